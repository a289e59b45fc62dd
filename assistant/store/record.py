"""Appending an edit to a table's log: the row lock, nonces, the stale-edit policy and undo.

An edit made against an older version is merged when the conflict keys (`reducer.keys`) of the
events made since by someone else do not meet its own, and refused with StaleEdit otherwise.
The version column is updated in the append's transaction, under the row lock.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import sqlalchemy as sa

from assistant.reducers import EditError, State, copy_state
from assistant.registry import reducer_for
from assistant.store.cache import TableCache
from assistant.store.fold import fold_from, undo_target
from assistant.store.log import read_events, read_seqs
from assistant.store.model import (
    RECENT,
    UNDO,
    Event,
    StaleEdit,
    Table,
    TableNotFound,
    is_undo,
    now_ms,
)
from assistant.store.schema import events_t, tables_t
from assistant.store.snapshot import load_snapshot, write_snapshot

FULL = "This table is full (%(count)s edits): start a new table to go on playing."


class Appended(NamedTuple):
    """An appended edit: the table after it, the edit's seq, and whether it was new."""

    table: Table
    seq: int
    new: bool


def append(engine: sa.Engine, cache: TableCache, code: str, op: str, data: dict[str, Any], *,
           base: int, author: str, nonce: str | None, at_ms: int | None,
           snapshot_every: int, max_events: int = 0) -> Appended:
    """Append one edit in its own transaction: the table after it, its seq, whether it was new.

    A repeated nonce appends nothing and answers with the seq the nonce was logged at (not the
    newest edit's: a re-sent tap must not be offered an Undo of someone else's edit).
    A table already holding `max_events` events (0: no cap) takes no more: EditError."""
    author = author[:40]
    with engine.begin() as conn:
        # Lock the table's row first: appends to one table take turns (no retry storms),
        # on SQLite (BEGIN IMMEDIATE) and PostgreSQL (row lock) alike.
        locked = conn.execute(
            tables_t.update().where(tables_t.c.code == code)
            .values(version=tables_t.c.version)
        ).rowcount
        if not locked:
            raise TableNotFound(code)
        row = conn.execute(
            sa.select(tables_t).where(tables_t.c.code == code)
        ).mappings().one()
        table = cache.current(conn, row)
        logged = _nonce_seq(conn, table.id, nonce) if nonce else None
        if logged is not None:
            return Appended(table, logged, False)
        if max_events and table.version >= max_events:
            raise EditError(FULL, count=max_events)
        new = _append_locked(conn, table, op, data, base, author, nonce, at_ms, snapshot_every)
    return Appended(new, new.version, True)


def _append_locked(conn: sa.Connection, table: Table, op: str, data: dict[str, Any], base: int,
                   author: str, nonce: str | None, at_ms: int | None,
                   snapshot_every: int) -> Table:
    base = max(0, min(int(base), table.version))
    at = now_ms() if at_ms is None else at_ms
    seq = table.version + 1
    since = _events_since(conn, table, base)
    undos, skipped = table.undos, table.skipped
    if is_undo(op):
        target = _undo_target(conn, table, data, author)
        data = {"target": target}
        _check_stale(conn, table, op, data, since, author)
        undos = {**table.undos, seq: target}
        state, snap, after = _refold(conn, table, undos)
        # The edits after the target must all still apply without it.
        broken = sorted(s for s in after if s > snap and s not in table.skipped)
        if broken:
            raise EditError("That edit cannot be undone on its own: %(why)s",
                            why=after[broken[0]])
        skipped = {**{s: w for s, w in table.skipped.items() if s <= snap}, **after}
    else:
        reducer = reducer_for(table.game)
        data = reducer.validate(op, data)  # the declared schema: only clean data is kept
        _check_stale(conn, table, op, data, since, author)
        state = copy_state(table.state)  # the cached state stays as it was if refused
        reducer.apply_in_place(state, op, data, at)
        snap = table.snap_version
    ev = Event(seq, op, data, author, at, base)
    conn.execute(
        events_t.insert().values(
            table_id=table.id, seq=seq, op=op,
            data=json.dumps(data, ensure_ascii=False, sort_keys=True),
            author=author, at_ms=at, base=base, nonce=nonce,
        )
    )
    conn.execute(
        tables_t.update().where(tables_t.c.id == table.id)
        .values(version=seq, updated_ms=at)
    )
    if seq - snap >= snapshot_every:
        write_snapshot(conn, table, seq, state, skipped)
        snap = seq
    return Table(
        id=table.id, code=table.code, game=table.game, created_ms=table.created_ms,
        updated_ms=at, version=seq, events=[*table.events, ev][-RECENT:], state=state,
        undos=undos, skipped=skipped, snap_version=snap,
    )


