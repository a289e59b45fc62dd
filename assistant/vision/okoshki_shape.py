"""Okoshki card outlines on a photo: plausible quads, how two overlap, a card warped flat."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import cv2
import numpy as np

from assistant.vision.okoshki_describe import SH, SW, _card_balanced

RATIOS = (1.1, 1.8)  # a 5:7 card's long/short ratios taken, turns and perspective included
DRAWN = 1.4  # the card shape RATIOS are around (the drawn deck's 5:7)


def _quad_ok(quad: np.ndarray, img_shape: tuple[int, ...], aspect: float = DRAWN) -> bool:
    """A plausible card outline: convex, card-shaped (`aspect`: the deck's long/short
    ratio, card_aspect), of a sensible size."""
    if not cv2.isContourConvex(quad.astype(np.int32)):
        return False
    w = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    h = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    if w < 40 or h < 56:
        return False
    ratio = h / w
    side = max(img_shape[:2])
    # a taller or squarer deck keeps as much room for perspective as a 5:7 one (a tarot
    # card, 1.71, seen a little slanted is over 1.8; only ever widened, never narrowed)
    lo = RATIOS[0] * min(aspect, DRAWN) / DRAWN
    hi = RATIOS[1] * max(aspect, DRAWN) / DRAWN
    return lo < ratio < hi and w < side * 0.5


def iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex quadrilaterals."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    ua = cv2.contourArea(a.astype(np.float32)) + cv2.contourArea(b.astype(np.float32)) - inter
    return float(inter / ua) if ua > 0 else 0.0


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """How much of the smaller of two quadrilaterals the other covers."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    small = min(cv2.contourArea(a.astype(np.float32)), cv2.contourArea(b.astype(np.float32)))
    return float(inter / small) if small > 0 else 0.0


def flatten(img: np.ndarray, quad: np.ndarray, size: tuple[int, int] = (SW, SH)) -> np.ndarray:
    """The card at `quad` (TL, TR, BR, BL) warped flat to `size`."""
    w, h = size
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(img, m, (w, h), borderMode=cv2.BORDER_REPLICATE)


_FLATS = threading.local()  # the photo whose flat cards are kept, by thread (flats_kept)
FLATS_KEPT = 24  # a candidate's first look, its close look and its misfit map come within this


@contextmanager
def flats_kept(img: np.ndarray) -> Iterator[None]:
    """Within the block balanced_flat keeps the flat cards of `img` (which must not change
    meanwhile); each thread its own."""
    _FLATS.photo, _FLATS.cards = img, OrderedDict()
    try:
        yield
    finally:
        _FLATS.photo = _FLATS.cards = None


def balanced_flat(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """_card_balanced(flatten(img, quad)), kept within flats_kept(img): a candidate's first
    look, its close looks and its misfit map each flatten and balance the same outline (some
    40 % of the calls on deck 6's zones). A kept array is shared, so read-only."""
    if getattr(_FLATS, "photo", None) is not img:
        return _card_balanced(flatten(img, quad))
    key = quad.astype(np.float32).tobytes()  # flatten's own corners
    if key in _FLATS.cards:
        _FLATS.cards.move_to_end(key)
        return _FLATS.cards[key]
    flat = _card_balanced(flatten(img, quad))
    flat.flags.writeable = False
    _FLATS.cards[key] = flat
    if len(_FLATS.cards) > FLATS_KEPT:
        _FLATS.cards.popitem(last=False)
    return flat


def _covered(mask: np.ndarray, quad: np.ndarray) -> float:
    """The share of a quadrilateral that lies on a mask (sampled on a 9 × 13 grid)."""
    m = cv2.getPerspectiveTransform(_UNIT, quad.astype(np.float32))
    pts = cv2.perspectiveTransform(_SAMPLES, m)
    xy = pts.reshape(-1, 2).round().astype(int)
    h, w = mask.shape
    inside = (xy[:, 0] >= 0) & (xy[:, 0] < w) & (xy[:, 1] >= 0) & (xy[:, 1] < h)
    hits = np.zeros(len(xy), bool)
    hits[inside] = mask[xy[inside, 1], xy[inside, 0]] > 0
    return float(hits.mean())


# the unit square and _covered's sample points in it, made once (a deck 12 zone asks some
# 145 corner guesses whether they lie on light: the grid made again each time was a third
# of that)
_UNIT = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
_SAMPLES = np.float32(np.stack(np.meshgrid(np.linspace(0.08, 0.92, 9),
                                           np.linspace(0.08, 0.92, 13)), -1).reshape(-1, 1, 2))
