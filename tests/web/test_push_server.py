"""The held streams of assistant/asgi.py over real sockets: capped, answered, never in the way."""

from __future__ import annotations

import http.client
import json
import time

import pytest

from assistant import create_app
from tests.browser.conftest import serve


@pytest.fixture
def server(tmp_path):
    app = create_app({"SECRET_KEY": "held", "DATABASE_URL": f"sqlite:///{tmp_path / 'h.db'}",
                      "DECK_FOLDER": str(tmp_path / "deck")})
    for url, push in serve(app, max_held=3, threads=2):
        yield int(url.rsplit(":", 1)[1]), push, app.extensions["store"]


def open_stream(port: int, code: str) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", f"/t/{code}/events")
    return conn, conn.getresponse()


def next_event(resp: http.client.HTTPResponse) -> tuple[str, dict]:
    """The next named event of a stream: its name and its data."""
    name, data = "", ""
    while True:
        line = resp.fp.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data = line[6:]
        elif line == "" and name:
            return name, json.loads(data)


def test_held_streams_are_capped_and_each_hears_every_edit(server):
    port, push, store = server
    code = store.create_table("kitsune").code
    streams = [open_stream(port, code) for _ in range(3)]
    for _conn, resp in streams:
        assert resp.status == 200 and resp.getheader("Content-Type") == "text/event-stream"
        assert next_event(resp) == ("version", {"version": 0, "server_ms": pytest.approx(
            time.time() * 1000, abs=5000)})
    assert push.held == 3
    # The fourth is refused at once (the phone polls), and a page is still answered.
    conn, resp = open_stream(port, code)
    assert resp.status == 503 and resp.getheader("Retry-After") == "30"
    conn.close()
    page = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    t0 = time.perf_counter()
    page.request("GET", f"/t/{code}/poll")
    assert page.getresponse().status == 200
    page.close()
    print(f"\npoll answered in {(time.perf_counter() - t0) * 1000:.1f} ms with 3 streams held")
    t0 = time.perf_counter()
    store.append(code, "players.add", {"name": "Ala", "age": 9}, base=0)
    for _conn, resp in streams:
        name, data = next_event(resp)
        assert (name, data["version"]) == ("version", 1)
    print(f"an edit reached 3 streams in {(time.perf_counter() - t0) * 1000:.1f} ms")
    for conn, _resp in streams:
        conn.close()
    deadline = time.monotonic() + 5
    while push.held and time.monotonic() < deadline:
        time.sleep(0.02)
    assert push.held == 0  # phones that left freed their streams


def test_a_stream_for_no_table_is_a_404_and_the_clock_answers(server):
    port, _push, _store = server
    conn, resp = open_stream(port, "NOSUCH99")
    assert resp.status == 404
    conn.close()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/clock")
    body = json.loads(conn.getresponse().read())
    conn.close()
    assert abs(body["server_ms"] - time.time() * 1000) < 5000


def test_a_poll_of_an_unchanged_table_is_answered_without_a_thread(server):
    port, push, store = server
    t = store.create_table("kitsune")
    store.append(t.code, "players.add", {"name": "Ala"}, base=0)  # announced: version 1
    push.wsgi = None  # any request that reached Flask now fails: the loop must answer alone
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", f"/t/{t.code}/poll", headers={"If-None-Match": '"v1"'})
    resp = conn.getresponse()
    resp.read()
    assert resp.status == 304 and resp.getheader("ETag") == '"v1"'
    assert int(resp.getheader("X-Server-Ms")) == pytest.approx(time.time() * 1000, abs=5000)
    conn.close()


def test_a_request_after_an_upload_on_the_same_connection_is_its_own(server):
    """A photo upload bigger than uvicorn's read buffer once left its Flask context current
    for every later request on that keep-alive connection (see asgi.own_context): a phone that
    sent a photo in Polish and switched to English kept getting Polish pages (behind a proxy,
    every phone sharing that connection would)."""
    port, _push, _store = server
    photo = b"\xff\xd8" + bytes(range(256)) * 800  # 200 KB: more than uvicorn buffers at once
    body = (b'--XX\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n'
            b"Content-Type: image/jpeg\r\n\r\n" + photo + b"\r\n--XX--\r\n")
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", "/", headers={"Cookie": "lang=pl"})  # a phone's connection, kept open
        assert '<html lang="pl"' in conn.getresponse().read().decode()
        conn.request("POST", "/api/pisanki/recognize", body=body, headers={
            "Content-Type": "multipart/form-data; boundary=XX", "Cookie": "lang=pl",
            "X-Assistant-Page": "1"})
        resp = conn.getresponse()
        assert resp.status == 400 and "zdjęciem" in json.loads(resp.read())["error"]
        for lang in ("en", "pl", "en"):
            conn.request("GET", "/", headers={"Cookie": f"lang={lang}"})
            resp = conn.getresponse()
            assert f'<html lang="{lang}"' in resp.read().decode()
    finally:
        conn.close()
