"""Time scoring a whole 5-player Pisanki game (goal: under 50 ms).

Scores the hand-worked 5-player case and random full 5-player tables with the hardest shape
cards (7, 12, 13, 15 on four egg types), and prints the median and p95 in milliseconds.
Run: .venv/bin/python benchmarks/pisanki_score.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.games.pisanki import CLOTHS, EGGS, FLOWERS, score_json  # noqa: E402


def random_game(rng: random.Random) -> dict:
    def card():
        cloth = rng.choice(CLOTHS)
        egg = rng.choice(EGGS[:3])  # few egg types: big groups, many shape sets
        flowers = [rng.choice(FLOWERS)] * rng.choice((0, 0, 1))
        return {"cloth": cloth, "egg": egg, "flowers": flowers}
    return {
        "scoring": {"eggs": {"purple": 7, "red": 12, "orange": 13, "yellow": 15, "green": 1,
                             "blue": 2}, "flowers": 2, "tablecloths": 3, "display": 3},
        "players": [{"name": f"P{i}", "grid": [[card() for _ in range(5)] for _ in range(3)]}
                    for i in range(5)],
    }


def timed(body: dict, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        score_json(body)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def report(name: str, ms: list[float]) -> None:
    ms.sort()
    print(f"{name}: median {statistics.median(ms):.2f} ms, p95 {ms[int(len(ms) * 0.95)]:.2f} ms, "
          f"max {ms[-1]:.2f} ms over {len(ms)} runs")


def main() -> int:
    case = ROOT / "tests/games/cases/pisanki/g08_five_players_four_way_tie.json"
    report("hand-worked 5-player game", timed(json.loads(case.read_text())["input"], 200))
    rng = random.Random(7)
    ms = []
    for _ in range(200):
        ms += timed(random_game(rng), 1)
    report("random 5-player games, shape cards on 4 eggs", ms)
    return 0


if __name__ == "__main__":
    sys.exit(main())
