"""A fifth deck, drawn in yet another style: issue 27's clean judge, never used for tuning.

Drawn by a helper who never read the recognisers, and by rule only ever run at checkpoints
(benchmarks/recognition2.py --deck 5): nothing in assistant/ may be chosen while looking at
its results. It differs from deck.py and decks 2–4 as another printer's deck might:
- the shape: bridge size (56 × 87, narrower than 5:7) with larger rounded corners;
- a dark charcoal-brown printed border with a thin gold keyline (every other deck is pale);
- a linen-finish emboss, uneven ink and pen strokes that wobble as if drawn by hand;
- Pisanki: a tattersall check (thin red and green lines), vertical ticking stripes, cream
  polka dots on dark teal, a mottled neutral; true egg shapes (wider below), tilted and with a
  shadow, each colour with its own folk motif (dots, zigzag, waves, crosses, fir branch,
  bands); double eggs one above the other; flowers without badges, each kind its own shape
  (5 round petals, 6 pointed, 4 wide, 10 thin), the first top left, the second bottom right;
  its own split of the 75 cards (the rulebook's counts); a crimson back with gold eggs.
- Okoshki: a window in a stucco wall with a transom bar, one curtain swept to the left under
  a pelmet in the suit's colour (the print: small florets, as the rulebook's "flower print"),
  the window's number as a Roman numeral index top left and, turned, bottom right, and the
  scenes drawn anew (birds and the owl on a branch, cats sitting on the sill).
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import synth

W, H = 224, 348  # 56 × 87 (bridge size)
EDGE = 11  # the dark border
RADIUS = 20
BORDER = (40, 46, 58)  # charcoal brown (BGR)
GOLD = (70, 170, 205)
INK = (35, 30, 30)
AA = cv2.LINE_AA


def mask() -> np.ndarray:
    """The card's shape (large rounded corners), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(("deck5-" + name).encode()))


def _wobble(pts: np.ndarray, rng: np.random.Generator, amp: float) -> np.ndarray:
    """A closed outline as a pen would trace it: small, smooth wanderings."""
    n = len(pts)
    noise = rng.normal(0, amp, (n + 8, 2))
    kernel = np.ones(5) / 5
    smooth = np.stack([np.convolve(noise[:, k], kernel, "same")[4:n + 4] for k in (0, 1)], 1)
    return (pts + smooth * 2).astype(np.int32)


def _line(img, p, q, colour, width, rng, amp=0.6) -> None:
    """A hand-drawn straight line."""
    t = np.linspace(0, 1, 12)[:, None]
    pts = np.array(p) * (1 - t) + np.array(q) * t + rng.normal(0, amp, (12, 2))
    cv2.polylines(img, [pts.astype(np.int32)], False, colour, width, AA)


def _print(img: np.ndarray, name: str) -> np.ndarray:
    """The border and keyline, a linen-finish emboss, uneven ink and paper grain."""
    out = np.full_like(img, BORDER)
    out[EDGE:H - EDGE, EDGE:W - EDGE] = img[EDGE:H - EDGE, EDGE:W - EDGE]
    cv2.rectangle(out, (EDGE + 3, EDGE + 3), (W - 4 - EDGE, H - 4 - EDGE), GOLD, 1, AA)
    rng = _rng("paper-" + name)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    linen = 1 + 0.025 * (np.sin(xx * 2.1) + np.sin(yy * 2.1 + 0.7))
    ink = cv2.GaussianBlur(rng.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 14)
    ink = 1 + 0.05 * ink / max(1e-6, float(np.abs(ink).max()))
    grain = cv2.GaussianBlur(rng.normal(0, 4, (H, W)).astype(np.float32), (0, 0), 0.7)
    res = out.astype(np.float32) * (linen * ink)[..., None] + grain[..., None]
    return np.clip(res, 0, 255).astype(np.uint8)


