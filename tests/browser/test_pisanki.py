"""Pisanki on a phone: setup, painting a whole 4×6 table (taps counted), the live sheet."""

from __future__ import annotations

import re
import time

from tests.browser.conftest import expect, landed, shot

SCORING = {"Purple egg": 1, "Red egg": 2, "Orange egg": 5, "Yellow egg": 6, "Green egg": 7,
           "Blue egg": 17, "Flowers": 1, "Tablecloths": 1, "Display": 1}
BUNNY = {"purple": 4, "red": 3, "orange": 5, "yellow": 2, "green": 4, "blue": 3}




def new_table(page, live_server, *names):
    """Start a Pisanki table on this phone and add the players."""
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Pisanki")).click()
    for name in names:
        page.get_by_label("New player's name").fill(name)
        landed(page, lambda: page.get_by_role("button", name="Add").click())


def test_setup_enter_a_table_and_read_the_sheet(live_server, new_phone):
    page = new_phone()
    new_table(page, live_server, "Ala", "Olek")

    for label, number in SCORING.items():
        slot = page.locator("details.slot", has_text=label).first
        slot.locator("summary").click()
        btn = slot.get_by_role("button", name=re.compile(f"card {number}:"))
        landed(page, lambda btn=btn: btn.click())
    shot(page, "pisanki-setup")
    for egg, n in BUNNY.items():
        page.locator(f"#bunny-{egg}").fill(str(n))
        form = page.locator("form.bunny-row", has=page.locator(f"#bunny-{egg}"))
        landed(page, lambda form=form: form.get_by_role("button", name="Set").click())

    # Paint Ala's table (tests/games/cases/pisanki g01) with combined brushes.
    entry = page.locator("#p-entry")
    entry.scroll_into_view_if_needed()

    def tool(*names):
        for name in names:
            entry.get_by_role("button", name=name, exact=True).click()

    def cells(*names):
        for n in names:
            entry.get_by_role("button", name=f"Cell {n}", exact=True).click()

    t0 = time.perf_counter()
    tool("Tablecloth checked", "Egg purple")
    cells("A1", "B1", "C1", "A2", "B2", "C2")
    tool("Tablecloth striped", "Egg red")
    cells("D1", "E1", "F1", "D2", "E2", "F2")
    tool("Tablecloth dotted", "Egg orange")
    cells("A3", "B3", "A4")
    tool("Egg yellow")
    cells("B4")
    tool("Egg green")
    cells("C4", "D4")
    tool("Egg blue")
    cells("E3", "F3", "E4", "F4")
    tool("Tablecloth neutral", "Egg green")  # an egg on neutral is the double egg
    cells("C3", "D3")
    tool("Flower pink")  # after painting, a new kind of brush: the flower alone
    cells("A4")
    seconds = time.perf_counter() - t0
    taps = page.evaluate("window.pisankiTaps")
    print(f"\nentered a 4x6 table in {taps} taps ({seconds:.1f} s of scripted tapping)")
    assert taps == 37  # every tap counted once (the old double brush took 41)
    shot(page, "pisanki-entry")

    # Once every tap has landed, the sheet shows Ala's hand-worked 59 (Olek not entered yet).
    expect(page.locator("#p-sheet tfoot th").nth(1)).to_have_text("59", timeout=8000)
    expect(page.get_by_text("Still to enter: Olek 24 cells")).to_be_visible()

    # Tap Ala's red number: the why appears and the cells light up.
    page.get_by_role("button", name="Ala Red egg: 16 points, show why").click()
    near = page.locator("#p-why-near")  # the why shows beside the grid
    expect(near.get_by_text(re.compile(r"red egg at E1: \+2 for the striped cloth diagonal at D2"))).to_be_visible()
    expect(entry.locator(".p-cell.lit")).to_have_count(6)
    expect(entry.locator(".p-cell.lit").first).to_be_in_viewport()  # the lit cells are in view
    shot(page, "pisanki-why")

    # Olek's number opens Olek's table with that why.
    page.get_by_role("button", name=re.compile(r"^Olek Red egg: \d+ points, show why")).click()
    expect(page).to_have_url(re.compile(r"[?&]p=1"))
    expect(page.locator("#p-entry h2")).to_contain_text("Olek's table")
    expect(page.locator("#p-why-near")).to_contain_text("Olek · Red egg")
    page.go_back()

    # A reload shows the same table from the server.
    page.reload()
    expect(page.locator("#p-sheet tfoot th").nth(1)).to_have_text("59")


def test_two_phones_enter_their_own_tables_at_once(live_server, new_phone):
    a = new_phone()
    new_table(a, live_server, "Ala", "Olek")
    url = a.url
    b = new_phone()
    b.goto(url + "?p=1")
    for page in (a, b):
        page.locator("#p-entry").get_by_role("button", name="Tablecloth dotted", exact=True).click()
    for i in range(3):
        a.locator("#p-entry").get_by_role("button", name=f"Cell {'ABC'[i]}1", exact=True).click()
        b.locator("#p-entry").get_by_role("button", name=f"Cell {'DEF'[i]}1", exact=True).click()
    a.wait_for_timeout(1500)
    a.reload()
    b.reload()
    grid_a = a.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    grid_b = b.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    assert [c.get("cloth") for c in grid_a[0][:3]] == ["dotted"] * 3
    assert [c.get("cloth") for c in grid_b[0][3:]] == ["dotted"] * 3
