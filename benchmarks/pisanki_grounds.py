"""Pisanki tables of a development deck all laid on one kind of table (e.g. the patterned
"plaid" one), after registering the deck as recognition2.py does.

recognition2.py's fresh tables draw their ground at random (cloth, plaid, wood or light), so a
deck's 12 tables hold two or three of any one kind; here every table is forced onto `--ground`
(the same hand-laid grids as recognition2's seeds; forcing the ground skips the photo maker's
draw of it, so the rest of each photo differs from recognition2's). Each table is learned
after it is read, as there. Prints, per table and in all: cells right, wrong and not marked
unsure (silent), right cells marked unsure, whether the outline was found card by card
(cards found by their own outline, by their sides, outline within 3 % of the truth, the
outline's doubt), and the CPU of reading it. `--save DIR` writes each photo with the true
outline (green), the outline found (red) and the cards found (blue: by their outline, yellow:
by their sides), to look at. `--root` reads with another checkout's code (the same photos).
Run: nice -n 10 .venv/bin/python benchmarks/pisanki_grounds.py --deck 8 --ground plaid
     [--tables 12] [--seed 7200] [--save DIR] [--dump F] [--root /path/to/other/checkout]
     [--dim 0.6] [--trait all (deck 12's variants)] [--plaid wide (a busier plaid)]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GROUNDS = ("cloth", "plaid", "wood", "light", "any")  # any: drawn as recognition2.py does


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=str(HERE.parent),
                    help="the checkout whose assistant/ reads the photos")
    ap.add_argument("--deck", type=int, choices=(2, 4, 6, 8, 10, 12), default=2,
                    help="a development deck (never a judge: 3, 5, 7, 9, 11)")
    ap.add_argument("--ground", choices=GROUNDS, default="plaid")
    ap.add_argument("--tables", type=int, default=12)
    ap.add_argument("--seed", type=int, default=7200, help="the first table's seed")
    ap.add_argument("--save", help="a folder for each table's PNG with its outlines drawn")
    ap.add_argument("--dump", help="write every cell's answer (card, confidence, unsure) here")
    ap.add_argument("--quiet", action="store_true", help="only the totals")
    ap.add_argument("--dim", type=float, default=1.0, help="print the deck darker: each "
                    "Pisanki face's light scaled by this (0.6: a dark deck whose lightest ink "
                    "lies well below a light table's)")
    ap.add_argument("--trait", help="with --deck 12: deck 12 with traits of another style "
                    "(benchmarks/deck_traits.py: miscut, round, 23, suitstock, outline, "
                    "halftone, midindex, all, ... or joined by +)")
    ap.add_argument("--plaid", choices=("default", "wide"), default="default",
                    help="wide: a stress: the plaid's bands darker and more saturated, "
                    "wider and of any period (the default photos' plaid is unchanged)")
    ap.add_argument("--outlines", action="store_true", help="only find each table's outline "
                    "(no registration, no cells read): many tables quickly")
    args = ap.parse_args()
    # the assistant read is --root's; the benchmarks (decks, registration) are this checkout's
    sys.path.insert(0, str(Path(args.root).resolve()))
    import assistant.vision  # noqa: F401  (imported first, so recognition2 keeps --root's)
    sys.path.insert(1, str(HERE))
    import cv2
    import numpy as np
    import recognition2 as r2

    from assistant.vision import cards, decode, register, synth
    from assistant.vision import pisanki as vp

    r2.D.deck, r2.D.number = __import__(f"deck{args.deck}"), args.deck
    if args.trait:
        if args.deck != 12:
            ap.error("--trait needs --deck 12")
        import deck_traits

        r2.D.deck = deck_traits.namespace(f"12-{args.trait}")
    if args.plaid == "wide":
        synth.background = _wide_plaid(synth, np, cv2)
    if args.dim != 1.0:
        r2.D.deck = _dimmed(r2.D.deck, args.dim, np)
    if args.ground == "any":
        args.ground = None
    if args.outlines:
        return _outlines(args, r2, vp, cards, decode)
    total = {"cells": 0, "right": 0, "silent": 0, "right_unsure": 0, "outline_ok": 0}
    cpu, answers = [], {}
    save = Path(args.save) if args.save else None
    if save:
        save.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        r2.pisanki_register(folder)
        for seed in range(args.seed, args.seed + args.tables):
            data, truth = r2.fresh_table(seed, args.ground)
            rows, cols = truth["rows"], truth["cols"]
            c0 = time.process_time()
            res = vp.recognise(data, rows, cols)
            cpu.append(time.process_time() - c0)
            err = r2.outline_error(res.quad, truth, res.size)
            total["outline_ok"] += err < 0.03
            img = decode.decode(data)  # how the outline was found (not timed)
            found = vp.find_cards(img, rows, cols)
            sides = sum(f.by_sides for f in found)
            fit = cards.table_fit(img, rows, cols, found)
            right = silent = right_unsure = 0
            wrong = []
            for r, row in enumerate(truth["grid"]):
                for c, want in enumerate(row):
                    got = res.grid[r][c]
                    if synth.card_json(got.card) == want:
                        right += 1
                        right_unsure += got.unsure
                    else:
                        silent += not got.unsure
                        wrong.append(f"r{r}c{c} {want} -> {synth.card_json(got.card)} "
                                     f"({got.confidence}{'' if got.unsure else ', SILENT'})")
            total["cells"] += rows * cols
            total["right"] += right
            total["silent"] += silent
            total["right_unsure"] += right_unsure
            answers[str(seed)] = [[synth.card_json(g.card), g.confidence, g.unsure]
                                  for row in res.grid for g in row]
            if not args.quiet:
                how = ("pinned" if fit is not None and fit[1] else
                       "not pinned" if fit is not None else "no fit")
                print(f"seed {seed} {rows}x{cols}: {right}/{rows * cols} right, {silent} silent, "
                      f"{right_unsure} right unsure; found {len(found) - sides} by outline + "
                      f"{sides} by sides ({how}); outline off {err:.1%}; CPU {cpu[-1]:.2f} s"
                      + (f"; wrong {'; '.join(wrong)}" if wrong else ""))
            if save:
                _draw(cv2, np, img, truth, res, found, save / f"deck{args.deck}-{args.ground}"
                      f"-{seed}.png")
            register.learn_pisanki(data, truth["grid"], folder)
        register.use_folder(None)
    n, c = total["cells"], np.array(cpu)
    name = f"{args.deck}-{args.trait}" if args.trait else args.deck
    print(f"deck {name} on {args.ground}, {args.tables} tables, root "
          f"{Path(args.root).resolve().name}: {total['right']}/{n} cells right "
          f"({total['right'] / n:.2%}), silent {total['silent']} ({total['silent'] / n:.2%}), "
          f"right unsure {total['right_unsure']} "
          f"({total['right_unsure'] / max(1, total['right']):.1%}), outline within 3 % on "
          f"{total['outline_ok']}/{args.tables}; CPU median {np.median(c):.2f} "
          f"p95 {np.percentile(c, 95):.2f} s")
    if args.dump:
        Path(args.dump).write_text(json.dumps(answers))
    return 0


def _dimmed(deck, k: float, np):
    """The deck with each Pisanki face's light scaled by `k` (the same cards, printed darker)."""
    from functools import cache
    from types import SimpleNamespace

    @cache
    def face(card):
        return np.clip(deck.pisanki_face(card).astype(np.float32) * k, 0, 255).astype(np.uint8)

    return SimpleNamespace(W=deck.W, H=deck.H, mask=deck.mask, pisanki_deck=deck.pisanki_deck,
                           pisanki_face=face)


