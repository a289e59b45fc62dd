"""CPU seconds of one Okoshki zone photo (17 cards, the drawn deck) read three times, with the
OpenCV of the running Python: to compare OpenCV releases before moving constraints.txt.

Run: .venv/bin/python benchmarks/opencv_speed.py   (with another venv's Python for another
release; 2026-12-02, idle: 4.12.0 2.7 s, 4.13.0 2.3–2.8 s, 4.14.0 1.8–1.9 s, 5.1.0 1.9 s warm)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.vision import okoshki, synth  # noqa: E402
from assistant.vision.api import recognise_okoshki  # noqa: E402


def main() -> None:
    """Print the release and the CPU seconds of each of three reads of the same photo."""
    data, _ = synth.okoshki_photo(7600, 17)
    okoshki.references()  # built once, as a running server has them
    cpu = []
    for _ in range(3):
        c0 = time.process_time()
        recognise_okoshki(data)
        cpu.append(time.process_time() - c0)
    print(f"OpenCV {cv2.__version__}: Okoshki zone photo CPU seconds",
          ", ".join(f"{c:.2f}" for c in cpu))


if __name__ == "__main__":
    main()
