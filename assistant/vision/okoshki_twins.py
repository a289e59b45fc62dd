"""Print or plain: two twins (the same window and colour, one with a fine print on the curtains)
told apart by the print itself, at twice the close look's size, with the photo and the faces
made equally sharp first (a soft photo shows a print softer, not absent)."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.vision.okoshki_describe import SH, SW, _card_balanced
from assistant.vision.okoshki_shape import flatten
from assistant.vision.okoshki_views import fine_faces, view_table

BROAD = 3.0  # pixels (of 2 SW × 2 SH): what is broader than this is colour and shading, not print
POOL = 11  # pixels: the fine contrast is averaged over this (a misfit of a line or two)
MORE = 3.0  # one face's fine contrast this many times the other's: its print is there
LEAST = 300  # pixels (of 2 SW × 2 SH) such a print, and the shared detail, must cover
SOFTER = (0.0, 0.5, 0.8, 1.1, 1.5, 2.0, 2.6, 3.4)  # blurs tried to make two images equally sharp
APART = 1.6  # after both are made equally sharp the two faces' print must still differ this much


def _light(img: np.ndarray) -> np.ndarray:
    """A BGR image in Lab, as float (a yellow print on a yellow curtain differs in colour
    more than in lightness)."""
    return cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.float32)


def _power(d: np.ndarray) -> np.ndarray:
    """Per pixel, the squared length of a Lab difference."""
    # summed across the channels by a 1 × 3 transform: far faster than NumPy's sum
    return cv2.transform(cv2.multiply(d, d), _SUM)


_SUM = np.ones((1, 3), np.float32)


def _mean(x: np.ndarray, where: np.ndarray) -> float:
    """The mean of `x` on a uint8 mask."""
    return float(cv2.mean(x, where)[0])


def _fine(light: np.ndarray, blur: float) -> np.ndarray:
    """Per pixel, the contrast finer than BROAD (pooled over POOL) once blurred by `blur`."""
    g = cv2.GaussianBlur(light, (0, 0), blur) if blur else light
    return cv2.blur(_power(g - cv2.GaussianBlur(g, (0, 0), BROAD)), (POOL, POOL))


def _sharpness(light: np.ndarray, where: np.ndarray, blur: float) -> float:
    """How sharp an image is on `where`: its finest detail's share of its fine contrast (in
    lightness alone: the shared detail, a frame and an index, is dark on light)."""
    return _sharp_of(*_detail(light[..., 0], blur), where)


def _detail(light: np.ndarray, blur: float) -> tuple[np.ndarray, np.ndarray]:
    """The finest detail's power and the fine detail's power of a lightness, blurred."""
    g = cv2.GaussianBlur(light, (0, 0), blur) if blur else light
    finest, fine = g - cv2.GaussianBlur(g, (0, 0), 1.0), g - cv2.GaussianBlur(g, (0, 0), BROAD)
    return finest * finest, fine * fine


def _sharp_of(finest: np.ndarray, fine: np.ndarray, where: np.ndarray) -> float:
    """_sharpness from the two powers of _detail."""
    return _mean(finest, where) / (_mean(fine, where) + 1e-6)


def _softest(sharpness, target: float) -> float:
    """The least of SOFTER's blurs at which `sharpness(blur)` is no more than `target` (its
    last at most; a sharpness falls as the blur grows, so it is searched by halves)."""
    lo, hi = 0, len(SOFTER) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if sharpness(SOFTER[mid]) <= target:
            hi = mid
        else:
            lo = mid + 1
    return SOFTER[lo]


def _face_maps(cid: str, blur: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A card's fine face blurred by `blur`: its fine contrast (_fine), and the finest and
    the fine detail's power of its lightness (_detail), on the frame; worked out once per
    view table."""
    kept = view_table()[11]
    if (cid, blur) not in kept:
        lab = _light(fine_faces()[cid])
        g = cv2.GaussianBlur(lab, (0, 0), blur) if blur else lab
        kept[(cid, blur)] = (cv2.blur(_power(g - cv2.GaussianBlur(g, (0, 0), BROAD)),
                                      (POOL, POOL)), *_detail(lab[..., 0].copy(), blur))
    return kept[(cid, blur)]


