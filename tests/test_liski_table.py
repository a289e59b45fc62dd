"""The Liski table's round, phase and timer edits, folded with explicit times."""

from __future__ import annotations

import pytest

from assistant.reducers import EditError
from assistant.reducers.liski import current_phase, timer_of
from assistant.registry import reducer_for
from assistant.store import Store

T0 = 5_000_000
R = reducer_for("liski")


def run(*ops):
    """Apply (op, data, at) steps from a new table."""
    state = R.initial_state()
    for op, data, at in ops:
        state = R.apply(state, op, data, at)
    return state


def test_starting_the_timer_moves_to_the_ojojanie_phase():
    s = run(("timer.start", {}, T0))
    assert s["phase"] == "ojojanie" and timer_of(s).status(T0) == "running"


def test_the_end_of_the_timer_moves_to_the_problems_phase():
    s = run(("timer.start", {}, T0))
    assert current_phase(s, T0 + 119_000) == "ojojanie"
    assert current_phase(s, T0 + 120_000) == "problems"


def test_ending_early_moves_to_problems():
    s = run(("timer.start", {}, T0), ("timer.end", {}, T0 + 30_000))
    assert s["phase"] == "problems" and timer_of(s).status(T0 + 30_000) == "ended"


def test_a_whole_round_by_next_phase_taps():
    s = run(
        ("phase.next", {}, T0),              # planning -> ojojanie, timer starts
        ("phase.next", {}, T0 + 60_000),     # ojojanie -> problems (ended early)
        ("phase.next", {}, T0 + 90_000),     # problems -> refill
        ("phase.next", {}, T0 + 95_000),     # refill -> round 2 planning, timer reset
    )
    assert (s["round"], s["phase"]) == (2, "planning")
    assert timer_of(s).status(T0 + 95_000) == "idle"


def test_next_phase_after_the_timer_ran_out_goes_to_refill():
    s = run(("phase.next", {}, T0), ("phase.next", {}, T0 + 200_000))
    assert s["phase"] == "refill"


def test_after_round_six_problems_the_game_is_over():
    steps = []
    at = T0
    for _ in range(6):
        for _ in range(4):
            steps.append(("phase.next", {}, at))
            at += 1_000
    s = run(*steps[:-1])  # the 24th tap would be refill of round 6, which does not exist
    assert (s["round"], s["phase"]) == (6, "over")
    with pytest.raises(EditError, match="over"):
        R.apply(s, "phase.next", {}, at)


def test_length_is_remembered_and_validated():
    s = run(("timer.length", {"length": "2:30"}, T0))
    assert timer_of(s).duration_ms == 150_000
    s = run(("timer.length", {"ms": "90000"}, T0), ("timer.start", {}, T0 + 1))
    assert timer_of(s).remaining(T0 + 1) == 90_000
    with pytest.raises(EditError, match="like 2:00"):  # the schema refuses letters
        run(("timer.length", {"length": "soon"}, T0))
    with pytest.raises(EditError, match="not a length"):  # the timer refuses a shape
        run(("timer.length", {"length": "1:2:3"}, T0))


def test_timer_errors_become_messages():
    with pytest.raises(EditError, match="already running"):
        run(("timer.start", {}, T0), ("timer.start", {}, T0 + 100))
    with pytest.raises(EditError, match="not paused"):
        run(("timer.resume", {}, T0))


@pytest.mark.parametrize("bad", ["0", "7", "x", None])
def test_round_set_checks_the_range(bad):
    with pytest.raises(EditError):
        run(("round.set", {"round": bad}, T0))


def test_timer_edits_and_player_edits_do_not_conflict(db_url):
    """A stale edit is re-applied when nothing since touched what it touches."""
    store = Store(db_url)
    t = store.create_table("liski")
    store.append(t.code, "players.add", {"name": "Ala"}, base=0)
    t = store.append(t.code, "timer.start", {}, base=0)  # made on a phone still at version 0
    assert t.version == 2 and t.state["phase"] == "ojojanie"
    store.dispose()


def test_two_phones_pressing_start_at_once_give_one_start(db_url):
    store = Store(db_url)
    t = store.create_table("liski")
    store.append(t.code, "timer.start", {}, base=0, nonce="a")
    with pytest.raises(Exception, match="Someone else changed this"):
        store.append(t.code, "timer.start", {}, base=0, nonce="b")
    assert timer_of(store.get(t.code).state).runs == 1
    store.dispose()


def test_timer_survives_a_restart_mid_countdown(db_url):
    store = Store(db_url)
    t = store.create_table("liski")
    store.append(t.code, "timer.start", {}, base=0, at_ms=T0)
    store.dispose()
    again = Store(db_url).get(t.code)
    assert timer_of(again.state).remaining(T0 + 30_000) == 90_000
