"""The Liski timer's view data: what the page renders and what every poll carries."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from assistant.games.liski_flow import allowed, decide, primary
from assistant.reducers.liski import (
    PHASE_NAMES,
    PHASES,
    ROUNDS,
    current_phase,
    flow_of,
    timer_of,
)
from assistant.store import Table, now_ms
from assistant.timer import PRESETS_MS, format_ms
from assistant.web.i18n import tr


def timer_view(t: Table, now: int | None = None) -> dict[str, Any]:
    """The timer as phones need it: state, remaining and end time on the server clock."""
    now = now_ms() if now is None else now
    timer = timer_of(t.state)
    phase = current_phase(t.state, now)
    return {
        "status": timer.status(now),
        "duration_ms": timer.duration_ms,
        "remaining_ms": timer.remaining(now),
        "ends_at_ms": timer.ends_at(),
        "warn_ms": timer.warning_ms(),
        "run": timer.runs,
        "server_ms": now,
        "round": t.state["round"],
        "phase": phase,
    }


def timer_context(t: Table) -> dict[str, Any]:
    """Template context for the timer panel."""
    view = timer_view(t)
    flow = flow_of(t.state, view["server_ms"])
    return {
        "flow": flow,
        "actions": allowed(flow),
        "primary": primary(flow),
        "lay_warning": tr(decide(flow, "lay").reason),
        "timer": view,
        "timer_text": format_ms(view["remaining_ms"]),
        "presets": [(ms, format_ms(ms)) for ms in PRESETS_MS],
        "phases": [(p, _(PHASE_NAMES[p])) for p in PHASES],
        "phase_name": _(PHASE_NAMES[view["phase"]]),
        "rounds": ROUNDS,
        "length_text": format_ms(view["duration_ms"]),
    }


def poll_data(t: Table) -> dict[str, Any]:
    """What every poll of a Liski table carries besides its version."""
    return {"timer": timer_view(t)}
