"""Tables and their event logs in SQL (SQLAlchemy Core), folded incrementally.

A table's state is the fold of its events. Every edit is appended with the version (the number
of events) that the phone saw; an edit made against an older version is re-applied when none
of the events since touched what it touches, and refused with a message otherwise.

An edit costs the same whatever the table's history: the store keeps the folded state of a
bounded number of tables (LRU), applies a new event to the cached state of the version it
follows, and writes a snapshot of the state every SNAPSHOT_EVERY events, so a cold read or an
undo folds only the events since a snapshot. Snapshots are a cache: the log stays the truth, and
a snapshot written by another reducer version is ignored. The version is a column of the tables
row, updated in the same transaction as the append; every append locks that row, so writers
take turns instead of retrying, and a cache is never served once the row says it is stale.

The package, lowest first (each module imports only those above it):
  model     Table, Event, History, the two errors, table codes, the constants
  schema    the SQL tables, migration, the engine's settings (SQLite pragmas, timeouts)
  fold      the reference fold and the incremental one (no database)
  log       reading the event log
  snapshot  snapshots of folded states, their JSON
  cache     the LRU of folded tables; a table at its row's version (cached, caught up, cold)
  record    appending: row locks, nonces, the stale-edit policy, undo
  announce  "table X is now at version N", for those waiting (live push)
  announce_pg  the same across processes: PostgreSQL LISTEN/NOTIFY (or a 100 ms poll)
and here the Store that puts them together.
"""

from __future__ import annotations

import secrets
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from assistant.registry import reducer_for
from assistant.store import record
from assistant.store.announce import Announcer, LocalAnnouncer
from assistant.store.cache import TableCache
from assistant.store.fold import (
    fold,
    fold_events,
    fold_from,
    fold_onto,
    snapshot_usable,
    undo_target,
)
from assistant.store.log import read_events, read_seqs, read_undos
from assistant.store.model import (
    CACHE_TABLES,
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_EVENTS,
    RECENT,
    SNAPSHOT_EVERY,
    Event,
    History,
    StaleEdit,
    Table,
    TableNotFound,
    format_code,
    normalize_code,
    now_ms,
)
from assistant.store.schema import connect, events_t, metadata, migrate, snapshots_t, tables_t

__all__ = [
    "CACHE_TABLES", "CODE_ALPHABET", "CODE_LENGTH", "MAX_EVENTS", "RECENT", "SNAPSHOT_EVERY",
    "Announcer", "Event", "History", "LocalAnnouncer", "StaleEdit", "Store", "Table",
    "TableNotFound", "events_t", "fold", "fold_events", "fold_from", "fold_onto",
    "format_code", "metadata", "migrate", "normalize_code", "now_ms", "snapshot_usable",
    "snapshots_t", "tables_t", "undo_target",
]


def default_announcer(engine: sa.Engine) -> Announcer:
    """LISTEN/NOTIFY on PostgreSQL (several processes share a table), else in-process."""
    if engine.dialect.name == "postgresql":
        # Lazy: it needs psycopg, which only a PostgreSQL install has (SQLite is the default).
        from assistant.store.announce_pg import PostgresAnnouncer

        return PostgresAnnouncer(engine)
    return LocalAnnouncer()


