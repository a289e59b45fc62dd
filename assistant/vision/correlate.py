"""Normalised correlation (OpenCV's TM_CCOEFF_NORMED) of many same-size templates over one
small window at once, as matrix products.

A Pisanki cell cut around its card's own centre is compared with its 48 candidate views
over only a few hundred positions; OpenCV's matchTemplate does each view alone through a
Fourier transform, which for windows this small costs about four times the product of the
window's patches with all the views' centred pixels (`benchmarks/pisanki_profile.py`).
The product is taken a template row at a time: a row of every patch is a run of the
window's row (pixels interleaved), so the patches need not be copied out whole (a copy of
10-25 MB per cell, a third of the product's CPU on a wider slide).
A cell whose card was not found by its outline is compared the same way, near the places a
few views find over the whole cell (views._located): over its whole margin (some 3,000
positions) this product would cost more than OpenCV's transforms.
"""

from __future__ import annotations

import cv2
import numpy as np


def centred(templates: np.ndarray, scale: tuple[float, ...] | None = None
            ) -> tuple[np.ndarray, np.ndarray]:
    """Templates (n, h, w, c) as correlate() takes them: each less its own mean per channel,
    flattened as they lie (pixels interleaved), and each one's norm. `scale`: each channel's
    factor, for templates given as their uint8 (the same numbers as scaling a float32 copy
    first)."""
    n, h, w, c = templates.shape
    flat = templates.astype(np.float32).reshape(n, h * w, c)
    if scale is not None:
        flat *= np.float32(scale)
    # each channel's mean in float64: numpy sums along a strided axis one by one, and a
    # float32 sum of thousands of pixels would be off by more than the scores' rounding
    flat -= flat.mean(axis=1, keepdims=True, dtype=np.float64).astype(np.float32)
    flat = flat.reshape(n, h * w * c)
    return flat, np.sqrt(np.einsum("ij,ij->i", flat, flat)).astype(np.float64)


def correlate(window: np.ndarray, flat: np.ndarray, norms: np.ndarray,
              shape: tuple[int, int]) -> np.ndarray:
    """cv2.matchTemplate(window, t, cv2.TM_CCOEFF_NORMED) for each centred template
    (`flat`, `norms` from centred(); each `shape` = (h, w)), as (n, y, x) scores."""
    th, tw = shape
    h, w, c = window.shape
    ny, nx = h - th + 1, w - tw + 1
    # a constant per channel changes no score; taking the window's mean away keeps the
    # float32 products small next to the score they add up to
    win = (window - window.reshape(-1, c).mean(axis=0)).astype(np.float32)
    # each window row's runs of tw pixels, one per x: (h rows × nx) runs of tw * c values
    runs = np.lib.stride_tricks.sliding_window_view(win.reshape(h, w * c), tw * c, axis=1)
    runs = np.ascontiguousarray(runs[:, ::c]).reshape(h * nx, tw * c)
    rows = flat.reshape(len(flat), th, tw * c)
    # template row i meets window rows y + i: the runs of rows i .. i + ny - 1, in place order
    num = runs[:ny * nx] @ rows[:, 0].T  # (positions, n)
    for i in range(1, th):
        num += runs[i * nx:(i + ny) * nx] @ rows[:, i].T
    num = num.T
    # each position's spread: its sums and squared sums per channel, from integral images
    total, squares = cv2.integral2(win.astype(np.float64), sdepth=cv2.CV_64F)

    def box(img: np.ndarray) -> np.ndarray:
        img = img.reshape(h + 1, w + 1, -1)
        return img[th:, tw:] - img[:-th, tw:] - img[th:, :-tw] + img[:-th, :-tw]

    sums, sq = box(total), box(squares).sum(axis=2)
    spread = np.maximum(sq - (sums * sums).sum(axis=2) / (th * tw), 0).reshape(-1)
    den = np.sqrt(spread)[None, :] * norms[:, None]
    # as OpenCV: a flat window scores 0; a ratio a rounding past ±1 is clipped
    flat_window = spread <= np.minimum(0.5, 10 * np.finfo(np.float32).eps * sq.reshape(-1))
    with np.errstate(divide="ignore", invalid="ignore"):
        score = np.where(np.abs(num) < den, num / den,
                         np.where(np.abs(num) < den * 1.125, np.sign(num), 0.0))
    score[:, flat_window] = 0.0
    return score.reshape(-1, ny, nx).astype(np.float32)
