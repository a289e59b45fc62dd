"""Complete hand-worked Pisanki games (tests/games/cases/pisanki/*.json) through the API shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.games.pisanki import score_json

CASES = sorted((Path(__file__).parent / "cases" / "pisanki").glob("*.json"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_hand_worked_game(path):
    case = json.loads(path.read_text())
    out = score_json(case["input"])
    got = {p["name"]: {**p["lines"], "total": p["total"]} for p in out["players"]}
    assert got == case["expected"]
    assert out["winners"] == case["winners"]


def test_there_are_at_least_ten_games_covering_every_player_count():
    counts = {len(json.loads(p.read_text())["input"]["players"]) for p in CASES}
    assert len(CASES) >= 10 and counts == {2, 3, 4, 5}
