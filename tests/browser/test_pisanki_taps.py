"""A realistic full 4×6 Pisanki table entered with the brushes: the taps counted (issue 17)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import landed, shot
from tests.browser.pisanki_plan import plan, realistic_table


def two_player_table(live_server, new_phone):
    """A phone on a new Pisanki table with Ala and Olek."""
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Pisanki")).click()
    for name in ("Ala", "Olek"):
        page.get_by_label("New player's name").fill(name)
        landed(page, lambda: page.get_by_role("button", name="Add").click())
    return page


def test_a_realistic_table_in_at_most_50_taps(live_server, new_phone):
    # Three cloths, six egg colours, two double eggs, six flowers, one face down.
    target = realistic_table(0)
    taps = plan(target)
    page = two_player_table(live_server, new_phone)
    entry = page.locator("#p-entry")
    entry.scroll_into_view_if_needed()
    for kind, label in taps:
        name = f"Cell {label}" if kind == "cell" else label
        entry.get_by_role("button", name=name, exact=True).click()
        if kind == "tool":
            # What a tap paints is always in view and says it.
            expect(page.locator("#p-brush .p-brush-what")).to_be_in_viewport()
    counted = page.evaluate("window.pisankiTaps")
    print(f"\nPisanki: a realistic 4x6 table (3 cloths, 6 egg colours, 2 double eggs, "
          f"6 flowers, 1 face down) entered in {counted} taps")
    assert counted == len(taps)
    assert counted <= 50
    shot(page, "pisanki-taps-entered")
    # Every tap is saved one request after the other: on a busy machine the queue of ~40
    # edits takes longer than the default 8 s to drain, so the wait is sized to the work.
    expect(page.locator("html[data-taps='0']")).to_have_count(1, timeout=60000)
    page.reload()
    grid = page.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    want = [[{"down": True} if c is None else c for c in row] for row in target]
    assert grid == want
    expect(page.get_by_text(re.compile("Still to enter: Olek 24 cells"))).to_have_count(0)  # no sheet yet


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