class Store:
    """All persistence: create tables, read them folded, append edits, page their history."""

    def __init__(self, url: str, *, cache_tables: int = CACHE_TABLES,
                 snapshot_every: int = SNAPSHOT_EVERY, announcer: Announcer | None = None,
                 max_events: int = MAX_EVENTS):
        self.url = url
        self.max_events = max_events  # a table's cap (0: none): a stranger cannot fill a disk
        self.engine = connect(url)
        self.snapshot_every = snapshot_every
        self.announcer: Announcer = default_announcer(self.engine) if announcer is None \
            else announcer
        self._cache = TableCache(cache_tables)

    @property
    def cache_tables(self) -> int:
        """How many tables the cache may hold."""
        return self._cache.size

    def dispose(self) -> None:
        """Stop the announcer's listener (if any) and close the connection pool."""
        close = getattr(self.announcer, "close", None)
        if close:
            close()
        self.engine.dispose()

    # -- reading ---------------------------------------------------------------------------
    def create_table(self, game: str) -> Table:
        """Make a new table for a game with an unguessable code."""
        reducer_for(game)  # raises LookupError for an unknown game
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            t = now_ms()
            try:
                with self.engine.begin() as conn:
                    conn.execute(
                        tables_t.insert().values(
                            code=code, game=game, created_ms=t, updated_ms=t, version=0
                        )
                    )
            except IntegrityError:
                continue
            table = self.get(code)
            self.announcer.announce(code, table.version)
            return table
        raise RuntimeError("could not find a free table code")

    def recent(self, limit: int = 8) -> list[dict[str, Any]]:
        """The tables edited most recently on this server."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t).order_by(tables_t.c.updated_ms.desc()).limit(limit)
            ).mappings()
            return [dict(r) for r in rows]

    def version(self, code: str) -> int:
        """A table's current version: one indexed read of its row (for polling)."""
        with self.engine.connect() as conn:
            v = conn.execute(
                sa.select(tables_t.c.version).where(tables_t.c.code == code)
            ).scalar()
        if v is None:
            raise TableNotFound(code)
        return int(v)

    def get(self, code: str) -> Table:
        """A table at its current version (from the cache when the version column agrees)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(tables_t).where(tables_t.c.code == code)
            ).mappings().first()
            if row is None:
                raise TableNotFound(code)
            table = self._cache.current(conn, row)
        self._cache.remember(table)
        return table

    def history(self, code: str, *, before: int | None = None, limit: int = 12) -> History:
        """The `limit` events before seq `before` (default: the latest), newest first."""
        limit = max(1, min(int(limit), 200))
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(tables_t.c.id, tables_t.c.version).where(tables_t.c.code == code)
            ).first()
            if row is None:
                raise TableNotFound(code)
            top = row.version if before is None else min(int(before) - 1, row.version)
            events = read_events(conn, row.id, top - limit, top)[::-1]
            undos = read_undos(conn, row.id, row.version)
            wanted = {undo_target(e.data) for e in events if e.is_undo} - {None}
            targets = {e.seq: e for e in read_seqs(conn, row.id, wanted)}
        oldest = events[-1].seq if events else 0
        return History(events, targets, set(undos.values()), oldest if oldest > 1 else None)

    # -- writing ---------------------------------------------------------------------------
    def append(
        self,
        code: str,
        op: str,
        data: dict[str, Any],
        *,
        base: int,
        author: str = "",
        nonce: str | None = None,
        at_ms: int | None = None,
    ) -> Table:
        """Append one edit made against version `base`; return the table after it.

        A repeated nonce (a double tap, a retried request whose reply was lost) appends nothing
        and answers with the table. A stale edit whose keys meet an event made since `base` by
        someone else raises StaleEdit; an edit the rules refuse raises EditError. Both leave
        the log and the cached state unchanged. An undo without a target takes back the latest
        edit the phone saw (at or before `base`). A new event, once committed, is announced
        (`self.announcer`), as is a new table.
        """
        return self.append_edit(code, op, data, base=base, author=author, nonce=nonce,
                                at_ms=at_ms).table

    def append_edit(self, code: str, op: str, data: dict[str, Any], *, base: int,
                    author: str = "", nonce: str | None = None,
                    at_ms: int | None = None) -> record.Appended:
        """As `append`, with the edit's seq (a repeated nonce's own) and whether it is new."""
        done = record.append(
            self.engine, self._cache, code, op, data, base=base, author=author, nonce=nonce,
            at_ms=at_ms, snapshot_every=self.snapshot_every, max_events=self.max_events,
        )
        self._cache.remember(done.table)
        # Only once committed and cached: a woken listener reads this version (or a newer one).
        # A repeated nonce appended nothing, so it announces nothing.
        if done.new:
            self.announcer.announce(done.table.code, done.table.version)
        return done

    def delete_idle(self, before_ms: int) -> int:
        """Delete the tables last edited before `before_ms`, their events and snapshots (and
        so their result links); how many. Their rows are locked first: an edit arriving at
        that moment waits, then finds no table."""
        with self.engine.begin() as conn:
            ids = sa.select(tables_t.c.id).where(tables_t.c.updated_ms < before_ms)
            if self.engine.dialect.name == "postgresql":
                ids = ids.with_for_update()
            found = [r.id for r in conn.execute(ids)]
            for chunk in range(0, len(found), 500):
                part = found[chunk:chunk + 500]
                conn.execute(snapshots_t.delete().where(snapshots_t.c.table_id.in_(part)))
                conn.execute(events_t.delete().where(events_t.c.table_id.in_(part)))
                conn.execute(tables_t.delete().where(tables_t.c.id.in_(part)))
        self._cache.clear()
        return len(found)

    def cached_tables(self) -> int:
        """How many tables the cache holds now."""
        return len(self._cache)
