"""Live push (assistant/asgi.py, static/js/live.js): an edit reaches the other phone by push;
the poll takes over when push is full; a sleeping, offline or restarted page catches up."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from assistant import create_app
from tests.browser.conftest import EXPECT_MS, expect, new_version, serve
from tests.browser.test_interaction import add_players, open_game


def make_app(tmp_path):
    return create_app({"SECRET_KEY": "push", "DATABASE_URL": f"sqlite:///{tmp_path / 'p.db'}",
                       "DECK_FOLDER": str(tmp_path / "deck")})


@pytest.fixture
def pushed(tmp_path):
    """A server with push (at most 4 streams held), and its ASGI app."""
    yield from serve(make_app(tmp_path), max_held=4)


@pytest.fixture
def full(tmp_path):
    """A server whose push is full from the start (no stream may be held)."""
    yield from serve(make_app(tmp_path), max_held=0)


def two_phones(url, new_phone):
    """Phone A opens a Kitsune table, phone B the same; both live."""
    a = new_phone()
    open_game(a, url, "Kitsune")
    b = new_phone()
    b.goto(a.url)
    expect(b.locator("#table-main")).to_be_visible()
    return a, b


def wait_mode(page, mode: str, seconds: float = 8) -> None:
    """Wait until the page's live.js is in `mode` (read from outside: the CSP forbids eval)."""
    deadline = time.monotonic() + seconds
    while page.evaluate("window.tableLive.mode") != mode:
        assert time.monotonic() < deadline, f"live.js never reached {mode}"
        page.wait_for_timeout(50)


def shown_after(b, fn) -> float:
    """Do fn (an edit on another phone); ms until phone B shows the new version."""
    before = b.locator("#table-main").get_attribute("data-version")
    t0 = time.perf_counter()
    fn()
    new_version(b, before, timeout=EXPECT_MS)
    return (time.perf_counter() - t0) * 1000


def test_an_edit_on_one_phone_appears_on_the_other_by_push(pushed, new_phone):
    url, app = pushed
    a, b = two_phones(url, new_phone)
    for page in (a, b):
        wait_mode(page, "push")
    assert app.held == 2
    took = [shown_after(b, lambda i=i: add_players(a, f"Gracz {i}")) for i in range(3)]
    expect(b.locator("#table-main")).to_contain_text("Gracz 2")
    assert b.evaluate("window.tableLive.polls") <= 1  # push did it, not the poll
    print(f"\npush: tap on A -> shown on B in {', '.join(f'{t:.0f}' for t in took)} ms")
    a.close()  # a phone that leaves frees its stream
    deadline = time.monotonic() + 5
    while app.held != 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert app.held == 1


def test_beyond_the_cap_a_phone_polls_once_a_second(full, new_phone):
    url, app = full
    a, b = two_phones(url, new_phone)
    wait_mode(b, "poll")
    took = shown_after(b, lambda: add_players(a, "Ola"))
    expect(b.locator("#table-main")).to_contain_text("Ola")
    assert app.held == 0 and app.refused >= 2
    print(f"\npoll fallback: shown on B after {took:.0f} ms")


@pytest.fixture
def short_lived(tmp_path):
    """A server whose streams end after 2 s (a worker restart or a stream's lifetime, often)."""
    app = make_app(tmp_path)
    app.config.update(PUSH_LIFETIME_S=2.0, PUSH_HEARTBEAT_S=0.25)
    yield from serve(app)


def test_a_stream_that_ends_is_reopened_at_once_and_misses_nothing(short_lived, new_phone):
    url, _app = short_lived
    a, b = two_phones(url, new_phone)
    wait_mode(b, "push")
    pauses = []
    for i in range(3):  # three streams end in turn; each is reopened without the backoff
        opened = b.evaluate("window.tableLive.reconnects")
        deadline = time.monotonic() + 10
        while b.evaluate("window.tableLive.reconnects") == opened:
            assert time.monotonic() < deadline, "the stream was never reopened"
            b.wait_for_timeout(20)
        pauses.append(b.evaluate("window.tableLive.pause"))
        add_players(a, f"Gracz {i}")
        expect(b.locator("#table-main")).to_contain_text(f"Gracz {i}")
        wait_mode(b, "push")
    print(f"\nstreams ended and reopened after {', '.join(f'{p:.0f}' for p in pauses)} ms")
    assert all(p < 300 for p in pauses), pauses  # live.js waited 1-1.5 s here before


def set_visible(page, visible: bool) -> None:
    page.evaluate("""(v) => {
        Object.defineProperty(document, 'visibilityState', {value: v ? 'visible' : 'hidden', configurable: true});
        Object.defineProperty(document, 'hidden', {value: !v, configurable: true});
        document.dispatchEvent(new Event('visibilitychange')); }""", visible)


def test_a_sleeping_page_holds_nothing_and_catches_up_on_waking(pushed, new_phone):
    url, app = pushed
    a, b = two_phones(url, new_phone)
    wait_mode(b, "push")
    set_visible(b, False)
    deadline = time.monotonic() + 5
    while app.held != 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert app.held == 1  # only A's stream
    add_players(a, "Basia")
    b.wait_for_timeout(300)
    expect(b.locator("#table-main")).not_to_contain_text("Basia")  # asleep: nothing moves
    t0 = time.perf_counter()
    set_visible(b, True)
    expect(b.locator("#table-main")).to_contain_text("Basia")
    print(f"\nwoken page caught up in {(time.perf_counter() - t0) * 1000:.0f} ms")
    wait_mode(b, "push")


def test_an_offline_page_catches_up_when_back_online(pushed, new_phone):
    _url, _app = pushed
    a, b = two_phones(_url, new_phone)
    wait_mode(b, "push")
    b.context.set_offline(True)
    add_players(a, "Celina")
    t0 = time.perf_counter()
    b.context.set_offline(False)
    expect(b.locator("#table-main")).to_contain_text("Celina")
    print(f"\nback online: caught up in {(time.perf_counter() - t0) * 1000:.0f} ms")
    wait_mode(b, "push")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(tmp_path, port: int) -> subprocess.Popen:
    env = {**os.environ, "SECRET_KEY": "restart", "ASSISTANT_INSTANCE": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "assistant.cli", "serve", "--host", "127.0.0.1",
                             "--port", str(port), "--db", f"sqlite:///{tmp_path / 'r.db'}"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def test_a_page_reconnects_after_the_server_is_killed_and_restarted(tmp_path, new_phone):
    port = free_port()
    proc = start_server(tmp_path, port)
    try:
        a, b = two_phones(f"http://127.0.0.1:{port}", new_phone)
        wait_mode(b, "push")
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        wait_mode(b, "poll")  # the stream broke: polling
        # the reopen at once found no server: later tries wait, longer each time
        deadline = time.monotonic() + 10
        while b.evaluate("window.tableLive.pause") < 1000:
            assert time.monotonic() < deadline, "live.js kept trying a dead server at once"
            b.wait_for_timeout(50)
        proc = start_server(tmp_path, port)
        t0 = time.perf_counter()
        add_players(a, "Dorota")
        expect(b.locator("#table-main")).to_contain_text("Dorota")
        print(f"\nafter kill -9 and restart: shown on B in {(time.perf_counter() - t0) * 1000:.0f} ms")
        wait_mode(b, "push", 20)
    finally:
        proc.kill()
        proc.wait(10)
