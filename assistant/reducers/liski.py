"""The Liski table: round and phase, the shared ojojanie timer, and (later) the board."""

from __future__ import annotations

from typing import Any

from assistant.games.liski_flow import Flow, decide
from assistant.messages import N_, Message
from assistant.reducers import EditError, Op, Reducer, State, liski_board
from assistant.reducers.schema import Int, Str, edit
from assistant.timer import MAX_MS, Timer, TimerError, format_ms, parse_length

PHASES = ("planning", "ojojanie", "problems", "refill")
PHASE_NAMES = {"planning": N_("Planning"), "ojojanie": N_("Ojojanie"), "problems": N_("Problems"),
               "refill": N_("Refill"), "over": N_("Game over")}  # shown with _()
ROUNDS = 6


def timer_of(state: State) -> Timer:
    """The table's timer."""
    return Timer.from_dict(state.get("timer"))


def current_phase(state: State, now: int) -> str:
    """The phase as players see it: the end of the timer moves ojojanie on to problems."""
    if state["phase"] == "ojojanie" and timer_of(state).is_over(now):
        return "problems"
    return state["phase"]


def flow_of(state: State, now: int) -> Flow:
    """The phase machine's view of the table at `now`."""
    board = state.get("board") or {}
    rnd = state["round"]
    return Flow(round=rnd, phase=current_phase(state, now), timer=timer_of(state).status(now),
                set_up=bool(board.get("set_up")), resolved=board.get("resolved") == rnd,
                refilled=board.get("refilled") == rnd)


def ask(state: State, action: str, now: int) -> Flow:
    """The flow after `action`, or an EditError with the machine's reason."""
    answer = decide(flow_of(state, now), action)
    if not answer.allowed or answer.then is None:
        raise EditError(answer.reason or "That is not possible now.")
    return answer.then


class LiskiTable(Reducer):
    """Edits of a Liski table."""

    slug = "liski"
    version = 2  # REDUCER VERSION: bump when the same events would fold differently
    max_players = 5

    def declare(self) -> list[Op]:
        timer = ("timer",)

        def step(name: str, apply: Any, history: str, destructive: bool = False) -> Op:
            return Op(name, edit(), apply, keys=timer, history=history, destructive=destructive)

        # Board edits that are phase steps go through the phase machine first.
        board = liski_board.board_ops(self._gated)
        return [
            *super().declare(),
            step("timer.start", self._timer_start, N_("started the timer")),
            step("timer.pause", self._timer_cmd("pause"), N_("paused the timer")),
            step("timer.resume", self._timer_cmd("resume"), N_("resumed the timer")),
            step("timer.end", self._timer_end, N_("ended the ojojanie phase"), destructive=True),
            step("timer.reset", self._timer_cmd("reset"), N_("reset the timer"),
                 destructive=True),
            Op("timer.length", edit(
                length=Str(msg="Choose a length like 2:00.", max_len=12, pattern=r"[0-9:. ms]*"),
                ms=Int(msg="Choose a length like 2:00.", lo=0, hi=MAX_MS)),
               self._timer_length, keys=timer, history=N_("set the timer to %(length)s")),
            Op("phase.next", edit(), self._phase_next, keys=liski_board.WHOLE_BOARD,
               history=N_("moved to the next phase"), destructive=True),
            Op("round.next", edit(), self._round_next, keys=liski_board.WHOLE_BOARD,
               history=N_("started the next round"), destructive=True),
            Op("round.set", edit(round=Int(msg="Pick a round from 1 to 6.", lo=1, hi=ROUNDS,
                                           required=True)),
               self._round_set, keys=timer, history=N_("set the round to %(round)s")),
            *board,
        ]

    def initial_state(self) -> State:
        return {**super().initial_state(), "round": 1, "phase": "planning",
                "timer": Timer().to_dict(), "board": liski_board.new_board()}

    # -- the phase machine around board edits ----------------------------------------------
    def _gated(self, action: str, handler):
        def gated(state: State, data: dict[str, Any], at: int) -> None:
            self._settle(state, at)
            then = ask(state, action, at)
            handler(state, data, at)
            state["phase"] = then.phase
            if state["board"].get("outcome"):
                state["phase"] = "over"
        return gated

    # -- timer -----------------------------------------------------------------------------
    @staticmethod
    def _settle(state: State, at: int) -> None:
        """Record the phase the clock has moved to (the timer ran out since the last edit)."""
        state["phase"] = current_phase(state, at)

    def _set_timer(self, state: State, fn) -> None:
        try:
            state["timer"] = fn(timer_of(state)).to_dict()
        except TimerError as exc:
            raise EditError(Message(exc.args[0])) from None  # its text is in the catalogue

    def _timer_start(self, state: State, data: dict[str, Any], at: int) -> None:
        self._settle(state, at)
        then = ask(state, "start", at)
        self._set_timer(state, lambda t: t.start(at))
        if state["phase"] == "planning":
            liski_board.complications_fear(state, at)
        state["phase"] = then.phase

    def _timer_end(self, state: State, data: dict[str, Any], at: int) -> None:
        self._settle(state, at)
        then = ask(state, "end", at)
        self._set_timer(state, lambda t: t.end(at))
        state["phase"] = then.phase

    def _timer_cmd(self, name: str):
        def handler(state: State, data: dict[str, Any], at: int) -> None:
            self._settle(state, at)
            ask(state, name, at)
            self._set_timer(state, lambda t: getattr(t, name)(at))
        return handler

    def _timer_length(self, state: State, data: dict[str, Any], at: int) -> None:
        self._settle(state, at)
        ask(state, "length", at)
        raw = data.get("length", "")
        try:
            ms = int(data["ms"]) if data.get("ms") not in (None, "") else parse_length(raw)
        except (TypeError, ValueError) as exc:
            raise EditError(Message(exc.args[0]) if isinstance(exc, TimerError) else
                            Message("Choose a length like 2:00.")) from None
        data["length"] = format_ms(ms)
        self._set_timer(state, lambda t: t.set_length(ms, at))

    # -- round and phase -------------------------------------------------------------------
    def _phase_next(self, state: State, data: dict[str, Any], at: int) -> None:
        """One button that takes the round on: start, end, refill, next round."""
        self._settle(state, at)
        f = flow_of(state, at)
        step = {"planning": "start", "ojojanie": "end", "refill": "next_round"}.get(f.phase)
        if f.phase == "problems":
            step = "resolve" if f.round >= ROUNDS and not f.set_up else "refill"
        if step is None:
            raise EditError(decide(f, "start").reason or Message("That is not possible now."))
        if not f.set_up and step in ("refill", "resolve"):  # the timer alone: no board to do
            state["phase"] = ask(state, step, at).phase
            return
        {"start": self._timer_start, "end": self._timer_end, "next_round": self._round_next,
         "resolve": self.ops["board.problems"].apply,
         "refill": self.ops["board.refill"].apply}[step](state, data, at)

    def _round_next(self, state: State, data: dict[str, Any], at: int) -> None:
        self._settle(state, at)
        then = ask(state, "next_round", at)
        state["round"], state["phase"] = then.round, then.phase
        self._set_timer(state, lambda t: t.reset(at))

    def _round_set(self, state: State, data: dict[str, Any], at: int) -> None:
        self._settle(state, at)
        if state["phase"] != "planning":
            raise EditError("Set the round in the planning phase.")
        state["round"] = data["round"]

