"""Kitsune on a phone: a bust, a Renewal swap with blocked cards, the second run-out."""

from __future__ import annotations

import re

from tests.browser.conftest import expect, landed, shot


def click(page, name, scope=None):
    """Tap a button and wait for the edit to land."""
    landed(page, (scope or page).get_by_role("button", name=name).first.click)


def test_a_kitsune_game(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Kitsune")).click()
    for name, age in (("Ala", "9"), ("Bo", "11")):
        page.get_by_label("New player's name").fill(name)
        page.get_by_label("New player's age").fill(age)
        click(page, "Add")
    expect(page.get_by_text("Ala's turn")).to_be_visible()

    # Ala reveals red, then red again: bust.
    turn = page.locator("#turn")
    click(page, re.compile("^Red$"), turn)
    expect(page.get_by_text("Next card busts:")).to_be_visible()
    click(page, re.compile("^Red$"), page.locator("#turn"))
    expect(page.get_by_text("Busted: Red repeats a colour.")).to_be_visible()
    shot(page, "kitsune-bust")
    click(page, "Discard all · next player")
    expect(page.get_by_text("Bo's turn")).to_be_visible()

    # Set up blue stacks with blocked cards by hand, then Bo plays a Renewal.
    for _ in range(2):
        click(page, "Ala: one blue more")
    click(page, "Ala: block a blue")
    for _ in range(3):
        click(page, "Bo: one blue more")
    click(page, "Bo: block a blue")
    click(page, re.compile("^Renewal$"), page.locator("#turn"))
    click(page, "Stop and resolve")
    page.get_by_label("Colour to swap").select_option("blue")
    click(page, "Swap")
    # Bo (3 blue, 1 blocked) gives his 2 free ones and takes Ala's 1 free one (she keeps 1 blocked).
    expect(page.get_by_label("Ala blue")).to_have_text("3")
    expect(page.get_by_label("Bo blue")).to_have_text("2")
    shot(page, "kitsune-renewal")
    click(page, "End turn")

    # The deck runs out twice: most kitsune wins (Ala 3, Bo 2).
    click(page, "Deck ran out")
    click(page, "Deck ran out")
    expect(page.get_by_text("Ala wins!")).to_be_visible()
    expect(page.get_by_text(re.compile("most kitsune"))).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "kitsune-deck-end")
