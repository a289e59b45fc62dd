"""OpenCV on one thread while a photo is read."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import cv2


@contextmanager
def one_thread() -> Iterator[None]:
    """Run the block with OpenCV on one thread; give the caller's count back after."""
    # a photo is read as hundreds or thousands of small images (cells, cards), where OpenCV's
    # second thread costs more CPU in waking and waiting than it saves: Okoshki CPU p95 per
    # photo 3.05 s with two threads, 2.13 s with one; Pisanki 4.6–5.1 s of CPU for 8 tables
    # with two, 4.3–4.4 s with one (benchmarks/pisanki_profile.py); the same answers
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        yield
    finally:
        cv2.setNumThreads(threads)