# -- Pisanki ---------------------------------------------------------------------------------
CLOTH = {"checked": (226, 236, 240), "striped": (222, 236, 242), "dotted": (95, 100, 25),
         "neutral": (176, 190, 204)}  # the ground of each cloth (BGR)
EGG = {"purple": (150, 50, 120), "red": (45, 40, 200), "orange": (25, 125, 240),
       "yellow": (70, 220, 245), "green": (70, 160, 55), "blue": (190, 105, 35)}
MOTIF_INK = {"purple": (250, 250, 250), "red": (245, 245, 245), "orange": (30, 50, 110),
             "yellow": (40, 50, 170), "green": (235, 245, 235), "blue": (245, 240, 230)}
FLOWER = {"blue": (240, 190, 90), "pink": (190, 140, 250), "purple": (150, 45, 135),
          "yellow": (40, 205, 250)}
FLOWER_HEART = {"blue": (60, 220, 250), "pink": (90, 60, 170), "purple": (235, 235, 250),
                "yellow": (30, 60, 100)}


def _cloth(cloth: str, rng: np.random.Generator) -> np.ndarray:
    img = np.full((H, W, 3), CLOTH[cloth], np.uint8)
    if cloth == "checked":  # tattersall: thin lines, red one way and green across
        for k, x in enumerate(range(6, W, 22)):
            _line(img, (x, 0), (x, H), ((40, 40, 170), (50, 110, 40))[k % 2], 3, rng)
        for k, y in enumerate(range(6, H, 22)):
            _line(img, (0, y), (W, y), ((50, 110, 40), (40, 40, 170))[k % 2], 3, rng)
    elif cloth == "striped":  # ticking: a mustard band between two thin navy lines
        for x in range(0, W, 34):
            cv2.rectangle(img, (x + 8, 0), (x + 20, H), (60, 150, 205), -1)
            _line(img, (x + 3, 0), (x + 3, H), (90, 40, 30), 2, rng, 0.6)
            _line(img, (x + 25, 0), (x + 25, H), (90, 40, 30), 2, rng, 0.6)
    elif cloth == "dotted":  # cream polka dots on dark teal
        for j, y in enumerate(range(4, H + 10, 19)):
            for x in range(4 + (j % 2) * 11, W + 10, 22):
                cv2.circle(img, (x, y), 5, (205, 235, 240), -1, AA)
    else:  # neutral: a plain, mottled linen
        mottle = cv2.GaussianBlur(rng.normal(0, 10, (H, W)).astype(np.float32), (0, 0), 3)
        img = np.clip(img + mottle[..., None], 0, 255).astype(np.uint8)
    return img


