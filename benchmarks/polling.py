"""Polling load on one server: many phones watching tables the way live.js does.

Starts `assistant serve` (waitress) on a loopback port over a fresh SQLite file, then runs:
  A. 50 phones polling one table once a second (with If-None-Match), while the timer is
     started/paused every few seconds so some polls carry a new version;
  B. 20 tables at once, 5 phones each (100 phones), same pacing;
  C. saturation: 50 phones polling one table back to back, to show the headroom.
Prints requests per second, p50/p95 latency and the server's CPU use. Loopback only.

Run: .venv/bin/python benchmarks/polling.py [--seconds 15]
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.store import Store  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def phone(port: int, code: str, until: float, pace: float, out: list[float], codes: list[int]):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    etag = None
    while time.time() < until:
        t0 = time.perf_counter()
        headers = {"If-None-Match": etag} if etag else {}
        try:
            conn.request("GET", f"/t/{code}/poll", headers=headers)
            resp = conn.getresponse()
            resp.read()
        except OSError:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            codes.append(0)
            continue
        out.append(time.perf_counter() - t0)
        codes.append(resp.status)
        if resp.status == 200:
            etag = resp.getheader("ETag")
        if pace:
            time.sleep(max(0.0, pace - (time.perf_counter() - t0)))


def editor(store: Store, codes: list[str], until: float, every: float):
    """Start and pause each table's timer in turn, as players do."""
    i = 0
    while time.time() < until:
        for code in codes:
            t = store.get(code)
            op = "timer.pause" if t.state["timer"]["state"] == "running" else (
                "timer.resume" if t.state["timer"]["state"] == "paused" else "timer.start")
            store.append(code, op, {}, base=t.version, author="bench")
        i += 1
        time.sleep(every)


def scenario(name, port, pid, store, codes, phones_per_table, seconds, pace):
    lat: list[float] = []
    statuses: list[int] = []
    until = time.time() + seconds
    threads = [
        threading.Thread(target=phone, args=(port, code, until, pace, lat, statuses))
        for code in codes for _ in range(phones_per_table)
    ]
    ed = threading.Thread(target=editor, args=(store, codes, until, 3.0))
    cpu0, t0 = cpu_seconds(pid), time.time()
    for th in threads:
        th.start()
    ed.start()
    for th in threads:
        th.join()
    ed.join()
    wall = time.time() - t0
    cpu = (cpu_seconds(pid) - cpu0) / wall * 100
    lat.sort()
    p50 = statistics.median(lat) * 1000
    p95 = lat[int(len(lat) * 0.95)] * 1000
    errors = sum(1 for s in statuses if s not in (200, 304))
    n304 = sum(1 for s in statuses if s == 304)
    pacing = f"every {pace:.1f}s" if pace else "back to back"
    print(f"{name}: {len(codes)} table(s) x {phones_per_table} phones, {pacing}: "
          f"{len(lat) / wall:.0f} req/s, p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
          f"server CPU {cpu:.0f}% of one core, {n304 / max(1, len(statuses)):.0%} were 304, "
          f"{errors} errors")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=15)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-")
    db = f"sqlite:///{tmp}/bench.db"
    store = Store(db)
    codes = [store.create_table("liski").code for _ in range(20)]
    port = free_port()
    env = {**os.environ, "ASSISTANT_INSTANCE": tmp, "SECRET_KEY": "bench"}
    server = subprocess.Popen(
        [sys.executable, "-m", "assistant.cli", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--db", db],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        print(f"machine: {os.cpu_count()} cores; server: waitress, 8 threads, SQLite (WAL)")
        scenario("A", port, server.pid, store, codes[:1], 50, args.seconds, 1.0)
        scenario("B", port, server.pid, store, codes, 5, args.seconds, 1.0)
        scenario("C", port, server.pid, store, codes[:1], 50, args.seconds, 0.0)
    finally:
        server.terminate()
        server.wait(10)
        store.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
