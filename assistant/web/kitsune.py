"""The Kitsune table page: the turn helper with the bust risk, the play areas, the win."""

from __future__ import annotations

from typing import Any

from assistant.games import kitsune as kg
from assistant.reducers.kitsune import CARD_WORDS, CARDS, COLOUR_WORDS, colour_of, seen
from assistant.store import Table


def context(t: Table) -> dict[str, Any]:
    """Template context of the Kitsune page."""
    state = t.state
    players = state["players"]
    turn = state["turn"]
    risk = None
    if len(players) >= 2 and turn["status"] == "open" and turn["revealed"]:
        try:
            left = kg.cards_left(seen(state))
            risk = kg.bust_risk(left, [colour_of(c) for c in turn["revealed"]])
        except kg.KitsuneError:
            risk = None  # the areas were corrected by hand beyond the deck: no honest number
    active = state["active"]
    if active is None and players:
        from assistant.reducers.kitsune import youngest

        active = youngest(state)
    goal = kg.target(len(players)) if 2 <= len(players) <= 6 else None
    return {
        "kg": kg,
        "cards": CARDS,
        "colour_of": colour_of,
        "active": active,
        "goal": goal,
        "risk": risk,
        "turn": turn,
        "has_again": active is not None and players and players[active]["hand"]["again"] > 0,
        "others": [i for i in range(len(players)) if i != active],
        "card_names": CARD_WORDS,  # shown with tr(): Oni names stay as printed
        "colour_words": COLOUR_WORDS,
    }
