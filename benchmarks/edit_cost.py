"""What one edit costs as a table's history grows; page sizes; cold reads; memory.

Prints figures (no assertions). In-process through Flask's test client over a fresh SQLite file,
so "server time" is the time the app takes to answer one htmx edit (store + page fragment),
as wall time (includes the disk's fsync and a busy machine's waits) and as CPU time:
  1. Liski board edits and Pisanki cell taps (5 players): the median server time of an edit
     at about 20 events and at about 600 events, and their ratio (goal <= 1.5);
  2. the Liski page and its live fragment at 600 events (goal <= 150 KB each);
  3. a cold read (a new store, nothing cached) of a 2,000-event table (goal < 100 ms);
  4. memory (RSS) after reading 100, 500 and 1,000 tables (goal: flat within 10 %).

Run: nice .venv/bin/python benchmarks/edit_cost.py [--samples 21]
"""

from __future__ import annotations

import argparse
import gc
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant import create_app  # noqa: E402
from assistant.store import Store  # noqa: E402

TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')
CELL = {"cloth": "dotted", "egg": "red", "flowers": []}


def rss_mb() -> float:
    """This process's resident memory in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def liski_edit(i: int, pid: int) -> tuple[str, dict]:
    """A board edit as the Liski page sends them: markers, cheese, fear tokens."""
    col = (i // 4) % 6
    return [
        ("board.marker", {"col": col, "puchater": pid}),
        ("board.cheese", {"puchater": pid, "delta": 1 if (i // 4) % 2 == 0 else -1}),
        ("board.fear.add", {"col": col}),
        ("board.fear.remove", {"col": col, "index": 0}),
    ][i % 4]


def pisanki_edit(i: int, _pid: int) -> tuple[str, dict]:
    """A cell tap on one of five players' tables (3 × 5 each)."""
    eggs = ("red", "blue", "green", "yellow", "orange", "purple")
    k = i % 75
    return "pisanki.cell", {"player": k // 15, "r": k % 15 // 5, "c": k % 5,
                            "cell": {**CELL, "egg": eggs[(i // 75) % 6]}}


def new_table(store: Store, game: str) -> tuple[str, int]:
    """A table with its players (and for Liski a set-up board with one puchater)."""
    t = store.create_table(game)
    for name in ("Ala", "Bo", "Cy", "Di", "Ed")[: 5 if game == "pisanki" else 2]:
        t = store.append(t.code, "players.add", {"name": name}, base=t.version)
    pid = 0
    if game == "liski":
        t = store.append(t.code, "board.puchater.add", {"name": "Mag", "symbol": "pot"},
                         base=t.version)
        t = store.append(t.code, "board.setup", {}, base=t.version)
        pid = t.state["board"]["puchaters"][0]["id"]
        for _ in range(2):  # some cheese to spend, so that -1 never runs out
            t = store.append(t.code, "board.cheese", {"puchater": pid, "delta": 1},
                             base=t.version)
    return t.code, pid


def grow(store: Store, code: str, make, pid: int, upto: int) -> None:
    """Append edits (straight to the store) until the table has `upto` events."""
    t = store.get(code)
    i = t.version
    while t.version < upto:
        op, data = make(i, pid)
        t = store.append(code, op, data, base=t.version, author="bench")
        i += 1


def timed_edits(client, code: str, make, pid: int, n: int) -> list[tuple[float, float]]:
    """Post n edits as a phone does (htmx); the server's wall and CPU time of each, in ms."""
    page = client.get(f"/t/{code}").get_data(as_text=True)
    token = TOKEN_RE.search(page).group(1)
    store = client.application.extensions["store"]
    out = []
    for _ in range(n):
        t = store.get(code)
        op, data = make(t.version, pid)
        form = {"op": op, "v": str(t.version), "csrf_token": token}
        for k, v in data.items():
            form[k] = v if isinstance(v, str) else str(v)
        if op == "pisanki.cell":
            import json

            form = {"op": op, "v": str(t.version), "csrf_token": token,
                    "data": json.dumps(data)}
        t0, c0 = time.perf_counter(), time.process_time()
        resp = client.post(f"/t/{code}/edit", data=form, headers={"HX-Request": "true"})
        out.append(((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000))
        assert resp.status_code == 200, resp.status_code
        assert store.get(code).version == t.version + 1, resp.get_data(as_text=True)[-300:]
    return out


def edit_cost(app, game: str, make, samples: int) -> None:
    store = app.extensions["store"]
    client = app.test_client()
    code, pid = new_table(store, game)
    grow(store, code, make, pid, 20 - samples // 2)
    early = timed_edits(client, code, make, pid, samples)
    grow(store, code, make, pid, 600 - samples // 2)
    late = timed_edits(client, code, make, pid, samples)
    for i, what in ((0, "wall"), (1, "CPU")):
        a = statistics.median(x[i] for x in early)
        b = statistics.median(x[i] for x in late)
        print(f"{game}: median edit ({what}) {a:.1f} ms at ~20 events, {b:.1f} ms at ~600 "
              f"events: ratio {b / a:.2f} (goal <= 1.5)")
    if game == "liski":
        full = len(client.get(f"/t/{code}").data)
        live = len(client.get(f"/t/{code}/main", headers={"HX-Request": "true"}).data)
        print(f"liski at {store.get(code).version} events: page {full / 1024:.0f} KB, "
              f"live fragment {live / 1024:.0f} KB (goal <= 150 KB each)")


def cold_read(url: str, samples: int) -> None:
    store = Store(url)
    code, pid = new_table(store, "pisanki")
    grow(store, code, pisanki_edit, pid, 2000)
    store.dispose()
    times = []
    for _ in range(samples):
        fresh = Store(url)
        fresh.version(code)  # connect first: the figure is the read, not the connection
        t0 = time.perf_counter()
        t = fresh.get(code)
        times.append((time.perf_counter() - t0) * 1000)
        fresh.dispose()
    print(f"cold read of a {t.version}-event Pisanki table: median {statistics.median(times):.1f}"
          f" ms, max {max(times):.1f} ms (goal < 100 ms)")


def memory(url: str) -> None:
    store = Store(url)
    codes = []
    for _ in range(1000):
        code, _pid = new_table(store, "pisanki")
        codes.append(code)
    with store.engine.begin():
        pass
    store.dispose()
    reader = Store(url)
    marks = {}
    for i, code in enumerate(codes, start=1):
        reader.get(code)
        if i in (100, 500, 1000):
            gc.collect()
            marks[i] = rss_mb()
    base = marks[100]
    print("memory after reading 100 / 500 / 1,000 tables: "
          + " / ".join(f"{v:.1f} MB" for v in marks.values())
          + f" ({(marks[1000] - base) / base:+.1%} from 100 to 1,000; goal within ±10 %);"
          f" {reader.cached_tables()} tables cached")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=21)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="edit-cost-")
    url = f"sqlite:///{tmp}/bench.db"
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": url, "TESTING": True,
                      "DECK_FOLDER": f"{tmp}/deck"})
    edit_cost(app, "liski", liski_edit, args.samples)
    edit_cost(app, "pisanki", pisanki_edit, args.samples)
    app.extensions["store"].dispose()
    cold_read(f"sqlite:///{tmp}/cold.db", 9)
    memory(f"sqlite:///{tmp}/memory.db")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
