"""Is a wrong Okoshki id the registration cut's fault? The deck is registered from its first
layout photo (seed 7500, as benchmarks/recognition2.py lays it) with every card cut exactly
at its true outline (the truth of the synthetic photo), then the 12 zones of recognition2.py
are read. Ids as wrong as with the registered cut: the naming, not the cut, is at fault.

Only a layout cut card by card is cut at the truth (layout.aligned gives every cut's outline);
a deck whose first photo is refused (glare) is not registered here.
Run: nice -n 10 .venv/bin/python benchmarks/okoshki_cut_oracle.py --deck 10
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import recognition2 as r2  # noqa: E402

from assistant.games import okoshki as ok  # noqa: E402
from assistant.vision import evaluate, layout, layout_refine, register, synth  # noqa: E402
from assistant.vision.decode import decode  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", type=int, choices=(2, 4, 6, 8, 10, 12), default=10)
    ap.add_argument("--zones", type=int, default=12)
    args = ap.parse_args()
    dk = __import__(f"deck{args.deck}")
    faces = dk.okoshki_faces()
    grid = r2.layout([c.id for c in ok.DECK], 6, 8)
    data, truth = synth.hand_table_photo(7500, grid, lambda cid: faces[cid], (dk.W, dk.H),
                                         dk.mask(), turned=0.0, gap=(0.02, 0.05),
                                         ground="cloth")
    s = decode(data).shape[1] / synth.PHOTO_W
    true = [np.float32(t) * s for t in truth["cards"]]
    layout.aligned = lambda _img, _quads, *_a, **_k: [t.copy() for t in true]
    layout_refine.straighten = lambda _img, quads: quads
    total, exact = evaluate.Score(), 0
    with tempfile.TemporaryDirectory() as tmp:
        register.register_okoshki_photos([data], Path(tmp))
        for i in range(args.zones):
            photo = synth.okoshki_photo(7600 + i, 10 + (i * 7) % 21, faces, dk.mask())
            sc = evaluate.score_okoshki([photo])
            exact += sc.found == sc.total and sc.wrong == 0 and sc.invented == 0
            for f in ("total", "right", "wrong_flagged", "wrong", "found", "invented",
                      "right_flagged"):
                setattr(total, f, getattr(total, f) + getattr(sc, f))
            total.mistakes += sc.mistakes
        register.use_folder(None)
    print(f"deck {args.deck} registered at the true outlines: found {total.found}/{total.total}, "
          f"right {total.right}, wrong {total.wrong} (marked {total.wrong_flagged}), invented "
          f"{total.invented}, right marked unsure {total.right_flagged}, zones exact "
          f"{exact}/{args.zones}")
    for m in total.mistakes:
        print("  mistake:", m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
