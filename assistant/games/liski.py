"""Liski: Ojojanie column checks, cheese, fear, refill placement (shared/RULES.md, Liski).

A column holds requirement cards (problem, complication, nightmare), revealed fear tokens,
puchater markers and the stack of cards placed under it, first card first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.messages import N_, Message, join, npmsg

SYMBOLS = ("crown", "flower", "pot", "boat", "leaf")
SYMBOL_NAMES = {"crown": N_("crown"), "flower": N_("red flower"), "pot": N_("purple pot"),
                "boat": N_("blue boat"), "leaf": N_("green leaf")}
SYMBOL_PLURALS = {"crown": "crowns", "flower": "red flowers", "pot": "purple pots",
                  "boat": "blue boats", "leaf": "green leaves"}
REQUIREMENT_KINDS = ("problem", "complication", "nightmare")
STACK_KINDS = ("ojojanie", "fox", "greykit")
COLUMNS = 6
ROUNDS = 6
FEAR_TO_LOSE = 3
GREY_KIT = 3  # each grey kit lowers the total by 3
PUCHATERS = {"Lisia Kapitanka": "boat", "Lisia Łotryni": "flower", "Lisi Mag": "pot",
             "Lisi Król": "crown"}  # the fox king marker, by its Polish name


class LiskiError(ValueError):
    """Input that is not a Liski column; the message names the place."""


@dataclass(frozen=True)
class Requirement:
    """A problem, complication or nightmare card."""

    kind: str
    total: int
    needs: Mapping[str, int] = field(default_factory=dict)
    transition: tuple[str, ...] = ()
    name: str = ""


@dataclass(frozen=True)
class Fear:
    """A revealed fear token: a number, specific symbols, or both."""

    number: int = 0
    needs: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class StackCard:
    """A card under a column: an ojojanie card, a fox (two symbols or `any`), or a grey kit."""

    kind: str
    symbols: tuple[str, ...] = ()
    transition: tuple[str, ...] = ()
    any: bool = False

    @property
    def is_free(self) -> bool:
        """Grey kits and `any` foxes are never checked against the card below."""
        return self.kind == "greykit" or (self.kind == "fox" and self.any)


@dataclass(frozen=True)
class Column:
    """One problem column."""

    cards: tuple[Requirement, ...]
    fear: tuple[Fear, ...] = ()
    markers: tuple[str, ...] = ()
    stack: tuple[StackCard, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """What a column needs, has and still misses; which placements break the rule."""

    beaten: bool
    total: int
    needs: dict[str, int]
    have: dict[str, int]
    wildcards: int
    missing: dict[str, int]
    invalid: tuple[int, ...]
    unchecked: tuple[int, ...]
    cheese: int
    only_complications: bool


def requirement(col: Column) -> tuple[int, dict[str, int]]:
    """The column's total and specific needs (RULES.md: sum, fear, grey kits, then the raise)."""
    greys = sum(1 for s in col.stack if s.kind == "greykit")
    total = sum(c.total for c in col.cards) + sum(f.number for f in col.fear) - GREY_KIT * greys
    total = max(0, total)
    needs: Counter[str] = Counter()
    for c in col.cards:
        needs.update(c.needs)
    for f in col.fear:
        needs.update(f.needs)
    specific = sum(needs.values())
    total = max(total, specific)  # specific symbols above the total raise the total, last
    return total, {s: needs[s] for s in SYMBOLS if needs[s]}


