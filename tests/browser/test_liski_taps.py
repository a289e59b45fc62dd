"""Issue #12 point 11: a round after setup (6 columns, 2 ojojanie cards each, resolve,
refill, next round) in at most 40 taps. Every tap goes through tap(), which counts it."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import landed, shot
from tests.browser.test_liski_board import choose, new_liski

PROBLEMS = ["Pogryziony ołówek 3", "Rozbity kubek 4", "Skołtunione futro 4"]
# Two cards per column: (symbol, transition) pairs as drawn.
CARDS = [("crown", ("flower",)), ("flower", ()), ("pot", ("leaf",)), ("leaf", ("boat",)),
         ("crown", ("crown",)), ("crown", ()), ("boat", ("pot",)), ("pot", ()),
         ("crown", ("flower", "leaf")), ("leaf", ()), ("pot", ("boat",)), ("boat", ("crown",))]


def test_a_round_after_setup_takes_at_most_40_taps(live_server, new_phone, capsys):
    page = new_phone()
    setup = new_liski(page, live_server)
    landed(page, lambda: setup.get_by_role("button", name="Zmarzlin (15)").click())
    landed(page, lambda: page.get_by_role("button", name=re.compile("^Set up")).click())
    for col in range(6):
        choose(page, col, PROBLEMS[col % 3])
    choose(page, 0, "Kanapka z koszmarem")

    taps = 0

    def tap(locator, edit=True):
        nonlocal taps
        taps += 1
        if edit:
            landed(page, locator.click)
        else:
            locator.click()

    tap(page.get_by_role("button", name="▶ Start"))
    tap(page.locator("#col-0").get_by_role("button", name="+ Lay a card"), edit=False)
    sheet = page.locator("#sheet-lay")
    for col in range(6):
        if col:
            tap(sheet.locator(f"label.coltab:has(input[value='{col}'])"), edit=False)
        # The column's verdict shows above the sheet while its cards are laid.
        expect(page.locator(f"#col-{col} h3")).to_be_in_viewport()
        for symbol, transition in CARDS[2 * col: 2 * col + 2]:
            tap(sheet.locator(f"label.symopt:has(input[name='item.symbols[]'][value={symbol}])"),
                edit=False)
            name = f"Lay it, transition {' and '.join(transition) if transition else 'not entered'}"
            tap(sheet.get_by_role("button", name=name, exact=True))
    page.locator("#col-5 h3").evaluate("e => e.scrollIntoView({block: 'start'})")
    shot(page, "liski-taps-lay-sheet")
    for col in range(6):  # every card landed on its own column, with its symbol
        stack = page.locator(f"#col-{col} .lstack li")
        expect(stack).to_have_count(2)
        first = CARDS[2 * col][0]
        expect(stack.first.locator(f"[aria-label={first}]").first).to_be_attached()
    tap(sheet.locator(".sheet-close"), edit=False)
    tap(page.get_by_role("button", name="End phase now"))
    tap(page.get_by_role("button", name="Resolve the problems phase"))
    tap(page.get_by_role("button", name=re.compile("Refill the board for round 2")))
    tap(page.get_by_role("button", name="Next round ▶"))
    round_taps = taps

    expect(page.locator(".round strong")).to_have_text("2")
    expect(page.locator(".lreport")).to_contain_text("Refilled for round 2")
    # The next round's new cards: 6 problems and complication 2, chosen from the library.
    taps = 0
    for col in range(6):
        page.locator(f"#col-{col} button.pick").first.click()
        taps += 1
        tap(page.locator("#sheet-card").get_by_role("button", name=PROBLEMS[col % 3]))
    page.locator("#col-1 button.pick").first.click()
    taps += 1
    tap(page.locator("#sheet-card").get_by_role("button", name="Kanapka z koszmarem 6"))
    choosing = taps
    with capsys.disabled():
        print(f"\nLiski round after setup: {round_taps} taps (goal <= 40); "
              f"choosing the 7 new cards after refill: {choosing} taps")
    assert round_taps <= 40
