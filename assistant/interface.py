"""JSON in, JSON out: the INTERFACE.md shapes, shared by the command line and the API.

Each function takes the decoded JSON body and returns the JSON answer; bad input raises
ValueError with one line that names what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.games import kitsune, liski, okoshki, pisanki

JsonFn = Callable[[Any], Any]

# Game slug -> function, for `assistant score` / POST /api/<game>/score.
SCORERS: dict[str, JsonFn] = {
    "pisanki": pisanki.score_json,
    "okoshki": okoshki.score_json,
    "kitsune": kitsune.score_json,
}
# Game slug -> function, for `assistant check` / POST /api/<game>/check.
CHECKERS: dict[str, JsonFn] = {
    "liski": liski.check_json,
}
