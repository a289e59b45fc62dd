"""Pisanki end-of-game scoring: every scoring card, majorities, the Bunny, with the why.

Everything here follows shared/RULES.md (Pisanki) and rulebooks/pisanki.txt. A grid is a list
of rows; a cell is a Card or None (face down: an empty basket).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from assistant.messages import N_, Message, join, nmsg

CLOTHS = ("checked", "striped", "dotted", "neutral")
EGGS = ("purple", "red", "orange", "yellow", "green", "blue")
FLOWERS = ("blue", "pink", "purple", "yellow")
# The colours eggs and flowers are painted in (RGB): the reference deck draws its faces with
# them (vision/deck.py) and the pages paint with them (web/pisanki.colours, a stylesheet).
EGG_COLOURS = {"purple": "#823296", "red": "#d72828", "orange": "#f56e00", "yellow": "#f0e628",
               "green": "#28a546", "blue": "#1e64c8"}
FLOWER_COLOURS = {"blue": "#28c8f0", "pink": "#ffa0cd", "purple": "#641496", "yellow": "#ffdc00"}
LINES = (*(f"egg:{e}" for e in EGGS), "flowers", "tablecloths", "display")
GRID_SIZES = {2: (4, 6), 3: (4, 6), 4: (3, 6), 5: (3, 5)}  # players -> rows, cols
MAJORITY_POINTS = {1: (12, 6, 3), 11: (10, 5, 2), 16: (14, 7, 3)}
MAX_DOUBLES = 6
MAX_FLOWER_ONLY = 6

Pos = tuple[int, int]


# The words a player reads for an egg, a tablecloth and a flower (translated where shown).
EGG_WORDS = {"purple": N_("purple egg"), "red": N_("red egg"), "orange": N_("orange egg"),
             "yellow": N_("yellow egg"), "green": N_("green egg"), "blue": N_("blue egg")}
CLOTH_WORDS = {"checked": N_("checked cloth"), "striped": N_("striped cloth"),
               "dotted": N_("dotted cloth"), "neutral": N_("neutral cloth")}
FLOWER_WORDS = {"blue": N_("blue flower"), "pink": N_("pink flower"),
                "purple": N_("purple flower"), "yellow": N_("yellow flower")}


def egg_word(egg: str) -> Message:
    """'red egg' as a Message."""
    return Message(EGG_WORDS.get(egg, egg))


def cloth_word(cloth: str) -> Message:
    """'striped cloth' as a Message."""
    return Message(CLOTH_WORDS.get(cloth, cloth))


def flower_word(flower: str) -> Message:
    """'blue flower' as a Message."""
    return Message(FLOWER_WORDS.get(flower, flower))


class PisankiError(ValueError):
    """Input that is not a Pisanki end of game; the message names the place."""


@dataclass(frozen=True)
class Card:
    """An exhibition card: its tablecloth, its egg (or none), double egg, flowers."""

    cloth: str
    egg: str | None = None
    double: bool = False
    flowers: tuple[str, ...] = ()

    @property
    def eggs(self) -> int:
        """Eggs on the card (a double egg is 2)."""
        return 0 if self.egg is None else (2 if self.double else 1)


Grid = tuple[tuple[Card | None, ...], ...]


@dataclass(frozen=True)
class Why:
    """One reason for points: how many, on which cells, and a sentence."""

    points: int
    cells: tuple[Pos, ...]
    text: str | Message  # a Message: English in the API, the phone's language on pages


@dataclass
class Line:
    """A score sheet line of one player: its points and the reasons."""

    points: int = 0
    why: list[Why] = field(default_factory=list)

    def add(self, points: int, cells: Iterable[Pos], text: str | Message) -> None:
        """Count points with their reason."""
        self.points += points
        self.why.append(Why(points, tuple(cells), text))


@dataclass(frozen=True)
class Player:
    """A player's name and display table."""

    name: str
    grid: Grid


@dataclass(frozen=True)
class Game:
    """The end of a game: scoring cards in play, players in seating order, the Bunny."""

    eggs: Mapping[str, int]
    flowers: int
    tablecloths: int
    display: int
    players: tuple[Player, ...]
    bunny: Mapping[str, int] | None = None


# -- geometry -------------------------------------------------------------------------------
ORTH = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAG = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def cell_name(pos: Pos) -> str:
    """'B3' = column B, row 3 (as players read a table: letters across, numbers down)."""
    r, c = pos
    return f"{chr(ord('A') + c)}{r + 1}"


def at(grid: Grid, r: int, c: int) -> Card | None:
    """The face-up card at (r, c), or None (outside the grid or face down)."""
    if 0 <= r < len(grid) and 0 <= c < len(grid[0]):
        return grid[r][c]
    return None


