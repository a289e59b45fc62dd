"""A live server in a thread and Debian's Chromium driven by Playwright (no download)."""

from __future__ import annotations

import functools
import inspect
import os
import threading
import time
from pathlib import Path

import pytest

from assistant import asgi, create_app
from assistant.vision import register

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def chromium_path():
    if not os.path.exists(CHROMIUM):
        # `make test` installs it (or says how); a missing browser is a failure, never a skip.
        pytest.fail(f"{CHROMIUM} is missing: run `make test` (it installs Debian's chromium)")
    return CHROMIUM


def serve(app, **push):
    """Serve `app` the way `assistant serve` does (assistant/asgi.py on uvicorn) in a thread;
    yield its URL and the ASGI app, stop it after."""
    push_app = asgi.Push(app, **push)
    sock = asgi.listen("127.0.0.1", 0)
    server = asgi.server(push_app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", push_app
    finally:
        server.should_exit = True
        # uvicorn stops once the requests in flight are answered: wait for them (a photo read or
        # a deck learned takes tens of seconds on a busy machine), so none outlives its test
        thread.join(timeout=120)
        sock.close()
        app.extensions["store"].dispose()


@pytest.fixture(autouse=True)
def drawn_deck():
    """Each browser test starts from the drawn deck and leaves it so. The registered deck is
    the process's (one app a process when served): a test whose server learned cards (ticked
    "Also learn my cards") made the next test of its worker read photos with them, in an order
    pytest-randomly draws now and then."""
    register.use_folder(None)
    yield
    register.use_folder(None)


@pytest.fixture
def live_server(tmp_path):
    app = create_app({"SECRET_KEY": "browser", "DATABASE_URL": f"sqlite:///{tmp_path / 'b.db'}",
                      "POLL_MS": 300, "DECK_FOLDER": str(tmp_path / "deck")})
    for url, _push in serve(app):
        yield url


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path, args=FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def new_phone(browser):
    """Make a phone-sized browser context (each is a separate phone with its own cookies)."""
    contexts = []

    def make():
        ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(8000)
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def shot(page, name: str) -> Path:
    """Save a 390x844 screenshot under screenshots/ for a person to look at."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


# What `landed` waits for, checked in the page every POLL_MS: Playwright's `expect` checks again
# after 0, 20, 50, 100 and 100 ms and then only every 500 ms, so a swap that came 300 ms after
# the tap was seen at about 770 ms (a third of a browser test's time went to such waits).
POLL_MS = 20
NEW_VERSION = """(before) => { const main = document.getElementById('table-main');
  return !!main && main.getAttribute('data-version') !== before; }"""
SETTLED = """() => document.querySelectorAll('html[data-interact=ready]').length === 1 &&
  !document.querySelector('#taps-waiting:not([hidden]), .just-changed')"""
STATE = """() => { const main = document.getElementById('table-main');
  return {version: main && main.getAttribute('data-version'),
          ready: !!document.querySelector('html[data-interact=ready]'),
          waiting: !!document.querySelector('#taps-waiting:not([hidden])'),
          changed: [...document.querySelectorAll('.just-changed')].map(e => e.textContent.trim())}; }"""


def soon(page, predicate: str, arg=None, what: str = "", timeout: float | None = None) -> None:
    """Wait until the page's `predicate(arg)` holds, checked every POLL_MS (across a new page
    load too); fail naming `what` and the page's state when it does not hold in `timeout` ms
    (the page's default timeout unless given)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(predicate, arg=arg, polling=POLL_MS, timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f"{what}: the page is {page.evaluate(STATE)}") from None


def version(page) -> str | None:
    """The table version the page shows (#table-main's data-version)."""
    return page.locator("#table-main").get_attribute("data-version")


def new_version(page, before: str | None, timeout: float | None = None) -> None:
    """Wait until the page shows a table version other than `before` (a swap came)."""
    soon(page, NEW_VERSION, before, f"the table stayed at version {before}", timeout)


def landed(page, fn) -> None:
    """Do something that makes one edit, and wait until the fresh table is swapped in and
    settled: no tap is waiting and no button that changed meaning under the finger is still
    ignoring taps (.just-changed, for 0.6 s), as a person's next tap would come later."""
    before = version(page)
    fn()
    new_version(page, before)
    # A tap made before the page's scripts ran is a plain form post: the fresh table then
    # comes as a new page, whose scripts must run before the next tap means anything (a
    # "choose…" button tapped too soon did nothing, 1 run in 10 under load).
    page.wait_for_load_state("domcontentloaded")
    soon(page, SETTLED, None, "the page never settled after the edit")


# Playwright's `expect` checks again after 0, 20, 50, 100 and 100 ms and then only every 500 ms,
# but it drops the steps longer than a fifth of its timeout (retryWithProgressAndBackoff in
# Playwright's server): given at most 2.5 s it checks every 100 ms. Python's `expect` has no
# setting for the interval (only `timeout`), so `expect` here asks Playwright's own question in
# slices of SLICE_MS until the whole timeout (Playwright's 5 s unless given) has run out: the
# same assertion for as long, seen up to 400 ms sooner (a text changed 1 s in was seen at
# 1.34 s by Playwright's own, 1.07 s by this one: medians of 5, on a loaded 2-core machine).
SLICE_MS = 2000
EXPECT_MS = 5000


class Sliced:
    """Playwright's assertions on one page, locator or response, each checked in slices."""

    def __init__(self, assertions):
        self._assertions = assertions

    def __getattr__(self, name):
        check = getattr(self._assertions, name)
        if not callable(check) or "timeout" not in inspect.signature(check).parameters:
            return check

        @functools.wraps(check)
        def sliced(*args, timeout: float | None = None, **kwargs):
            __tracebackhide__ = True  # a failure shows the test's line
            if timeout == 0:  # Playwright's "no time limit": nothing to slice
                return check(*args, timeout=0, **kwargs)
            total = EXPECT_MS if timeout is None else timeout
            end = time.monotonic() + total / 1000
            while True:
                left = (end - time.monotonic()) * 1000
                try:
                    return check(*args, timeout=max(1.0, min(SLICE_MS, left)), **kwargs)
                except AssertionError as e:
                    if time.monotonic() >= end:
                        e.add_note(f"(checked in slices of {SLICE_MS} ms for {total:.0f} ms)")
                        raise

        return sliced


def expect(actual, message: str | None = None) -> Sliced:
    """Playwright's `expect(actual, message)`, checked every 100 ms instead of every 500 ms."""
    from playwright.sync_api import expect as playwright_expect

    return Sliced(playwright_expect(actual, message))
