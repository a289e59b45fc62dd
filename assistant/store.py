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
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from assistant.messages import Message
from assistant.reducers import EditError, State, copy_state
from assistant.registry import reducer_for

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("game", sa.String(16), nullable=False),
    sa.Column("created_ms", sa.BigInteger, nullable=False),
    sa.Column("updated_ms", sa.BigInteger, nullable=False),
    sa.Column("version", sa.Integer, nullable=False, server_default="0"),
)

events_t = sa.Table(
    "events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("op", sa.String(40), nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("author", sa.String(40), nullable=False),
    sa.Column("at_ms", sa.BigInteger, nullable=False),
    sa.Column("base", sa.Integer, nullable=False),
    sa.Column("nonce", sa.String(40), nullable=True),
    sa.UniqueConstraint("table_id", "seq", name="uq_event_seq"),
    sa.UniqueConstraint("table_id", "nonce", name="uq_event_nonce"),
)

snapshots_t = sa.Table(
    "snapshots",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("reducer_version", sa.Integer, nullable=False),
    sa.Column("state", sa.Text, nullable=False),
    sa.UniqueConstraint("table_id", "version", "reducer_version", name="uq_snapshot"),
)

# Letters and digits a person reads aloud without mixing them up (no 0/O, 1/I/L, 5/S, 2/Z, U/V).
CODE_ALPHABET = "346789ABCDEFGHJKMNPQRTWXY"
CODE_LENGTH = 8
SNAPSHOT_EVERY = 50  # a cold read or an undo folds at most about this many events
RECENT = 64  # events a cached table keeps at hand (history, undo, stale checks)
CACHE_TABLES = 64  # tables whose folded state a store keeps (least recently used go first)


class StaleEdit(Exception):
    """An edit made against an old version conflicts with what was changed since."""

    def __init__(self, msgid: str, **params: Any) -> None:
        self.message = Message(msgid, **params)  # translated where shown (assistant.web.i18n)
        super().__init__(str(self.message))


class TableNotFound(LookupError):
    """No table has that code."""


@dataclass(frozen=True)
class Event:
    """One appended edit."""

    seq: int
    op: str
    data: dict[str, Any]
    author: str
    at_ms: int
    base: int


@dataclass
class Table:
    """A table as the pages see it at one version: never changed once the store hands it out.

    `events` holds only the most recent events (up to RECENT); page older ones with
    `Store.history`. `undos` maps each undo's seq to the seq it took back.
    """

    id: int
    code: str
    game: str
    created_ms: int
    updated_ms: int
    version: int = 0
    events: list[Event] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    undos: dict[int, int] = field(default_factory=dict)
    skipped: dict[int, Any] = field(default_factory=dict)  # seq -> why it no longer applies
    snap_version: int = 0  # the latest snapshot in the database this state can start from

    @cached_property
    def undone(self) -> set[int]:
        """The seqs of the edits that were undone."""
        return set(self.undos.values())

    def event(self, seq: int) -> Event | None:
        """One of the recent events by its seq (None when it is older than those kept)."""
        first = self.version - len(self.events) + 1
        if first <= seq <= self.version:
            return self.events[seq - first]
        return None

    def last_undoable(self, upto: int | None = None) -> Event | None:
        """The most recent edit (up to seq `upto`) that is not an undo and is not undone."""
        undone = self.undone
        for ev in reversed(self.events):
            if upto is not None and ev.seq > upto:
                continue
            if ev.op != "undo" and ev.seq not in undone:
                return ev
        return None


@dataclass(frozen=True)
class History:
    """A page of a table's history, newest first; `before` asks for the next older page."""

    events: list[Event]
    targets: dict[int, Event]  # the edits that the undos on this page took back
    undone: set[int]
    before: int | None  # pass as `before` for older events; None when this is the oldest


def now_ms() -> int:
    """Wall-clock milliseconds (the store stamps events with it)."""
    return int(time.time() * 1000)


def format_code(code: str) -> str:
    """Show a table code in two easy groups: 'KQ7M-X4PA'."""
    return f"{code[:4]}-{code[4:]}"


