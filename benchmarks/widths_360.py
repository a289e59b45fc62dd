"""Widths at 360 px in Polish (issue 26): how wide the history page and each game's page are
with 24-letter names, how many words break with no hyphen, and how many of five Pisanki
player tabs are wholly on screen. Prints; asserts nothing (tests/browser/test_widths.py does).

    .venv/bin/python -m benchmarks.widths_360
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from assistant import create_app
from tests.browser import test_widths as tw
from tests.browser.conftest import CHROMIUM, FLAGS, serve
from tests.web.test_results import play


def main() -> None:
    """Lay the tables into a fresh store, open each page on a 360 px Polish phone, print."""
    tmp = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp / 'b.db'}",
                      "POLL_MS": 300, "DECK_FOLDER": str(tmp / "deck")})
    codes = tw.long_tables(app)
    tw.finished_tables(app)
    real = play(app, "pisanki", [("players.add", {"name": n}) for n in tw.REAL])
    for url, _push in serve(app):
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            page = browser.new_context(viewport=tw.SMALL, is_mobile=True, has_touch=True,
                                       locale="pl-PL").new_page()
            width = "document.documentElement.scrollWidth"
            for w in (360, 390):
                page.set_viewport_size({"width": w, "height": 740})
                page.goto(url + "/history?lang=pl")
                print(f"history with 6 finished games at {w} px: {page.evaluate(width)} px wide")
            page.set_viewport_size(tw.SMALL)
            for game, code in codes.items():
                page.goto(f"{url}/t/{code}?lang=pl")
                page.wait_for_selector("html[data-interact=ready]")
                print(f"{game} with 24-letter names at 360 px: {page.evaluate(width)} px wide, "
                      f"{len(tw.mid_word_breaks(page))} words broken with no hyphen")
            for label, code in (("real names", real), ("24-letter names", codes["pisanki"])):
                page.goto(f"{url}/t/{code}?lang=pl")
                page.wait_for_selector("html[data-interact=ready]")
                boxes = [t.bounding_box() for t in page.locator(".p-tab").all()]
                whole = sum(1 for b in boxes if b["x"] >= 0 and b["x"] + b["width"] <= 360)
                print(f"Pisanki, 5 players ({label}), 360 px: {whole} of 5 tabs wholly on screen")
            browser.close()


if __name__ == "__main__":
    main()
