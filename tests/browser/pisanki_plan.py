"""Realistic Pisanki display tables and the taps that enter one with the page's brushes.

A table is dealt from a deck shaped as RULES.md says (45 one-egg cards, 12 with one flower,
6 with two flowers, 6 with two flowers and no egg, 6 double eggs on the neutral cloth); the
split over colours is not in the rulebook, so cloths, eggs and flowers are drawn evenly.
`realistic_table(seed)` keeps the first deal with exactly three cloths, all six egg colours,
two double eggs, six flowers and one face-down card: the table issue 17 measures.

`plan(grid)` lists the taps a player makes with the brushes of static/js/pisanki.js: face down
first, then one pass of cloth + egg brushes ordered so that each change of brush is one tap,
then one pass of flowers. Each tap is ("tool", label) or ("cell", name).
"""

from __future__ import annotations

import random
from itertools import pairwise

CLOTHS = ("checked", "striped", "dotted")
EGGS = ("purple", "red", "orange", "yellow", "green", "blue")
FLOWERS = ("blue", "pink", "purple", "yellow")
ROWS, COLS = 4, 6


def deck(rng: random.Random) -> list[dict]:
    """The 75 exhibition cards with colours drawn evenly (the rulebook gives no split)."""
    cards = []

    def card(egg=True, flowers=0, double=False):
        cloth = "neutral" if double else rng.choice(CLOTHS)
        kind = rng.choice(FLOWERS)
        return {"cloth": cloth, "egg": rng.choice(EGGS) if egg else None, "double": double,
                "flowers": [kind] * flowers}

    cards += [card() for _ in range(45)]
    cards += [card(flowers=1) for _ in range(12)]
    cards += [card(flowers=2) for _ in range(6)]
    cards += [card(egg=False, flowers=2) for _ in range(6)]
    cards += [card(double=True) for _ in range(6)]
    rng.shuffle(cards)
    return cards


def fits(cards: list[dict]) -> bool:
    """Three cloths, six egg colours, two double eggs, six flowers (the face-down one apart)."""
    return (len({c["cloth"] for c in cards if c["cloth"] != "neutral"}) == 3
            and len({c["egg"] for c in cards if c["egg"]}) == 6
            and sum(c["double"] for c in cards) == 2
            and sum(len(c["flowers"]) for c in cards) == 6)


def realistic_table(seed: int) -> list[list[dict | None]]:
    """A 4×6 table as issue 17 describes it (None = the face-down card)."""
    rng = random.Random(seed)
    while True:
        cards = deck(rng)[:ROWS * COLS - 1]
        if fits(cards):
            down = rng.randrange(ROWS * COLS)
            cards.insert(down, None)
            return [cards[r * COLS:(r + 1) * COLS] for r in range(ROWS)]


def cell_name(r: int, c: int) -> str:
    """'B3' = column B, row 3."""
    return f"{chr(ord('A') + c)}{r + 1}"


def _order(states: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """An order of brush states where most changes are one tap (greedy from each start, 2-opt)."""
    def step(a, b):
        return (a[0] != b[0]) + (a[1] != b[1])

    def cost(seq):
        return 2 + sum(step(a, b) for a, b in pairwise(seq))

    best = None
    for start in states:
        seq, left = [start], [s for s in states if s != start]
        while left:
            nxt = min(left, key=lambda s: (step(seq[-1], s), s))
            seq.append(nxt)
            left.remove(nxt)
        improved = True
        while improved:
            improved = False
            for i in range(1, len(seq) - 1):
                for j in range(i + 1, len(seq)):
                    cand = seq[:i] + seq[i:j + 1][::-1] + seq[j + 1:]
                    if cost(cand) < cost(seq):
                        seq, improved = cand, True
        if best is None or cost(seq) < cost(best):
            best = seq
    return best or []


def plan(grid: list[list[dict | None]]) -> list[tuple[str, str]]:
    """The taps that enter `grid` with the page's brushes."""
    taps: list[tuple[str, str]] = []
    cells = [(r, c, grid[r][c]) for r in range(len(grid)) for c in range(len(grid[0]))]
    down = [cell_name(r, c) for r, c, card in cells if card is None]
    if down:
        taps.append(("tool", "Face down"))
        taps += [("cell", n) for n in down]
    by_state: dict[tuple[str, str], list[str]] = {}
    for r, c, card in cells:
        if card is not None:
            by_state.setdefault((card["cloth"], card["egg"] or "none"), []).append(cell_name(r, c))
    brush: tuple[str | None, str | None] = (None, None)
    for state in _order(sorted(by_state)):
        if state[0] != brush[0]:
            taps.append(("tool", f"Tablecloth {state[0]}"))
        if state[1] != brush[1]:
            taps.append(("tool", "No egg" if state[1] == "none" else f"Egg {state[1]}"))
        brush = state
        taps += [("cell", n) for n in by_state[state]]
    by_flower: dict[str, list[tuple[str, int]]] = {}
    for r, c, card in cells:
        if card is not None and card["flowers"]:
            # one tap gives a card with no egg both of its flowers
            n = 1 if card["egg"] is None else len(card["flowers"])
            by_flower.setdefault(card["flowers"][0], []).append((cell_name(r, c), n))
    for kind in sorted(by_flower):
        taps.append(("tool", f"Flower {kind}"))
        for name, n in by_flower[kind]:
            taps += [("cell", name)] * n
    return taps
