"""Okoshki zones of a development deck, timed (CPU) and optionally profiled, with every answer
printed, so that two versions of the code can be compared on the same photos back to back.

The deck is registered once per code version (the registered folder is kept under --cache);
then the zones 7600+i of benchmarks/recognition2.py are recognised. `--root` runs another
checkout's code (e.g. main's) with the same photos: the paired runs the CPU goal needs, since
this machine's speed varies by a third between hours.
Run: nice -n 10 .venv/bin/python benchmarks/okoshki_profile.py --deck 2 --zones 5 [--profile]
     nice -n 10 .venv/bin/python benchmarks/okoshki_profile.py --root /path/to/main ...
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import json
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import machine_speed  # noqa: E402  (this checkout's, whichever --root is read)


def zone_cards(i: int) -> int:
    """How many cards the i-th zone holds (as benchmarks/recognition2.py's zones)."""
    return 10 + (i * 7) % 21


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    # deck 10 was drawn as a judge, but choices were made looking at it on 2026-12-02
    # (README): a development deck since; 3, 5, 7, 9 and 11 stay judges; 12 was drawn as
    # development data
    ap.add_argument("--deck", type=int, choices=(2, 4, 6, 8, 10, 12), default=2)
    ap.add_argument("--trait", help="with --deck 12: deck 12 with a trait added "
                    "(benchmarks/deck_traits.py: miscut, round, 23, suitstock, outline, "
                    "halftone, midindex, all; bigdots, flat, flat-all)")
    ap.add_argument("--zones", type=int, default=5)
    ap.add_argument("--first", type=int, default=0, help="the first zone (7600 + first)")
    ap.add_argument("--seed", type=int, default=7600, help="zone seeds start here")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--pstats", help="with --profile: also write the raw profile here "
                    "(python -m pstats F, to see callers)")
    ap.add_argument("--cache", default="/tmp/okoshki-profile")
    ap.add_argument("--quiet", action="store_true", help="no answers, only the figures")
    ap.add_argument("--dump", help="write every card's answer (id, confidence, unsure, outline) "
                    "here as JSON, to check that a change of speed changes no answer")
    args = ap.parse_args()
    root = Path(args.root).resolve()
    sys.path.insert(0, str(root))
    sys.path.insert(0, str(root / "benchmarks"))
    import numpy as np
    import recognition2 as r2

    from assistant.games import okoshki as ok
    from assistant.vision import evaluate, register, synth
    from assistant.vision import okoshki as vo

    if args.trait:
        if args.deck != 12:
            ap.error("--trait needs --deck 12")
        import deck_traits

        dk = deck_traits.namespace(f"12-{args.trait}")
    else:
        dk = __import__(f"deck{args.deck}")
    faces = dk.okoshki_faces()
    # the registration's code (okoshki_find, register) is the same in the versions compared:
    # one registered folder per deck and per version of those files
    h = hashlib.sha256()
    for name in ("register.py", "layout.py", "layout_fit.py", "layout_refine.py",
                 "okoshki_find.py", "outlines.py", "okoshki_shape.py"):
        h.update((root / "assistant" / "vision" / name).read_bytes())
    deck_name = f"deck{args.deck}"
    if args.trait:  # the variant's drawing is part of what was registered
        for name in ("deck12.py", "deck_traits.py"):
            h.update((Path(__file__).resolve().parent / name).read_bytes())
        deck_name += f"-{args.trait}"
    folder = Path(args.cache) / f"{deck_name}-{h.hexdigest()[:12]}"
    if not (folder / "done").exists():
        folder.mkdir(parents=True, exist_ok=True)
        grid = r2.layout([c.id for c in ok.DECK], 6, 8)
        photos = []
        for k in range(3):  # as recognition2 does: another photo while one is refused
            data, _ = synth.hand_table_photo(7500 + k, grid, lambda cid: faces[cid],
                                             (dk.W, dk.H), dk.mask(), turned=0.0,
                                             gap=(0.02, 0.05), ground="cloth")
            photos.append(data)
            try:
                register.register_okoshki_photos(photos, folder)
                break
            except register.RegisterError as exc:
                refused = exc
        else:  # never registered: nothing is kept as if it were
            sys.exit(f"deck {args.deck}: registration refused three photos ({refused})")
        (folder / "done").write_text("ok")
    register.use_folder(folder)
    vo.recognise(synth.okoshki_photo(1, 3, faces, dk.mask())[0])  # warm the references
    # process time, as the CPU figures: the wall clock counts the other helpers' turns too
    prof = cProfile.Profile(time.process_time) if args.profile else None
    cpu, total, exact = [], evaluate.Score(), 0
    answers = {}
    for i in range(args.first, args.first + args.zones):  # the zones of recognition2.py
        photo = synth.okoshki_photo(args.seed + i, zone_cards(i), faces, dk.mask())
        t0 = time.process_time()
        if prof:
            prof.enable()
        res = vo.recognise(photo[0])
        if prof:
            prof.disable()
        cpu.append(time.process_time() - t0)
        answers[str(args.seed + i)] = [[c.id, c.confidence, c.unsure, c.quad] for c in res.cards]
        if hasattr(evaluate, "add_okoshki"):  # the zone's answer counted as it is
            sc = evaluate.Score()
            evaluate.add_okoshki(sc, res, photo[1])
        else:  # an older checkout (--root): it recognises the zone again
            sc = evaluate.score_okoshki([photo])
        exact += sc.found == sc.total and sc.wrong == 0 and sc.invented == 0
        for f in ("total", "right", "wrong_flagged", "wrong", "found", "invented",
                  "right_flagged"):
            setattr(total, f, getattr(total, f) + getattr(sc, f))
        if not args.quiet:
            print(f"zone {args.seed + i}: {cpu[-1]:.2f} s,",
                  " ".join(f"{c.id}{'?' if c.unsure else ''}" for c in res.cards))
    c = np.array(cpu)
    print(machine_speed.line())
    print(f"{deck_name} root {root.name}: {len(c)} zones, CPU median {np.median(c):.2f} "
          f"mean {c.mean():.2f} p95 {np.percentile(c, 95):.2f}; found {total.found}/"
          f"{total.total}, right {total.right}, wrong {total.wrong} "
          f"(marked {total.wrong_flagged}), invented {total.invented}, right marked unsure "
          f"{total.right_flagged}, zones exact {exact}/{len(c)}")
    if args.dump:
        Path(args.dump).write_text(json.dumps(answers, indent=0))
    if prof:
        if args.pstats:
            prof.dump_stats(args.pstats)
        s = io.StringIO()
        pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(25)
        print(s.getvalue())
        s = io.StringIO()
        pstats.Stats(prof, stream=s).sort_stats("cumulative").print_stats(30)
        print(s.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
