"""Folding a table's events into its state: the reference fold and the incremental one.

A table's state is the fold of its events, undone ones left out. The reference fold copies the
state at every event (tests compare the store's incremental state with it); the store's own fold
applies events in place and starts a stretch again only in the rare case that an event no
longer applies. Nothing here touches the database.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.reducers import State, copy_state
from assistant.registry import reducer_for
from assistant.store.model import Event


def fold(game: str, events: list[Event]) -> tuple[dict[str, Any], set[int]]:
    """Replay a whole log into its state; undone events are skipped (the reference fold)."""
    state, undone, _skipped = fold_events(game, events)
    return state, undone


def fold_events(game: str, events: list[Event]) -> tuple[State, set[int], dict[int, str]]:
    """The state, the undone seqs, and the events skipped because they no longer apply.

    The reference fold of a whole log, event by event with a copy each (tests compare the
    store's incremental state with it). Never raises.
    """
    reducer = reducer_for(game)
    undos = {ev.seq: t for ev in events if ev.is_undo and (t := undo_target(ev.data))}
    undone = set(undos.values())
    state = reducer.initial_state()
    skipped: dict[int, str] = {}
    for ev in events:
        if ev.is_undo or ev.seq in undone:
            continue
        state, problem = reducer.replay(state, ev.op, ev.data, ev.at_ms)
        if problem:
            skipped[ev.seq] = problem
    return state, undone, skipped


def undo_target(data: Any) -> int | None:
    """The seq a stored undo took back (None for one stored before undos were checked)."""
    try:
        target = int(data["target"])
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    return target if target > 0 else None


def fold_from(game: str, start: Callable[[], State], events: list[Event],
              undone: set[int]) -> tuple[State, dict[int, str]]:
    """Fold events in place onto a fresh `start()` state; also why any were skipped.

    No copy per event: events apply in place, and in the rare case that one no longer applies
    (it may have changed the state partly) the stretch starts again from `start()` without it.
    """
    reducer = reducer_for(game)
    skipped: dict[int, str] = {}
    while True:
        state = start()
        for ev in events:
            if ev.is_undo or ev.seq in undone or ev.seq in skipped:
                continue
            problem = reducer.replay_in_place(state, ev.op, ev.data, ev.at_ms)
            if problem:
                skipped[ev.seq] = problem
                break
        else:
            return state, skipped


def fold_onto(game: str, state: State, events: list[Event], undone: set[int]) -> State:
    """Fold events onto a copy of `state` (left untouched); return the new state."""
    return fold_from(game, lambda: copy_state(state), events, undone)[0]


def snapshot_usable(snap: int, undos: dict[int, int]) -> bool:
    """A snapshot at version `snap` holds only if no undo after it took back an edit before it."""
    return all(target > snap for seq, target in undos.items() if seq > snap)