def transitions(col: Column) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Indexes of stack cards that break the transition rule, and of those left unchecked."""
    invalid, unchecked = [], []
    below: Any = col.cards[-1] if col.cards else None
    for i, card in enumerate(col.stack):
        if card.is_free:
            pass  # a grey kit and an `any` fox are never checked
        elif isinstance(below, StackCard) and below.is_free:
            pass  # anything may go on a grey kit or an `any` fox
        elif below is None or not below.transition:
            unchecked.append(i)  # the card below has no transition symbols entered: it counts
        elif not set(card.symbols) & set(below.transition):
            invalid.append(i)
        below = card  # the cards above are checked against it, valid or not
    return tuple(invalid), tuple(unchecked)


def check(col: Column) -> Verdict:
    """Is the column beaten, and exactly what is missing (RULES.md, Liski: Beaten? Missing)."""
    if not col.cards:
        raise LiskiError("cards: a column needs at least one problem, complication or nightmare")
    total, needs = requirement(col)
    invalid, unchecked = transitions(col)
    have: Counter[str] = Counter(col.markers)
    wild = 0
    for i, card in enumerate(col.stack):
        if i in invalid or card.kind == "greykit":
            continue
        if card.kind == "fox" and card.any:
            wild += 1
        else:
            have.update(card.symbols)
    short_by = {s: max(0, needs.get(s, 0) - have[s]) for s in SYMBOLS}
    short_total = max(0, total - sum(have.values()))
    beaten = sum(short_by.values()) <= wild and short_total <= wild
    missing: dict[str, int] = {}
    if not beaten:
        left = wild
        for s in SYMBOLS:  # wildcards cover specific shortfalls first, in symbol order
            use = min(left, short_by[s])
            left -= use
            if short_by[s] - use:
                missing[s] = short_by[s] - use
        specific_left = sum(missing.values())
        anything = max(sum(short_by.values()), short_total) - wild - specific_left
        if anything > 0:
            missing["any"] = anything
    beaten_cards = sum(1 for c in col.cards if c.kind in ("problem", "complication"))
    return Verdict(
        beaten=beaten, total=total, needs=needs,
        have={s: have[s] for s in SYMBOLS if have[s]}, wildcards=wild, missing=missing,
        invalid=invalid, unchecked=unchecked,
        cheese=beaten_cards if beaten and col.markers else 0,
        only_complications=all(c.kind == "complication" for c in col.cards),
    )


# A number of each symbol, with the word in the right form (Polish: 1 korona, 2 korony, 5 koron).
# Only ever shown after "missing" (Polish "brakuje" + genitive: "brakuje 1 korony"), hence the
# msgctxt "missing".
SYMBOL_COUNTS = {
    "crown": lambda n: npmsg("missing", "%(num)d crown", "%(num)d crowns", n),
    "flower": lambda n: npmsg("missing", "%(num)d red flower", "%(num)d red flowers", n),
    "pot": lambda n: npmsg("missing", "%(num)d purple pot", "%(num)d purple pots", n),
    "boat": lambda n: npmsg("missing", "%(num)d blue boat", "%(num)d blue boats", n),
    "leaf": lambda n: npmsg("missing", "%(num)d green leaf", "%(num)d green leaves", n),
    "any": lambda n: npmsg("missing", "%(num)d of any symbol", "%(num)d of any symbol", n),
}


def missing_text(missing: Mapping[str, int]) -> Message:
    """'1 crown, 2 of any symbol' for the players (a Message: str() is English)."""
    parts = [SYMBOL_COUNTS[s](n) for s, n in missing.items() if s != "any"]
    if missing.get("any"):
        parts.append(SYMBOL_COUNTS["any"](missing["any"]))
    return join(*parts)


def share_cheese(cheese: int, puchaters: Sequence[str]) -> tuple[dict[str, int], int]:
    """An even split of a column's cheese among its puchaters, and the remainder to decide."""
    if not puchaters:
        return {}, cheese
    each, rest = divmod(cheese, len(puchaters))
    return {p: each for p in puchaters}, rest


def place_card(counts: list[int], column: int, limit: int = 3) -> int:
    """Where a card meant for `column` goes: one column further while a column holds 3.

    The sixth passes to the first. [reading] When every column holds 3, it stays put.
    """
    n = len(counts)
    for step in range(n):
        target = (column + step) % n
        if counts[target] < limit:
            return target
    return column


@dataclass(frozen=True)
class Placement:
    """One card the refill phase puts on the board."""

    what: str  # "problem", "complication", "nightmare", "extra", "fear"
    column: int  # 0-based
    meant: int


def refill(counts: Sequence[int], next_round: int, complication_at: int | None,
           nightmare_effect: str | None = None) -> list[Placement]:
    """The refill phase: a problem for each column, then the complication (the nightmare in
    round 6) onto its column, with the Zniszczona / Spuchlina extra problem (and fear)."""
    c = list(counts)
    out: list[Placement] = []
    for col in range(len(c)):
        target = place_card(c, col)
        c[target] += 1
        out.append(Placement("problem", target, col))
    if next_round >= ROUNDS:
        what, meant = "nightmare", len(c) - 1
    elif complication_at is not None:
        what, meant = "complication", complication_at
    else:
        return out
    target = place_card(c, meant)
    c[target] += 1
    out.append(Placement(what, target, meant))
    if nightmare_effect in ("zniszczona", "spuchlina"):
        extra = place_card(c, target)
        c[extra] += 1
        out.append(Placement("extra", extra, target))
        if nightmare_effect == "spuchlina":
            out.append(Placement("fear", extra, extra))
    return out


