"""An Announcer across processes: PostgreSQL LISTEN/NOTIFY, or a short version poll without it.

Every process that waits keeps one listener thread on its own connection (`LISTEN`); an
announcement is a `pg_notify` that PostgreSQL delivers to every listening process once sent,
including the sender's own. Within the process, waiters sleep on a LocalAnnouncer that the
listener feeds. When LISTEN is not available (a pooler in transaction mode, a lost connection)
the thread reads the versions of the tables someone waits on every POLL_S instead, as Rails'
Solid Cable does; after each (re)connection it reads them once, so nothing sent while it was
away is missed. No new server: the database the store already needs carries the news.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter

import psycopg
import sqlalchemy as sa

from assistant.store.announce import LocalAnnouncer
from assistant.store.schema import tables_t

CHANNEL = "assistant_tables"
POLL_S = 0.1  # the fallback's period: a change reaches a waiter within 100 ms
RETRY_S = 2.0  # how soon a lost LISTEN connection is tried again (polling meanwhile)
log = logging.getLogger(__name__)


def libpq_url(engine: sa.Engine) -> str:
    """The engine's URL as psycopg.connect takes it (no SQLAlchemy driver name)."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresAnnouncer:
    """An Announcer for several processes on one PostgreSQL database."""

    def __init__(self, engine: sa.Engine, *, channel: str = CHANNEL, poll_s: float = POLL_S,
                 listen: bool = True) -> None:
        self.engine = engine
        self.channel = channel
        self.poll_s = poll_s
        self.listen = listen  # False: poll only (the fallback, also for tests)
        self.listening = False  # True while a LISTEN connection is up
        self._local = LocalAnnouncer()
        self._lock = threading.Lock()
        self._waited: Counter[str] = Counter()  # codes with waiters in this process
        self._seen: dict[str, int] = {}  # the newest version read for each of them
        self._since_ms = 0  # the poll also reads every table changed since (for subscribers)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- the Announcer interface ---------------------------------------------------------
    def announce(self, code: str, version: int) -> None:
        """Table `code` is now at `version`: wake those waiting for it, in every process."""
        self._local.announce(code, version)
        try:
            with self.engine.connect() as conn:
                conn.execute(sa.select(sa.func.pg_notify(self.channel, f"{code}:{version}")))
                conn.commit()
        except sa.exc.DBAPIError as exc:  # the edit is saved; other processes poll it
            log.warning("pg_notify failed: %s", exc)

    def wait(self, code: str, version: int, timeout: float) -> int:
        """Wait until table `code` is above `version` or `timeout` s pass; its version then."""
        self._start()
        with self._lock:
            self._waited[code] += 1
        try:
            return self._local.wait(code, version, timeout)
        finally:
            with self._lock:
                self._waited[code] -= 1
                if not self._waited[code]:
                    del self._waited[code]
                    self._seen.pop(code, None)

    def subscribe(self, listener):
        """Call `listener(code, version)` for every process's announcements (the live push
        subscribes once per event loop); the result unsubscribes."""
        self._start()
        return self._local.subscribe(listener)

    def close(self) -> None:
        """Stop the listener thread."""
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=5)

    # -- the listener thread -------------------------------------------------------------
    def _start(self) -> None:
        with self._lock:
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._run, daemon=True,
                                                name="announce-listener")
                self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            if self.listen:
                try:
                    self._listen()
                except (psycopg.Error, OSError) as exc:
                    log.warning("LISTEN unavailable (%s): polling every %.0f ms",
                                exc, self.poll_s * 1000)
                self.listening = False
            end = time.monotonic() + RETRY_S
            while not self._stop.is_set() and (not self.listen or time.monotonic() < end):
                self._poll()
                self._stop.wait(self.poll_s)

    def _listen(self) -> None:
        with psycopg.connect(libpq_url(self.engine), autocommit=True) as conn:
            conn.execute(f'LISTEN "{self.channel}"')
            self.listening = True
            self._poll()  # what was announced before LISTEN took hold
            while not self._stop.is_set():
                for n in conn.notifies(timeout=0.5):
                    code, _, version = n.payload.rpartition(":")
                    if code and version.isdigit():
                        self._local.announce(code, int(version))

    def _poll(self) -> None:
        """Read the versions of the tables waited on and of those changed lately; announce
        those that moved (subscribers hear of every table, as they do by LISTEN)."""
        with self._lock:
            codes = list(self._waited)
        since = self._since_ms
        try:
            with self.engine.connect() as conn:
                now = conn.execute(sa.select(sa.func.max(tables_t.c.updated_ms))).scalar() or 0
                query = sa.select(tables_t.c.code, tables_t.c.version)
                rows = conn.execute(query.where(sa.or_(
                    tables_t.c.code.in_(codes), tables_t.c.updated_ms >= since))).all()
        except sa.exc.DBAPIError as exc:
            log.warning("version poll failed: %s", exc)
            return
        # From the first poll on, only what changed since the newest change seen (a second's
        # margin for clocks and commits in flight).
        self._since_ms = max(since, now - 1000) if since else now - 1000
        for code, version in rows:
            if version != self._seen.get(code):
                self._seen[code] = version
                if since or code in codes:  # a first poll only learns where the rest stand
                    self._local.announce(code, int(version))
        if len(self._seen) > 10_000:
            self._seen.clear()