def neighbours(grid: Grid, pos: Pos, steps: Sequence[Pos]) -> list[tuple[Pos, Card]]:
    """Face-up neighbours in the given directions (face-down ones are ignored by every rule)."""
    out = []
    for dr, dc in steps:
        card = at(grid, pos[0] + dr, pos[1] + dc)
        if card is not None:
            out.append(((pos[0] + dr, pos[1] + dc), card))
    return out


def cells(grid: Grid) -> list[tuple[Pos, Card]]:
    """Every face-up card with its position."""
    return [((r, c), card) for r, row in enumerate(grid) for c, card in enumerate(row)
            if card is not None]


def groups(grid: Grid, key: Callable[[Card], Any]) -> list[list[Pos]]:
    """Orthogonally connected groups of face-up cards with the same key (key None = no group)."""
    seen: set[Pos] = set()
    found = []
    for pos, card in cells(grid):
        k = key(card)
        if pos in seen or k is None:
            continue
        group, todo = [], [pos]
        seen.add(pos)
        while todo:
            p = todo.pop()
            group.append(p)
            for q, other in neighbours(grid, p, ORTH):
                if q not in seen and key(other) == k:
                    seen.add(q)
                    todo.append(q)
        found.append(sorted(group))
    return found


def has_egg(egg: str) -> Callable[[Card], bool | None]:
    """Key for groups of cards with this egg."""
    return lambda card: True if card.egg == egg else None


def flower_count(card: Card, kind: str | None = None) -> int:
    """Flowers on a card (of one kind, when given)."""
    return sum(1 for f in card.flowers if kind is None or f == kind)


# -- shapes -----------------------------------------------------------------------------------
def _orientations(shape: Iterable[Pos]) -> list[frozenset[Pos]]:
    out = set()
    pts = list(shape)
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]  # rotate 90°
        for mirror in (False, True):
            q = [(r, -c) for r, c in pts] if mirror else pts
            mr, mc = min(r for r, _ in q), min(c for _, c in q)
            out.add(frozenset((r - mr, c - mc) for r, c in q))
    return sorted(out, key=sorted)


SHAPES: dict[int, tuple[str, list[frozenset[Pos]], int]] = {
    7: (N_("2×2 square"), _orientations([(0, 0), (0, 1), (1, 0), (1, 1)]), 6),
    12: (N_("diagonal line of 3"), _orientations([(0, 0), (1, 1), (2, 2)]), 4),
    13: (N_("T of 4"), _orientations([(0, 0), (0, 1), (0, 2), (1, 1)]), 6),
    15: (N_("L of 4"), _orientations([(0, 0), (1, 0), (2, 0), (2, 1)]), 6),
}


def most_disjoint(placements: Sequence[frozenset[Pos]]) -> list[frozenset[Pos]]:
    """The largest set of placements no two of which share a cell (exact search).

    Cells are taken in reading order; a placement is considered at its first cell, so the
    search only remembers which of the next few cells are taken: fast on a whole 4×6 table.
    """
    order = sorted({q for pl in placements for q in pl})
    index = {p: i for i, p in enumerate(order)}
    starting: dict[int, list[tuple[int, int]]] = {}
    for k, pl in enumerate(placements):
        mask = sum(1 << index[q] for q in pl)
        starting.setdefault(min(index[q] for q in pl), []).append((mask, k))

    @cache
    def best(i: int, used: int) -> tuple[int, ...]:
        if i == len(order):
            return ()
        nxt = used & ~(1 << i)  # cells before i+1 no longer matter
        if used >> i & 1:
            return best(i + 1, nxt)
        choice = best(i + 1, nxt)
        for mask, k in starting.get(i, ()):
            if not mask & used:
                take = (k, *best(i + 1, (used | mask) & ~(1 << i)))
                if len(take) > len(choice):
                    choice = take
        return choice

    chosen = best(0, 0)
    best.cache_clear()
    return [placements[k] for k in chosen]


def shape_sets(grid: Grid, egg: str, card_no: int) -> list[frozenset[Pos]]:
    """The most disjoint sets of a shape card's shape made of cards with this egg."""
    _, orients, _ = SHAPES[card_no]
    mine = {pos for pos, card in cells(grid) if card.egg == egg}
    rows, cols = len(grid), len(grid[0])
    placements = []
    for shape in orients:
        for r in range(rows):
            for c in range(cols):
                placed = frozenset((r + dr, c + dc) for dr, dc in shape)
                if placed <= mine:
                    placements.append(placed)
    return most_disjoint(placements)


