"""The layout photos of one registration cut alike: the cut of a second or third photo is
brought onto the reference photo's through the cards both show. A blurred photo's outlines
are found a few per cent inside the keyline, and a card taken from it alone (glare on the
first photo) was cut unlike the rest of the deck: a print card then reads as its plain twin."""

from __future__ import annotations

import cv2
import numpy as np

SIDE = (100, 140)  # the faces are compared at this size (5:7, as they are cut)
LEAST = 6  # cards both photos show well enough to measure the move by
MOVE_LEAST = 0.01  # a cut whose corners move less than this share of the width stays as cut
MOVE_MOST = 0.25  # a larger move is a mismatch, not a cut to mend
MATCH_LEAST = 0.8  # the correlation a card's two faces must reach to be counted


def _grey(face: np.ndarray, half: bool = False) -> np.ndarray:
    size = (SIDE[0] // 2, SIDE[1] // 2) if half else SIDE
    small = cv2.resize(face, size, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32), (0, 0),
                            1.5)


def _ecc(a: np.ndarray, b: np.ndarray) -> tuple[float, np.ndarray] | None:
    """ECC's affine move from face `a` to face `b` (compared size), coarse then fine: a cut
    some 8 % inside is beyond ECC's reach from the still start at the fine size alone."""
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 60, 1e-4)
    w = np.eye(2, 3, dtype=np.float32)
    try:
        _, w = cv2.findTransformECC(_grey(a, True), _grey(b, True), w, cv2.MOTION_AFFINE,
                                    criteria, None, 3)
        w[:, 2] *= 2
        cc, w = cv2.findTransformECC(_grey(a), _grey(b), w, cv2.MOTION_AFFINE, criteria, None, 3)
    except cv2.error:
        return None  # no convergence: this card does not count
    return float(cc), w


def cut_move(ref: list[np.ndarray | None], other: list[np.ndarray | None]) -> np.ndarray | None:
    """The affine move (2 × 3, in face pixels) that takes a point of a reference face to the
    same point of the card on the other photo's face: the median over the cards both show.
    None when too few cards match or the cuts already agree."""
    warps = []
    for a, b in zip(ref, other, strict=True):
        if a is None or b is None:
            continue
        found = _ecc(a, b)
        if found is not None and found[0] >= MATCH_LEAST:
            warps.append(found[1])
    if len(warps) < LEAST:
        return None
    w = np.median(np.stack(warps), axis=0).astype(np.float64)
    # from the compared size to the faces' own
    h, wd = next(f for f in ref if f is not None).shape[:2]
    s = np.diag([wd / SIDE[0], h / SIDE[1]])
    move = np.hstack([s @ w[:, :2] @ np.linalg.inv(s), s @ w[:, 2:]])
    corners = np.float64([[0, 0], [wd, 0], [wd, h], [0, h]])
    shift = np.abs(corners @ move[:, :2].T + move[:, 2] - corners).max() / wd
    if shift < MOVE_LEAST or shift > MOVE_MOST:
        return None
    return move


def moved_quad(quad: np.ndarray, move: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A card's outline on the photo moved so that its face (of `size`, W × H) is cut as the
    reference's: the reference face's corners taken through `move` onto this face, then back
    onto the photo."""
    wd, h = size
    rect = np.float32([[0, 0], [wd, 0], [wd, h], [0, h]])
    to_face = cv2.getPerspectiveTransform(quad.astype(np.float32), rect)
    on_face = (rect @ move[:, :2].T + move[:, 2]).astype(np.float32)
    return cv2.perspectiveTransform(on_face[None], np.linalg.inv(to_face))[0].astype(np.float32)
