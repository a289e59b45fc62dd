"""Whether the faces cut from a registration layout photo are the cards themselves: the cards
of a deck share their frame (the printed border, the window's frame), so cut right they agree
with one another round their edges; a layout cut a card or half a card off gives faces that
are parts of two cards, or of the table, and agree far less. Pure OpenCV."""

from __future__ import annotations

import cv2
import numpy as np

SW, SH = 60, 84  # the size each face is compared at (5:7)
RIM = 0.2  # the outer share of a face compared (the scenes inside differ card by card)
# Measured on the fitted cuts (dark or full-bleed cards) of decks 8, 10, 12 and deck 12's 21
# variants, layout seeds 7500-7505, 7700-7720 (8, 10), 7800-7805 (8, 10, 12), 7500-7502 (the
# variants): cut right (112 photos), the median agreement is 0.78-0.97 and the outer sides
# 0.74-0.95; cut a card or part of one off (15 photos), the outer sides are -0.1-0.28 and the
# agreement 0.23-0.91 (a layout cut the same part of a card off everywhere agrees with itself)
# (benchmarks/layout_cut_check.py prints both)
AGREE_LEAST = 0.6  # the least median agreement of a layout cut right
SIDE_LEAST = 0.5  # the least agreement of a layout cut right on each of its outer sides
SIDE = 0.2  # the share of a face on the layout's outer side compared there
WELL_CUT = 0.7  # a face that agrees this well with the others is cut at its card's edges
ODD = 0.5  # a face that agrees less is cut off its card (deck 8: cut 0.2-0.5 card off)
FEW_ODD = 2  # a layout cut again is taken when at most this many faces are odd


def _grey(faces: list[np.ndarray]) -> np.ndarray:
    """The faces in grey at SW × SH (float32)."""
    return np.stack([cv2.resize(cv2.cvtColor(f, cv2.COLOR_BGR2GRAY) if f.ndim == 3 else f,
                                (SW, SH), interpolation=cv2.INTER_AREA).astype(np.float32)
                     for f in faces])


def _alike(parts: np.ndarray) -> np.ndarray:
    """Each row of `parts` (one face's pixels) correlated with their median row."""
    v = (parts - parts.mean(axis=1, keepdims=True)) / (parts.std(axis=1, keepdims=True) + 1e-6)
    common = np.median(v, axis=0)
    common = (common - common.mean()) / (common.std() + 1e-6)
    return v @ common / v.shape[1]


def agreements(faces: list[np.ndarray]) -> np.ndarray:
    """How well each cut face agrees with the others round its edges: its outer rim (grey,
    its brightness and contrast evened out) correlated with the median rim of all the faces
    (1: alike; about 0: no common frame)."""
    rim = np.ones((SH, SW), bool)
    my, mx = round(SH * RIM), round(SW * RIM)
    rim[my:SH - my, mx:SW - mx] = False
    return _alike(_grey(faces)[:, rim])


def outer_sides(faces: list[np.ndarray], rows: int, cols: int) -> float:
    """How well the layout's outer cards agree with the others on their outer side (the left
    part of the first column's faces, the top part of the first row's...): the least of the
    four sides. A layout cut a part of a card off the same way everywhere gives faces that
    agree with one another, but on one side its outer faces hold the table instead of the
    part of the next card the others hold there."""
    grey = _grey(faces)
    sx, sy = round(SW * SIDE), round(SH * SIDE)
    sides = ((np.s_[:, :, :sx], [r * cols for r in range(rows)]),
             (np.s_[:, :, SW - sx:], [r * cols + cols - 1 for r in range(rows)]),
             (np.s_[:, :sy, :], list(range(cols))),
             (np.s_[:, SH - sy:, :], [(rows - 1) * cols + c for c in range(cols)]))
    return min(float(np.median(_alike(grey[part].reshape(len(faces), -1))[cells]))
               for part, cells in sides)


def agreement(faces: list[np.ndarray]) -> float:
    """How well a layout's cut faces agree round their edges: the median of agreements."""
    return float(np.median(agreements(faces)))


def cut_right(faces: list[np.ndarray], rows: int, cols: int) -> bool:
    """Whether a layout's cut faces agree as one deck's cards cut at their edges do (on the
    whole, and on the layout's outer sides)."""
    return agreement(faces) >= AGREE_LEAST and outer_sides(faces, rows, cols) >= SIDE_LEAST


def cut_sure(faces: list[np.ndarray], rows: int, cols: int) -> bool:
    """Whether a layout cut again agrees as one deck's cards cut at their edges do, all but
    FEW_ODD of them (a layout's first cut is taken when right on the whole: cut_right)."""
    agree = agreements(faces)
    return (float(np.median(agree)) >= AGREE_LEAST and int((agree < ODD).sum()) <= FEW_ODD
            and outer_sides(faces, rows, cols) >= SIDE_LEAST)


def odd_ones(faces: list[np.ndarray]) -> list[int]:
    """The faces that agree less than ODD with the others (cut off their card)."""
    return [int(k) for k in np.flatnonzero(agreements(faces) < ODD)]
