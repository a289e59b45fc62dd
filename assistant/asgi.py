"""The server's one entry point (uvicorn): live push held asynchronously, the rest in Flask.

A tiny ASGI dispatcher. `GET /t/<code>/events` is a Server-Sent Events stream that waits on
the store's announcer, bridged into the event loop: it takes no thread however many phones
hold one. `GET /clock` answers the server's clock at once (phones sample it for the timer).
Everything else goes to the Flask app through a2wsgi with a bounded thread pool, so taps and
pages always find a worker. Held streams are capped per process (PUSH_MAX_HELD): beyond the
cap a phone gets a 503 and polls `/t/<code>/poll` once a second until it tries again.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import re
import socket
import time
from collections import OrderedDict
from typing import Any

import uvicorn
from a2wsgi import WSGIMiddleware
from flask import Flask

from assistant import create_app
from assistant.store import TableNotFound

EVENTS = re.compile(r"/t/([A-Za-z0-9-]{1,20})/events")
POLL = re.compile(r"/t/([A-Za-z0-9-]{1,20})/poll")
KNOWN = 20_000  # tables whose latest announced version the loop remembers (for polls' 304)
HEARTBEAT_S = 20.0   # an event at least this often: proxies keep the line, phones see it alive
LIFETIME_S = 600.0   # a stream ends after this; the phone reconnects (a half-dead line goes)
THREADS = 8          # Flask's worker threads (taps, pages, polls)
JSON = [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]


def own_context(wsgi_app: Any) -> Any:
    """`wsgi_app` run in a context of its own for each request.

    a2wsgi runs each request in a copy of its asyncio task's context, and that context can hold
    an earlier request's: when an upload fills uvicorn's buffer (a photo), a2wsgi's thread asks
    the loop for more body, the loop's reader is re-armed from that thread's context, and every
    later request on the same connection starts in it (python/cpython#140947). Flask then found
    the upload's application context still current and reused it: one `g` (the language
    Flask-Babel keeps there, the Liski symbol words) for every later request on that connection,
    which behind a proxy is every phone's."""
    def call(environ: dict, start_response: Any) -> Any:
        return contextvars.Context().run(wsgi_app, environ, start_response)
    return call


def server_ms() -> float:
    """The server's wall clock in ms, to a hundredth (phones compare theirs to it)."""
    return round(time.time() * 1000, 2)


class Hub:
    """The announcer's news in the event loop: one asyncio.Event per held stream."""

    def __init__(self) -> None:
        self.lines: dict[str, set[asyncio.Event]] = {}
        self.versions: dict[str, int] = {}
        # Every table announced lately (held or not): a poll whose ETag names this version
        # is answered 304 in the loop, so phones that fell back to polling take no thread.
        self.known: OrderedDict[str, int] = OrderedDict()

    def publish(self, code: str, version: int) -> None:
        """Table `code` is at `version`: wake its streams (runs in the loop)."""
        if version > self.known.get(code, -1):
            self.known[code] = version
            self.known.move_to_end(code)
            while len(self.known) > KNOWN:
                self.known.popitem(last=False)
        if version > self.versions.get(code, -1):
            self.versions[code] = version
        for line in self.lines.get(code, ()):
            line.set()

    def join(self, code: str) -> asyncio.Event:
        """A new stream's wake-up Event."""
        line = asyncio.Event()
        self.lines.setdefault(code, set()).add(line)
        return line

    def leave(self, code: str, line: asyncio.Event) -> None:
        """A stream ended."""
        lines = self.lines.get(code)
        if lines is not None:
            lines.discard(line)
            if not lines:
                del self.lines[code]
                self.versions.pop(code, None)


