"""The Liski phase machine: every phase x every action, allowed (and where to) or refused.

Rulebook, Game Phases: planning -> ojojanie (the app's timer) -> problems -> refill; 6 rounds.
Issue #12 point 3: Start after the time is up must not send the round back to ojojanie;
"Next round" only after refill; laying cards outside the ojojanie phase warns.
"""

from __future__ import annotations

import pytest

from assistant.games.liski_flow import ACTIONS, Flow, allowed, decide, primary

FLOWS = {
    "not set up": Flow(),
    "planning": Flow(set_up=True),
    "ojojanie running": Flow(phase="ojojanie", timer="running", set_up=True),
    "ojojanie paused": Flow(phase="ojojanie", timer="paused", set_up=True),
    "ojojanie reset": Flow(phase="ojojanie", timer="idle", set_up=True),
    "problems": Flow(phase="problems", timer="expired", set_up=True),
    "problems resolved": Flow(phase="problems", timer="ended", set_up=True, resolved=True),
    "refilled": Flow(phase="refill", timer="ended", set_up=True, resolved=True, refilled=True),
    "round 6 problems": Flow(round=6, phase="problems", timer="expired", set_up=True),
    "over": Flow(round=6, phase="over", set_up=True, resolved=True),
    "timer only, problems": Flow(phase="problems", timer="ended"),
    "timer only, refill": Flow(phase="refill", timer="ended"),
    "timer only, round 6": Flow(round=6, phase="problems", timer="ended"),
}

# One row per flow, one cell per action in ACTIONS order:
#   setup start pause resume end reset length lay resolve refill next_round
# a phase = allowed and the round is then in that phase; "-" = refused; "!" = allowed with a
# warning (laying cards outside the ojojanie phase), the phase unchanged.
TABLE = {
    "not set up":           "planning ojojanie - - - planning planning - - - -",
    "planning":             "- ojojanie - - - planning planning ! - - -",
    "ojojanie running":     "- - ojojanie - problems ojojanie - ojojanie - - -",
    "ojojanie paused":      "- - - ojojanie problems ojojanie ojojanie ojojanie - - -",
    "ojojanie reset":       "- ojojanie - - - ojojanie ojojanie ojojanie - - -",
    "problems":             "- - - - - - problems ! problems - -",
    "problems resolved":    "- - - - - - problems ! - refill -",
    "refilled":             "- - - - - - refill ! - - planning",
    "round 6 problems":     "- - - - - - problems ! over - -",
    "over":                 "- - - - - - - - - - -",
    "timer only, problems": "- - - - - - problems - - refill planning",
    "timer only, refill":   "- - - - - - refill - - - planning",
    "timer only, round 6":  "- - - - - - problems - over - -",
}

CASES = [(name, action, cell) for name, row in TABLE.items()
         for action, cell in zip(ACTIONS, row.split(), strict=True)]


def test_the_table_covers_every_flow_and_action():
    assert set(TABLE) == set(FLOWS)
    assert len(CASES) == len(FLOWS) * len(ACTIONS)


@pytest.mark.parametrize(("name", "action", "cell"), CASES)
def test_every_phase_and_action(name, action, cell):
    flow = FLOWS[name]
    answer = decide(flow, action)
    if cell == "-":
        assert not answer.allowed and answer.then is None
        assert str(answer.reason).endswith("."), "a refusal says why, in a sentence"
    elif cell == "!":
        assert answer.allowed and answer.then.phase == flow.phase
        assert answer.reason, "laying a card outside the ojojanie phase warns"
    else:
        assert answer.allowed and answer.then.phase == cell
        assert answer.reason is None, f"no warning expected for {action} in {name}"


def test_start_after_the_time_is_up_does_not_go_back_to_ojojanie():
    answer = decide(FLOWS["problems"], "start")
    assert not answer.allowed and "resolve" in str(answer.reason)


def test_next_round_only_after_refill_and_it_clears_the_round():
    assert str(decide(FLOWS["problems resolved"], "next_round").reason) == "Refill the board first."
    then = decide(FLOWS["refilled"], "next_round").then
    assert then == Flow(round=2, phase="planning", timer="idle", set_up=True)


def test_resolve_and_refill_each_once_per_round():
    f = FLOWS["problems"]
    f = decide(f, "resolve").then
    assert not decide(f, "resolve").allowed
    f = decide(f, "refill").then
    assert f.refilled and not decide(f, "refill").allowed


def test_a_whole_game_of_primary_actions_reaches_the_end():
    f = Flow(set_up=True)
    steps = 0
    while f.phase != "over":
        action = primary(f)
        if f.phase == "ojojanie":
            action = "end"  # the players end the phase (or the time runs out)
        f = decide(f, action).then
        steps += 1
    assert f.round == 6 and steps == 6 * 5 - 2  # round 6 has no refill, no next round


@pytest.mark.parametrize("name", list(FLOWS))
def test_the_primary_action_is_allowed(name):
    flow = FLOWS[name]
    action = primary(flow)
    assert action is None or action in allowed(flow)
    if name in ("problems", "round 6 problems"):
        assert action == "resolve"


def test_unknown_action_is_refused():
    assert not decide(Flow(), "teleport").allowed
