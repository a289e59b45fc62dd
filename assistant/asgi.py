"""PROVISIONAL stand-in (issue 25's branch): the ASGI app that `make hosted` serves with
uvicorn workers. The push issue (24) replaces this module with its own (held SSE
connections, Flask behind a WSGI adapter); keep `app` as the name."""

from __future__ import annotations

from a2wsgi import WSGIMiddleware

from assistant import create_app

app = WSGIMiddleware(create_app(), workers=16)
