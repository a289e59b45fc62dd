"""The store's incremental fold, snapshots, bounded cache, version column and several processes."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.reducers import EditError, copy_state
from assistant.registry import reducer_for
from assistant.store import (
    StaleEdit,
    Store,
    events_t,
    fold,
    metadata,
    snapshots_t,
    tables_t,
)
from tests.conftest import own_database
from tests.edit_strategies import GAMES, steps
from tests.test_store import database_urls


@pytest.fixture(params=database_urls(), ids=lambda u: u.split(":")[0])
def url(request, db_url):
    """A fresh database: a SQLite file, or the test PostgreSQL emptied."""
    if request.param == "sqlite":
        yield db_url
        return
    with own_database(request.param) as url:  # the worker's own database, emptied
        s = Store(url)
        metadata.drop_all(s.engine)
        metadata.create_all(s.engine)
        s.dispose()
        yield url


@pytest.fixture
def stores(url):
    made: list[Store] = []

    def make(**kw) -> Store:
        s = Store(url, **kw)
        made.append(s)
        return s

    yield make
    for s in made:
        s.dispose()


def logged_state(store: Store, code: str) -> dict:
    """The full fold of the log as it is in the database (the truth)."""
    from assistant.store import Event

    with store.engine.connect() as conn:
        tid, game = conn.execute(
            sa.select(tables_t.c.id, tables_t.c.game).where(tables_t.c.code == code)
        ).one()
        rows = conn.execute(
            sa.select(events_t).where(events_t.c.table_id == tid).order_by(events_t.c.seq)
        ).mappings()
        events = [Event(r["seq"], r["op"], json.loads(r["data"]), r["author"], r["at_ms"],
                        r["base"]) for r in rows]
    return fold(game, events)[0]


def play(store: Store, code: str, plan: list[tuple[str, dict]]) -> None:
    """Send a plan's edits as phones would (refused ones are refused and change nothing)."""
    for at, (op, data) in enumerate(plan, start=1):
        t = store.get(code)
        if op == "undo":
            choices = [e.seq for e in t.events if e.op != "undo" and e.seq not in t.undone]
            if not choices:
                continue
            data = {"target": choices[data["pick"] % len(choices)]}
        before = copy_state(t.state)
        try:
            store.append(code, op, data, base=t.version, at_ms=at * 1000)
        except EditError:
            assert store.get(code).state == before


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_store_state_equals_the_full_fold(stores, game, data):
    """Small cache and frequent snapshots: appends, catch-ups and cold reads all agree."""
    store = stores(cache_tables=1, snapshot_every=3)
    other = stores(cache_tables=1, snapshot_every=4)  # a second process on the same database
    code = store.create_table(game).code
    plan = data.draw(steps(game, max_size=20))
    half = len(plan) // 2
    play(store, code, plan[:half])
    play(other, code, plan[half:])
    truth = logged_state(store, code)
    assert other.get(code).state == truth
    assert store.get(code).state == truth  # caught up with what the other process appended
    store.create_table(game)  # evicts the table from the one-table cache
    assert store.get(code).state == truth  # a cold read from the latest usable snapshot


def test_an_append_never_refolds_and_a_cold_read_folds_from_the_latest_snapshot(stores,
                                                                                monkeypatch):
    store = stores(snapshot_every=50)
    t = store.create_table("pisanki")
    for name in ("A", "B", "C", "D", "E"):
        t = store.append(t.code, "players.add", {"name": name}, base=t.version)
    reducer = reducer_for("pisanki")
    calls = []
    original = type(reducer).apply_in_place

    def counting(self, state, op, data, at_ms):
        calls.append(op)
        return original(self, state, op, data, at_ms)

    monkeypatch.setattr(type(reducer), "apply_in_place", counting)
    cell = {"cloth": "dotted", "egg": "red", "flowers": []}
    for i in range(200):
        calls.clear()
        t = store.append(t.code, "pisanki.cell",
                         {"player": i % 5, "r": i % 3, "c": i % 5, "cell": cell}, base=t.version)
        assert len(calls) == 1  # the new event only
    calls.clear()
    cold = stores().get(t.code)
    assert cold.version == 205 and cold.state == t.state
    assert len(calls) == 5  # 205 events: snapshot at 200, then 5
    calls.clear()
    t = store.append(t.code, "undo", {"target": 204}, base=t.version)
    assert len(calls) <= 5  # the undo folds from the snapshot at 200, not from the start
    assert t.state == logged_state(store, t.code)


def test_a_refused_edit_leaves_the_cached_state_untouched(stores):
    store = stores()
    t = store.create_table("kitsune")
    t = store.append(t.code, "players.add", {"name": "Ala"}, base=0)
    before = store.get(t.code)
    text = json.dumps(before.state, sort_keys=True)
    with pytest.raises(EditError):
        store.append(t.code, "players.add", {"name": "Ala"}, base=1)
    after = store.get(t.code)
    assert after is before and json.dumps(after.state, sort_keys=True) == text


