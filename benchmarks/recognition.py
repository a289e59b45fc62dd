"""Recognition accuracy and speed on the sample photos and on a fresh set with other seeds.

Goals: Pisanki >= 99.5 % of cells right with every wrong cell flagged, p95 <= 1 s;
Okoshki >= 97 % of cards found, >= 99.5 % of found cards right, p95 <= 3 s.
Run: .venv/bin/python benchmarks/recognition.py [--fresh N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant.vision import evaluate, synth  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fresh", type=int, default=12, help="fresh photos per game")
    args = ap.parse_args()
    samples = ROOT / "sample_photos"
    p = evaluate.score_pisanki(evaluate.load(samples / "pisanki"))
    print(p.line("Pisanki, sample photos"))
    sizes = [(4, 6), (3, 6), (3, 5)]
    fresh = [synth.pisanki_photo(5000 + i, *sizes[i % 3], i % 3, 6 if i % 5 == 0 else 1)
             for i in range(args.fresh)]
    pf = evaluate.score_pisanki(fresh)
    print(pf.line(f"Pisanki, fresh seeds 5000-{5000 + args.fresh - 1}"))
    o = evaluate.score_okoshki(evaluate.load(samples / "okoshki"))
    print(evaluate.okoshki_line(o, "Okoshki, sample photos"))
    ofresh = [synth.okoshki_photo(6000 + i, 10 + (i * 7) % 21) for i in range(args.fresh)]
    of = evaluate.score_okoshki(ofresh)
    print(evaluate.okoshki_line(of, f"Okoshki, fresh seeds 6000-{6000 + args.fresh - 1}"))
    for m in (p.mistakes + pf.mistakes + o.mistakes + of.mistakes)[:20]:
        print("  mistake:", m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
