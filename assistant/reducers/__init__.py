"""Table reducers: how each game's table state is folded from its events (pure, no I/O)."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

from assistant.messages import N_, Message, nmsg
from assistant.reducers.ops import EVERYTHING, Op, declare, safe_line
from assistant.reducers.schema import EditError, Int, Str, edit

State = dict[str, Any]
MAX_PLAYERS = 6
MAX_NAME = 24
__all__ = ["EditError", "Op", "Reducer", "State"]


NAME_TOO_LONG = nmsg("A name has at most %(num)d letter.", "A name has at most %(num)d letters.",
                     MAX_NAME)
NAME = Str(msg=NAME_TOO_LONG, max_len=4 * MAX_NAME)
PLAYER_INDEX = Int(msg="Pick a player.", lo=0, hi=MAX_PLAYERS - 1)
EVERY_PLAYER = ("players", *(f"player:{i}" for i in range(MAX_PLAYERS)))


def one_player(data: dict[str, Any]) -> set[str]:
    """An edit of one player (by index): it conflicts only with that player's edits."""
    return {f"player:{data.get('index')}"}



class Reducer:
    """Common table edits (the players' names); each game declares its own ops beside them."""

    slug = ""
    # Bump in a game's reducer whenever folding the same events would give another state:
    # snapshots written by another version are then ignored (the log stays the truth).
    version = 1
    default_names: tuple[str, ...] = ()  # names a table starts with, translated where shown
    min_players = 1
    max_players = MAX_PLAYERS

    def __init__(self) -> None:
        self.ops: dict[str, Op] = declare(*self.declare())

    def declare(self) -> list[Op]:
        """This table's ops; a game returns `[*super().declare(), ...]` (or leaves some out)."""
        return [
            # Two phones may name different players at once: a rename touches its player
            # only; a removal moves every later player up, so it touches them all.
            Op("players.add", edit(name=NAME), self._players_add, keys=("players",),
               history=N_("added player %(name)s")),
            Op("players.rename", edit(index=PLAYER_INDEX, name=NAME), self._players_rename,
               keys=one_player, history=N_("renamed a player to %(name)s")),
            Op("players.remove", edit(index=PLAYER_INDEX, name=NAME), self._players_remove,
               keys=EVERY_PLAYER, history=N_("removed player %(name)s"), destructive=True),
            Op("table.next", edit(code=Str(msg="That is not a table code.", max_len=16,
                                           pattern=r"[A-Za-z0-9]+", required=True)),
               self._table_next, keys=("next",),
               history=N_("started a new game with the same players")),
            # Who a phone is (its device id is set by the server, never by the phone).
            Op("phone.name", edit(device=Str(msg="Which phone?", max_len=40, required=True,
                                             pattern=r"[A-Za-z0-9]+"),
                                  name=Str(msg=NAME_TOO_LONG, max_len=MAX_NAME)),
               self._phone_name, keys=lambda d: {f"phone:{d['device']}"},
               history=lambda d: (Message("said this phone is %(name)s",
                                          name=self.shown_name(d["name"]))
                                  if d.get("name") else Message("forgot who this phone is")),
               undoable=False),
        ]

    def initial_state(self) -> State:
        """The state of a new table."""
        return {"players": []}

    def validate(self, op: str, data: Any) -> dict[str, Any]:
        """The edit's data cleaned by the op's declared schema, or EditError."""
        declared = self.ops.get(op)
        if declared is None:
            raise EditError("Unknown edit '%(op)s'.", op=str(op)[:40])
        if not isinstance(data, Mapping):
            raise EditError("The edit's data must be an object.")
        return declared.schema.clean(data)

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

    def apply(self, state: State, op: str, data: Any, at_ms: int) -> State:
        """The state after one edit, its data cleaned first (the given state is untouched)."""
        new = copy_state(state)
        self.apply_in_place(new, op, self.validate(op, data), at_ms)
        return new

    def apply_in_place(self, state: State, op: str, data: dict[str, Any], at_ms: int) -> None:
        """Change `state` by one edit of cleaned data (the store folds this way: no copy per
        event).

        A refused edit raises EditError and may have changed `state` partly: callers that
        must keep their state apply the edit to a copy (see `copy_state`).
        """
        declared = self.ops.get(op)
        if declared is None:
            raise EditError("Unknown edit '%(op)s'.", op=op)
        declared.apply(state, data, at_ms)

    def keys(self, op: str, data: dict[str, Any]) -> set[str]:
        """What an edit touches, for spotting conflicting edits from two phones."""
        declared = self.ops.get(op)
        return declared.touches(data) if declared else set(EVERYTHING)

    def shown_name(self, name: str) -> str | Message:
        """A player's name for a history line: a default name the game starts with ("Player
        1") is a Message, read in each phone's language."""
        return Message(name) if name in self.default_names else name

    def describe(self, op: str, data: dict[str, Any]) -> str | Message:
        """A short line for the history list (a Message: each phone reads it in its language)."""
        return safe_line(self.ops.get(op), op, data)

    def undoable(self, op: str) -> bool:
        """Whether Undo may take this edit back (not an undo, not who a phone is)."""
        declared = self.ops.get(op)
        return declared is not None and declared.undoable

    def destructive(self) -> set[str]:
        """The ops after which the page offers a one-tap undo."""
        return {name for name, op in self.ops.items() if op.destructive}

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
            phones[data["device"]] = name
        else:
            phones.pop(data["device"], None)

    def _table_next(self, state: State, data: dict[str, Any], _at: int) -> None:
        """A rematch started: the phones on this table are offered to follow to the new one."""
        state["next"] = data["code"]

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
