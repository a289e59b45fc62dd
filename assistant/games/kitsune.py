"""Kitsune: the goal, Renewal swaps, Prosperity blocks, deck run-outs and the bust risk.

Everything here follows shared/RULES.md (Kitsune) and rulebooks/kitsune.txt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from assistant.messages import Message, join

KITSUNE = ("red", "blue", "yellow")
COLOURS = (*KITSUNE, "green", "orange", "purple")
DECK_COUNTS = {"red": 12, "blue": 12, "yellow": 12, "green": 14, "orange": 14, "purple": 36}
ONI = ("no", "keep", "again")
ONI_NAMES = {"no": "NO!", "keep": "KEEP GOING", "again": "AGAIN"}
COLOUR_NAMES = {"red": "Red kitsune", "blue": "Blue kitsune", "yellow": "Yellow kitsune",
                "green": "Renewal", "orange": "Prosperity", "purple": "Oni"}


class KitsuneError(ValueError):
    """Input or a move the rules do not allow."""


@dataclass(frozen=True)
class Area:
    """A player's play area: kitsune per colour (blocked ones included) and how many are blocked."""

    name: str
    age: int | None = None
    counts: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(KITSUNE, 0))
    blocked: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(KITSUNE, 0))

    def total(self) -> int:
        """All kitsune in the area."""
        return sum(self.counts.values())

    def total_blocked(self) -> int:
        """All blocked kitsune in the area."""
        return sum(self.blocked.values())

    def free(self, colour: str) -> int:
        """Kitsune of a colour that a Renewal can swap."""
        return self.counts[colour] - self.blocked[colour]


def target(players: int) -> int:
    """Kitsune needed of each colour: 3 with 2–4 players, 2 with 5–6."""
    if not 2 <= players <= 6:
        raise KitsuneError(f"Kitsune is for 2 to 6 players, not {players}")
    return 3 if players <= 4 else 2


def has_goal(area: Area, goal: int) -> bool:
    """At least `goal` kitsune of each of red, blue and yellow (blocked ones count)."""
    return all(area.counts[c] >= goal for c in KITSUNE)


def renewal(areas: Sequence[Area], a: int, b: int, colour: str) -> list[Area]:
    """Swap all unblocked kitsune of one colour between two play areas (blocked ones stay)."""
    if colour not in KITSUNE:
        raise KitsuneError(f"a Renewal swaps red, blue or yellow kitsune, not {colour}")
    if a == b:
        raise KitsuneError("a Renewal swaps with another player")
    out = list(areas)
    fa, fb = areas[a].free(colour), areas[b].free(colour)
    out[a] = _with(areas[a], colour, areas[a].counts[colour] - fa + fb)
    out[b] = _with(areas[b], colour, areas[b].counts[colour] - fb + fa)
    return out


def prosperity(area: Area, colour: str) -> Area:
    """Block one of your kitsune of a colour for good."""
    if colour not in KITSUNE:
        raise KitsuneError(f"Prosperity blocks a red, blue or yellow kitsune, not {colour}")
    if area.free(colour) <= 0:
        raise KitsuneError(f"{area.name} has no unblocked {colour} kitsune to block")
    return replace(area, blocked={**area.blocked, colour: area.blocked[colour] + 1})


def _with(area: Area, colour: str, count: int) -> Area:
    return replace(area, counts={**area.counts, colour: count})


@dataclass(frozen=True)
class Result:
    """Who has won and why: reason 'goal', 'deck' or None while nobody has."""

    target: int
    winners: tuple[str, ...]
    reason: str | None
    why: str | Message = ""  # a Message: each page shows it in the phone's language


def result(areas: Sequence[Area], deck_runs_out: int = 0) -> Result:
    """The winners: players holding the goal; else, at the second run-out, the tie-breaks."""
    goal = target(len(areas))
    holders = tuple(a.name for a in areas if has_goal(a, goal))
    if holders:
        return Result(goal, holders, "goal", Message("%(num)d of each colour", num=goal))
    if deck_runs_out < 2:
        return Result(goal, (), None)
    best = max(a.total() for a in areas)
    field_ = [a for a in areas if a.total() == best]
    why: list[Message] = [Message("most kitsune (%(num)d)", num=best)]
    if len(field_) > 1:
        most_blocked = max(a.total_blocked() for a in field_)
        field_ = [a for a in field_ if a.total_blocked() == most_blocked]
        why.append(Message("then most blocked (%(num)d)", num=most_blocked))
        if len(field_) > 1:
            ages = [a.age for a in field_ if a.age is not None]
            if ages:
                youngest = min(ages)
                field_ = [a for a in field_ if a.age == youngest]
                why.append(Message("then the youngest (%(num)d)", num=youngest))
    return Result(goal, tuple(a.name for a in field_), "deck", join(*why))