# -- egg scoring cards (per player) -------------------------------------------------------------
def egg_card(grid: Grid, egg: str, card_no: int) -> Line:
    """Points of a non-majority egg scoring card for one display table."""
    line = Line()
    if card_no in SHAPES:
        name, _, pts = SHAPES[card_no]
        for s in shape_sets(grid, egg, card_no):
            cs = sorted(s)
            line.add(pts, cs, Message("%(shape)s of %(egg)s at %(cells)s: +%(pts)d",
                                      shape=Message(name), egg=egg_word(egg),
                                      cells=", ".join(map(cell_name, cs)), pts=pts))
        return line
    for pos, card in cells(grid):
        if card.egg != egg:
            continue
        here = Message("%(egg)s at %(cell)s", egg=egg_word(egg), cell=cell_name(pos))
        orth = neighbours(grid, pos, ORTH)
        diag = neighbours(grid, pos, DIAG)
        if card_no == 2:
            for q, other in diag:
                if other.cloth == card.cloth:
                    line.add(2, [pos, q], Message(
                        "%(here)s: +2 for the %(cloth)s diagonal at %(cell)s", here=here,
                        cloth=cloth_word(other.cloth), cell=cell_name(q)))
        elif card_no == 3:
            for q, other in diag:
                if other.cloth != card.cloth:
                    line.add(1, [pos, q], Message(
                        "%(here)s: +1 for the %(cloth)s diagonal at %(cell)s", here=here,
                        cloth=cloth_word(other.cloth), cell=cell_name(q)))
        elif card_no == 4:
            kinds = sorted({o.cloth for _, o in diag})
            pts = {0: 0, 1: 1, 2: 2}.get(len(kinds), 4)
            if pts:
                line.add(pts, [pos, *(q for q, _ in diag)], nmsg(
                    "%(here)s: +%(pts)d for %(num)d different cloth on its diagonals",
                    "%(here)s: +%(pts)d for %(num)d different cloths on its diagonals",
                    len(kinds), here=here, pts=pts))
        elif card_no == 5:
            near = [q for q, o in orth if o.cloth == "neutral"]
            if near:
                line.add(4, [pos, *near], Message(
                    "%(here)s: +4, next to a neutral cloth at %(cell)s", here=here,
                    cell=cell_name(near[0])))
        elif card_no in (6, 8, 9):
            for (dr, _dc), (q, other) in _with_dirs(grid, pos):
                if card_no == 6:
                    n, what = flower_count(other), N_("flower")
                elif card_no == 8:
                    n, what = 2 * flower_count(other, "blue"), N_("blue flower")
                else:
                    kind = "pink" if dr else "purple"
                    what = N_("pink flower above/below") if dr else N_("purple flower beside it")
                    n = flower_count(other, kind)
                if n:
                    line.add(n, [pos, q], Message("%(here)s: +%(n)d for the %(what)s at %(cell)s",
                                                  here=here, n=n, what=Message(what),
                                                  cell=cell_name(q)))
        elif card_no == 10:
            near = [q for q, o in orth if o.flowers]
            if near:
                line.add(4, [pos, *near], Message("%(here)s: +4, next to a flower at %(cell)s",
                                                  here=here, cell=cell_name(near[0])))
        elif card_no == 14:
            other_eggs = sorted({o.egg for _, o in diag if o.egg and o.egg != egg})
            if other_eggs:
                qs = [q for q, o in diag if o.egg in other_eggs]
                line.add(len(other_eggs), [pos, *qs], Message(
                    "%(here)s: +%(n)d for %(eggs)s on its diagonals", here=here,
                    n=len(other_eggs), eggs=join(*(egg_word(e) for e in other_eggs))))
        elif card_no == 17:
            near = [q for q, o in orth if o.egg == egg]
            if near:
                line.add(1, [pos, *near], Message(
                    "%(here)s: +1, next to another %(egg)s at %(cell)s", here=here,
                    egg=egg_word(egg), cell=cell_name(near[0])))
        else:
            raise PisankiError(f"egg scoring card {card_no} is not a per-card rule")
    return line


def _with_dirs(grid: Grid, pos: Pos) -> list[tuple[Pos, tuple[Pos, Card]]]:
    out = []
    for d in ORTH:
        card = at(grid, pos[0] + d[0], pos[1] + d[1])
        if card is not None:
            out.append((d, ((pos[0] + d[0], pos[1] + d[1]), card)))
    return out


# -- majorities -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Contender:
    """One side in a majority: its largest group, its tie count, and whether it is the Bunny."""

    value: int
    ties: int
    bunny: bool = False
    cells: tuple[Pos, ...] = ()


def beats(a: Contender, b: Contender) -> bool:
    """Does `a` rank strictly above `b`? The Bunny loses every tie."""
    if a.value != b.value:
        return a.value > b.value
    if a.bunny or b.bunny:
        return b.bunny and not a.bunny
    return a.ties > b.ties


