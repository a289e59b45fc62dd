"""The Liski round as a pure phase machine: every phase x every action is allowed or refused.

A round is planning -> ojojanie (the timer runs) -> problems (resolve) -> refill -> the next
round's planning (rulebook, Game Phases). After round 6, or when fear or the nightmare
decides the game, it is over. A table that uses only the timer (the board not set up) moves
through the same phases without resolving or refilling anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from assistant.messages import N_, Message

PHASES = ("planning", "ojojanie", "problems", "refill", "over")
ACTIONS = ("setup", "start", "pause", "resume", "end", "reset", "length", "lay",
           "resolve", "refill", "next_round")
TIMER_STATES = ("idle", "running", "paused", "ended", "expired")
ROUNDS = 6


@dataclass(frozen=True)
class Flow:
    """Where the round stands: round, phase, the timer, what the board has done this round."""

    round: int = 1
    phase: str = "planning"
    timer: str = "idle"
    set_up: bool = False
    resolved: bool = False
    refilled: bool = False


@dataclass(frozen=True)
class Answer:
    """Allowed (with the flow after it, and maybe a warning) or refused with a reason."""

    allowed: bool
    reason: Message | None = None  # str() gives the English sentence
    then: Flow | None = None


def _no(reason: str, **params) -> Answer:
    return Answer(False, Message(reason, **params))


def _ok(flow: Flow, warning: str = "", **changes) -> Answer:
    return Answer(True, Message(warning) if warning else None, replace(flow, **changes))


OVER = "The game is over: start a new table for a new game."


def decide(f: Flow, action: str) -> Answer:
    """Is `action` allowed now, and where does it lead? Refusals say why, in words."""
    if action not in ACTIONS:
        return _no("%(action)s is not a Liski action.", action=repr(action))
    if f.phase == "over":
        return _no(OVER)
    return _RULES[action](f)


def _setup(f: Flow) -> Answer:
    if f.set_up:
        return _no("The board is already set up.")
    if f.phase != "planning" or f.round != 1:
        return _no("Set the board up before the first ojojanie phase.")
    return _ok(f, set_up=True)


def _start(f: Flow) -> Answer:
    if f.phase == "planning":
        return _ok(f, phase="ojojanie", timer="running")
    if f.phase == "ojojanie":
        if f.timer in ("running", "paused"):
            return _no("The timer is already running.")
        if f.timer == "idle":  # reset during the phase: a new full countdown
            return _ok(f, timer="running")
        return _no("Time is up: the round is in the problems phase now.")
    if f.phase == "problems":
        return _no("Time is up: resolve the problems phase; the timer starts again next round.")
    return _no("Refill the board and tap Next round; then start the timer.")


def _pause(f: Flow) -> Answer:
    if f.phase == "ojojanie" and f.timer == "running":
        return _ok(f, timer="paused")
    if f.phase == "ojojanie" and f.timer == "paused":
        return _no("The timer is already paused.")
    return _no("The timer is not running.")


def _resume(f: Flow) -> Answer:
    if f.phase == "ojojanie" and f.timer == "paused":
        return _ok(f, timer="running")
    return _no("The timer is not paused.")


def _end(f: Flow) -> Answer:
    if f.phase == "ojojanie" and f.timer in ("running", "paused"):
        return _ok(f, phase="problems", timer="ended")
    if f.phase == "planning":
        return _no("The ojojanie phase has not started: tap Start.")
    if f.phase == "ojojanie":
        return _no("The timer is not running: tap Start.")
    return _no("The ojojanie phase is already over.")


def _reset(f: Flow) -> Answer:
    if f.phase in ("planning", "ojojanie"):
        return _ok(f, timer="idle")
    return _no("The ojojanie phase is over: the timer starts again next round.")


def _length(f: Flow) -> Answer:
    if f.timer == "running" and f.phase == "ojojanie":
        return _no("Pause the timer before changing its length.")
    return _ok(f)


def _lay(f: Flow) -> Answer:
    if not f.set_up:
        return _no("Set up the board first.")
    if f.phase == "ojojanie":
        return _ok(f)
    if f.phase == "planning":
        return _ok(f, N_("Planning phase: lay only cards you kept or got back; the cards you "
                         "drew are revealed when the timer starts."))
    if f.phase == "problems" and not f.resolved:
        return _ok(f, N_("Time is up: enter only cards that were laid before it ran out."))
    return _ok(f, N_("The problems phase is resolved: a card laid now counts next round."))


def _resolve(f: Flow) -> Answer:
    if not f.set_up:  # the timer alone: round 6's problems phase ends the game
        if f.phase == "problems" and f.round >= ROUNDS:
            return _ok(f, phase="over")
        return _no("Set up the board first.")
    if f.phase == "planning":
        return _no("Play the ojojanie phase first: tap Start.")
    if f.phase == "ojojanie":
        return _no("The ojojanie phase is still on: end it (or let the time run out) first.")
    if f.resolved:
        return _no("The problems phase of round %(n)s is already resolved.", n=f.round)
    return _ok(f, resolved=True, phase="over" if f.round >= ROUNDS else "problems")


def _refill(f: Flow) -> Answer:
    if f.phase in ("planning", "ojojanie"):
        return _no("Refill comes after the problems phase.")
    if f.round >= ROUNDS:
        return _no("There is no refill after round 6.")
    if f.refilled or f.phase == "refill":
        return _no("The board is already refilled for round %(n)s.", n=f.round + 1)
    if f.set_up and not f.resolved:
        return _no("Resolve the problems phase first.")
    return _ok(f, phase="refill", refilled=f.set_up)


def _next_round(f: Flow) -> Answer:
    if f.phase in ("planning", "ojojanie"):
        return _no("Finish this round first: the problems phase, then refill.")
    if f.round >= ROUNDS:
        return _no("Round 6 is the last round.")
    if f.set_up and not f.refilled:
        if not f.resolved:
            return _no("Resolve the problems phase first.")
        return _no("Refill the board first.")
    return _ok(f, round=f.round + 1, phase="planning", timer="idle", resolved=False,
               refilled=False)


_RULES = {"setup": _setup, "start": _start, "pause": _pause, "resume": _resume, "end": _end,
          "reset": _reset, "length": _length, "lay": _lay, "resolve": _resolve,
          "refill": _refill, "next_round": _next_round}


def allowed(f: Flow) -> list[str]:
    """The actions allowed now, in ACTIONS order (the page shows only these)."""
    return [a for a in ACTIONS if decide(f, a).allowed]


def primary(f: Flow) -> str | None:
    """The one big action of the moment (the page's first and biggest button)."""
    if f.phase == "planning":
        return "start"
    if f.phase == "ojojanie":
        return "pause" if f.timer == "running" else ("resume" if f.timer == "paused" else "start")
    if f.phase == "problems":
        if (f.set_up and not f.resolved) or f.round >= ROUNDS:
            return "resolve"
        return "refill"
    if f.phase == "refill":
        return "next_round"
    return None