class Push:
    """The ASGI app: events and clock here, the rest to Flask."""

    def __init__(self, flask_app: Flask, max_held: int | None = None,
                 threads: int = THREADS) -> None:
        self.flask = flask_app
        self.wsgi = WSGIMiddleware(own_context(flask_app), workers=threads)
        self.store = flask_app.extensions["store"]
        self.max_held = int(max_held if max_held is not None
                            else flask_app.config.get("PUSH_MAX_HELD", 500))
        self.heartbeat_s = float(flask_app.config.get("PUSH_HEARTBEAT_S", HEARTBEAT_S))
        self.lifetime_s = float(flask_app.config.get("PUSH_LIFETIME_S", LIFETIME_S))
        self.hub = Hub()
        self.held = 0
        self.refused = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._unsubscribe: Any = None

    def _bridge(self) -> None:
        """Subscribe to the store's announcer once, from inside the running loop."""
        loop = asyncio.get_running_loop()
        if self._loop is loop:
            return
        if self._unsubscribe:
            self._unsubscribe()
        self._loop = loop

        def heard(code: str, version: int) -> None:
            if not loop.is_closed():
                loop.call_soon_threadsafe(self.hub.publish, code, version)

        self._unsubscribe = self.store.announcer.subscribe(heard)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            return await self._lifespan(receive, send)
        if scope["type"] == "http" and scope["method"] == "GET":
            self._bridge()
            if scope["path"] == "/clock":
                return await self._answer(send, 200, {"server_ms": server_ms()})
            m = EVENTS.fullmatch(scope["path"])
            if m:
                return await self._events(scope, receive, send, m.group(1))
            m = POLL.fullmatch(scope["path"])
            if m and self._unchanged(scope, m.group(1)):
                return await self._not_modified(send, m.group(1))
        await self.wsgi(scope, receive, send)

    async def _lifespan(self, receive: Any, send: Any) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self._bridge()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self._unsubscribe:
                    self._unsubscribe()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _unchanged(self, scope: dict, code: str) -> bool:
        """A poll whose ETag names the version this process last heard of for the table."""
        version = self.hub.known.get(code)
        if version is None:
            return False
        etag = dict(scope.get("headers") or []).get(b"if-none-match", b"")
        return etag == f'"v{version}"'.encode()

    async def _not_modified(self, send: Any, code: str) -> None:
        """304 as the Flask poll answers it (assistant/web/tables.py), without a thread."""
        await send({"type": "http.response.start", "status": 304, "headers": [
            (b"etag", f'"v{self.hub.known[code]}"'.encode()), (b"cache-control", b"no-cache"),
            (b"x-server-ms", str(int(server_ms())).encode()),
            (b"access-control-expose-headers", b"X-Server-Ms")]})
        await send({"type": "http.response.body", "body": b""})

    @staticmethod
    async def _answer(send: Any, status: int, body: dict, headers: list | None = None) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": JSON + (headers or [])})
        await send({"type": "http.response.body", "body": json.dumps(body).encode()})

    async def _events(self, scope: dict, receive: Any, send: Any, code: str) -> None:
        """One phone's stream: its table's version now, then on every change; a heartbeat."""
        if self.held >= self.max_held:
            self.refused += 1
            return await self._answer(send, 503, {"error": "push is full: poll"},
                                      [(b"retry-after", b"30")])
        self.held += 1
        line = self.hub.join(code)  # before reading the version: no append slips between
        try:
            try:
                version = await asyncio.to_thread(self.store.version, code)
            except TableNotFound:
                # Flask answers it (a 404, and counts it against guessing codes).
                return await self.wsgi(scope, receive, send)
            await self._stream(receive, send, code, line, version)
        finally:
            self.hub.leave(code, line)
            self.held -= 1

    async def _stream(self, receive: Any, send: Any, code: str, line: asyncio.Event,
                      version: int) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", b"text/event-stream"), (b"cache-control", b"no-store"),
            (b"x-accel-buffering", b"no"), (b"x-content-type-options", b"nosniff")]})
        gone = asyncio.Event()

        async def watch() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            gone.set()
            line.set()

        watcher = asyncio.create_task(watch())
        sent = -1
        ends = time.monotonic() + self.lifetime_s
        quiet = False  # the last wait ended with no news: a heartbeat is due
        try:
            await self._send(send, "retry: 1000\n")
            while not gone.is_set() and time.monotonic() < ends:
                # Cleared before the version is read, never after a send: a publish that lands
                # while a slow reader holds the write (uvicorn awaits the drain) must still
                # wake the wait below, or the phone hears of it a heartbeat late.
                line.clear()
                version = max(version, self.hub.versions.get(code, -1))
                if version != sent:
                    await self._send(send, self._event("version", version))
                    sent = version
                elif quiet:
                    await self._send(send, self._event("hb", version))
                try:
                    await asyncio.wait_for(line.wait(), self.heartbeat_s)
                    quiet = False
                except TimeoutError:
                    quiet = True
        except OSError:
            pass  # the phone went away while we wrote
        finally:
            watcher.cancel()

    @staticmethod
    def _event(name: str, version: int) -> str:
        data = json.dumps({"version": version, "server_ms": server_ms()})
        return f"event: {name}\ndata: {data}\n\n"

    @staticmethod
    async def _send(send: Any, text: str) -> None:
        await send({"type": "http.response.body", "body": text.encode(), "more_body": True})


def listen(host: str, port: int) -> socket.socket:
    """A listening socket whose connections notice a phone that vanished (Wi-Fi lost, asleep)
    within about 15 s: TCP keepalive probes after 5 s idle, 3 s apart, 3 of them; unacked data
    gives up after 15 s. Linux hands these options to every accepted connection."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for name, value in (("TCP_KEEPIDLE", 5), ("TCP_KEEPINTVL", 3), ("TCP_KEEPCNT", 3),
                        ("TCP_USER_TIMEOUT", 15000)):
        if hasattr(socket, name):  # Linux; elsewhere the heartbeat and LIFETIME_S do it
            sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, name), value)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def more_files(want: int = 8192) -> None:
    """Raise this process's open-file limit (each held stream is a socket) as far as allowed."""
    try:
        import resource  # POSIX only: on Windows there is no such limit to raise
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < want:
        top = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, top), hard))


def server(app: Any, **options: Any) -> Any:
    """A uvicorn Server for the app (run it with `.run(sockets=[listen(...)])`)."""
    options = {"log_level": "warning", "access_log": False, "lifespan": "on",
               "timeout_keep_alive": 5, "timeout_graceful_shutdown": 2, **options}
    return uvicorn.Server(uvicorn.Config(app, **options))


def build(config: dict[str, Any] | None = None, **kwargs: Any) -> Push:
    """The ASGI app around a fresh Flask app (`config` as for create_app)."""
    return Push(create_app(config), **kwargs)


def __getattr__(name: str) -> Any:
    """`assistant.asgi:app` for uvicorn: built on first use with the default configuration."""
    if name == "app":
        globals()["app"] = build()
        return globals()["app"]
    raise AttributeError(name)
