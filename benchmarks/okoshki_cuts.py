"""How far inside (or outside) its card each registered Okoshki face is cut, against the
synthetic layout photos' truth; and, with --oracle, the ids a registration cut exactly at
every card's true outline would give (is a wrong id the cut's fault, or the naming's?).

Per layout photo (seeds 7500.., as recognition2.py lays them): whether the cards were cut
apart (card by card) or as a grid of the table, and for a cut apart each side's inset as a
share of the card (+: inside the card), the mean, the worst, and the cards with a side over
4 % off. --oracle then registers from the same photos with every card cut at its true
outline and reads the zones 7600.. (as recognition2.py does).
Run: nice -n 10 .venv/bin/python benchmarks/okoshki_cuts.py [--deck 2|4|6] [--oracle] [--zones N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import deck2  # noqa: E402
import deck4  # noqa: E402
import deck6  # noqa: E402

from assistant.games import okoshki as ok  # noqa: E402
from assistant.vision import evaluate, layout, register, synth  # noqa: E402

UNIT = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])


def layout_photo(d, seed: int) -> tuple[bytes, dict]:
    """A layout photo of deck `d` as recognition2.py takes it, with its truth."""
    faces = d.okoshki_faces()
    grid = [[c.id for c in ok.DECK][r * 8:(r + 1) * 8] for r in range(6)]
    return synth.hand_table_photo(seed, grid, lambda cid: faces[cid], (d.W, d.H), d.mask(),
                                  turned=0.0, gap=(0.02, 0.05), ground="cloth")


def insets(quads: list[np.ndarray], truth: list, scale: float) -> np.ndarray:
    """Per card: left, right, top, bottom inset of its cut as a share of the true card."""
    out = []
    for q, t in zip(quads, truth, strict=True):
        m = cv2.getPerspectiveTransform(np.float32(t), UNIT)
        u = cv2.perspectiveTransform((q * scale)[None].astype(np.float32), m)[0]
        out.append(((u[0, 0] + u[3, 0]) / 2, 1 - (u[1, 0] + u[2, 0]) / 2,
                    (u[0, 1] + u[1, 1]) / 2, 1 - (u[2, 1] + u[3, 1]) / 2))
    return np.array(out)


def cuts(d, seeds: list[int]) -> None:
    """Print each layout photo's cut against its truth."""
    seen: list = []
    real = layout.aligned

    def spy(img, quads):
        out = real(img, quads)
        seen.append((img.shape, out))
        return out

    layout.aligned = spy
    try:
        for seed in seeds:
            data, truth = layout_photo(d, seed)
            seen.clear()
            faces, faults = layout.layout_cards(data)
            usable = sum(f is None for f in faults)
            if not seen:
                print(f"seed {seed}: cut as a grid of the table, {usable}/48 usable")
                continue
            shape, quads = seen[-1]
            # the cut apart is the one returned when its first face is what layout_cards gave
            big = layout.decode(data, 2 * layout.WORK_SIDE)
            s = big.shape[1] / shape[1]
            dst = np.float32([[0, 0], [layout.deck.W, 0], [layout.deck.W, layout.deck.H],
                              [0, layout.deck.H]])
            m = cv2.getPerspectiveTransform(quads[0].astype(np.float32) * s, dst)
            first = cv2.warpPerspective(big, m, (layout.deck.W, layout.deck.H),
                                        flags=cv2.INTER_AREA, borderValue=(0, 0, 0))
            how = "card by card" if np.array_equal(first, faces[0]) else "as a grid of the table"
            a = insets(quads, truth["cards"], synth.PHOTO_W / shape[1])
            print(f"seed {seed}: cut {how}, {usable}/48 usable; the cut apart's inset (left, "
                  f"right, top, bottom; + inside) mean {a.mean(0).round(3)}, worst "
                  f"{np.abs(a).max(0).round(3)}, cards with a side over 4 % off "
                  f"{int((np.abs(a) > 0.04).any(1).sum())}")
    finally:
        layout.aligned = real


def oracle(d, zones: int) -> None:
    """Register with every card cut at its true outline (where the layout is cut card by
    card: a layout cut as a grid of the table keeps its grid), then read the zones."""
    truths: dict[bytes, dict] = {}
    real_cut, real_aligned = layout._cut_apart, layout.aligned

    def cut_at_truth(data, img, quads, rows, cols):
        s = img.shape[1] / synth.PHOTO_W
        layout.aligned = lambda _img, _q: [np.float32(c) * s for c in truths[data]["cards"]]
        try:
            return real_cut(data, img, quads, rows, cols)
        finally:
            layout.aligned = real_aligned

    layout._cut_apart = cut_at_truth
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            photos: list[bytes] = []
            for k in range(3):
                data, truth = layout_photo(d, 7500 + k)
                truths[data] = truth
                photos.append(data)
                try:
                    register.register_okoshki_photos(photos, folder)
                    break
                except register.RegisterError as exc:
                    print(f"layout photo {k + 1}: {exc}")
            total = evaluate.Score()
            faces = d.okoshki_faces()
            for i in range(zones):
                photo = synth.okoshki_photo(7600 + i, 10 + (i * 7) % 21, faces, d.mask())
                sc = evaluate.score_okoshki([photo])
                for f in ("total", "right", "wrong_flagged", "wrong", "found", "invented",
                          "kind_right", "right_flagged"):
                    setattr(total, f, getattr(total, f) + getattr(sc, f))
                total.seconds += sc.seconds
                total.mistakes += sc.mistakes
            print(evaluate.okoshki_line(total, f"deck {d.__name__}, registered at the true "
                                               "outlines"))
            print(f"  wrong and not unsure {total.wrong - total.wrong_flagged}")
            for mistake in total.mistakes:
                print("  mistake:", mistake)
            register.use_folder(None)
    finally:
        layout._cut_apart = real_cut


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", type=int, choices=(2, 4, 6), default=4)
    ap.add_argument("--oracle", action="store_true")
    ap.add_argument("--zones", type=int, default=12)
    args = ap.parse_args()
    d = {2: deck2, 4: deck4, 6: deck6}[args.deck]
    cuts(d, [7500, 7501])
    if args.oracle:
        oracle(d, args.zones)
    return 0


if __name__ == "__main__":
    sys.exit(main())
