"""Issue 15: hostile API input, table codes and their guessing, database faults read clearly."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys

import pytest

from assistant import create_app
from assistant.store.schema import BUSY_TIMEOUT_S
from tests.conftest import Phone

API = ["/api/pisanki/score", "/api/okoshki/score", "/api/kitsune/score", "/api/liski/check"]


def one_line_error(resp):
    err = resp.get_json()["error"]
    assert isinstance(err, str) and "\n" not in err and len(err) <= 200
    return err


@pytest.mark.parametrize("url", API)
@pytest.mark.parametrize("body", ["[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000,
                                  "[" * 100_000, '{"zone": NaN}', '{"zone": Infinity}'])
def test_deep_or_odd_json_is_a_400_with_one_line(client, url, body):
    resp = client.post(url, data=body, content_type="application/json")
    assert resp.status_code == 400
    one_line_error(resp)


@pytest.mark.parametrize("extra", [{"fear": 1}, {"stack": True}, {"markers": 5}, {"fear": "x"}])
def test_liski_check_with_a_non_list_part_is_a_400(client, extra):
    resp = client.post("/api/liski/check", json={"cards": [{"total": 2}], **extra})
    assert resp.status_code == 400
    assert "must be a list" in one_line_error(resp)


def test_kitsune_score_refuses_two_players_of_one_name(client):
    body = {"players": [{"name": "Ala", "red": 1}, {"name": " ala ", "blue": 1}]}
    resp = client.post("/api/kitsune/score", json=body)
    assert resp.status_code == 400 and "two players are called" in one_line_error(resp)


def test_error_lines_cut_a_long_bad_value(client):
    resp = client.post("/api/liski/check", json={"cards": [{"total": "x" * 100_000}]})
    assert resp.status_code == 400 and len(resp.get_data()) < 400


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
@pytest.mark.parametrize("url", ["/", "/tables", "/t/ABCDEFGH/edit", "/api/okoshki/score"])
def test_other_methods_are_405(client, method, url):
    resp = getattr(client, method)(url)
    assert resp.status_code == 405 and resp.headers.get("Allow")


def run_cli(*args, stdin="", env=None):
    return subprocess.run([sys.executable, "-m", "assistant.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})})


@pytest.mark.parametrize("cmd, body", [
    (("check", "liski"), "[" * 1000 + "]" * 1000),
    (("check", "liski"), json.dumps({"cards": [{"total": 1}], "fear": 1})),
    (("check", "liski"), json.dumps({"cards": [{"total": 1}], "stack": True})),
    (("score", "kitsune"), '{"players": [{"name": "A"}, {"name": "A"}]}'),
    (("score", "okoshki"), '{"zone": {"sky": Infinity}}'),
])
def test_cli_bad_input_exits_2_with_one_line(cmd, body):
    out = run_cli(*cmd, "-", stdin=body)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: ") and out.stderr.strip().count("\n") == 0
    assert "Traceback" not in out.stderr


# -- codes and nonces ------------------------------------------------------------------------
@pytest.mark.parametrize("url", ["/t/AB%00CD/poll", "/t/AB%00CD", "/t/" + "A" * 300,
                                 "/t/%C2%B2%C2%B2/main"])
def test_malformed_codes_are_404(client, url):
    assert client.get(url).status_code == 404


def test_a_bad_nonce_is_a_clear_400(phone):
    code = phone.new_table("okoshki")
    for nonce in ("x" * 41, "ab\x00cd", "a b"):
        resp = phone.edit(code, "zone.add", player="0", kind="sky", nonce=nonce)
        assert resp.status_code == 400 and "nonce" in resp.get_data(as_text=True)


def test_code_guessing_is_limited_but_the_tables_own_phones_are_not(phone, app):
    code = phone.new_table("kitsune")
    for i in range(20):
        assert phone.client.get(f"/t/{'Z' * 7}{'ABCDEFGHJKMNPQRTWXY34'[i]}").status_code == 404
    resp = phone.client.get("/join", query_string={"code": "ZZZZ-ZZZZ"})
    assert resp.status_code == 429 and "Too many wrong table codes" in resp.get_data(as_text=True)
    # The table's own phones, even the one that guessed: right codes are never limited.
    for p in (phone, Phone(app.test_client())):
        for _ in range(30):
            assert p.client.get(f"/t/{code}/poll").status_code == 200
        p.get(f"/t/{code}")
        assert p.edit(code, "players.add", name=f"P{id(p) % 1000}").status_code == 200
    assert phone.client.get("/join", query_string={"code": code.lower()}).status_code == 302
    # Another client (another address) may still mistype.
    other = app.test_client()
    resp = other.get("/t/ZZZZZZZZ", environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert resp.status_code == 404


# -- database faults -------------------------------------------------------------------------
def make_table(app):
    p = Phone(app.test_client())
    return p, p.new_table("okoshki")


def test_a_locked_database_says_busy_within_5_seconds(app, db_url):
    # Within 5 s by the busy timeout SQLite is given (a wall-clock bound here would measure the
    # machine's load, not the product): the answer itself is a 503 that says busy.
    assert BUSY_TIMEOUT_S < 5
    phone, code = make_table(app)
    lock = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    lock.execute("BEGIN EXCLUSIVE")
    try:
        resp = phone.edit(code, "zone.add", player="0", kind="sky")
        health = phone.client.get("/healthz")
    finally:
        lock.rollback()
        lock.close()
    assert resp.status_code == 503
    assert resp.get_data(as_text=True) == "The table is busy: try again in a moment."
    assert resp.headers["Retry-After"] == "1"
    assert health.status_code == 503 and health.get_json()["ok"] is False
    assert phone.edit(code, "zone.add", player="0", kind="sky").status_code == 200


def test_a_read_only_database_shows_in_healthz_and_edits(app, db_url, tmp_path):
    _phone, code = make_table(app)
    assert app.test_client().get("/healthz").get_json() == {"ok": True}
    path = db_url.removeprefix("sqlite:///")
    ro = create_app({"SECRET_KEY": "test", "DATABASE_URL": f"sqlite:///file:{path}?mode=ro&uri=true",
                     "TESTING": True, "DECK_FOLDER": str(tmp_path / "deck")})
    try:
        client = ro.test_client()
        health = client.get("/healthz")
        assert health.status_code == 503
        assert health.get_json() == {"ok": False, "error": "The database is read-only: nothing "
                                     "can be saved (check the file's permissions)."}
        phone = Phone(client)
        assert phone.get(f"/t/{code}").status_code == 200  # reading still works
        resp = phone.edit(code, "zone.add", player="0", kind="sky")
        assert resp.status_code == 503
        assert resp.get_data(as_text=True).startswith("The database is read-only")
    finally:
        ro.extensions["store"].dispose()


def test_an_unreachable_database_shows_in_healthz(app):
    app.extensions["store"].engine.dispose()
    app.extensions["store"].engine.url = app.extensions["store"].engine.url.set(
        database="/nonexistent/folder/x.db")
    from sqlalchemy import create_engine

    app.extensions["store"].engine = create_engine("sqlite:////nonexistent/folder/x.db")
    health = app.test_client().get("/healthz")
    assert health.status_code == 503
    assert health.get_json()["error"].startswith("The database cannot be reached")


def test_an_empty_secret_key_is_made_again(tmp_path, monkeypatch):
    from assistant.config import secret_key

    monkeypatch.delenv("SECRET_KEY", raising=False)
    (tmp_path / "secret_key").write_text("  \n")
    key = secret_key(tmp_path)
    assert len(key) == 64 and (tmp_path / "secret_key").read_text() == key
    assert secret_key(tmp_path) == key


def test_serve_with_an_instance_folder_it_cannot_write_says_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    out = run_cli("serve", "--port", "0",
                  env={"ASSISTANT_INSTANCE": str(blocker / "instance"), "SECRET_KEY": ""})
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: cannot write to the instance folder")
    assert out.stderr.strip().count("\n") == 0


def test_serve_on_a_port_in_use_says_one_line_before_any_qr_code(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = run_cli("serve", "--host", "127.0.0.1", "--port", str(port),
                      env={"ASSISTANT_INSTANCE": str(tmp_path / "instance")})
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}")
    assert out.stderr.strip().count("\n") == 0


def test_healthz_really_writes(app, db_url):
    """Issue 26: the health write reaches the database file (a write that changes nothing, or
    one rolled back, would not notice a full disk)."""
    make_table(app)
    other = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    try:
        before = other.execute("PRAGMA data_version").fetchone()[0]
        assert app.test_client().get("/healthz").get_json() == {"ok": True}
        assert other.execute("PRAGMA data_version").fetchone()[0] != before
        assert other.execute("SELECT count(*) FROM tables WHERE code = '~health'").fetchone()[0] == 0
    finally:
        other.close()


def test_a_full_disk_says_so_in_healthz_and_edits(app):
    """Issue 26: a full disk is not "cannot be reached": reads work, writes say the disk is full."""
    from sqlalchemy import event

    phone, code = make_table(app)
    engine = app.extensions["store"].engine

    def full(_conn, _cursor, statement, *_args):
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise sqlite3.OperationalError("database or disk is full")

    event.listen(engine, "before_cursor_execute", full)
    try:
        health = app.test_client().get("/healthz")
        assert health.status_code == 503
        assert health.get_json()["error"].startswith("The server's disk is full")
        assert phone.get(f"/t/{code}").status_code == 200  # reading still works
        resp = phone.edit(code, "zone.add", player="0", kind="sky")
    finally:
        event.remove(engine, "before_cursor_execute", full)
    assert resp.status_code == 507
    assert resp.get_data(as_text=True).startswith("The server's disk is full")
