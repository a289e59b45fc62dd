"""A realistic full 4×6 Pisanki table painted the three ways players paint: taps and scrolls
counted (issues 17 and 26), the server holding exactly that table after."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import expect, landed, shot
from tests.browser.pisanki_plan import IN_VIEW, WAYS, drive, realistic_table, want


def two_player_table(live_server, new_phone, names=("Ala", "Olek")):
    """A phone on a new Pisanki table with Ala and Olek (or `names`)."""
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Pisanki")).click()
    for name in names:
        page.get_by_label("New player's name").fill(name)
        landed(page, lambda name=name: page.get_by_role("button", name="Add").click())
    return page


# Issue 26's goal is 50 taps for each way. A cloth pass then an egg pass taps every card twice
# (23 + 21 cells before any brush or flower), so that way cannot reach 50 with one cell a tap:
# its bound here is what it takes today, kept from growing.
MOST_TAPS = {"one brush per kind": 50, "cloth, egg, flower passes": 68, "card by card": 50}


def paint_one_way(page, live_server, table_url, p, way, target):
    """Paint player p's table one way on a fresh phone; return (taps, scrolls)."""
    page.goto(f"{table_url}?p={p}")
    expect(page.locator("html[data-interact=ready]")).to_have_count(1, timeout=20000)
    planned = WAYS[way](target)
    taps, scrolls = drive(page, planned)
    assert page.evaluate("window.pisankiTaps") == taps == len(planned)
    # Every tap is saved one request after the other: on a busy machine the queue of ~60
    # edits takes longer than the default 8 s to drain, so the wait is sized to the work.
    expect(page.locator("html[data-taps='0']")).to_have_count(1, timeout=90000)
    page.reload()
    grid = page.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    assert grid == want(target), f"{way}: the server holds another table"
    return taps, scrolls


def test_a_realistic_table_painted_three_ways(live_server, new_phone):
    # Three cloths, six egg colours, two double eggs, six flowers, one face down.
    target = realistic_table(0)
    page = two_player_table(live_server, new_phone, ("Ala", "Olek", "Ewa"))
    table_url = page.url.split("?")[0]
    print("\nPisanki: a realistic 4x6 table (3 cloths, 6 egg colours, 2 double eggs, 6 flowers, "
          "1 face down) at 390x844")
    counts = {}
    for p, way in enumerate(WAYS):
        phone = page if p == 0 else new_phone()  # each way on its own phone: no brush in hand
        counts[way] = paint_one_way(phone, live_server, table_url, p, way, target)
        print(f"  {way}: {counts[way][0]} taps, {counts[way][1]} scrolls")
        if p == 0:
            shot(phone, "pisanki-taps-entered")
    for way, (taps, scrolls) in counts.items():
        assert scrolls <= 3, f"{way}: {scrolls} scrolls"
        assert taps <= MOST_TAPS[way], f"{way}: {taps} taps"


def test_an_egg_pass_keeps_each_cells_cloth(live_server, new_phone):
    page = two_player_table(live_server, new_phone)
    entry = page.locator("#p-entry")

    def tap(*names):
        for n in names:
            entry.get_by_role("button", name=n, exact=True).click()

    brush = page.locator("#p-brush .p-brush-what")
    tap("Tablecloth striped")
    expect(brush).to_have_text("striped cloth")
    tap("Cell A1", "Cell B1", "Tablecloth dotted", "Cell C1")
    expect(brush).to_have_text("dotted cloth")
    tap("Egg red")  # the cloth pass is over: the egg brush alone
    expect(brush).to_have_text("red egg")
    tap("Cell A1", "Cell B1", "Cell C1", "Tablecloth neutral", "Cell D1")
    tap("Egg blue", "Cell D1")  # an egg on neutral: the double egg
    grid = page.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    assert [(c.get("cloth"), c.get("egg"), c.get("double")) for c in grid[0][:4]] == [
        ("striped", "red", False), ("striped", "red", False), ("dotted", "red", False),
        ("neutral", "blue", True)]
    # Picks before painting add up: cloth and egg in one tap.
    tap("Tablecloth checked", "Egg green")
    expect(brush).to_have_text("checked cloth + green egg")
    shot(page, "pisanki-brush")
    tap("Cell E1")
    grid = page.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    assert (grid[0][4]["cloth"], grid[0][4]["egg"]) == ("checked", "green")
    # A flower on neutral is refused with the reason, nothing changes.
    tap("Flower pink", "Cell D1")
    expect(page.locator("#p-hint")).to_have_text("A neutral card is a double egg: it has no flowers.")
    assert not entry.get_by_role("button", name="Double egg").count()


