"""Two phones on one table in real Chromium: create, join, edit, see it live, undo."""

from __future__ import annotations

import re

from tests.browser.conftest import expect, shot


def test_home_page_shows_the_games(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/")
    for title in ("Liski: Ojojanie", "Pisanki", "Okoshki", "Kitsune"):
        expect(page.get_by_role("button", name=re.compile(title))).to_be_visible()
    shot(page, "home")


def test_two_phones_share_a_table_and_undo(live_server, new_phone):
    errors: list[str] = []
    a = new_phone()
    a.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    a.goto(live_server + "/")
    a.get_by_role("button", name=re.compile("Kitsune")).click()
    expect(a).to_have_url(re.compile(r"/t/[A-Z0-9]{8}$"))
    join_url = a.url

    # The join panel shows the QR code and the code.
    a.get_by_text("Join").first.click()
    expect(a.locator("svg.qr")).to_be_visible()
    shot(a, "table-join")
    a.get_by_text("Join").first.click()

    b = new_phone()
    b.goto(join_url)
    expect(b.locator("#table-main")).to_be_visible()

    # An edit on phone A appears on phone B without a reload.
    a.get_by_label("New player's name").fill("Ala")
    a.get_by_role("button", name="Add").click()
    expect(a.get_by_label("Name of player 1")).to_have_value("Ala")
    expect(b.get_by_label("Name of player 1")).to_have_value("Ala", timeout=4000)
    shot(b, "table-after-edit")

    # Phone B made no edit: its Undo has nothing to take back. B undoes A's line from the
    # history instead, after saying yes to "This was another phone's edit".
    expect(b.get_by_role("button", name="↶ Undo")).to_be_disabled()
    b.once("dialog", lambda d: d.accept())
    b.locator("#history-lines li", has_text="added player Ala").get_by_role("button", name="Undo this line").click()
    expect(b.get_by_text("No players yet.")).to_be_visible()
    expect(a.get_by_text("No players yet.")).to_be_visible(timeout=4000)
    expect(a.get_by_text("undid: added player Ala")).to_be_visible()
    assert not [e for e in errors if "Content Security Policy" in e], errors


def test_join_by_typing_the_code(live_server, new_phone):
    a = new_phone()
    a.goto(live_server + "/")
    a.get_by_role("button", name=re.compile("Pisanki")).click()
    code = a.url.rsplit("/", 1)[-1]
    b = new_phone()
    b.goto(live_server + "/")
    b.get_by_label("Table code").fill(code[:4].lower() + "-" + code[4:].lower())
    b.get_by_role("button", name="Join").click()
    expect(b).to_have_url(re.compile(code))


def test_every_game_page_runs_its_scripts_without_errors(live_server, new_phone):
    for game in ("Liski", "Pisanki", "Okoshki", "Kitsune"):
        page = new_phone()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        page.on("console", lambda m, errors=errors: errors.append(m.text) if m.type == "error" else None)
        page.goto(live_server + "/")
        page.get_by_role("button", name=re.compile(game)).click()
        expect(page.locator("#table-main")).to_be_visible()
        page.wait_for_timeout(700)
        assert errors == [], f"{game}: {errors}"
    page.goto(live_server + "/deck/")
    expect(page.get_by_role("heading", name="Register your deck")).to_be_visible()
    shot(page, "deck")
