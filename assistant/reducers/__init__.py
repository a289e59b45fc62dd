"""Table reducers: how each game's table state is folded from its events (pure, no I/O)."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from assistant.messages import Message, nmsg
from assistant.reducers.schema import EditError, Int, Obj, Str, check_declared, edit

State = dict[str, Any]
MAX_PLAYERS = 6
MAX_NAME = 24
__all__ = ["EditError", "Reducer", "State", "register", "reducer_for"]


NAME = Str(msg=nmsg("A name has at most %(num)d letter.", "A name has at most %(num)d letters.",
                    MAX_NAME), max_len=4 * MAX_NAME)
PLAYER_INDEX = Int(msg="Pick a player.", lo=0, hi=MAX_PLAYERS - 1)

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
            "table.next": self._table_next,
            "phone.name": self._phone_name,
        }
        # One declared schema per op (assistant/reducers/schema.py): the edit is cleaned by it
        # before the handler runs, and only the cleaned data is stored.
        self.schemas: dict[str, Obj] = {
            "players.add": edit(name=NAME),
            "players.rename": edit(index=PLAYER_INDEX, name=NAME),
            "players.remove": edit(index=PLAYER_INDEX, name=NAME),
            "table.next": edit(code=Str(msg="That is not a table code.", max_len=16,
                                        pattern=r"[A-Za-z0-9]+")),
            # Who a phone is (its device id is set by the server, never by the phone).
            "phone.name": edit(device=Str(msg="Which phone?", max_len=40, required=True,
                                          pattern=r"[A-Za-z0-9]+"),
                               name=Str(msg=nmsg("A name has at most %(num)d letter.",
                                                 "A name has at most %(num)d letters.", MAX_NAME),
                                        max_len=MAX_NAME)),
        }

    def initial_state(self) -> State:
        """The state of a new table."""
        return {"players": []}

    def validate(self, op: str, data: Any) -> dict[str, Any]:
        """The edit's data cleaned by the op's declared schema, or EditError."""
        schema = self.schemas.get(op) if op in self.handlers else None
        if schema is None:
            raise EditError("Unknown edit '%(op)s'.", op=str(op)[:40])
        if not isinstance(data, Mapping):
            raise EditError("The edit's data must be an object.")
        return schema.clean(data)

    def replay(self, state: State, op: str, data: Any, at_ms: int
               ) -> tuple[State, str | Message | None]:
        """Fold one stored event: the new state, or the old one and why the event was skipped.

        Never raises: an event that no longer applies (or was stored before a check existed)
        is skipped, so no stored event can make a table unreadable.
        """
        new = copy_state(state)
        problem = self.replay_in_place(new, op, data, at_ms)
        return (state, problem) if problem else (new, None)

    def replay_in_place(self, state: State, op: str, data: Any, at_ms: int
                        ) -> str | Message | None:
        """Fold one stored event into `state` in place; why it was skipped, or None.

        Never raises. When it returns a reason, `state` may have been changed partly: the
        store's fold then starts that stretch again without the event (see store.fold_from).
        """
        try:
            self.apply_in_place(state, op, self.validate(op, data), at_ms)
        except EditError as exc:
            return exc.message  # a Message: read in each phone's language
        except Exception as exc:  # noqa: BLE001 - a stored event must never break a table
            return f"could not be applied ({type(exc).__name__})"
        return None

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
            raise EditError("Unknown edit '%(op)s'.", op=op)
        handler(state, data, at_ms)

    def keys(self, op: str, data: dict[str, Any]) -> Iterable[str]:
        """What an edit touches, for spotting conflicting edits from two phones."""
        if op.startswith("players."):
            return {"players"}
        if op == "table.next":
            return {"next"}
        if op == "phone.name":
            return {f"phone:{data.get('device')}"}
        return {"*"}

    def describe(self, op: str, data: dict[str, Any]) -> str | Message:
        """A short line for the history list (a Message: each phone reads it in its language)."""
        if op == "players.add":
            return Message("added player %(name)s", name=data.get("name", ""))
        if op == "players.rename":
            return Message("renamed a player to %(name)s", name=data.get("name", ""))
        if op == "players.remove":
            return Message("removed player %(name)s", name=data.get("name", ""))
        if op == "table.next":
            return Message("started a new game with the same players")
        if op == "phone.name":
            name = data.get("name")
            if name:
                return Message("said this phone is %(name)s", name=name)
            return Message("forgot who this phone is")
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
        if data.get("name") not in (None, "", state["players"][i]["name"]):
            raise EditError("The players changed meanwhile: check whom to remove.")
        del state["players"][i]

    def _phone_name(self, state: State, data: dict[str, Any], _at: int) -> None:
        """A phone says who it is (a player's name), or forgets it (an empty name)."""
        phones = state.setdefault("phones", {})
        name = " ".join(str(data.get("name") or "").split())
        if name:
            phones[str(data["device"])] = name
        else:
            phones.pop(str(data["device"]), None)

    def _table_next(self, state: State, data: dict[str, Any], _at: int) -> None:
        """A rematch started: the phones on this table are offered to follow to the new one."""
        code = str(data.get("code") or "")
        if not code.isalnum() or len(code) > 16:
            raise EditError("That is not a table code.")
        state["next"] = code

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


def _safe_describe(describe: Callable[[str, dict[str, Any]], str]):
    """A history line that never crashes, whatever an old stored event holds."""

    def safe(op: str, data: dict[str, Any]) -> str | Message:
        try:
            text = describe(op, data if isinstance(data, dict) else {})
            if isinstance(text, Message):
                english = str(text)  # a bad parameter fails here, not in the page
                if "\n" not in english and len(english) <= 120:
                    return text  # translated where shown, in each phone's language
        except Exception:  # noqa: BLE001 - the history text must never break a page
            text = str(op)
        return " ".join(str(text).split())[:120]

    safe.__doc__ = describe.__doc__
    return safe


def register(reducer: Reducer) -> Reducer:
    """Add a game's reducer to the registry (every op must declare its schema)."""
    check_declared(reducer.handlers, reducer.schemas, type(reducer).__name__)
    reducer.describe = _safe_describe(reducer.describe)  # type: ignore[method-assign]
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
    from assistant.reducers import kitsune, liski, okoshki, pisanki  # noqa: F401
