"""Thin blueprints: parse the request, call the pure rules, render."""

from __future__ import annotations

from flask import current_app

from assistant.store import Store


def store() -> Store:
    """The app's store."""
    return current_app.extensions["store"]
