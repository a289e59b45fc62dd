"""Look-alike cards (the 3 and the 4 of a suit: one cloud and the numeral apart) told apart
where their registered faces differ in one part.

The close look's detail comparison forgives a shift of a few pixels, so a soft part (a pale
cloud on a hatched sky) that one face has and the other lacks can differ by less than its bar,
and the colour comparison that is left weighs every pixel where the two registered photos'
light differs. Here the two faces, laid onto the photographed card and blurred alike (the close
look's coarse images), are compared with the photo only in the parts where they differ (spots:
clearly more than they differ elsewhere, and broad, not an edge's misfit) and around them, each
fitted to the photo's light there (an offset per channel and one gain): a zone's light, cast or
blur shifts both fits alike, and only which part is there tells them apart.
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
    return keep.view(np.uint8) if keep.dtype == np.bool_ else keep.astype(np.uint8)


GAIN_LEAST = 0.2  # the photo follows what the two faces share around a part at least this
# much (its contrast there, as a share of theirs), or it tells nothing of the part


def spot_lean(photo: np.ndarray, a: np.ndarray, b: np.ndarray,
              where: np.ndarray) -> float | None:
    """How much more the photographed card (Lab) looks like face `a` than face `b` (both
    laid onto it) where the two differ in a part or two: from -1 (`b`'s part) to 1 (`a`'s),
    0 when the photo does not follow the faces there (a glare, a card over it); None when
    the faces do not differ in a part (`spots`). `where`: the pixels that may be compared
    (bool: not hidden by another card, shown by both faces)."""
    keep = spots(a, b, where)
    if keep is None:
        return None
    near = (cv2.dilate(keep, _AROUND) > 0) & where
    # the photo around the parts as an offset per channel, plus a gain times what the two
    # faces share, plus a lean times half of how they differ: a photo of `a` leans as much
    # as it follows the rest (lean = gain), one of `b` as much the other way
    p, fa, fb = photo[near], a[near], b[near]
    both, half = (fa + fb) / 2, (fa - fb) / 2
    p, both, half = (x - x.mean(axis=0) for x in (p, both, half))
    ss, sd, dd = float((both * both).sum()), float((both * half).sum()), float((half * half).sum())
    ps, pd = float((p * both).sum()), float((p * half).sum())
    det = ss * dd - sd * sd
    if det <= 1e-9 * max(ss * dd, 1e-12):
        return 0.0
    gain, lean = (dd * ps - sd * pd) / det, (ss * pd - sd * ps) / det
    if gain < GAIN_LEAST:
        return 0.0
    return float(np.clip(lean / gain, -1.0, 1.0))
