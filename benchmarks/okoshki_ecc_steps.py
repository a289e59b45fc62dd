"""How many ECC steps the close look's moves need: deck 6's zones are read once (as
benchmarks/okoshki_profile.py does) with every view's move recorded, then every move is made
again with 5 to 60 steps, timed (CPU), and compared with the 60-step move.

A move differs when its shift differs by over half a pixel or its turn/scale by over 1 %.
Run: nice -n 10 .venv/bin/python benchmarks/okoshki_ecc_steps.py [--deck 6] [--zones 6]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import okoshki_profile  # noqa: E402

from assistant.vision import okoshki_settle  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", type=int, choices=(2, 4, 6), default=6)
    ap.add_argument("--zones", type=int, default=6)
    args = ap.parse_args()
    moves: list[tuple] = []
    move = okoshki_settle._move

    def recording(flat_grey, ref_grey, seen=None):
        moves.append((flat_grey.copy(), ref_grey.copy(), None if seen is None else seen.copy()))
        return move(flat_grey, ref_grey, seen)

    okoshki_settle._move = recording
    sys.argv = ["okoshki_profile.py", "--deck", str(args.deck), "--zones", str(args.zones),
                "--quiet"]
    okoshki_profile.main()
    okoshki_settle._move = move
    print(f"{len(moves)} moves recorded (the steps in use: {okoshki_settle.MOVE_STEPS})")
    cv2.setNumThreads(1)  # as a zone is read
    kept = okoshki_settle.MOVE_STEPS
    made = {}
    for steps in (60, 30, 20, 10, 5):
        okoshki_settle.MOVE_STEPS = steps
        t0 = time.process_time()
        made[steps] = [move(*m) for m in moves]
        cpu = time.process_time() - t0
        differ = sum(1 for a, b in zip(made[steps], made[60], strict=True)
                     if np.abs(a[:, 2] - b[:, 2]).max() > 0.5
                     or np.abs(a[:, :2] - b[:, :2]).max() > 0.01)
        print(f"{steps:2d} steps: CPU {cpu:.2f} s ({1000 * cpu / len(moves):.1f} ms a move), "
              f"{differ} of {len(moves)} moves differ from the 60-step move")
    okoshki_settle.MOVE_STEPS = kept
    return 0


if __name__ == "__main__":
    sys.exit(main())