def _egg(img: np.ndarray, c: tuple[float, float], s: float, egg: str, tilt: float,
         rng: np.random.Generator) -> None:
    """An egg (wider below), tilted, with its colour's motif and a shadow on the cloth."""
    t = np.linspace(0, 2 * np.pi, 90, endpoint=False)
    rx, ry = 40 * s, 56 * s
    local = np.stack([rx * np.cos(t) * (1 + 0.14 * np.sin(t)), ry * np.sin(t)], 1)
    a = np.deg2rad(tilt)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    pts = _wobble(local @ rot.T + c, rng, 0.5 * s)
    shadow = img.copy()
    cv2.ellipse(shadow, (int(c[0] + 8 * s), int(c[1] + ry * 0.92)), (int(rx * 1.05), int(9 * s)),
                0, 0, 360, (20, 20, 20), -1, AA)
    img[:] = cv2.addWeighted(img, 0.55, shadow, 0.45, 0)
    body = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(body, [pts], 255, AA)
    paint = np.full_like(img, EGG[egg])
    ink = MOTIF_INK[egg]

    def at(x: float, y: float) -> tuple[int, int]:  # a point in the egg's own frame
        p = np.array(c) + rot @ np.array([x * s, y * s])
        return int(p[0]), int(p[1])

    if egg == "purple":  # rows of dots
        for y in (-30, -8, 14, 36):
            for x in range(-36, 37, 12):
                cv2.circle(paint, at(x + (y % 12), y), max(2, int(3 * s)), ink, -1, AA)
    elif egg == "red":  # a zigzag band between two lines
        zig = np.array([at(-44 + 8 * i, 2 + (8 if i % 2 else -8)) for i in range(12)])
        cv2.polylines(paint, [zig], False, ink, max(2, int(4 * s)), AA)
        for y in (-16, 20):
            cv2.line(paint, at(-44, y), at(44, y), ink, max(1, int(2 * s)), AA)
    elif egg == "orange":  # waves
        for y0 in (-24, 0, 24):
            wave = np.array([at(x, y0 + 5 * np.sin(x / 6)) for x in range(-46, 47, 4)])
            cv2.polylines(paint, [wave], False, ink, max(2, int(3 * s)), AA)
    elif egg == "yellow":  # small crosses
        for y in range(-42, 50, 16):
            for x in range(-40, 41, 16):
                p = np.array(at(x + (8 if y % 32 else 0), y))
                for d in ((4, 0), (0, 4)):
                    dd = (np.array(d) * s).astype(int)
                    cv2.line(paint, tuple(p - dd), tuple(p + dd), ink, max(1, int(2 * s)), AA)
    elif egg == "green":  # a fir branch down the middle
        cv2.line(paint, at(0, -50), at(0, 52), ink, max(2, int(3 * s)), AA)
        for y in range(-40, 48, 11):
            for side in (-1, 1):
                cv2.line(paint, at(0, y), at(side * 20, y - 10), ink, max(1, int(2 * s)), AA)
    else:  # blue: white bands and dots between them
        for y in (-22, 8, 38):
            cv2.line(paint, at(-46, y), at(46, y), ink, max(2, int(5 * s)), AA)
        for x in range(-30, 31, 15):
            cv2.circle(paint, at(x, -7), max(2, int(3 * s)), ink, -1, AA)
    hl = np.array(c) + rot @ np.array([-0.35 * rx, -0.4 * ry])  # light from the top left
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    shade = 1.15 - 0.3 * np.hypot((xx - hl[0]) / rx, (yy - hl[1]) / ry)
    paint = np.clip(paint * shade[..., None], 0, 255)
    al = (body.astype(np.float32) / 255)[..., None]
    img[:] = (img * (1 - al) + paint * al).astype(np.uint8)
    cv2.polylines(img, [pts], True, INK, 2, AA)


