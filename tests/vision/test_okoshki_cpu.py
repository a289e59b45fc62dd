"""Issue 27 (Okoshki CPU per photo): the faster ways of working out a zone's numbers give
the very numbers of the plain ways they replace."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import outlines


def _lab_like(seed: int, h: int = 120, w: int = 160) -> np.ndarray:
    """A float32 image with the ranges of OpenCV's 8-bit Lab, smooth patches and grain."""
    rng = np.random.default_rng(seed)
    base = rng.uniform(0, 255, (h // 8, w // 8, 3)).astype(np.float32)
    img = cv2.resize(base, (w, h), interpolation=cv2.INTER_LINEAR)
    return img + rng.normal(0, 3, img.shape).astype(np.float32)


def test_the_table_distance_is_numpys_to_the_bit():
    for seed in range(5):
        lab = _lab_like(seed)
        centres = np.random.default_rng(100 + seed).uniform(0, 255, (8, 3)).astype(np.float32)
        plain = np.full(lab.shape[:2], np.inf, np.float32)
        for c in centres:
            plain = np.minimum(plain, np.sqrt(((lab - c) ** 2).sum(axis=2)))
        fast = outlines.table_distance(lab, centres)
        assert fast.dtype == np.float32
        assert np.array_equal(fast, plain)


def test_no_table_colour_is_infinitely_far():
    lab = _lab_like(9)
    far = outlines.table_distance(lab, np.zeros((0, 3), np.float32))
    assert far.shape == lab.shape[:2] and np.isinf(far).all()
