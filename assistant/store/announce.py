"""Where the store says "table X is now at version N", and where a listener waits for that.

The store announces after each append's commit (and after creating a table); a live push
listens here instead of polling the database: `subscribe` hands every announcement to a
callback (assistant/asgi.py bridges it into its event loop), `wait` blocks a thread until a
table moves. The default is in-process: it hears the appends of its own server process only.
An announcer for several processes (PostgreSQL LISTEN/NOTIFY) implements the same three
methods: `announce` sends NOTIFY, and its listening connection calls the subscribers and wakes
the waiters for every process's appends, its own included.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Protocol

Listener = Callable[[str, int], None]


class Announcer(Protocol):
    """Tells listeners that a table moved to a new version."""

    def announce(self, code: str, version: int) -> None:
        """Table `code` is now at `version`: wake those waiting for it."""

    def wait(self, code: str, version: int, timeout: float) -> int:
        """Wait until table `code` is above `version` or `timeout` s pass; its version then."""

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(code, version)` on every announcement (from any thread); the
        returned function unsubscribes. A listener must be quick and never raise."""


class LocalAnnouncer:
    """An Announcer within one process: a Condition per table code, on one shared lock."""

    def __init__(self, remember: int = 4096) -> None:
        self._lock = threading.Lock()
        # The newest version announced per table, for the most recent `remember` tables: one
        # forgotten only makes a waiter that times out answer with the version it already had.
        self._versions: OrderedDict[str, int] = OrderedDict()
        self._remember = remember
        self._conditions: dict[str, threading.Condition] = {}
        self._waiters: Counter[str] = Counter()
        self._listeners: list[Listener] = []

    def announce(self, code: str, version: int) -> None:
        """Table `code` is now at `version`: wake those waiting for it."""
        with self._lock:
            # Two appends commit in turn but may announce out of order: keep the newer.
            if version > self._versions.get(code, -1):
                self._versions[code] = version
            self._versions.move_to_end(code)
            while len(self._versions) > self._remember:
                self._versions.popitem(last=False)
            if code in self._conditions:
                self._conditions[code].notify_all()
            listeners = list(self._listeners)
        for listener in listeners:
            listener(code, version)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(code, version)` on every announcement; the result unsubscribes."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def wait(self, code: str, version: int, timeout: float) -> int:
        """Wait until table `code` is above `version` or `timeout` s pass; its version then.

        The newest version announced, never below `version`: above it means news.
        """
        with self._lock:
            cond = self._conditions.setdefault(code, threading.Condition(self._lock))
            self._waiters[code] += 1
            try:
                cond.wait_for(lambda: self._versions.get(code, -1) > version, timeout)
            finally:
                self._waiters[code] -= 1
                if not self._waiters[code]:  # the last waiter on a table takes its Condition
                    del self._waiters[code], self._conditions[code]
            return max(self._versions.get(code, version), version)
