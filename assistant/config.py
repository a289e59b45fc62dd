"""Configuration defaults; SECRET_KEY and DATABASE_URL come from the environment or instance/."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_UPLOAD_BYTES = 20 * 1024 * 1024


def instance_dir() -> Path:
    """The folder for the database and the generated secret (made when missing)."""
    path = Path(os.environ.get("ASSISTANT_INSTANCE", ROOT / "instance"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def deck_dir() -> Path:
    """The default registered deck's folder, in the instance folder (not made: it exists only
    once a deck is registered)."""
    return Path(os.environ.get("ASSISTANT_INSTANCE", ROOT / "instance")) / "deck"


def secret_key(folder: Path) -> str:
    """SECRET_KEY from the environment, else one generated once into instance/secret_key."""
    env = os.environ.get("SECRET_KEY")
    if env:
        return env
    path = folder / "secret_key"
    key = path.read_text().strip() if path.exists() else ""
    if not key:  # missing, or left empty (a full disk, a bad copy): make a new one
        key = secrets.token_hex(32)
        path.write_text(key)
        path.chmod(0o600)
    return key


BASE = {
    "MAX_CONTENT_LENGTH": MAX_UPLOAD_BYTES,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    "POLL_MS": 1000,
    # Strangers, not friends (a hosted server): limits per client, across all processes.
    "CREATE_LIMIT": "30 per hour",  # new tables
    "UPLOAD_LIMIT": "20 per minute",  # photos sent for recognition or a deck
    "MAX_EVENTS": 5000,  # events a table may hold
    "IDLE_DAYS": 30,  # a table untouched this long is deleted, with its result link
    "PUSH_MAX_HELD": 500,  # live streams held at once per process (assistant/asgi.py)
}


def defaults() -> dict:
    """The configuration a plain `create_app()` runs with (secret and database included)."""
    folder = instance_dir()
    return {
        **BASE,
        "SECRET_KEY": secret_key(folder),
        "DATABASE_URL": os.environ.get("DATABASE_URL", f"sqlite:///{folder / 'assistant.db'}"),
        "IDLE_DAYS": float(os.environ.get("IDLE_DAYS") or BASE["IDLE_DAYS"]),
        "PUSH_MAX_HELD": int(os.environ.get("PUSH_MAX_HELD") or BASE["PUSH_MAX_HELD"]),
    }
