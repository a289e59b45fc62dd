"""How many taps registering a whole Pisanki deck takes (issue 14: at most 150).

The player lays the 75 exhibition cards and the card back out as four 4×6 tables (the fourth
with the last three cards, the back and any twenty cards again), as the deck page says,
photographs each on a two-player Pisanki table page, corrects the page's guesses with the
painter's brushes (the guesses come from the cards registered so far; for the first table, from
the drawn deck), ticks "Also learn my cards from this photo" and uses the table. Taps per
table: the camera button, the shutter, dragging the outline's four corners when it is off, the
corrections, the tick and "use".

Corrections follow the brush rules of static/js/pisanki.js: a tablecloth+egg brush repaints a
card's cloth and egg and keeps its flowers (one tap per brush change, as in
tests/browser/pisanki_plan.py, one per cell); a flower brush cycles one kind on a card with an
egg ([] -> [f] -> [f, f] -> []) and gives a card with no egg both flowers at once; "face down"
is a tool and a tap. The photos are benchmarks/deck2.py's (the judge deck, seeds 7050–7053 as
recognition2.py registers it), or the drawn deck's with --drawn.

    nice .venv/bin/python benchmarks/pisanki_register_taps.py [--drawn]
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

import deck2  # noqa: E402

from assistant.vision import deck, register, synth  # noqa: E402
from assistant.vision import pisanki as vp  # noqa: E402
from tests.browser.pisanki_plan import _order  # noqa: E402

PER_TABLE = 4  # camera button, shutter, the "learn" tick, use the table


def flower_taps(have: list[str], want: list[str], egg: bool) -> list[tuple[str, int]]:
    """(flower brush, taps on the cell) that turn a card's flowers from `have` into `want`."""
    if have == want:
        return []
    if not egg:  # no egg: one tap gives the pair; a tap on the same pair clears it
        return [(want[0], 1)] if want else [(have[0], 1)]
    out = []
    if have and (not want or have[0] != want[0]):  # clear the wrong kind first
        out.append((have[0], 1 if len(have) == 2 else 2))
        have = []
    if want:
        out.append((want[0], len(want) - len(have)))
    return out


def correction_taps(guess: list[list[dict | None]], want: list[list[dict | None]]) -> int:
    """Taps that turn the page's guessed grid into the true one with the painter."""
    taps = 0
    cells = [(g, w) for grow, wrow in zip(guess, want, strict=True)
             for g, w in zip(grow, wrow, strict=True)]
    down = [1 for g, w in cells if w is None and g is not None]
    if down:
        taps += 1 + len(down)
    states: dict[tuple[str, str], int] = {}
    flowers: dict[str, int] = {}
    for g, w in cells:
        if w is None:
            continue
        have = g if g is not None else {"cloth": None, "egg": None, "flowers": []}
        if (have["cloth"], have["egg"]) != (w["cloth"], w["egg"]):
            key = (w["cloth"], w["egg"] or "none")
            states[key] = states.get(key, 0) + 1
        for kind, n in flower_taps(list(have["flowers"]), list(w["flowers"]), bool(w["egg"])):
            flowers[kind] = flowers.get(kind, 0) + n
    order = _order(sorted(states))
    prev: tuple[str | None, str | None] = (None, None)
    for state in order:
        taps += (state[0] != prev[0]) + (state[1] != prev[1]) + states[state]
        prev = state
    taps += sum(1 + n for n in flowers.values())
    return taps


def tables(drawn: bool) -> tuple[list, object, tuple[int, int], np.ndarray | None]:
    """The four registration layouts, the face drawer, the card size and its shape."""
    if drawn:
        rng = np.random.default_rng(3)
        pool = deck.pisanki_cards()
        cards = [pool[i] for i in rng.permutation(len(pool))[:75]]

        def face(c):
            return deck.pisanki_back() if c is None else deck.pisanki_face(c.cloth, c.egg,
                                                                            c.double, c.flowers)
        size, shape = (deck.W, deck.H), None
    else:
        cards, face, size, shape = (deck2.pisanki_deck(), deck2.pisanki_face,
                                    (deck2.W, deck2.H), deck2.mask())
    rng = np.random.default_rng(70)
    order = [cards[i] for i in rng.permutation(len(cards))]

    def layout(cs, rows, cols):
        return [cs[r * cols:(r + 1) * cols] for r in range(rows)]

    grids = [layout(order[0:24], 4, 6), layout(order[24:48], 4, 6), layout(order[48:72], 4, 6),
             layout(order[72:75] + [None] + order[:20], 4, 6)]
    return grids, face, size, shape


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--drawn", action="store_true", help="the app's drawn deck, not deck 2")
    args = ap.parse_args()
    grids, face, size, shape = tables(args.drawn)
    total = 0
    register.use_folder(None)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for k, grid in enumerate(grids):
            data, truth = synth.hand_table_photo(7050 + k, grid, face, size, shape)
            want = [[synth.card_json(c) for c in row] for row in grid]
            res = vp.recognise(data, len(grid), len(grid[0]))
            taps, corners = PER_TABLE, None
            q = np.array(truth["quad"]) * res.size[0] / synth.PHOTO_W
            if np.abs(np.array(res.quad) - q).max() / np.linalg.norm(q[2] - q[0]) >= 0.03:
                corners = q.tolist()  # the player drags the four corners; the table is read again
                res = vp.recognise(data, len(grid), len(grid[0]), corners)
                taps += 4
            guess = [[synth.card_json(g.card) for g in row] for row in res.grid]
            wrong = sum(g != w for grow, wrow in zip(guess, want, strict=True)
                        for g, w in zip(grow, wrow, strict=True))
            fix = correction_taps(guess, want)
            taps += fix
            total += taps
            print(f"table {k + 1} ({len(grid)}×{len(grid[0])}): {wrong} cells guessed wrong, "
                  f"{fix} correction taps, {taps} taps in all")
            register.learn_pisanki(data, want, folder, corners)
        register.use_folder(None)
    print(f"{'drawn deck' if args.drawn else 'deck 2'}: the whole deck registered in {total} taps "
          f"(goal: at most 150)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
