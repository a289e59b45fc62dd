"""The Kitsune table page."""

from __future__ import annotations

from typing import Any

from assistant.store import Table


def context(t: Table) -> dict[str, Any]:
    """Template context of the Kitsune page."""
    return {}