def majority(contenders: Sequence[Contender], card_no: int, players: int) -> list[int]:
    """Points for each contender: sport-style places, value 0 never scores, places by count."""
    table = MAJORITY_POINTS[card_no]
    scoring_places = {2: 1, 3: 2}.get(players, 3)
    out = []
    for me in contenders:
        place = 1 + sum(1 for other in contenders if other is not me and beats(other, me))
        ok = me.value > 0 and not me.bunny and place <= scoring_places
        out.append(table[place - 1] if ok else 0)
    return out


def majority_contenders(game: Game, egg: str) -> list[Contender]:
    """Each player's largest group of cards with this egg and their count; then the Bunny."""
    out = []
    for p in game.players:
        gs = groups(p.grid, has_egg(egg))
        biggest = max(gs, key=len, default=[])
        count = sum(1 for _, card in cells(p.grid) if card.egg == egg)
        out.append(Contender(len(biggest), count, False, tuple(biggest)))
    if game.bunny is not None:
        n = game.bunny.get(egg, 0)
        out.append(Contender(n, n, True))
    return out


# -- flower, tablecloth, display cards ---------------------------------------------------------
def flower_groups_value(grid: Grid) -> tuple[int, list[Pos]]:
    """Flowers in the richest orthogonally connected group of flowered cards."""
    best, where = 0, []
    for g in groups(grid, lambda card: True if card.flowers else None):
        n = sum(flower_count(grid[r][c]) for r, c in g)
        if n > best:
            best, where = n, g
    return best, where


def sets_of_three(counts: Sequence[int]) -> int:
    """The most disjoint sets of 3 different items from these counts."""
    k = 0
    while sum(min(c, k + 1) for c in counts) >= 3 * (k + 1):
        k += 1
    return k


def tablecloth_card(grid: Grid, card_no: int) -> Line:
    """Points of a tablecloth scoring card for one display table."""
    line = Line()
    gs = groups(grid, lambda card: card.cloth)
    if card_no == 1 and gs:
        g = max(gs, key=len)
        cloth = grid[g[0][0]][g[0][1]].cloth
        line.add(len(g), g, nmsg("largest group of one cloth: %(num)d card (%(cloth)s)",
                                 "largest group of one cloth: %(num)d cards (%(cloth)s)",
                                 len(g), cloth=cloth_word(cloth)))
    elif card_no == 2:
        counts = [sum(1 for _, c in cells(grid) if c.cloth == k) for k in CLOTHS]
        n = sets_of_three(counts)
        if n:
            parts = [Message("%(n)d × %(cloth)s", n=c, cloth=cloth_word(k))
                     for c, k in zip(counts, CLOTHS, strict=True)]
            line.add(n, [], nmsg("%(num)d set of 3 different cloths from %(counts)s",
                                 "%(num)d sets of 3 different cloths from %(counts)s", n,
                                 counts=join(*parts)))
    elif card_no == 3 and gs:
        g = min(gs, key=len)
        cloth = grid[g[0][0]][g[0][1]].cloth
        line.add(2 * len(g), g, nmsg("smallest group of one cloth: %(num)d card (%(cloth)s) × 2",
                                     "smallest group of one cloth: %(num)d cards (%(cloth)s) × 2",
                                     len(g), cloth=cloth_word(cloth)))
    return line


def egg_total(grid: Grid) -> int:
    """Eggs on a display table (a double egg is 2)."""
    return sum(card.eggs for _, card in cells(grid))


def face_down(grid: Grid) -> list[Pos]:
    """The empty baskets."""
    return [(r, c) for r, row in enumerate(grid) for c, card in enumerate(row) if card is None]


def seat_neighbours(i: int, n: int) -> list[int]:
    """The players before and after in seating order (the other one, once, with 2 players)."""
    if n == 2:
        return [1 - i]
    return [(i - 1) % n, (i + 1) % n]


# -- the whole game -----------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerScore:
    """A player's total and lines with their reasons."""

    name: str
    total: int
    lines: Mapping[str, Line]


