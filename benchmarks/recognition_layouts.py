"""The drawn deck (no registration) laid by hand: gaps of 2-10 %, ±2° turns, a quarter of the
cards turned 180°, on cloth, plaid, wood or light tables (synth.hand_table_photo), read by the
drawn-deck path; --border adds a white border (a share of the card's width on each side) as
some printings have. Issue 27 asks these to read like upright, touching cards, with whatever
is still wrong marked unsure (<= 0.5 % silent).
Run: nice .venv/bin/python benchmarks/recognition_layouts.py [--tables N] [--turned SHARE]
     [--gap LO HI] [--border SHARE] [--seed S]
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

from assistant.vision import deck, synth  # noqa: E402
from assistant.vision import pisanki as vp  # noqa: E402


def drawn_face(card, border: float = 0.0):
    """The drawn deck's face (None: the back), inside a white border of `border`."""
    face = deck.pisanki_back() if card is None else deck.pisanki_face(
        card.cloth, card.egg, card.double, card.flowers)
    b = round(border * deck.W)
    return cv2.copyMakeBorder(face, b, b, b, b, cv2.BORDER_CONSTANT, value=(246, 246, 246))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=12)
    ap.add_argument("--turned", type=float, default=0.25)
    ap.add_argument("--seed", type=int, default=8000)
    ap.add_argument("--gap", type=float, nargs=2, default=(0.02, 0.10))
    ap.add_argument("--border", type=float, default=0.0)
    args = ap.parse_args()
    kinds = deck.pisanki_cards()
    cells = right = silent = right_unsure = 0
    cpu: list[float] = []
    for s in range(args.seed, args.seed + args.tables):
        rng = np.random.default_rng(s)
        rows, cols = [(4, 6), (3, 6), (3, 5)][s % 3]
        picked = [kinds[i] for i in rng.permutation(len(kinds))[:rows * cols]]
        for i in rng.permutation(rows * cols)[:int(rng.integers(0, 3))]:
            picked[i] = None
        grid = [picked[r * cols:(r + 1) * cols] for r in range(rows)]
        b = round(args.border * deck.W)
        data, _ = synth.hand_table_photo(s, grid, lambda c: drawn_face(c, args.border),
                                         (deck.W + 2 * b, deck.H + 2 * b), turned=args.turned,
                                         gap=tuple(args.gap))
        c0 = time.process_time()
        res = vp.recognise(data, rows, cols)
        cpu.append(time.process_time() - c0)
        for r in range(rows):
            for c in range(cols):
                g = res.grid[r][c]
                cells += 1
                if g.card == grid[r][c]:
                    right += 1
                    right_unsure += g.unsure
                elif not g.unsure:
                    silent += 1
    print(f"Pisanki drawn deck, {args.tables} hand-laid tables (seeds {args.seed}-"
          f"{args.seed + args.tables - 1}, {args.turned:.0%} turned, gaps {args.gap[0]:.0%}-"
          f"{args.gap[1]:.0%}, white border {args.border:.0%}): {right}/{cells} right "
          f"({right / cells:.1%}), wrong and not unsure {silent} ({silent / cells:.1%}), right "
          f"marked unsure {right_unsure}/{right}, CPU s median {np.median(cpu):.2f} "
          f"p95 {np.percentile(cpu, 95):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
