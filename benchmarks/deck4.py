"""A fourth deck, for developing the recognisers against a style they have not seen.

Written for issue 27 (Okoshki accuracy) as the development deck that deck 3 must not be:
every choice made while looking at failures was made here and on deck 2. Its Okoshki cards
differ from deck.py's and deck2.py's in ways a printed deck might: a tinted (not cream)
border with a coloured keyline in the suit's colour, tie-back drapes instead of curtains,
the print as a fine pattern of small crosses, the window's number as a printed numeral in a
small box at the bottom, scenes drawn anew in a square pane, paper grain and a cool cast
baked into the print. Its Pisanki half (at the end of this file, added in the second pass)
has its own style: a kraft border, tartan, diagonal stripes, polka dots on rose, eggs right of
centre, flowers in the top corners, a halftone print.
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.vision import synth

W, H = 240, 336  # 5:7
EDGE = 12
RADIUS = 14
BORDER_TINT = (212, 226, 218)  # a pale sage border (BGR)

DRAPE = {"red": (50, 40, 200), "yellow": (40, 190, 240), "purple": (140, 50, 120),
         "green": (70, 150, 50), "brown": (40, 80, 140), "blue": (170, 90, 40)}


def mask() -> np.ndarray:
    """The card's shape (rounded corners), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _paper(img: np.ndarray, seed: int) -> np.ndarray:
    """Paper grain and a cool cast."""
    rng = np.random.default_rng(seed)
    noise = cv2.GaussianBlur(rng.normal(0, 5, img.shape[:2]).astype(np.float32), (0, 0), 0.6)
    out = img.astype(np.float32) * (1.04, 1.0, 0.95) + noise[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def _scene(img: np.ndarray, kind: str, window: int, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    sky = {"owl": (90, 50, 40), "sun_clouded": (200, 195, 190)}.get(kind, (235, 200, 150))
    cv2.rectangle(img, (x0, y0), (x1, y1), sky, -1)
    cv2.rectangle(img, (x0, y1 - 30), (x1, y1), (90, 160, 110), -1)  # a hill
    if "sun" in kind:
        cv2.circle(img, (cx - 25, cy - 25), 24, (40, 200, 250), -1, cv2.LINE_AA)
        for k in range(12):
            a = k * np.pi / 6
            cv2.line(img, (int(cx - 25 + 28 * np.cos(a)), int(cy - 25 + 28 * np.sin(a))),
                     (int(cx - 25 + 38 * np.cos(a)), int(cy - 25 + 38 * np.sin(a))),
                     (30, 170, 240), 3, cv2.LINE_AA)
    if "rainbow" in kind:
        for i, col in enumerate([(60, 60, 220), (40, 160, 250), (60, 220, 240), (80, 180, 60),
                                 (200, 120, 50), (150, 60, 120)]):
            cv2.ellipse(img, (cx + 10, y1 - 20), (70 - i * 6, 60 - i * 6), 0, 180, 360, col, 5,
                        cv2.LINE_AA)
    if kind == "sun_clouded":
        cv2.ellipse(img, (cx, cy - 5), (45, 20), 0, 0, 360, (250, 250, 250), -1, cv2.LINE_AA)
        cv2.ellipse(img, (cx + 25, cy - 18), (25, 16), 0, 0, 360, (250, 250, 250), -1)
    if kind == "bird":
        for bx, by in ((cx - 30, cy - 30), (cx + 25, cy - 20), (cx, cy + 5), (cx - 20, cy + 25)):
            cv2.ellipse(img, (bx, by), (8, 5), 0, 0, 360, (40, 60, 90), -1, cv2.LINE_AA)
            cv2.line(img, (bx + 6, by), (bx + 14, by - 3), (20, 120, 230), 2)
    if kind == "owl":
        cv2.circle(img, (cx + 40, cy - 45), 12, (220, 240, 250), -1, cv2.LINE_AA)  # moon
        cv2.rectangle(img, (cx - 22, cy - 20), (cx + 22, cy + 40), (70, 100, 130), -1)
        for s in (-1, 1):
            cv2.circle(img, (cx + s * 11, cy - 5), 9, (250, 250, 250), -1, cv2.LINE_AA)
            cv2.circle(img, (cx + s * 11, cy - 5), 4, (0, 0, 0), -1)
    if kind == "swallow_rainbow":
        cv2.fillPoly(img, [np.array([(cx - 40, cy - 30), (cx, cy - 15), (cx + 40, cy - 30),
                                     (cx + 10, cy), (cx, cy + 25), (cx - 10, cy)],
                                    np.int32)], (60, 30, 20), cv2.LINE_AA)
    if kind.startswith("cat"):
        colour = {"cat": (30, 30, 30), "cat_red": (30, 110, 230),
                  "cat_tabby": (120, 130, 140)}[kind]
        cv2.ellipse(img, (cx, y1 - 35), (30, 24), 0, 0, 360, colour, -1, cv2.LINE_AA)
        cv2.circle(img, (cx, y1 - 70), 18, colour, -1, cv2.LINE_AA)
        cv2.line(img, (cx + 28, y1 - 30), (cx + 48, y1 - 60), colour, 5, cv2.LINE_AA)
        if kind == "cat_tabby":
            for k in range(-24, 25, 10):
                cv2.line(img, (cx + k, y1 - 55), (cx + k, y1 - 15), (60, 60, 60), 3)
    if kind == "sky":
        for k in range(window):
            cv2.circle(img, (x0 + 22 + k * 32, y0 + 30 + (k % 2) * 30), 9, (250, 250, 250), -1,
                       cv2.LINE_AA)


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the fourth deck."""
    card = ok.CARDS[cid]
    colour = DRAPE[card.suit.split("-")[0]]
    printed = card.suit.endswith("-print")
    img = np.full((H, W, 3), (236, 240, 238), np.uint8)
    box = (44, 50, W - 44, 246)
    _scene(img, card.kind, card.window, box)
    cv2.rectangle(img, box[:2], box[2:], (60, 70, 80), 4)
    for side in (-1, 1):  # tie-back drapes, in the suit's colour
        xo = box[0] - 8 if side < 0 else box[2] + 8
        xi = box[0] + 40 if side < 0 else box[2] - 40
        drape = np.array([(xo, box[1] - 12), (xi, box[1] - 12), (xo + side * -6, 170),
                          (xo, box[3] + 10)], np.int32)
        cv2.fillConvexPoly(img, drape, colour, cv2.LINE_AA)
        if printed:  # the print: small pale crosses over the drape
            m = np.zeros(img.shape[:2], np.uint8)
            cv2.fillConvexPoly(m, drape, 255)
            cross = np.zeros_like(m)
            for y in range(box[1] - 6, box[3] + 10, 11):
                for x in range(min(xo, xi) + 3, max(xo, xi), 11):
                    cv2.line(cross, (x - 3, y), (x + 3, y), 255, 1)
                    cv2.line(cross, (x, y - 3), (x, y + 3), 255, 1)
            img[(m > 0) & (cross > 0)] = (235, 235, 235)
    cv2.rectangle(img, (box[0] - 14, box[1] - 20), (box[2] + 14, box[1] - 8), (70, 80, 90), -1)
    # the window's number, printed in a small box below the sill
    cv2.rectangle(img, (W // 2 - 18, 262), (W // 2 + 18, 300), (250, 250, 250), -1)
    cv2.rectangle(img, (W // 2 - 18, 262), (W // 2 + 18, 300), colour, 2)
    cv2.putText(img, str(card.window), (W // 2 - 11, 294), cv2.FONT_HERSHEY_SIMPLEX, 1.1,
                (40, 40, 40), 2, cv2.LINE_AA)
    out = np.full_like(img, BORDER_TINT)
    out[EDGE:H - EDGE, EDGE:W - EDGE] = img[EDGE:H - EDGE, EDGE:W - EDGE]
    cv2.rectangle(out, (EDGE, EDGE), (W - 1 - EDGE, H - 1 - EDGE), colour, 2, cv2.LINE_AA)
    return _paper(out, zlib.crc32(("deck4-" + cid).encode()))


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the fourth deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}


# -- Pisanki (the development deck of issue 27's Pisanki half) -----------------------------
# Drawn in a fourth style, unlike deck.py, deck2.py and deck3.py: a kraft (light brown) border
# with a double inner rule, a tartan of thin lines, diagonal stripes and big polka dots; a
# round egg right of centre with a zigzag band and dots, double eggs one above the other;
# five-petal flowers in the top corners on a pale square; a halftone-like print (fine dots)
# and a faint green cast. Its back is a red lattice.
from assistant.games import pisanki as pg  # noqa: E402

KRAFT = (150, 190, 215)  # BGR
P_CLOTH = {
    "checked": ((150, 90, 30), (245, 240, 235)),   # blue tartan lines on white
    "striped": ((30, 110, 220), (150, 225, 245)),  # orange diagonals on yellow
    "dotted": ((245, 245, 245), (120, 90, 210)),   # white polka dots on rose
    "neutral": ((175, 180, 170), (200, 200, 195)),  # linen
}
P_EGG = {"purple": (150, 60, 130), "red": (40, 40, 200), "orange": (40, 150, 245),
         "yellow": (90, 225, 245), "green": (70, 160, 60), "blue": (200, 110, 40)}
P_FLOWER = {"blue": (200, 120, 30), "pink": (170, 110, 245), "purple": (110, 20, 110),
            "yellow": (20, 200, 250)}
P_EDGE = 16


def _p_cloth(cloth: str) -> np.ndarray:
    dark, light = P_CLOTH[cloth]
    img = np.full((H, W, 3), light, np.uint8)
    if cloth == "checked":
        for k in range(0, max(W, H), 22):
            cv2.line(img, (k, 0), (k, H), dark, 2)
            cv2.line(img, (0, k), (W, k), dark, 2)
            cv2.line(img, (k + 6, 0), (k + 6, H), (60, 60, 200), 1)
    elif cloth == "striped":
        for k in range(-H, W + H, 28):
            cv2.line(img, (k, 0), (k + H, H), dark, 9, cv2.LINE_AA)
    elif cloth == "dotted":
        for y in range(12, H, 34):
            for x in range(12 + (y // 34 % 2) * 17, W, 34):
                cv2.circle(img, (x, y), 9, dark, -1, cv2.LINE_AA)
    else:
        yy, xx = np.mgrid[0:H, 0:W]
        img = np.clip(img.astype(np.float32) + (4 * np.sin(xx * 2.1) * np.sin(yy * 0.9))[
            ..., None], 0, 255).astype(np.uint8)
    return img


def _p_egg(img: np.ndarray, c: tuple[int, int], s: float, colour) -> None:
    axes = (int(38 * s), int(46 * s))
    cv2.ellipse(img, c, axes, 0, 0, 360, colour, -1, cv2.LINE_AA)
    dark = tuple(max(0, v - 80) for v in colour)
    zig = [(c[0] - axes[0] + 4 + k * 8, c[1] + (5 if k % 2 else -5)) for k in range(
        int(2 * axes[0] / 8))]
    cv2.polylines(img, [np.array(zig, np.int32)], False, dark, max(2, int(4 * s)), cv2.LINE_AA)
    for dx, dy in ((-14, -22), (12, -26), (0, 24), (-18, 20), (16, 18)):
        cv2.circle(img, (c[0] + int(dx * s), c[1] + int(dy * s)), max(2, int(4 * s)),
                   (245, 245, 245), -1, cv2.LINE_AA)
    cv2.ellipse(img, c, axes, 0, 0, 360, (40, 40, 40), 2, cv2.LINE_AA)


def _p_flower(img: np.ndarray, c: tuple[int, int], colour) -> None:
    cv2.rectangle(img, (c[0] - 24, c[1] - 24), (c[0] + 24, c[1] + 24), (240, 245, 240), -1)
    cv2.rectangle(img, (c[0] - 24, c[1] - 24), (c[0] + 24, c[1] + 24), (70, 90, 60), 1)
    for k in range(5):
        a = k * 2 * np.pi / 5 - np.pi / 2
        cv2.circle(img, (int(c[0] + 11 * np.cos(a)), int(c[1] + 11 * np.sin(a))), 8, colour, -1,
                   cv2.LINE_AA)
    cv2.circle(img, c, 5, (30, 200, 240), -1, cv2.LINE_AA)


def _p_print(img: np.ndarray, seed: int) -> np.ndarray:
    """A halftone-like print (fine dots of ink), grain and a faint green cast."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:H, 0:W]
    dots = ((xx % 4 < 2) & (yy % 4 < 2)).astype(np.float32) * 10 - 5
    noise = rng.normal(0, 4, (H, W)).astype(np.float32)
    out = img.astype(np.float32) * (0.96, 1.03, 0.97) + (dots + noise)[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def _p_frame(img: np.ndarray) -> np.ndarray:
    out = np.full_like(img, KRAFT)
    out[P_EDGE:H - P_EDGE, P_EDGE:W - P_EDGE] = img[P_EDGE:H - P_EDGE, P_EDGE:W - P_EDGE]
    cv2.rectangle(out, (P_EDGE - 6, P_EDGE - 6), (W - 1 - P_EDGE + 6, H - 1 - P_EDGE + 6),
                  (60, 80, 100), 1)
    cv2.rectangle(out, (P_EDGE, P_EDGE), (W - 1 - P_EDGE, H - 1 - P_EDGE), (60, 80, 100), 2)
    return out


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One Pisanki card of the fourth deck (None: its back)."""
    if card is None:
        img = np.full((H, W, 3), (40, 40, 160), np.uint8)
        for k in range(-H, W + H, 20):
            cv2.line(img, (k, 0), (k + H, H), (90, 160, 230), 2, cv2.LINE_AA)
            cv2.line(img, (k, H), (k + H, 0), (90, 160, 230), 2, cv2.LINE_AA)
        return _p_print(_p_frame(img), 17)
    img = _p_cloth(card.cloth)
    centre = (W // 2 + 14, int(H * 0.55))
    if card.egg and card.double:
        _p_egg(img, (centre[0], centre[1] - 52), 0.7, P_EGG[card.egg])
        _p_egg(img, (centre[0], centre[1] + 52), 0.7, P_EGG[card.egg])
    elif card.egg:
        _p_egg(img, centre, 1.15, P_EGG[card.egg])
    for pos, kind in zip(((48, 52), (W - 48, 52)), card.flowers, strict=False):
        _p_flower(img, pos, P_FLOWER[kind])
    return _p_print(_p_frame(img), zlib.crc32(repr(("deck4", card)).encode()))


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards (the same split as deck 2) and a back."""
    from deck2 import pisanki_deck as split

    return split()
