"""An eighth deck: DEVELOPMENT data for issue 27 (not a judge; its mistakes may be looked at).

Drawn after deck 7 (a judge) showed that the registered Okoshki path does not carry over to
full-bleed tall cards on dark stock, with what decks 2–6 lack and without looking at deck 7:
- the shape: 3:5 (W/H = 0.6: taller than decks 2–6, not deck 7's 7:12), small corners (r = 8);
- FULL BLEED: the picture runs off every edge, no border, no light rim, no keyline;
- dark stock: Pisanki on a deep bottle green, Okoshki on charcoal; the card's edge is dark on
  dark tables and on cloth alike;
- a screen print: flat inks with hard edges (no gradients), a cream key plate drawn over the
  colour plate, the colour plate out of register by up to 2 px (each card its own way), some
  cards printed paler (inks washed towards grey), ink speckle and a fine stock grain;
- Pisanki: full-bleed cloths (a large two-green check with cream lines, wide maroon diagonal
  bands, cream dots, a plain speckled green), each egg lying tilted with its own dark motif, a
  double egg as two eggs overlapping, flowers at the bottom in cream round badges (a
  flower-only card has its two flowers large in the middle), the egg's colour as a round
  badge at the top left; its own split of the 75 cards; a maroon back with outlined eggs.
- Okoshki: the window fills the card right of a SIDE STRIP in the suit's colour that runs the
  card's full height (the print: cream diamonds on strip and curtains); the window's number as
  a digit in a round cream badge on the strip near the top and as pips below it; a scalloped
  pelmet and two narrow side curtains, a cream frame, the scene in flat shapes (sky cards: as
  many clouds as the window's number).
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import synth

W, H = 216, 360  # 3:5 (0.6)
RADIUS = 8
GREEN_STOCK = (44, 70, 26)  # deep bottle green (BGR)
CHARCOAL = (46, 44, 42)
MAROON = (40, 28, 112)
CREAM = (196, 222, 232)
KEY = (28, 26, 30)  # the dark key ink on light shapes
HARD = cv2.LINE_8  # screen print: no anti-aliased soft edges


def mask() -> np.ndarray:
    """The card's shape (small rounded corners), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(("deck8-" + name).encode()))


def _blank() -> np.ndarray:
    return np.zeros((H, W), np.uint8)


def _print(colour: np.ndarray, key: np.ndarray, key_ink, name: str) -> np.ndarray:
    """Screen-print the colour plate and the key plate (a mask inked `key_ink`): the colour
    plate out of register by up to 2 px, a paler print on about a quarter of the cards, ink
    speckle and stock grain."""
    rng = _rng("press-" + name)
    dx, dy = (int(v) for v in rng.integers(-2, 3, 2))
    shift = np.float32([[1, 0, dx], [0, 1, dy]])
    out = cv2.warpAffine(colour, shift, (W, H), borderMode=cv2.BORDER_REPLICATE)
    out[key > 0] = key_ink
    out = out.astype(np.float32)
    if rng.random() < 0.25:  # a paler print: less ink, washed towards grey
        pale = rng.uniform(0.15, 0.25)
        out = out * (1 - pale) + 150 * pale
    speckle = rng.random((H, W)) < 0.004  # specks where the ink did not take
    out[speckle] = out[speckle] * 0.6 + 60
    grain = cv2.GaussianBlur(rng.normal(0, 5, (H, W)).astype(np.float32), (0, 0), 0.6)
    return np.clip(out + grain[..., None], 0, 255).astype(np.uint8)


def _egg_poly(c: tuple[float, float], rx: float, ry: float, angle: float) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, 80, endpoint=False)
    xs = rx * np.cos(t) * (1 - 0.16 * np.clip(-np.sin(t), 0, 1))  # narrower at the top
    ys = ry * np.sin(t)
    a = np.radians(angle)
    px = c[0] + xs * np.cos(a) - ys * np.sin(a)
    py = c[1] + xs * np.sin(a) + ys * np.cos(a)
    return np.stack([px, py], 1).astype(np.int32)


