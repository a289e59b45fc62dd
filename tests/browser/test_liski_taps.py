"""Issue 26: a Liski round as played in at most 40 taps, counting everything the rulebook's
round asks the players to record: the fear token revealed in planning, the four puchater
markers, the timer, 14 cards at two taps each (symbol, then transition; the one-tap repeats
of "cards laid before" are not used), every sheet opened and column tab switched, ending the
phase, resolve, refill and the next round. Every tap goes through tap(), which counts it;
where the page offers a cheaper place for a step (markers in the lay sheet) it is used."""

from __future__ import annotations

import re

from tests.browser.conftest import expect, landed, shot
from tests.browser.test_liski_board import choose, new_liski

# Columns 2–6 after setup (column 1 holds the Spuchlina cluster: ołówek, Kanapka, kubek).
PROBLEMS = {1: "Rozbity kubek 4", 2: "Skołtunione futro 4", 3: "Pogryziony ołówek 3",
            4: "Rozbity kubek 4", 5: "Skołtunione futro 4"}
MARKERS = {1: "Lisia Kapitanka", 2: "Lisi Mag", 3: "Lisia Łotryni", 4: "Lisi Król"}
# The 14 cards as laid, column by column: (symbol, transition symbols).
CARDS = {1: [("crown", ("leaf",)), ("leaf", ("leaf",)), ("leaf", ("crown",))],
         2: [("leaf", ("pot",)), ("pot", ("crown",)), ("crown", ())],
         3: [("crown", ("pot",)), ("pot", ("leaf",))],
         4: [("leaf", ("leaf",)), ("leaf", ("boat",)), ("boat", ())],
         5: [("pot", ("leaf",)), ("leaf", ("pot",)), ("pot", ())]}
BEATEN_AFTER = {1, 2, 3, 4}  # column 6 stays one symbol short


def set_up_spuchlina(page, live_server):
    """Four puchaters, the Spuchlina nightmare (its extra problem and face-down fear token on
    column 1 from the first round), the board set up and every card chosen (not counted)."""
    setup = new_liski(page, live_server, ("Lisia Kapitanka", "Lisia Łotryni", "Lisi Mag"))
    setup.locator("summary").filter(has_text="Another puchater").click()
    form = setup.locator("details form:has(input[name=op][value='board.puchater.add'])").last
    form.locator("input[name=name]").fill("Lisi Król")
    form.locator("label.symopt:has(input[value=crown])").click()
    landed(page, form.get_by_role("button", name="Add puchater").click)
    setup.locator("summary").filter(has_text="Another nightmare").click()
    form = setup.locator("details form.cardform").last
    form.locator("input[name='card.name']").fill("Spuchlina")
    form.locator("input[name='card.total']").fill("15")
    form.locator("select[name=effect]").select_option("spuchlina")
    landed(page, form.get_by_role("button", name="Save card").click)
    landed(page, lambda: page.get_by_role("button", name=re.compile("^Set up")).click())
    for name in ("Pogryziony ołówek 3", "Kanapka z koszmarem", "Rozbity kubek 4"):
        choose(page, 0, name)
    for col, name in PROBLEMS.items():
        choose(page, col, name)
    expect(page.locator("#col-0 .lfear button.fear.down")).to_have_count(1)


def test_a_liski_round_as_played_takes_at_most_40_taps(live_server, new_phone, capsys):
    page = new_phone()
    set_up_spuchlina(page, live_server)
    sheet = page.locator("#sheet-lay")
    markers_in_sheet = page.locator("#sheet-lay .lay-markers").count() > 0
    taps = 0

    def tap(locator, edit=True):
        nonlocal taps
        taps += 1
        if edit:
            landed(page, locator.click)
        else:
            locator.click()

    def marker(col, where):
        tap(where.get_by_role("button", name=f"Marker of {MARKERS[col]} on column {col + 1}"))

    def close_sheet():  # only when the sheet is still in the way
        if sheet.is_visible():
            tap(sheet.locator(".sheet-close"), edit=False)

    # Planning: reveal the fear token under column 1 (a "2"), place the four markers.
    tap(page.locator("#col-0").get_by_role("button", name="Reveal fear token 1 of column 1"),
        edit=False)
    tap(page.locator("#sheet-fear").get_by_role("button", name="Reveal", exact=True))
    expect(page.locator("#col-0 .lfear .fear.up")).to_have_text("☠ +2")
    if not markers_in_sheet:
        for col in MARKERS:
            marker(col, page.locator(f"#col-{col}"))
    tap(page.get_by_role("button", name="▶ Start"))

    # Ojojanie: the lay sheet, column by column, from column 2.
    tap(page.locator("#col-1").get_by_role("button", name="+ Lay a card"), edit=False)
    for col, cards in CARDS.items():
        if sheet.locator("input[name=col]:checked").get_attribute("value") != str(col):
            tap(sheet.locator(f"label.coltab:has(input[value='{col}'])"), edit=False)
        # The column being entered shows above the sheet, its verdict answering each card.
        expect(page.locator(f"#col-{col} h3")).to_be_in_viewport()
        if markers_in_sheet and col in MARKERS:
            marker(col, sheet.locator(f".lay-markers[data-col='{col}']"))
        for symbol, transition in cards:
            tap(sheet.locator(f"label.symopt:has(input[name='item.symbols[]'][value={symbol}])"),
                edit=False)
            name = f"Lay it, transition {' and '.join(transition) if transition else 'not entered'}"
            tap(sheet.get_by_role("button", name=name, exact=True))
        expect(page.locator(f"#col-{col} .lstack li")).to_have_count(len(cards))
        if col in BEATEN_AFTER:
            expect(page.locator(f"#col-{col} .lverdict")).to_contain_text("beaten")
    shot(page, "liski-taps-lay-sheet")
    for col in MARKERS:
        expect(page.locator(f"#col-{col} .lmarkers .marker.on")).to_have_count(1)

    # The group ends the phase: the finger scrolls the timer's End above the open sheet.
    page.evaluate("""() => { const e = document.querySelector('#f-end button');
        const s = document.querySelector('#sheet-lay:not([hidden])');
        if (s) window.scrollBy(0, e.getBoundingClientRect().bottom - s.getBoundingClientRect().top + 16); }""")
    tap(page.get_by_role("button", name="End phase now"))
    close_sheet()
    tap(page.get_by_role("button", name="Resolve the problems phase"))
    report = page.locator(".lreport")
    expect(report.locator("li.ok")).to_have_count(len(BEATEN_AFTER))
    expect(report.locator("li.bad")).to_have_count(2)
    close_sheet()
    tap(page.get_by_role("button", name=re.compile("Refill the board for round 2")))
    tap(page.get_by_role("button", name="Next round ▶"))
    round_taps = taps
    expect(page.locator(".round strong")).to_have_text("2")

    # The next round's new cards (six problems, complication 2, Spuchlina's extra problem).
    taps = 0
    while page.locator("button.pick").count():
        tap(page.locator("button.pick").first, edit=False)
        tap(page.locator("#sheet-card .libcard:visible").first)
    choosing = taps
    with capsys.disabled():
        print(f"\nLiski round as played (fear token, 4 markers, timer, 14 cards, resolve, "
              f"refill, next round): {round_taps} taps (goal <= 40); choosing the new cards "
              f"after refill: {choosing} taps")
    assert round_taps <= 40
