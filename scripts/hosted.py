"""`make hosted`: Caddy (HTTPS) in front of WORKERS app processes on PostgreSQL, in the foreground.

Standard library only (it runs with the system's python3, like devenv.py). Environment:
    SITE_ADDRESS  localhost (default: Caddy's local CA), an IP, or a domain (Let's Encrypt)
    HOSTED_PORT   the HTTPS port (default 8443)
    WORKERS       app processes (default 2): gunicorn with uvicorn workers on assistant.asgi:app
    DATABASE_URL  PostgreSQL (unset: a throwaway server, deleted when this stops)
    HOSTED_CHECK  1: start, wait for /healthz over HTTPS, print it, stop (also `--check`)
Ctrl-C or SIGTERM stops everything it started. Stack is what the tests drive.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devenv  # noqa: E402
from devenv import ROOT, VENV, Postgres, Stop, free_port, step  # noqa: E402

DEPLOY = ROOT / "deploy"
GLOBAL_OPTIONS = """{{
	admin off
	auto_https disable_redirects
	skip_install_trust
	storage file_system {storage}
}}
import {site}
"""


def https_get(host: str, port: int, path: str, ctx: ssl.SSLContext, name: str,
              timeout: float = 5) -> tuple[int, dict[str, str], bytes]:
    """GET over HTTPS from `host`:`port`, with `name` as the TLS server name and Host."""
    with socket.create_connection((host, port), timeout=timeout) as raw, \
            ctx.wrap_socket(raw, server_hostname=name) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {name}:{port}\r\nConnection: close\r\n\r\n"
                  .encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, body


class Stack:
    """PostgreSQL (given or throwaway), gunicorn with WORKERS uvicorn workers, and Caddy."""

    def __init__(self, env: dict[str, str], pg_bindir: str | None = None,
                 folder: Path | None = None, say=print):
        self.env = dict(env)
        self.site = self.env.get("SITE_ADDRESS") or "localhost"
        self.port = int(self.env.get("HOSTED_PORT") or 8443)
        self.workers = int(self.env.get("WORKERS") or 2)
        self.instance = Path(self.env.get("ASSISTANT_INSTANCE") or ROOT / "instance")
        self.folder = folder or self.instance / "hosted"  # logs, Caddy's certificates and CA
        self.pg_bindir = pg_bindir
        self.say = say
        self.postgres: Postgres | None = None
        self.app: subprocess.Popen | None = None
        self.caddy: subprocess.Popen | None = None
        self.app_port = 0

    @property
    def url(self) -> str:
        return f"https://{self.site}:{self.port}/"

    @property
    def ca(self) -> Path:
        """Caddy's local root certificate (for localhost or an IP): what a phone may trust."""
        return self.folder / "caddy" / "pki" / "authorities" / "local" / "root.crt"

    def start(self) -> None:
        """Start the three, in order, and wait until /healthz answers through Caddy."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if not self.env.get("DATABASE_URL"):
            self.postgres = Postgres(self.pg_bindir)
            with step("Starting a throwaway PostgreSQL (its data goes when this stops; set "
                      "DATABASE_URL to keep it)", self.say):
                self.env["DATABASE_URL"] = self.postgres.start()
        self.env.setdefault("ASSISTANT_INSTANCE", str(self.instance))
        with step("Preparing the database (assistant migrate)", self.say):
            r = subprocess.run([str(VENV / "bin" / "assistant"), "migrate"], env=self.env,
                               cwd=ROOT, capture_output=True, text=True)
            if r.returncode:
                raise Stop(f"assistant migrate failed: {(r.stderr or r.stdout).strip()[-300:]}")
        self.app_port = int(self.env.get("APP_PORT") or free_port())
        with step(f"Starting {self.workers} app processes (gunicorn, uvicorn workers) on "
                  f"127.0.0.1:{self.app_port}; log {self.folder / 'app.log'}", self.say):
            self.app = self._spawn([
                str(VENV / "bin" / "gunicorn"), "assistant.asgi:app",
                "--worker-class", "assistant.worker.Worker", "--workers", str(self.workers),
                "--bind", f"127.0.0.1:{self.app_port}", "--graceful-timeout", "10",
                "--timeout", "60", "--forwarded-allow-ips", "127.0.0.1",
            ], "app.log")
        with step("Waiting for the app processes' /healthz", self.say):
            self.wait_app()
        config = self.folder / "Caddyfile"
        config.write_text(GLOBAL_OPTIONS.format(storage=self.folder / "caddy",
                                                site=DEPLOY / "Caddyfile"))
        self.env.update(SITE_ADDRESS=self.site, HOSTED_PORT=str(self.port),
                        APP_UPSTREAM=f"127.0.0.1:{self.app_port}",
                        ACCESS_LOG=str(self.folder / "access.log"))
        with step(f"Starting Caddy on https://{self.site}:{self.port}; log "
                  f"{self.folder / 'caddy.log'}", self.say):
            self.caddy = self._spawn([devenv.CADDY, "run", "--config", str(config),
                                      "--adapter", "caddyfile"], "caddy.log")
        with step("Waiting for /healthz through Caddy", self.say):
            self.wait_healthy()

    def _spawn(self, argv: list[str], log_name: str) -> subprocess.Popen:
        with open(self.folder / log_name, "ab") as log:
            return subprocess.Popen(argv, env=self.env, cwd=ROOT, stdin=subprocess.DEVNULL,
                                    stdout=log, stderr=log, start_new_session=True,
                                    preexec_fn=devenv._die_with_parent)

    def context(self) -> ssl.SSLContext:
        """TLS that trusts Caddy's local CA (localhost, an IP) or the system's (a domain)."""
        ctx = ssl.create_default_context()
        if self.ca.exists():
            ctx.load_verify_locations(str(self.ca))
        return ctx

    def health(self) -> dict:
        """/healthz through Caddy, over HTTPS with the certificate checked."""
        status, _, body = https_get("127.0.0.1", self.port, "/healthz", self.context(), self.site)
        return {"status": status, **json.loads(body or b"{}")}

    def wait_healthy(self, timeout: float = 90) -> dict:
        end = time.monotonic() + timeout
        last = ""
        while time.monotonic() < end:
            for name, proc in (("gunicorn", self.app), ("caddy", self.caddy)):
                if proc and proc.poll() is not None:
                    raise Stop(f"{name} exited ({proc.returncode}): {self.tail(name)}")
            try:
                answer = self.health()
                if answer.get("ok"):
                    return answer
                last = str(answer)
            except (OSError, ValueError) as exc:  # not listening yet, no certificate yet
                last = str(exc)
            time.sleep(0.3)
        raise Stop(f"no healthy answer from {self.url}healthz in {timeout:.0f} s: {last}")

    def wait_app(self, timeout: float = 90) -> None:
        """Until the app answers /healthz itself (so Caddy's first health check passes)."""
        import urllib.request

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.app.poll() is not None:
                raise Stop(f"gunicorn exited ({self.app.returncode}): {self.tail('gunicorn')}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.app_port}/healthz",
                                            timeout=5) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise Stop(f"the app processes did not answer in {timeout:.0f} s: {self.tail('gunicorn')}")

    def tail(self, name: str) -> str:
        path = self.folder / ("app.log" if name == "gunicorn" else "caddy.log")
        try:
            return " | ".join(path.read_text(errors="replace").strip().splitlines()[-3:])
        except OSError:
            return ""

    def stop(self) -> None:
        """Stop Caddy, the app processes (gracefully), then a throwaway PostgreSQL."""
        for proc in (self.caddy, self.app):
            if proc and proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in (self.caddy, self.app):
            if proc:
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        if self.postgres:
            self.postgres.stop()


def main(args: list[str], plan: devenv.Plan) -> int:
    """Start, print the address, run until Ctrl-C / SIGTERM (or only check, with --check)."""
    check = "--check" in args or os.environ.get("HOSTED_CHECK") == "1"
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, devenv._interrupt)
    stack = Stack(dict(os.environ), plan.pg_bindir)
    try:
        stack.start()
        print(f"==> The companion is served at {stack.url} (healthz: {stack.health()})")
        if stack.ca.exists() and stack.site != "localhost":
            print(f"    Phones trust it once they trust Caddy's local CA: {stack.ca}")
        if check:
            return 0
        print("    Ctrl-C stops it all.", flush=True)
        while True:
            for name, proc in (("gunicorn", stack.app), ("caddy", stack.caddy)):
                if proc.poll() is not None:
                    raise Stop(f"{name} exited ({proc.returncode}): {stack.tail(name)}")
            time.sleep(0.5)
    except KeyboardInterrupt:
        return 0
    except Stop as e:
        print(f"make: {e}", file=sys.stderr)
        return 1
    finally:
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):  # a second signal: stop anyway
            signal.signal(sig, signal.SIG_IGN)
        with step("Stopping Caddy, the app processes and a throwaway PostgreSQL"):
            stack.stop()
