"""Look-alike cards (the 3 and the 4 of a suit: one cloud and the numeral apart) told apart
where their registered faces differ in one part.

The close look's detail comparison forgives a shift of a few pixels, so a soft part (a pale
cloud on a hatched sky) that one face has and the other lacks can differ by less than its bar,
and the colour comparison that is left weighs every pixel where the two registered photos'
light differs. Here the two faces, laid onto the photographed card and blurred alike (the close
look's coarse images), are compared with the photo only in the parts where they differ (spots:
clearly more than they differ elsewhere, and broad, not an edge's misfit) and around them, each
fitted to the photo's light there (an offset and a gain per channel): a zone's light, cast or
blur shifts both fits alike, and only which part is there tells them apart. Each part is
weighed on its own, and they must agree: a card lying over one brings a part of its own.
"""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision.okoshki_describe import _length

SPOT_LEAST = 0.6  # standardised Lab: two faces differ in a part by at least this much
SPOT_ABOVE = 3.0  # and by this many times their median difference over the card
SPOT_OPEN = 5  # pixels (of SW × SH): a part narrower than this is a misfit's edge
SPOT_PIXELS = 25  # pixels: a part smaller than this tells nothing
SPOT_MOST = 0.03  # share of the card: faces that differ in more (another colour, another
# light at registration, another cut) differ in more than one part, and are left as they are
AROUND = 7  # pixels around a part that show what lies next to it (its ground)
_OPEN = np.ones((SPOT_OPEN, SPOT_OPEN), np.uint8)
_AROUND = np.ones((AROUND, AROUND), np.uint8)


def spots(a: np.ndarray, b: np.ndarray, where: np.ndarray) -> np.ndarray | None:
    """Where two faces (Lab, laid onto the same card) differ in a part or two (uint8 mask),
    among `where` (bool); None when they differ nowhere in particular or all over."""
    seen = int(np.count_nonzero(where))
    if seen == 0:
        return None
    d = _length(cv2.subtract(a, b))
    bar = max(SPOT_LEAST, SPOT_ABOVE * float(np.median(d[where])))
    parts = cv2.morphologyEx(((d > bar) & where).view(np.uint8), cv2.MORPH_OPEN, _OPEN)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(parts, connectivity=8)
    big = np.flatnonzero(stats[1:, cv2.CC_STAT_AREA] >= SPOT_PIXELS) + 1
    if len(big) == 0:
        return None
    keep = np.isin(labels, big)
    if np.count_nonzero(keep) > SPOT_MOST * seen:
        return None
    return keep.view(np.uint8)


def _part_lean(p: np.ndarray, fa: np.ndarray, fb: np.ndarray) -> tuple[float, float]:
    """Around one part (pixels × Lab channels of the photo and of the two faces), how much
    nearer the photo is to `fa` than to `fb` once each face is fitted to it (channel by
    channel an offset and a gain, not below 0: a cast or a pale light changes those, not
    which part is there): what each fit leaves of the photo, compared as a share (> 0: `fa`);
    and how much the photo varies there (its weight)."""
    p, fa, fb = (x - x.mean(axis=0) for x in (p, fa, fb))
    pp = (p * p).sum(0)
    left = []
    for f in (fa, fb):
        ff, pf = (f * f).sum(0), (p * f).sum(0)
        # what the fit explains: pf² / ff where the gain pf / ff is positive
        explained = np.where(pf > 0, pf * pf / np.maximum(ff, 1e-9), 0.0)
        left.append(float((pp - explained).sum()))
    ea, eb = left
    return (eb - ea) / (ea + eb + 1e-9), float(pp.sum())


def spot_lean(photo: np.ndarray, a: np.ndarray, b: np.ndarray,
              where: np.ndarray) -> float | None:
    """How much more the photographed card (Lab) looks like face `a` than face `b` (both
    laid onto it) where the two differ in a part or two: from -1 (`b`'s parts) to 1 (`a`'s),
    near 0 when the photo does not follow either face there (a glare), 0 when its parts
    disagree (a card's edge over one of them); None when the faces do not differ in a part
    (`spots`). `where`: the pixels that may be compared (bool: not hidden by another card,
    shown by both faces)."""
    keep = spots(a, b, where)
    if keep is None:
        return None
    n, labels = cv2.connectedComponents(keep, connectivity=8)
    leans = []
    for k in range(1, n):
        near = (cv2.dilate((labels == k).view(np.uint8), _AROUND) > 0) & where
        leans.append(_part_lean(photo[near], a[near], b[near]))
    values = np.array([v for v, _ in leans])
    weights = np.array([w for _, w in leans])
    if values.min() * values.max() < 0 or weights.sum() <= 0:
        return 0.0  # parts that disagree (something else lies there), or a flat photo
    return float((values * weights).sum() / weights.sum())
