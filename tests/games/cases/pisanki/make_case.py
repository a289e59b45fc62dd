"""Write a Pisanki case file from compact boards (see tests/games/pisanki_boards.py).

The expected numbers in each case were worked out by hand, card by card, before the engine
ran on them; `worked` keeps that working. Run: python tests/games/cases/pisanki/make_case.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[3]))

from tests.games.pisanki_boards import as_json, board  # noqa: E402


def write(name: str, scoring: dict, players: list[tuple[str, list[str]]], expected: dict,
          winners: list[str], worked: list[str], bunny: dict | None = None) -> None:
    body = {"scoring": scoring,
            "players": [{"name": n, "grid": as_json(board(*rows))} for n, rows in players]}
    if bunny is not None:
        body["bunny"] = bunny
    case = {"input": body, "expected": expected, "winners": winners, "worked": worked,
            "boards": {n: rows for n, rows in players}}
    (HERE / f"{name}.json").write_text(json.dumps(case, indent=1, ensure_ascii=False) + "\n")
