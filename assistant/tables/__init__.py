"""Table reducers: how each game's table state is folded from its events (pure, no I/O)."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable
from typing import Any

State = dict[str, Any]
MAX_PLAYERS = 6
MAX_NAME = 24


class EditError(ValueError):
    """An edit the rules refuse; its message is shown to the player as it is."""


Handler = Callable[[State, dict[str, Any], int], None]


class Reducer:
    """Common table edits (the players' names); each game adds its own ops."""

    slug = ""
    # Bump in a game's reducer whenever folding the same events would give another state:
    # snapshots written by another version are then ignored (the log stays the truth).
    version = 1
    min_players = 1
    max_players = MAX_PLAYERS

    def __init__(self) -> None:
        self.handlers: dict[str, Handler] = {
            "players.add": self._players_add,
            "players.rename": self._players_rename,
            "players.remove": self._players_remove,
        }

    def initial_state(self) -> State:
        """The state of a new table."""
        return {"players": []}

    def apply(self, state: State, op: str, data: dict[str, Any], at_ms: int) -> State:
        """Return the state after one edit (the given state is left untouched)."""
        new = copy_state(state)
        self.apply_in_place(new, op, data, at_ms)
        return new

    def apply_in_place(self, state: State, op: str, data: dict[str, Any], at_ms: int) -> None:
        """Change `state` by one edit (the store folds this way: no copy per event).

        A refused edit raises EditError and may have changed `state` partly: callers that
        must keep their state apply the edit to a copy (see `copy_state`).
        """
        handler = self.handlers.get(op)
        if handler is None:
            raise EditError(f"Unknown edit '{op}'.")
        handler(state, data, at_ms)

    def keys(self, op: str, data: dict[str, Any]) -> Iterable[str]:
        """What an edit touches, for spotting conflicting edits from two phones."""
        if op.startswith("players."):
            return {"players"}
        return {"*"}

    def describe(self, op: str, data: dict[str, Any]) -> str:
        """A short line for the history list."""
        if op == "players.add":
            return f"added player {data.get('name', '')}"
        if op == "players.rename":
            return f"renamed a player to {data.get('name', '')}"
        if op == "players.remove":
            return f"removed player {data.get('name', '')}".rstrip()
        return op

    # -- common ops ---------------------------------------------------------------------
    def _players_add(self, state: State, data: dict[str, Any], _at: int) -> None:
        name = clean_name(data.get("name"))
        if len(state["players"]) >= self.max_players:
            raise EditError(f"This game has at most {self.max_players} players.")
        if any(p["name"].casefold() == name.casefold() for p in state["players"]):
            raise EditError(f"There is already a player called {name}.")
        state["players"].append(self.new_player(name))

    def _players_rename(self, state: State, data: dict[str, Any], _at: int) -> None:
        i = player_index(state, data.get("index"))
        name = clean_name(data.get("name"))
        if any(
            j != i and p["name"].casefold() == name.casefold()
            for j, p in enumerate(state["players"])
        ):
            raise EditError(f"There is already a player called {name}.")
        state["players"][i]["name"] = name

    def _players_remove(self, state: State, data: dict[str, Any], _at: int) -> None:
        i = player_index(state, data.get("index"))
        del state["players"][i]

    def new_player(self, name: str) -> dict[str, Any]:
        """A new player's record; games add their own fields."""
        return {"name": name}


def copy_state(state: State) -> State:
    """A deep copy of a JSON-like state, several times faster than copy.deepcopy."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def clean_name(value: Any) -> str:
    """A player's name, trimmed; refused when empty or too long."""
    name = " ".join(str(value or "").split())
    if not name:
        raise EditError("Type a name first.")
    if len(name) > MAX_NAME:
        raise EditError(f"A name has at most {MAX_NAME} letters.")
    return name


def player_index(state: State, value: Any) -> int:
    """A valid index into the players list, or an EditError."""
    try:
        i = int(value)
    except (TypeError, ValueError):
        raise EditError("Pick a player.") from None
    if not 0 <= i < len(state["players"]):
        raise EditError("That player is not at this table any more.")
    return i


_REDUCERS: dict[str, Reducer] = {}


def register(reducer: Reducer) -> Reducer:
    """Add a game's reducer to the registry."""
    _REDUCERS[reducer.slug] = reducer
    return reducer


def reducer_for(game: str) -> Reducer:
    """The reducer of a game, or LookupError."""
    _load()
    try:
        return _REDUCERS[game]
    except KeyError:
        raise LookupError(f"unknown game '{game}'") from None


def _load() -> None:
    # Importing the game modules registers them (importing one twice is a no-op).
    from assistant.tables import kitsune, liski, okoshki, pisanki  # noqa: F401
