"""A third deck, drawn in yet another style: a judge the recognisers were never tuned on.

Written for issue 27 and, by rule, only ever run at checkpoints (benchmarks/recognition2.py
--deck 3): no threshold or choice in assistant/ was made while looking at it. It draws the
same card kinds as deck.py and deck2.py in other ways: a thin dark outline inside a pale
blue-grey edge and small rounded corners; gingham, horizontal bands and small dots in other
palettes; shaded eggs low on the card with vertical stripes, double eggs side by side and
overlapping; daisies (eight petals, no badge) halfway up each side; a canvas texture and a
warm cast. Okoshki: a round window with shutters in the suit's colour (white dots for a
print), the window's number as notches along the top, the scenes drawn anew.
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import synth

W, H = 230, 322  # 5:7
EDGE = 10
RADIUS = 10

CLOTH = {
    "checked": ((50, 50, 170), (215, 225, 240)),   # red gingham on cream
    "striped": ((130, 140, 20), (200, 235, 215)),  # teal bands on mint
    "dotted": ((90, 40, 40), (235, 215, 200)),     # navy dots on pale blue
    "neutral": ((150, 160, 175), (175, 185, 195)),
}
EGG = {"purple": (140, 40, 160), "red": (50, 50, 220), "orange": (20, 120, 230),
       "yellow": (60, 210, 235), "green": (60, 170, 80), "blue": (210, 120, 50)}
FLOWER = {"blue": (220, 140, 40), "pink": (180, 120, 240), "purple": (130, 40, 140),
          "yellow": (30, 210, 250)}
EDGE_COLOUR = (225, 215, 205)


def _canvas(img: np.ndarray, seed: int) -> np.ndarray:
    """A woven canvas texture and a warm cast."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    weave = 5 * np.sin(xx * 1.3) * np.sin(yy * 1.3)
    noise = cv2.GaussianBlur(rng.normal(0, 6, img.shape[:2]).astype(np.float32), (0, 0), 1.0)
    out = img.astype(np.float32) * (0.97, 1.0, 1.04) + (weave + noise)[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def mask() -> np.ndarray:
    """The card's shape (small rounded corners), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _cloth(cloth: str) -> np.ndarray:
    dark, light = CLOTH[cloth]
    img = np.full((H, W, 3), light, np.uint8)
    if cloth == "checked":
        over = img.copy()
        for k in range(0, max(W, H), 36):
            cv2.rectangle(over, (k, 0), (k + 17, H), dark, -1)
            cv2.rectangle(over, (0, k), (W, k + 17), dark, -1)
        img = cv2.addWeighted(img, 0.45, over, 0.55, 0)
    elif cloth == "striped":
        for y in range(0, H, 26):
            cv2.rectangle(img, (0, y), (W, y + 11), dark, -1)
    elif cloth == "dotted":
        for y in range(7, H, 16):
            for x in range(7 + (y // 16 % 2) * 8, W, 16):
                cv2.circle(img, (x, y), 4, dark, -1, cv2.LINE_AA)
    return img


def _egg(img: np.ndarray, c: tuple[int, int], s: float, colour) -> None:
    t = np.linspace(0, 2 * np.pi, 72)
    rx, ry = 36 * s, 48 * s
    xs = c[0] + rx * np.cos(t) * np.where(np.sin(t) < 0, 0.85, 1.0)
    ys = c[1] + ry * np.sin(t)
    pts = np.stack([xs, ys], axis=1).astype(np.int32)
    egg = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(egg, [pts], 255, cv2.LINE_AA)
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    shade = 1.15 - 0.45 * np.hypot((xx - c[0] + rx * 0.3) / rx, (yy - c[1] + ry * 0.3) / ry)
    body = np.clip(np.array(colour, np.float32) * shade[..., None], 0, 255)
    stripes = ((xx - c[0]) // max(1, int(9 * s))) % 3 == 0
    body[stripes] = body[stripes] * 0.7 + 70
    a = (egg.astype(np.float32) / 255)[..., None]
    img[:] = (img * (1 - a) + body * a).astype(np.uint8)
    cv2.polylines(img, [pts], True, (20, 20, 20), 2, cv2.LINE_AA)


def _daisy(img: np.ndarray, c: tuple[int, int], colour) -> None:
    for k in range(8):
        a = k * np.pi / 4
        p = (int(c[0] + 11 * np.cos(a)), int(c[1] + 11 * np.sin(a)))
        cv2.ellipse(img, p, (9, 5), np.degrees(a), 0, 360, colour, -1, cv2.LINE_AA)
    cv2.circle(img, c, 7, (40, 110, 200), -1, cv2.LINE_AA)


def _frame(img: np.ndarray) -> np.ndarray:
    out = np.full_like(img, EDGE_COLOUR)
    out[EDGE:H - EDGE, EDGE:W - EDGE] = img[EDGE:H - EDGE, EDGE:W - EDGE]
    cv2.rectangle(out, (EDGE, EDGE), (W - 1 - EDGE, H - 1 - EDGE), (50, 40, 40), 2, cv2.LINE_AA)
    return out


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the third deck (None: its back)."""
    if card is None:
        img = np.full((H, W, 3), (60, 110, 40), np.uint8)
        for y in range(0, H + 30, 30):
            for x in range(0, W + 30, 30):
                cv2.circle(img, (x, y), 11, (120, 190, 110), 2, cv2.LINE_AA)
        return _canvas(_frame(img), 13)
    img = _cloth(card.cloth)
    low = (W // 2, int(H * 0.60))
    if card.egg and card.double:
        _egg(img, (W // 2 - 26, low[1]), 0.75, EGG[card.egg])
        _egg(img, (W // 2 + 26, low[1] + 6), 0.75, EGG[card.egg])
    elif card.egg:
        _egg(img, low, 1.15, EGG[card.egg])
    for pos, kind in zip(((36, H // 2 - 40), (W - 36, H // 2 - 40)), card.flowers, strict=False):
        _daisy(img, pos, FLOWER[kind])
    return _canvas(_frame(img), zlib.crc32(repr(("deck3", card)).encode()))


# -- Okoshki ---------------------------------------------------------------------------------
SHUTTER = {"red": (40, 40, 180), "yellow": (50, 200, 230), "purple": (150, 60, 140),
           "green": (50, 130, 60), "brown": (30, 70, 120), "blue": (160, 100, 30)}


def _scene(img: np.ndarray, kind: str, window: int, c: tuple[int, int], r: int) -> None:
    cx, cy = c
    sky = (180, 180, 175) if kind == "sun_clouded" else (60, 40, 30) if kind == "owl" \
        else (245, 215, 165)
    cv2.circle(img, c, r, sky, -1, cv2.LINE_AA)
    if "sun" in kind:
        sc = (cx + 18, cy - 22)
        for k in range(8):
            a = k * np.pi / 4
            tri = np.array([(sc[0] + 30 * np.cos(a), sc[1] + 30 * np.sin(a)),
                            (sc[0] + 18 * np.cos(a + 0.3), sc[1] + 18 * np.sin(a + 0.3)),
                            (sc[0] + 18 * np.cos(a - 0.3), sc[1] + 18 * np.sin(a - 0.3))],
                           np.int32)
            cv2.fillConvexPoly(img, tri, (20, 160, 240), cv2.LINE_AA)
        cv2.circle(img, sc, 17, (50, 210, 250), -1, cv2.LINE_AA)
    if "rainbow" in kind:
        for i, col in enumerate([(50, 50, 210), (40, 170, 250), (50, 220, 240), (70, 170, 70),
                                 (190, 110, 60)]):
            cv2.ellipse(img, (cx, cy + 40), (64 - i * 7, 64 - i * 7), 0, 200, 340, col, 5,
                        cv2.LINE_AA)
    if kind == "sun_clouded":
        for dx in (-25, 0, 25):
            cv2.ellipse(img, (cx + dx, cy + 10), (26, 16), 0, 0, 360, (245, 245, 245), -1)
    if kind == "bird":
        for bx, by in ((cx - 25, cy - 25), (cx + 20, cy - 5), (cx - 5, cy + 30)):
            cv2.polylines(img, [np.array([(bx - 14, by - 8), (bx, by), (bx + 14, by - 8)],
                                         np.int32)], False, (20, 20, 20), 3, cv2.LINE_AA)
    if kind == "owl":
        cv2.ellipse(img, (cx, cy + 15), (30, 42), 0, 0, 360, (60, 110, 150), -1, cv2.LINE_AA)
        for s in (-1, 1):
            cv2.circle(img, (cx + s * 13, cy), 10, (60, 220, 250), -1, cv2.LINE_AA)
            cv2.circle(img, (cx + s * 13, cy), 4, (10, 10, 10), -1)
    if kind == "swallow_rainbow":
        cv2.fillPoly(img, [np.array([(cx - 35, cy - 10), (cx + 5, cy), (cx + 35, cy - 30),
                                     (cx + 20, cy + 10), (cx + 35, cy + 25), (cx - 5, cy + 12)],
                                    np.int32)], (90, 50, 20), cv2.LINE_AA)
    if kind.startswith("cat"):
        colour = {"cat": (25, 25, 25), "cat_red": (40, 120, 235),
                  "cat_tabby": (140, 145, 150)}[kind]
        cv2.circle(img, (cx, cy + 20), 28, colour, -1, cv2.LINE_AA)
        for s in (-1, 1):
            cv2.fillConvexPoly(img, np.array([(cx + s * 8, cy), (cx + s * 26, cy - 22),
                                              (cx + s * 26, cy + 8)], np.int32), colour)
        if kind == "cat_tabby":
            for k in range(-20, 21, 9):
                cv2.line(img, (cx + k, cy + 2), (cx + k, cy + 44), (70, 70, 70), 3)
    if kind == "sky":
        for k in range(window):
            cv2.ellipse(img, (cx - 30 + k * 20, cy - 30 + k * 22), (18, 9), 0, 0, 360,
                        (252, 252, 252), -1, cv2.LINE_AA)
    cv2.circle(img, c, r, (70, 60, 60), 6, cv2.LINE_AA)


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the third deck."""
    card = ok.CARDS[cid]
    colour = SHUTTER[card.suit.split("-")[0]]
    printed = card.suit.endswith("-print")
    img = np.full((H, W, 3), (215, 225, 235), np.uint8)
    for y in range(EDGE, H, 14):  # a wall of planks
        cv2.line(img, (0, y), (W, y), (185, 195, 210), 1)
    c, r = (W // 2, 165), 70
    _scene(img, card.kind, card.window, c, r)
    for x0 in (18, W - 48):  # shutters: slats in the suit's colour
        cv2.rectangle(img, (x0, 85), (x0 + 30, 245), colour, -1)
        for y in range(92, 245, 12):
            cv2.line(img, (x0 + 2, y), (x0 + 28, y), tuple(max(0, v - 50) for v in colour), 2)
        if printed:
            for y in range(100, 240, 28):
                cv2.circle(img, (x0 + 15, y), 5, (250, 250, 250), -1, cv2.LINE_AA)
    for k in range(card.window):  # notches along the top: which window
        cv2.circle(img, (W // 2 - (card.window - 1) * 13 + k * 26, 52), 8, (40, 40, 60), -1,
                   cv2.LINE_AA)
    cv2.rectangle(img, (W // 2 - 70, 262), (W // 2 + 70, 280), colour, -1)  # the sill
    if printed:
        cv2.rectangle(img, (W // 2 - 70, 262), (W // 2 + 70, 280), (250, 250, 250), 2)
    return _canvas(_frame(img), zlib.crc32(("deck3-" + cid).encode()))


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the third deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards (the same split as deck 2) and a back."""
    from deck2 import pisanki_deck as split

    return split()