@dataclass(frozen=True)
class Result:
    """Everyone's score and the winners (several on a tie)."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]


def score(game: Game) -> Result:
    """Score every line of every player."""
    n = len(game.players)
    lines = [{key: Line() for key in LINES} for _ in game.players]
    for egg in EGGS:
        no = game.eggs[egg]
        key = f"egg:{egg}"
        if no in MAJORITY_POINTS:
            cons = majority_contenders(game, egg)
            pts = majority(cons, no, n)
            for i in range(n):
                me = cons[i]
                place = 1 + sum(1 for o in cons if o is not me and beats(o, me))
                bunny = (Message(" (the Bunny counts as a player)") if game.bunny is not None
                         else "")
                if pts[i]:
                    lines[i][key].add(pts[i], me.cells, Message(
                        "largest group, %(egg)s: %(value)s (%(ties)s such cards in all):"
                        " place %(place)s%(bunny)s", egg=egg_word(egg), value=me.value,
                        ties=me.ties, place=place, bunny=bunny))
                else:
                    lines[i][key].why.append(Why(0, me.cells, Message(
                        "largest group, %(egg)s: %(value)s: place %(place)s, no points%(bunny)s",
                        egg=egg_word(egg), value=me.value, place=place, bunny=bunny)))
        else:
            for i, p in enumerate(game.players):
                lines[i][key] = egg_card(p.grid, egg, no)
    # flowers
    if game.flowers == 1:
        for i, p in enumerate(game.players):
            fl = [pos for pos, c in cells(p.grid) if c.flowers]
            total = sum(flower_count(c) for _, c in cells(p.grid))
            if total:
                lines[i]["flowers"].add(total, fl, nmsg("%(num)d flower", "%(num)d flowers",
                                                        total))
    elif game.flowers == 2:
        vals = [flower_groups_value(p.grid) for p in game.players]
        hi, lo = max(v for v, _ in vals), min(v for v, _ in vals)
        for i, (v, where) in enumerate(vals):
            if hi == lo:
                lines[i]["flowers"].add(5, where, Message(
                    "flower group %(v)s: all players equal, +5 each", v=v))
            elif v == hi:
                lines[i]["flowers"].add(5, where, Message("richest flower group %(v)s: +5", v=v))
            elif v == lo:
                lines[i]["flowers"].add(-2, where, Message("poorest flower group %(v)s: −2", v=v))
            else:
                lines[i]["flowers"].why.append(Why(0, tuple(where),
                                                   Message("flower group %(v)s", v=v)))
    elif game.flowers == 3:
        for i, p in enumerate(game.players):
            counts = {k: sum(flower_count(c, k) for _, c in cells(p.grid)) for k in FLOWERS}
            sets_ = min(counts.values())
            if sets_:
                parts = [Message("%(n)d × %(flower)s", n=v, flower=flower_word(k))
                         for k, v in counts.items()]
                lines[i]["flowers"].add(5 * sets_, [], nmsg(
                    "%(num)d set of 4 different flowers (%(counts)s)",
                    "%(num)d sets of 4 different flowers (%(counts)s)", sets_,
                    counts=join(*parts)))
    for i, p in enumerate(game.players):
        lines[i]["tablecloths"] = tablecloth_card(p.grid, game.tablecloths)
    # display table
    eggs = [egg_total(p.grid) for p in game.players]
    for i, p in enumerate(game.players):
        down = face_down(p.grid)
        line = lines[i]["display"]
        if game.display == 1 and not down:
            line.add(5, [], Message("no empty basket: +5"))
        elif game.display == 2 and down:
            line.add(-2 * len(down), down, nmsg("%(num)d empty basket × −2",
                                                "%(num)d empty baskets × −2", len(down)))
        elif game.display == 3:
            for j in seat_neighbours(i, n):
                more = eggs[i] - eggs[j]
                if more > 0:
                    line.add(2 * more, [], nmsg(
                        "%(num)d egg, %(more)d more than %(name)s (%(theirs)d): +%(pts)d",
                        "%(num)d eggs, %(more)d more than %(name)s (%(theirs)d): +%(pts)d",
                        eggs[i], more=more, name=game.players[j].name, theirs=eggs[j],
                        pts=2 * more))
    scores = tuple(
        PlayerScore(p.name, sum(line.points for line in lines[i].values()), lines[i])
        for i, p in enumerate(game.players)
    )
    best = max(s.total for s in scores)
    return Result(scores, tuple(s.name for s in scores if s.total == best))


# -- what makes a card (the one home of this rule: the API, the edits, the pages ask here) ----
DOUBLE_CLOTH = "neutral"  # RULES.md: a neutral card is always a double egg without flowers


@dataclass(frozen=True)
class Problem:
    """What keeps a card's parts from being a card of the deck.

    `field` is the part at fault ('' = the card as a whole); `message` a message id the pages
    translate; `unfinished` when more taps can still make a card of it (the entry page keeps
    such a cell), else the card is impossible; `rule` says it in the API's English.
    """

    field: str
    message: str
    unfinished: bool = False
    why: str = ""

    @property
    def rule(self) -> str:
        """The rule broken, as an API line ('double eggs are only on the neutral tablecloth')."""
        text = self.why or self.message
        return text[0].lower() + text[1:].rstrip(".")


def card_problem(cloth: str | None, egg: str | None, double: bool,
                 flowers: Sequence[str]) -> Problem | None:
    """The first thing that keeps these parts from being a card, or None (RULES.md catalogue:
    at most 2 flowers of one kind; a double egg has an egg, sits on the neutral tablecloth and
    has no flowers; a neutral card is always a double egg; a card without an egg has 2
    flowers). A cloth of None is one not entered yet."""
    if len(flowers) > 2:
        return Problem("flowers", N_("A card has at most 2 flowers."))
    if len(set(flowers)) > 1:
        return Problem("flowers", N_("The two flowers of a card are of one kind."))
    if double and egg is None:
        return Problem("double", N_("A double egg needs an egg."))
    if double and cloth not in (None, DOUBLE_CLOTH):
        return Problem("double", N_("Double eggs are only on the neutral tablecloth."))
    if double and flowers:
        return Problem("flowers", N_("Double-egg cards have no flowers."))
    if cloth is None:
        return Problem("cloth", N_("no tablecloth yet"), unfinished=True)
    if cloth == DOUBLE_CLOTH and not double:
        why = "A neutral card is always a double egg (set double: true)."
        if egg is not None:  # the entry makes it the double egg; the API must say so
            return Problem("", why)
        return Problem("", N_("no egg (a neutral card is a double egg, without flowers)"), True,
                       why)
    if egg is None and len(flowers) != 2:
        return Problem("", N_("no egg (a card without an egg has 2 flowers)"), True,
                       "A card without an egg has 2 flowers of one kind.")
    return None


class CardError(PisankiError):
    """An impossible card entered: its Problem (the message id is `problem.message`)."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(problem.message)


