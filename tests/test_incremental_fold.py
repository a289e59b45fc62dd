"""Pure: folding event by event, with snapshots and undos, gives the state of the full fold."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.reducers import EditError, copy_state
from assistant.registry import reducer_for
from assistant.store import Event, fold_events, fold_from, snapshot_usable
from tests.edit_strategies import GAMES, steps


def undo_candidates(log: list[Event], undone: set[int]) -> list[int]:
    return [e.seq for e in log if e.op != "undo" and e.seq not in undone]


def run_incremental(game: str, plan: list[tuple[str, dict]], every: int) -> int:
    """Apply a plan the way the store does and compare with the full fold after each step."""
    reducer = reducer_for(game)
    state = reducer.initial_state()
    log: list[Event] = []
    undos: dict[int, int] = {}
    snaps = {0: reducer.initial_state()}
    last_snap = 0
    for at, (op, data) in enumerate(plan, start=1):
        seq = len(log) + 1
        before = copy_state(state)
        if op == "undo":
            choices = undo_candidates(log, set(undos.values()))
            if not choices:
                continue
            target = choices[data["pick"] % len(choices)]
            new_undos = {**undos, seq: target}
            start = max(v for v in snaps if snapshot_usable(v, new_undos))
            assert start < target
            new, skipped = fold_from(game, lambda s=start: copy_state(snaps[s]), log[start:],
                                     set(new_undos.values()))
            if skipped:  # an edit after the target no longer applies: the undo is refused
                assert state == before
                continue
            data = {"target": target}
            undos = new_undos
            last_snap = start
        else:
            new = copy_state(state)
            try:
                data = reducer.validate(op, data)  # as the store does: only clean data is kept
                reducer.apply_in_place(new, op, data, at * 1000)
            except EditError:
                assert state == before  # the kept state is untouched
                continue
        log.append(Event(seq, op, data, "", at * 1000, seq - 1))
        state = new
        if seq - last_snap >= every:
            snaps[seq] = copy_state(state)
            last_snap = seq
        full, undone, skipped = fold_events(game, log)
        assert state == full
        assert undone == set(undos.values()) and skipped == {}
    return len(log)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_incremental_state_equals_the_full_fold(game, data):
    plan = data.draw(steps(game))
    every = data.draw(st.integers(1, 8))
    run_incremental(game, plan, every)


def kept_counts(game: str) -> list[int]:
    kept: list[int] = []

    @settings(max_examples=30, database=None, deadline=None, derandomize=True)
    @given(plan=steps(game, max_size=60))
    def run(plan):
        kept.append(run_incremental(game, plan, 5))

    run()
    return kept


@pytest.mark.parametrize("game", GAMES)
def test_the_strategies_make_real_games(game):
    """The random plans are not all refused: in each game some plan keeps many edits."""
    kept = kept_counts(game)
    assert max(kept) >= 12, kept


def test_a_snapshot_before_an_undone_edit_is_the_one_to_fold_from():
    assert snapshot_usable(10, {12: 11})
    assert not snapshot_usable(10, {12: 9})
    assert snapshot_usable(10, {8: 3})  # an undo before the snapshot is folded into it
