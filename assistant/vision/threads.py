"""How a photo is read: OpenCV and the matrix library (BLAS) on one thread, and the
allocator keeping freed memory for the next photo (memory.keep_freed_memory)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

import cv2
from threadpoolctl import ThreadpoolController

from assistant.vision.memory import keep_freed_memory


@cache
def _controller() -> ThreadpoolController:
    # finding the loaded BLAS libraries takes a few milliseconds: once per process
    return ThreadpoolController()


@contextmanager
def one_thread() -> Iterator[None]:
    """Run the block with OpenCV and BLAS on one thread; give the caller's counts back after."""
    # a photo is read as hundreds or thousands of small images (cells, cards), where OpenCV's
    # second thread costs more CPU in waking and waiting than it saves: Okoshki CPU p95 per
    # photo 3.05 s with two threads, 2.13 s with one; Pisanki 4.6–5.1 s of CPU for 8 tables
    # with two, 4.3–4.4 s with one (benchmarks/pisanki_profile.py); the same answers. BLAS
    # alike: a Pisanki cell's 48-view product took 8.7 ms of CPU on two threads, 4.6 on one
    keep_freed_memory()  # once per process
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        with _controller().limit(limits=1, user_api="blas"):
            yield
    finally:
        cv2.setNumThreads(threads)
