"""A drawn Pisanki face as views.classify receives it: a cell cut with the margin."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import views


def cut_cell(face: np.ndarray, dx: float = 0.0, turned: bool = False,
             blur: float = 1.0) -> np.ndarray:
    """The card as a cut cell, `dx` cell pixels off centre, either way round, blurred by
    `blur` (a photo's softness)."""
    h, w = face.shape[:2]
    if turned:
        face = cv2.rotate(face, cv2.ROTATE_180)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), 0, views.SW / (w * (1 + 2 * views.MARGIN)))
    m[:, 2] += (views.SW / 2 - w / 2 + dx, views.SH / 2 - h / 2)
    cell = cv2.warpAffine(face, m, (views.SW, views.SH), flags=cv2.INTER_AREA,
                          borderValue=(60, 70, 80))
    return cv2.GaussianBlur(cell, (0, 0), blur)


def laid(face: np.ndarray, rng: np.random.Generator, turn: float = 2.0, shift: float = 3.0,
         blur: tuple[float, float] = (0.6, 1.5),
         border: tuple[int, int, int] = (60, 70, 80)) -> np.ndarray:
    """The card as a hand-laid cut cell: turned up to `turn`°, shifted up to `shift` cell
    pixels, blurred by a draw from `blur` (in that order from `rng`), on `border`."""
    h, w = face.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), rng.uniform(-turn, turn),
                                views.SW / (w * (1 + 2 * views.MARGIN)))
    m[:, 2] += (views.SW / 2 - w / 2, views.SH / 2 - h / 2) + rng.uniform(-shift, shift, 2)
    cell = cv2.warpAffine(face, m, (views.SW, views.SH), flags=cv2.INTER_AREA,
                          borderValue=border)
    return cv2.GaussianBlur(cell, (0, 0), rng.uniform(*blur))
