"""Okoshki (Window Cats, a 2-player Koi-Koi): the deck, the sets, Stop / Game on, the game.

Everything here follows shared/RULES.md (Okoshki) and rulebooks/okoshki.txt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.messages import N_, Message, nmsg

# Card kinds and how many of each the 48-card deck has (RULES.md, Okoshki: Card kinds).
KIND_COUNTS: dict[str, int] = {
    "sun": 2, "sun_clouded": 1, "sun_rainbow": 2,
    "bird": 5, "owl": 3, "swallow_rainbow": 1,
    "cat": 4, "cat_red": 3, "cat_tabby": 3,
    "sky": 24,
}
KINDS = tuple(KIND_COUNTS)
KIND_NAMES = {  # N_: shown translated by the pages ({{ _(name) }}), English in the API
    "sun": N_("Sun"), "sun_clouded": N_("Clouded sun"), "sun_rainbow": N_("Sun with rainbow"),
    "bird": N_("Bird"), "owl": N_("Owl"), "swallow_rainbow": N_("Swallow with rainbow"),
    "cat": N_("Cat"), "cat_red": N_("Red cat"), "cat_tabby": N_("Gray tabby cat"), "sky": N_("Sky"),
}
GROUPS = {  # how the rulebook recommends grouping a zone (names shown with _())
    N_("Suns"): ("sun", "sun_rainbow", "sun_clouded"),
    N_("Sky"): ("sky",),
    N_("Birds"): ("bird", "owl", "swallow_rainbow"),
    N_("Cats"): ("cat", "cat_red", "cat_tabby"),
}
SUNS, BIRDS, CATS = GROUPS["Suns"], GROUPS["Birds"], GROUPS["Cats"]

# The 12 curtain suits and their four windows. [reading] The deck image is not in the
# rulebook: the suits follow Koi-Koi's months (suns = brights, birds = animals, cats =
# ribbons, sky = plain cards), months paired onto the six curtain colours, plain then print.
COLOURS = ("red", "yellow", "purple", "green", "brown", "blue")
SUIT_KINDS: tuple[tuple[str, str, str, str], ...] = (
    ("sun", "cat_red", "sky", "sky"),                 # red         (pine)
    ("bird", "cat_red", "sky", "sky"),                # red-print   (plum)
    ("sun_rainbow", "cat_red", "sky", "sky"),         # yellow      (cherry)
    ("bird", "cat", "sky", "sky"),                    # yellow-print (wisteria)
    ("bird", "cat", "sky", "sky"),                    # purple      (iris)
    ("owl", "cat_tabby", "sky", "sky"),               # purple-print (peony)
    ("owl", "cat", "sky", "sky"),                     # green       (clover)
    ("sun_rainbow", "bird", "sky", "sky"),            # green-print (pampas)
    ("swallow_rainbow", "cat_tabby", "sky", "sky"),   # brown       (chrysanthemum)
    ("owl", "cat_tabby", "sky", "sky"),               # brown-print (maple)
    ("sun_clouded", "bird", "cat", "sky"),            # blue        (willow)
    ("sun", "sky", "sky", "sky"),                     # blue-print  (paulownia)
)
SUITS = tuple(f"{c}{p}" for c in COLOURS for p in ("", "-print"))


@dataclass(frozen=True)
class Card:
    """One of the 48 cards: `red-print-2` is window 2 of the red print curtain."""

    id: str
    suit: str
    window: int
    kind: str


DECK: tuple[Card, ...] = tuple(
    Card(f"{suit}-{w + 1}", suit, w + 1, kind)
    for suit, kinds in zip(SUITS, SUIT_KINDS, strict=True)
    for w, kind in enumerate(kinds)
)
CARDS = {c.id: c for c in DECK}


class ZoneError(ValueError):
    """A zone the deck cannot have, or input that is not a zone."""


@dataclass(frozen=True)
class ScoredSet:
    """One set a zone makes (its name a Message: English in the API, translated on pages)."""

    name: str | Message
    points: int
    kinds: tuple[str, ...] = field(default=(), compare=False)


def read_zone(raw: Any, where: str = "zone") -> dict[str, int]:
    """A zone's counts from JSON: missing kinds are 0; unknown kinds and impossible counts fail."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise ZoneError(f"{where}: must be an object of card counts")
    zone = dict.fromkeys(KINDS, 0)
    for kind, value in raw.items():
        if kind not in KIND_COUNTS:
            raise ZoneError(f"{where}.{kind}: not a card kind (one of {', '.join(KINDS)})")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ZoneError(f"{where}.{kind}: must be a whole number, not {value!r}")
        if value < 0:
            raise ZoneError(f"{where}.{kind}: cannot be negative ({value})")
        if value > KIND_COUNTS[kind]:
            raise ZoneError(
                f"{where}.{kind}: {value} {KIND_NAMES[kind].lower()} cards, but the deck has "
                f"only {KIND_COUNTS[kind]}"
            )
        zone[kind] = value
    return zone


