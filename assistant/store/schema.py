"""The store's SQL tables (SQLAlchemy Core), their migration, and the engine's settings.

The same code runs on SQLite (WAL, writers take the lock up front) and on PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

BUSY_TIMEOUT_S = 4  # a locked SQLite database answers "busy, try again" within 5 s
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


def connect(url: str) -> sa.Engine:
    """An engine for the database at `url`, its tables created and brought up to date."""
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        # A locked database answers "busy, try again" within 5 s (not after 15).
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": BUSY_TIMEOUT_S}
    engine = sa.create_engine(url, **kwargs)
    if url.startswith("sqlite"):
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    metadata.create_all(engine)
    migrate(engine)
    return engine


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
