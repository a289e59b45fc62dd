"""The store's vocabulary: tables, events, history pages, codes and the store's two errors."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from assistant.messages import Message

# Letters and digits a person reads aloud without mixing them up (no 0/O, 1/I/L, 5/S, 2/Z, U/V).
CODE_ALPHABET = "346789ABCDEFGHJKMNPQRTWXY"
CODE_LENGTH = 8
SNAPSHOT_EVERY = 50  # a cold read or an undo folds at most about this many events
RECENT = 64  # events a cached table keeps at hand (history, undo, stale checks)
MAX_EVENTS = 5000  # events a table may hold (a long Liski game has a few hundred)
CACHE_TABLES = 64  # tables whose folded state a store keeps (least recently used go first)
UNDO = "undo"  # the store's own op: it takes back another edit (every game has it)


def is_undo(op: str) -> bool:
    """Whether an op is an undo (the one place that compares an op with it)."""
    return op == UNDO


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

    @property
    def is_undo(self) -> bool:
        """Whether this event takes back another."""
        return is_undo(self.op)


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
            if not ev.is_undo and ev.seq not in undone:
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
