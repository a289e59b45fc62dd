"""The Liski board on a phone: set up, enter a column, run the problems and refill phases."""

from __future__ import annotations

import re

from tests.browser.conftest import expect, landed, shot


def new_liski(page, live_server, puchaters=("Lisi Mag", "Lisia Kapitanka")):
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Liski")).click()
    setup = page.locator("details.lsetup")
    for name in puchaters:
        landed(page, lambda name=name: setup.get_by_role("button", name=re.compile(
            "^\\+ .*" + name)).click())
    return setup


def choose(page, col, name):
    """Tap a placeholder on a column, then the library card."""
    page.locator(f"#col-{col} button.pick").first.click()
    sheet = page.locator("#sheet-card")
    expect(sheet).to_be_visible()
    landed(page, lambda: sheet.get_by_role("button", name=re.compile("^" + name)).click())


def lay(page, symbol, *transition):
    """With the lay sheet open: two taps, the card's symbol and its transition."""
    form = page.locator("#sheet-lay form")
    form.locator(f"label.symopt:has(input[name='item.symbols[]'][value={symbol}])").click()
    name = f"Lay it, transition {' and '.join(transition) if transition else 'not entered'}"
    landed(page, lambda: form.get_by_role("button", name=name, exact=True).click())


def test_board_round(live_server, new_phone):
    page = new_phone()
    setup = new_liski(page, live_server)
    expect(setup.locator("ul.puchaters")).to_contain_text("Lisia Kapitanka")
    landed(page, lambda: setup.get_by_role("button", name="Zmarzlin (15)").click())
    shot(page, "liski-setup")
    landed(page, lambda: page.get_by_role("button", name=re.compile("^Set up")).click())

    choose(page, 1, "Pogryziony ołówek 3")
    col = page.locator("#col-1")
    expect(col.locator(".lverdict")).to_have_text("missing: 1 crown, 1 red flower, 1 of any symbol")
    # Marker buttons tell the boards apart.
    expect(col.locator(".marker")).to_have_text(["Mag", "Kapitanka"])

    col.get_by_role("button", name="+ Lay a card").click()
    expect(page.locator("#sheet-lay")).to_be_visible()
    lay(page, "crown", "flower")
    expect(page.locator("#sheet-lay")).to_be_visible()  # stays open for the next card
    lay(page, "boat")  # breaks the rule: comes back to the hand
    expect(page.locator("#col-1").get_by_text("comes back to your hand")).to_be_visible()
    page.locator("#sheet-lay .sheet-close").click()
    # Correct the wrong card instead of taking it back: it was a flower with leaf.
    page.locator("#col-1").get_by_role("button", name="Edit card 2 of column 2").click()
    expect(page.locator("#sheet-lay .sheet-title")).to_have_text("Correct card 2 of column 2")
    form = page.locator("#sheet-lay form")
    form.locator("label.symopt:has(input[name='item.symbols[]'][value=boat])").click()  # untick
    lay(page, "flower", "leaf")
    expect(page.locator("#col-1").get_by_text("comes back to your hand")).to_have_count(0)
    page.locator("#col-1").get_by_role("button", name="+ Lay a card").click()
    lay(page, "leaf")
    expect(page.locator("#col-1 .lverdict")).to_have_text("✓ beaten")
    page.locator("#sheet-lay .sheet-close").click()
    landed(page, lambda: page.locator("#col-1").get_by_role(
        "button", name="Marker of Lisi Mag on column 2").click())
    page.locator("#col-1").scroll_into_view_if_needed()
    shot(page, "liski-column")

    # Ojojanie phase, ended early; then the problems phase in one tap.
    page.evaluate("window.scrollTo(0, 0)")
    landed(page, lambda: page.get_by_role("button", name="▶ Start").click())
    landed(page, lambda: page.get_by_role("button", name="End phase now").click())
    expect(page.get_by_role("button", name="▶ Start")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("Refill"))).to_have_count(0)
    resolve = page.get_by_role("button", name="Resolve the problems phase")
    box = resolve.bounding_box()
    assert box["height"] >= 64
    landed(page, lambda: resolve.click())
    expect(page.get_by_text(re.compile("Column 2:\\s+beaten; cheese: Lisi Mag 1"))).to_be_visible()
    expect(page.get_by_label("cheese of Lisi Mag")).to_have_text("1 cheese")
    expect(page.get_by_role("button", name="Next round ▶")).to_have_count(0)
    page.locator(".lreport").scroll_into_view_if_needed()
    shot(page, "liski-problems")
    landed(page, lambda: page.get_by_role("button", name=re.compile("Refill the board for round 2")).click())
    expect(page.get_by_role("heading", name="Refilled for round 2")).to_be_visible()
    expect(page.get_by_text("Draw 12 face-down ojojanie cards")).to_be_visible()
    expect(page.locator("#col-1").get_by_role("button", name="New complication: choose…")).to_be_visible()
    page.locator(".lreport").evaluate("e => e.scrollIntoView({block: 'start'})")
    shot(page, "liski-refill")
    landed(page, lambda: page.get_by_role("button", name="Next round ▶").click())
    expect(page.locator(".round strong")).to_have_text("2")
