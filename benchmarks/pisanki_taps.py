"""Taps and scrolls to paint a realistic 4×6 Pisanki table, three ways, in Chromium (issue 26).

Deals N tables as issue 17 describes them (three cloths, six egg colours, two double eggs, six
flowers, one face down; tests/browser/pisanki_plan.py) and paints each one three ways on a
phone-sized page of a live server: one brush per kind of card, a cloth pass then eggs then
flowers, and card by card. Every tap is a real click on the button; a scroll is counted when
the next button is not fully in view and on top (the finger must scroll first). After each
way the server's table must be exactly the dealt one. Prints taps and scrolls per way and
screen size (median / max), in Polish, with a screenshot mid-table per size (screenshots/);
first, the same ways planned over 300 tables (no browser) for the spread of the taps.

    .venv/bin/python benchmarks/pisanki_taps.py [N]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from assistant import create_app  # noqa: E402
from tests.browser.conftest import CHROMIUM, FLAGS, SHOTS, serve  # noqa: E402
from tests.browser.pisanki_plan import WAYS, drive, realistic_table, want  # noqa: E402

SIZES = ((390, 844), (360, 740))
PLAYERS = ("Ala", "Olek", "Ewa")  # 4×6 tables, one for each way


def new_table(browser, url, size):
    """A Polish phone on a new table with three players; the table's address."""
    ctx = browser.new_context(viewport=dict(zip(("width", "height"), size, strict=True)),
                              device_scale_factor=2, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(20000)
    page.goto(f"{url}/?lang=pl")
    page.locator("form button").filter(has_text="Pisanki").first.click()
    page.wait_for_selector("html[data-interact=ready]")
    form = page.locator("form:has(input[name=op][value='players.add'])").first
    for name in PLAYERS:
        form.locator("input[name=name]").fill(name)
        before = page.locator("#table-main").get_attribute("data-version")
        form.locator("input[name=name]").press("Enter")
        page.wait_for_function(
            "(v) => { const m = document.querySelector('#table-main');"
            " return !!m && m.dataset.version !== v; }", arg=before)
    page.wait_for_function(f"document.querySelectorAll('.p-tab').length === {len(PLAYERS)}")
    address = page.url.split("?")[0]
    ctx.close()
    return address


def paint(browser, address, p, way, grid, size, shot_name=None):
    """Paint player p's table one way on a fresh phone; (taps, scrolls), the server checked."""
    ctx = browser.new_context(viewport=dict(zip(("width", "height"), size, strict=True)),
                              device_scale_factor=2, is_mobile=True, has_touch=True, locale="pl-PL")
    page = ctx.new_page()
    page.set_default_timeout(20000)
    page.goto(f"{address}?p={p}&lang=pl")
    page.wait_for_selector("html[data-interact=ready]")
    planned = WAYS[way](grid)

    def during(i):
        if shot_name and i == len(planned) // 2:
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{shot_name}.png"))

    taps, scrolls = drive(page, planned, during)
    assert page.evaluate("window.pisankiTaps") == taps == len(planned)
    page.wait_for_selector("html[data-taps='0']", state="attached", timeout=120000)
    page.reload()
    got = json.loads(page.locator("#p-entry").get_attribute("data-grid"))
    assert got == want(grid), f"{way}: the server holds another table"
    ctx.close()
    return taps, scrolls


def main() -> None:
    """Print taps and scrolls per way and screen size over N dealt tables."""
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    # The same ways planned (not driven) over many more tables: the spread of the taps.
    many = 300
    print(f"planned taps over {many} tables (the page makes exactly these, checked below):")
    for way, plan in WAYS.items():
        counts = sorted(len(plan(realistic_table(seed))) for seed in range(many))
        print(f"  {way:28} median {statistics.median(counts):g}, max {counts[-1]}, "
              f"at most 50 on {sum(c <= 50 for c in counts)} of {many}")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/b.db",
                          "POLL_MS": 1000, "DECK_FOLDER": f"{tmp}/deck"})
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        for url, _push in serve(app):
            for size in SIZES:
                counts: dict[str, list[tuple[int, int]]] = {w: [] for w in WAYS}
                for seed in range(n):
                    address = new_table(browser, url, size)
                    for p, way in enumerate(WAYS):
                        name = f"pisanki-painting-pl-{size[0]}" if seed == 0 and p == 0 else None
                        grid = realistic_table(seed)
                        counts[way].append(paint(browser, address, p, way, grid, size, name))
                print(f"{size[0]}x{size[1]}, {n} tables (the server held each table exactly):")
                for way, runs in counts.items():
                    taps = [t for t, _ in runs]
                    scrolls = [s for _, s in runs]
                    print(f"  {way:28} taps median {statistics.median(taps):g}, max {max(taps)}; "
                          f"scrolls median {statistics.median(scrolls):g}, max {max(scrolls)}")
        browser.close()


if __name__ == "__main__":
    main()
