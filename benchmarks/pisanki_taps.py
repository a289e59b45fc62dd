"""How many taps a realistic 4×6 Pisanki table takes with the page's brushes (issue 17: ≤ 50).

Deals N tables as issue 17 describes them (three cloths, six egg colours, two double eggs, six
flowers, one face down; see tests/browser/pisanki_plan.py), plans the taps with the brush rules
of static/js/pisanki.js and prints the spread. tests/browser/test_pisanki_taps.py makes the same
taps in Chromium on the first of these tables and checks the server holds exactly that table.

    .venv/bin/python benchmarks/pisanki_taps.py [N]
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.pisanki_plan import plan, realistic_table  # noqa: E402


def main() -> None:
    """Print the tap counts over N dealt tables."""
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    counts = sorted(len(plan(realistic_table(seed))) for seed in range(n))
    at_most_50 = sum(c <= 50 for c in counts)
    print(f"tables: {n}")
    print(f"taps: min {counts[0]}, median {statistics.median(counts):g}, "
          f"90th percentile {counts[int(0.9 * (n - 1))]}, max {counts[-1]}")
    print(f"tables in at most 50 taps: {at_most_50} of {n} ({100 * at_most_50 / n:.0f} %)")
    print(f"seconds at 2 s a tap (median): {2 * statistics.median(counts):.0f}")


if __name__ == "__main__":
    main()
