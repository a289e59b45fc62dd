"""Realistic Pisanki display tables and the taps that enter one with the page's brushes.

A table is dealt from a deck shaped as RULES.md says (45 one-egg cards, 12 with one flower,
6 with two flowers, 6 with two flowers and no egg, 6 double eggs on the neutral cloth); the
split over colours is not in the rulebook, so cloths, eggs and flowers are drawn evenly.
`realistic_table(seed)` keeps the first deal with exactly three cloths, all six egg colours,
two double eggs, six flowers and one face-down card: the table issue 17 measures.

Three ways players really paint a table with the page's brushes (static/js/pisanki.js), each
a list of taps (kind, value): ("cell", "B3"), or a brush button by its data-kind and
data-value: ("card", "checked/red"), ("cloth", "dotted"), ("egg", "none"), ("flower", "pink"),
("tool", "down"). Every way goes as a person would, with no look-ahead: cards and kinds in
reading order, a brush changed only where it differs from the one in hand.

- `by_kind`: one brush per kind of card: face down first, then for each kind of card as it
  first appears, its brush (the card of that cloth and egg, its flowers) and all its cells.
- `by_pass`: a cloth pass, then an egg pass, then a flower pass (each colour as it appears).
- `card_by_card`: tap A1, then each card's parts in turn (its card of cloth and egg, or its
  cloth alone when it has no egg; its flowers; face down); the next card follows by itself.

`drive(page, taps)` makes the taps in Chromium and counts the scrolls a finger needs.
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


# The order of brush states benchmarks/pisanki_register_taps.py plans a deck's tables with.
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


def _cards(grid):
    return [(cell_name(r, c), grid[r][c]) for r in range(len(grid)) for c in range(len(grid[0]))]


def pick(brush: dict, kind: str, value: str) -> dict:
    """The brush after tapping a brush button (the rules of tapTool in static/js/pisanki.js)."""
    b = dict(brush)
    if kind == "card":
        cloth, egg = value.split("/")
        b = {"cloth": cloth, "egg": egg}
    elif kind == "flower" and b.get("flower") == value and not b.get("two"):
        b["two"] = True
    elif b.get(kind) == value:
        b.pop(kind)
        b.pop("two", None)
    elif kind == "tool" or "tool" in b or (b.get("used") and kind not in b):
        b = {kind: value}
    else:
        b[kind] = value
        if kind == "flower":
            b.pop("two", None)
    b.pop("used", None)
    return b


def _flower_taps(card: dict) -> int:
    """Taps of a flower brush on a card: a card with no egg gets both flowers in one."""
    return 1 if card["egg"] is None else len(card["flowers"])


def by_kind(grid: list[list[dict | None]]) -> list[tuple[str, str]]:
    """One brush per kind of card, the kinds in the order they first appear."""
    cards = _cards(grid)
    taps: list[tuple[str, str]] = []
    down = [n for n, card in cards if card is None]
    if down:
        taps += [("tool", "down")] + [("cell", n) for n in down]
    brush: dict = {"tool": "down"} if down else {}
    kinds: dict[tuple, list[str]] = {}
    for n, card in cards:
        if card is not None:
            kinds.setdefault((card["cloth"], card["egg"], tuple(card["flowers"])), []).append(n)
    for (cloth, egg, flowers), names in kinds.items():
        want = _reach(brush, cloth, egg, flowers)
        for kind, value in want:
            brush = pick(brush, kind, value)
        taps += want + [("cell", n) for n in names]
        brush["used"] = True
    return taps


def _state(b: dict) -> tuple:
    """What a brush paints on an empty cell: cloth, egg, flower kind, flower count."""
    return (b.get("cloth"), b.get("egg", "none"), b.get("flower"),
            2 if b.get("two") else 1 if b.get("flower") else 0)


def _reach(brush: dict, cloth: str, egg: str | None, flowers: tuple) -> list[tuple[str, str]]:
    """The fewest brush taps (of the few buttons that show this card) from `brush` to one that
    paints the card; the card of its cloth and egg first, as a person picks it."""
    need = (cloth, egg or "none", flowers[0] if flowers else None,
            len(flowers) if egg is not None else len(flowers) // 2)
    buttons = ([("card", f"{cloth}/{egg}")] if egg else []) + [("cloth", cloth), ("egg", egg or "none")]
    buttons += [("flower", flowers[0])] if flowers else []
    level = [([], brush)]
    for _ in range(6):
        for seq, b in level:
            if _state(b) == need and (seq or not b.get("used") or not flowers):
                return seq
        level = [(seq + [t], pick(b, *t)) for seq, b in level for t in buttons]
    raise AssertionError(f"no brush paints {need}")


def by_pass(grid: list[list[dict | None]]) -> list[tuple[str, str]]:
    """Face down, a cloth pass, an egg pass, then a flower pass (as the page's help says)."""
    cards = _cards(grid)
    taps: list[tuple[str, str]] = []
    down = [n for n, card in cards if card is None]
    if down:
        taps += [("tool", "down")] + [("cell", n) for n in down]
    face_up = [(n, card) for n, card in cards if card is not None]
    for part in ("cloth", "egg"):
        groups: dict[str, list[str]] = {}
        for n, card in face_up:
            if card[part] is not None:
                groups.setdefault(card[part], []).append(n)
        for value, names in groups.items():
            taps += [(part, value)] + [("cell", n) for n in names]
    groups = {}
    for n, card in face_up:
        if card["flowers"]:
            groups.setdefault(card["flowers"][0], []).extend([n] * _flower_taps(card))
    for value, names in groups.items():
        taps += [("flower", value)] + [("cell", n) for n in names]
    return taps


def card_by_card(grid: list[list[dict | None]]) -> list[tuple[str, str]]:
    """Tap A1, then each card's parts in reading order: the next card follows by itself."""
    taps: list[tuple[str, str]] = [("cell", "A1")]
    for _name, card in _cards(grid):
        if card is None:
            taps.append(("tool", "down"))
            continue
        taps.append(("card", f"{card['cloth']}/{card['egg']}") if card["egg"] else ("cloth", card["cloth"]))
        if card["flowers"]:
            taps += [("flower", card["flowers"][0])] * _flower_taps(card)
    return taps


WAYS = {"one brush per kind": by_kind, "cloth, egg, flower passes": by_pass,
        "card by card": card_by_card}

# Fully in view and on top (the sticky bar or top bar over it would take the tap): inside the
# screen, and the centre and four points a fifth in from the corners (rounded corners aside)
# are the element itself.
IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
  return [[.5, .5], [.2, .2], [.8, .2], [.2, .8], [.8, .8]].every(([fx, fy]) => {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    const top = document.elementFromPoint(x, y); return !!top && (top === el || el.contains(top)); }); }"""
# What a finger does when the next target is out of reach: bring the grid up under the top
# bar (the brushes then sit under it); anything else, to the middle of the screen.
SCROLL = """(el) => { const grid = document.querySelector('#p-entry .p-grid');
  if (el.closest('#p-entry') && grid) grid.scrollIntoView({block: 'start', behavior: 'instant'});
  if (!(IN_VIEW)(el)) el.scrollIntoView({block: 'center', behavior: 'instant'}); }""".replace(
    "IN_VIEW", IN_VIEW)


def target(page, kind: str, value: str):
    """The button of one planned tap."""
    if kind == "cell":
        return page.locator(f'#p-entry .p-cell[data-name="{value}"]')
    return page.locator(f'#p-entry .tool[data-kind="{kind}"][data-value="{value}"]')


def drive(page, taps: list[tuple[str, str]], during=None) -> tuple[int, int]:
    """Make `taps` in the page; return (taps, scrolls): a scroll is a target that was not
    fully in view and on top when its turn came. `during(i)` is called before tap i."""
    scrolls = 0
    for i, (kind, value) in enumerate(taps):
        if during:
            during(i)
        el = target(page, kind, value).element_handle()
        if not page.evaluate(IN_VIEW, el):
            scrolls += 1
            page.evaluate(SCROLL, el)
            assert page.evaluate(IN_VIEW, el), f"{kind} {value} out of reach after a scroll"
        el.click()
    return len(taps), scrolls


def want(grid: list[list[dict | None]]) -> list[list[dict]]:
    """The table as the server keeps it (a face-down card is {"down": true})."""
    return [[{"down": True} if c is None else c for c in row] for row in grid]
