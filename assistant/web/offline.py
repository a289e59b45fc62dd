"""The service worker at the site's root (its scope is the whole site) and HSTS over HTTPS."""

from __future__ import annotations

from flask import Blueprint, Flask, request, send_from_directory

from assistant.config import ROOT

bp = Blueprint("offline", __name__)
HSTS = "max-age=31536000"  # a year; only ever sent on an answer that came over HTTPS


@bp.get("/sw.js")
def service_worker():
    """static/js/sw.js, served from / so that it may control every page."""
    resp = send_from_directory(ROOT / "static" / "js", "sw.js", mimetype="text/javascript",
                               max_age=0)
    resp.headers["Cache-Control"] = "no-cache"
    return resp


def init_offline(app: Flask) -> None:
    """The worker's route, and HSTS on every HTTPS answer (never on the plain-http LAN)."""
    app.register_blueprint(bp)

    @app.after_request
    def _hsts(resp):
        if request.is_secure:
            resp.headers.setdefault("Strict-Transport-Security", HSTS)
        return resp
