"""Issue #12 points 1-2: the screen stays awake on an insecure LAN address (no Wake Lock API
there), the countdown bar stays in view, and the table view."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import FLAGS, PHONE, expect, landed, shot


@pytest.fixture
def lan_browser(browser, chromium_path):
    """Chromium that reaches the test server as http://table.lan: not a secure context."""
    b = browser.browser_type.launch(
        executable_path=chromium_path, headless=True,
        args=[*FLAGS, "--host-resolver-rules=MAP table.lan 127.0.0.1"])
    yield b
    b.close()


def lan_phone(browser):
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                              has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(8000)
    return page


PLAYING = """() => { const v = document.querySelector('video.nosleep');
                     return !!v && !v.paused && v.currentTime > 0 && v.readyState >= 2; }"""


def test_start_on_an_insecure_lan_origin_plays_the_awake_video(live_server, lan_browser):
    url = live_server.replace("127.0.0.1", "table.lan")
    a = lan_phone(lan_browser)
    a.goto(url + "/")
    a.get_by_role("button", name=re.compile("Liski")).click()
    a.wait_for_function("() => !!window.liskiAwake")
    assert re.match(r"http://table\.lan:\d+/t/\w+", a.url)
    assert a.evaluate("window.isSecureContext") is False
    assert a.evaluate("typeof navigator.wakeLock") == "undefined"
    assert a.evaluate("window.liskiAwake.method") == "video"

    landed(a, lambda: a.get_by_role("button", name="▶ Start").click())
    a.wait_for_function(PLAYING)
    expect(a.locator("#lbar .keep-on")).to_be_hidden()
    a.get_by_role("button", name="Sound check").click()
    expect(a.locator("#capabilities")).to_contain_text("kept awake by a silent video")
    expect(a.locator("#capabilities")).to_have_attribute("data-awake", "video")
    shot(a, "liski-awake-insecure")

    # Another phone joins mid-phase: one tap on "Keep this screen on" starts its video.
    b = lan_phone(lan_browser)
    b.goto(a.url)
    b.wait_for_function("() => !!window.liskiAwake")
    keep = b.get_by_role("button", name="Keep this screen on")
    expect(keep).to_be_visible()
    assert b.evaluate("!document.querySelector('video.nosleep')")
    keep.click()
    b.wait_for_function(PLAYING)
    expect(keep).to_be_hidden()


def test_countdown_bar_stays_in_view_and_table_view_pauses_only_on_a_second_tap(
        live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Liski")).click()
    expect(page.locator("#lbar")).to_be_hidden()
    landed(page, lambda: page.get_by_role("button", name="▶ Start").click())
    bar = page.locator("#lbar")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(bar).to_be_in_viewport()
    box = bar.bounding_box()
    assert box["y"] <= 1 and box["height"] <= 64, box
    expect(bar.locator(".lbar-time")).to_have_text(re.compile(r"^[12]:\d\d$"))
    expect(bar.locator(".lbar-phase")).to_have_text("Ojojanie")
    shot(page, "liski-bar-scrolled")

    page.get_by_role("button", name="Table view").first.click()
    view = page.locator("#tableview")
    expect(view).to_be_visible()
    expect(view.locator(".tv-time")).to_have_text(re.compile(r"^[12]:\d\d$"))
    pause = view.locator(".tv-pause")
    pause.click()
    expect(pause).to_have_text("Tap again to pause")
    assert page.locator("#timer").get_attribute("data-status") == "running"
    shot(page, "liski-table-view")
    pause.click()
    expect(page.locator("#timer")).to_have_attribute("data-status", "paused")
    expect(view.locator(".tv-phase")).to_contain_text("paused")
    # Landscape: the big digits fit the screen.
    page.set_viewport_size({"width": 844, "height": 390})
    digits = view.locator(".tv-time").bounding_box()
    assert digits["x"] >= 0 and digits["x"] + digits["width"] <= 844
    assert digits["y"] >= 0 and digits["y"] + digits["height"] <= 390
    shot(page, "liski-table-view-landscape")
    view.get_by_role("button", name="Close the table view").click()
    expect(view).to_be_hidden()
