"""The hosted app keeps an idle connection from Caddy open longer than Caddy keeps it.

Found by a browser test that failed once in three runs (test_hosted_processes): gunicorn's
default keep-alive (2 s) closed Caddy's idle connection to the app just as Caddy sent a tap on
it, so Caddy answered that tap 502 ("write: broken pipe") and the app never saw it. Caddy must
close an idle connection first: its `keepalive` is shorter than the worker's."""

from __future__ import annotations

import http.client
import re
import subprocess
import sys
import time
from pathlib import Path

from assistant import worker
from scripts.devenv import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_caddy_closes_an_idle_connection_before_the_app_does():
    caddy = (ROOT / "deploy" / "Caddyfile").read_text()
    m = re.search(r"transport http \{\s*keepalive (\d+)s", caddy)
    assert m, "deploy/Caddyfile sets no keepalive for its connections to the app"
    assert int(m.group(1)) < worker.KEEP_ALIVE_S


def test_the_worker_keeps_an_idle_connection_open(tmp_path):
    port = free_port()
    gunicorn = Path(sys.executable).parent / "gunicorn"
    app = subprocess.Popen(
        [str(gunicorn), "assistant.asgi:app", "--worker-class", "assistant.worker.Worker",
         "--workers", "1", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT, env={"PATH": "/usr/bin:/bin", "ASSISTANT_INSTANCE": str(tmp_path),
                       "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        end = time.monotonic() + 60
        while True:
            try:
                conn.request("GET", "/clock")
                first = conn.getresponse()
                first.read()
                break
            except OSError:
                conn.close()
            assert time.monotonic() < end, "the app did not start"
            time.sleep(0.2)
        assert first.status == 200
        sock = conn.sock
        time.sleep(3)  # idle longer than gunicorn's own keep-alive (2 s)
        conn.request("GET", "/clock")  # on the same connection: raises if the app closed it
        again = conn.getresponse()
        again.read()
        assert again.status == 200 and conn.sock is sock
    finally:
        conn.close()
        app.terminate()
        app.wait(20)
