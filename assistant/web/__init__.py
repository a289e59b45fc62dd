"""Thin blueprints: parse the request, call the pure rules, render."""

from __future__ import annotations

from flask import current_app

from assistant.store import Store, Table


def store() -> Store:
    """The app's store."""
    return current_app.extensions["store"]


def load(code: str) -> Table:
    """The table with this code; TableNotFound (one handler answers it: a 404) when none has."""
    return store().get(code)