def _flower(img: np.ndarray, c: tuple[int, int], kind: str, rng: np.random.Generator,
            z: float = 1.4) -> None:
    """A flower without a badge: its kind's petals, two leaves, a pen outline."""
    x, y = c
    for side in (-1, 1):
        leaf = cv2.ellipse2Poly((int(x + side * 20 * z), int(y + 16 * z)),
                                (int(13 * z), int(6 * z)), side * -35, 0, 360, 20)
        leaf = _wobble(leaf.astype(np.float64), rng, 0.4)
        cv2.fillPoly(img, [leaf], (50, 120, 40), AA)
        cv2.polylines(img, [leaf], True, INK, 1, AA)
    n, length, width, pointed = {"blue": (5, 13, 9, False), "pink": (6, 19, 7, True),
                                 "purple": (4, 16, 12, False), "yellow": (10, 19, 4, False)}[kind]
    t = np.linspace(0, 2 * np.pi, 28, endpoint=False)
    along = length * z / 2 * (1 + np.cos(t))
    across = width * z * np.sin(t)
    if pointed:  # narrower towards the tip
        across = across * (1 - 0.5 * (1 + np.cos(t)) / 2)
    for k in range(n):
        a = 2 * np.pi * k / n - np.pi / 2
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        petal = _wobble(np.stack([along, across], 1) @ rot.T + (x, y), rng, 0.3)
        cv2.fillPoly(img, [petal], FLOWER[kind], AA)
        cv2.polylines(img, [petal], True, INK, 1, AA)
    r = int((8 if kind == "yellow" else 6) * z)
    cv2.circle(img, (x, y), r, FLOWER_HEART[kind], -1, AA)
    cv2.circle(img, (x, y), r, INK, 1, AA)


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the fifth deck (None: its back)."""
    if card is None:
        img = np.full((H, W, 3), (40, 30, 130), np.uint8)  # crimson with gold egg outlines
        rng = _rng("back")
        for j, y in enumerate(range(10, H, 36)):
            for x in range(10 + (j % 2) * 20, W, 40):
                cv2.ellipse(img, (x, y), (8, 11), 0, 0, 360, GOLD, 2, AA)
        cv2.ellipse(img, (W // 2, H // 2), (58, 78), 0, 0, 360, (200, 225, 235), -1, AA)
        cv2.ellipse(img, (W // 2, H // 2), (58, 78), 0, 0, 360, GOLD, 4, AA)
        _egg(img, (W // 2, H // 2), 0.8, "red", 0, rng)
        return _print(img, "back")
    name = repr(card)
    rng = _rng(name)
    img = _cloth(card.cloth, rng)
    if card.egg and card.double:  # one above the other, a little apart sideways
        _egg(img, (W / 2 + 12, H * 0.33), 0.72, card.egg, 8, rng)
        _egg(img, (W / 2 - 12, H * 0.66), 0.72, card.egg, -8, rng)
    elif card.egg:
        _egg(img, (W / 2, H * 0.52), 1.0, card.egg, -9, rng)
    for pos, kind in zip(((58, 64), (W - 58, H - 80)), card.flowers, strict=False):
        _flower(img, pos, kind, rng)
    return _print(img, name)


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards in this deck's own split (the rulebook's counts) and a back."""
    cloths = ("checked", "striped", "dotted")
    eggs, flowers = pg.EGGS, pg.FLOWERS
    cards: list[pg.Card | None] = [pg.Card(cloths[(i + i // 6) % 3], eggs[i % 6])
                                   for i in range(45)]  # every cloth with every egg
    cards += [pg.Card(cloths[(i // 4) % 3], eggs[(5 * i) % 6], False, (flowers[i % 4],))
              for i in range(12)]
    cards += [pg.Card(cloths[(i + 2) % 3], eggs[i], False, (flowers[(i + 1) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card(cloths[i % 3], None, False, (flowers[i % 4],) * 2) for i in range(6)]
    cards += [pg.Card("neutral", egg, True) for egg in eggs]
    return cards


# -- Okoshki ---------------------------------------------------------------------------------
CURTAIN = {"red": (45, 35, 185), "yellow": (45, 195, 240), "purple": (135, 45, 125),
           "green": (55, 140, 45), "brown": (35, 75, 120), "blue": (175, 95, 25)}
PANE = (44, 74, 180, 252)  # x0, y0, x1, y1
DAY, NIGHT, GREY = (238, 205, 150), (85, 45, 30), (185, 180, 175)
WOOD = (45, 70, 105)


def _cloud(img, c: tuple[int, int], s: float, rng) -> None:
    for dx, dy, r in ((-16, 4, 12), (0, -5, 16), (17, 3, 12), (6, 7, 13)):
        cv2.circle(img, (int(c[0] + dx * s), int(c[1] + dy * s)), int(r * s), (248, 248, 248),
                   -1, AA)
    _line(img, (c[0] - 26 * s, c[1] + 14 * s), (c[0] + 28 * s, c[1] + 14 * s), (215, 215, 215),
          2, rng, 0.4)


def _sun(img, c: tuple[int, int], r: int, rng) -> None:
    for k in range(10):  # wavy flame rays
        a = k * np.pi / 5
        ray = [(c[0] + (r + 3 + d) * np.cos(a + 0.2 * np.sin(d / 3)),
                c[1] + (r + 3 + d) * np.sin(a + 0.2 * np.sin(d / 3))) for d in range(0, 16, 3)]
        cv2.polylines(img, [np.array(ray, np.int32)], False, (20, 150, 245), 3, AA)
    disc = _wobble(cv2.ellipse2Poly(c, (r, r), 0, 0, 360, 10).astype(np.float64), rng, 0.4)
    cv2.fillPoly(img, [disc], (50, 210, 250), AA)
    cv2.polylines(img, [disc], True, (20, 120, 210), 2, AA)


def _rainbow(img, c: tuple[int, int], r: int) -> None:
    for i, col in enumerate([(50, 40, 210), (30, 140, 250), (50, 215, 245), (70, 170, 60),
                             (190, 110, 40), (140, 50, 110)]):
        cv2.ellipse(img, c, (r - 6 * i, r - 6 * i), 0, 180, 360, col, 6, AA)


def _cat(img, colour, x: int, base: int, rng, stripes: bool = False) -> None:
    """A cat sitting on the sill, facing us, its tail curled round to the right."""
    cv2.ellipse(img, (x + 34, base - 8), (24, 8), 0, 180, 360, colour, 7, AA)  # the tail
    body = _wobble(cv2.ellipse2Poly((x, base - 38), (32, 40), 0, 0, 360, 10).astype(float),
                   rng, 0.5)
    cv2.fillPoly(img, [body], colour, AA)
    cv2.circle(img, (x, base - 88), 24, colour, -1, AA)
    for s in (-1, 1):
        cv2.fillConvexPoly(img, np.array([(x + s * 22, base - 96), (x + s * 20, base - 124),
                                          (x + s * 4, base - 108)], np.int32), colour, AA)
        cv2.ellipse(img, (x + s * 9, base - 92), (5, 4), 0, 0, 360, (90, 210, 120), -1, AA)
        cv2.circle(img, (x + s * 9, base - 92), 2, (10, 10, 10), -1)
    cv2.fillConvexPoly(img, np.array([(x - 4, base - 82), (x + 4, base - 82), (x, base - 78)],
                                     np.int32), (150, 130, 230), AA)
    if stripes:
        for k in range(-24, 25, 10):
            _line(img, (x + k, base - 66), (x + k * 1.2, base - 14), (60, 62, 66), 4, rng, 0.7)
        for k in (-8, 0, 8):
            _line(img, (x + k, base - 112), (x + k, base - 98), (60, 62, 66), 3, rng, 0.5)


def _bird(img, c: tuple[int, int], flip: int) -> None:
    x, y = c
    cv2.ellipse(img, (x - flip * 12, y + 2), (10, 4), flip * 30, 0, 360, (60, 70, 90), -1, AA)
    cv2.ellipse(img, (x, y), (12, 9), 0, 0, 360, (70, 90, 120), -1, AA)
    cv2.circle(img, (x + flip * 10, y - 8), 7, (70, 90, 120), -1, AA)
    cv2.ellipse(img, (x + 1, y + 3), (7, 5), 0, 0, 360, (120, 170, 230), -1, AA)  # the breast
    cv2.fillConvexPoly(img, np.array([(x + flip * 16, y - 10), (x + flip * 23, y - 7),
                                      (x + flip * 16, y - 5)], np.int32), (30, 150, 230), AA)
    cv2.circle(img, (x + flip * 12, y - 10), 2, (10, 10, 10), -1)


def _scene(img: np.ndarray, kind: str, window: int, rng) -> None:
    x0, y0, x1, y1 = PANE
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    sky = NIGHT if kind == "owl" else GREY if kind == "sun_clouded" else DAY
    cv2.rectangle(img, (x0, y0), (x1, y1), sky, -1)
    branch = [(x0, cy + 10), (x1, cy - 4)]
    if kind in ("sun", "sun_rainbow", "sun_clouded"):
        if kind == "sun_rainbow":
            _rainbow(img, (cx + 20, y1), 86)
        _sun(img, (cx + 16, cy - 40) if kind != "sun" else (cx + 8, cy - 10), 24, rng)
        if kind == "sun_clouded":
            _cloud(img, (cx + 10, cy - 12), 1.6, rng)
    elif kind in ("bird", "owl"):
        if kind == "owl":
            cv2.circle(img, (x1 - 30, y0 + 28), 13, (200, 235, 245), -1, AA)
            cv2.circle(img, (x1 - 24, y0 + 23), 12, NIGHT, -1, AA)  # a crescent
            for sx, sy in ((x0 + 20, y0 + 20), (x0 + 60, y0 + 40), (x0 + 34, y0 + 70)):
                cv2.drawMarker(img, (sx, sy), (200, 240, 250), cv2.MARKER_STAR, 7, 1)
        _line(img, branch[0], branch[1], (40, 70, 100), 6, rng, 0.8)
        if kind == "bird":
            for k, bx in enumerate((x0 + 30, cx + 4, x1 - 26)):
                by = int(cy + 10 - 14 * (bx - x0) / (x1 - x0)) - 10
                _bird(img, (bx, by), 1 if k % 2 == 0 else -1)
        else:
            oy = cy - 30
            cv2.ellipse(img, (cx, oy), (28, 38), 0, 0, 360, (60, 95, 135), -1, AA)
            cv2.ellipse(img, (cx, oy + 12), (17, 22), 0, 0, 360, (140, 185, 215), -1, AA)
            for s in (-1, 1):
                cv2.fillConvexPoly(img, np.array([(cx + s * 24, oy - 22), (cx + s * 26, oy - 46),
                                                  (cx + s * 10, oy - 30)], np.int32),
                                   (60, 95, 135), AA)
                cv2.circle(img, (cx + s * 12, oy - 14), 10, (60, 220, 250), -1, AA)
                cv2.circle(img, (cx + s * 12, oy - 14), 5, (10, 10, 10), -1, AA)
            cv2.fillConvexPoly(img, np.array([(cx - 4, oy - 6), (cx + 4, oy - 6), (cx, oy + 3)],
                                             np.int32), (30, 140, 220), AA)
    elif kind == "swallow_rainbow":
        _rainbow(img, (cx - 10, y1), 80)
        sw = np.array([(cx - 46, cy - 30), (cx - 8, cy - 34), (cx + 14, cy - 58),
                       (cx + 12, cy - 30), (cx + 46, cy - 22), (cx + 10, cy - 20),
                       (cx - 4, cy + 2), (cx - 12, cy - 22)], np.float64)
        sw = _wobble(sw, rng, 0.3)
        cv2.fillPoly(img, [sw], (70, 30, 25), AA)
        cv2.circle(img, (cx - 30, cy - 31), 5, (40, 40, 200), -1, AA)  # the red throat
    elif kind.startswith("cat"):
        colour = {"cat": (30, 28, 28), "cat_red": (40, 125, 230),
                  "cat_tabby": (135, 138, 142)}[kind]
        _cloud(img, (x0 + 34, y0 + 28), 0.8, rng)
        _cat(img, colour, cx, y1, rng, kind == "cat_tabby")
    else:  # sky: each window its own clouds
        spots = ((cx - 30, y0 + 34), (cx + 32, cy - 10), (cx - 22, cy + 40), (cx + 26, y1 - 30))
        for k in range(window):
            _cloud(img, spots[(k + window) % 4], 0.9 + 0.1 * (k % 2), rng)


def _numeral(img: np.ndarray, window: int, corner: tuple[int, int]) -> None:
    """The window's number as a Roman numeral on a cream tab (I, II, III, IV)."""
    x, y = corner
    cv2.rectangle(img, (x, y), (x + 34, y + 30), (215, 235, 245), -1)
    cv2.rectangle(img, (x, y), (x + 34, y + 30), INK, 1)
    glyphs = {1: "I", 2: "II", 3: "III", 4: "IV"}[window]
    xs = x + 17 - 4 * len(glyphs) - (2 if "V" in glyphs else 0)
    for g in glyphs:
        if g == "I":
            cv2.line(img, (xs + 3, y + 7), (xs + 3, y + 23), INK, 3, AA)
            xs += 8
        else:
            cv2.line(img, (xs, y + 7), (xs + 6, y + 23), INK, 3, AA)
            cv2.line(img, (xs + 6, y + 23), (xs + 12, y + 7), INK, 3, AA)
            xs += 14


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the fifth deck."""
    card = ok.CARDS[cid]
    colour = CURTAIN[card.suit.split("-")[0]]
    printed = card.suit.endswith("-print")
    rng = _rng(cid)
    img = np.full((H, W, 3), (170, 205, 228), np.uint8)  # ochre stucco and a few bricks
    for bx, by in ((30, 290), (70, 300), (160, 292), (190, 60), (20, 140), (196, 180)):
        cv2.rectangle(img, (bx, by), (bx + 22, by + 9), (120, 150, 200), 1)
    x0, y0, x1, y1 = PANE
    art = img.copy()  # the scene is seen through the pane only
    _scene(art, card.kind, card.window, rng)
    img[y0:y1, x0:x1] = art[y0:y1, x0:x1]
    cv2.rectangle(img, (x0, y0), (x1, y1), WOOD, 7)
    cv2.line(img, (x0, y0 + 58), (x1, y0 + 58), WOOD, 4)  # the transom
    curtain = np.array([(x0 - 10, y0 - 4), (x0 + 56, y0 - 4), (x0 + 6, y0 + 120),
                        (x0 + 14, y1 + 6), (x0 - 10, y1 + 6)], np.float64)
    curtain = _wobble(curtain, rng, 0.3)
    pelmet = np.array([(x0 - 16, y0 - 24), (x1 + 16, y0 - 24), (x1 + 16, y0 - 2),
                       (x0 - 16, y0 - 2)], np.int32)
    cloth = np.zeros((H, W), np.uint8)
    cv2.fillPoly(cloth, [curtain, pelmet], 255, AA)
    img[cloth > 127] = colour
    fold = tuple(max(0, v - 45) for v in colour)
    for k in range(3):  # folds gathered at the tie
        _line(img, (x0 - 4 + 16 * k, y0), (x0 + 4, y0 + 120), fold, 2, rng, 0.5)
    if printed:  # the flower print: small pale florets over the curtain and the pelmet
        light = tuple(min(255, v + 110) for v in colour)
        for j, fy in enumerate(range(y0 - 18, y1 + 6, 13)):
            for fx in range(x0 - 12 + (j % 2) * 7, x1 + 16, 14):
                if cloth[min(fy, H - 1), min(fx, W - 1)] > 127:
                    for a in range(5):
                        p = (int(fx + 3 * np.cos(a * 1.26)), int(fy + 3 * np.sin(a * 1.26)))
                        cv2.circle(img, p, 2, light, -1, AA)
    cv2.polylines(img, [curtain, pelmet], True, INK, 1, AA)
    cv2.ellipse(img, (x0 + 8, y0 + 122), (9, 5), 0, 0, 360, GOLD, -1, AA)  # the tie-back
    cv2.rectangle(img, (x0 - 14, y1 + 4), (x1 + 14, y1 + 16), WOOD, -1)  # the sill
    _numeral(img, card.window, (EDGE + 8, EDGE + 8))
    bottom = np.zeros_like(img)
    _numeral(bottom, card.window, (EDGE + 8, EDGE + 8))
    turned = cv2.rotate(bottom, cv2.ROTATE_180)
    tab = cv2.rotate(cv2.rectangle(np.zeros((H, W), np.uint8), (EDGE + 8, EDGE + 8),
                                   (EDGE + 42, EDGE + 38), 255, -1), cv2.ROTATE_180)
    img[tab > 0] = turned[tab > 0]
    return _print(img, cid)


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the fifth deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}
