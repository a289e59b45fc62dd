"""The outlines of a registration layout's cards set straight onto their common frame at the
faces' own resolution: every card of a deck is cut alike, none askew."""

from __future__ import annotations

import cv2
import numpy as np

CW, CH = 160, 224  # a card in the patches compared (5:7, as the registered faces)
PAD = 0.08  # share of the card's size taken in around it
RING = 0.2  # the frame compared: the pad and the card's outer fifth (the scenes differ)
MOST = 0.12  # a corner is moved by at most this share of the card: larger is a slide
OFF = 0.025  # a card whose frame lies this share of the card off the others' is recut; the
# rest keep their cut (moving every card by its last percent changed deck 8's faces enough
# to read 8 of 204 ids worse, while no card there was askew)
CRIT = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 60, 1e-5)


def _patch_map(quad: np.ndarray) -> np.ndarray:
    """The homography from a padded patch (the card in its middle) to the photo."""
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    to_photo = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    pw, ph = _size()
    k = 1 + 2 * PAD
    to_unit = np.array([[k / pw, 0, -PAD], [0, k / ph, -PAD], [0, 0, 1]])
    return to_photo @ to_unit


def _size() -> tuple[int, int]:
    return round(CW * (1 + 2 * PAD)), round(CH * (1 + 2 * PAD))


def _patch(grey: np.ndarray, m: np.ndarray) -> np.ndarray:
    """A card's padded patch, without its shading (glare, shadow), normalised."""
    pw, ph = _size()
    g = cv2.warpPerspective(grey, m, (pw, ph), flags=cv2.INTER_AREA + cv2.WARP_INVERSE_MAP,
                            borderMode=cv2.BORDER_REPLICATE) + 8
    g = g / cv2.GaussianBlur(g, (0, 0), pw / 6)
    return ((g - g.mean()) / (g.std() + 1e-6)).astype(np.float32)


def _ring() -> np.ndarray:
    pw, ph = _size()
    ring = np.full((ph, pw), 255, np.uint8)
    ix = round(pw * (PAD + RING) / (1 + 2 * PAD))
    iy = round(ph * (PAD + RING) / (1 + 2 * PAD))
    ring[iy:ph - iy, ix:pw - ix] = 0
    return ring


def _card_rect() -> np.ndarray:
    """The card's corners in a patch."""
    pw, ph = _size()
    x0, y0 = pw * PAD / (1 + 2 * PAD), ph * PAD / (1 + 2 * PAD)
    x1, y1 = pw * (1 + PAD) / (1 + 2 * PAD), ph * (1 + PAD) / (1 + 2 * PAD)
    return np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])


# coarse first (a turn and a shift), where a frame's double rule is one line
ALIGN_STEPS = ((0.25, cv2.MOTION_EUCLIDEAN), (0.5, cv2.MOTION_AFFINE),
               (1.0, cv2.MOTION_HOMOGRAPHY))


def ecc_warp(template: np.ndarray, image: np.ndarray, mask: np.ndarray | None = None,
             steps=ALIGN_STEPS, crit=CRIT) -> np.ndarray | None:
    """The homography taking `template`'s points to `image`'s, found by ECC coarse to fine
    (each step a scale and a motion, the warp carried from one to the next), or None when ECC
    does not converge."""
    warp = np.eye(3, dtype=np.float32)
    for scale, motion in steps:
        s = np.diag([scale, scale, 1]).astype(np.float32)
        t, p, r = template, image, mask
        if scale != 1:
            t = cv2.resize(template, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            p = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            if mask is not None:
                r = cv2.resize(mask, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
        m = (s @ warp @ np.linalg.inv(s)).astype(np.float32)
        try:
            if motion != cv2.MOTION_HOMOGRAPHY:
                _, a = cv2.findTransformECC(t, p, m[:2].copy(), motion, crit, r, 3)
                m = np.vstack([a, [0, 0, 1]]).astype(np.float32)
            else:
                _, m = cv2.findTransformECC(t, p, (m / m[2, 2]).astype(np.float32), motion,
                                            crit, r, 3)
        except cv2.error:
            return None
        warp = np.linalg.inv(s) @ m @ s
    return warp


def straighten(img: np.ndarray, quads: list[np.ndarray]) -> list[np.ndarray]:
    """The cards' outlines (in `img`) with each card cut askew (its frame OFF or more from
    where the median card's lies, at the registered faces' resolution) moved onto the common
    frame; a card whose move is not found, or is larger than MOST, keeps its outline."""
    if len(quads) < 8:
        return quads
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)
    maps = [_patch_map(q) for q in quads]
    patches = [_patch(grey, m) for m in maps]
    ring = _ring()
    rect = _card_rect()
    warps: list[np.ndarray | None] = [np.eye(3, dtype=np.float32)] * len(quads)
    pw, ph = _size()
    for _ in range(2):  # the median of the cards as they stand, then as aligned
        moved = [cv2.warpPerspective(p, w, (pw, ph), flags=cv2.INTER_LINEAR
                                     + cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
                 for p, w in zip(patches, warps, strict=True) if w is not None]
        template = np.median(np.stack(moved), axis=0).astype(np.float32)
        warps = []
        for p in patches:
            w = ecc_warp(template, p, ring)
            if w is not None:
                moved_rect = cv2.perspectiveTransform(rect[None], w)[0]
                if np.abs(moved_rect - rect).max() > MOST * CW:
                    w = None
            warps.append(w)
    out = []
    for q, m, w in zip(quads, maps, warps, strict=True):
        in_patch = None if w is None else cv2.perspectiveTransform(rect[None], w)[0]
        if in_patch is None or np.abs(in_patch - rect).max() < OFF * CW:
            out.append(q.astype(np.float32))
            continue
        out.append(cv2.perspectiveTransform(in_patch[None], m)[0].astype(np.float32))
    return out
