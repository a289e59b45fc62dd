"""Table reducers: how each game's table state is folded from its events (pure, no I/O)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any

from assistant.messages import Message, nmsg

State = dict[str, Any]
MAX_PLAYERS = 6
MAX_NAME = 24


class EditError(ValueError):
    """An edit the rules refuse: an English message id with parameters, translated where shown.

    `EditError("There is already a player called %(name)s.", name=name)`; `str()` is the English
    text (API, CLI), `.message` the Message the web layer translates (assistant.web.i18n.tr).
    """

    def __init__(self, msgid: str | Message, **params: Any) -> None:
        self.message = msgid if isinstance(msgid, Message) else Message(msgid, **params)
        super().__init__(str(self.message))


Handler = Callable[[State, dict[str, Any], int], None]


class Reducer:
    """Common table edits (the players' names); each game adds its own ops."""

    slug = ""
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
        handler = self.handlers.get(op)
        if handler is None:
            raise EditError("Unknown edit '%(op)s'.", op=op)
        new = copy.deepcopy(state)
        handler(new, data, at_ms)
        return new

    def keys(self, op: str, data: dict[str, Any]) -> Iterable[str]:
        """What an edit touches, for spotting conflicting edits from two phones."""
        if op.startswith("players."):
            return {"players"}
        return {"*"}

    def describe(self, op: str, data: dict[str, Any]) -> str | Message:
        """A short line for the history list (a Message: each phone reads it in its language)."""
        if op == "players.add":
            return Message("added player %(name)s", name=data.get("name", ""))
        if op == "players.rename":
            return Message("renamed a player to %(name)s", name=data.get("name", ""))
        if op == "players.remove":
            return Message("removed player %(name)s", name=data.get("name", ""))
        return op

    # -- common ops ---------------------------------------------------------------------
    def _players_add(self, state: State, data: dict[str, Any], _at: int) -> None:
        name = clean_name(data.get("name"))
        if len(state["players"]) >= self.max_players:
            raise EditError(nmsg("This game has at most %(num)d player.",
                                 "This game has at most %(num)d players.", self.max_players))
        if any(p["name"].casefold() == name.casefold() for p in state["players"]):
            raise EditError("There is already a player called %(name)s.", name=name)
        state["players"].append(self.new_player(name))

    def _players_rename(self, state: State, data: dict[str, Any], _at: int) -> None:
        i = player_index(state, data.get("index"))
        name = clean_name(data.get("name"))
        if any(
            j != i and p["name"].casefold() == name.casefold()
            for j, p in enumerate(state["players"])
        ):
            raise EditError("There is already a player called %(name)s.", name=name)
        state["players"][i]["name"] = name

    def _players_remove(self, state: State, data: dict[str, Any], _at: int) -> None:
        i = player_index(state, data.get("index"))
        del state["players"][i]

    def new_player(self, name: str) -> dict[str, Any]:
        """A new player's record; games add their own fields."""
        return {"name": name}


def clean_name(value: Any) -> str:
    """A player's name, trimmed; refused when empty or too long."""
    name = " ".join(str(value or "").split())
    if not name:
        raise EditError("Type a name first.")
    if len(name) > MAX_NAME:
        raise EditError(nmsg("A name has at most %(num)d letter.",
                              "A name has at most %(num)d letters.", MAX_NAME))
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
