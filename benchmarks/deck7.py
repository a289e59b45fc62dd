"""A seventh deck, drawn in yet another style: a FRESH JUDGE for issue 27. Never tune on it.

Drawn by a helper who never read the recognisers, for the lead to run once, at the end of a
session (benchmarks/recognition2.py --deck 7; its mistakes are not listed, as for decks 3 and
5). Decks 3 and 5 had been run at many checkpoints; this one has not been run at all. Nothing in
assistant/ may be chosen while looking at its results, and no helper may develop on it.
It differs from deck.py and decks 2–6 as a small-press linocut deck might:
- the shape: tarot size (70 × 120, 7:12, far taller than every other deck) with corners of
  r = 24 (8 mm);
- full bleed: no border or margin at all, the picture runs off every edge;
- a dark indigo card stock printed with opaque, flat inks in the white-line (Provincetown)
  manner: every shape is cut apart from its neighbours by a groove that prints nothing, so the
  dark stock shows as a thin line round each colour; hard, slightly ragged edges, no shading,
  each ink a pixel or two out of register, small specks where an ink did not take;
- an index in a corner banner: an ecru sash across the top-left corner (bottom right when a
  card lies turned) holding the Pisanki card's flowers or the Okoshki window's number;
- Pisanki: the three patterned cloths share one ecru ink on the indigo stock and differ only in
  the pattern (a large check, vertical stripes, staggered dots); the neutral cloth is a plain
  warm-grey block whose wood grain prints as thin dark streaks; the egg lies on its side with a
  hard black shadow, each colour with its own carved motif (an eight-point star, a zigzag band,
  rings, a sun, a vine, a chequered band); double eggs lie one behind the other; flowers as
  icons on the sash (cornflower, a carved rose, a bellflower, a daisy), a flower-only card
  with its two flowers as a large posy in the middle as well; its own split of the 75 cards;
  an indigo back with an ecru sunburst round an egg.
- Okoshki: the card is the window: a noren (a curtain of three hanging panels) in the suit's
  colour across the top (the print: small pale four-petal flowers), the view running to the
  edges, a dark wooden sill across the bottom; the scenes cut anew (a bird in flight, the owl on
  a branch under a full moon, cats seen from behind sitting on the sill looking out), sky cards
  with as many clouds as the window's number.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import synth

W, H = 210, 360  # 70 × 120 (7:12, tarot size)
RADIUS = 24
STOCK = (78, 44, 30)  # deep indigo card stock (BGR)
ECRU = (188, 214, 232)
SHADOW = (26, 18, 14)  # a near-black ink
HARD = cv2.LINE_8  # a cut block prints hard edges


def mask() -> np.ndarray:
    """The card's shape (tarot size, corners of 8 mm), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(("deck7-" + name).encode()))


def _blank(shape: tuple[int, ...] = (H, W)) -> np.ndarray:
    return np.zeros(shape[:2], np.uint8)


def _ink(img: np.ndarray, shape: np.ndarray, colour, rng: np.random.Generator,
         groove: int = 1, salt: float = 0.03) -> None:
    """Print one cut block: `shape` (uint8 mask) in `colour`, its edge a little ragged and out
    of register, the stock showing in a groove round it, and specks where the ink missed."""
    m = shape.astype(np.float32) / 255
    if not m.any():
        return
    rough = cv2.GaussianBlur(rng.normal(0, 1, m.shape).astype(np.float32), (0, 0), 1.2)
    m = cv2.GaussianBlur(m, (0, 0), 0.8) + 0.12 * rough / max(1e-6, float(np.abs(rough).max()))
    cut = m > 0.5
    dy, dx = (int(v) for v in rng.integers(-1, 2, 2))  # the block's own registration
    cut = np.roll(cut, (dy, dx), (0, 1))
    if groove:
        k = np.ones((2 * groove + 1, 2 * groove + 1), np.uint8)
        ring = (cv2.dilate(cut.astype(np.uint8), k) > 0) & ~cut
        img[ring] = STOCK
    specks = cv2.GaussianBlur(rng.normal(0, 1, m.shape).astype(np.float32), (0, 0), 0.9)
    missed = specks > np.quantile(specks, 1 - salt) if salt else np.zeros_like(cut)
    img[cut & ~missed] = colour


