"""The table-side companion: create_app is the only place a Flask app is built."""

from __future__ import annotations

from typing import Any

from flask import Flask

from assistant.config import ROOT, defaults
from assistant.store import Store


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the web app; `config` overrides the defaults (tests pass their own database)."""
    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=str(ROOT / "instance"),
    )
    app.config.update(defaults() if config is None or "SECRET_KEY" not in config else {})
    if config:
        app.config.update(config)
    app.config.setdefault("MAX_CONTENT_LENGTH", 20 * 1024 * 1024)
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config.setdefault("POLL_MS", 1000)
    app.extensions["store"] = Store(app.config["DATABASE_URL"])

    from assistant.web import api, errors, security, tables

    security.init_security(app)
    errors.init_errors(app)
    app.register_blueprint(tables.bp)
    app.register_blueprint(api.bp)
    return app
