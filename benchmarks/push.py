"""Live push, measured: `nice .venv/bin/python benchmarks/push.py [--edits 50] [--idle 60]`.

Starts `assistant serve` (uvicorn, assistant/asgi.py) on a loopback port over a fresh SQLite
file, then prints: (1) change-to-other-phone latency in two Chromium pages, per game (from the
event's at_ms, stamped as the store accepts it, to the moment phone B shows that version);
(2) how far two timer phones turn the second apart, one with a clock 7 s wrong; (3) the server's
CPU with 200 idle phones held, and a tap's and a page's answer time meanwhile; (4) the same
with 1,000 phones (the cap refuses the rest, which poll once a second).
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import os
import random
import re
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from assistant.asgi import more_files  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
GAMES = ("Kitsune", "Pisanki", "Okoshki", "Liski")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def line(name: str, xs: list[float]) -> str:
    return (f"{name:<34} n={len(xs):<4} median {statistics.median(xs):6.1f}  "
            f"p95 {pct(xs, 95):6.1f}  max {max(xs):6.1f} ms")


def start_server(folder: str, port: int) -> subprocess.Popen:
    env = {**os.environ, "ASSISTANT_INSTANCE": folder, "SECRET_KEY": "bench"}
    exe = os.path.join(os.path.dirname(sys.executable), "assistant")
    proc = subprocess.Popen([exe, "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", f"sqlite:///{folder}/b.db"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return proc
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


WATCH = """() => { window.__shown = {}; const m = document.getElementById('table-main');
  const note = () => { const v = document.getElementById('table-main').dataset.version;
    if (!(v in window.__shown)) window.__shown[v] = performance.timeOrigin + performance.now(); };
  new MutationObserver(note).observe(document.body, {subtree: true, attributes: true,
    attributeFilter: ['data-version']}); note(); }"""


def edits_for(game: str, n: int) -> list[tuple[str, dict]]:
    if game == "Liski":
        ops = [("timer.start", {})]
        ops += [("timer.pause", {}) if i % 2 == 0 else ("timer.resume", {}) for i in range(n)]
        return ops
    first = [] if game == "Okoshki" else [("players.add", {"name": "Ala", "age": 10})]
    return first + [("players.rename", {"index": 0, "name": f"Ala {i}"}) for i in range(n)]


def latency(browser, base: str, db: str, n: int) -> None:
    print(f"(1) change -> other phone, {n} edits per game, two Chromium pages")
    every: list[float] = []
    for game in GAMES:
        a = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        a.goto(base + "/")
        a.get_by_role("button", name=re.compile(game)).click()
        a.wait_for_selector("html[data-interact=ready]")
        b = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        b.goto(a.url)
        b.wait_for_selector("html[data-interact=ready]")
        time.sleep(1)
        b.evaluate(WATCH)
        for op, fields in edits_for(game, n):
            a.evaluate("([op, f]) => window.interact.post(op, f)", [op, fields])
            time.sleep(random.uniform(0.15, 0.35))
        time.sleep(1)
        shown = {int(v): t for v, t in b.evaluate("window.__shown").items()}
        code = a.url.rstrip("/").rsplit("/", 1)[1]
        with sqlite3.connect(db) as conn:
            rows = conn.execute("SELECT e.seq, e.at_ms FROM events e JOIN tables t ON "
                                "t.id = e.table_id WHERE t.code = ?", (code,)).fetchall()
        took = [shown[seq] - at for seq, at in rows if seq in shown]
        every += took
        print("   " + line(f"{game} ({len(rows)} edits, {len(took)} seen)", took),
              f"  B via {b.evaluate('window.tableLive.mode')}")
        a.context.close()
        b.context.close()
    print("   " + line("all games", every))


# The moment each second first shows (a tick rewrites the same text up to ten times a second, so
# only a change counts), on the machine's real clock (performance, which the 7 s wrong Date.now
# does not touch).
FLIPS = """() => { window.__flips = []; const e = document.querySelector('#timer .countdown');
  let last = e.textContent;
  new MutationObserver(() => { if (e.textContent === last) return; last = e.textContent;
    window.__flips.push([last, performance.timeOrigin + performance.now()]); })
    .observe(e, {childList: true, characterData: true, subtree: true}); }"""


def secs(text: str) -> int:
    """Seconds shown by a countdown text such as 1:05."""
    m, sec = text.split(":")
    return int(m) * 60 + int(sec)


def timer_sync(browser, base: str, seconds: int) -> None:
    print(f"(2) timer: two phones, one clock 7 s fast, {seconds} s of countdown")
    a = browser.new_context().new_page()
    a.goto(base + "/")
    a.get_by_role("button", name=re.compile("Liski")).click()
    a.wait_for_selector("html[data-interact=ready]")
    wrong = browser.new_context()
    wrong.add_init_script("(() => { const n = Date.now; Date.now = () => n() + 7000; })()")
    b = wrong.new_page()
    b.goto(a.url)
    b.wait_for_selector("html[data-interact=ready]")
    time.sleep(1.5)  # the clock's first burst of round trips
    for p in (a, b):
        p.evaluate(FLIPS)
    a.evaluate("() => window.interact.post('timer.start', {})")
    time.sleep(seconds + 1)
    fa = {t: ms for t, ms in a.evaluate("window.__flips")}
    fb = {t: ms for t, ms in b.evaluate("window.__flips")}
    gaps = [abs(fa[t] - fb[t]) for t in fa if t in fb]
    print("   " + line("second turned apart by", gaps[1:]),
          f"  rtt A {a.evaluate('window.tableClock.rttMs'):.1f} ms")
    # Where the gap comes from: each page's turn after the server's own (the server's clock is
    # this machine's, as is performance's), and the two offsets (B's clock is 7 s fast).
    ends = a.evaluate("Number(document.getElementById('timer').dataset.endsAt)")
    for name, flips in (("A", fa), ("B", fb)):
        late = [ms - (ends - secs(t) * 1000) for t, ms in flips.items()]
        print("   " + line(f"page {name} turned after the server", late[1:]))
        if os.environ.get("RAW"):
            print("   ", sorted(round(x, 1) for x in late[1:]))
    off = a.evaluate("window.tableClock.offsetMs") - b.evaluate("window.tableClock.offsetMs")
    print(f"   offsets A − B {off:.1f} ms (true: 7000)")
    a.context.close()
    wrong.close()


class Phones:
    """Idle phones: raw event streams, and those refused poll /poll once a second."""

    def __init__(self, port: int, code: str, n: int) -> None:
        self.port, self.code, self.n = port, code, n
        self.held = self.refused = self.polls = 0
        self.stop = asyncio.Event()

    async def phone(self) -> None:
        r, w = await asyncio.open_connection("127.0.0.1", self.port)
        w.write(f"GET /t/{self.code}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        status = (await r.readline()).split()[1]
        if status == b"200":
            self.held += 1
            while not self.stop.is_set():
                try:
                    await asyncio.wait_for(r.read(4096), 1)
                except TimeoutError:
                    pass
        else:
            self.refused += 1
            w.close()
            etag = ""
            r, w = await asyncio.open_connection("127.0.0.1", self.port)
            while not self.stop.is_set():
                await asyncio.sleep(random.uniform(0.9, 1.1))
                w.write(f"GET /t/{self.code}/poll HTTP/1.1\r\nHost: x\r\n"
                        f"If-None-Match: {etag}\r\n\r\n".encode())
                head = (await r.readuntil(b"\r\n\r\n")).decode()
                etag = re.search(r"(?i)etag: (\S+)", head).group(1)
                length = re.search(r"(?i)content-length: (\d+)", head)
                if length:
                    await r.readexactly(int(length.group(1)))
                self.polls += 1
        w.close()

    def run(self) -> threading.Thread:
        async def all_phones():
            self.loop = asyncio.get_running_loop()
            self.stop = asyncio.Event()
            await asyncio.gather(*(self.phone() for _ in range(self.n)), return_exceptions=True)

        def main():
            asyncio.run(all_phones())
        t = threading.Thread(target=main, daemon=True)
        t.start()
        while self.held + self.refused < self.n:
            time.sleep(0.1)
        return t

    def end(self, thread: threading.Thread) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        thread.join(10)


def cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def phone(base: str):
    """A phone's cookie jar and CSRF token."""
    jar = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    page = jar.open(f"{base}/").read().decode()
    return jar, re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def taps(base: str, code: str, n: int) -> tuple[list[float], list[float]]:
    """A phone's taps (an edit each) and page loads: answer times in ms."""
    jar = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    page = jar.open(f"{base}/t/{code}").read().decode()
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    tap, pages = [], []
    for i in range(n):
        version = int(re.search(r'data-version="(\d+)"', page).group(1))
        body = urllib.parse.urlencode({"op": "players.rename", "index": 0, "name": f"T{i}",
                                       "v": version, "nonce": f"n{i}x{time.time_ns()}",
                                       "csrf_token": token}).encode()
        t0 = time.perf_counter()
        page = jar.open(urllib.request.Request(f"{base}/t/{code}/edit", body)).read().decode()
        tap.append((time.perf_counter() - t0) * 1000)
        if i % 3 == 0:
            t0 = time.perf_counter()
            jar.open(f"{base}/t/{code}").read()
            pages.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.2)
    return tap, pages