def test_a_snapshot_of_another_reducer_version_is_ignored(stores, monkeypatch):
    store = stores(snapshot_every=2)
    t = store.create_table("kitsune")
    for name in ("Ala", "Bo", "Cy", "Di"):
        t = store.append(t.code, "players.add", {"name": name}, base=t.version)
    # Spoil the snapshots: a reader that trusts them shows the spoiled names.
    with store.engine.begin() as conn:
        conn.execute(snapshots_t.update().values(
            state=json.dumps({"state": {"players": []}, "skipped": {}})))
    assert stores().get(t.code).state["players"] == []  # snapshots are really used
    monkeypatch.setattr(reducer_for("kitsune"), "version", 2)
    fresh = stores().get(t.code)
    assert [p["name"] for p in fresh.state["players"]] == ["Ala", "Bo", "Cy", "Di"]


def test_the_cache_holds_a_bounded_number_of_tables(stores):
    store = stores(cache_tables=3)
    codes = []
    for i in range(10):
        t = store.create_table("kitsune")
        store.append(t.code, "players.add", {"name": f"P{i}"}, base=0)
        codes.append(t.code)
    for code in codes:
        store.get(code)
    assert store.cached_tables() == 3
    assert store.get(codes[0]).state["players"][0]["name"] == "P0"  # evicted, read again
    assert store.cached_tables() == 3


def test_the_version_is_a_column_updated_with_the_append(stores):
    store = stores()
    t = store.create_table("kitsune")
    store.append(t.code, "players.add", {"name": "Ala"}, base=0)
    with store.engine.connect() as conn:
        assert conn.execute(sa.select(tables_t.c.version)).scalar_one() == 1
    assert store.version(t.code) == 1


