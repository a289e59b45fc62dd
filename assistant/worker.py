"""gunicorn's worker for assistant.asgi:app: uvicorn's, handing over gently on a restart."""

from __future__ import annotations

import signal
import sys
import threading

from gunicorn.arbiter import Arbiter
from uvicorn import Server
from uvicorn_worker import UvicornWorker

LINGER_S = 2.0  # a stopping worker still takes taps this long: its successor is booting
STREAMS_END_S = 3  # then its held event streams are cut after this (their phones reconnect)
KEEP_ALIVE_S = 75  # an idle connection from Caddy is closed after this (Caddy's own: 60 s)


class LingeringServer(Server):
    """uvicorn's Server that, on SIGTERM, keeps accepting for LINGER_S before it stops."""

    lingering = False

    def handle_exit(self, sig, frame) -> None:
        if sig == signal.SIGTERM and not self.should_exit and not self.lingering:
            self.lingering = True
            timer = threading.Timer(LINGER_S, super().handle_exit, (sig, frame))
            timer.daemon = True
            timer.start()
            return
        super().handle_exit(sig, frame)


class Worker(UvicornWorker):
    """A rolling restart (SIGHUP to gunicorn) starts new workers and sends SIGTERM to the old
    ones at once; a new one needs about a second to import the app. So an old worker takes taps
    for LINGER_S more (none waits in the socket's backlog meanwhile), then stops accepting,
    finishes its taps and cuts its event streams after STREAMS_END_S: their phones poll once and
    reconnect to the new workers, and the old worker is gone in seconds, not when its last
    stream's LIFETIME_S (10 min) ends."""

    # An idle connection from Caddy is kept longer than Caddy keeps it (deploy/Caddyfile's
    # `keepalive`): else the app closes it (gunicorn's default: after 2 s) just as Caddy sends
    # a tap on it, and the phone gets a 502 for a tap the app never saw.
    CONFIG_KWARGS = {**UvicornWorker.CONFIG_KWARGS, "timeout_graceful_shutdown": STREAMS_END_S,
                     "timeout_keep_alive": KEEP_ALIVE_S}

    async def _serve(self) -> None:
        self.config.app = self.wsgi
        server = LingeringServer(config=self.config)
        self._install_sigquit_handler()
        await server.serve(sockets=self.sockets)
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)
