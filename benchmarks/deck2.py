"""A second deck, drawn in another style: the judge of the recognisers.

Nothing in assistant/ imports this file or was tuned on it. Its cards differ from deck.py's
in every way a printed deck might: other colours and patterns, white borders with rounded
corners, the egg high on the card with a pointed shape and bands, double eggs set
diagonally, flowers as tulips at the bottom corners (no badges), no plate; Okoshki cards
with an arched window, a valance, the suit as a square tag top right and the window as bars.
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import synth

W, H = 240, 336  # 5:7
EDGE = 14  # white border
RADIUS = 18  # rounded corners

CLOTH = {
    "checked": ((40, 110, 60), (120, 215, 235)),   # green and yellow small diamonds
    "striped": ((140, 60, 150), (220, 190, 240)),  # violet waves on pink
    "dotted": ((20, 120, 230), (215, 240, 250)),   # orange rings on cream
    "neutral": ((165, 175, 180), (190, 200, 205)),  # plain grey-beige
}
EGG = {"purple": (170, 70, 150), "red": (60, 30, 190), "orange": (30, 140, 250),
       "yellow": (80, 215, 250), "green": (90, 190, 110), "blue": (190, 130, 60)}
FLOWER = {"blue": (230, 160, 60), "pink": (190, 130, 250), "purple": (120, 30, 120),
          "yellow": (40, 200, 240)}
PAPER = (238, 240, 242)


def _grain(img: np.ndarray, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    noise = cv2.GaussianBlur(rng.normal(0, 7, img.shape[:2]).astype(np.float32), (0, 0), 0.8)
    return np.clip(img.astype(np.float32) + noise[..., None], 0, 255).astype(np.uint8)


def mask() -> np.ndarray:
    """The card's shape (rounded corners), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _cloth(cloth: str) -> np.ndarray:
    dark, light = CLOTH[cloth]
    img = np.full((H, W, 3), light, np.uint8)
    if cloth == "checked":
        for y in range(0, H + 16, 16):
            for x in range(0, W + 16, 16):
                if (x // 16 + y // 16) % 2:
                    pts = np.array([(x, y - 8), (x + 8, y), (x, y + 8), (x - 8, y)], np.int32)
                    cv2.fillConvexPoly(img, pts, dark, cv2.LINE_AA)
    elif cloth == "striped":
        xs = np.arange(0, W, 2)
        for y0 in range(6, H, 20):
            pts = np.stack([xs, y0 + 5 * np.sin(xs / 9.0)], axis=1).astype(np.int32)
            cv2.polylines(img, [pts], False, dark, 5, cv2.LINE_AA)
    elif cloth == "dotted":
        for y in range(10, H, 30):
            for x in range(10 + (y // 30 % 2) * 15, W, 30):
                cv2.circle(img, (x, y), 8, dark, 3, cv2.LINE_AA)
    return img


def _egg(img: np.ndarray, c: tuple[int, int], s: float, colour) -> None:
    t = np.linspace(0, 2 * np.pi, 60)
    rx, ry = 34 * s, 50 * s
    # pointed at the top: a narrower upper half
    xs = c[0] + rx * np.cos(t) * np.where(np.sin(t) < 0, 0.78, 1.0)
    ys = c[1] + ry * np.sin(t)
    pts = np.stack([xs, ys], axis=1).astype(np.int32)
    cv2.fillPoly(img, [pts], colour, cv2.LINE_AA)
    band = tuple(max(0, v - 70) for v in colour)
    for dy in (-0.25, 0.2):
        y = int(c[1] + dy * ry * 2)
        cv2.line(img, (int(c[0] - rx * 0.9), y), (int(c[0] + rx * 0.9), y), band, int(5 * s),
                 cv2.LINE_AA)
        for k in range(-2, 3):
            x = int(c[0] + k * rx * 0.35)
            tri = np.array([(x - 5 * s, y + 4 * s), (x + 5 * s, y + 4 * s), (x, y + 12 * s)],
                           np.int32)
            cv2.fillConvexPoly(img, tri, (250, 250, 250), cv2.LINE_AA)
    cv2.polylines(img, [pts], True, (30, 30, 30), 1, cv2.LINE_AA)


def _tulip(img: np.ndarray, c: tuple[int, int], colour) -> None:
    x, y = c
    cv2.line(img, (x, y + 4), (x, y + 26), (40, 120, 40), 3, cv2.LINE_AA)
    cv2.ellipse(img, (x + 7, y + 20), (7, 3), -30, 0, 360, (40, 140, 40), -1, cv2.LINE_AA)
    cup = np.array([(x - 12, y - 14), (x - 6, y - 4), (x, y - 16), (x + 6, y - 4),
                    (x + 12, y - 14), (x + 10, y + 6), (x - 10, y + 6)], np.int32)
    cv2.fillPoly(img, [cup], colour, cv2.LINE_AA)
    cv2.polylines(img, [cup], True, (40, 40, 40), 1, cv2.LINE_AA)


def _frame(img: np.ndarray) -> np.ndarray:
    out = np.full_like(img, PAPER)
    inner = np.zeros((H, W), np.uint8)
    cv2.rectangle(inner, (EDGE, EDGE), (W - 1 - EDGE, H - 1 - EDGE), 255, -1)
    out[inner > 0] = img[inner > 0]
    return out


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the second deck (None: its back)."""
    if card is None:
        img = np.full((H, W, 3), (120, 50, 30), np.uint8)
        for y in range(0, H, 24):
            for x in range(0, W, 24):
                cv2.drawMarker(img, (x + (y // 24 % 2) * 12, y), (235, 235, 235),
                               cv2.MARKER_STAR, 10, 1)
        cv2.circle(img, (W // 2, H // 2), 50, (60, 200, 240), 5, cv2.LINE_AA)
        return _grain(_frame(img), 11)
    img = _cloth(card.cloth)
    top = (W // 2, int(H * 0.40))
    if card.egg and card.double:
        _egg(img, (W // 2 - 30, top[1] - 20), 0.72, EGG[card.egg])
        _egg(img, (W // 2 + 30, top[1] + 45), 0.72, EGG[card.egg])
    elif card.egg:
        _egg(img, top, 1.1, EGG[card.egg])
    for pos, kind in zip(((52, H - 58), (W - 52, H - 58)), card.flowers, strict=False):
        cv2.circle(img, pos, 26, (250, 250, 250), -1, cv2.LINE_AA)
        _tulip(img, pos, FLOWER[kind])
    seed = zlib.crc32(repr(("deck2", card)).encode())
    return _grain(_frame(img), seed)


# -- Okoshki ---------------------------------------------------------------------------------
CURTAIN = {"red": (70, 40, 170), "yellow": (60, 190, 220), "purple": (160, 80, 110),
           "green": (80, 140, 70), "brown": (50, 90, 140), "blue": (150, 110, 40)}
SKY = {"sun": (240, 220, 180), "sun_rainbow": (245, 225, 190), "sun_clouded": (190, 185, 180),
       "bird": (240, 210, 170), "owl": (90, 60, 40), "swallow_rainbow": (245, 225, 190),
       "cat": (200, 200, 215), "cat_red": (200, 210, 230), "cat_tabby": (190, 200, 210),
       "sky": (250, 215, 150)}


def _scene(img: np.ndarray, kind: str, window: int, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    cv2.rectangle(img, (x0, y0), (x1, y1), SKY.get(kind, (230, 210, 170)), -1)
    if "sun" in kind:
        pts = cv2.ellipse2Poly((cx - 20, cy - 10), (28, 28), 0, 0, 360, 30)
        star = [p if i % 2 == 0 else ((p[0] + cx - 20) // 2, (p[1] + cy - 10) // 2)
                for i, p in enumerate(pts)]
        cv2.fillPoly(img, [np.array(star, np.int32)], (30, 180, 250), cv2.LINE_AA)
    if "rainbow" in kind:
        for i, col in enumerate([(40, 40, 200), (30, 160, 240), (60, 200, 80), (200, 90, 40)]):
            cv2.ellipse(img, (cx, y1), (70 - i * 8, 60 - i * 8), 0, 180, 360, col, 7)
    if kind == "sun_clouded":
        cv2.ellipse(img, (cx + 10, cy + 20), (50, 22), 0, 0, 360, (250, 250, 250), -1)
    if kind == "bird":
        for bx, by in ((cx - 30, cy - 20), (cx + 25, cy + 25)):
            cv2.fillConvexPoly(img, np.array([(bx - 20, by), (bx, by - 6), (bx + 20, by),
                                              (bx, by + 8)], np.int32), (30, 30, 30))
    if kind == "owl":
        cv2.rectangle(img, (cx - 30, cy - 30), (cx + 30, cy + 50), (80, 140, 180), -1)
        for s in (-1, 1):
            cv2.circle(img, (cx + s * 14, cy - 10), 11, (40, 230, 250), -1)
    if kind == "swallow_rainbow":
        cv2.fillConvexPoly(img, np.array([(cx - 40, cy), (cx + 40, cy - 25), (cx + 10, cy + 5),
                                          (cx + 40, cy + 30)], np.int32), (70, 30, 20))
    if kind.startswith("cat"):
        colour = {"cat": (30, 30, 30), "cat_red": (30, 100, 230),
                  "cat_tabby": (130, 140, 140)}[kind]
        cv2.fillConvexPoly(img, np.array([(cx - 40, y1), (cx, cy - 20), (cx + 40, y1)],
                                         np.int32), colour)
        for s in (-1, 1):
            cv2.fillConvexPoly(img, np.array([(cx + s * 8, cy - 10), (cx + s * 22, cy - 45),
                                              (cx + s * 28, cy - 5)], np.int32), colour)
        if kind == "cat_tabby":
            for k in range(-24, 25, 10):
                cv2.line(img, (cx + k, cy + 20), (cx + k, y1 - 4), (60, 60, 60), 3)
    if kind == "sky":
        for k in range(window):
            cv2.ellipse(img, (x0 + 30 + k * 22, y0 + 30 + k * 30), (22, 10), 0, 0, 360,
                        (250, 250, 250), -1)


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the second deck."""
    card = ok.CARDS[cid]
    colour = CURTAIN[card.suit.split("-")[0]]
    printed = card.suit.endswith("-print")
    img = np.full((H, W, 3), (200, 220, 200), np.uint8)
    box = (40, 80, 200, 280)
    _scene(img, card.kind, card.window, box)
    arch = np.full((H, W), 0, np.uint8)  # the arched window: paint the wall around it
    cv2.rectangle(arch, (40, 120), (200, 280), 255, -1)
    cv2.ellipse(arch, (120, 120), (80, 60), 0, 180, 360, 255, -1)
    img[arch == 0] = (200, 220, 200)
    cv2.rectangle(img, (30, 40), (210, 78), colour, -1)  # valance
    for x in range(30, 211, 20):
        cv2.circle(img, (x, 78), 10, colour, -1, cv2.LINE_AA)
    if printed:
        for x in range(40, 210, 24):
            cv2.drawMarker(img, (x, 58), (250, 250, 250), cv2.MARKER_TRIANGLE_UP, 10, 2)
    cv2.rectangle(img, (W - 50, 290), (W - 24, 316), colour, -1)  # suit tag
    if printed:
        cv2.rectangle(img, (W - 50, 290), (W - 24, 316), (250, 250, 250), 3)
    for k in range(card.window):  # bars: which window
        cv2.rectangle(img, (30 + k * 16, 292), (40 + k * 16, 316), (40, 40, 40), -1)
    return _grain(_frame(img), zlib.crc32(("deck2-" + cid).encode()))


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the second deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards as RULES.md counts them (a plausible colour split) + a back."""
    cards: list[pg.Card | None] = []
    cloths = ("checked", "striped", "dotted")
    for i in range(45):
        cards.append(pg.Card(cloths[i % 3], pg.EGGS[(i // 3) % 6]))
    for i in range(12):
        cards.append(pg.Card(cloths[i % 3], pg.EGGS[i % 6], False, (pg.FLOWERS[i % 4],)))
    for i in range(6):
        f = pg.FLOWERS[i % 4]
        cards.append(pg.Card(cloths[(i + 1) % 3], pg.EGGS[(i + 2) % 6], False, (f, f)))
    for i in range(6):
        f = pg.FLOWERS[i % 4]
        cards.append(pg.Card(cloths[i % 3], None, False, (f, f)))
    for egg in pg.EGGS:
        cards.append(pg.Card("neutral", egg, True))
    return cards