# -- Pisanki ---------------------------------------------------------------------------------
EGG = {"purple": (150, 50, 130), "red": (45, 40, 215), "orange": (20, 130, 245),
       "yellow": (60, 225, 245), "green": (80, 200, 90), "blue": (215, 150, 40)}
FLOWER = {"blue": (230, 150, 50), "pink": (175, 120, 250), "purple": (150, 40, 140),
          "yellow": (30, 200, 250)}


def _cloth(cloth: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The full-bleed cloth: its colour plate and its key lines."""
    img = np.full((H, W, 3), GREEN_STOCK, np.uint8)
    key = _blank()
    if cloth == "checked":  # a large check of two greens, thin cream lines along it
        for y in range(0, H, 36):
            for x in range(0, W, 36):
                if (x // 36 + y // 36) % 2:
                    cv2.rectangle(img, (x, y), (x + 35, y + 35), (70, 120, 60), -1)
        for v in range(0, max(W, H), 36):
            cv2.line(key, (v, 0), (v, H), 255, 1, HARD)
            cv2.line(key, (0, v), (W, v), 255, 1, HARD)
    elif cloth == "striped":  # wide maroon diagonal bands
        for k in range(-H, W + H, 40):
            pts = np.array([(k, 0), (k + 18, 0), (k + 18 + H // 2, H), (k + H // 2, H)], np.int32)
            cv2.fillConvexPoly(img, pts, MAROON, HARD)
    elif cloth == "dotted":  # cream dots, staggered
        for j, y in enumerate(range(8, H, 18)):
            for x in range(8 + (j % 2) * 9, W, 18):
                cv2.circle(key, (x, y), 4, 255, -1, HARD)
    else:  # neutral: plain, a coarse speckle
        spots = rng.random((H // 3, W // 3)) < 0.06
        img[cv2.resize(spots.astype(np.uint8), (W, H), interpolation=cv2.INTER_NEAREST) > 0] = \
            (56, 84, 36)
    return img, key


def _motif(egg: str, c: tuple[float, float], s: float, angle: float) -> np.ndarray:
    """The egg's dark motif (clipped to the egg by the caller)."""
    m = _blank()
    lw = max(2, int(round(3 * s)))
    a = np.radians(angle)

    def p(dx: float, dy: float) -> tuple[int, int]:
        dx, dy = dx * s, dy * s
        return (int(c[0] + dx * np.cos(a) - dy * np.sin(a)),
                int(c[1] + dx * np.sin(a) + dy * np.cos(a)))

    if egg == "purple":  # a zigzag band
        pts = np.array([p(-50 + 10 * i, -8 if i % 2 else 8) for i in range(11)], np.int32)
        cv2.polylines(m, [pts], False, 255, lw, HARD)
    elif egg == "red":  # three bands
        for dy in (-26, 0, 26):
            cv2.line(m, p(-60, dy), p(60, dy), 255, lw + 1, HARD)
    elif egg == "orange":  # a six-point star
        pts = [p(22 * np.cos(k * np.pi / 6 - np.pi / 2) * (1 if k % 2 == 0 else 0.45),
                 22 * np.sin(k * np.pi / 6 - np.pi / 2) * (1 if k % 2 == 0 else 0.45))
               for k in range(12)]
        cv2.fillPoly(m, [np.array(pts, np.int32)], 255, HARD)
    elif egg == "yellow":  # a grid of dots
        for dy in range(-48, 49, 16):
            for dx in range(-48, 49, 16):
                cv2.circle(m, p(dx, dy), max(2, int(3 * s)), 255, -1, HARD)
    elif egg == "green":  # vertical waves
        for dx in (-22, 0, 22):
            pts = np.array([p(dx + (5 if i % 2 else -5), -60 + 12 * i) for i in range(11)],
                           np.int32)
            cv2.polylines(m, [pts], False, 255, lw, HARD)
    else:  # blue: a cross-hatch
        for k in range(-70, 71, 18):
            cv2.line(m, p(k - 40, -60), p(k + 40, 60), 255, lw - 1, HARD)
            cv2.line(m, p(k + 40, -60), p(k - 40, 60), 255, lw - 1, HARD)
    return m


def _egg(img: np.ndarray, key: np.ndarray, c: tuple[float, float], s: float, egg: str,
         angle: float) -> None:
    """An egg lying tilted: flat colour, a cream key outline, its dark motif."""
    poly = _egg_poly(c, 46 * s, 62 * s, angle)
    cv2.fillPoly(img, [poly], EGG[egg], HARD)
    body = _blank()
    cv2.fillPoly(body, [poly], 255, HARD)
    inner = cv2.erode(body, np.ones((7, 7), np.uint8))
    motif = cv2.bitwise_and(_motif(egg, c, s, angle), inner)
    img[motif > 0] = KEY
    key[body > 0] = 0  # the cloth's key lines stop at the egg
    cv2.polylines(key, [poly], True, 255, 2, HARD)


def _flower(img: np.ndarray, c: tuple[int, int], kind: str, z: float) -> None:
    """A flower of its kind's shape and colour on a cream round badge."""
    x, y = c
    cv2.circle(img, c, int(19 * z), CREAM, -1, HARD)
    col = FLOWER[kind]
    if kind == "blue":  # five round petals
        for k in range(5):
            a = 2 * np.pi * k / 5 - np.pi / 2
            cv2.circle(img, (int(x + 8 * z * np.cos(a)), int(y + 8 * z * np.sin(a))),
                       int(6 * z), col, -1, HARD)
    elif kind == "pink":  # a six-point star of pointed petals
        pts = [(x + (15 if k % 2 == 0 else 6) * z * np.cos(k * np.pi / 6),
                y + (15 if k % 2 == 0 else 6) * z * np.sin(k * np.pi / 6)) for k in range(12)]
        cv2.fillPoly(img, [np.array(pts, np.int32)], col, HARD)
    elif kind == "purple":  # four long petals, a cross
        for a in (0, 90):
            cv2.ellipse(img, c, (int(15 * z), int(5 * z)), a, 0, 360, col, -1, HARD)
    else:  # yellow: a ring of eight small petals
        for k in range(8):
            a = k * np.pi / 4
            cv2.circle(img, (int(x + 11 * z * np.cos(a)), int(y + 11 * z * np.sin(a))),
                       int(4 * z), col, -1, HARD)
    cv2.circle(img, c, max(2, int(4 * z)), KEY, -1, HARD)


def _egg_badge(img: np.ndarray, egg: str | None) -> None:
    """The egg's colour as a round badge at the top left (the card's index)."""
    cv2.circle(img, (24, 24), 16, CREAM, -1, HARD)
    if egg:
        cv2.fillPoly(img, [_egg_poly((24, 25), 8, 11, 0)], EGG[egg], HARD)
    else:
        cv2.circle(img, (24, 24), 8, KEY, 2, HARD)


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the eighth deck (None: its back)."""
    if card is None:
        img = np.full((H, W, 3), MAROON, np.uint8)
        key = _blank()
        for j, y in enumerate(range(20, H, 44)):
            for x in range(20 + (j % 2) * 26, W + 20, 52):
                cv2.polylines(key, [_egg_poly((x, y), 10, 14, 0)], True, 255, 2, HARD)
        cv2.circle(img, (W // 2, H // 2), 56, GREEN_STOCK, -1, HARD)
        cv2.fillPoly(img, [_egg_poly((W // 2, H // 2), 26, 36, 0)], EGG["orange"], HARD)
        return _print(img, key, CREAM, "back")
    name = repr(card)
    rng = _rng(name)
    img, key = _cloth(card.cloth, rng)
    tilt = float(rng.uniform(14, 24)) * (1 if zlib.crc32(name.encode()) % 2 else -1)
    if card.egg and card.double:  # two eggs overlapping, one lower right of the other
        _egg(img, key, (W / 2 - 26, H * 0.40), 0.78, card.egg, -tilt)
        _egg(img, key, (W / 2 + 26, H * 0.58), 0.78, card.egg, tilt)
    elif card.egg:
        _egg(img, key, (W / 2, H * 0.46), 1.0, card.egg, tilt)
    if card.egg is None:  # flower-only: the pair large, in the middle
        spots, z = ((W // 2 - 40, int(H * 0.38)), (W // 2 + 40, int(H * 0.58))), 1.8
    else:
        spots, z = ((W // 2 - 44, H - 42), (W // 2 + 44, H - 42)), 1.0
    spots = spots[:len(card.flowers)]
    key[cv2.dilate(_badges(spots, z), np.ones((3, 3), np.uint8)) > 0] = 0
    for pos, kind in zip(spots, card.flowers, strict=False):
        _flower(img, pos, kind, z)
    _egg_badge(img, card.egg)
    key[cv2.dilate(_badges([(24, 24)], 16 / 19), np.ones((3, 3), np.uint8)) > 0] = 0
    return _print(img, key, CREAM, name)


def _badges(spots, z: float) -> np.ndarray:
    m = _blank()
    for c in spots:
        cv2.circle(m, c, int(19 * z), 255, -1, HARD)
    return m


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards in this deck's own split (the rulebook's counts)."""
    cloths = ("checked", "striped", "dotted")
    eggs, flowers = pg.EGGS, pg.FLOWERS
    cards: list[pg.Card | None] = []
    for i in range(45):  # every cloth with every egg twice, nine of them a third time
        j = (i + 5 * (i // 18)) % 18
        cards.append(pg.Card(cloths[j % 3], eggs[(j // 3) % 6]))
    cards += [pg.Card(cloths[i % 3], eggs[(i + 2) % 6], False, (flowers[(i + i // 3) % 4],))
              for i in range(12)]
    cards += [pg.Card(cloths[(i + 2) % 3], eggs[(i + 4) % 6], False,
                      (flowers[(i + 3) % 4],) * 2) for i in range(6)]
    cards += [pg.Card(cloths[(i + 1) % 3], None, False, (flowers[(i + 1) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card("neutral", egg, True) for egg in eggs]
    return cards


# -- Okoshki ---------------------------------------------------------------------------------
CURTAIN = {"red": (40, 40, 205), "yellow": (40, 200, 240), "purple": (150, 60, 140),
           "green": (70, 170, 60), "brown": (40, 85, 140), "blue": (200, 120, 30)}
STRIP = 30  # the side strip's width
PANE = (STRIP + 16, 26, W - 16, H - 52)  # x0, y0, x1, y1
DAY, NIGHT, GREY = (125, 92, 62), (70, 30, 22), (140, 138, 136)  # deep, not pale, skies


def _cloud(img, c: tuple[int, int], s: float) -> None:
    for dx, dy, r in ((-12, 3, 9), (0, -4, 12), (12, 3, 9)):
        cv2.circle(img, (int(c[0] + dx * s), int(c[1] + dy * s)), int(r * s), (250, 250, 250),
                   -1, HARD)
    cv2.rectangle(img, (int(c[0] - 12 * s), int(c[1])), (int(c[0] + 12 * s), int(c[1] + 12 * s)),
                  (250, 250, 250), -1)


def _sun(img, c: tuple[int, int], r: int) -> None:
    for k in range(10):
        a = k * np.pi / 5
        tip = (c[0] + (r + 14) * np.cos(a), c[1] + (r + 14) * np.sin(a))
        b1 = (c[0] + (r + 2) * np.cos(a - 0.2), c[1] + (r + 2) * np.sin(a - 0.2))
        b2 = (c[0] + (r + 2) * np.cos(a + 0.2), c[1] + (r + 2) * np.sin(a + 0.2))
        cv2.fillConvexPoly(img, np.array([tip, b1, b2], np.int32), (20, 150, 245), HARD)
    cv2.circle(img, c, r, (40, 215, 250), -1, HARD)


def _rainbow(img, c: tuple[int, int], r: int) -> None:
    for i, col in enumerate([(50, 50, 220), (30, 150, 245), (50, 225, 245), (70, 190, 70),
                             (210, 130, 40), (150, 60, 130)]):
        cv2.ellipse(img, c, (r - 7 * i, r - 7 * i), 0, 180, 360, col, 7, HARD)


def _branch(img, y_left: int, y_right: int) -> None:
    x0, _, x1, _ = PANE
    cv2.line(img, (x0, y_left), (x1, y_right), (40, 60, 90), 6, HARD)


def _cat(img, key, colour, x: int, base: int, stripes: bool) -> None:
    """A cat sitting on the sill in profile, its tail up behind it."""
    body = np.array([(x - 26, base), (x - 22, base - 50), (x - 4, base - 70), (x + 14, base - 62),
                     (x + 22, base)], np.int32)
    cv2.fillPoly(img, [body], colour, HARD)
    cv2.circle(img, (x + 14, base - 78), 17, colour, -1, HARD)
    for ex in (4, 22):
        cv2.fillConvexPoly(img, np.array([(x + ex, base - 88), (x + ex + 4, base - 108),
                                          (x + ex + 12, base - 90)], np.int32), colour, HARD)
    cv2.ellipse(img, (x - 36, base - 30), (12, 30), 0, 90, 270, colour, 6, HARD)
    if stripes:
        for k in range(-20, 16, 9):
            cv2.line(img, (x + k, base - 56), (x + k + 4, base - 6), (70, 70, 74), 3, HARD)
    cv2.circle(img, (x + 20, base - 80), 3, (60, 220, 150), -1, HARD)
    cv2.polylines(key, [body], True, 255, 1, HARD)


def _bird(img, c: tuple[int, int]) -> None:
    """A small bird perched, facing right."""
    x, y = c
    cv2.ellipse(img, (x, y), (16, 11), -10, 0, 360, (50, 80, 130), -1, HARD)
    cv2.circle(img, (x + 14, y - 10), 8, (50, 80, 130), -1, HARD)
    cv2.fillConvexPoly(img, np.array([(x - 12, y), (x - 30, y - 8), (x - 28, y + 2)], np.int32),
                       (50, 80, 130), HARD)
    cv2.ellipse(img, (x + 2, y + 4), (10, 6), 0, 0, 360, (150, 190, 220), -1, HARD)
    cv2.fillConvexPoly(img, np.array([(x + 21, y - 12), (x + 28, y - 9), (x + 21, y - 7)],
                                     np.int32), (30, 140, 230), HARD)


def _scene(img: np.ndarray, key: np.ndarray, kind: str, window: int) -> None:
    x0, y0, x1, y1 = PANE
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2 + 24
    sky = NIGHT if kind == "owl" else GREY if kind == "sun_clouded" else DAY
    cv2.rectangle(img, (x0, y0), (x1, y1), sky, -1)
    if kind in ("sun", "sun_rainbow", "sun_clouded"):
        if kind == "sun_rainbow":
            _rainbow(img, (cx, y1 + 10), 78)
        _sun(img, (cx + 16, cy - 30) if kind != "sun" else (cx, cy - 10), 22)
        if kind == "sun_clouded":
            _cloud(img, (cx + 2, cy - 14), 1.6)
    elif kind == "bird":
        _branch(img, cy + 34, cy + 16)
        _bird(img, (cx - 4, cy + 8))
    elif kind == "owl":
        cv2.circle(img, (x0 + 26, y0 + 84), 12, (190, 235, 245), -1, HARD)
        cv2.circle(img, (x0 + 32, y0 + 79), 11, NIGHT, -1, HARD)  # a crescent
        _branch(img, cy + 50, cy + 40)
        cv2.ellipse(img, (cx, cy + 10), (24, 32), 0, 0, 360, (60, 100, 140), -1, HARD)
        for s in (-1, 1):
            cv2.fillConvexPoly(img, np.array([(cx + s * 20, cy - 12), (cx + s * 22, cy - 32),
                                              (cx + s * 8, cy - 18)], np.int32),
                               (60, 100, 140), HARD)
            cv2.circle(img, (cx + s * 10, cy - 4), 8, (120, 225, 245), -1, HARD)
            cv2.circle(img, (cx + s * 10, cy - 4), 3, KEY, -1, HARD)
    elif kind == "swallow_rainbow":
        _rainbow(img, (cx + 6, y1 + 10), 76)
        sw = np.array([(cx - 40, cy - 30), (cx - 6, cy - 34), (cx + 12, cy - 60),
                       (cx + 10, cy - 32), (cx + 42, cy - 24), (cx + 8, cy - 22),
                       (cx - 2, cy + 2), (cx - 12, cy - 22)], np.int32)
        cv2.fillPoly(img, [sw], (70, 40, 30), HARD)
        cv2.circle(img, (cx - 30, cy - 31), 4, (40, 40, 200), -1, HARD)
    elif kind.startswith("cat"):
        colour = {"cat": (30, 28, 30), "cat_red": (30, 120, 235),
                  "cat_tabby": (150, 150, 148)}[kind]
        _cat(img, key, colour, cx + 6, y1, kind == "cat_tabby")
    else:  # sky: as many clouds as the window's number, each window its own places
        spots = ((cx - 30, cy - 60), (cx + 30, cy - 20), (cx - 24, cy + 30), (cx + 26, cy + 70))
        for k in range(window):
            _cloud(img, spots[(k + window) % 4], 1.0 + 0.15 * (k % 2))


def _diamonds(img: np.ndarray, region: np.ndarray, colour) -> None:
    """The print: small diamonds in a grid, inside `region`."""
    m = _blank()
    for j, y in enumerate(range(4, H, 14)):
        for x in range(3 + (j % 2) * 7, W, 14):
            cv2.fillConvexPoly(m, np.array([(x, y - 4), (x + 3, y), (x, y + 4), (x - 3, y)],
                                           np.int32), 255, HARD)
    img[(m > 0) & (region > 0)] = colour


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the eighth deck."""
    card = ok.CARDS[cid]
    colour = CURTAIN[card.suit.split("-")[0]]
    printed = card.suit.endswith("-print")
    img = np.full((H, W, 3), CHARCOAL, np.uint8)  # the wall: the charcoal stock, to the edge
    key = _blank()
    x0, y0, x1, y1 = PANE
    _scene(img, key, card.kind, card.window)
    cloth = _blank()  # the side strip, the scalloped pelmet, two narrow side curtains
    cv2.rectangle(cloth, (0, 0), (STRIP, H), 255, -1)
    cv2.rectangle(cloth, (x0 - 4, y0 - 6), (x1 + 4, y0 + 22), 255, -1)
    for sx in range(x0 + 8, x1, 20):
        cv2.circle(cloth, (sx, y0 + 22), 10, 255, -1, HARD)
    cv2.rectangle(cloth, (x0, y0), (x0 + 16, y1), 255, -1)
    cv2.rectangle(cloth, (x1 - 16, y0), (x1, y1), 255, -1)
    img[cloth > 0] = colour
    if printed:
        _diamonds(img, cloth, CREAM)
    cv2.rectangle(key, (x0 - 2, y0 - 2), (x1 + 2, y1 + 2), 255, 3)  # the cream frame
    cv2.rectangle(key, (x0 - 10, y1 + 3), (x1 + 10, y1 + 12), 255, -1)  # the sill
    key[cloth > 0] = 0
    # the index on the strip: the number in a round badge, then as many pips
    c = (STRIP // 2, 58)
    cv2.circle(img, c, 13, CREAM, -1, HARD)
    size, _ = cv2.getTextSize(str(card.window), cv2.FONT_HERSHEY_DUPLEX, 0.6, 2)
    cv2.putText(img, str(card.window), (c[0] - size[0] // 2, c[1] + size[1] // 2),
                cv2.FONT_HERSHEY_DUPLEX, 0.6, KEY, 2, HARD)
    for k in range(card.window):
        cv2.circle(img, (STRIP // 2, 92 + 16 * k), 5, CREAM, -1, HARD)
    return _print(img, key, CREAM, cid)


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the eighth deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}