def sun_set(zone: Mapping[str, int]) -> ScoredSet | None:
    """The best sun set (only one scores): 5 = 10, 4 clear = 8, 4 any = 7, 3 clear = 6."""
    clear = zone.get("sun", 0) + zone.get("sun_rainbow", 0)
    total = clear + zone.get("sun_clouded", 0)
    if total >= 5:
        return ScoredSet(Message("5 Suns"), 10, SUNS)
    if clear >= 4:
        return ScoredSet(Message("4 Suns, no clouded"), 8, ("sun", "sun_rainbow"))
    if total >= 4:
        return ScoredSet(Message("4 Suns, any"), 7, SUNS)
    if clear >= 3:
        return ScoredSet(Message("3 Suns, no clouded"), 6, ("sun", "sun_rainbow"))
    return None


def sets(zone: Mapping[str, int]) -> list[ScoredSet]:
    """Every set a zone makes (RULES.md: the best sun set, all others add up)."""
    zone = {k: zone.get(k, 0) for k in KINDS}
    found: list[ScoredSet] = []
    best_sun = sun_set(zone)
    if best_sun:
        found.append(best_sun)
    birds = sum(zone[k] for k in BIRDS)
    if birds >= 5:
        found.append(ScoredSet(nmsg("%(num)d Bird", "%(num)d Birds", birds), birds - 4, BIRDS))
    if zone["owl"] >= 3:
        found.append(ScoredSet(Message("3 Owls"), 5, ("owl",)))
    cats = sum(zone[k] for k in CATS)
    if cats >= 5:
        found.append(ScoredSet(nmsg("%(num)d Cat", "%(num)d Cats", cats), cats - 4, CATS))
    if zone["cat_red"] >= 3:
        found.append(ScoredSet(Message("3 Red Cats"), 5, ("cat_red",)))
    if zone["cat_tabby"] >= 3:
        found.append(ScoredSet(Message("3 Gray Tabby Cats"), 5, ("cat_tabby",)))
    if zone["swallow_rainbow"] >= 1 and zone["sun_rainbow"] >= 2:
        found.append(ScoredSet(Message("Swallow + 2 Suns with Rainbow"), 6,
                               ("swallow_rainbow", "sun_rainbow")))
    elif zone["swallow_rainbow"] >= 1 and zone["sun_rainbow"] == 1:
        found.append(ScoredSet(Message("Swallow + Sun with Rainbow"), 3,
                               ("swallow_rainbow", "sun_rainbow")))
    if zone["sky"] >= 10:  # [reading] 10 = 1, +1 per extra
        found.append(ScoredSet(nmsg("%(num)d Sky", "%(num)d Sky", zone["sky"]), zone["sky"] - 9,
                               ("sky",)))
    return found


def points(zone: Mapping[str, int]) -> int:
    """The sum of a zone's sets."""
    return sum(s.points for s in sets(zone))


def round_total(base: int, game_on: bool) -> int:
    """A round's points: doubled if anyone said Game on during the round."""
    return base * 2 if game_on else base


