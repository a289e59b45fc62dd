"""Registration layout photos cut right, cut wrong or refused (issue 27): per photo (made as
recognition2.py's okoshki() makes it), the path taken, how many cut centres lie over 0.2 card
widths from the truth, how the cut faces agree (layout_check: the median rim agreement, the
outer sides) and the CPU of layout_cards.

    python benchmarks/layout_cut_check.py 8,10 7700-7720
    python benchmarks/layout_cut_check.py 12-outline,12-miscut 7500-7502,7800

Development decks only (2, 4, 6, 8, 10, 12 and deck 12's variants in deck_traits.py)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import deck_traits  # noqa: E402
import recognition2 as r2  # noqa: E402

from assistant.games import okoshki as ok  # noqa: E402
from assistant.vision import layout, layout_check, synth  # noqa: E402
from assistant.vision.decode import decode  # noqa: E402

OFF = 0.2  # a cut centre this many card widths from the card's is a card cut wrong


def seeds(text: str) -> list[int]:
    """"7500-7505,7800" as a list of seeds."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def deck_of(name: str):
    """A development deck (its number) or one of deck 12's variants ("12-outline")."""
    return deck_traits.namespace(name) if name.startswith("12-") else __import__(f"deck{name}")


def main() -> None:
    grid = r2.layout([c.id for c in ok.DECK], 6, 8)
    wrong = refused = 0
    for name in sys.argv[1].split(","):
        dk = deck_of(name)
        faces = dk.okoshki_faces()
        for seed in seeds(sys.argv[2]):
            data, truth = synth.hand_table_photo(seed, grid, faces.__getitem__,
                                                 (dk.W, dk.H), dk.mask(), turned=0.0,
                                                 gap=(0.02, 0.05), ground="cloth")
            scale = decode(data).shape[1] / synth.PHOTO_W
            true = [np.float32(q) * scale for q in truth["cards"]]
            fitted: list = []
            cuts: list = []
            t = time.process_time()
            try:
                cut, faults = layout.layout_cards(data, quads_out=fitted, cuts_out=cuts)
            except layout.RegisterError as exc:
                refused += 1
                print(f"{name} {seed} refused ({time.process_time() - t:.1f} s CPU): {exc}",
                      flush=True)
                continue
            cpu = time.process_time() - t
            if len(cuts) != len(true):
                print(f"{name} {seed} grid cut blind (no outlines) {cpu:.1f} s CPU", flush=True)
                continue
            width = float(np.median([np.linalg.norm(q[1] - q[0]) for q in true]))
            off = [float(np.linalg.norm(np.float32(c).mean(axis=0) - q.mean(axis=0))) / width
                   for c, q in zip(cuts, true, strict=True)]
            bad = sum(o > OFF for o in off)
            silent = sum(o > OFF and f is None for o, f in zip(off, faults, strict=True))
            wrong += silent > 0
            print(f"{name} {seed} {'fitted' if fitted else 'apart'}: {bad} cut off their card "
                  f"({silent} not marked), agreement {layout_check.agreement(cut):.2f}, outer "
                  f"sides {layout_check.outer_sides(cut, 6, 8):.2f}, {cpu:.1f} s CPU",
                  flush=True)
    print(f"photos with cards cut wrong and not marked: {wrong}; refused: {refused}")


if __name__ == "__main__":
    main()
