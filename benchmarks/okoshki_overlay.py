"""Zone photos of benchmarks/okoshki_profile.py drawn with the truth and the answers over them,
to see what kind of card goes unfound.

Truth outlines: green when found and named right, orange when found and named wrong, RED when
not found; the answers (okoshki_profile.py --dump F): blue (thinner where marked unsure),
magenta when invented (no truth under it). Drawn over the photo as the recogniser saw it.
Run: .venv/bin/python benchmarks/okoshki_overlay.py --trait round --dump F --zones 7603,7605
     --out /tmp/overlays
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import okoshki_profile  # noqa: E402

from assistant.vision import decode, synth  # noqa: E402
from assistant.vision.okoshki_shape import iou  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", type=int, default=12)
    ap.add_argument("--trait", help="a deck_traits trait (with --deck 12)")
    ap.add_argument("--dump", required=True, help="okoshki_profile.py --dump's file")
    ap.add_argument("--seed", type=int, default=7600, help="okoshki_profile.py's --seed")
    ap.add_argument("--zones", help="zone seeds to draw (comma-separated; default: all dumped)")
    ap.add_argument("--out", default="/tmp/okoshki-overlay")
    args = ap.parse_args()
    if args.trait:
        import deck_traits

        dk = deck_traits.namespace(f"12-{args.trait}")
    else:
        dk = __import__(f"deck{args.deck}")
    faces = dk.okoshki_faces()
    answers = json.loads(Path(args.dump).read_text())
    seeds = [int(s) for s in args.zones.split(",")] if args.zones else sorted(map(int, answers))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        data, truth = synth.okoshki_photo(seed, okoshki_profile.zone_cards(seed - args.seed),
                                          faces, dk.mask())
        img = decode.decode(data)
        scale = img.shape[1] / synth.PHOTO_W
        found = [(a[0], bool(a[2]), np.array(a[3], np.float64)) for a in answers[str(seed)]]
        used: set[int] = set()
        lost, wrong = [], []
        for c in truth["cards"]:
            q = np.array(c["quad"]) * scale
            best = max(range(len(found)), key=lambda i: iou(found[i][2], q), default=-1)
            if best >= 0 and best not in used and iou(found[best][2], q) > 0.5:
                used.add(best)
                colour = (0, 200, 0) if found[best][0] == c["id"] else (0, 140, 255)
                if found[best][0] != c["id"]:
                    wrong.append(f"{c['id']}->{found[best][0]}{'?' if found[best][1] else ''}")
            else:
                colour = (0, 0, 255)
                lost.append(c["id"])
            cv2.polylines(img, [q.round().astype(np.int32)], True, colour, 3, cv2.LINE_AA)
            cv2.putText(img, c["id"], tuple(q.mean(0).round().astype(int) + (-40, 0)),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.5, colour, 2, cv2.LINE_AA)
        for i, (_cid, unsure, q) in enumerate(found):
            colour = (255, 80, 0) if i in used else (255, 0, 255)
            cv2.polylines(img, [q.round().astype(np.int32)], True, colour, 1 if unsure else 2,
                          cv2.LINE_AA)
        path = out / f"{seed}.png"
        cv2.imwrite(str(path), img)
        print(f"{path}: {len(truth['cards'])} cards, {len(found)} answers, not found: "
              f"{' '.join(lost) or '-'}; named wrong (? marked unsure): {' '.join(wrong) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