@pytest.mark.parametrize("size", [(390, 844), (360, 740)])
def test_the_grid_and_every_brush_fit_one_screen(live_server, new_phone, size):
    # Issue 26: the grid was 825 px tall with its brushes; painting took 28-30 scrolls.
    page = two_player_table(live_server, new_phone)
    page.set_viewport_size(dict(zip(("width", "height"), size, strict=True)))
    page.goto(f"{live_server}{page.url.split(live_server)[1]}?lang=pl")
    page.locator("#p-entry .p-grid").evaluate("(g) => g.scrollIntoView({block: 'start', behavior: 'instant'})")
    targets = page.locator("#p-entry .p-cell, #p-entry .tool")
    assert targets.count() == 24 + 42
    out = [h.get_attribute("aria-label") for h in targets.element_handles()
           if not page.evaluate(IN_VIEW, h)]
    assert not out, f"out of reach at {size}: {out}"
    shot(page, f"pisanki-painting-{size[0]}")
    # The bar never covers what follows it: at the foot of the section it sits in its place
    # above the help, and with the sheet in view the bottom of the screen is not the bar.
    page.locator("#p-entry .p-help").evaluate("(e) => e.scrollIntoView({block: 'end'})")
    bar, help_ = (page.locator(s).evaluate("(e) => e.getBoundingClientRect().toJSON()")
                  for s in ("#p-bar", "#p-entry .p-help"))
    assert bar["bottom"] <= help_["top"] + 1
    page.locator("#p-sheet").evaluate(
        "(e) => window.scrollBy(0, e.getBoundingClientRect().top - innerHeight / 2)")
    assert page.evaluate("""() => !document.elementFromPoint(innerWidth / 2, innerHeight - 10)
        .closest('#p-bar')""")


def test_card_by_card_keeps_the_cloth_and_moves_on(live_server, new_phone):
    page = two_player_table(live_server, new_phone)
    entry = page.locator("#p-entry")

    def tap(*names):
        for n in names:
            entry.get_by_role("button", name=n, exact=True).click()

    # No brush in hand: a tap on a card picks that card; its parts go straight on it.
    tap("Cell A1", "Tablecloth striped", "Egg red")
    expect(page.locator("#p-brush .p-brush-what")).to_contain_text("Card A1")
    tap("Egg blue")  # an egg the card has: the next card, with the cloth of the one before
    tap("Card: checked cloth, green egg", "Flower pink", "Flower pink")  # C1, two flowers
    tap("Face down")  # D1
    tap("Tablecloth dotted", "Flower yellow")  # E1: no egg, both flowers in one tap
    expect(entry.locator(".p-cell.at")).to_have_attribute("data-name", "E1")
    assert page.evaluate("window.pisankiTaps") == 10
    # As the server holds it, once every tap is saved.
    expect(page.locator("html[data-taps='0']")).to_have_count(1, timeout=30000)
    page.reload()
    grid = page.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    assert grid[0][:5] == [
        {"cloth": "striped", "egg": "red", "double": False, "flowers": []},
        {"cloth": "striped", "egg": "blue", "double": False, "flowers": []},
        {"cloth": "checked", "egg": "green", "double": False, "flowers": ["pink", "pink"]},
        {"down": True},
        {"cloth": "dotted", "egg": None, "double": False, "flowers": ["yellow", "yellow"]}]
    # The card being entered survives the reload; the brush put down ends it.
    expect(entry.locator(".p-cell.at")).to_have_attribute("data-name", "E1")
    tap("Put the brush down")
    expect(entry.locator(".p-cell.at")).to_have_count(0)


def test_a_second_tap_on_a_cell_still_waiting_builds_on_the_first(live_server, new_phone):
    # Two flowers on a card while the first tap is still on its way: the page drew the
    # older waiting tap over the newer one (one flower shown, and a third tap gave two again).
    page = two_player_table(live_server, new_phone)
    entry = page.locator("#p-entry")
    held = []
    page.route("**/edit", lambda route: held.append(route) if not held else route.continue_())
    for n in ("Card: checked cloth, green egg", "Cell A1", "Flower pink", "Cell A1", "Cell A1"):
        entry.get_by_role("button", name=n, exact=True).click()
    grid = page.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    assert grid[0][0]["flowers"] == ["pink", "pink"]
    assert len(held) == 1  # the queue sends one edit at a time: the others wait behind it
    held[0].continue_()
    page.unroute("**/edit")
    expect(page.locator("html[data-taps='0']")).to_have_count(1, timeout=30000)
    page.reload()
    grid = page.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    assert grid[0][0]["flowers"] == ["pink", "pink"]
