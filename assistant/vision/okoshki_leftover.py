"""Okoshki cards guessed where a zone's blobs hold a card-sized spot that nothing found
explains: the features found most cards, so a card's size is known, and a card lying among
others (its blob joined to theirs, its corners under them or notched by its own print) still
leaves a spot of its size and shape. Each guess is only a place to look: the faces decide."""

from __future__ import annotations

import cv2
import numpy as np

SMALL = 4  # the mask is searched at a quarter of the working size (its spots are card-sized)
DEEP = 0.38  # a spot whose middle lies this far (a share of the card's short side) inside
# the mask may hold a card (a card's own middle lies half its short side in)
ANGLES = np.deg2rad(np.arange(0, 180, 6.0))  # the turns tried (a card is the same at 180°)
_SHIFTS = np.stack(np.meshgrid(np.linspace(-0.2, 0.2, 5), np.linspace(-0.2, 0.2, 5)),
                   -1).reshape(-1, 2)  # the moves of a guess about its spot (shares of `short`)
FILLED = 0.8  # the share of a guess that must lie on the mask
TAKEN = 0.55  # the round a spot takes, as a share of the short side
MOST = 12  # guesses a photo at most (each costs a look at the faces)
_SPECKS = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))  # closed over (small size)
_GRID = np.stack(np.meshgrid(np.linspace(-0.45, 0.45, 7), np.linspace(-0.45, 0.45, 9)),
                 -1).reshape(-1, 2)  # where a guess is sampled, as shares of its sides


def _quad(centre: np.ndarray, short: float, long: float, angle: float) -> np.ndarray:
    """A short × long card at `centre` turned by `angle`, corners TL, TR, BR, BL."""
    u = np.array([np.cos(angle), np.sin(angle)])
    v = np.array([-np.sin(angle), np.cos(angle)])
    half = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    return np.float32([centre + a * short / 2 * u + b * long / 2 * v for a, b in half])


def _on_mask(mask: np.ndarray, centre: np.ndarray, short: float, long: float) -> np.ndarray:
    """For each turn in ANGLES, the share of a card at `centre` that lies on the mask."""
    c, s = np.cos(ANGLES)[:, None], np.sin(ANGLES)[:, None]
    gx, gy = _GRID[:, 0] * short, _GRID[:, 1] * long
    x = np.round(centre[0] + gx * c - gy * s).astype(int)
    y = np.round(centre[1] + gx * s + gy * c).astype(int)
    h, w = mask.shape
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    hits = np.zeros(x.shape, bool)
    hits[inside] = mask[y[inside], x[inside]] > 0
    return hits.mean(axis=1)


def spots(unexplained: np.ndarray, short: float, aspect: float) -> list[np.ndarray]:
    """Card outlines (TL, TR, BR, BL, working size) guessed on the mask of blobs no card
    found explains: `short` the cards' short side, `aspect` their long/short ratio; the
    deepest spots first, each guess turned the way the most of it lies on the mask."""
    small = cv2.resize(unexplained, (unexplained.shape[1] // SMALL,
                                     unexplained.shape[0] // SMALL),
                       interpolation=cv2.INTER_AREA)
    small = np.where(small > 127, 255, 0).astype(np.uint8)
    # the print's specks the blob lost inside the card would each be a spot's edge
    small = cv2.morphologyEx(small, cv2.MORPH_CLOSE, _SPECKS)
    s, long = short / SMALL, short * aspect / SMALL
    depth = cv2.distanceTransform(small, cv2.DIST_L2, 3)
    out = []
    while len(out) < MOST:
        _, top, _, (x, y) = cv2.minMaxLoc(depth)
        if top < DEEP * s:
            break
        # the deepest point is a card's middle only when the whole card shows: the guess is
        # moved about it, and turned, to where the most of it lies on the mask
        best, quad = -1.0, None
        for dx, dy in _SHIFTS * s:
            centre = np.array([x + dx, y + dy], np.float64)
            on = _on_mask(small, centre, s, long)
            k = int(np.argmax(on))
            if on[k] > best:
                best, quad = float(on[k]), _quad(centre, s, long, float(ANGLES[k]))
        # the spot is taken whether or not a card fits it: the next deepest is another spot
        # (its middle only: a guess over a plate larger than a card would take the card
        # beside it too)
        cv2.circle(depth, (x, y), round(TAKEN * s), 0, -1)
        if best >= FILLED:
            out.append(quad * SMALL + (SMALL - 1) / 2)
    return out
