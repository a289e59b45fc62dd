"""Tables and their event logs in SQL (SQLAlchemy Core), with optimistic concurrency.

A table's state is the fold of its events. Every edit is appended with the version (the number
of events) that the phone saw; an edit made against an older version is re-applied when none
of the events since touched what it touches, and refused with a message otherwise.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from assistant.messages import Message
from assistant.tables import EditError, reducer_for

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("game", sa.String(16), nullable=False),
    sa.Column("created_ms", sa.BigInteger, nullable=False),
    sa.Column("updated_ms", sa.BigInteger, nullable=False),
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

# Letters and digits a person reads aloud without mixing them up (no 0/O, 1/I/L, 5/S, 2/Z, U/V).
CODE_ALPHABET = "346789ABCDEFGHJKMNPQRTWXY"
CODE_LENGTH = 8


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
    """A table as the pages see it: its code, game, folded state and history."""

    id: int
    code: str
    game: str
    created_ms: int
    updated_ms: int
    events: list[Event] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    undone: set[int] = field(default_factory=set)
    skipped: dict[int, str] = field(default_factory=dict)  # seq -> why it no longer applies

    @property
    def version(self) -> int:
        """The number of events: what every edit is made against."""
        return len(self.events)

    def last_undoable(self) -> Event | None:
        """The most recent edit that is not an undo and has not been undone."""
        for ev in reversed(self.events):
            if ev.op != "undo" and ev.seq not in self.undone:
                return ev
        return None


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
    """Replay a table's events into its state; undone events are skipped."""
    state, undone, _skipped = fold_events(game, events)
    return state, undone


def fold_events(game: str, events: list[Event]) -> tuple[dict[str, Any], set[int], dict[int, str]]:
    """The state, the undone seqs, and the events skipped because they no longer apply.

    Never raises: every stored event is validated and applied by `Reducer.replay`.
    """
    reducer = reducer_for(game)
    undone: set[int] = set()
    for ev in events:
        if ev.op == "undo":
            try:
                undone.add(int(ev.data["target"]))
            except (KeyError, TypeError, ValueError, OverflowError):
                pass
    state = reducer.initial_state()
    skipped: dict[int, str] = {}
    for ev in events:
        if ev.op == "undo" or ev.seq in undone:
            continue
        state, problem = reducer.replay(state, ev.op, ev.data, ev.at_ms)
        if problem:
            skipped[ev.seq] = problem
    return state, undone, skipped


