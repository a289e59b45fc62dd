"""The table-side companion: create_app is the only place a Flask app is built."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from jinja2 import BaseLoader, ChoiceLoader, FileSystemLoader, TemplateNotFound

from assistant import registry, vision
from assistant.config import BASE, ROOT, deck_dir, defaults
from assistant.store import Store
from assistant.web import api, cards, deck, errors, finish, guard, offline, security, tables
from assistant.web.i18n import init_i18n


def _use_registered_deck(folder: str) -> None:
    """Recognise against the player's registered cards when there are some."""
    vision.register.follow(Path(folder))


class GameTemplates(BaseLoader):
    """Templates of a game kept outside templates/ (its declaration names the folder)."""

    def get_source(self, environment, template):
        slug = template.split("/", 1)[0]
        try:
            folder = registry.find(slug).templates
        except LookupError:
            folder = None
        if folder is None:
            raise TemplateNotFound(template)
        return FileSystemLoader(str(folder)).get_source(environment, template)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the web app; `config` overrides the defaults (tests pass their own database)."""
    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=str(ROOT / "instance"),
    )
    app.jinja_loader = ChoiceLoader([FileSystemLoader(str(ROOT / "templates")), GameTemplates()])
    config = dict(config or {})
    app.config.update(BASE)
    if "SECRET_KEY" not in config or "DATABASE_URL" not in config:
        app.config.update(defaults())  # reads or makes instance/secret_key
    app.config.update(config)
    app.config.setdefault("DECK_FOLDER", str(deck_dir()))
    _use_registered_deck(app.config["DECK_FOLDER"])
    app.extensions["store"] = Store(app.config["DATABASE_URL"],
                                    max_events=int(app.config["MAX_EVENTS"]))

    security.init_security(app)
    offline.init_offline(app)
    init_i18n(app)
    errors.init_errors(app)
    app.register_blueprint(tables.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(cards.bp)
    app.register_blueprint(deck.bp)
    app.register_blueprint(finish.bp)
    for game in registry.games():
        if game.blueprint is not None:
            app.register_blueprint(game.blueprint)
    guard.init_guard(app)  # after the blueprints: it limits every route that takes a code
    return app