def cards_left(seen: Mapping[str, int]) -> dict[str, int]:
    """What the deck can still hold of each colour, given the cards the table has seen."""
    left = {}
    for c in COLOURS:
        n = DECK_COUNTS[c] - seen.get(c, 0)
        if n < 0:
            raise KitsuneError(f"{seen[c]} {c} cards seen, but the game has only {DECK_COUNTS[c]}")
        left[c] = n
    return left


@dataclass(frozen=True)
class Risk:
    """The chance that the next revealed card repeats a colour (busts the turn)."""

    bust: float
    with_again: float
    left: int
    repeats: int


def bust_risk(left: Mapping[str, int], revealed: Iterable[str]) -> Risk:
    """Cards left of the colours revealed this turn ÷ cards left; with AGAIN, two must repeat."""
    colours = set(revealed)
    n = sum(left.values())
    s = sum(left[c] for c in colours)
    if n == 0:
        return Risk(0.0, 0.0, 0, 0)
    p = s / n
    # With AGAIN the repeating card is discarded and one more revealed: bust only if it
    # repeats too (one card of those colours fewer, one card fewer in all).
    p2 = p * ((s - 1) / (n - 1)) if n > 1 and s > 0 else 0.0
    return Risk(p, p2, n, s)


def read_areas(data: Any) -> tuple[list[Area], int]:
    """INTERFACE.md Kitsune JSON -> areas and deck run-outs, with one-line errors."""
    if not isinstance(data, Mapping):
        raise KitsuneError("the body must be a JSON object with 'players'")
    players = data.get("players")
    if not isinstance(players, list):
        raise KitsuneError("players: must be a list")
    target(len(players))
    areas = []
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, Mapping):
            raise KitsuneError(f"{where}: must be an object")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise KitsuneError(f"{where}.name: missing")
        if any(a.name.strip().casefold() == name.strip().casefold() for a in areas):
            raise KitsuneError(f"{where}.name: two players are called {name.strip()[:24]!r}")
        age = p.get("age")
        if age is not None and (isinstance(age, bool) or not isinstance(age, int) or age < 0):
            raise KitsuneError(f"{where}.age: must be a whole number of years")
        counts = {c: _count(p.get(c, 0), f"{where}.{c}") for c in KITSUNE}
        raw_blocked = p.get("blocked") or {}
        if not isinstance(raw_blocked, Mapping):
            raise KitsuneError(f"{where}.blocked: must be an object")
        for key in raw_blocked:
            if key not in KITSUNE:
                raise KitsuneError(f"{where}.blocked.{key}: not red, blue or yellow")
        blocked = {c: _count(raw_blocked.get(c, 0), f"{where}.blocked.{c}") for c in KITSUNE}
        for c in KITSUNE:
            if blocked[c] > counts[c]:
                raise KitsuneError(
                    f"{where}.blocked.{c}: {blocked[c]} blocked but only {counts[c]} {c} kitsune")
        areas.append(Area(name, age, counts, blocked))
    for c in KITSUNE:
        total = sum(a.counts[c] for a in areas)
        if total > DECK_COUNTS[c]:
            raise KitsuneError(f"players: {total} {c} kitsune in all, but the game has only 12")
    runs = data.get("deck_runs_out", 0)
    if isinstance(runs, bool) or not isinstance(runs, int) or not 0 <= runs <= 2:
        raise KitsuneError("deck_runs_out: must be 0, 1 or 2")
    return areas, runs


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise KitsuneError(f"{where}: must be a whole number, not {value!r}")
    if value < 0:
        raise KitsuneError(f"{where}: cannot be negative ({value})")
    return value


def score_json(data: Any) -> dict[str, Any]:
    """INTERFACE.md Kitsune: players' areas and deck run-outs -> target, winners, reason."""
    areas, runs = read_areas(data)
    r = result(areas, runs)
    return {"target": r.target, "winners": list(r.winners), "reason": r.reason, "why": str(r.why)}
