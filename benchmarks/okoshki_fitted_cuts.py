"""How far off the deck's common frame each card of a full-bleed Okoshki layout is cut, when
no light outline shows and every card is fitted in the layout's grid where its colour edges
are (layout.layout_cards' fitted path): the fit alone, then aligned as the code before
aligned it (a move of 8 % at most, else none) and as it aligns now (layout.ALIGN_MOST, 12 %,
else the best shift), as cards laid apart were aligned before too.

Per card: its outline's corners taken into the true card's own frame (truth of the synthetic
layout photo, seed 7500 as recognition2.py lays it), less the median over the 48 cards (a
deck's cut may sit a little inside or outside its drawn edge everywhere alike: that is no
misalignment); the largest corner offset, as a share of the card.
Run: nice -n 10 .venv/bin/python benchmarks/okoshki_fitted_cuts.py [--deck 7 8 10]
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import recognition2 as r2  # noqa: E402

from assistant.games import okoshki as ok  # noqa: E402
from assistant.vision import layout, layout_fit, synth  # noqa: E402
from assistant.vision.decode import decode  # noqa: E402

UNIT = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])


def off_frame(quads: list[np.ndarray], truth: list[np.ndarray]) -> np.ndarray:
    """Per card, its cut's largest corner offset from the cards' common cut (card shares)."""
    inside = np.array([cv2.perspectiveTransform(
        np.float32(q)[None], cv2.getPerspectiveTransform(np.float32(t), UNIT))[0]
        for q, t in zip(quads, truth, strict=True)])
    return np.abs(inside - np.median(inside, axis=0)).reshape(len(inside), -1).max(axis=1)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", type=int, nargs="+", default=[7, 8, 10])
    args = ap.parse_args()
    for n in args.deck:
        dk = importlib.import_module(f"deck{n}")
        faces = dk.okoshki_faces()
        grid = r2.layout([c.id for c in ok.DECK], 6, 8)
        data, truth = synth.hand_table_photo(7500, grid, lambda cid, f=faces: f[cid],
                                             (dk.W, dk.H), dk.mask(), turned=0.0,
                                             gap=(0.02, 0.05), ground="cloth")
        img = decode(data)
        true = [np.float32(t) * img.shape[1] / synth.PHOTO_W for t in truth["cards"]]
        fitted = layout_fit.fit_in_table(img, 6, 8)
        if fitted is None:
            print(f"deck {n}: the layout's grid was not fitted")
            continue
        cuts = {"fitted": fitted,
                # the code before: a move over 8 % refused, the card cut where fitted
                "aligned before (8 %, no shift)": layout.aligned(img, fitted, 0.08, shift=False),
                "aligned now (ALIGN_MOST, else shifted)": layout.aligned(img, fitted)}
        for name, quads in cuts.items():
            e = off_frame(quads, true)
            print(f"deck {n} {name}: off the common frame median {np.median(e):.1%}, "
                  f"p90 {np.percentile(e, 90):.1%}, worst {e.max():.1%}; "
                  f"over 5 %: {int((e > 0.05).sum())}/48")
    return 0


if __name__ == "__main__":
    sys.exit(main())
