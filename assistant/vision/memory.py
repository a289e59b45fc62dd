"""glibc's allocator told to keep the memory a photo's reading frees for the next photo."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # mallopt's parameter numbers (malloc.h)
MMAP_AT_LEAST = 32 << 20  # blocks under this come from the heap, not a fresh mapping each
TRIM_AT_LEAST = 256 << 20  # the heap keeps this much freed memory before it gives some back
# By default every large image (a SIFT pyramid level, a mask the size of the photo) is a
# fresh mapping, whose pages the kernel hands over one fault at a time and takes back when
# it is freed: some 40,000 page faults an Okoshki zone, 7 % of its CPU (deck 6, 12 zones:
# 1.6 s of system time, 0.1 s with these settings; a trim threshold of 128 MB kept half of
# it, 64 MB none). The price: up to that much freed memory stays with the process between
# photos (a photo's reading already needs about as much at its peak).


@cache
def keep_freed_memory() -> bool:
    """Set the allocator up once per process; False where it is not glibc's (no mallopt)."""
    try:
        mallopt = ctypes.CDLL(ctypes.util.find_library("c")).mallopt
    except (OSError, AttributeError, TypeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_AT_LEAST)) and \
        bool(mallopt(M_TRIM_THRESHOLD, TRIM_AT_LEAST))
