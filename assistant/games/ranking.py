"""Final rankings of the four games: who is where, with what score, and who won (pure).

Each game measures a player its own way (shared/RULES.md, shared/INTERFACE.md "Table results"):
Pisanki by the total, Okoshki by the total over the rounds, Kitsune by the kitsune in the play
area with the rules' tie-breaks (most kitsune, then most blocked, then the youngest), and Liski,
a cooperative game, by the table's outcome alone. Rank 1 is best; equal places share a rank
and the next rank skips (1, 1, 3), as sport results do.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from assistant.games import kitsune as kg
from assistant.messages import Message, nmsg


@dataclass(frozen=True)
class Place:
    """One player's line of a ranking."""

    name: str
    score: int | None
    rank: int | None
    note: str | Message = ""


@dataclass(frozen=True)
class Ranking:
    """Everyone's place, the winners (several on a tie) and whether the game is over."""

    places: tuple[Place, ...]
    winners: tuple[str, ...]
    finished: bool
    outcome: str | None = None  # Liski only: "won", "lost" or None while playing
    why: str | Message = ""


def competition_ranks(keys: Sequence[Hashable]) -> list[int]:
    """Rank 1 for the highest key; equal keys share a rank and the next one skips (1, 1, 3)."""
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def _sorted(places: list[Place]) -> tuple[Place, ...]:
    """Best first; players with no rank yet keep the seating order at the end."""
    def key(i: int) -> tuple[bool, int, int]:
        return (places[i].rank is None, places[i].rank or 0, i)

    order = sorted(range(len(places)), key=key)
    return tuple(places[i] for i in order)


def by_total(names: Sequence[str], totals: Sequence[int] | None, finished: bool) -> Ranking:
    """A ranking by one number, highest best; a tie at the top shares the win.

    Pisanki (RULES.md: "Highest total wins; a tie shares the win") and Okoshki (the totals
    over the rounds; a total still tied after the extra round shares the win). While nothing
    is scored yet (`totals` None, or every total 0 before the end) nobody leads.
    """
    if totals is None:
        return Ranking(tuple(Place(n, None, None) for n in names), (), finished)
    ranks = competition_ranks(list(totals))
    places = [Place(n, s, r) for n, s, r in zip(names, totals, ranks, strict=True)]
    leading = finished or any(totals)
    winners = tuple(p.name for p in places if p.rank == 1) if leading and places else ()
    return Ranking(_sorted(places), winners, finished)


def pisanki(names: Sequence[str], totals: Sequence[int] | None, finished: bool) -> Ranking:
    """Pisanki: each player's total of the nine scoring cards (None until they are chosen)."""
    return by_total(names, totals, finished)


def okoshki(names: Sequence[str], totals: Sequence[int], finished: bool) -> Ranking:
    """Okoshki: the totals over the rounds played, the tie-break round included."""
    return by_total(names, totals, finished)


def kitsune(areas: Sequence[kg.Area], result: kg.Result) -> Ranking:
    """Kitsune: winners first, then most kitsune, then most blocked, then the youngest.

    RULES.md Kitsune: players holding the goal win whatever else has happened; at the second
    run-out "most kitsune wins, then most blocked, then the youngest". The same order ranks
    everyone else; players equal on all three (or with no age to compare) share a place.
    """
    won = set(result.winners)

    def key(a: kg.Area) -> tuple[int, int, int, int]:
        if a.name in won:
            return (1, 0, 0, 0)  # the winners share the first place, whatever they hold
        age = -a.age if a.age is not None else -10**6  # younger is better; no age is last
        return (0, a.total(), a.total_blocked(), age)

    ranks = competition_ranks([key(a) for a in areas])
    places = []
    for a, r in zip(areas, ranks, strict=True):
        note = (nmsg("%(num)d blocked", "%(num)d blocked", a.total_blocked())
                if a.total_blocked() else "")
        places.append(Place(a.name, a.total(), r, note))
    return Ranking(_sorted(places), tuple(result.winners), result.reason is not None,
                   why=result.why)


def liski(names: Sequence[str], won: bool | None, round_reached: int) -> Ranking:
    """Liski: a cooperative game; every puchater shares the table's outcome and place.

    The rulebook: the players win together when the nightmare is beaten at the end of round 6,
    and lose together on a third fear token under one column (RULES.md Liski, Fear).
    """
    outcome = None if won is None else ("won" if won else "lost")
    places = tuple(Place(n, None, 1, Message("round %(num)d", num=round_reached)) for n in names)
    winners = tuple(names) if won else ()
    return Ranking(places, winners, won is not None, outcome,
                   why=Message("round %(num)d of 6", num=round_reached))
