"""The Liski board on a phone: set up, enter a column, run the problems and refill phases."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import landed, shot


def test_board_round(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Liski")).click()
    setup = page.locator("details.lsetup")
    for name, symbol in (("Lisi Mag", "pot"), ("Lisia Kapitanka", "boat")):
        form = setup.locator("form", has=page.get_by_label("Puchater's name")).first
        form.get_by_label("Puchater's name").fill(name)
        form.locator(f"label.symopt:has(input[value={symbol}])").click()
        landed(page, lambda form=form: form.get_by_role("button", name="Add puchater").click())
    landed(page, lambda: setup.get_by_role("button", name="Zmarzlin (15)").click())
    shot(page, "liski-setup")
    landed(page, lambda: page.get_by_role("button", name=re.compile("^Set up")).click())

    col = page.locator("#col-1")
    col.scroll_into_view_if_needed()
    col.get_by_text("New problem: choose…").click()
    landed(page, lambda: col.get_by_role("button", name="Pogryziony ołówek 3").click())
    col = page.locator("#col-1")
    expect(col.locator(".lverdict")).to_have_text("missing: 1 crown, 1 red flower, 1 of any symbol")

    def lay(symbol, *transition):
        """At most three taps: open the panel, the card's symbol, its transition."""
        c = page.locator("#col-1")
        c.get_by_text("+ Lay a card").click()
        form = c.locator("form.layform")
        form.locator(f"label.symopt:has(input[name=symbols][value={symbol}])").click()
        name = f"Lay it, transition {' and '.join(transition) if transition else 'not entered'}"
        landed(page, lambda: form.get_by_role("button", name=name, exact=True).click())

    lay("crown", "flower")
    lay("boat")  # breaks the rule: comes back to the hand
    expect(page.locator("#col-1").get_by_text("comes back to your hand")).to_be_visible()
    landed(page, lambda: page.locator("#col-1").get_by_role("button", name="Take back card 2 of column 2").click())
    lay("flower", "leaf")
    # The next one-tap preset offers the flower card again; lay a leaf instead.
    lay("leaf")
    expect(page.locator("#col-1 .lverdict")).to_have_text("✓ beaten")
    landed(page, lambda: page.locator("#col-1").get_by_role("button", name="Marker of Lisi Mag on column 2").click())
    page.locator("#col-1").scroll_into_view_if_needed()
    shot(page, "liski-column")

    # Ojojanie phase, ended early; then the problems phase in one tap.
    page.evaluate("window.scrollTo(0, 0)")
    landed(page, lambda: page.get_by_role("button", name="▶ Start").click())
    landed(page, lambda: page.get_by_role("button", name="End phase now").click())
    landed(page, lambda: page.get_by_role("button", name="Resolve the problems phase").click())
    expect(page.get_by_text(re.compile("Column 2:\\s+beaten; cheese Lisi Mag 1"))).to_be_visible()
    expect(page.get_by_label("cheese of Lisi Mag")).to_have_text("1 cheese")
    page.locator(".lreport").scroll_into_view_if_needed()
    shot(page, "liski-problems")
    landed(page, lambda: page.get_by_role("button", name=re.compile("Refill the board for round 2")).click())
    expect(page.get_by_role("heading", name="Refilled")).to_be_visible()
    shot(page, "liski-refill")
