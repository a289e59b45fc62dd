"""Errors as one clear line: JSON for the API, a short text for htmx, a page otherwise."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from assistant.web.htmx import is_htmx


def error_line(exc: HTTPException) -> str:
    """The one line a player or a script reads."""
    if isinstance(exc, RequestEntityTooLarge):
        return "The upload is too large: the limit is 20 MB."
    return exc.description or exc.name


def init_errors(app: Flask) -> None:
    """Register the handlers that turn every HTTP error into one clear line."""

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        line = error_line(exc)
        if request.path.startswith("/api/"):
            return jsonify(error=line), exc.code
        if is_htmx():
            return line, exc.code, {"Content-Type": "text/plain; charset=utf-8"}
        return render_template("error.html", code=exc.code, message=line), exc.code
