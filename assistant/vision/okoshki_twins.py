"""Print or plain: two twins (the same window and colour, one with a fine print on its
curtains) told apart by the print's texture, not its colour.

The close look compares colours, which a zone's light shifts as much as a fine print does,
and forgives a shift of a pixel or two, which is the size of a print's lines. Here the two
faces are laid onto the photographed card exactly (ECC, affine), made as soft as the photo
(or the photo as soft as them), and only then compared where they differ, in their detail
alone (each image less its own blur): a print is there or it is not, whatever its colour.
Each curtain (each half of the card) is weighed on its own, and both must agree: a card lying
over one of them brings an edge and a print of its own.
"""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision.okoshki_describe import SH, SW, _outside, _power, _span

DETAIL = 2.5  # pixels (of SW × SH): what is broader than this is colour, not print
STRAY = 0.25  # a refined move this far from the close look's (share; shift, of SW) is lost
UNLIKE = 0.07  # two faces' moves this far apart (share; shift, of SW): no telling
SOFTER = (0.0, 0.35, 0.5, 0.7, 1.0, 1.4)  # blurs tried to make the photo and faces alike
DIFFER, ALIKE = 25.0, 10.0  # Lab distances (OpenCV's 8-bit scale): the twins differ, alike
RELATIVE, FAINT = 0.7, 10.0  # a faint print's bar: this share of the twins' largest difference
EDGE = 6  # pixels along the card's edge left out
HALF_LEAST = 50  # pixels of difference a half needs to be weighed


def _lab(img: np.ndarray) -> np.ndarray:
    """A BGR image in Lab (OpenCV's 8-bit scale), as float."""
    return cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.float32)


def _soft(x: np.ndarray, blur: float) -> np.ndarray:
    """`x` blurred by `blur` pixels (none: itself)."""
    return cv2.GaussianBlur(x, (0, 0), blur) if blur else x


def _grey(img: np.ndarray) -> np.ndarray:
    """What ECC aligns: the grey image, a little blurred."""
    return cv2.GaussianBlur(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32), (0, 0),
                            1.0)


def aligned(flat: np.ndarray, face: np.ndarray, warp: np.ndarray) -> np.ndarray:
    """The move (as settle's: photo's flat frame → the face's) that lays `face` exactly onto
    the photographed card, refined from `warp` (ECC at full size); `warp` when that fails or
    strays."""
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 40, 1e-4)
    try:
        _, w = cv2.findTransformECC(_grey(flat), _grey(face), warp.astype(np.float32).copy(),
                                    cv2.MOTION_AFFINE, criteria, None, 1)
    except cv2.error:
        return warp
    if np.abs(w[:, :2] - warp[:, :2]).max() > STRAY or \
            np.abs(w[:, 2] - warp[:, 2]).max() > STRAY * SW:
        return warp
    return w.astype(np.float32)


def _moved(face: np.ndarray, warp: np.ndarray) -> np.ndarray:
    """A face laid onto the photographed card by a move."""
    return cv2.warpAffine(face, warp, (SW, SH), flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def print_lean(flat: np.ndarray, face_a: np.ndarray, face_b: np.ndarray,
               warps: tuple[np.ndarray, np.ndarray], where: np.ndarray,
               exact: tuple[np.ndarray, np.ndarray] | None = None) -> float:
    """How much the photographed card (flat, SW × SH, white-balanced) looks like face `a`
    rather than its twin `b` (both on the deck's frame) in the detail where the two differ:
    > 0 a, < 0 b, 0 when no telling; the same asked the other way round is its opposite.
    `warps`: the close look's moves of the two faces onto the card; `where`: the pixels
    that may be compared (SH × SW, bool: not hidden, shown by both faces); `exact`: the two
    faces' moves as `aligned` refines them, when the caller keeps them (a card's close look
    asks one face against several rivals)."""
    # each face laid exactly onto the card on its own: a face laid by the other's move would
    # lose on every edge the two registered faces place a pixel apart
    wa, wb = exact if exact is not None else (
        aligned(flat, f, w) for f, w in zip((face_a, face_b), warps, strict=True))
    # two faces that need unlike moves to fit the card were cut unlike at registration (one
    # askew or stretched): what differs between them is then the cut, not a print
    if np.abs(wa[:, :2] - wb[:, :2]).max() > UNLIKE or \
            np.abs(wa[:, 2] - wb[:, 2]).max() > UNLIKE * SW:
        return 0.0
    la, lb = _lab(_moved(face_a, wa)), _lab(_moved(face_b, wb))
    lp = _lab(flat)
    inner = np.zeros((SH, SW), np.uint8)
    inner[EDGE:-EDGE, EDGE:-EDGE] = where[EDGE:-EDGE, EDGE:-EDGE]
    # a detail of one face the other lacks nearby (a line a pixel off is no difference)
    apart = cv2.max(_outside(la, _span(lb, 3)), _outside(lb, _span(la, 3)))
    # a faint print (pale crosses on a yellow curtain) never differs by DIFFER: then the
    # twins' own largest difference sets the bar, and what is alike is judged in proportion
    top = float(apart[inner > 0].max()) if inner.any() else 0.0
    bar = max(FAINT, min(DIFFER, RELATIVE * top))
    differ = cv2.dilate((apart > bar).astype(np.uint8), np.ones((3, 3), np.uint8)) & inner
    alike = inner & (1 - cv2.dilate((apart > ALIKE * bar / DIFFER).astype(np.uint8),
                                    np.ones((4, 4), np.uint8)))
    if not alike.any() or not differ.any():
        return 0.0
    # which is the softer, photo or faces, and by how much: the blur that makes them most
    # alike where the twins agree (the frame, the view, the number)
    best = (np.inf, 0.0, False)
    for blur in SOFTER:
        for photo_softened in (False, True) if blur else (False,):
            p = _soft(lp, blur) if photo_softened else lp
            err = sum(cv2.mean(_power((f if photo_softened else _soft(f, blur)) - p), alike)[0]
                      for f in (la, lb))
            if err < best[0]:
                best = (err, blur, photo_softened)
    _, blur, photo_softened = best
    if photo_softened:
        lp = _soft(lp, blur)
    else:
        la, lb = _soft(la, blur), _soft(lb, blur)
    # the detail alone: each image less its own broad colour (a zone's light shifts colour)
    da, db, dp = (x - cv2.GaussianBlur(x, (0, 0), DETAIL) for x in (la, lb, lp))
    ga, gb = _power(da - dp), _power(db - dp)
    leans = []
    for half in (slice(0, SW // 2), slice(SW // 2, SW)):
        part = np.zeros_like(differ)
        part[:, half] = differ[:, half]
        if int(part.sum()) < HALF_LEAST:
            continue
        ea, eb = cv2.mean(ga, part)[0], cv2.mean(gb, part)[0]
        leans.append((eb - ea) / (ea + eb + 1e-6))
    if not leans or min(leans) * max(leans) <= 0:
        return 0.0
    return float(min(leans, key=abs))
