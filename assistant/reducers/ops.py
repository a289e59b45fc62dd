"""An op is declared once: its name, schema, what it does, what it touches and its history line.

A game's reducer lists its ops (`Reducer.declare`); everything else (the store's stale-edit
check, the history, the one-tap undo offered after a destructive step, the fuzz tests) reads
these declarations instead of branching on op names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from assistant.messages import Message
from assistant.reducers.schema import Obj

State = dict[str, Any]
Handler = Callable[[State, dict[str, Any], int], None]
Keys = Iterable[str] | Callable[[dict[str, Any]], Iterable[str]]
History = str | Callable[[dict[str, Any]], "str | Message"]

EVERYTHING = ("*",)  # conflicts with every other edit made meanwhile


@dataclass(frozen=True)
class Op:
    """One edit a table takes.

    `schema` cleans the edit's data before `apply` sees it (handlers trust the cleaned data);
    `keys` says what it touches (fixed names, or a function of the data) so that two phones'
    edits of different things never conflict; `history` is the history line, a message id
    formatted with the data or a function of the data; `destructive` steps throw something
    away or skip it, and the page offers a one-tap undo after them; an op that is not
    `undoable` (who a phone is) is never taken back by Undo.
    """

    name: str
    schema: Obj
    apply: Handler
    keys: Keys = EVERYTHING
    history: History = ""
    destructive: bool = False
    undoable: bool = True

    def touches(self, data: Mapping[str, Any]) -> set[str]:
        """What this edit touches (conflict keys)."""
        keys = self.keys(dict(data)) if callable(self.keys) else self.keys
        return set(keys)

    def line(self, data: Mapping[str, Any]) -> str | Message:
        """The history line of this edit (a Message: each phone reads it in its language)."""
        if callable(self.history):
            return self.history(dict(data))
        return Message(self.history or self.name, **{k: v for k, v in data.items()
                                                      if isinstance(v, str | int)})


def declare(*ops: Op) -> dict[str, Op]:
    """Ops by name; a later declaration of the same name replaces an earlier one (a game
    overriding a common op)."""
    out: dict[str, Op] = {}
    for op in ops:
        out[op.name] = op
    return out


def safe_line(op: Op | None, name: str, data: Any) -> str | Message:
    """A history line that never crashes, whatever an old stored event holds."""
    try:
        text = op.line(data if isinstance(data, dict) else {}) if op else name
        if isinstance(text, Message):
            english = str(text)  # a bad parameter fails here, not in the page
            if "\n" not in english and len(english) <= 120:
                return text  # translated where shown, in each phone's language
    except Exception:  # noqa: BLE001 - the history text must never break a page
        text = str(name)
    return " ".join(str(text).split())[:120]
