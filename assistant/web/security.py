"""CSRF tokens, the device id of each phone, and the security headers of every answer."""

from __future__ import annotations

import hmac
import math
import secrets

from flask import Flask, abort, request, session

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}

CSP = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'; manifest-src 'self'"
)


def csrf_token() -> str:
    """The session's CSRF token (made on first use)."""
    if CSRF_FIELD not in session:
        session[CSRF_FIELD] = secrets.token_urlsafe(24)
    return session[CSRF_FIELD]


def device_id() -> str:
    """A short random id per phone, to say who made an edit."""
    if "device" not in session:
        session["device"] = secrets.token_hex(2)
    return session["device"]


def init_security(app: Flask) -> None:
    """Check CSRF on every state-changing page request; add security headers everywhere."""

    @app.before_request
    def _check_size() -> None:
        # Refuse a huge body before anything reads it (form parsing would hide the cause).
        limit = app.config.get("MAX_CONTENT_LENGTH")
        if limit and (request.content_length or 0) > limit:
            abort(413)

    @app.before_request
    def _check_csrf() -> None:
        if request.method in SAFE_METHODS or request.path.startswith("/api/"):
            return  # the JSON API changes no state on the server (INTERFACE.md)
        if request.routing_exception is not None:
            return  # no such page, or not with this method: its 404 / 405 says so
        sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD, "")
        expected = session.get(CSRF_FIELD, "")
        if not expected or not hmac.compare_digest(str(sent), str(expected)):
            abort(400, description="This page is out of date: reload it and try again.")

    @app.after_request
    def _headers(resp):
        resp.headers.setdefault("Content-Security-Policy", CSP)
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("X-Frame-Options", "DENY")
        resp.headers.setdefault("Referrer-Policy", "same-origin")
        return resp

    app.jinja_env.globals["csrf_token"] = csrf_token
    # One nonce per form, so two different edits sent at once are never taken for a double tap.
    app.jinja_env.globals["new_nonce"] = lambda: secrets.token_urlsafe(9)
    # Drawn icons place petals round a circle.
    app.jinja_env.globals["cos_deg"] = lambda a: round(math.cos(math.radians(a)), 3)
    app.jinja_env.globals["sin_deg"] = lambda a: round(math.sin(math.radians(a)), 3)
