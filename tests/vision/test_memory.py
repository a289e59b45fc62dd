"""The allocator keeps the memory a photo's reading frees: the next photo's large images
reuse it instead of being handed over by the kernel page by page again."""

from __future__ import annotations

import subprocess
import sys

from assistant.vision import memory, threads

# images of a photo's sizes made and freed, six times over: the page faults of each round
ROUNDS = """
import resource, sys
import numpy as np
if sys.argv[1] == "keep":
    from assistant.vision.memory import keep_freed_memory
    assert keep_freed_memory()
counts = []
for _ in range(6):
    f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    parts = [np.ones(n << 20, np.uint8) for n in (20, 16, 12, 20, 16, 12, 8)]
    del parts
    counts.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0)
print(*counts)
"""


def _faults(mode: str) -> list[int]:
    out = subprocess.run([sys.executable, "-c", ROUNDS, mode], capture_output=True, text=True,
                         check=True).stdout
    return [int(x) for x in out.split()]


def test_freed_images_are_reused_not_faulted_in_again():
    kept, default = _faults("keep"), _faults("default")
    # 104 MB a round: by default each round after the first faults most of it in again (the
    # heap gives back what exceeds twice the largest image freed); about 3,600 faults here,
    # the kernel mapping several pages a fault
    assert min(default[1:]) > 0.5 * default[0]
    assert max(kept[1:]) < 0.05 * kept[0]


def test_a_photo_is_read_with_the_allocator_set_up(monkeypatch):
    calls = []
    monkeypatch.setattr(threads, "keep_freed_memory", lambda: calls.append(1) or True)
    with threads.one_thread():
        pass
    assert calls == [1]


def test_the_setting_is_made_once_and_says_whether_it_could_be():
    memory.keep_freed_memory.cache_clear()
    assert memory.keep_freed_memory() is True  # glibc here
    assert memory.keep_freed_memory.cache_info().hits == 0
    assert memory.keep_freed_memory() is True
    assert memory.keep_freed_memory.cache_info().hits == 1
