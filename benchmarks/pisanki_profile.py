"""Where a Pisanki photo's CPU goes, after registration: a cProfile of a few fresh tables.

Registers the deck as recognition2.py does (four confirmed tables, each fresh table learned
after it is read, so the views grow as in the benchmark), then profiles vp.recognise on
`--tables` fresh tables and prints the CPU per table and the costliest functions.
Run: nice -n 10 .venv/bin/python benchmarks/pisanki_profile.py [--deck 2..8 | 10 | 12] [--tables 6]
     [--dump answers.json]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import recognition2 as r2  # noqa: E402

from assistant.vision import pisanki as vp  # noqa: E402
from assistant.vision import register, synth  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", type=int, choices=(2, 3, 4, 5, 6, 7, 8, 10, 12), default=2,
                    help="a development deck (3, 5 and 7 are spent judges; never 9 or 11); "
                         "10: engraved navy cards (drawn as a judge, development data since); "
                         "12: painted full-colour cards on a terracotta stock")
    ap.add_argument("--tables", type=int, default=6)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--dump", help="write every cell's answer (card, confidence, unsure) here "
                    "as JSON, to check that a change of speed changes no answer")
    args = ap.parse_args()
    decks = {2: r2.deck2, 3: r2.deck3, 4: r2.deck4, 5: r2.deck5, 6: r2.deck6, 7: r2.deck7,
             8: r2.deck8, 10: r2.deck10, 12: r2.deck12}
    r2.D.deck, r2.D.number = decks[args.deck], args.deck
    prof = cProfile.Profile()
    answers = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        r2.pisanki_register(folder)
        cpu = []
        for i in range(args.tables):
            data, truth = r2.fresh_table(7200 + i)
            c0 = time.process_time()
            prof.enable()
            res = vp.recognise(data, truth["rows"], truth["cols"])
            prof.disable()
            answers.append([[synth.card_json(g.card), g.confidence, g.unsure]
                            for row in res.grid for g in row])
            cpu.append(time.process_time() - c0)
            register.learn_pisanki(data, truth["grid"], folder)
        register.use_folder(None)
    if args.dump:
        Path(args.dump).write_text(json.dumps(answers))
    print(f"deck {args.deck}: CPU per table", " ".join(f"{c:.2f}" for c in cpu),
          f"(total {sum(cpu):.2f} s)")
    pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)
    pstats.Stats(prof).sort_stats("cumtime").print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
