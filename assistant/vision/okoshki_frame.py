"""The deck's common frame: every Okoshki card of a deck shares its printed layout (border,
keyline, window frame, the number's box), so every face and every photographed card is
moved onto that layout before cards are compared.

A registered face may be cut a few per cent off (a little table shows, or the cut follows
its inner keyline), and an outline found on a zone photo is the card's real edge: compared
pixel by pixel, such a shift weighs more than a curtain's colour. The frame is the median of
the deck's faces, each first fitted onto it (scale and shift, searched); a card is fitted the
same way before it is compared.
"""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision.okoshki_describe import SH, SW, _grey_half

SCALES = np.linspace(0.86, 1.14, 15)  # the sizes a card may have on the frame
SLACK = 0.12  # share of the frame's width a card may sit off, each way
FIT_LEAST = 0.35  # a fit this poor (normalised correlation) leaves the card where it is


def fit(grey: np.ndarray, frame: np.ndarray) -> tuple[float, np.ndarray]:
    """How well, and by which move, a card (its _grey_half) lies on the frame: the best
    correlation and the move (frame → card, half size); no move when none fits."""
    m = round(SLACK * frame.shape[1])
    middle = frame[m:-m, m:-m]
    best, move = -1.0, np.eye(2, 3, dtype=np.float32)
    for s in SCALES:
        g = cv2.resize(grey, None, fx=1 / s, fy=1 / s, interpolation=cv2.INTER_AREA)
        if g.shape[0] < middle.shape[0] or g.shape[1] < middle.shape[1]:
            continue
        _, v, _, (x, y) = cv2.minMaxLoc(cv2.matchTemplate(g, middle, cv2.TM_CCOEFF_NORMED))
        if v > best:
            best = float(v)
            move = np.float32([[s, 0, (x - m) * s], [0, s, (y - m) * s]])
    if best < FIT_LEAST:
        return best, np.eye(2, 3, dtype=np.float32)
    return best, move


def refined(grey: np.ndarray, frame: np.ndarray) -> np.ndarray:
    """A face's move onto the frame, fitted (scale and shift) and then, when the face was cut
    off by a different share across than down (which one scale cannot fit), with the two
    scales searched apart and finished by ECC (affine); a face the one scale fits well is left
    with that fit."""
    uniform, move = fit(grey, frame)
    m = round(SLACK * frame.shape[1])
    middle = frame[m:-m, m:-m]
    s = float(move[0, 0])
    best, found = -1.0, move

    def tried(sx: float, sy: float) -> None:
        nonlocal best, found
        g = cv2.resize(grey, None, fx=1 / sx, fy=1 / sy, interpolation=cv2.INTER_AREA)
        if g.shape[0] < middle.shape[0] or g.shape[1] < middle.shape[1]:
            return
        _, v, _, (x, y) = cv2.minMaxLoc(cv2.matchTemplate(g, middle, cv2.TM_CCOEFF_NORMED))
        if v > best:
            best = float(v)
            found = np.float32([[sx, 0, (x - m) * sx], [0, sy, (y - m) * sy]])

    for r in ASPECTS:  # the scale down searched apart, then the scale across again
        tried(s, s * r)
    sy = float(found[1, 1])
    for d in NEAR:
        tried(s + d, sy)
    if uniform < FIT_LEAST or best < uniform + UNEVEN_GAIN:
        return move
    move = found
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 40, 1e-4)
    try:
        _, warp = cv2.findTransformECC(frame, grey, move.copy(), cv2.MOTION_AFFINE, criteria,
                                       None, 3)
    except cv2.error:
        return move
    if np.abs(warp[:, :2] - move[:, :2]).max() > 0.05 or \
            np.abs(warp[:, 2] - move[:, 2]).max() > 0.04 * frame.shape[1]:
        return move
    return warp.astype(np.float32)


ASPECTS = np.linspace(0.88, 1.12, 13)  # how much more a face may be cut off down than across
NEAR = np.linspace(-0.06, 0.06, 7)  # the scale across, around the one searched
UNEVEN_GAIN = 0.02  # two scales must fit this much better (correlation) than one to be kept


def deck_frame(faces: list[np.ndarray]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The frame of a deck's faces (each SW × SH) and each face's move onto it (half size)."""
    greys = [_grey_half(f) for f in faces]
    moves = [np.eye(2, 3, dtype=np.float32) for _ in faces]
    frame = np.median(np.stack(greys), axis=0).astype(np.float32)
    for _ in range(FRAME_ROUNDS):  # the median of the faces as they stand, then as moved
        moves = [refined(g, frame) for g in greys]
        moved = [cv2.warpAffine(g, w, (g.shape[1], g.shape[0]), borderMode=cv2.BORDER_REPLICATE,
                                flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP)
                 for g, w in zip(greys, moves, strict=True)]
        frame = np.median(np.stack(moved), axis=0).astype(np.float32)
    return frame, moves


FRAME_ROUNDS = 2


def on_frame(face: np.ndarray, move: np.ndarray) -> np.ndarray:
    """A face (SW × SH) moved onto the frame by its move (half size)."""
    full = move.copy()
    full[:, 2] *= 2
    return cv2.warpAffine(face, full, (SW, SH), flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def on_frame_known(move: np.ndarray) -> np.ndarray:
    """Where a face moved onto the frame by `move` (half size) shows the face itself (SH × SW,
    bool): a face cut a few per cent inside its card leaves a band that on_frame can only
    fill by repeating the face's edge, which says nothing of the card there."""
    full = move.copy()
    full[:, 2] *= 2
    ones = np.ones((SH, SW), np.uint8)
    known = cv2.warpAffine(ones, full, (SW, SH), flags=cv2.INTER_NEAREST + cv2.WARP_INVERSE_MAP,
                           borderValue=0)
    return known > 0


def framed_quad(quad: np.ndarray, move: np.ndarray) -> np.ndarray:
    """The photo outline of the frame, for a card at `quad` whose flat view (SW × SH) lies on
    the frame by `move` (half size)."""
    full = move.astype(np.float32).copy()
    full[:, 2] *= 2
    corners = np.float32([[0, 0], [SW, 0], [SW, SH], [0, SH]])
    in_flat = cv2.transform(corners[None], full)[0]
    to_flat = cv2.getPerspectiveTransform(quad.astype(np.float32), corners)
    return cv2.perspectiveTransform(in_flat[None], np.linalg.inv(to_flat))[0].astype(np.float32)
