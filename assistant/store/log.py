"""Reading a table's event log: rows of the events table as Events, and the undos among them."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from assistant.store.fold import undo_target
from assistant.store.model import UNDO, Event
from assistant.store.schema import events_t

_EVENT_COLS = (events_t.c.seq, events_t.c.op, events_t.c.data, events_t.c.author,
               events_t.c.at_ms, events_t.c.base)


def _loads(text: str) -> Any:
    """A stored event's data (None for a spoiled one: folding skips it rather than crash)."""
    try:
        return json.loads(text)
    except ValueError:
        return None


def _event(r: Any) -> Event:
    return Event(r.seq, r.op, _loads(r.data), r.author, r.at_ms, r.base)


def read_events(conn: sa.Connection, table_id: int, after: int, upto: int) -> list[Event]:
    """Events with after < seq <= upto, oldest first."""
    if upto <= max(after, 0):
        return []
    rows = conn.execute(
        sa.select(*_EVENT_COLS)
        .where(events_t.c.table_id == table_id, events_t.c.seq > after, events_t.c.seq <= upto)
        .order_by(events_t.c.seq)
    )
    return [_event(r) for r in rows]


def read_seqs(conn: sa.Connection, table_id: int, seqs: set[int]) -> list[Event]:
    """The events with these seqs (those that exist), in no particular order."""
    if not seqs:
        return []
    rows = conn.execute(
        sa.select(*_EVENT_COLS)
        .where(events_t.c.table_id == table_id, events_t.c.seq.in_(sorted(seqs)))
    )
    return [_event(r) for r in rows]


def read_undos(conn: sa.Connection, table_id: int, upto: int) -> dict[int, int]:
    """Each undo's seq (up to `upto`) mapped to the seq it took back."""
    rows = conn.execute(
        sa.select(events_t.c.seq, events_t.c.data).where(
            events_t.c.table_id == table_id, events_t.c.op == UNDO, events_t.c.seq <= upto
        )
    )
    undos = {r.seq: undo_target(_loads(r.data)) for r in rows}
    return {seq: target for seq, target in undos.items() if target}