# -- JSON (INTERFACE.md) ---------------------------------------------------------------------
def _symbols(raw: Any, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise LiskiError(f"{where}: must be a list of symbols")
    for k, s in enumerate(raw):
        if s not in SYMBOLS:
            raise LiskiError(f"{where}[{k}]: {s!r} is not one of {', '.join(SYMBOLS)}")
    return tuple(raw)


def _needs(raw: Any, where: str) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise LiskiError(f"{where}: must be an object of symbol counts")
    out = {}
    for s, n in raw.items():
        if s not in SYMBOLS:
            raise LiskiError(f"{where}.{s}: not one of {', '.join(SYMBOLS)}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise LiskiError(f"{where}.{s}: must be a whole number of symbols, not {n!r}")
        if n:
            out[s] = n
    return out


def read_column(raw: Any, where: str = "column") -> Column:
    """A column from INTERFACE.md JSON, with one-line errors that name the place."""
    if not isinstance(raw, Mapping):
        raise LiskiError(f"{where}: must be an object with cards")
    cards_raw = raw.get("cards")
    if not isinstance(cards_raw, list) or not cards_raw:
        raise LiskiError(f"{where}.cards: a column needs at least one card")
    cards = []
    for i, c in enumerate(cards_raw):
        w = f"{where}.cards[{i}]"
        if not isinstance(c, Mapping):
            raise LiskiError(f"{w}: must be an object")
        kind = c.get("kind", "problem")
        if kind not in REQUIREMENT_KINDS:
            raise LiskiError(f"{w}.kind: {kind!r} is not one of {', '.join(REQUIREMENT_KINDS)}")
        total = c.get("total")
        if isinstance(total, bool) or not isinstance(total, int) or total < 0:
            raise LiskiError(f"{w}.total: must be a whole number from 0, not {total!r}")
        cards.append(Requirement(kind, total, _needs(c.get("needs"), f"{w}.needs"),
                                 _symbols(c.get("transition", []), f"{w}.transition"),
                                 str(c.get("name", ""))))
    for part in ("fear", "markers", "stack"):
        if not isinstance(raw.get(part) or [], list):
            raise LiskiError(f"{where}.{part}: must be a list")
    fear = []
    for i, f in enumerate(raw.get("fear") or []):
        w = f"{where}.fear[{i}]"
        if not isinstance(f, Mapping):
            raise LiskiError(f"{w}: must be an object")
        number = f.get("number", 0)
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise LiskiError(f"{w}.number: must be a whole number from 0, not {number!r}")
        fear.append(Fear(number, _needs(f.get("needs"), f"{w}.needs")))
    markers = _symbols(raw.get("markers") or [], f"{where}.markers")
    stack = []
    for i, s in enumerate(raw.get("stack") or []):
        w = f"{where}.stack[{i}]"
        if not isinstance(s, Mapping):
            raise LiskiError(f"{w}: must be an object")
        kind = s.get("kind")
        if kind not in STACK_KINDS:
            raise LiskiError(f"{w}.kind: {kind!r} is not one of {', '.join(STACK_KINDS)}")
        if kind == "greykit":
            stack.append(StackCard("greykit"))
            continue
        if kind == "fox" and s.get("any"):
            stack.append(StackCard("fox", any=True))
            continue
        symbols = _symbols(s.get("symbols", []), f"{w}.symbols")
        if kind == "ojojanie" and len(symbols) != 1:
            raise LiskiError(f"{w}.symbols: an ojojanie card shows 1 symbol")
        if kind == "fox" and len(symbols) != 2:
            raise LiskiError(f"{w}.symbols: a fox shows 2 symbols (or is `any`)")
        stack.append(StackCard(kind, symbols, _symbols(s.get("transition", []),
                                                        f"{w}.transition")))
    return Column(tuple(cards), tuple(fear), markers, tuple(stack))


def verdict_json(v: Verdict) -> dict[str, Any]:
    """The INTERFACE.md answer for one column."""
    return {"beaten": v.beaten, "total": v.total, "needs": v.needs, "have": v.have,
            "wildcards": v.wildcards, "missing": v.missing, "invalid": list(v.invalid),
            "unchecked": list(v.unchecked), "cheese": v.cheese}


def check_json(data: Any) -> Any:
    """INTERFACE.md Liski: a column (or a list of columns) -> the verdict(s)."""
    if isinstance(data, list):
        return [verdict_json(check(read_column(c, f"[{i}]"))) for i, c in enumerate(data)]
    return verdict_json(check(read_column(data)))
