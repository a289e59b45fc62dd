"""The table-side companion: create_app is the only place a Flask app is built."""

from __future__ import annotations

from typing import Any

from flask import Flask

from assistant.config import BASE, ROOT, defaults
from assistant.store import Store


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the web app; `config` overrides the defaults (tests pass their own database)."""
    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=str(ROOT / "instance"),
    )
    config = dict(config or {})
    app.config.update(BASE)
    if "SECRET_KEY" not in config or "DATABASE_URL" not in config:
        app.config.update(defaults())  # reads or makes instance/secret_key
    app.config.update(config)
    app.extensions["store"] = Store(app.config["DATABASE_URL"])

    from assistant.web import api, cards, errors, liski, pisanki, security, tables

    security.init_security(app)
    errors.init_errors(app)
    app.register_blueprint(tables.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pisanki.bp)
    app.register_blueprint(liski.bp)
    app.register_blueprint(cards.bp)
    return app