def entry_cell(cell: Mapping[str, Any] | None) -> dict[str, Any]:
    """A table cell as a player enters it (types already checked), put in its one form:
    {} not entered, {"down": true} face down, else {cloth?, egg, double, flowers}; a card
    still unfinished is kept, an impossible one raises CardError. An egg painted on the
    neutral cloth is its double egg (RULES.md: "the page can simply make a neutral card a
    double egg of the chosen colour")."""
    if not cell:
        return {}
    if cell.get("down"):
        return {"down": True}
    out: dict[str, Any] = {"cloth": cell["cloth"]} if cell.get("cloth") is not None else {}
    egg = cell.get("egg")
    double, flowers = bool(cell.get("double")), list(cell.get("flowers") or [])
    if out.get("cloth") == DOUBLE_CLOTH and egg is not None:
        double = True
        if not cell.get("double"):
            flowers = []  # older entries of a single egg on neutral read so too
    out.update(egg=egg, double=double, flowers=flowers)
    problem = card_problem(out.get("cloth"), egg, double, flowers)
    if problem and not problem.unfinished:
        raise CardError(problem)
    return out


def cell_issue(cell: Mapping[str, Any]) -> str | None:
    """What a table cell still lacks (a message id), or None for a card or a face-down cell."""
    if not cell:
        return N_("not entered")
    if cell.get("down"):
        return None
    problem = card_problem(cell.get("cloth"), cell.get("egg"), bool(cell.get("double")),
                           cell.get("flowers") or ())
    return problem.message if problem else None


def cell_card(cell: Mapping[str, Any]) -> Card | None:
    """A table cell as the engine's card; face-down and unfinished cells score as face down."""
    if not cell or cell.get("down") or cell_issue(cell):
        return None
    return Card(cell["cloth"], cell.get("egg"), bool(cell.get("double")),
                tuple(cell.get("flowers") or ()))


def card_kinds() -> tuple[Card, ...]:
    """Every card kind the deck can hold (RULES.md catalogue), in the reference deck's order."""
    out = []
    for cloth in (c for c in CLOTHS if c != DOUBLE_CLOTH):
        for egg in EGGS:
            out.append(Card(cloth, egg))
            for f in FLOWERS:
                out.append(Card(cloth, egg, False, (f,)))
                out.append(Card(cloth, egg, False, (f, f)))
        for f in FLOWERS:
            out.append(Card(cloth, None, False, (f, f)))
    for egg in EGGS:
        out.append(Card(DOUBLE_CLOTH, egg, True))
    return tuple(out)


def card_key(card: Card) -> str:
    """A card kind as a path: 'striped/red/0/pink-pink' ('none' for no egg or flower)."""
    return (f"{card.cloth}/{card.egg or 'none'}/{int(card.double)}/"
            f"{'-'.join(card.flowers) or 'none'}")