def print_lean(photo: np.ndarray, warp: np.ndarray, a: str, b: str,
               inner: np.ndarray) -> float:
    """How much the photographed card (flat, 2 SW × 2 SH, white-balanced) looks like twin `a`
    rather than twin `b` where the print twin's curtains have the fine print the plain one
    lacks: > 0 a, < 0 b, 0 when no telling. `warp`: the close look's move (photo's flat
    frame → the frame, at SW × SH); `inner`: the pixels to compare (SH × SW, bool)."""
    sign = 1.0 if ok.CARDS[a].suit.endswith("-print") else -1.0
    printed, plain = (a, b) if sign > 0 else (b, a)
    size = (2 * SW, 2 * SH)
    full = warp.astype(np.float32).copy()
    full[:, 2] *= 2
    def moved(x: np.ndarray) -> np.ndarray:
        """A map of a face (on the frame) laid onto the photographed card."""
        return cv2.warpAffine(x, full, size, borderMode=cv2.BORDER_REPLICATE,
                              flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP)

    seen = _light(photo)
    inside = cv2.resize(inner.astype(np.uint8), size, interpolation=cv2.INTER_NEAREST) > 0
    ex, ey = (moved(_face_maps(c, 0.0)[0]) for c in (printed, plain))
    # the print: where the print twin's fine contrast is many times the plain one's (away
    # from the edges of that part, which a misfit of a pixel or two moves)
    where = cv2.erode((inside & (ex > MORE * ey + 1.0)).astype(np.uint8),
                      np.ones((5, 5), np.uint8)) > 0
    big = max(float(np.percentile(ey[inside], 70)), 1.0) if inside.any() else 1.0
    shared = inside & ~where & (ex > big) & (ey > big) & (np.abs(np.log((ex + 1) / (ey + 1))) < 0.4)
    if shared.sum() < LEAST or where.sum() < LEAST:
        return 0.0
    shared = shared.astype(np.uint8)

    def face_sharpness(blur: float) -> float:
        """_sharpness of the plain face laid onto the card, blurred by `blur`."""
        _, finest, fine = _face_maps(plain, blur)
        return _sharp_of(moved(finest), moved(fine), shared)

    # the softer of photo and faces sets the sharpness: the sharper side is blurred to it
    # (on the detail both faces share: the window's frame, the index)
    photo_sharp = _sharpness(seen, shared, 0.0)
    face_sharp = face_sharpness(0.0)
    blur_photo = _softest(lambda b: _sharpness(seen, shared, b), face_sharp) \
        if photo_sharp > face_sharp else 0.0
    blur_face = _softest(face_sharpness, photo_sharp) if face_sharp > photo_sharp else 0.0
    ep = _fine(seen, blur_photo)
    ex, ey = (moved(_face_maps(c, blur_face)[0]) for c in (printed, plain))
    # each curtain (each half of the card) on its own, and both must agree: a card lying
    # over one of them brings its own edges and print, which look like a print
    leans = []
    for half in (slice(0, SW), slice(SW, 2 * SW)):
        part = np.zeros(where.shape, np.uint8)
        part[:, half] = where[:, half]
        if part.sum() < LEAST // 2:
            continue
        # each image's print contrast against its own shared detail (exposure, contrast)
        p, x, y = (_mean(e, part) / (_mean(e, shared) + 1e-6) for e in (ep, ex, ey))
        if x < APART * y:
            return 0.0  # blurred as soft as the photo, the print is gone: no telling
        lp, lx, ly = np.log(p + 1e-6), np.log(x + 1e-6), np.log(y + 1e-6)
        leans.append(float(np.clip((abs(lp - ly) - abs(lp - lx)) / abs(lx - ly), -1, 1)))
    if not leans or min(leans) * max(leans) <= 0:
        return 0.0
    return sign * min(leans, key=abs)


def lean_at(img: np.ndarray, quad: np.ndarray, memo: dict, warp: np.ndarray, a: str, b: str,
          inner: np.ndarray) -> float:
    """print_lean of the card at `quad` (once per outline, twins and move: kept in `memo`)."""
    key = ("print", a, b, warp.tobytes())
    if key not in memo:
        fine = _card_balanced(flatten(img, quad, (2 * SW, 2 * SH)))
        memo[key] = print_lean(fine, warp, a, b, inner)
    return memo[key]
