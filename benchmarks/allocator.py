"""What glibc's allocator costs a photo's reading: Okoshki zones and Pisanki tables of the
drawn deck read with the allocator as it comes and as memory.keep_freed_memory sets it, each
in a fresh process, on the main thread and on a worker thread (as the web server reads a
photo); user and system CPU and page faults over the photos (after one to warm up).
Run: nice -n 10 .venv/bin/python benchmarks/allocator.py [--zones 12] [--tables 6]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

READ = """
import resource, sys, threading
sys.path.insert(0, {root!r})
from assistant.vision import memory, synth
from assistant.vision import okoshki as vo
from assistant.vision import pisanki as vp
if sys.argv[1] == "keep":
    memory.keep_freed_memory()
else:  # the reading would set it up: leave the allocator as it comes
    memory.keep_freed_memory = lambda: False
    import assistant.vision.threads as th
    th.keep_freed_memory = memory.keep_freed_memory
zones = [synth.okoshki_photo(6000 + i, 10 + (i * 7) % 21)[0] for i in range({zones})]
tables = [synth.pisanki_photo(5000 + i, 4, 6)[0] for i in range({tables})]

def run():
    vo.recognise(zones[0])
    vp.recognise(tables[0], 4, 6) if tables else None
    who = resource.RUSAGE_THREAD if sys.argv[2] == "thread" else resource.RUSAGE_SELF
    for name, photos, read in (("okoshki", zones, vo.recognise),
                               ("pisanki", tables, lambda d: vp.recognise(d, 4, 6))):
        r0 = resource.getrusage(who)
        for p in photos:
            read(p)
        r1 = resource.getrusage(who)
        print(name, len(photos), r1.ru_utime - r0.ru_utime, r1.ru_stime - r0.ru_stime,
              r1.ru_minflt - r0.ru_minflt)

if sys.argv[2] == "thread":
    t = threading.Thread(target=run)
    t.start()
    t.join()
else:
    run()
"""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--zones", type=int, default=12)
    ap.add_argument("--tables", type=int, default=6)
    args = ap.parse_args()
    code = READ.format(root=str(ROOT), zones=args.zones, tables=args.tables)
    for where in ("main", "thread"):
        for mode in ("default", "keep"):
            out = subprocess.run([sys.executable, "-c", code, mode, where], check=True,
                                 capture_output=True, text=True).stdout
            for line in out.splitlines():
                name, n, user, system, faults = line.split()
                print(f"{name:8} {where:6} thread, allocator {mode:7}: {n} photos, user "
                      f"{float(user):5.1f} s, system {float(system):4.1f} s, "
                      f"page faults {int(faults):7d}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