def _wide_plaid(synth, np, cv2):
    """synth.background with a wider plaid: bands of any colour (dark and saturated too),
    a period of 20-140 px at a quarter of the photo, bands a fifth to a half of it."""
    plain = synth.background

    def background(rng, kind: str):
        if kind != "plaid":
            return plain(rng, kind)
        h, w = synth.PHOTO_H // 4, synth.PHOTO_W // 4
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        img = np.empty((h, w, 3), np.float32)
        img[:] = np.array(rng.uniform(90, 240, 3), np.float32)
        p = int(rng.integers(20, 140))
        share = float(rng.uniform(0.2, 0.5))
        for k, col in enumerate(rng.uniform(0, 255, (3, 3))):
            band = (((xx + k * p // 3) % p) < p * share) | (((yy + k * p // 3) % p) < p * share)
            mix = float(rng.uniform(0.4, 0.9))
            img[band] = img[band] * (1 - mix) + col * mix
        img = cv2.resize(img, (synth.PHOTO_W, synth.PHOTO_H), interpolation=cv2.INTER_LINEAR)
        synth._add_noise(img, rng, 5, 1)
        return img

    return background


def _outlines(args, r2, vp, cards, decode) -> int:
    """Each table's outline only: found card by card or not, within 3 % or not, doubted."""
    ok = off_marked = off_silent = by_cards = 0
    dump = {}
    for seed in range(args.seed, args.seed + args.tables):
        data, truth = r2.fresh_table(seed, args.ground)
        rows, cols = truth["rows"], truth["cols"]
        img = decode.decode(data)
        found = vp.find_cards(img, rows, cols)
        sides = sum(f.by_sides for f in found)
        fit = cards.table_fit(img, rows, cols, found)
        quad, doubt = vp.locate(img, rows, cols, found)
        doubt = vp.outline_doubt(quad, rows, cols, img.shape) or doubt
        err = r2.outline_error(quad.tolist(), truth, (img.shape[1], img.shape[0]))
        ok += err < 0.03
        off_marked += err >= 0.03 and doubt is not None
        off_silent += err >= 0.03 and doubt is None
        by_cards += fit is not None
        dump[str(seed)] = {"found": [[round(v, 2) for v in f.centre] for f in found],
                           "quad": quad.round(2).tolist(), "doubt": doubt}
        if not args.quiet:
            how = ("pinned" if fit is not None and fit[1] else
                   "not pinned" if fit is not None else "no fit")
            print(f"seed {seed} {rows}x{cols}: found {len(found) - sides} by outline + {sides} "
                  f"by sides ({how}); outline off {err:.1%}"
                  + (f" (doubt: {doubt})" if doubt else ""))
    print(f"deck {args.deck} on {args.ground}, {args.tables} tables from seed {args.seed}: "
          f"outline fitted to cards on {by_cards}, within 3 % on {ok}, off and doubted "
          f"{off_marked}, off and not doubted {off_silent}")
    if args.dump:
        Path(args.dump).write_text(json.dumps(dump))
    return 0


def _draw(cv2, np, img, truth: dict, res, found: list, path: Path) -> None:
    """The photo (working size) with the true outline, the found one and the cards found."""
    out = img.copy()
    scale = res.size[0] / 4000  # synth.PHOTO_W
    cv2.polylines(out, [np.int32(np.array(truth["quad"]) * scale)], True, (0, 200, 0), 3)
    cv2.polylines(out, [np.int32(res.quad)], True, (0, 0, 255), 2)
    for f in found:
        box = cv2.boxPoints(((f.centre[0], f.centre[1]), (f.size[0], f.size[1]),
                             float(np.rad2deg(f.angle))))
        cv2.polylines(out, [np.int32(box)], True, (0, 255, 255) if f.by_sides else (255, 0, 0),
                      2)
    cv2.imwrite(str(path), out)


if __name__ == "__main__":
    sys.exit(main())