def test_an_older_database_gets_the_version_column_filled_from_its_events(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # the schema of earlier versions: no version, no snapshots
        conn.execute(sa.text(
            "CREATE TABLE tables (id INTEGER PRIMARY KEY, code VARCHAR(16) UNIQUE NOT NULL,"
            " game VARCHAR(16) NOT NULL, created_ms BIGINT NOT NULL, updated_ms BIGINT NOT NULL)"))
        conn.execute(sa.text(
            "CREATE TABLE events (id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL,"
            " seq INTEGER NOT NULL, op VARCHAR(40) NOT NULL, data TEXT NOT NULL,"
            " author VARCHAR(40) NOT NULL, at_ms BIGINT NOT NULL, base INTEGER NOT NULL,"
            " nonce VARCHAR(40), UNIQUE (table_id, seq), UNIQUE (table_id, nonce))"))
        conn.execute(sa.text("INSERT INTO tables VALUES (1, 'ABCDEFGH', 'kitsune', 1, 2)"))
        for seq, name in enumerate(("Ala", "Bo"), start=1):
            conn.execute(sa.text(
                "INSERT INTO events (table_id, seq, op, data, author, at_ms, base)"
                " VALUES (1, :seq, 'players.add', :data, '', 1, 0)"),
                {"seq": seq, "data": json.dumps({"name": name})})
    engine.dispose()
    store = Store(url)
    assert store.version("ABCDEFGH") == 2
    t = store.append("ABCDEFGH", "players.add", {"name": "Cy"}, base=2)
    assert [p["name"] for p in t.state["players"]] == ["Ala", "Bo", "Cy"]
    store.dispose()
    assert Store(url).get("ABCDEFGH").version == 3  # a second start changes nothing


def test_eight_concurrent_writers_are_never_told_the_table_is_busy(stores):
    """Eight phones tap at once, through two stores (processes) on one database."""
    first, second = stores(), stores()
    t = first.create_table("pisanki")
    for name in ("A", "B", "C", "D", "E"):
        t = first.append(t.code, "players.add", {"name": name}, base=t.version)
    barrier = threading.Barrier(8)
    errors: list[str] = []
    cell = {"cloth": "dotted", "egg": "red", "flowers": []}

    def phone(n: int) -> None:
        store = first if n % 2 else second
        barrier.wait()
        for i in range(6):
            seen = store.get(t.code).version
            k = n * 6 + i  # a cell of its own: 5 tables of 3 × 5
            where = {"player": k // 15, "r": k % 15 // 5, "c": k % 5}
            try:
                store.append(t.code, "pisanki.cell", {**where, "cell": cell}, base=seen)
            except (StaleEdit, EditError) as exc:
                errors.append(str(exc))

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert first.get(t.code).version == second.get(t.code).version == 5 + 48
    assert first.get(t.code).state == second.get(t.code).state == logged_state(first, t.code)


SCRIPT = """
import sys
from assistant.store import Store
store = Store(sys.argv[1])
code, player = sys.argv[2], int(sys.argv[3])
for i in range(30):
    cell = {"cloth": "dotted", "egg": ("red", "blue")[i % 2], "flowers": []}
    data = {"player": player, "r": i % 3, "c": i % 4, "cell": cell}
    store.append(code, "pisanki.cell", data, base=store.get(code).version, author=str(player))
print(store.get(code).version)
"""


def test_two_processes_serve_one_table_without_disagreeing(stores, url):
    """Two processes append to one table at once; each cache notices the other's edits."""
    store = stores()
    t = store.create_table("pisanki")
    store.append(t.code, "players.add", {"name": "A"}, base=0)
    t = store.append(t.code, "players.add", {"name": "B"}, base=1)
    procs = [subprocess.Popen([sys.executable, "-c", SCRIPT, url, t.code, str(p)],
                              stdout=subprocess.PIPE, text=True) for p in (0, 1)]
    seen = [store.get(t.code).version]
    while any(p.poll() is None for p in procs):
        seen.append(store.get(t.code).version)  # this process's cache follows them
        time.sleep(0.02)
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    final = store.get(t.code)
    assert final.version == 62 and sorted(int(o) for o in outs)[-1] == 62
    assert seen == sorted(seen)
    assert final.state == logged_state(store, t.code)
    assert final.state == stores().get(t.code).state


def test_undo_without_a_target_takes_back_this_phones_own_last_edit(stores):
    store = stores()
    t = store.create_table("kitsune")
    store.append(t.code, "players.add", {"name": "Ala"}, base=0, author="me")
    store.append(t.code, "players.add", {"name": "Bo"}, base=1, author="other")
    # Undo belongs to the phone that edited: "me" takes back Ala, never Bo's edit; made at
    # version 1 it has not seen Bo's edit of the same players list, so it is refused as stale.
    with pytest.raises(StaleEdit):
        store.append(t.code, "undo", {}, base=1, author="me")
    t = store.append(t.code, "undo", {}, base=2, author="me")
    assert t.undone == {1}
    with pytest.raises(EditError, match="nothing to undo"):
        store.append(t.code, "undo", {}, base=3, author="me")
    with pytest.raises(EditError, match="nothing to undo"):
        store.append(t.code, "undo", {}, base=3, author="someone")


def test_a_resent_edit_whose_reply_was_lost_is_answered_as_success(stores):
    store = stores()
    t = store.create_table("pisanki")
    store.append(t.code, "players.add", {"name": "A"}, base=0)
    store.append(t.code, "players.add", {"name": "B"}, base=1)
    red = {"cloth": "dotted", "egg": "red", "flowers": []}
    blue = {"cloth": "dotted", "egg": "blue", "flowers": []}
    mine = {"player": 0, "r": 0, "c": 0}
    store.append(t.code, "pisanki.cell", {**mine, "cell": red}, base=2, nonce="n1", author="me")
    store.append(t.code, "pisanki.cell", {"player": 1, "r": 0, "c": 0, "cell": red}, base=3,
                 author="other")
    # The reply was lost: the phone re-sends the same edit with its nonce, still at version 2.
    t = store.append(t.code, "pisanki.cell", {**mine, "cell": red}, base=2, nonce="n1",
                     author="me")
    assert t.version == 4
    # Its next edit of that cell is still made on version 2: its own edit is not someone else's.
    t = store.append(t.code, "pisanki.cell", {**mine, "cell": blue}, base=2, nonce="n2",
                     author="me")
    assert t.version == 5 and t.state["players"][0]["grid"][0][0]["egg"] == "blue"
    with pytest.raises(StaleEdit, match="Someone else changed this"):
        store.append(t.code, "pisanki.cell", {**mine, "cell": red}, base=2, author="other")


def test_history_pages_back_from_the_latest(stores):
    store = stores()
    t = store.create_table("kitsune")
    for i in range(30):
        t = store.append(t.code, "players.add" if i < 6 else "player.age",
                         {"name": f"P{i}"} if i < 6 else {"index": 0, "age": 10 + i},
                         base=t.version)
    t = store.append(t.code, "undo", {"target": 30}, base=t.version)
    page = store.history(t.code, limit=12)
    assert [e.seq for e in page.events] == list(range(31, 19, -1))
    assert page.targets[30].op == "player.age" and page.undone == {30}
    older = store.history(t.code, before=page.before, limit=12)
    assert [e.seq for e in older.events] == list(range(19, 7, -1))
    last = store.history(t.code, before=older.before, limit=12)
    assert [e.seq for e in last.events] == list(range(7, 0, -1)) and last.before is None
