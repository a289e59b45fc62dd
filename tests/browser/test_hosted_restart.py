"""A rolling restart (SIGHUP to gunicorn) through the real stack while 8 phones tap and hold
their streams. Its own stack: after a HUP, gunicorn here did not replace a worker killed later
(test_hosted.py's kill test), so the two never share one."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import urllib.parse
import urllib.request

from tests.browser import test_hosted
from tests.browser.test_hosted import Phone, kitsune_with_ala, logged_once, worker_pids

stack = test_hosted.stack  # the same fixture, its own instance for this module


# -- a rolling restart (SIGHUP) while 8 phones tap ------------------------------------------
class Stream(threading.Thread):
    """A phone's event stream over HTTPS: when each version first arrived; on a cut line it
    polls once and opens a stream again after a second, as static/js/live.js does."""

    def __init__(self, stack, code: str):
        super().__init__(daemon=True)
        self.stack, self.code = stack, code
        self.seen: dict[int, float] = {}
        self.drops = 0
        self.done = threading.Event()

    def run(self):
        import http.client

        top = -1
        while not self.done.is_set():
            conn = http.client.HTTPSConnection("localhost", self.stack.port, timeout=30,
                                               context=self.stack.context())
            try:
                conn.request("GET", f"/t/{self.code}/events")
                r = conn.getresponse()
                while not self.done.is_set() and (line := r.readline()):
                    if line.startswith(b"data: "):
                        v = json.loads(line[6:])["version"]
                        if v > top:
                            top = v
                            self.seen[v] = time.monotonic()
            except (OSError, http.client.HTTPException, ValueError):
                pass
            finally:
                conn.close()
            if self.done.is_set():
                return
            # Cut, as live.js does: poll once now, and open a stream again after a second.
            self.drops += 1
            top = max(top, self.poll())
            self.done.wait(1.0)

    def poll(self) -> int:
        """The table's version by /t/<code>/poll (noted like an event); -1 when it fails."""
        try:
            with urllib.request.urlopen(f"{self.stack.url}t/{self.code}/poll", timeout=10,
                                        context=self.stack.context()) as r:
                v = json.loads(r.read())["version"]
        except (OSError, ValueError, KeyError):
            return -1
        self.seen.setdefault(v, time.monotonic())
        return v

    def lag(self, version: int, at: float) -> float:
        """How long after `at` this phone first held `version` (or a later one)."""
        return min((t for v, t in self.seen.items() if v >= version), default=float("inf")) - at


def test_a_rolling_restart_drops_and_doubles_no_tap(stack):
    phones = [Phone(stack) for _ in range(8)]
    code = kitsune_with_ala(stack, phones[0])
    streams = [Stream(stack, code) for _ in phones]
    for s in streams:
        s.start()
    time.sleep(1.0)
    before = set(worker_pids(stack.app.pid))
    assert len(before) == 2
    answered: list[tuple[int, float]] = []  # (version, when) of every acknowledged edit

    def play(p, i):
        v = 1
        for n in range(40):
            v = p.edit(code, v, 20 + (i * 40 + n) % 60)
            answered.append((v, time.monotonic()))
            time.sleep(0.1)

    threads = [threading.Thread(target=play, args=(p, i)) for i, p in enumerate(phones)]
    for t in threads:
        t.start()
    time.sleep(1.0)
    os.kill(stack.app.pid, signal.SIGHUP)  # gunicorn: new workers, the old ones stop gracefully
    hup = time.monotonic()
    for t in threads:
        t.join(120)
    # The old workers finish their held streams (up to gunicorn's --graceful-timeout, 10 s);
    # those phones come back on the new ones.
    deadline = time.monotonic() + 30
    while (after := set(worker_pids(stack.app.pid))) & before and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(2.0)
    for s in streams:
        s.done.set()
    assert len(after) == 2 and not after & before  # every worker was replaced
    acked = {n: s for p in phones for n, s in p.acked.items()}
    assert sum(len(p.gaps) for p in phones) == 8 * 40  # every tap answered (applied or refused)
    seqs = logged_once(code)
    assert {n: seqs.get(n) for n in acked} == acked  # no acknowledged tap lost
    slowest_tap = max(max(p.gaps) for p in phones)
    lags = [s.lag(v, at) for s in streams for v, at in answered]
    print(f"\nrolling restart: {len(acked)} taps applied of {8 * 40}; slowest tap answered in "
          f"{slowest_tap:.2f} s; phones in step again within {max(lags):.2f} s "
          f"(stream drops {sum(s.drops for s in streams)})")
    assert max(lags) < 2.0, sorted(((round(s.lag(v, at), 2), i, v, round(at - hup, 2))
                                    for i, s in enumerate(streams) for v, at in answered),
                                   reverse=True)[:8]
    assert slowest_tap < 2.0