# -- input ------------------------------------------------------------------------------------
def _number(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise PisankiError(f"{where}: must be a number from {lo} to {hi}, not {value!r}")
    return value


def read_card(raw: Any, where: str) -> Card | None:
    """One cell from JSON (null = face down), with messages that name the cell."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise PisankiError(f"{where}: must be a card object or null (face down)")
    for key in raw:
        if key not in ("cloth", "egg", "double", "flowers"):
            raise PisankiError(f"{where}.{key}: not a card field (cloth, egg, double, flowers)")
    cloth = raw.get("cloth")
    if cloth not in CLOTHS:
        raise PisankiError(f"{where}.cloth: {cloth!r} is not one of {', '.join(CLOTHS)}")
    egg = raw.get("egg")
    if egg is not None and egg not in EGGS:
        raise PisankiError(f"{where}.egg: {egg!r} is not one of {', '.join(EGGS)}")
    double = raw.get("double", False)
    if not isinstance(double, bool):
        raise PisankiError(f"{where}.double: must be true or false")
    flowers = raw.get("flowers", [])
    if not isinstance(flowers, list):
        raise PisankiError(f"{where}.flowers: must be a list")
    for k, f in enumerate(flowers):
        if f not in FLOWERS:
            raise PisankiError(f"{where}.flowers[{k}]: {f!r} is not one of {', '.join(FLOWERS)}")
    problem = card_problem(cloth, egg, double, flowers)
    if problem:
        place = f"{where}.{problem.field}" if problem.field else where
        raise PisankiError(f"{place}: {problem.rule}")
    return Card(cloth, egg, double, tuple(flowers))


def read_grid(raw: Any, where: str, rows: int, cols: int) -> Grid:
    """A display table from JSON, checked against the grid size and the deck."""
    if not isinstance(raw, list) or len(raw) != rows:
        n = len(raw) if isinstance(raw, list) else "no"
        raise PisankiError(f"{where}: must have {rows} rows of {cols} cards, not {n} rows")
    grid = []
    for r, row in enumerate(raw):
        if not isinstance(row, list) or len(row) != cols:
            n = len(row) if isinstance(row, list) else "no"
            raise PisankiError(f"{where}[{r}]: must have {cols} cards, not {n}")
        grid.append(tuple(read_card(cell, f"{where}[{r}][{c}]") for c, cell in enumerate(row)))
    g = tuple(grid)
    doubles = sum(1 for _, c in cells(g) if c.double)
    if doubles > MAX_DOUBLES:
        raise PisankiError(f"{where}: {doubles} double eggs, but the deck has only {MAX_DOUBLES}")
    flower_only = sum(1 for _, c in cells(g) if c.egg is None)
    if flower_only > MAX_FLOWER_ONLY:
        raise PisankiError(f"{where}: {flower_only} cards with flowers only, but the deck has "
                           f"only {MAX_FLOWER_ONLY}")
    return g


def read_game(data: Any) -> Game:
    """INTERFACE.md Pisanki JSON -> Game, with one-line errors that name the place."""
    if not isinstance(data, Mapping):
        raise PisankiError("the body must be a JSON object with 'scoring' and 'players'")
    sc = data.get("scoring")
    if not isinstance(sc, Mapping):
        raise PisankiError("scoring: missing")
    eggs = sc.get("eggs")
    if not isinstance(eggs, Mapping):
        raise PisankiError("scoring.eggs: missing (one card number per egg type)")
    for e in eggs:
        if e not in EGGS:
            raise PisankiError(f"scoring.eggs.{e}: not one of {', '.join(EGGS)}")
    egg_cards = {}
    for e in EGGS:
        if e not in eggs:
            raise PisankiError(f"scoring.eggs.{e}: missing")
        egg_cards[e] = _number(eggs[e], f"scoring.eggs.{e}", 1, 17)
    flowers = _number(sc.get("flowers"), "scoring.flowers", 1, 3)
    cloths = _number(sc.get("tablecloths"), "scoring.tablecloths", 1, 3)
    display = _number(sc.get("display"), "scoring.display", 1, 3)
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 5:
        n = len(raw_players) if isinstance(raw_players, list) else "no"
        raise PisankiError(f"players: Pisanki is for 2 to 5 players, not {n}")
    rows, cols = GRID_SIZES[len(raw_players)]
    players = []
    names = set()
    for i, p in enumerate(raw_players):
        if not isinstance(p, Mapping):
            raise PisankiError(f"players[{i}]: must be an object with name and grid")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise PisankiError(f"players[{i}].name: missing")
        if name in names:
            raise PisankiError(f"players[{i}].name: {name!r} is used twice")
        names.add(name)
        players.append(Player(name, read_grid(p.get("grid"), f"players[{i}].grid", rows, cols)))
    bunny = data.get("bunny")
    if len(players) == 2:
        if not isinstance(bunny, Mapping):
            raise PisankiError("bunny: required with 2 players (its egg counts by type)")
        for e in bunny:
            if e not in EGGS:
                raise PisankiError(f"bunny.{e}: not one of {', '.join(EGGS)}")
        bunny = {e: _number(bunny.get(e, 0), f"bunny.{e}", 0, 48) for e in EGGS}
    elif bunny is not None:
        raise PisankiError("bunny: only in a 2-player game")
    return Game(egg_cards, flowers, cloths, display, tuple(players), bunny)


READINGS = [
    N_("Majority places are ranked like sport results; a value of 0 never scores (RULES.md)."),
    N_("Shape cards count the most disjoint sets, each card in at most one set (RULES.md)."),
    N_("A double-egg card counts as one card; its two eggs count on display card 3 and for the "
       "Bunny (RULES.md)."),
    N_("Face-down cards are ignored by every rule (RULES.md)."),
]


def result_json(result: Result) -> dict[str, Any]:
    """The INTERFACE.md answer, with the reasons beside `lines`."""
    return {
        "players": [
            {
                "name": p.name,
                "total": p.total,
                "lines": {k: p.lines[k].points for k in LINES},
                "why": {
                    k: [{"points": w.points, "cells": [cell_name(c) for c in w.cells],
                         "text": w.text} for w in p.lines[k].why]
                    for k in LINES
                },
            }
            for p in result.players
        ],
        "winners": list(result.winners),
        "readings": READINGS,
    }


def score_json(data: Any) -> dict[str, Any]:
    """INTERFACE.md Pisanki: the end of a game -> each player's lines, total, the winners."""
    return result_json(score(read_game(data)))


# -- the scoring cards as players see them (short caption, full rule) ------------------------
EGG_CARDS: dict[int, tuple[str, str]] = {
    1: (N_("Biggest group 12·6·3"),
        N_("Largest group of this egg: 12 / 6 / 3 points for 1st / 2nd / 3rd (2 players: 1st "
           "only; 3 players: 1st and 2nd). Ties: most cards with this egg.")),
    2: (N_("+2 same cloth ⤡"),
        N_("+2 per diagonal neighbour with the same tablecloth as the card.")),
    3: (N_("+1 other cloth ⤡"),
        N_("+1 per diagonal neighbour with a different tablecloth.")),
    4: (N_("1·2·4 cloths ⤡"),
        N_("1, 2 or 4 points for 1, 2 or 3+ different tablecloths among its diagonal neighbours.")),
    5: (N_("+4 by neutral"),
        N_("+4 if at least one orthogonal neighbour has the neutral tablecloth.")),
    6: (N_("+1 per flower by it"),
        N_("+1 per flower on its orthogonal neighbours (two-flower card: 2).")),
    7: (N_("+6 per 2×2"),
        N_("+6 per 2×2 square of this egg (each card in one set; the most sets).")),
    8: (N_("+2 per blue flower"),
        N_("+2 per blue flower on its orthogonal neighbours.")),
    9: (N_("pink ↕ purple ↔"),
        N_("+1 per pink flower above/below it, +1 per purple flower left/right.")),
    10: (N_("+4 by a flower"),
        N_("+4 if at least one orthogonal neighbour has a flower.")),
    11: (N_("Biggest group 10·5·2"),
        N_("Largest group of this egg: 10 / 5 / 2 points, as card 1.")),
    12: (N_("+4 per diagonal of 3"),
        N_("+4 per straight diagonal line of 3 of this egg (most sets).")),
    13: (N_("+6 per T"),
        N_("+6 per T of 4 of this egg, any rotation (most sets).")),
    14: (N_("+1 other egg ⤡"),
        N_("+1 per different other egg type among its diagonal neighbours.")),
    15: (N_("+6 per L"),
        N_("+6 per L of 4 of this egg, any rotation or mirror (most sets).")),
    16: (N_("Biggest group 14·7·3"),
        N_("Largest group of this egg: 14 / 7 / 3 points, as card 1.")),
    17: (N_("+1 by same egg"),
        N_("+1 if at least one orthogonal neighbour also has this egg.")),
}
FLOWER_CARDS = {
    1: (N_("+1 per flower"),
        N_("+1 per flower, wherever it is.")),
    2: (N_("Flower group +5 / −2"),
        N_("The richest connected group of flowered cards (count flowers): highest +5, lowest "
           "−2; all equal: everyone +5.")),
    3: (N_("+5 per 4 kinds"),
        N_("+5 per set of the 4 different flower kinds.")),
}
TABLECLOTH_CARDS = {
    1: (N_("Biggest cloth group"),
        N_("+1 per card in your largest group of one tablecloth.")),
    2: (N_("+1 per 3 cloths"),
        N_("+1 per set of 3 different tablecloths.")),
    3: (N_("Smallest cloth group ×2"),
        N_("+2 per card in your smallest group of one tablecloth.")),
}
DISPLAY_CARDS = {
    1: (N_("+5 full table"),
        N_("+5 if your display table has no face-down card.")),
    2: (N_("−2 per face down"),
        N_("−2 per face-down card (empty basket).")),
    3: (N_("+2 per egg more"),
        N_("+2 per egg more than each neighbour at the table (double egg = 2).")),
}
