"""Errors as one clear line: JSON for the API, a short text for htmx, a page otherwise."""

from __future__ import annotations

from flask import Flask, Response, jsonify, make_response, render_template, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from assistant.messages import N_, one_line
from assistant.store import TableNotFound
from assistant.web.htmx import is_htmx
from assistant.web.i18n import tr

NO_TABLE = N_("No table has this code. Check it, or start a new table.")


def error_line(exc: HTTPException) -> str:
    """The one line a player or a script reads."""
    if isinstance(exc, RequestEntityTooLarge):
        return N_("The upload is too large: the limit is 20 MB.")
    return exc.description or exc.name


def error_answer(code: int, line: str) -> Response:
    """One line as the asker reads it: JSON for the API, text for htmx, else a page."""
    line = one_line(line)
    if request.path.startswith("/api/") or request.path == "/healthz":
        resp = jsonify(error=line)
    elif is_htmx():
        resp = make_response(tr(line))  # a page's refusal reads in the phone's language
        resp.headers["Content-Type"] = "text/plain; charset=utf-8"
    else:
        resp = make_response(render_template("error.html", code=code, message=tr(line)))
    resp.status_code = code
    return resp


def init_errors(app: Flask) -> None:
    """Register the handlers that turn every HTTP error into one clear line."""

    @app.errorhandler(TableNotFound)
    def _no_table(_exc: TableNotFound):
        return error_answer(404, NO_TABLE)  # the one answer to an unknown table code

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        resp = error_answer(exc.code or 500, error_line(exc))
        for name, value in exc.get_headers():
            if name.lower() != "content-type":
                resp.headers[name] = value  # e.g. Allow on a 405
        return resp