def near_sets(zone: Mapping[str, int]) -> dict[str, int]:
    """For each kind the deck still has, how many points one more such card would add."""
    now = points(zone)
    gains: dict[str, int] = {}
    for kind in KINDS:
        if zone.get(kind, 0) < KIND_COUNTS[kind]:
            more = dict(zone)
            more[kind] = more.get(kind, 0) + 1
            gain = points(more) - now
            if gain > 0:
                gains[kind] = gain
    return gains


def may_stop(now_points: int, game_on_points: int | None) -> tuple[bool, Message]:
    """May a player say Stop? Only with a set, and after Game on only with more points."""
    if now_points <= 0:
        return False, Message("No set yet: there is nothing to stop with.")
    if game_on_points is not None and now_points <= game_on_points:
        return False, nmsg(
            "You said Game on with %(num)d point: you may stop only with more (now %(now)d).",
            "You said Game on with %(num)d points: you may stop only with more (now %(now)d).",
            game_on_points, now=now_points)
    return True, nmsg("You may stop with %(num)d point.", "You may stop with %(num)d points.",
                      now_points)


def deal_check(board: Sequence[str], hands: Sequence[Sequence[str]]) -> dict[str, Any]:
    """After a deal: a whole suit on the board must be redealt; one in a hand may be."""
    def whole_suits(ids: Sequence[str]) -> list[str]:
        counts: dict[str, int] = {}
        for cid in ids:
            if cid not in CARDS:
                raise ZoneError(f"{cid}: not a card of the deck")
            counts[CARDS[cid].suit] = counts.get(CARDS[cid].suit, 0) + 1
        return sorted(s for s, n in counts.items() if n == 4)

    every = list(board) + [c for h in hands for c in h]
    if len(set(every)) != len(every):
        raise ZoneError("the same card is dealt twice")
    return {
        "must_redeal": bool(whole_suits(board)),
        "board_suits": whole_suits(board),
        "may_redeal": [whole_suits(h) for h in hands],
    }


# -- the game over rounds --------------------------------------------------------------------
ROUNDS = 6


@dataclass(frozen=True)
class Standing:
    """Totals after the rounds played, and whether the game is over and who won."""

    totals: tuple[int, int]
    over: bool
    winners: tuple[int, ...]
    next_dealer: int


def standing(results: Sequence[Mapping[str, Any]], first_dealer: int = 0) -> Standing:
    """Fold round results ({"winner": 0|1|None, "total": n}) into totals and the game's end.

    6 rounds; a tied total after 6 plays 1 more round [reading: still tied after it, the
    win is shared]; the round winner deals next (after a tied round the dealer stays).
    """
    totals = [0, 0]
    dealer = first_dealer
    for r in results:
        w = r.get("winner")
        if w is not None:
            totals[w] += int(r.get("total", 0))
            dealer = w
    n = len(results)
    over = (n >= ROUNDS and totals[0] != totals[1]) or n >= ROUNDS + 1
    winners: tuple[int, ...] = ()
    if over:
        best = max(totals)
        winners = tuple(i for i in (0, 1) if totals[i] == best)
    return Standing((totals[0], totals[1]), over, winners, dealer)


def score_json(data: Any) -> dict[str, Any]:
    """INTERFACE.md Okoshki: {"zone": {...}, "game_on": bool} -> sets, points, total."""
    if not isinstance(data, Mapping):
        raise ZoneError("the body must be a JSON object with 'zone'")
    if "zone" not in data:
        raise ZoneError("zone: missing")
    zone = read_zone(data["zone"])
    game_on = data.get("game_on", False)
    if not isinstance(game_on, bool):
        raise ZoneError(f"game_on: must be true or false, not {game_on!r}")
    found = sets(zone)
    base = sum(s.points for s in found)
    return {
        "sets": [{"name": s.name, "points": s.points} for s in found],
        "points": base,
        "doubled": game_on,
        "total": round_total(base, game_on),
    }