def _print(img: np.ndarray, name: str) -> np.ndarray:
    """The stock's fibre and the press's uneven pressure over the whole (full-bleed) sheet."""
    rng = _rng("paper-" + name)
    press = cv2.GaussianBlur(rng.normal(0, 1, img.shape[:2]).astype(np.float32), (0, 0), 20)
    press = 1 + 0.04 * press / max(1e-6, float(np.abs(press).max()))
    fibre = cv2.GaussianBlur(rng.normal(0, 3.5, img.shape[:2]).astype(np.float32), (0, 0), 0.6)
    out = img.astype(np.float32) * press[..., None] + fibre[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def _sash(img: np.ndarray, content: Callable[[np.ndarray, np.random.Generator], None],
          rng: np.random.Generator) -> None:
    """The ecru banner across the top-left corner; `content` draws on it as a level strip
    (44 × 240, its middle at (120, 22)), and the strip is turned 45° onto the corner."""
    t, length, reach = 44, 240, 120  # the band's middle runs from (0, reach) to (reach, 0)
    strip = np.full((t, length, 3), ECRU, np.uint8)
    content(strip, rng)
    s = np.sqrt(0.5)
    m = np.array([[s, s, reach / 2 - (length / 2 + t / 2) * s],
                  [-s, s, reach / 2 + (length / 2 - t / 2) * s]])
    art = cv2.warpAffine(strip, m, (W, H), flags=cv2.INTER_NEAREST)
    band = cv2.warpAffine(np.full((t, length), 255, np.uint8), m, (W, H),
                          flags=cv2.INTER_NEAREST, borderValue=0) > 0
    ring = (cv2.dilate(band.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0) & ~band
    img[ring] = STOCK
    img[band] = art[band]


# -- Pisanki ---------------------------------------------------------------------------------
NEUTRAL = (150, 162, 176)  # the neutral cloth's warm grey
EGG = {"purple": (150, 60, 132), "red": (50, 40, 200), "orange": (30, 130, 245),
       "yellow": (60, 215, 250), "green": (70, 168, 60), "blue": (225, 150, 40)}
FLOWER = {"blue": (232, 160, 70), "pink": (185, 135, 248), "purple": (160, 70, 150),
          "yellow": (50, 220, 250)}
HEART = {"blue": STOCK, "pink": (110, 60, 190), "purple": ECRU, "yellow": (30, 80, 140)}
STEM = (80, 150, 70)


def _cloth(cloth: str, rng: np.random.Generator) -> np.ndarray:
    """The tablecloth, full bleed: ecru on the indigo stock, or the grey neutral block."""
    img = np.full((H, W, 3), STOCK, np.uint8)
    shape = _blank()
    if cloth == "checked":  # a large check
        for y in range(-8, H, 30):
            for x in range(-8 + (y // 30 % 2) * 30, W, 60):
                cv2.rectangle(shape, (x, y), (x + 29, y + 29), 255, -1)
    elif cloth == "striped":
        for x in range(4, W, 28):
            cv2.rectangle(shape, (x, 0), (x + 13, H), 255, -1)
    elif cloth == "dotted":
        for j, y in enumerate(range(8, H + 12, 24)):
            for x in range(6 + (j % 2) * 13, W + 12, 26):
                cv2.circle(shape, (x, y), 7, 255, -1, HARD)
    else:  # neutral: one plain block; its wood grain prints as thin dark streaks
        shape[:] = 255
        _ink(img, shape, NEUTRAL, rng, groove=0)
        grain = _blank()
        phase = rng.uniform(0, 6, 3)
        for k, x in enumerate(range(-10, W + 10, 11)):
            ys = np.arange(0, H + 8, 8)
            xs = x + 4 * np.sin(ys / 37 + phase[k % 3]) + 2 * np.sin(ys / 11 + k)
            pts = np.stack([xs, ys], 1).astype(np.int32)
            cv2.polylines(grain, [pts], False, 255, 1, HARD)
        keep = cv2.GaussianBlur(rng.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 6) > -0.2
        grain[~keep] = 0  # the grain breaks off where the block was worn
        img[grain > 0] = STOCK
        return img
    _ink(img, shape, ECRU, rng, groove=0)
    return img


def _egg_outline(c: tuple[float, float], s: float, tilt: float) -> np.ndarray:
    """An egg lying on its side, the narrow end to the right, turned by `tilt` degrees."""
    t = np.linspace(0, 2 * np.pi, 120, endpoint=False)
    rx, ry = 64 * s, 44 * s
    local = np.stack([rx * np.cos(t), ry * np.sin(t) * (1 - 0.17 * np.clip(np.cos(t), 0, 1))], 1)
    a = np.deg2rad(tilt)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return (local @ rot.T + c).astype(np.int32)


def _motif(egg: str, c: tuple[float, float], s: float, tilt: float) -> np.ndarray:
    """The egg's carved motif as a mask, in the egg's own frame (clipped to it later)."""
    m = _blank()
    a = np.deg2rad(tilt)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    lw = max(2, int(round(3 * s)))

    def p(u: float, v: float) -> tuple[int, int]:
        q = np.array(c) + rot @ np.array([u * s, v * s])
        return int(q[0]), int(q[1])

    if egg == "purple":  # an eight-point star
        pts = [p(26 * np.cos(k * np.pi / 8) * (1 if k % 2 == 0 else 0.45),
                 26 * np.sin(k * np.pi / 8) * (1 if k % 2 == 0 else 0.45)) for k in range(16)]
        cv2.polylines(m, [np.array(pts, np.int32)], True, 255, lw, HARD)
        cv2.circle(m, p(0, 0), max(3, int(5 * s)), 255, -1, HARD)
    elif egg == "red":  # a zigzag band between two lines, along the egg
        for v in (-15, 15):
            cv2.line(m, p(-70, v), p(70, v), 255, lw, HARD)
        zig = np.array([p(-70 + 10 * i, -15 if i % 2 else 15) for i in range(15)], np.int32)
        cv2.polylines(m, [zig], False, 255, lw, HARD)
    elif egg == "orange":  # rings round the middle
        for r in (12, 24, 36):
            cv2.ellipse(m, p(-4, 0), (int(r * 1.45 * s), int(r * s)), tilt, 0, 360, 255, lw,
                        HARD)
    elif egg == "yellow":  # a sun: a disc and its rays
        cv2.circle(m, p(0, 0), int(11 * s), 255, -1, HARD)
        for k in range(12):
            ang = k * np.pi / 6
            cv2.line(m, p(17 * np.cos(ang), 17 * np.sin(ang)),
                     p(32 * np.cos(ang), 32 * np.sin(ang)), 255, lw, HARD)
    elif egg == "green":  # a vine: a wave along the egg and its leaves
        us = np.arange(-70, 71, 4)
        wave = np.array([p(u, 10 * np.sin(u / 9)) for u in us], np.int32)
        cv2.polylines(m, [wave], False, 255, lw, HARD)
        for u in range(-56, 57, 14):
            side = 1 if (u // 14) % 2 else -1
            cv2.ellipse(m, p(u + 4, 10 * np.sin(u / 9) + side * 11), (int(7 * s), int(4 * s)),
                        tilt + 35 * side, 0, 360, 255, -1, HARD)
    else:  # blue: a chequered band along the egg
        for v in (-16, 16):
            cv2.line(m, p(-70, v), p(70, v), 255, lw, HARD)
        for i, u in enumerate(range(-70, 70, 10)):
            v0 = -14 if i % 2 else 0
            sq = np.array([p(u, v0), p(u + 10, v0), p(u + 10, v0 + 14), p(u, v0 + 14)], np.int32)
            cv2.fillConvexPoly(m, sq, 255, HARD)
    return m


def _egg(img: np.ndarray, c: tuple[float, float], s: float, tilt: float, egg: str,
         rng: np.random.Generator) -> None:
    """An egg lying on the cloth: a hard black shadow, the egg, its carved motif."""
    shadow = _blank()
    cv2.ellipse(shadow, (int(c[0] + 12 * s), int(c[1] + 36 * s)), (int(62 * s), int(14 * s)),
                tilt, 0, 360, 255, -1, HARD)
    _ink(img, shadow, SHADOW, rng, groove=0, salt=0.01)
    body = _blank()
    cv2.fillPoly(body, [_egg_outline(c, s, tilt)], 255, HARD)
    _ink(img, body, EGG[egg], rng, groove=2)
    carved = cv2.bitwise_and(_motif(egg, c, s, tilt), cv2.erode(body, np.ones((7, 7), np.uint8)))
    img[carved > 0] = STOCK  # carved away: the stock shows


def _flower(img: np.ndarray, c: tuple[float, float], kind: str, z: float,
            rng: np.random.Generator) -> None:
    """A flower head of its kind's shape and colour, `z` times the banner's size."""
    x, y = c
    head = _blank(img.shape)
    cut = _blank(img.shape)  # lines carved into the head

    def p(u: float, v: float) -> tuple[int, int]:
        return int(round(x + u * z)), int(round(y + v * z))

    if kind == "blue":  # a cornflower: eight toothed rays
        for k in range(8):
            a = k * np.pi / 4
            tip = [p(14 * np.cos(a + d), 14 * np.sin(a + d)) for d in (-0.22, 0, 0.22)]
            cv2.fillConvexPoly(head, np.array([p(0, 0), tip[0], tip[1], tip[2]], np.int32), 255,
                               HARD)
            cv2.fillConvexPoly(head, np.array([p(5 * np.cos(a - 0.5), 5 * np.sin(a - 0.5)),
                                               tip[0], tip[2],
                                               p(5 * np.cos(a + 0.5), 5 * np.sin(a + 0.5))],
                                              np.int32), 255, HARD)
        heart = 3.5
    elif kind == "pink":  # a rose: a round head with a carved spiral
        cv2.circle(head, p(0, 0), int(13 * z), 255, -1, HARD)
        ts = np.linspace(0, 4.2 * np.pi, 60)
        spiral = np.array([p(2.7 * t / np.pi * np.cos(t), 2.7 * t / np.pi * np.sin(t))
                           for t in ts], np.int32)
        cv2.polylines(cut, [spiral], False, 255, max(1, int(1.6 * z)), HARD)
        heart = 0
    elif kind == "purple":  # a bellflower hanging from a short curved stalk
        bell = [p(-4, -12), p(4, -12), p(9, -2), p(12, 9), p(8, 13), p(4, 9), p(0, 13), p(-4, 9),
                p(-8, 13), p(-12, 9), p(-9, -2)]
        cv2.fillPoly(head, [np.array(bell, np.int32)], 255, HARD)
        cv2.line(cut, p(0, -8), p(0, 6), 255, max(1, int(1.5 * z)), HARD)
        heart = 0
    else:  # a daisy: twelve narrow petals round a large heart
        for k in range(12):
            a = k * np.pi / 6
            cv2.ellipse(head, p(8 * np.cos(a), 8 * np.sin(a)), (int(7 * z), int(2.6 * z)),
                        np.degrees(a), 0, 360, 255, -1, HARD)
        heart = 5.5
    _ink(img, head, FLOWER[kind], rng, groove=1, salt=0.02)
    img[(cut > 0) & (head > 0)] = STOCK
    if heart:
        h = _blank(img.shape)
        cv2.circle(h, p(0, 0), max(2, int(heart * z)), 255, -1, HARD)
        _ink(img, h, HEART[kind], rng, groove=1 if z > 1.5 else 0, salt=0.0)


def _posy(img: np.ndarray, kind: str, rng: np.random.Generator) -> None:
    """A flower-only card's two flowers, large, on stems rising from the bottom edge."""
    heads = ((W / 2 - 38, H * 0.44), (W / 2 + 36, H * 0.60))
    stems = _blank()
    for hx, hy in heads:
        pts = np.array([(W / 2 + (hx - W / 2) * f * f, hy + (H - hy) * (1 - f))
                        for f in np.linspace(0, 1, 20)], np.int32)
        cv2.polylines(stems, [pts], False, 255, 6, HARD)
        leaf_y = int(hy + (H - hy) * 0.55)
        cv2.ellipse(stems, (int(W / 2 + (hx - W / 2) * 0.2), leaf_y), (22, 7),
                    -30 if hx > W / 2 else 30, 0, 360, 255, -1, HARD)
    _ink(img, stems, STEM, rng, groove=2)
    for c in heads:
        _flower(img, c, kind, 2.6, rng)


def _back(rng: np.random.Generator) -> np.ndarray:
    img = np.full((H, W, 3), STOCK, np.uint8)
    rays = _blank()
    c = (W // 2, H // 2)
    for k in range(24):
        a0, a1 = k * np.pi / 12, (k + 0.5) * np.pi / 12
        cv2.fillConvexPoly(rays, np.array([c, (int(c[0] + 400 * np.cos(a0)),
                                                int(c[1] + 400 * np.sin(a0))),
                                           (int(c[0] + 400 * np.cos(a1)),
                                            int(c[1] + 400 * np.sin(a1)))], np.int32), 255, HARD)
    _ink(img, rays, ECRU, rng, groove=0)
    disc = _blank()
    cv2.circle(disc, c, 70, 255, -1, HARD)
    _ink(img, disc, STOCK, rng, groove=0, salt=0.0)
    body = _blank()
    cv2.fillPoly(body, [_egg_outline((W / 2, H / 2), 0.82, -90)], 255, HARD)
    _ink(img, body, ECRU, rng, groove=3)
    star = cv2.bitwise_and(_motif("purple", (W / 2, H / 2), 0.82, -90),
                           cv2.erode(body, np.ones((7, 7), np.uint8)))
    img[star > 0] = STOCK
    return img


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the seventh deck (None: its back)."""
    if card is None:
        return _print(_back(_rng("back")), "back")
    name = repr(card)
    rng = _rng(name)
    img = _cloth(card.cloth, rng)
    if card.egg and card.double:  # one behind the other
        _egg(img, (W / 2 - 14, H * 0.50), 0.82, 8, card.egg, rng)
        _egg(img, (W / 2 + 12, H * 0.71), 0.9, -6, card.egg, rng)
    elif card.egg:
        _egg(img, (W / 2 + 4, H * 0.64), 1.0, -5, card.egg, rng)
    else:
        _posy(img, card.flowers[0], rng)

    def flowers(strip: np.ndarray, r: np.random.Generator) -> None:
        mid = strip.shape[1] / 2
        spots = (mid,) if len(card.flowers) == 1 else (mid - 24, mid + 24)
        for u, kind in zip(spots, card.flowers, strict=False):
            _flower(strip, (u, strip.shape[0] / 2), kind, 1.4, r)

    _sash(img, flowers, rng)
    return _print(img, name)


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards in this deck's own split (the rulebook's counts)."""
    cloths = ("checked", "striped", "dotted")
    eggs, flowers = pg.EGGS, pg.FLOWERS
    cards: list[pg.Card | None] = []
    for i in range(45):  # every cloth with every egg twice, nine of them a third time
        j = (5 * i + i // 18) % 18
        cards.append(pg.Card(cloths[j % 3], eggs[j // 3]))
    cards += [pg.Card(cloths[i % 3], eggs[(i + 2) % 6], False, (flowers[(i // 3 + i) % 4],))
              for i in range(12)]
    cards += [pg.Card(cloths[(i + 1) % 3], eggs[(5 - i) % 6], False, (flowers[(i + 3) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card(cloths[(i + 2) % 3], None, False, (flowers[(i + 1) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card("neutral", egg, True) for egg in eggs]
    return cards


# -- Okoshki ---------------------------------------------------------------------------------
NOREN = {"red": (50, 45, 190), "yellow": (40, 190, 235), "purple": (140, 55, 125),
         "green": (65, 140, 50), "brown": (40, 80, 128), "blue": (175, 105, 35)}
DAY, GREY = (232, 205, 150), (178, 176, 172)  # the night sky is the bare stock
SILL = (38, 58, 88)
NOREN_FOOT = 110  # where the curtain ends
SILL_TOP = H - 48


def _cloud(img: np.ndarray, c: tuple[float, float], s: float, rng) -> None:
    m = _blank()
    x, y = c
    for dx, dy, r in ((-17, 2, 11), (-3, -7, 15), (13, -2, 12), (24, 4, 8)):
        cv2.circle(m, (int(x + dx * s), int(y + dy * s)), int(r * s), 255, -1, HARD)
    cv2.rectangle(m, (int(x - 26 * s), int(y + 2 * s)), (int(x + 31 * s), int(y + 12 * s)), 255,
                  -1)
    _ink(img, m, ECRU, rng, groove=2)
    lines = _blank()
    cv2.line(lines, (int(x - 14 * s), int(y + 6 * s)), (int(x + 16 * s), int(y + 6 * s)), 255, 2)
    img[(lines > 0) & (m > 0)] = STOCK


def _sun(img: np.ndarray, c: tuple[float, float], r: float, rng) -> None:
    x, y = c
    rays = _blank()
    for k in range(12):
        a = k * np.pi / 6
        cv2.fillConvexPoly(rays, np.array([
            (int(x + (r + 4) * np.cos(a - 0.13)), int(y + (r + 4) * np.sin(a - 0.13))),
            (int(x + (r + 17) * np.cos(a)), int(y + (r + 17) * np.sin(a))),
            (int(x + (r + 4) * np.cos(a + 0.13)), int(y + (r + 4) * np.sin(a + 0.13)))],
            np.int32), 255, HARD)
    _ink(img, rays, (30, 150, 240), rng, groove=1)
    disc = _blank()
    cv2.circle(disc, (int(x), int(y)), int(r), 255, -1, HARD)
    _ink(img, disc, (50, 205, 250), rng, groove=2)
    ring = _blank()
    cv2.circle(ring, (int(x), int(y)), int(r * 0.62), 255, 2, HARD)
    img[ring > 0] = STOCK


def _rainbow(img: np.ndarray, c: tuple[int, int], r: int, rng) -> None:
    for i, col in enumerate(((50, 45, 200), (30, 140, 245), (50, 215, 250), (70, 165, 60),
                             (210, 140, 40))):
        m = _blank()
        cv2.ellipse(m, c, (r - 9 * i, r - 9 * i), 0, 180, 360, 255, 7, HARD)
        _ink(img, m, col, rng, groove=1)


def _flying_bird(img: np.ndarray, c: tuple[int, int], rng, s: float = 1.35) -> None:
    """A finch in flight, wings up, facing left."""
    x, y = c

    def p(u: float, v: float) -> tuple[int, int]:
        return int(x + u * s), int(y + v * s)

    wings = _blank()
    cv2.fillPoly(wings, [np.array([p(-6, -2), p(-26, -30), p(-30, -46), p(-14, -40),
                                   p(6, -4)], np.int32)], 255, HARD)
    cv2.fillPoly(wings, [np.array([p(2, -4), p(22, -30), p(40, -42), p(38, -28),
                                   p(14, 0)], np.int32)], 255, HARD)
    _ink(img, wings, (40, 70, 110), rng, groove=1)
    body = _blank()
    cv2.ellipse(body, p(0, 4), (int(24 * s), int(11 * s)), -8, 0, 360, 255, -1, HARD)
    cv2.circle(body, p(-24, -2), int(9 * s), 255, -1, HARD)
    cv2.fillConvexPoly(body, np.array([p(20, 2), p(42, -2), p(40, 12)], np.int32), 255, HARD)
    _ink(img, body, (50, 95, 150), rng, groove=1)
    belly = _blank()
    cv2.ellipse(belly, p(-4, 8), (int(15 * s), int(6 * s)), -8, 0, 360, 255, -1, HARD)
    _ink(img, belly, (120, 180, 230), rng, groove=0)
    beak = _blank()
    cv2.fillConvexPoly(beak, np.array([p(-32, -5), p(-42, -1), p(-32, 1)], np.int32), 255, HARD)
    _ink(img, beak, (30, 150, 240), rng, groove=0, salt=0.0)
    cv2.circle(img, p(-26, -3), 2, STOCK, -1, HARD)  # the eye


def _swallow(img: np.ndarray, c: tuple[int, int], rng) -> None:
    """A swallow gliding right: long pointed wings, a forked tail, a red throat."""
    x, y = c
    m = _blank()
    cv2.fillPoly(m, [np.array([(x - 34, y + 2), (x - 14, y - 6), (x - 4, y - 40), (x + 4, y - 6),
                               (x + 30, y - 2), (x + 8, y + 4), (x + 6, y + 34), (x - 6, y + 6),
                               (x - 18, y + 8), (x - 48, y + 20), (x - 26, y + 6)], np.int32)],
                 255, HARD)
    _ink(img, m, (60, 35, 25), rng, groove=0)
    throat = _blank()
    cv2.circle(throat, (x + 22, y - 1), 4, 255, -1, HARD)
    _ink(img, throat, (40, 40, 200), rng, groove=0, salt=0.0)
    belly = _blank()
    cv2.ellipse(belly, (x + 6, y + 2), (10, 3), 0, 0, 360, 255, -1, HARD)
    _ink(img, belly, ECRU, rng, groove=0, salt=0.0)


def _owl(img: np.ndarray, rng) -> None:
    """A full moon, a few stars and the owl on a branch across the window."""
    moon = _blank()
    cv2.circle(moon, (W - 46, 150), 22, 255, -1, HARD)
    _ink(img, moon, ECRU, rng, groove=0)
    stars = _blank()
    for sx, sy in ((30, 140), (70, 176), (150, 214), (40, 236), (180, 250)):
        cv2.line(stars, (sx - 4, sy), (sx + 4, sy), 255, 2)
        cv2.line(stars, (sx, sy - 4), (sx, sy + 4), 255, 2)
    _ink(img, stars, ECRU, rng, groove=0, salt=0.0)
    branch = _blank()
    cv2.line(branch, (0, 262), (W, 246), 255, 9, HARD)
    cv2.line(branch, (150, 250), (176, 226), 255, 4, HARD)
    _ink(img, branch, (40, 70, 100), rng, groove=1)
    cx, cy = W // 2 - 10, 214
    body = _blank()
    cv2.ellipse(body, (cx, cy), (27, 36), 0, 0, 360, 255, -1, HARD)
    for s in (-1, 1):
        cv2.fillConvexPoly(body, np.array([(cx + s * 24, cy - 20), (cx + s * 26, cy - 46),
                                           (cx + s * 8, cy - 30)], np.int32), 255, HARD)
    _ink(img, body, (60, 110, 160), rng, groove=1)
    face = _blank()
    for s in (-1, 1):
        cv2.circle(face, (cx + s * 11, cy - 14), 11, 255, -1, HARD)
    _ink(img, face, ECRU, rng, groove=1, salt=0.0)
    for s in (-1, 1):
        cv2.circle(img, (cx + s * 11, cy - 14), 4, SHADOW, -1, HARD)
    chest = _blank()
    for k in range(3):
        for j in range(3 - k % 2):
            cv2.ellipse(chest, (cx - 10 + j * 10 + (k % 2) * 5, cy + 8 + k * 8), (3, 2), 0, 0, 180,
                        255, 2, HARD)
    img[(chest > 0) & (body > 0)] = STOCK


def _cat(img: np.ndarray, kind: str, rng) -> None:
    """A cat seen from behind, sitting on the sill and looking out, its tail over the edge."""
    colour = {"cat": (34, 30, 30), "cat_red": (40, 120, 228), "cat_tabby": (150, 155, 160)}[kind]
    x, base = W // 2, SILL_TOP + 6
    m = _blank()
    cv2.ellipse(m, (x, base - 38), (34, 44), 0, 0, 360, 255, -1, HARD)
    cv2.circle(m, (x, base - 92), 24, 255, -1, HARD)
    for s in (-1, 1):
        cv2.fillConvexPoly(m, np.array([(x + s * 22, base - 98), (x + s * 20, base - 128),
                                        (x + s * 5, base - 112)], np.int32), 255, HARD)
    tail = np.array([(x + 20, base - 8), (x + 34, base + 6), (x + 36, base + 24),
                     (x + 30, base + 38)], np.int32)
    cv2.polylines(m, [tail], False, 255, 9, HARD)
    _ink(img, m, colour, rng, groove=2)
    if kind == "cat_tabby":  # dark stripes across the back and head
        st = _blank()
        for k in range(6):
            yy = base - 70 + 11 * k
            cv2.ellipse(st, (x, yy - 8), (38, 10), 0, 20, 160, 255, 4, HARD)
        for k in (-8, 0, 8):
            cv2.line(st, (x + k, base - 112), (x + k, base - 96), 255, 3)
        for yy in (base + 14, base + 28):
            cv2.line(st, (x + 28, yy), (x + 42, yy), 255, 4)
        _ink(img, st & m, (60, 62, 66), rng, groove=0, salt=0.0)
    elif kind == "cat_red":  # carved fur lines on the back
        st = _blank()
        for k in (-14, 0, 14):
            cv2.line(st, (x + k, base - 64), (x + int(k * 1.3), base - 20), 255, 2)
        img[(st & m) > 0] = STOCK


def _scene(img: np.ndarray, kind: str, window: int, rng) -> None:
    sky = STOCK if kind == "owl" else GREY if kind == "sun_clouded" else DAY
    whole = np.full((H, W), 255, np.uint8)
    if kind != "owl":
        _ink(img, whole, sky, rng, groove=0, salt=0.015)
        streaks = _blank()  # the sky's gouge marks
        for _ in range(7):
            sx = int(rng.integers(10, W - 50))
            sy = int(rng.integers(NOREN_FOOT + 10, SILL_TOP - 10))
            cv2.line(streaks, (sx, sy), (sx + int(rng.integers(14, 40)), sy), 255, 1)
        img[streaks > 0] = STOCK
    cx, cy = W // 2, (NOREN_FOOT + SILL_TOP) // 2
    if kind == "sun":
        _sun(img, (cx, cy), 32, rng)
    elif kind == "sun_rainbow":
        _rainbow(img, (cx - 6, SILL_TOP + 8), 100, rng)
        _sun(img, (cx + 44, cy - 44), 20, rng)
    elif kind == "sun_clouded":
        _sun(img, (cx + 18, cy - 12), 28, rng)
        _cloud(img, (cx - 10, cy + 18), 1.7, rng)
    elif kind == "bird":
        _flying_bird(img, (cx, cy + 10), rng)
    elif kind == "owl":
        _owl(img, rng)
    elif kind == "swallow_rainbow":
        _rainbow(img, (cx + 6, SILL_TOP + 8), 100, rng)
        _swallow(img, (cx - 4, cy - 30), rng)
    elif kind.startswith("cat"):
        spot = (cx - 40, cy - 36) if window % 2 else (cx + 44, cy - 30)  # a cloud behind it
        _cloud(img, spot, 0.8, rng)
    else:  # sky: as many clouds as the window's number, each window its own places
        spots = ((cx - 46, cy - 46), (cx + 40, cy - 14), (cx - 30, cy + 30), (cx + 44, cy + 58))
        for k in range(window):
            _cloud(img, spots[(k + window) % 4], 1.0 - 0.12 * (k % 2), rng)


def _noren(img: np.ndarray, suit: str, rng) -> None:
    """The curtain: three hanging panels from a rod at the top edge (a print: small florets)."""
    colour = NOREN[suit.split("-")[0]]
    printed = suit.endswith("-print")
    panels = ((-4, 62), (72, 138), (148, 214))
    cloth = _blank()
    for x0, x1 in panels:
        cv2.rectangle(cloth, (x0, 6), (x1, NOREN_FOOT), 255, -1)
    _ink(img, cloth, colour, rng, groove=2)
    if printed:
        pale = tuple(int(0.45 * a + 0.55 * b) for a, b in zip(colour, ECRU, strict=True))
        florets = _blank()
        for j, fy in enumerate(range(20, NOREN_FOOT - 6, 17)):
            for fx in range(6 + (j % 2) * 9, W, 18):
                for a in range(4):
                    ang = a * np.pi / 2 + np.pi / 4
                    cv2.circle(florets, (int(fx + 3 * np.cos(ang)), int(fy + 3 * np.sin(ang))), 2,
                               255, -1, HARD)
        _ink(img, florets & cloth, pale, rng, groove=0, salt=0.0)
    folds = _blank()  # the cut folds near each panel's edges and a hem
    for x0, x1 in panels:
        for fx in (x0 + 12, x1 - 12):
            cv2.line(folds, (fx, 14), (fx, NOREN_FOOT - 12), 255, 2)
        cv2.line(folds, (x0, NOREN_FOOT - 7), (x1, NOREN_FOOT - 7), 255, 2)
    img[(folds > 0) & (cloth > 0)] = STOCK
    rod = _blank()
    cv2.rectangle(rod, (0, 0), (W, 6), 255, -1)
    _ink(img, rod, SILL, rng, groove=1, salt=0.0)


def _sill(img: np.ndarray, rng) -> None:
    m = _blank()
    cv2.rectangle(m, (0, SILL_TOP), (W, H), 255, -1)
    _ink(img, m, SILL, rng, groove=2)
    grain = _blank()
    for k, y in enumerate(range(SILL_TOP + 9, H, 9)):
        xs = np.arange(0, W + 10, 10)
        pts = np.stack([xs, y + 2 * np.sin(xs / 23 + k)], 1).astype(np.int32)
        cv2.polylines(grain, [pts], False, 255, 1, HARD)
    img[grain > 0] = STOCK


def _number(strip: np.ndarray, window: int) -> None:
    """The window's number on the banner, with a small diamond either side."""
    t, length = strip.shape[:2]
    text = str(window)
    font, scale, thick = cv2.FONT_HERSHEY_DUPLEX, 1.1, 2
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    cv2.putText(strip, text, (length // 2 - tw // 2, t // 2 + th // 2), font, scale, STOCK, thick,
                HARD)
    for u in (length // 2 - 30, length // 2 + 30):
        cv2.fillConvexPoly(strip, np.array([(u - 5, t // 2), (u, t // 2 - 5), (u + 5, t // 2),
                                            (u, t // 2 + 5)], np.int32), STOCK, HARD)


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the seventh deck."""
    card = ok.CARDS[cid]
    rng = _rng(cid)
    img = np.full((H, W, 3), STOCK, np.uint8)
    _scene(img, card.kind, card.window, rng)
    _noren(img, card.suit, rng)
    _sill(img, rng)
    if card.kind.startswith("cat"):  # inside, in front of the window
        _cat(img, card.kind, rng)
    _sash(img, lambda strip, _r: _number(strip, card.window), rng)
    return _print(img, cid)


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the seventh deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}
