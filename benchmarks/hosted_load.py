"""1,000 phones on `make hosted`: `.venv/bin/python benchmarks/hosted_load.py [--seconds 60]`.

Starts the hosted stack (scripts/hosted.py: Caddy with `tls internal`, gunicorn with WORKERS=2
uvicorn workers, a throwaway PostgreSQL; or DATABASE_URL) on this machine, makes TABLES tables
of PHONES phones (a cookie and CSRF token each, from GET / over HTTPS), holds every phone's
Server-Sent Events stream on /t/<code>/events through Caddy (asyncio TLS sockets, not browsers),
and sends an edit per table every PERIOD s (POST /t/<code>/edit as the interaction layer does:
op, v, nonce, csrf_token + cookie; HX-Request, X-Interact), each from the table's next phone.
With --groups 2, two such stacks (a gunicorn and a Caddy each, as on two machines) share the
PostgreSQL and each table's phones alternate between them. Prints p50/p95 of an edit's
answer, of a change reaching the table's other phones (edit sent -> its version received on
their streams), errors, and the CPU time of the app processes, Caddy and PostgreSQL over the
run (/proc), per 100 phones. Loopback only; bounded in count and time.
PUSH_MAX_HELD is set to twice the phones per process (gunicorn's shared socket does not split
the streams evenly), so that no phone is sent to polling; PUSH_MAX_HELD=500 tries the default.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import secrets
import ssl
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
import devenv  # noqa: E402
import hosted  # noqa: E402

from assistant.asgi import more_files  # noqa: E402

TOKEN = re.compile(r'name="csrf-token" content="([^"]+)"')
GOALS = {"edit": 150.0, "push": 250.0}


def pct(xs: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of xs."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


class Conn:
    """One HTTP/1.1 keep-alive connection over TLS to Caddy (re-opened when it drops)."""

    def __init__(self, port: int, ctx: ssl.SSLContext) -> None:
        self.port, self.ctx = port, ctx
        self.r: asyncio.StreamReader | None = None
        self.w: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.r, self.w = await asyncio.open_connection("127.0.0.1", self.port, ssl=self.ctx,
                                                      server_hostname="localhost")

    def close(self) -> None:
        if self.w:
            self.w.close()
        self.r = self.w = None

    async def head(self, method: str, path: str, headers: dict[str, str],
                   body: bytes = b"") -> tuple[int, dict[str, str]]:
        """Send a request; read the status and headers of its answer."""
        if self.w is None:
            await self.open()
        lines = [f"{method} {path} HTTP/1.1", f"Host: localhost:{self.port}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        self.w.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        raw = (await self.r.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        found: dict[str, str] = {}
        for line in raw[1:]:
            if ": " in line:
                k, v = line.split(": ", 1)
                k = k.lower()
                found[k] = f"{found[k]}\n{v}" if k in found else v
        return int(raw[0].split()[1]), found

    async def body(self, headers: dict[str, str]) -> bytes:
        """The answer's body (Content-Length or chunked)."""
        if "content-length" in headers:
            return await self.r.readexactly(int(headers["content-length"]))
        if headers.get("transfer-encoding") == "chunked":
            out = b""
            while chunk := await self.chunk():
                out += chunk
            return out
        return b""

    async def chunk(self) -> bytes:
        """The next chunk of a chunked body (b"" at its end)."""
        size = int((await self.r.readline()).split(b";")[0], 16)
        data = await self.r.readexactly(size + 2)
        return data[:-2]

    async def request(self, method: str, path: str, headers: dict[str, str],
                      body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
        status, found = await self.head(method, path, headers, body)
        data = await self.body(found)
        if found.get("connection", "").lower() == "close":
            self.close()
        return status, found, data


class Run:
    """The tables, their phones, their streams and what was measured."""

    def __init__(self, ports: list[int], ctx: ssl.SSLContext, codes: list[str], phones: int,
                 period: float) -> None:
        self.ports, self.ctx, self.codes, self.per, self.period = ports, ctx, codes, phones, period
        self.phones: dict[str, list[dict]] = {c: [] for c in codes}
        self.edits: list[float] = []  # ms
        self.sent: list[tuple[str, int, int, float]] = []  # code, sender, version, sent at
        self.errors: dict[str, int] = {}
        self.retries = 0
        self.stop = asyncio.Event()
        self.gate = asyncio.Semaphore(40)  # TLS handshakes at once while setting up

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    async def phone(self, code: str, i: int) -> dict:
        """A phone: its own cookie (the session) and CSRF token, from GET / (on a group's port)."""
        port = self.ports[i % len(self.ports)]
        conn = Conn(port, self.ctx)
        async with self.gate:
            status, headers, body = await conn.request("GET", "/", {})
        cookie = "; ".join(c.split(";", 1)[0] for c in headers.get("set-cookie", "").split("\n")
                           if c)
        m = TOKEN.search(body.decode())
        if status != 200 or not m:
            raise SystemExit(f"GET / answered {status} without a CSRF token")
        return {"conn": conn, "cookie": cookie, "token": m.group(1), "seen": {}, "held": False,
                "port": port}

    async def stream(self, code: str, p: dict) -> None:
        """Hold the phone's event stream; note when each new version first arrives."""
        seen: dict[int, float] = p["seen"]
        top = -1
        while not self.stop.is_set():
            conn = Conn(p["port"], self.ctx)
            try:
                async with self.gate if not p["held"] else _nothing():
                    status, headers = await conn.head(
                        "GET", f"/t/{code}/events",
                        {"Cookie": p["cookie"], "Accept": "text/event-stream"})
                if status != 200:
                    self.error(f"stream {status}")
                    conn.close()
                    await asyncio.sleep(1)
                    continue
                p["held"] = True
                buf = b""
                while chunk := await conn.chunk():
                    now = time.perf_counter()
                    buf += chunk
                    while b"\n\n" in buf:
                        event, buf = buf.split(b"\n\n", 1)
                        for line in event.split(b"\n"):
                            if line.startswith(b"data: "):
                                v = json.loads(line[6:])["version"]
                                if v > top:
                                    top = v
                                    seen[v] = now
                if not self.stop.is_set():
                    self.error("stream ended")
            except (OSError, asyncio.IncompleteReadError, ValueError, ssl.SSLError):
                if not self.stop.is_set():
                    self.error("stream dropped")
            finally:
                conn.close()

    async def edit(self, code: str, p: dict, version: int, age: int) -> int:
        """One edit as the interaction layer sends it; re-sent with its nonce if the line drops."""
        nonce = secrets.token_hex(8)
        body = (f"op=player.age&index=0&age={age}&v={version}&nonce={nonce}"
                f"&csrf_token={p['token']}").encode()
        headers = {"Cookie": p["cookie"], "HX-Request": "true", "X-Interact": "1",
                   "Content-Type": "application/x-www-form-urlencoded"}
        started = time.perf_counter()
        for _ in range(3):
            try:
                status, found, _ = await p["conn"].request("POST", f"/t/{code}/edit", headers,
                                                           body)
                break
            except (OSError, asyncio.IncompleteReadError, ssl.SSLError):
                p["conn"].close()  # Caddy closed an idle line: the same nonce again
                self.retries += 1
        else:
            self.error("edit unanswered")
            return version
        if status != 200 or found.get("x-error") == "1" or "x-seq" not in found:
            self.error(f"edit {status}{' refused' if found.get('x-error') == '1' else ''}")
            return int(found.get("x-version") or version)
        self.edits.append((time.perf_counter() - started) * 1000)
        new = int(found["x-version"])
        return new

    async def table(self, code: str, version: int) -> None:
        """Edits every PERIOD s, each from the table's next phone, on a fixed schedule."""
        phones = self.phones[code]
        await asyncio.sleep(secrets.randbelow(int(self.period * 1000)) / 1000)
        due, k = time.perf_counter(), 0
        while not self.stop.is_set():
            sender = k % len(phones)
            at = time.perf_counter()
            new = await self.edit(code, phones[sender], version, 20 + k % 60)
            if new > version:
                self.sent.append((code, sender, new, at))
            version, k = new, k + 1
            due += self.period
            try:
                await asyncio.wait_for(self.stop.wait(), max(0.0, due - time.perf_counter()))
            except TimeoutError:
                pass

    def pushes(self) -> tuple[list[float], int]:
        """Edit sent -> its version on each other phone's stream (ms); how many never came."""
        took, missed = [], 0
        for code, sender, version, at in self.sent:
            for i, p in enumerate(self.phones[code]):
                if i == sender:
                    continue
                arrived = [t for v, t in p["seen"].items() if v >= version]
                if arrived:
                    took.append((min(arrived) - at) * 1000)
                else:
                    missed += 1
        return took, missed


class _nothing:
    async def __aenter__(self):
        return None

    async def __aexit__(self, *_):
        return None


def cpu_of(pid: int) -> float:
    """CPU seconds of a process, its live descendants and the children it has reaped."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    times: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        n = int(stat.parent.name)
        parents[n] = int(fields[1])
        times[n] = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    total = 0
    for n, t in times.items():
        m = n
        while m and m != pid:
            m = parents.get(m, 0)
        if m == pid:
            total += t
    return total / tick


async def measure(stacks: list[hosted.Stack], codes: list[str], per: int, seconds: float,
                  period: float) -> tuple[Run, dict[str, float], float]:
    ctx = ssl.create_default_context()
    for s in stacks:
        ctx.load_verify_locations(str(s.ca))
    run = Run([s.port for s in stacks], ctx, codes, per, period)
    t0 = time.perf_counter()
    for code in codes:
        run.phones[code] = await asyncio.gather(*(run.phone(code, i) for i in range(per)))
    streams = [asyncio.create_task(run.stream(c, p)) for c in codes for p in run.phones[c]]
    n = len(codes) * per
    while sum(p["held"] for c in codes for p in run.phones[c]) < n:
        if time.perf_counter() - t0 > 300:
            raise SystemExit("the streams were not all held within 300 s")
        await asyncio.sleep(0.2)
    print(f"   {n} phones ready, their streams held, in {time.perf_counter() - t0:.0f} s; "
          f"errors so far {run.errors or 0}", flush=True)
    run.errors.clear()
    await asyncio.sleep(2)
    pids = {"app": [s.app.pid for s in stacks], "caddy": [s.caddy.pid for s in stacks],
            "postgres": [s.postgres.proc.pid for s in stacks if s.postgres]}
    before = {k: sum(map(cpu_of, v)) for k, v in pids.items() if v}
    own = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    tables = [asyncio.create_task(run.table(c, 1)) for c in codes]
    await asyncio.sleep(seconds)
    run.stop.set()
    await asyncio.gather(*tables)
    took = time.perf_counter() - started
    await asyncio.sleep(2)  # the last edits' pushes
    cpu = {k: (sum(map(cpu_of, pids[k])) - v) / took for k, v in before.items()}
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu["load generator"] = (after.ru_utime + after.ru_stime - own.ru_utime - own.ru_stime) / took
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    for c in codes:
        for p in run.phones[c]:
            p["conn"].close()
    return run, cpu, took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60, help="how long edits are sent")
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--phones", type=int, default=5, help="phones per table")
    ap.add_argument("--period", type=float, default=5.0, help="seconds between a table's edits")
    ap.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS") or 2),
                    help="app processes per group")
    ap.add_argument("--groups", type=int, default=1, help="process groups (a gunicorn and a "
                    "Caddy each, as a second machine would be) on one PostgreSQL; a table's "
                    "phones are spread over them")
    args = ap.parse_args()
    if not 1 <= args.tables <= 1000 or not 2 <= args.phones <= 10 or args.seconds > 1800 \
            or not 1 <= args.groups <= 4:
        raise SystemExit("bounded: 1-1000 tables, 2-10 phones each, 1-4 groups, at most 1800 s")
    more_files(16384)
    n = args.tables * args.phones
    held = os.environ.get("PUSH_MAX_HELD") or str(max(500, n // (args.workers * args.groups) * 2))
    folder = Path(tempfile.mkdtemp(prefix="hosted-load-"))
    env = {**os.environ, "WORKERS": str(args.workers), "SITE_ADDRESS": "localhost",
           "ASSISTANT_INSTANCE": str(folder), "PUSH_MAX_HELD": held,
           "SECRET_KEY": secrets.token_hex(16)}
    print(f"machine: {os.cpu_count()} cores, load {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
          f"; {time.strftime('%Y-%m-%d %H:%M %Z')}")
    print(f"stack: {args.groups} x [Caddy (tls internal) -> gunicorn {args.workers} uvicorn "
          f"workers] "
          f"(PUSH_MAX_HELD={held} each) -> PostgreSQL; {args.tables} tables x {args.phones} "
          f"phones, an edit per table every {args.period:g} s for {args.seconds:g} s")
    stacks: list[hosted.Stack] = []
    try:
        for g in range(args.groups):
            stack = hosted.Stack({**env, "HOSTED_PORT": str(devenv.free_port())},
                                 devenv.pg_bindir(devenv.System()), folder=folder / f"hosted{g}",
                                 say=lambda *a, **k: None)
            stacks.append(stack)
            stack.start()
            env["DATABASE_URL"] = stack.env["DATABASE_URL"]  # the next group: the same database
        from assistant.store import Store

        store = Store(env["DATABASE_URL"])
        codes = []
        for _ in range(args.tables):
            t = store.create_table("kitsune")
            store.append(t.code, "players.add", {"name": "Ala"}, base=t.version)
            codes.append(t.code)
        store.dispose()
        run, cpu, took = asyncio.run(measure(stacks, codes, args.phones, args.seconds,
                                             args.period))
    finally:
        for stack in reversed(stacks):
            stack.stop()
    pushes, missed = run.pushes()
    if missed:
        run.errors["change never reached a phone"] = missed
    errors = sum(run.errors.values())
    ok = {"edit": pct(run.edits, 95) <= GOALS["edit"], "push": pct(pushes, 95) <= GOALS["push"]}
    print(f"   edit answered      n={len(run.edits):<5} p50 {pct(run.edits, 50):6.1f}  "
          f"p95 {pct(run.edits, 95):6.1f}  max {max(run.edits, default=0):6.1f} ms   "
          f"(goal p95 <= 150: {'met' if ok['edit'] else 'MISSED'})")
    print(f"   change -> 4 phones n={len(pushes):<5} p50 {pct(pushes, 50):6.1f}  "
          f"p95 {pct(pushes, 95):6.1f}  max {max(pushes, default=0):6.1f} ms   "
          f"(goal p95 <= 250: {'met' if ok['push'] else 'MISSED'})")
    print(f"   errors: {errors} {run.errors or ''} (edits re-sent on a dropped line: "
          f"{run.retries})")
    server = sum(v for k, v in cpu.items() if k != "load generator")
    print("   CPU over the run, % of one core: " + ", ".join(
        f"{k} {v * 100:.1f}" for k, v in cpu.items()))
    print(f"   CPU per 100 phones (app + Caddy + PostgreSQL): {server * 100 / (n / 100):.1f} % of "
          f"one core; {server * 100:.0f} % for {n} phones over {took:.0f} s")
    print(f"   load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
