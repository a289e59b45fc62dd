"""Bytes per live update (#11, goal 7): what phone A downloads when another phone edits.

Before: a live refresh fetched all of #table-main. After: the page reports its regions'
hashes (X-Regions) and gets only the regions that changed (assistant/web/regions.py).
For each game a table is built through real edits, then phone B makes typical edits one by
one; after each, phone A refreshes both ways and the bytes are compared. Server-side, no
browser; also the server's CPU per refresh (time.process_time).
Run: nice .venv/bin/python benchmarks/live_bytes.py
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant import create_app  # noqa: E402
from assistant.games.okoshki import KINDS  # noqa: E402
from benchmarks.liski_page import full_board  # noqa: E402

LIVE = {"HX-Request": "true", "X-Interact": "1"}
REGION = re.compile(r'<[a-z]+ ([^>]*data-h="[0-9a-f]+"[^>]*)>')
NAMES = ["Ala", "Bartek", "Celina", "Dawid", "Ewa"]


def hashes(html: str) -> str:
    """The X-Regions header a page holding `html` sends."""
    out = []
    for attrs in REGION.findall(html):
        rid = re.search(r'\bid="([^"]+)"', attrs).group(1)
        h = re.search(r'data-h="([0-9a-f]+)"', attrs).group(1)
        out.append(f"{rid}:{h}")
    return " ".join(out)


def tables(store):
    """Each game's table and the edits phone B makes on it, one by one."""
    liski = store.create_table("liski")
    full_board(store, liski.code)
    pid = [p["id"] for p in store.get(liski.code).state["board"]["puchaters"]]
    yield "liski (round 6, full board)", liski.code, [
        ("board.fear.add", {"col": 1}), ("board.marker", {"col": 3, "puchater": pid[0]}),
        ("board.cheese", {"puchater": pid[1], "delta": 1}), ("timer.pause", {}),
        ("timer.resume", {}), ("board.fear.add", {"col": 5})]
    pisanki = store.create_table("pisanki")
    for n in NAMES:
        store.append(pisanki.code, "players.add", {"name": n}, base=store.version(pisanki.code))
    yield "pisanki (5 players)", pisanki.code, [
        ("pisanki.cell", {"player": i % 5, "name": NAMES[i % 5], "r": i % 3, "c": i % 5,
                          "cell": {"down": False, "cloth": "checked", "egg": "red",
                                   "double": False, "flowers": []}}) for i in range(6)]
    kitsune = store.create_table("kitsune")
    for i, n in enumerate(NAMES):
        store.append(kitsune.code, "players.add", {"name": n, "age": 20 + i},
                     base=store.version(kitsune.code))
    yield "kitsune (5 players)", kitsune.code, [
        ("area.add", {"player": i % 5, "colour": ("red", "blue", "yellow")[i % 3], "delta": 1})
        for i in range(6)]
    okoshki = store.create_table("okoshki")
    yield "okoshki (2 players)", okoshki.code, [
        ("zone.add", {"player": i % 2, "name": "", "kind": KINDS[i % len(KINDS)], "delta": 1})
        for i in range(6)]


def main() -> None:
    tmp = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/b.db",
                      "POLL_MS": 1000})
    store = app.extensions["store"]
    phone = app.test_client()
    print(f"{'table':30} {'before (all)':>14} {'after (regions)':>16} {'cpu before':>11}"
          f" {'cpu after':>10}")
    for name, code, edits in list(tables(store)):
        phone.get(f"/t/{code}")
        page = phone.get(f"/t/{code}/main", headers=LIVE).get_data(as_text=True)
        before, after, cpu_b, cpu_a, refused = [], [], [], [], 0
        for op, data in edits:
            try:
                store.append(code, op, data, base=store.version(code), author="phone-b")
            except Exception:  # noqa: BLE001 - a benchmark edit the rules refuse is skipped
                refused += 1
                continue
            c0 = time.process_time()
            whole = phone.get(f"/t/{code}/main", headers=LIVE).get_data()
            c1 = time.process_time()
            part = phone.get(f"/t/{code}/main", headers={**LIVE, "X-Regions": hashes(page)})
            c2 = time.process_time()
            before.append(len(whole))
            after.append(len(part.get_data()))
            cpu_b.append((c1 - c0) * 1000)
            cpu_a.append((c2 - c1) * 1000)
            page = whole.decode()  # phone A now holds the fresh table
        note = f"  ({refused} edits refused)" if refused else ""
        kb_b, kb_a = statistics.mean(before) / 1024, statistics.mean(after) / 1024
        print(f"{name:30} {kb_b:11.1f} KB {kb_a:13.1f} KB"
              f" {statistics.median(cpu_b):8.1f} ms {statistics.median(cpu_a):7.1f} ms{note}")
    print("(mean bytes per live update over", len(edits), "edits per table; CPU: median server "
          "time.process_time per refresh)")


if __name__ == "__main__":
    main()
