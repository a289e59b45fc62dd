"""The Liski table: round and phase, the shared ojojanie timer, and (later) the board."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assistant.tables import EditError, Reducer, State, liski_board, register
from assistant.tables.schema import Int, Str, edit
from assistant.timer import MAX_MS, Timer, TimerError, format_ms, parse_length

PHASES = ("planning", "ojojanie", "problems", "refill")
PHASE_NAMES = {"planning": "Planning", "ojojanie": "Ojojanie", "problems": "Problems",
               "refill": "Refill", "over": "Game over"}
ROUNDS = 6


def timer_of(state: State) -> Timer:
    """The table's timer."""
    return Timer.from_dict(state.get("timer"))


def current_phase(state: State, now: int) -> str:
    """The phase as players see it: the end of the timer moves ojojanie on to problems."""
    if state["phase"] == "ojojanie" and timer_of(state).is_over(now):
        return "problems"
    return state["phase"]


class LiskiTable(Reducer):
    """Edits of a Liski table."""

    slug = "liski"
    max_players = 5

    def __init__(self) -> None:
        super().__init__()
        self.handlers.update({
            "timer.start": self._timer_start,
            "timer.pause": self._timer_cmd("pause"),
            "timer.resume": self._timer_cmd("resume"),
            "timer.end": self._timer_end,
            "timer.reset": self._timer_cmd("reset"),
            "timer.length": self._timer_length,
            "phase.next": self._phase_next,
            "round.set": self._round_set,
        })
        self.handlers.update(liski_board.HANDLERS)
        no_data = ("timer.start", "timer.pause", "timer.resume", "timer.end", "timer.reset",
                   "phase.next")
        self.schemas.update({op: edit() for op in no_data})
        self.schemas.update({
            "timer.length": edit(
                length=Str(msg="Choose a length like 2:00.", max_len=12, pattern=r"[0-9:. ms]*"),
                ms=Int(msg="Choose a length like 2:00.", lo=0, hi=MAX_MS)),
            "round.set": edit(round=Int(msg="Pick a round from 1 to 6.", lo=1, hi=ROUNDS)),
        })
        self.schemas.update(liski_board.SCHEMAS)

    def initial_state(self) -> State:
        return {**super().initial_state(), "round": 1, "phase": "planning",
                "timer": Timer().to_dict(), "board": liski_board.new_board()}

    def keys(self, op: str, data: dict[str, Any]) -> Iterable[str]:
        if op.startswith(("timer.", "phase.", "round.")):
            return {"timer"}
        if op in ("board.problems", "board.refill", "board.setup"):
            # These change every column: any column edit made meanwhile conflicts.
            return {"board", "board-meta", *(f"board:{i}" for i in range(6))}
        if op.startswith("board."):
            col = data.get("col")
            return {f"board:{col}"} if col not in (None, "") else {"board-meta"}
        return super().keys(op, data)

    def describe(self, op: str, data: dict[str, Any]) -> str:
        words = {
            "timer.start": "started the timer", "timer.pause": "paused the timer",
            "timer.resume": "resumed the timer", "timer.end": "ended the ojojanie phase",
            "timer.reset": "reset the timer", "phase.next": "moved to the next phase",
        }
        if op in words:
            return words[op]
        if op == "timer.length":
            return f"set the timer to {data.get('length')}"
        if op == "round.set":
            return f"set the round to {data.get('round')}"
        if op in liski_board.DESCRIPTIONS:
            col = data.get("col")
            where = f" (column {int(col) + 1})" if str(col).isascii() and str(col).isdigit() else ""
            return liski_board.DESCRIPTIONS[op] + where
        return super().describe(op, data)

    # -- timer -----------------------------------------------------------------------------
    @staticmethod
    def _settle(state: State, at: int) -> None:
        """Record the phase the clock has moved to (the timer ran out since the last edit)."""
        state["phase"] = current_phase(state, at)

    def _set_timer(self, state: State, fn) -> None:
        try:
            state["timer"] = fn(timer_of(state)).to_dict()
        except TimerError as exc:
            raise EditError(str(exc)) from None

    def _timer_start(self, state: State, data: dict[str, Any], at: int) -> None:
        self._settle(state, at)
        if state["phase"] == "over":
            raise EditError("The game is over: start a new table for a new game.")
        self._set_timer(state, lambda t: t.start(at))
        if state["phase"] != "ojojanie":
            liski_board.complications_fear(state, at)
        state["phase"] = "ojojanie"

    def _timer_end(self, state: State, data: dict[str, Any], at: int) -> None:
        self._settle(state, at)
        self._set_timer(state, lambda t: t.end(at))
        if state["phase"] == "ojojanie":
            state["phase"] = "problems"

    def _timer_cmd(self, name: str):
        def handler(state: State, data: dict[str, Any], at: int) -> None:
            self._settle(state, at)
            self._set_timer(state, lambda t: getattr(t, name)(at))
        return handler

    def _timer_length(self, state: State, data: dict[str, Any], at: int) -> None:
        self._settle(state, at)
        raw = data.get("length", "")
        try:
            ms = int(data["ms"]) if data.get("ms") not in (None, "") else parse_length(raw)
        except (TypeError, ValueError) as exc:
            raise EditError(str(exc) if isinstance(exc, TimerError) else
                            "Choose a length like 2:00.") from None
        data["length"] = format_ms(ms)
        self._set_timer(state, lambda t: t.set_length(ms, at))

    # -- round and phase -------------------------------------------------------------------
    def _phase_next(self, state: State, data: dict[str, Any], at: int) -> None:
        self._settle(state, at)
        phase = state["phase"]
        if phase == "planning":
            self._timer_start(state, data, at)
        elif phase == "ojojanie":
            self._timer_end(state, data, at)
        elif phase == "problems":
            state["phase"] = "over" if state["round"] >= ROUNDS else "refill"
        elif phase == "refill":
            state["round"] += 1
            state["phase"] = "planning"
            self._set_timer(state, lambda t: t.reset(at))
        else:
            raise EditError("The game is over.")

    def _round_set(self, state: State, data: dict[str, Any], at: int) -> None:
        try:
            n = int(data.get("round"))
        except (TypeError, ValueError):
            raise EditError("Pick a round from 1 to 6.") from None
        if not 1 <= n <= ROUNDS:
            raise EditError("Pick a round from 1 to 6.")
        state["round"] = n
        if state["phase"] == "over":
            state["phase"] = "planning"


register(LiskiTable())
