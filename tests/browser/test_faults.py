"""Issue 26, "A database fault looks like a crash": busy is retried by the queue by itself, a
read-only or full database shows the server's own line, and a phone that taps nothing while the
server is down shows that it is offline."""

from __future__ import annotations

import os
import re
import signal

from tests.browser.conftest import expect, shot
from tests.browser.test_interaction import open_game
from tests.browser.test_push import free_port, start_server, wait_mode

BUSY = "The table is busy: try again in a moment."
FULL = "The server's disk is full: nothing can be saved (the table can still be read)."


def sky(page):
    return page.locator("#zone-0").get_by_role("button", name=re.compile("^Add Sky for Player 1"))


def answered_once_then_sent(page, status: int, body: str, headers: dict) -> None:
    """Tap Sky once while the first /edit is answered `status`: the queue must keep the tap
    and send it again (the second reaches the server), with no "problem" toast."""
    answers = []

    def once(route):
        if not answers:
            answers.append(status)
            route.fulfill(status=status, body=body, headers=headers)
        else:
            answers.append(200)
            route.continue_()

    page.route("**/edit", once)
    sky(page).click()
    expect(sky(page)).to_have_accessible_name(re.compile(r"\(has 1\)"))
    expect(page.locator("html[data-taps='0']")).to_have_count(1)
    assert answers == [status, 200]
    toast = page.locator("#toast")
    assert toast.is_hidden() or "problem" not in (toast.text_content() or "")


def test_a_busy_answer_is_retried_by_the_queue(live_server, new_phone):
    page = new_phone()
    open_game(page, live_server, "Okoshki")
    answered_once_then_sent(page, 503, BUSY, {"Retry-After": "1", "Content-Type": "text/plain"})


def test_a_full_disk_shows_the_servers_line(live_server, new_phone):
    page = new_phone()
    open_game(page, live_server, "Okoshki")
    page.route("**/edit", lambda route: route.fulfill(
        status=507, body=FULL, headers={"Content-Type": "text/plain; charset=utf-8"}))
    sky(page).click()
    expect(page.locator("#toast")).to_have_text(FULL)
    expect(page.locator("body.offline")).to_have_count(0)
    shot(page, "fault-disk-full")


def test_an_idle_phone_shows_that_the_server_is_down(tmp_path, new_phone):
    # The server really goes away (kill -9): the phone's live stream breaks, its catch-up poll
    # gets no answer, and the page says it is offline without a tap; back when the server is.
    port = free_port()
    proc = start_server(tmp_path, port)
    try:
        page = new_phone()
        open_game(page, f"http://127.0.0.1:{port}", "Okoshki")
        wait_mode(page, "push")
        expect(page.locator("body.offline")).to_have_count(0)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        expect(page.locator("body.offline")).to_have_count(1)
        shot(page, "fault-offline-idle")
        proc = start_server(tmp_path, port)
        expect(page.locator("body.offline")).to_have_count(0, timeout=20000)
    finally:
        proc.kill()
        proc.wait(10)


def test_a_proxy_502_is_sent_again_not_dropped(live_server, new_phone):
    # Caddy answers 502 when the app never saw the tap (an idle connection to it closed under
    # the tap): the queue keeps the tap and sends it again, as when no answer came at all.
    page = new_phone()
    open_game(page, live_server, "Okoshki")
    answered_once_then_sent(page, 502, "", {"Server": "Caddy"})
