"""A live server in a thread and Debian's Chromium driven by Playwright (no download)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from assistant import create_app

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


# Werkzeug's development server leaves a static file open when the browser drops the
# connection (a navigation while scripts load): it drains the dropped socket before closing
# the response, that read raises, and the open file was reported in a later test's teardown
# as an error (2 of 10 full runs). Production serves with waitress; this is the tests' harness.
def closing(app):
    """Read each answer whole and close it before the test server writes it."""
    def serve(environ, start_response):
        answer = app(environ, start_response)
        try:
            return [b"".join(answer)]
        finally:
            if hasattr(answer, "close"):
                answer.close()

    return serve


@pytest.fixture
def live_server(tmp_path):
    app = create_app({"SECRET_KEY": "browser", "DATABASE_URL": f"sqlite:///{tmp_path / 'b.db'}",
                      "POLL_MS": 300, "DECK_FOLDER": str(tmp_path / "deck")})
    server = make_server("127.0.0.1", 0, closing(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
    app.extensions["store"].dispose()


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


def landed(page, fn) -> None:
    """Do something that makes one edit, and wait until the fresh table is swapped in and
    settled: no tap is waiting and no button that changed meaning under the finger is still
    ignoring taps (.just-changed, for 0.6 s), as a person's next tap would come later."""
    from playwright.sync_api import expect

    before = page.locator("#table-main").get_attribute("data-version")
    fn()
    expect(page.locator("#table-main")).not_to_have_attribute("data-version", before)
    expect(page.locator("#taps-waiting:not([hidden]), .just-changed")).to_have_count(0)
