"""How far off its card each registered Okoshki face is cut (issue 27: a face cut askew makes
the close look compare photos with a face that is not the card).

The deck is registered as benchmarks/recognition2.py registers it (layout photos 7500..,
another while one is refused); then each registered face is aligned (ECC, a homography, coarse
to fine) onto the deck's true face as drawn (benchmarks/deckN.py), both at the registered
size. The cut's four corners taken into the true face give, per card, its largest corner
offset as a share of the card ("off": where the cut lies on the card) and the same less the
median cut of the 48 ("askew": a deck's cut may sit a little inside its drawn edge everywhere
alike, as the zones' cards are cut; only a card cut unlike the others is askew).
`--root` runs another checkout's registration (e.g. the base's) on the same photos; the
alignment is that checkout's `layout_refine.ecc_warp` (from 2026-12-07 10:00 UTC on).
Run: nice -n 10 .venv/bin/python benchmarks/okoshki_face_error.py --deck 10 [--root R]
     [--keep DIR] [--cards]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

CRIT = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 100, 1e-5)


def _flat(img: np.ndarray) -> np.ndarray:
    """A face in grey without its shading (glare, shadow, colour cast)."""
    g = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32) + 8
    g = g / cv2.GaussianBlur(g, (0, 0), g.shape[1] / 6)
    return ((g - g.mean()) / (g.std() + 1e-6)).astype(np.float32)


STEPS = ((0.25, cv2.MOTION_AFFINE), (0.5, cv2.MOTION_HOMOGRAPHY), (1.0, cv2.MOTION_HOMOGRAPHY))


def cut_corners(face: np.ndarray, true: np.ndarray) -> np.ndarray | None:
    """The registered face's corners in the true face, as shares of the card (4 × 2), or
    None when they could not be aligned."""
    from assistant.vision.layout_refine import ecc_warp

    h, w = face.shape[:2]
    warp = ecc_warp(_flat(face), _flat(true), steps=STEPS, crit=CRIT)
    if warp is None:
        return None
    corners = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    return cv2.perspectiveTransform(corners[None], warp)[0] / np.float32([w, h])


def errors(folder: Path, faces: dict, size: tuple[int, int]) -> tuple[list, np.ndarray]:
    """Per card (deck order): its id and its cut's corners in the true face (NaN: unaligned)."""
    from assistant.games import okoshki as ok

    ids, out = [], []
    for c in ok.DECK:
        face = cv2.imread(str(folder / f"{c.id}.png"))
        true = cv2.resize(faces[c.id], size, interpolation=cv2.INTER_AREA)
        got = None if face is None else cut_corners(cv2.resize(face, size), true)
        ids.append(c.id)
        out.append(np.full((4, 2), np.nan) if got is None else got)
    return ids, np.array(out)


def register(dk, r2, folder: Path) -> int:
    """Register deck `dk` into `folder` as recognition2.py does; how many photos it took."""
    from assistant.games import okoshki as ok
    from assistant.vision import register as reg
    from assistant.vision import synth

    faces = dk.okoshki_faces()
    grid = r2.layout([c.id for c in ok.DECK], 6, 8)
    photos = []
    for k in range(3):
        data, _ = synth.hand_table_photo(7500 + k, grid, lambda cid: faces[cid], (dk.W, dk.H),
                                         dk.mask(), turned=0.0, gap=(0.02, 0.05),
                                         ground="cloth")
        photos.append(data)
        try:
            reg.register_okoshki_photos(photos, folder)
            return len(photos)
        except reg.RegisterError as exc:
            print(f"  layout photo {k + 1}: {exc}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    ap.add_argument("--deck", type=int, nargs="+", default=[2, 4, 6, 8, 10, 12],
                    choices=(2, 4, 6, 8, 10, 12))
    ap.add_argument("--keep", help="keep each deck's registered folder under this folder")
    ap.add_argument("--cards", action="store_true", help="list the cards over 3 % askew")
    args = ap.parse_args()
    root = Path(args.root).resolve()
    sys.path.insert(0, str(root))
    sys.path.insert(0, str(root / "benchmarks"))
    import recognition2 as r2

    from assistant.vision import deck

    for n in args.deck:
        dk = __import__(f"deck{n}")
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(args.keep) / f"deck{n}" if args.keep else Path(tmp)
            folder.mkdir(parents=True, exist_ok=True)
            photos = register(dk, r2, folder)
            if not photos:
                print(f"deck {n}: not registered")
                continue
            ids, corners = errors(folder, dk.okoshki_faces(), (deck.W, deck.H))
        unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
        off = np.abs(corners - unit).reshape(len(ids), -1).max(axis=1)
        askew = np.abs(corners - np.nanmedian(corners, axis=0)).reshape(len(ids), -1).max(axis=1)
        lost = int(np.isnan(off).sum())
        print(f"deck {n} root {root.name} ({photos} layout photo(s)): off the card median "
              f"{np.nanmedian(off):.1%} worst {np.nanmax(off):.1%}; askew (against the deck's "
              f"median cut) median {np.nanmedian(askew):.1%} p90 "
              f"{np.nanpercentile(askew, 90):.1%} worst {np.nanmax(askew):.1%}, over 3 %: "
              f"{int((askew > 0.03).sum())}/48, over 5 %: {int((askew > 0.05).sum())}/48"
              + (f", unaligned {lost}" if lost else ""))
        if args.cards:
            for i in np.argsort(-np.nan_to_num(askew, nan=9)):
                if not askew[i] <= 0.03:
                    print(f"  {ids[i]}: askew {askew[i]:.1%}, corners "
                          f"{np.round(corners[i], 3).tolist()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
