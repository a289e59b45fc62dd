"""Rate-limit counters in the app's own database, so that every process counts together.

A `limits` storage (the library behind Flask-Limiter, which has no SQL storage of its own) for
the fixed-window strategy: one row per key with its count and the end of its window, bumped by
one upsert. On PostgreSQL this is what makes a limit hold across all the app processes; no
Redis is needed for a few counters that change only on a wrong code, a new table or an upload.
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from limits.storage import Storage
from sqlalchemy.dialects import postgresql, sqlite

metadata = sa.MetaData()
limits_t = sa.Table(
    "rate_limits",
    metadata,
    sa.Column("key", sa.String(255), primary_key=True),
    sa.Column("count", sa.Integer, nullable=False),
    sa.Column("expires_ms", sa.BigInteger, nullable=False),
)


def _now_ms() -> int:
    return int(time.time() * 1000)


class SQLStorage(Storage):
    """Fixed-window counters in a `rate_limits` table (PostgreSQL or SQLite)."""

    STORAGE_SCHEME = ["assistant-sql"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False,
                 engine: sa.Engine | None = None, **options) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions)
        if engine is None:
            raise ValueError("SQLStorage needs storage_options={'engine': an engine}")
        self.engine = engine
        metadata.create_all(engine)

    @property
    def base_exceptions(self):
        return sa.exc.DBAPIError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Add `amount` to the key's count (a new window once the old one has ended)."""
        now = _now_ms()
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        ins = dialect.insert(limits_t).values(key=key[:255], count=amount,
                                              expires_ms=now + int(expiry * 1000))
        ended = limits_t.c.expires_ms <= now
        stmt = ins.on_conflict_do_update(index_elements=[limits_t.c.key], set_={
            "count": sa.case((ended, amount), else_=limits_t.c.count + amount),
            "expires_ms": sa.case((ended, ins.excluded.expires_ms), else_=limits_t.c.expires_ms),
        }).returning(limits_t.c.count)
        with self.engine.begin() as conn:
            return int(conn.execute(stmt).scalar_one())

    def _row(self, key: str):
        with self.engine.connect() as conn:
            return conn.execute(sa.select(limits_t.c.count, limits_t.c.expires_ms)
                                .where(limits_t.c.key == key[:255])).first()

    def get(self, key: str) -> int:
        """The key's count in its current window (0 once it has ended)."""
        row = self._row(key)
        return int(row.count) if row and row.expires_ms > _now_ms() else 0

    def get_expiry(self, key: str) -> float:
        """When the key's window ends (epoch seconds)."""
        row = self._row(key)
        return (row.expires_ms if row else _now_ms()) / 1000

    def check(self) -> bool:
        """The database answers."""
        try:
            with self.engine.connect() as conn:
                conn.execute(sa.select(1))
            return True
        except sa.exc.DBAPIError:
            return False

    def reset(self) -> int | None:
        """Forget every counter."""
        with self.engine.begin() as conn:
            return conn.execute(limits_t.delete()).rowcount

    def clear(self, key: str) -> None:
        """Forget one counter."""
        with self.engine.begin() as conn:
            conn.execute(limits_t.delete().where(limits_t.c.key == key[:255]))

    def sweep(self) -> int:
        """Delete the counters whose window has ended; how many."""
        with self.engine.begin() as conn:
            return conn.execute(limits_t.delete().where(limits_t.c.expires_ms <= _now_ms())
                                ).rowcount
