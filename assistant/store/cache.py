"""The folded tables a store keeps, and a table at the version its row says.

An edit costs the same whatever the table's history: the store keeps the folded state of a
bounded number of tables (least recently used go first) and catches a cached table up with the
events appended since (by another process, say); only a table it does not hold, or one an undo
changed behind its back, is folded cold, from its latest usable snapshot.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import sqlalchemy as sa

from assistant.reducers import copy_state
from assistant.store.fold import fold_from
from assistant.store.log import read_events, read_undos
from assistant.store.model import RECENT, Table
from assistant.store.snapshot import load_snapshot


class TableCache:
    """Tables by code, each at the newest version seen, at most `size` of them (an LRU)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._tables)

    def get(self, code: str) -> Table | None:
        """The cached table with that code, whatever its version (None when not held)."""
        with self._lock:
            return self._tables.get(code)

    def remember(self, table: Table) -> None:
        """Keep a table's newest version, dropping the least recently used beyond the bound."""
        with self._lock:
            old = self._tables.get(table.code)
            if old is None or old.version <= table.version:
                self._tables[table.code] = table
            self._tables.move_to_end(table.code)
            while len(self._tables) > self.size:
                self._tables.popitem(last=False)

    def clear(self) -> None:
        """Forget every table (the next reads fold cold, as after a restart)."""
        with self._lock:
            self._tables.clear()

    def current(self, conn: sa.Connection, row: Any) -> Table:
        """The table at the version its row says: cached, caught up, or folded from a snapshot."""
        version = int(row["version"])
        cached = self.get(row["code"])
        if cached is not None and cached.version == version:
            return cached
        if cached is not None and cached.version < version:
            new = read_events(conn, cached.id, cached.version, version)
            if len(new) == version - cached.version and all(not e.is_undo for e in new):
                state, skipped = fold_from(
                    cached.game, lambda: copy_state(cached.state), new, set()
                )
                return Table(
                    id=cached.id, code=cached.code, game=cached.game,
                    created_ms=cached.created_ms, updated_ms=row["updated_ms"],
                    version=version, events=[*cached.events, *new][-RECENT:], state=state,
                    undos=cached.undos, skipped={**cached.skipped, **skipped},
                    snap_version=cached.snap_version,
                )
        return cold(conn, row)


def cold(conn: sa.Connection, row: Any) -> Table:
    """Fold a table from its latest usable snapshot (or from the start)."""
    version = int(row["version"])
    table = Table(
        id=row["id"], code=row["code"], game=row["game"], created_ms=row["created_ms"],
        updated_ms=row["updated_ms"], version=version,
    )
    table.undos = read_undos(conn, table.id, version)
    snap, start, skipped = load_snapshot(conn, table, version, table.undos)
    events = read_events(conn, table.id, min(snap, version - RECENT), version)
    table.state, after = fold_from(
        table.game, start, [e for e in events if e.seq > snap], table.undone
    )
    table.skipped = {**skipped, **after}
    table.events = events[-RECENT:]
    table.snap_version = snap
    return table
