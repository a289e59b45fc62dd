"""The Liski table page: the shared timer (and the board)."""

from __future__ import annotations

from typing import Any

from assistant.store import Table
from assistant.web.timer import poll_data, timer_context


def context(t: Table) -> dict[str, Any]:
    """Template context of the Liski page."""
    return timer_context(t)


def poll(t: Table) -> dict[str, Any]:
    """What each poll of a Liski table carries: the timer."""
    return poll_data(t)
