"""`tally`: a small test game that lives in tests/ only and reaches every page through the
registry alone (issue 23): players, an op that adds points, an op that resets them.

Nothing under assistant/, templates/ or static/ knows it: `register_tally()` declares it, and
the tests take it out again afterwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from assistant.games import ranking
from assistant.messages import Message
from assistant.reducers import EditError, Op, Reducer, State
from assistant.reducers.schema import Int, edit
from assistant.registry import Game, register, unregister

GOAL = 10  # the first to 10 points ends the game


class TallyTable(Reducer):
    """Players and their points."""

    slug = "tally"
    max_players = 4

    def declare(self) -> list[Op]:
        player = Int(msg="Pick a player.", lo=0, hi=self.max_players - 1, required=True)
        return [
            *super().declare(),
            Op("tally.add", edit(player=player,
                                 points=Int(msg="Add 1 to 5 points.", lo=1, hi=5, required=True)),
               self._add, keys=lambda d: {f"points:{d['player']}"},
               history=lambda d: Message("+%(points)d for player %(num)d", points=d["points"],
                                         num=d["player"] + 1)),
            Op("tally.reset", edit(), self._reset, keys=("points",), history="reset every score",
               destructive=True),
        ]

    def new_player(self, name: str) -> dict[str, Any]:
        return {"name": name, "points": 0}

    def _add(self, state: State, data: dict[str, Any], _at: int) -> None:
        if data["player"] >= len(state["players"]):
            raise EditError("That player is not at this table any more.")
        state["players"][data["player"]]["points"] += data["points"]

    def _reset(self, state: State, _data: dict[str, Any], _at: int) -> None:
        for p in state["players"]:
            p["points"] = 0


def standing(state: State) -> ranking.Ranking:
    """By points; over once someone has GOAL."""
    names = [p["name"] for p in state["players"]]
    totals = [p["points"] for p in state["players"]]
    return ranking.by_total(names, totals, finished=any(t >= GOAL for t in totals))


def context(t: Any) -> dict[str, Any]:
    """The page's context: the leader so far."""
    leader = max(t.state["players"], key=lambda p: p["points"], default=None)
    return {"leader": leader["name"] if leader and leader["points"] else None}


def score_json(data: Any) -> dict[str, Any]:
    """POST /api/tally/score: {"points": {name: n}} -> the ranking."""
    points = data["points"]
    if not isinstance(points, dict) or not all(isinstance(v, int) for v in points.values()):
        raise ValueError("points: an object of whole numbers by name")
    r = ranking.by_total(list(points), list(points.values()), finished=True)
    return {"winners": list(r.winners), "places": [[p.name, p.score, p.rank] for p in r.places]}


GAME = Game(slug="tally", title="Tally", tagline="Points by player", players="1–4 players",
            reducer=TallyTable(), context=context, standing=standing,
            templates=Path(__file__).parent / "templates", score_json=score_json)


def register_tally() -> Game:
    """Declare the game (the test fixture takes it out again with `unregister_tally`)."""
    return register(GAME)


def unregister_tally() -> None:
    """Take the game out of the registry."""
    unregister(GAME.slug)
