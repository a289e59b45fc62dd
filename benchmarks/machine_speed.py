"""How fast this machine runs right now: a pure-Python loop of 20 M additions, timed (CPU).

The 2-core machine's speed drifts by a third and more between hours (the loop took 1.06 s at
the fastest hour measured and 2.8 s at the slowest), so a CPU figure per photo says little
without it: recognition2.py and okoshki_profile.py print this line beside their figures, and
only runs at a like loop time (or paired runs, back to back) compare.
Run: .venv/bin/python benchmarks/machine_speed.py
"""

from __future__ import annotations

import time


def loop_seconds() -> float:
    """CPU seconds of a pure-Python loop of 20 M additions."""
    t0 = time.process_time()
    # at module level, as `python3 -c` runs it (a function's local loop runs 2.5 times faster):
    # the figures of earlier passes were measured so
    exec("total = 0\nfor i in range(20_000_000):\n    total += i", {})
    return time.process_time() - t0


def line() -> str:
    """One line saying how fast the machine ran the loop, with the UTC time."""
    return (f"machine speed at {time.strftime('%H:%M', time.gmtime())} UTC: a pure-Python loop "
            f"of 20 M additions took {loop_seconds():.2f} s of CPU (fastest hour seen 1.06 s, "
            f"slowest 2.8 s)")


if __name__ == "__main__":
    print(line())
