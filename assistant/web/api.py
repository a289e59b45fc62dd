"""The JSON API (INTERFACE.md): the same pure functions as the pages and the command line."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")
