"""The store announces "table X is now at version N" after each append, for live push."""

from __future__ import annotations

import threading
import time

import pytest

from assistant.reducers import EditError
from assistant.store import LocalAnnouncer, Store


class Recorder(LocalAnnouncer):
    """A LocalAnnouncer that also keeps what it was told."""

    def __init__(self) -> None:
        super().__init__()
        self.said: list[tuple[str, int]] = []

    def announce(self, code: str, version: int) -> None:
        self.said.append((code, version))
        super().announce(code, version)


@pytest.fixture
def store(db_url):
    s = Store(db_url, announcer=Recorder())
    yield s
    s.dispose()


def wait_in_thread(store: Store, code: str, version: int,
                   timeout: float) -> tuple[threading.Thread, list[int]]:
    """A started waiter, and the list its answer lands in."""
    got: list[int] = []
    thread = threading.Thread(
        target=lambda: got.append(store.announcer.wait(code, version, timeout))
    )
    thread.start()
    return thread, got


def test_an_append_wakes_a_waiter(store):
    t = store.create_table("kitsune")
    waiter, got = wait_in_thread(store, t.code, 0, timeout=10)
    time.sleep(0.05)  # let it wait first
    started = time.monotonic()
    store.append(t.code, "players.add", {"name": "Ala"}, base=0)
    waiter.join(5)
    assert got == [1]
    assert time.monotonic() - started < 2  # woken, not timed out


def test_a_waiter_times_out_with_the_current_version(store):
    t = store.create_table("kitsune")
    store.append(t.code, "players.add", {"name": "Ala"}, base=0)
    started = time.monotonic()
    assert store.announcer.wait(t.code, 1, 0.1) == 1
    assert time.monotonic() - started >= 0.09
    assert store.announcer.wait(t.code, 0, 5) == 1  # already above: answers at once


def test_a_waiter_on_another_table_is_not_answered(store):
    a, b = store.create_table("kitsune"), store.create_table("kitsune")
    waiter, got = wait_in_thread(store, b.code, 0, timeout=0.3)
    store.append(a.code, "players.add", {"name": "Ala"}, base=0)
    waiter.join(5)
    assert got == [0]


def test_create_and_each_new_event_are_announced_once(store):
    """A repeated nonce appends nothing and so announces nothing; a refused edit neither."""
    t = store.create_table("kitsune")
    store.append(t.code, "players.add", {"name": "Ala"}, base=0, nonce="n1")
    store.append(t.code, "players.add", {"name": "Ala"}, base=0, nonce="n1")
    with pytest.raises(EditError):
        store.append(t.code, "players.remove", {"index": 3}, base=1)
    assert store.announcer.said == [(t.code, 0), (t.code, 1)]


def test_an_older_announcement_arriving_late_does_not_go_back():
    announcer = LocalAnnouncer()
    announcer.announce("KQ7MX4PA", 6)
    announcer.announce("KQ7MX4PA", 5)  # two appends commit in turn but may announce out of order
    assert announcer.wait("KQ7MX4PA", 9, 0) == 9  # nothing newer than what the caller has
    assert announcer.wait("KQ7MX4PA", 5, 0) == 6


def test_an_unknown_table_answers_with_the_version_asked_about():
    assert LocalAnnouncer().wait("KQ7MX4PA", 3, 0.01) == 3
