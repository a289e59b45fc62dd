"""Image bombs are refused before decoding; what is read stays under 600 MB and 3 s.

Each file is sent through both recognisers (as /api/recognise does) in a fresh Python
process, whose peak resident memory (ru_maxrss) is the figure checked; the seconds (printed,
not asserted: the machine is shared) are those of both answers after the references are
built, as in a running server.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.vision import bombs

ROOT = Path(__file__).parents[2]
CEILING_MB = 600

PROBE = r"""
import json, resource, sys, time
from assistant.vision import okoshki, pisanki
from assistant.vision.api import RecognitionError, recognise_okoshki, recognise_pisanki
okoshki.references(), pisanki.references()  # a running server has these already
data = open(sys.argv[1], "rb").read()
t0 = time.perf_counter()
cpu0 = sum(resource.getrusage(resource.RUSAGE_SELF)[:2])
answers = []
for call in (lambda: recognise_pisanki(data, 4, 6), lambda: recognise_okoshki(data)):
    try:
        call()
        answers.append("read")
    except RecognitionError as exc:
        answers.append(str(exc))
seconds = time.perf_counter() - t0
use = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"answers": answers, "seconds": seconds, "cpu": use.ru_utime + use.ru_stime - cpu0,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def probe(path: Path) -> dict:
    """Peak memory, seconds and answers of both recognisers on one file, in a subprocess."""
    out = subprocess.run([sys.executable, "-c", PROBE, str(path)], cwd=ROOT, check=True,
                         capture_output=True, text=True, timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def bomb_files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bombs")
    files = {}
    for i, (name, (maker, _)) in enumerate(bombs.BOMBS.items()):
        files[name] = folder / f"bomb-{i}"
        files[name].write_bytes(maker())
    return files


@pytest.mark.parametrize("name", list(bombs.BOMBS))
def test_a_bomb_is_answered_within_the_memory_ceiling(name, bomb_files):
    fate = bombs.BOMBS[name][1]
    got = probe(bomb_files[name])
    print(f"\n{name}: {bomb_files[name].stat().st_size} bytes, peak {got['peak_mb']:.0f} MB, "
          f"{got['seconds']:.2f} s ({got['cpu']:.2f} s CPU), {got['answers'][0]}")
    assert got["peak_mb"] < CEILING_MB
    for answer in got["answers"]:
        if fate == "refused":
            assert "\n" not in answer
            assert any(w in answer for w in ("too large", "not read", "not a photo")), answer
        else:  # read (a one-colour image: no cards; the Pisanki one says so in one line)
            assert answer == "read" or answer.startswith("No display table found"), answer


def test_opencv_fence_is_set_before_any_decoding():
    out = subprocess.run([sys.executable, "-c",
                          "import os, assistant.vision.decode; "
                          "print(os.environ['OPENCV_IO_MAX_IMAGE_PIXELS'])"],
                         cwd=ROOT, check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "50000000"