class Store:
    """All persistence: create tables, read them folded, append edits."""

    def __init__(self, url: str):
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            # A locked database answers "busy, try again" within 5 s (not after 15).
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 4}
        self.engine = sa.create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        self._cache: dict[int, Table] = {}

    def dispose(self) -> None:
        """Close the connection pool."""
        self.engine.dispose()

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
                            code=code, game=game, created_ms=t, updated_ms=t
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
        """A table's current version, cheaply (for polling)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(tables_t.c.id).where(tables_t.c.code == code)
            ).first()
            if row is None:
                raise TableNotFound(code)
            n = conn.execute(
                sa.select(sa.func.count()).select_from(events_t).where(
                    events_t.c.table_id == row.id
                )
            ).scalar_one()
            return int(n)

    def get(self, code: str) -> Table:
        """Read a table and fold its events (cached per version)."""
        with self.engine.connect() as conn:
            query = sa.select(tables_t).where(tables_t.c.code == code)
            row = conn.execute(query).mappings().first()
            if row is None:
                raise TableNotFound(code)
            cached = self._cache.get(row["id"])
            n = conn.execute(
                sa.select(sa.func.count()).select_from(events_t).where(
                    events_t.c.table_id == row["id"]
                )
            ).scalar_one()
            if cached is not None and cached.version == n:
                cached.updated_ms = row["updated_ms"]
                return cached
            rows = conn.execute(
                sa.select(events_t)
                .where(events_t.c.table_id == row["id"])
                .order_by(events_t.c.seq)
            ).mappings()
            events = [
                Event(r["seq"], r["op"], json.loads(r["data"]), r["author"], r["at_ms"], r["base"])
                for r in rows
            ]
        table = Table(
            id=row["id"], code=row["code"], game=row["game"],
            created_ms=row["created_ms"], updated_ms=row["updated_ms"], events=events,
        )
        table.state, table.undone, table.skipped = fold_events(table.game, events)
        self._cache[table.id] = table
        return table

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

        A repeated nonce (a double tap, a retried request) appends nothing. A stale edit whose
        keys meet an event made since `base` raises StaleEdit; an edit the rules refuse raises
        EditError. Both leave the log unchanged.
        """
        for _attempt in range(10):
            table = self.get(code)
            if nonce and self._has_nonce(table.id, nonce):
                return table
            base = max(0, min(base, table.version))
            at = now_ms() if at_ms is None else at_ms
            reducer = reducer_for(table.game)
            if op == "undo":
                target = _undo_target(table, data)
                self._check_stale(table, op, data, base)
                candidate = [*table.events, Event(table.version + 1, op, data, author, at, base)]
                # The edits after the target must all still apply without it.
                _state, _undone, skipped = fold_events(table.game, candidate)
                broken = sorted(set(skipped) - set(table.skipped))
                if broken:
                    raise EditError("That edit cannot be undone on its own: %(why)s",
                                    why=skipped[broken[0]])
                data = {"target": target}
            else:
                data = reducer.validate(op, data)  # the declared schema: only clean data is kept
                self._check_stale(table, op, data, base)
                reducer.apply(table.state, op, data, at)  # raises EditError when refused
            try:
                with self.engine.begin() as conn:
                    conn.execute(
                        events_t.insert().values(
                            table_id=table.id, seq=table.version + 1, op=op,
                            data=json.dumps(data, ensure_ascii=False, sort_keys=True),
                            author=author[:40], at_ms=at, base=base, nonce=nonce,
                        )
                    )
                    conn.execute(
                        tables_t.update().where(tables_t.c.id == table.id).values(updated_ms=at)
                    )
            except IntegrityError:
                # Another request took this seq (or this nonce) first: read again and retry.
                continue
            return self.get(code)
        raise StaleEdit("The table is very busy; please try again.")

    def _has_nonce(self, table_id: int, nonce: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(
                sa.select(events_t.c.id).where(
                    events_t.c.table_id == table_id, events_t.c.nonce == nonce
                )
            ).first() is not None

    def _check_stale(self, table: Table, op: str, data: dict[str, Any], base: int) -> None:
        if base >= table.version:
            return
        reducer = reducer_for(table.game)
        mine = _keys(reducer, table, op, data)
        for ev in table.events[base:]:
            theirs = _keys(reducer, table, ev.op, ev.data)
            if mine & theirs or "*" in mine or "*" in theirs:
                raise StaleEdit(
                    "Someone else changed this a moment ago (%(what)s). Here is the table as it"
                    " is now: make your change again if it still applies.",
                    what=reducer.describe(ev.op, ev.data),
                )


def _undo_target(table: Table, data: dict[str, Any]) -> int:
    """The seq an undo takes back, checked: it exists, is an edit and is not undone yet."""
    try:
        target = int(data.get("target"))
    except (TypeError, ValueError):
        raise EditError("There is nothing to undo.") from None
    if target in table.undone:
        raise EditError("That edit was already undone.")
    if not any(ev.seq == target and ev.op != "undo" for ev in table.events):
        raise EditError("There is nothing to undo.")
    return target


def _keys(reducer: Any, table: Table, op: str, data: dict[str, Any]) -> set[str]:
    """What an edit touches; an undo touches what its target touched."""
    if op == "undo":
        seq = data.get("target") if isinstance(data, dict) else None
        target = next((e for e in table.events if str(e.seq) == str(seq)), None)
        return {"*"} if target is None else _keys(reducer, table, target.op, target.data)
    return set(reducer.keys(op, data))


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
