"""One helper: answer htmx with the fragment and a plain request with the whole page."""

from __future__ import annotations

from flask import make_response, render_template, request


def is_htmx() -> bool:
    """True when htmx made this request (and wants a fragment)."""
    return request.headers.get("HX-Request") == "true"


def page_or_fragment(page: str, fragment: str, status: int = 200, **context):
    """Render `fragment` for htmx, `page` otherwise; both faces vary on HX-Request."""
    template = fragment if is_htmx() else page
    resp = make_response(render_template(template, **context), status)
    resp.headers["Vary"] = "HX-Request"
    return resp
