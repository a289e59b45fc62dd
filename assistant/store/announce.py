"""Where the store says "table X is now at version N", and where a listener waits for that.

The store announces after each append's commit (and after creating a table); a live push waits
here instead of polling the database. The default is in-process: a waiter hears the appends
made by its own server process only, so with several processes a listener still reads the
version from the database now and then (the timeout is for that).
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from typing import Protocol


class Announcer(Protocol):
    """Tells listeners that a table moved to a new version."""

    def announce(self, code: str, version: int) -> None:
        """Table `code` is now at `version`: wake those waiting for it."""

    def wait(self, code: str, version: int, timeout: float) -> int:
        """Wait until table `code` is above `version` or `timeout` s pass; its version then."""


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
