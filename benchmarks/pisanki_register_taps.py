"""How many taps registering a whole Pisanki deck takes (issue 14: at most 150), driven
through the page.

The player lays the 75 exhibition cards and the card back out as four 4×6 tables (the fourth
with the last three cards, the back and any twenty cards again), as the deck page says. On a
two-player Pisanki table page in Chromium (a phone, 390×844, by touch), each table's photo
(benchmarks/deck2.py's deck, hand-laid, seeds 7050–7053 as recognition2.py registers it) is
given to the camera button; the page's guesses (from the cards learned so far; for the first
table, from the drawn deck) are painted right with the brushes, "Also learn my cards from this
photo" is ticked and the table used: tests/browser/test_deck_register.py's register_table,
which counts every tap it makes (the camera button and the shutter count as two; the brush is
put down first when one is still in hand). The guesses and the learning are the server's own.

    nice .venv/bin/python benchmarks/pisanki_register_taps.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from assistant import create_app  # noqa: E402
from assistant.vision import register, synth  # noqa: E402
from tests.browser.conftest import CHROMIUM, FLAGS, PHONE, serve  # noqa: E402
from tests.browser.test_deck_register import (  # noqa: E402
    KEEP_RESULT,
    register_table,
    registration_tables,
    table_photo,
)
from tests.browser.test_pisanki import new_table  # noqa: E402

DRAG = " (a player would drag the corners: not done here)"


def main() -> int:
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{folder / 'b.db'}",
                          "POLL_MS": 300, "DECK_FOLDER": str(folder / "deck")})
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                      has_touch=True)
            ctx.add_init_script(KEEP_RESULT)
            page = ctx.new_page()
            page.set_default_timeout(8000)
            for url, _push in serve(app):
                new_table(page, url, "Ala", "Bo")
                page.wait_for_load_state("load")
                for k, grid in enumerate(registration_tables()):
                    seed = 7050 + k
                    photo, want, truth = table_photo(seed, grid, folder)
                    done = register_table(page, photo, want, learned_before=24 * k)
                    res = page.evaluate("window.lastPhotoResult")
                    q = np.array(truth["quad"]) * res["size"][0] / synth.PHOTO_W
                    off = np.abs(np.array(res["quad"]) - q).max() / np.linalg.norm(q[2] - q[0])
                    total += done["taps"]
                    silent = " ".join(done["silent"]) or "-"
                    print(f"table {k + 1} (4×6): {len(done['wrong'])} cells guessed wrong, "
                          f"{done['unsure']} marked unsure ({len(done['silent'])} wrong and not "
                          f"marked: {silent}), {done['corrections']} correction "
                          f"taps, {done['taps']} taps in all; outline off by {off:.1%} of the "
                          f"diagonal{DRAG if off >= 0.03 else ''}",
                          flush=True)
                page.goto(url + "/deck/")
                count = page.locator("section.card", has_text="Pisanki").locator("p").first
                print(f"deck page: {count.inner_text()}")
                ctx.close()  # before the server stops: the page holds a live stream
            browser.close()
        register.use_folder(None)
    print(f"deck 2: the whole deck registered through the page in {total} taps "
          f"(goal: at most 150)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