def held(base: str, port: int, pid: int, n: int, seconds: int) -> None:
    jar, token = phone(base)
    made = jar.open(urllib.request.Request(f"{base}/tables", urllib.parse.urlencode(
        {"game": "kitsune", "csrf_token": token}).encode()))
    code = re.search(r"/t/(\w+)", made.url).group(1)
    jar.open(urllib.request.Request(f"{base}/t/{code}/edit", urllib.parse.urlencode(
        {"op": "players.add", "name": "Ala", "age": 9, "v": 0, "csrf_token": token}).encode()))
    phones = Phones(port, code, n)
    thread = phones.run()
    print(f"({'3' if n <= 200 else '4'}) {n} phones: {phones.held} streams held, "
          f"{phones.refused} refused (polling 1/s)")
    time.sleep(2)
    c0, t0 = cpu_s(pid), time.monotonic()
    time.sleep(seconds)
    cpu = (cpu_s(pid) - c0) / (time.monotonic() - t0) * 100
    print(f"   server CPU while idle: {cpu:.1f} % of one core over {seconds} s")
    tap, pages = taps(base, code, 60)
    print("   " + line("tap (edit) answered in", tap))
    print("   " + line("page answered in", pages))
    phones.end(thread)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--edits", type=int, default=50, help="edits per game (0: skip)")
    ap.add_argument("--timer", type=int, default=60, help="seconds of countdown (0: skip)")
    ap.add_argument("--idle", type=int, default=60,
                    help="seconds the 200 idle phones are held (0: skip)")
    args = ap.parse_args()
    more_files()
    folder = tempfile.mkdtemp(prefix="push-bench-")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = start_server(folder, port)
    base = f"http://127.0.0.1:{port}"
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; server: "
          "uvicorn + assistant/asgi.py, SQLite")
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            if args.edits:
                latency(browser, base, f"{folder}/b.db", args.edits)
            if args.timer:
                timer_sync(browser, base, args.timer)
            browser.close()
        if args.idle:
            held(base, port, proc.pid, 200, args.idle)
            held(base, port, proc.pid, 1000, max(10, args.idle // 3))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)


if __name__ == "__main__":
    main()
