"""How unlike each other a drawn deck's faces are (the deck tests of decks 5 and 6)."""

from __future__ import annotations

import cv2
import numpy as np


def blocks(face: np.ndarray) -> np.ndarray:
    """The face as 8 × 8-pixel block means: what a glance at the card shows."""
    h, w = face.shape[:2]
    return cv2.resize(face, (w // 8, h // 8), interpolation=cv2.INTER_AREA).astype(np.float32)


def least_difference(faces: list[np.ndarray]) -> float:
    """Over every pair of faces, the smallest of their largest block differences."""
    b = np.stack([blocks(f) for f in faces])
    least = np.inf
    for i in range(len(b) - 1):
        d = np.abs(b[i + 1:] - b[i]).reshape(len(b) - i - 1, -1).max(axis=1)
        least = min(least, float(d.min()))
    return least