def _nonce_seq(conn: sa.Connection, table_id: int, nonce: str) -> int | None:
    """The seq an edit with this nonce was logged at, or None."""
    return conn.execute(
        sa.select(events_t.c.seq).where(
            events_t.c.table_id == table_id, events_t.c.nonce == nonce
        )
    ).scalar()


def _events_since(conn: sa.Connection, table: Table, base: int) -> list[Event]:
    """The events after version `base` (from memory when recent enough)."""
    first = table.version - len(table.events)
    if base >= first:
        return table.events[base - first:]
    return read_events(conn, table.id, base, table.version)


def _check_stale(conn: sa.Connection, table: Table, op: str, data: dict[str, Any],
                 since: list[Event], author: str) -> None:
    if not since:
        return
    reducer = reducer_for(table.game)
    targets = {undo_target(e.data) for e in since if e.is_undo}
    if is_undo(op):
        targets.add(undo_target(data))
    known = {e.seq: e for e in read_seqs(conn, table.id, targets - {None})}

    def keys(o: str, d: dict[str, Any]) -> set[str]:
        if is_undo(o):  # an undo touches what its target touched
            t = known.get(undo_target(d))
            return {"*"} if t is None else keys(t.op, t.data)
        return set(reducer.keys(o, d))

    mine = keys(op, data)
    for ev in since:
        if author and ev.author == author:
            continue  # the phone's own edit (its reply may have been lost): not someone else
        theirs = keys(ev.op, ev.data)
        if mine & theirs or "*" in mine or "*" in theirs:
            raise StaleEdit(
                "Someone else changed this a moment ago (%(what)s). Here is the table as it"
                " is now: make your change again if it still applies.",
                what=reducer.describe(ev.op, ev.data),
            )


def _refold(conn: sa.Connection, table: Table,
            undos: dict[int, int]) -> tuple[State, int, dict[int, str]]:
    """The state at the table's version with these undos, from the snapshot before them.

    Also the snapshot's version and the events after it that were skipped.
    """
    snap, start, _skipped = load_snapshot(conn, table, table.version, undos)
    events = read_events(conn, table.id, snap, table.version)
    state, after = fold_from(table.game, start, events, set(undos.values()))
    return state, snap, after


def _undo_target(conn: sa.Connection, table: Table, data: dict[str, Any], author: str) -> int:
    """The seq an undo takes back, checked; without one, this phone's own last edit (undo
    belongs to the phone that edited: ../shared/DESIGN.md)."""
    undone = table.undone
    raw = data.get("target") if isinstance(data, dict) else None
    if raw in (None, ""):
        undoable = reducer_for(table.game).undoable
        mine = (ev for ev in reversed(table.events)
                if ev.author == author and undoable(ev.op) and ev.seq not in undone)
        found = next(mine, None)
        if found is None and table.version - len(table.events) > 0:
            rows = conn.execute(
                sa.select(events_t.c.seq, events_t.c.op).where(
                    events_t.c.table_id == table.id, events_t.c.author == author,
                    events_t.c.op != UNDO,
                ).order_by(events_t.c.seq.desc())
            )
            seq = next((r.seq for r in rows if r.seq not in undone and undoable(r.op)), None)
            if seq is not None:
                return int(seq)
        if found is None:
            raise EditError("This phone has nothing to undo.")
        return found.seq
    try:
        target = int(raw)
    except (TypeError, ValueError):
        raise EditError("There is nothing to undo.") from None
    if target in undone:
        raise EditError("That edit was already undone.")
    ev = table.event(target)
    if ev is None and 1 <= target <= table.version:
        found = read_seqs(conn, table.id, {target})
        ev = found[0] if found else None
    if ev is None or ev.is_undo:
        raise EditError("There is nothing to undo.")
    return target