def normalize_code(text: str) -> str:
    """Accept a typed code with spaces, dashes and lower case."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def fold(game: str, events: list[Event]) -> tuple[dict[str, Any], set[int]]:
    """Replay a whole log into its state; undone events are skipped (the reference fold)."""
    state, undone, _skipped = fold_events(game, events)
    return state, undone


def fold_events(game: str, events: list[Event]) -> tuple[State, set[int], dict[int, str]]:
    """The state, the undone seqs, and the events skipped because they no longer apply.

    The reference fold of a whole log, event by event with a copy each (tests compare the
    store's incremental state with it). Never raises.
    """
    reducer = reducer_for(game)
    undos = {ev.seq: t for ev in events if ev.op == "undo" and (t := undo_target(ev.data))}
    undone = set(undos.values())
    state = reducer.initial_state()
    skipped: dict[int, str] = {}
    for ev in events:
        if ev.op == "undo" or ev.seq in undone:
            continue
        state, problem = reducer.replay(state, ev.op, ev.data, ev.at_ms)
        if problem:
            skipped[ev.seq] = problem
    return state, undone, skipped


def undo_target(data: Any) -> int | None:
    """The seq a stored undo took back (None for one stored before undos were checked)."""
    try:
        target = int(data["target"])
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    return target if target > 0 else None


def fold_from(game: str, start: Callable[[], State], events: list[Event],
              undone: set[int]) -> tuple[State, dict[int, str]]:
    """Fold events in place onto a fresh `start()` state; also why any were skipped.

    No copy per event: events apply in place, and in the rare case that one no longer applies
    (it may have changed the state partly) the stretch starts again from `start()` without it.
    """
    reducer = reducer_for(game)
    skipped: dict[int, str] = {}
    while True:
        state = start()
        for ev in events:
            if ev.op == "undo" or ev.seq in undone or ev.seq in skipped:
                continue
            problem = reducer.replay_in_place(state, ev.op, ev.data, ev.at_ms)
            if problem:
                skipped[ev.seq] = problem
                break
        else:
            return state, skipped


def fold_onto(game: str, state: State, events: list[Event], undone: set[int]) -> State:
    """Fold events onto a copy of `state` (left untouched); return the new state."""
    return fold_from(game, lambda: copy_state(state), events, undone)[0]


def snapshot_usable(snap: int, undos: dict[int, int]) -> bool:
    """A snapshot at version `snap` holds only if no undo after it took back an edit before it."""
    return all(target > snap for seq, target in undos.items() if seq > snap)


class Store:
    """All persistence: create tables, read them folded, append edits, page their history."""

    def __init__(self, url: str, *, cache_tables: int = CACHE_TABLES,
                 snapshot_every: int = SNAPSHOT_EVERY):
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            # A locked database answers "busy, try again" within 5 s (not after 15).
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 4}
        self.engine = sa.create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        migrate(self.engine)
        self.cache_tables = cache_tables
        self.snapshot_every = snapshot_every
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def dispose(self) -> None:
        """Close the connection pool."""
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
            return self.get(code)
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
            table = self._current(conn, row)
        self._remember(table)
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
            events = _read_events(conn, row.id, top - limit, top)[::-1]
            undos = _read_undos(conn, row.id, row.version)
            wanted = {undo_target(e.data) for e in events if e.op == "undo"} - {None}
            targets = {e.seq: e for e in _read_seqs(conn, row.id, wanted)}
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
        edit the phone saw (at or before `base`).
        """
        author = author[:40]
        with self.engine.begin() as conn:
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
            table = self._current(conn, row)
            if nonce and _has_nonce(conn, table.id, nonce):
                new = table
            else:
                new = self._append_locked(conn, table, op, data, base, author, nonce, at_ms)
        self._remember(new)
        return new

    def _append_locked(self, conn: sa.Connection, table: Table, op: str, data: dict[str, Any],
                       base: int, author: str, nonce: str | None, at_ms: int | None) -> Table:
        base = max(0, min(int(base), table.version))
        at = now_ms() if at_ms is None else at_ms
        seq = table.version + 1
        since = self._events_since(conn, table, base)
        undos, skipped = table.undos, table.skipped
        if op == "undo":
            target = _undo_target(conn, table, data, base)
            data = {"target": target}
            self._check_stale(conn, table, op, data, since, author)
            undos = {**table.undos, seq: target}
            state, snap, after = self._refold(conn, table, undos)
            # The edits after the target must all still apply without it.
            broken = sorted(s for s in after if s > snap and s not in table.skipped)
            if broken:
                raise EditError("That edit cannot be undone on its own: %(why)s",
                                why=after[broken[0]])
            skipped = {**{s: w for s, w in table.skipped.items() if s <= snap}, **after}
        else:
            reducer = reducer_for(table.game)
            data = reducer.validate(op, data)  # the declared schema: only clean data is kept
            self._check_stale(conn, table, op, data, since, author)
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
        if seq - snap >= self.snapshot_every:
            _write_snapshot(conn, table, seq, state, skipped)
            snap = seq
        return Table(
            id=table.id, code=table.code, game=table.game, created_ms=table.created_ms,
            updated_ms=at, version=seq, events=[*table.events, ev][-RECENT:], state=state,
            undos=undos, skipped=skipped, snap_version=snap,
        )

    # -- the cache -------------------------------------------------------------------------
    def _cached(self, code: str) -> Table | None:
        with self._lock:
            return self._cache.get(code)

    def _remember(self, table: Table) -> None:
        """Keep a table's newest version, dropping the least recently used beyond the bound."""
        with self._lock:
            old = self._cache.get(table.code)
            if old is None or old.version <= table.version:
                self._cache[table.code] = table
            self._cache.move_to_end(table.code)
            while len(self._cache) > self.cache_tables:
                self._cache.popitem(last=False)

    def cached_tables(self) -> int:
        """How many tables the cache holds now."""
        with self._lock:
            return len(self._cache)

    def _current(self, conn: sa.Connection, row: Any) -> Table:
        """The table at the version its row says: cached, caught up, or folded from a snapshot."""
        version = int(row["version"])
        cached = self._cached(row["code"])
        if cached is not None and cached.version == version:
            return cached
        if cached is not None and cached.version < version:
            new = _read_events(conn, cached.id, cached.version, version)
            if len(new) == version - cached.version and all(e.op != "undo" for e in new):
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
        return self._cold(conn, row)

    def _cold(self, conn: sa.Connection, row: Any) -> Table:
        """Fold a table from its latest usable snapshot (or from the start)."""
        version = int(row["version"])
        table = Table(
            id=row["id"], code=row["code"], game=row["game"], created_ms=row["created_ms"],
            updated_ms=row["updated_ms"], version=version,
        )
        table.undos = _read_undos(conn, table.id, version)
        snap, start, skipped = _load_snapshot(conn, table, version, table.undos)
        events = _read_events(conn, table.id, min(snap, version - RECENT), version)
        table.state, after = fold_from(
            table.game, start, [e for e in events if e.seq > snap], table.undone
        )
        table.skipped = {**skipped, **after}
        table.events = events[-RECENT:]
        table.snap_version = snap
        return table

    def _refold(self, conn: sa.Connection, table: Table,
                undos: dict[int, int]) -> tuple[State, int, dict[int, str]]:
        """The state at the table's version with these undos, from the snapshot before them.

        Also the snapshot's version and the events after it that were skipped.
        """
        snap, start, _skipped = _load_snapshot(conn, table, table.version, undos)
        events = _read_events(conn, table.id, snap, table.version)
        state, after = fold_from(table.game, start, events, set(undos.values()))
        return state, snap, after

    def _events_since(self, conn: sa.Connection, table: Table, base: int) -> list[Event]:
        """The events after version `base` (from memory when recent enough)."""
        first = table.version - len(table.events)
        if base >= first:
            return table.events[base - first:]
        return _read_events(conn, table.id, base, table.version)

    def _check_stale(self, conn: sa.Connection, table: Table, op: str, data: dict[str, Any],
                     since: list[Event], author: str) -> None:
        if not since:
            return
        reducer = reducer_for(table.game)
        targets = {undo_target(e.data) for e in since if e.op == "undo"}
        if op == "undo":
            targets.add(undo_target(data))
        known = {e.seq: e for e in _read_seqs(conn, table.id, targets - {None})}

        def keys(o: str, d: dict[str, Any]) -> set[str]:
            if o == "undo":  # an undo touches what its target touched
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


# -- database helpers ----------------------------------------------------------------------
def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _event(r: Any) -> Event:
    return Event(r.seq, r.op, _loads(r.data), r.author, r.at_ms, r.base)


_EVENT_COLS = (events_t.c.seq, events_t.c.op, events_t.c.data, events_t.c.author,
               events_t.c.at_ms, events_t.c.base)


def _read_events(conn: sa.Connection, table_id: int, after: int, upto: int) -> list[Event]:
    """Events with after < seq <= upto, oldest first."""
    if upto <= max(after, 0):
        return []
    rows = conn.execute(
        sa.select(*_EVENT_COLS)
        .where(events_t.c.table_id == table_id, events_t.c.seq > after, events_t.c.seq <= upto)
        .order_by(events_t.c.seq)
    )
    return [_event(r) for r in rows]


def _read_seqs(conn: sa.Connection, table_id: int, seqs: set[int]) -> list[Event]:
    if not seqs:
        return []
    rows = conn.execute(
        sa.select(*_EVENT_COLS)
        .where(events_t.c.table_id == table_id, events_t.c.seq.in_(sorted(seqs)))
    )
    return [_event(r) for r in rows]


def _read_undos(conn: sa.Connection, table_id: int, upto: int) -> dict[int, int]:
    rows = conn.execute(
        sa.select(events_t.c.seq, events_t.c.data).where(
            events_t.c.table_id == table_id, events_t.c.op == "undo", events_t.c.seq <= upto
        )
    )
    undos = {r.seq: undo_target(_loads(r.data)) for r in rows}
    return {seq: target for seq, target in undos.items() if target}


def _has_nonce(conn: sa.Connection, table_id: int, nonce: str) -> bool:
    return conn.execute(
        sa.select(events_t.c.id).where(
            events_t.c.table_id == table_id, events_t.c.nonce == nonce
        )
    ).first() is not None


def _load_snapshot(conn: sa.Connection, table: Table, upto: int, undos: dict[int, int]
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


def _write_snapshot(conn: sa.Connection, table: Table, version: int, state: State,
                    skipped: dict[int, str]) -> None:
    snap = {"state": state, "skipped": {str(k): _to_json(w) for k, w in skipped.items()}}
    conn.execute(
        snapshots_t.insert().values(
            table_id=table.id, version=version,
            reducer_version=reducer_for(table.game).version,
            state=json.dumps(snap, ensure_ascii=False, separators=(",", ":"),
                             default=_encode_message),
        )
    )


def _undo_target(conn: sa.Connection, table: Table, data: dict[str, Any], base: int) -> int:
    """The seq an undo takes back, checked; without one, the latest edit the phone saw."""
    undone = table.undone
    raw = data.get("target") if isinstance(data, dict) else None
    if raw in (None, ""):
        last = table.last_undoable(upto=base)
        if last is None and table.version - len(table.events) > 0:
            rows = conn.execute(
                sa.select(events_t.c.seq).where(
                    events_t.c.table_id == table.id, events_t.c.op != "undo",
                    events_t.c.seq <= base,
                ).order_by(events_t.c.seq.desc())
            ).scalars()
            found = next((s for s in rows if s not in undone), None)
            if found is not None:
                return int(found)
        if last is None:
            raise EditError("There is nothing to undo.")
        return last.seq
    try:
        target = int(raw)
    except (TypeError, ValueError):
        raise EditError("There is nothing to undo.") from None
    if target in undone:
        raise EditError("That edit was already undone.")
    ev = table.event(target)
    if ev is None and 1 <= target <= table.version:
        found = _read_seqs(conn, table.id, {target})
        ev = found[0] if found else None
    if ev is None or ev.op == "undo":
        raise EditError("There is nothing to undo.")
    return target


def migrate(engine: sa.Engine) -> None:
    """Bring a database of an earlier version up to date (the version column, filled in)."""
    columns = {c["name"] for c in sa.inspect(engine).get_columns("tables")}
    if "version" in columns:
        return
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(
                "ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0"
            ))
            conn.execute(sa.text(
                "UPDATE tables SET version = (SELECT COALESCE(MAX(events.seq), 0) FROM events"
                " WHERE events.table_id = tables.id)"
            ))
    except sa.exc.DBAPIError:
        # Another process added it at the same moment; make sure it is there now.
        columns = {c["name"] for c in sa.inspect(engine).get_columns("tables")}
        if "version" not in columns:
            raise


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
    # Writes start with BEGIN IMMEDIATE: a writer waits for the lock up front (busy timeout)
    # instead of failing when another writer got there between its read and its write.
    dbapi_conn.isolation_level = "IMMEDIATE"
