"""Pisanki table outlines of full-bleed dark cards (issue 27): a development deck's faces
with their borders cut off, printed on dark indigo stock (the light stock's lightness turned
round) and made tall (7:12), laid by hand on cloth, plaid, wood and light tables.

Prints, per ground, how often the table's outline (vision.pisanki.locate on the cards found
by vision.cards.find) lies within 3 % of the table's diagonal, and whether each off outline
was marked doubtful; with --cells, the whole registered path (recognition2.pisanki) on the
same deck. Development decks only: 2, 4, 6 (made full bleed) and 8 (drawn full bleed).
Run: nice .venv/bin/python benchmarks/outline_bleed.py [--deck 2|4|6|8] [--tables N] [--cells]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import deck2  # noqa: E402
import deck4  # noqa: E402
import deck6  # noqa: E402
import deck8  # noqa: E402
import recognition2  # noqa: E402

from assistant.vision import cards, synth  # noqa: E402
from assistant.vision import pisanki as vp  # noqa: E402
from assistant.vision.decode import decode  # noqa: E402

INDIGO = np.array([62, 26, 24], np.float32)  # the dark stock (BGR)


class Bleed:
    """A deck's Pisanki faces cut inside their border, on dark stock, 7:12, no rounding."""

    W, H = 196, 336

    def __init__(self, base, cut: float = 0.09) -> None:
        self.base, self.cut = base, cut

    def pisanki_face(self, card) -> np.ndarray:
        face = self.base.pisanki_face(card)
        h, w = face.shape[:2]
        dx, dy = round(self.cut * w), round(self.cut * w)
        face = face[dy:h - dy, dx:w - dx]
        # a dark print: the face's colours kept at a third of their light, on indigo stock
        out = 0.3 * face.astype(np.float32) + 0.7 * INDIGO
        return cv2.resize(out.astype(np.uint8), (self.W, self.H), interpolation=cv2.INTER_AREA)

    def pisanki_deck(self) -> list:
        return self.base.pisanki_deck()

    def mask(self) -> np.ndarray:
        return synth.rounded_mask(self.W, self.H, 3)


def outlines(n: int, seed: int) -> None:
    """The outline of each fresh table (recognition2's seeds), right or off, per ground."""
    by: dict[str, list[int]] = {}
    cpu = []
    for i in range(n):
        data, truth = recognition2.fresh_table(seed + i)
        img = decode(data)
        c0 = time.process_time()
        found = cards.find(img)
        cpu.append(time.process_time() - c0)
        try:
            quad, doubt = vp.locate(img, truth["rows"], truth["cols"], found)
        except vp.NoCardsFound:
            quad, doubt = np.zeros((4, 2), np.float32), "none"
        size = (img.shape[1], img.shape[0])
        err = recognition2.outline_error(quad.tolist(), truth, size)
        g = by.setdefault(truth["ground"], [0, 0, 0, 0])
        g[0] += 1
        g[1] += err < 0.03
        g[2] += err >= 0.03 and doubt is None  # off and not marked: silently wrong
        g[3] += doubt is not None
        print(f"  seed {seed + i} {truth['ground']:6s} {truth['rows']}x{truth['cols']} "
              f"cards found {len(found):2d} outline error {err:.3f}"
              + (f" (doubtful: {doubt})" if doubt else ""))
    for k, (t, ok, silent, doubtful) in sorted(by.items()):
        print(f"{k:6s}: outline within 3 % on {ok}/{t}, off and not marked {silent}, "
              f"marked doubtful {doubtful}")
    print(f"cards.find CPU seconds median {np.median(cpu):.3f} p95 {np.percentile(cpu, 95):.3f}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", type=int, choices=(2, 4, 6, 8), default=2)
    ap.add_argument("--tables", type=int, default=24)
    ap.add_argument("--seed", type=int, default=7200)
    ap.add_argument("--cells", action="store_true",
                    help="also register the deck and read the fresh tables' cells")
    ap.add_argument("--keep-border", action="store_true", help="the deck as drawn (no bleed)")
    args = ap.parse_args()
    base = {2: deck2, 4: deck4, 6: deck6, 8: deck8}[args.deck]
    drawn = args.keep_border or args.deck == 8  # deck 8 is drawn full bleed
    recognition2.D.deck = base if drawn else Bleed(base)
    recognition2.D.number = args.deck
    print(f"deck {args.deck} {'as drawn' if drawn else 'full bleed, dark, 7:12'}")
    outlines(args.tables, args.seed)
    if args.cells:
        recognition2.pisanki(args.tables, True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
