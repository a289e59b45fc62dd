"""`assistant serve --deck DIR`: a table's server recognises with a registered deck folder."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid

import pytest

from assistant.vision import pisanki as vp
from assistant.vision import register, synth
from tests.browser.test_deck_register import first_table_photo
from tests.web.test_guard import run_cli


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def recognise(url: str, photo: bytes) -> dict:
    """POST /api/pisanki/recognize with a 4×6 table photo."""
    b = uuid.uuid4().hex
    body = (f'--{b}\r\nContent-Disposition: form-data; name="photo"; filename="t.jpg"\r\n'
            f"Content-Type: image/jpeg\r\n\r\n".encode() + photo + f"\r\n--{b}--\r\n".encode())
    req = urllib.request.Request(url + "/api/pisanki/recognize", data=body, method="POST",
                                 headers={"Content-Type": f"multipart/form-data; boundary={b}"})
    with urllib.request.urlopen(req, timeout=120) as resp:
        return json.loads(resp.read())


def right(grid: list[list], truth: list[list]) -> int:
    """Cells read as the truth has them (the answer's cards against card_json)."""
    return sum(g["card"] == synth.card_json(t) for grow, trow in zip(grid, truth, strict=True)
               for g, t in zip(grow, trow, strict=True))


def test_serve_recognises_with_the_deck_folder_it_is_given(tmp_path, shared):
    folder = tmp_path / "my-deck"
    # One photo (drawing one costs seconds; test_deck_follow learns the same one): learned
    # into the folder, then read by the server. It shows the server reads with the folder's
    # cards; reading fresh photos after learning is benchmarks/recognition2.py's part.
    fresh, grid = first_table_photo(shared)
    register.learn_pisanki(fresh, [[synth.card_json(c) for c in row] for row in grid], folder)
    register.use_folder(None)
    drawn = vp.recognise(fresh, 4, 6)
    drawn_right = sum(synth.card_json(g.card) == synth.card_json(t)
                      for grow, trow in zip(drawn.grid, grid, strict=True)
                      for g, t in zip(grow, trow, strict=True))

    port = free_port()
    # The instance folder is the usual one: its vision-cache holds the drawn deck's references
    # (a fresh folder would build them again, seconds of CPU); nothing else is written there.
    env = {**os.environ, "SECRET_KEY": "deck"}
    proc = subprocess.Popen([sys.executable, "-m", "assistant.cli", "serve", "--host",
                             "127.0.0.1", "--port", str(port), "--db",
                             f"sqlite:///{tmp_path / 's.db'}", "--deck", str(folder)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline(), proc.stdout.readline()]
        assert lines[1].strip() == (f"Deck: {folder} (0 Okoshki cards registered, "
                                    "24 Pisanki cards learned)"), lines
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        url = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(url + "/deck/", timeout=30) as resp:
            assert "24 photographed cards</strong> learned" in resp.read().decode()
        served = recognise(url, fresh)
    finally:
        proc.kill()
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()
    got = right(served["grid"], grid)
    print(f"\nserve --deck: {got}/24 cells right (the drawn deck: {drawn_right}/24)")
    # the drawn deck reads few of deck 2's cards; the learned folder reads them
    assert got >= 22 and got > drawn_right + 10, (got, drawn_right)


def test_serve_deck_that_is_a_file_says_one_line(tmp_path):
    blocker = tmp_path / "deck.png"
    blocker.write_bytes(b"x")
    out = run_cli("serve", "--port", "0", "--deck", str(blocker),
                  env={"ASSISTANT_INSTANCE": str(tmp_path / "inst"), "SECRET_KEY": "deck"})
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == f"error: --deck {blocker}: not a folder (name the folder of a " \
                         "registered deck)\n"


def test_serve_deck_help_names_it():
    out = run_cli("serve", "--help")
    assert out.returncode == 0 and "--deck DIR" in out.stdout


def test_the_default_deck_folder_is_in_the_instance_folder(tmp_path, monkeypatch):
    """ASSISTANT_INSTANCE moves the database and the secret; the registered deck goes with
    them (it stayed in the checkout's instance/, shared by every instance)."""
    from assistant import cli, create_app

    monkeypatch.setenv("ASSISTANT_INSTANCE", str(tmp_path / "inst"))
    app = create_app({"SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.db'}"})
    assert app.config["DECK_FOLDER"] == str(tmp_path / "inst" / "deck")
    assert cli.use_deck(None) == tmp_path / "inst" / "deck"
