"""The Kitsune table page: the turn helper with the bust risk, the play areas, the win."""

from __future__ import annotations

from typing import Any

from assistant.games import kitsune as kg
from assistant.games import ranking
from assistant.messages import N_
from assistant.reducers.kitsune import (
    CARD_WORDS,
    CARDS,
    COLOUR_WORDS,
    KitsuneTable,
    areas,
    colour_of,
    seen,
    youngest,
)
from assistant.registry import Edits, Game, register
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


def standing(state: dict[str, Any]) -> ranking.Ranking:
    """Ranked by kitsune in the play area, with the rules' tie-breaks."""
    players = areas(state)
    goal = kg.target(len(players)) if 2 <= len(players) <= 6 else 0
    over = state.get("over")
    res = (kg.Result(goal, tuple(over["winners"]), over["reason"], over.get("why", ""))
           if over else kg.Result(goal, (), None))
    return ranking.kitsune(players, res)


def final_sheet(_t: Table) -> dict[str, Any]:
    """The final screen's play areas."""
    return {"kg": kg}


def rematch(state: dict[str, Any], _keep_scoring: bool) -> Edits:
    """The same players with their ages (the youngest starts)."""
    return [("players.add", {"name": p["name"]} if p.get("age") is None
             else {"name": p["name"], "age": p["age"]}) for p in state["players"]]


GAME = register(Game(
    slug="kitsune", title="Kitsune", tagline=N_("Win check and bust risk"),
    players=N_("2–6 players"), reducer=KitsuneTable(), context=context, standing=standing,
    sheet=final_sheet, rematch=rematch, player_ages=True, score_json=kg.score_json))
