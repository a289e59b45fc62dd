"""Snapshots of a folded state, so that a cold read or an undo folds only the events since one.

Snapshots are a cache: the log stays the truth, a snapshot written by another reducer version
is ignored, and one that cannot be read is only a missing cache entry. A state is kept as JSON,
with the Messages some states hold (history lines, reasons) kept as Messages.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

from assistant.messages import Message
from assistant.reducers import State, copy_state
from assistant.registry import reducer_for
from assistant.store.fold import snapshot_usable
from assistant.store.model import Table
from assistant.store.schema import snapshots_t


def load_snapshot(conn: sa.Connection, table: Table, upto: int, undos: dict[int, int]
                  ) -> tuple[int, Callable[[], State], dict[int, str]]:
    """The latest usable snapshot at or before `upto` (this reducer's), else the start.

    Its version, a maker of fresh copies of its state, and the events skipped before it.
    """
    reducer = reducer_for(table.game)
    versions = conn.execute(
        sa.select(snapshots_t.c.version).where(
            snapshots_t.c.table_id == table.id,
            snapshots_t.c.reducer_version == reducer.version,
            snapshots_t.c.version <= upto,
        ).order_by(snapshots_t.c.version.desc())
    ).scalars()
    for v in versions:
        if snapshot_usable(v, undos):
            text = conn.execute(
                sa.select(snapshots_t.c.state).where(
                    snapshots_t.c.table_id == table.id,
                    snapshots_t.c.reducer_version == reducer.version,
                    snapshots_t.c.version == v,
                )
            ).scalar_one()
            try:
                snap = json.loads(text, object_hook=_decode_message)
                state = snap["state"]
                skipped = {int(k): _from_json(w) for k, w in snap.get("skipped", {}).items()}
            except (ValueError, TypeError, KeyError, AttributeError):
                continue  # a spoiled snapshot is only a missing cache entry
            return v, _fresh_copies(state), skipped
    return 0, reducer.initial_state, {}


def _to_json(reason: Any) -> Any:
    """A skipped event's reason (a Message or a text) as JSON, to keep in a snapshot."""
    if isinstance(reason, Message):
        params = {k: _to_json(v) for k, v in reason.params.items()}
        return {"msgid": reason.msgid, "plural": reason.plural, "num": reason.num,
                "params": params}
    return reason if isinstance(reason, str | int | float | None) else str(reason)


def _from_json(value: Any) -> Any:
    if isinstance(value, dict) and "msgid" in value:
        params = {k: _from_json(v) for k, v in (value.get("params") or {}).items()}
        params.pop("num", None)  # Message puts its num among the params itself
        return Message(value["msgid"], value.get("plural"), value.get("num"), **params)
    return value


def _encode_message(value: Any) -> Any:
    """Snapshots keep the Messages some states hold (history lines, reasons) as Messages."""
    if isinstance(value, Message):
        return {"__message__": _to_json(value)}
    raise TypeError(f"cannot keep {type(value).__name__} in a snapshot")


def _decode_message(obj: dict[str, Any]) -> Any:
    if len(obj) == 1 and "__message__" in obj:
        return _from_json(obj["__message__"])
    return obj


def _fresh_copies(state: State) -> Callable[[], State]:
    """The state itself the first time, a copy each time after."""
    given = [False]

    def make() -> State:
        if given[0]:
            return copy_state(state)
        given[0] = True
        return state

    return make


def write_snapshot(conn: sa.Connection, table: Table, version: int, state: State,
                   skipped: dict[int, str]) -> None:
    """Keep the state at `version` and the events skipped up to it, for this reducer version."""
    snap = {"state": state, "skipped": {str(k): _to_json(w) for k, w in skipped.items()}}
    conn.execute(
        snapshots_t.insert().values(
            table_id=table.id, version=version,
            reducer_version=reducer_for(table.game).version,
            state=json.dumps(snap, ensure_ascii=False, separators=(",", ":"),
                             default=_encode_message),
        )
    )
