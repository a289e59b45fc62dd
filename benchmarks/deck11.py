"""An eleventh deck, drawn in yet another style: a FRESH JUDGE for issue 27. Never tune on it.

Drawn by a helper who never read the recognisers, for the lead to run once, at the end of a
session (benchmarks/recognition2.py --deck 11; its mistakes are not listed, as for decks 3, 5,
7, 9 and 10). Nothing in assistant/ may be chosen while looking at its results, and no helper
may develop on it. It differs from deck.py and decks 2–10 as a pop-art comic deck for a family
game might:
- the shape: 2:3 (80 × 120 mm, W/H = 0.667, between bridge size and 5:7) with very ROUND
  corners (r = 32, 11 mm: rounder than every other deck's, whose radii run from 1 to 8 mm);
- a MID-TONE COLOURED STOCK, neither pale nor dark, printed to the cut, whose colour tells
  the card apart: Pisanki by cloth (teal for checked, mustard for striped, brick for dotted,
  slate grey for neutral, a hot-pink back), Okoshki by suit (the card is its curtain's colour,
  a mid tone of it; the print suits' stock carries white polka dots);
- MISCUT: the whole print sits off-centre on the card by up to 6 px (2 mm) each way, every
  card kind its own way (`miscut`), so the coloured margin round the picture is uneven (one
  side up to 12 px wider than the other, where the other decks keep an even border);
- POP ART: Pisanki's picture in a comic panel with a thick black rule, Okoshki's in a white
  window frame; every shape has a thick black cartoon outline (3–4 px) and flat fills; shade
  and sky are Ben-Day HALFTONE DOTS (no gradients, no hatching); white comic shines on the
  eggs;
- the index in a white circle on the LEFT EDGE at MID-HEIGHT, over the panel's rule (the right
  edge when a card lies turned): the Pisanki card's egg (two small eggs for a double egg, a
  flower for a flower-only card), the Okoshki window's number as a bold numeral;
- Pisanki: the panel is the cloth: a teal and white checkerboard, mustard and cream RAYS
  bursting from behind the egg (the comic "striped" cloth), brick Ben-Day dots on white, a
  plain pale grey with a halftone shade at its foot. One upright egg with a halftone shadow,
  each colour with its own white or black motif (a zigzag, polka dots, a lightning bolt, two
  bands, chevrons, a star); a double egg as two eggs, one behind the other; the flowers in a
  white SPEECH BALLOON above the egg (the egg stands lower): a four-petal Warhol flower, a
  daisy, a tulip, a star flower; a flower-only card has its two flowers large on crossing
  stems; its own split of the 75 cards; a hot-pink polka-dot back with a comic burst round an
  egg.
- Okoshki: an ARCHED window in a white frame on the suit-coloured wall, no curtain, a white
  sill with a halftone shadow under it; the sky in Ben-Day dots (denser towards the top), the
  scenes drawn anew in pop art (a blue tit on the sill, the owl on the sill under a crescent,
  a swallow over a rainbow, cats PEEKING over the sill from outside: head and paws), sky cards
  with as many clouds as the window's number.
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import synth

W, H = 240, 360  # 80 × 120 mm (2:3)
RADIUS = 32  # 11 mm: very round corners
AA = cv2.LINE_AA
BLACK = (30, 26, 24)  # the key plate's black (BGR)
WHITE = (244, 246, 246)
PAD = 8  # the print runs this far past the cut on every side
MISCUT = 6  # the print lands up to this far off-centre (px, each way)
PANEL = (15, 15, W - 16, H - 16)  # x0, y0, x1, y1: the comic panel as designed (centred)
INDEX = (27, H // 2)  # the index circle's centre, on the panel's left rule
INDEX_R = 19


def mask() -> np.ndarray:
    """The card's shape (2:3, corners of 11 mm), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(("deck11-" + name).encode()))


def _bgr(hex_rgb: str) -> tuple[int, int, int]:
    v = int(hex_rgb[1:], 16)
    return v & 255, (v >> 8) & 255, v >> 16


def _blank() -> np.ndarray:
    return np.zeros((H, W), np.uint8)


def _fill(img: np.ndarray, m: np.ndarray, colour) -> None:
    """Print `colour` where the mask `m` is (its grey edge blends: anti-aliased)."""
    x, y, w, h = cv2.boundingRect(m)
    if w == 0:
        return
    a = (m[y:y + h, x:x + w].astype(np.float32) / 255)[..., None]
    box = img[y:y + h, x:x + w]
    box[:] = (box * (1 - a) + np.array(colour, np.float32) * a + 0.5).astype(np.uint8)


def _outline(img: np.ndarray, m: np.ndarray, t: int = 4, colour=BLACK) -> None:
    """The cartoon's thick black outline round the shape `m`."""
    contours, _ = cv2.findContours((m > 127).astype(np.uint8), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_NONE)
    cv2.drawContours(img, contours, -1, colour, t, AA)


def _inked(img: np.ndarray, m: np.ndarray, colour, t: int = 4) -> None:
    """A flat fill with its black outline."""
    _fill(img, m, colour)
    _outline(img, m, t)


def _poly(pts) -> np.ndarray:
    m = _blank()
    cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
    return m


def _disc(c, r: float) -> np.ndarray:
    m = _blank()
    cv2.circle(m, (int(round(c[0])), int(round(c[1]))), max(1, int(round(r))), 255, -1, AA)
    return m


def _ellipse(c, axes, angle: float = 0) -> np.ndarray:
    m = _blank()
    cv2.ellipse(m, (int(round(c[0])), int(round(c[1]))),
                (max(1, int(round(axes[0]))), max(1, int(round(axes[1])))), angle, 0, 360, 255,
                -1, AA)
    return m


def _rect(x0: int, y0: int, x1: int, y1: int, r: int = 0) -> np.ndarray:
    """A filled rectangle, its corners rounded by `r`."""
    m = _blank()
    if r <= 0:
        cv2.rectangle(m, (x0, y0), (x1, y1), 255, -1)
        return m
    cv2.rectangle(m, (x0 + r, y0), (x1 - r, y1), 255, -1)
    cv2.rectangle(m, (x0, y0 + r), (x1, y1 - r), 255, -1)
    for cx, cy in ((x0 + r, y0 + r), (x1 - r, y0 + r), (x0 + r, y1 - r), (x1 - r, y1 - r)):
        cv2.circle(m, (cx, cy), r, 255, -1, AA)
    return m


def _dark(colour, k: float = 0.55) -> tuple[int, int, int]:
    return tuple(int(v * k) for v in colour)


@cache
def _screen(pitch: int, r: float, grow: str = "") -> np.ndarray:
    """A card-sized Ben-Day screen: dots `pitch` apart in staggered rows, of radius `r` (with
    `grow` "up" or "down", the dots swell from nothing to `r` towards that edge)."""
    m = _blank()
    for j, y in enumerate(range(-pitch, H + pitch, pitch)):
        t = 1.0 if not grow else (1 - y / H if grow == "up" else y / H)
        rr = r * min(1.0, max(0.0, t * 1.25 - 0.15))
        if rr < 0.6:
            continue
        for x in range(-pitch + (j % 2) * pitch // 2, W + pitch, pitch):
            cv2.circle(m, (x, y), int(round(rr)), 255, -1, AA)
    m.flags.writeable = False
    return m


def _halftone(img: np.ndarray, m: np.ndarray, colour, pitch: int = 6, r: float = 2.0,
              grow: str = "") -> None:
    """Ben-Day dots of `colour` inside the mask `m` (the pop-art shade)."""
    _fill(img, cv2.min(_screen(pitch, r, grow), m), colour)


def _egg_pts(c, rx: float, ry: float, tilt: float = 0) -> np.ndarray:
    """An upright egg (narrower at the top), turned `tilt` degrees."""
    t = np.linspace(0, 2 * np.pi, 96, endpoint=False)
    xs = rx * np.cos(t) * (1 - 0.2 * np.clip(-np.sin(t), 0, 1))
    ys = ry * np.sin(t)
    a = np.radians(tilt)
    x2, y2 = xs * np.cos(a) - ys * np.sin(a), xs * np.sin(a) + ys * np.cos(a)
    return np.stack([c[0] + x2, c[1] + y2], 1).astype(np.int32)


# -- the press: stock, miscut, finish ------------------------------------------------------
@cache
def _stock_sheet(colour: tuple[int, int, int], dots: bool) -> np.ndarray:
    """The coloured stock as printed past the cut (PAD on every side), plain or polka-dotted."""
    sheet = np.empty((H + 2 * PAD, W + 2 * PAD, 3), np.uint8)
    sheet[:] = colour
    if dots:
        for j, y in enumerate(range(4, H + 2 * PAD, 15)):
            for x in range(4 + (j % 2) * 8, W + 2 * PAD, 16):
                cv2.circle(sheet, (x, y), 4, WHITE, -1, AA)
    sheet.flags.writeable = False
    return sheet


def _stock(colour, dots: bool = False) -> np.ndarray:
    """A card-sized sheet of the stock as the design places it (a fresh copy)."""
    return _stock_sheet(tuple(colour), dots)[PAD:PAD + H, PAD:PAD + W].copy()


def miscut(name: str) -> tuple[int, int]:
    """How far the print landed off-centre on the card called `name` (dx, dy px), its own
    way (a Pisanki card's name is its repr, an Okoshki card's its id)."""
    rng = _rng("miscut-" + name)
    while True:
        dx, dy = (int(v) for v in rng.integers(-MISCUT, MISCUT + 1, 2))
        if max(abs(dx), abs(dy)) >= 2:
            return dx, dy


def _cut(img: np.ndarray, colour, dots: bool, name: str) -> np.ndarray:
    """The printed design `img` cut off-centre: the picture moves by the card's miscut, the
    stock printed past the cut fills the margin it leaves."""
    dx, dy = miscut(name)
    sheet = _stock_sheet(tuple(colour), dots)
    out = sheet[PAD - dy:PAD - dy + H, PAD - dx:PAD - dx + W].copy()
    ys, yd = (slice(0, H - dy), slice(dy, H)) if dy >= 0 else (slice(-dy, H), slice(0, H + dy))
    xs, xd = (slice(0, W - dx), slice(dx, W)) if dx >= 0 else (slice(-dx, W), slice(0, W + dx))
    out[yd, xd] = img[ys, xs]
    return _finish(out, name)


def _finish(img: np.ndarray, name: str) -> np.ndarray:
    """The coated stock's fine grain (each card its own part of one sheet)."""
    rng = _rng("finish-" + name)
    gx, gy = int(rng.integers(0, W)), int(rng.integers(0, H))
    grain = _grain()[gy:gy + H, gx:gx + W]
    return np.clip(cv2.add(img, grain, dtype=cv2.CV_32F), 0, 255).astype(np.uint8)


@cache
def _grain() -> np.ndarray:
    g = 2.5 * _rng("grain").standard_normal((2 * H, 2 * W), np.float32)
    g = cv2.merge([g] * 3)
    g.flags.writeable = False
    return g


def _panel() -> np.ndarray:
    x0, y0, x1, y1 = PANEL
    return _rect(x0, y0, x1, y1, 12)


def _index(img: np.ndarray) -> None:
    """The white index circle on the left edge at mid-height (its content drawn after)."""
    _inked(img, _disc(INDEX, INDEX_R), WHITE, 3)


# -- Pisanki -------------------------------------------------------------------------------
EGG = {k: _bgr(v) for k, v in pg.EGG_COLOURS.items()}
FLOWER = {k: _bgr(v) for k, v in pg.FLOWER_COLOURS.items()}
LEAF = (60, 160, 60)
STOCK = {"checked": _bgr("#178a86"), "striped": _bgr("#d6a01c"), "dotted": _bgr("#b8493a"),
         "neutral": _bgr("#7d8088")}
BACK = _bgr("#d8458a")
CREAM = _bgr("#fbeebb")
PLAIN = _bgr("#e2ddd3")  # the neutral cloth
BURST = (120, 200)  # where the striped cloth's rays meet, behind the egg
BALLOON = ((134, 76), (84, 46))  # centre, half-axes


@cache
def _laid(cloth: str) -> np.ndarray:
    """The stock with the panel and its cloth (read only: copy before drawing)."""
    img = _stock(STOCK[cloth])
    panel = _panel()
    x0, y0, x1, y1 = PANEL
    tex = np.empty_like(img)
    if cloth == "checked":  # a teal and white checkerboard
        tex[:] = WHITE
        for j, y in enumerate(range(y0, y1, 26)):
            for x in range(x0 + (j % 2) * 26, x1, 52):
                cv2.rectangle(tex, (x, y), (x + 25, y + 25), STOCK["checked"], -1)
    elif cloth == "striped":  # rays of mustard and cream burst from behind the egg
        tex[:] = CREAM
        for k in range(0, 24, 2):
            a0, a1 = np.radians(k * 15), np.radians((k + 1) * 15)
            pts = [BURST, (BURST[0] + 600 * np.cos(a0), BURST[1] + 600 * np.sin(a0)),
                   (BURST[0] + 600 * np.cos(a1), BURST[1] + 600 * np.sin(a1))]
            cv2.fillPoly(tex, [np.array(pts, np.int32)], STOCK["striped"], AA)
    elif cloth == "dotted":  # Lichtenstein's dots, large, in brick on white
        tex[:] = WHITE
        dots = cv2.min(_screen(18, 6.5), panel)
        _fill(tex, dots, STOCK["dotted"])
    else:  # neutral: plain, a halftone shade at the foot
        tex[:] = PLAIN
        foot = _rect(x0, y1 - 120, x1, y1)
        _halftone(tex, foot, _dark(PLAIN, 0.78), 6, 2.2, "down")
    inside = (panel > 127).astype(np.uint8)
    img[:] = np.where(inside[..., None] > 0, tex, img)
    _outline(img, panel, 4)
    img.flags.writeable = False
    return img


def _motif(img: np.ndarray, egg: str, c, rx: float, ry: float, body: np.ndarray) -> None:
    """The egg's own motif, clipped to the egg: white (black on the yellow egg)."""
    m = _blank()
    x, y = c
    s = rx / 50

    def p(dx: float, dy: float) -> tuple[int, int]:
        return int(x + dx * s), int(y + dy * s)

    colour = WHITE
    t = max(3, int(round(7 * s)))
    if egg == "purple":  # a zigzag round the middle
        pts = [p(-60 + 12 * k, -8 if k % 2 == 0 else 10) for k in range(11)]
        cv2.polylines(m, [np.array(pts, np.int32)], False, 255, t, AA)
    elif egg == "red":  # polka dots
        for dx, dy in ((-20, -30), (16, -14), (-22, 12), (18, 28), (-2, 44), (2, -52), (34, -40)):
            cv2.circle(m, p(dx, dy), max(3, int(8 * s)), 255, -1, AA)
    elif egg == "orange":  # a lightning bolt
        cv2.fillPoly(m, [np.array([p(8, -52), p(-22, 4), p(-2, 4), p(-12, 52), p(22, -8),
                                   p(2, -8), p(16, -52)], np.int32)], 255, AA)
    elif egg == "yellow":  # two black bands
        colour = BLACK
        for dy in (-14, 14):
            cv2.line(m, p(-60, dy), p(60, dy), 255, t, AA)
    elif egg == "green":  # chevrons up the middle
        for dy in (-28, 0, 28):
            cv2.polylines(m, [np.array([p(-26, dy + 14), p(0, dy - 8), p(26, dy + 14)],
                                       np.int32)], False, 255, max(3, int(6 * s)), AA)
    else:  # blue: a big star
        pts = [p((30 if k % 2 == 0 else 13) * np.cos(k * np.pi / 5 - np.pi / 2),
                 4 + (30 if k % 2 == 0 else 13) * np.sin(k * np.pi / 5 - np.pi / 2))
               for k in range(10)]
        cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
    m = cv2.min(m, body)
    _fill(img, m, colour)
    if egg in ("orange", "blue"):  # the bolt and the star are outlined too
        _outline(img, m, 2)


def _egg(img: np.ndarray, c, rx: float, ry: float, egg: str, tilt: float = 0,
         shadow: bool = True) -> None:
    """An upright egg in pop art: a halftone shadow, its colour and motif, a halftone shade,
    a white comic shine, a thick black outline."""
    if shadow:
        _halftone(img, _ellipse((c[0] + 0.3 * rx, c[1] + ry - 2), (rx * 1.05, 0.17 * ry)),
                  BLACK, 6, 2.0)
    body = _poly(_egg_pts(c, rx, ry, tilt))
    _fill(img, body, EGG[egg])
    _motif(img, egg, c, rx, ry, body)
    shade = cv2.subtract(body, _ellipse((c[0] - 0.28 * rx, c[1] - 0.2 * ry), (rx, ry * 1.05)))
    _halftone(img, shade, _dark(EGG[egg], 0.45), 6, 2.0)
    shine = _blank()
    cv2.ellipse(shine, (int(c[0] - 0.1 * rx), int(c[1] - 0.05 * ry)),
                (int(0.62 * rx), int(0.72 * ry)), tilt, 200, 250, 255, max(3, int(rx / 9)), AA)
    cv2.circle(shine, (int(c[0] - 0.42 * rx), int(c[1] + 0.08 * ry)), max(2, int(rx / 14)),
               255, -1, AA)
    _fill(img, cv2.min(shine, body), WHITE)
    _outline(img, body, 4 if rx > 20 else 2)


def _flower(img: np.ndarray, c, kind: str, r: float, t: int = 3) -> None:
    """A flower head of its kind's own shape, outlined in black."""
    x, y = c
    col = FLOWER[kind]
    if kind == "blue":  # Warhol's four round petals round a dark heart
        m = _blank()
        for k in range(4):
            a = np.pi / 4 + k * np.pi / 2
            m |= _disc((x + 0.48 * r * np.cos(a), y + 0.48 * r * np.sin(a)), 0.52 * r)
        _inked(img, m, col, t)
        for k in range(4):  # the petals' seams
            a = k * np.pi / 2
            cv2.line(img, (int(x), int(y)), (int(x + 0.7 * r * np.cos(a)),
                                             int(y + 0.7 * r * np.sin(a))), BLACK, 2, AA)
        _inked(img, _disc(c, 0.24 * r), BLACK, 1)
    elif kind == "pink":  # a daisy: narrow petals round a yellow heart
        m = _blank()
        for k in range(10):
            a = k * np.pi / 5
            m |= _ellipse((x + 0.58 * r * np.cos(a), y + 0.58 * r * np.sin(a)),
                          (0.42 * r, 0.15 * r), np.degrees(a))
        _inked(img, m, col, t)
        _inked(img, _disc(c, 0.27 * r), (20, 200, 250), t)
    elif kind == "purple":  # a tulip: a cup with three points
        cup = _poly([(x - 0.75 * r, y - 0.55 * r), (x - 0.38 * r, y - 0.2 * r),
                     (x, y - 0.85 * r), (x + 0.38 * r, y - 0.2 * r), (x + 0.75 * r, y - 0.55 * r),
                     (x + 0.72 * r, y + 0.2 * r), (x, y + 0.2 * r), (x - 0.72 * r, y + 0.2 * r)])
        cup |= _ellipse((x, y + 0.2 * r), (0.72 * r, 0.62 * r))
        _inked(img, cup, col, t)
        cv2.line(img, (int(x - 0.3 * r), int(y - 0.1 * r)), (int(x - 0.2 * r), int(y + 0.5 * r)),
                 (200, 120, 210), max(2, int(r / 10)), AA)
    else:  # yellow: a star flower: five pointed petals round an orange heart
        pts = []
        for k in range(10):
            a = k * np.pi / 5 - np.pi / 2
            rr = r if k % 2 == 0 else 0.45 * r
            pts.append((x + rr * np.cos(a), y + rr * np.sin(a)))
        _inked(img, _poly(pts), col, t)
        _inked(img, _disc(c, 0.25 * r), (0, 120, 240), max(2, t - 1))


def _stem(img: np.ndarray, a, b, leaf_at: float, side: int) -> None:
    """A green stem outlined in black, a leaf on one side."""
    pa, pb = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    cv2.line(img, pa, pb, BLACK, 11, AA)
    cv2.line(img, pa, pb, LEAF, 5, AA)
    mx, my = a[0] + (b[0] - a[0]) * leaf_at, a[1] + (b[1] - a[1]) * leaf_at
    ang = np.degrees(np.arctan2(b[1] - a[1], b[0] - a[0])) + 45 * side
    _inked(img, _ellipse((mx + 14 * side, my), (20, 8), ang), LEAF, 3)


def _balloon(img: np.ndarray, flowers: tuple[str, ...]) -> None:
    """A white speech balloon above the egg, holding its flowers."""
    (cx, cy), (ax, ay) = BALLOON
    m = _ellipse((cx, cy), (ax, ay))
    m |= _poly([(cx - 30, cy + ay - 10), (cx - 4, cy + ay - 6), (cx - 24, cy + ay + 44)])
    _inked(img, m, WHITE, 4)
    if len(flowers) == 1:
        _flower(img, (cx, cy), flowers[0], 33)
    else:
        for dx in (-38, 38):
            _flower(img, (cx + dx, cy), flowers[0], 30)


def _index_pisanki(img: np.ndarray, card: pg.Card) -> None:
    _index(img)
    x, y = INDEX
    if card.egg and card.double:
        for dx in (-6, 6):
            _inked(img, _poly(_egg_pts((x + dx, y), 6, 9.5)), EGG[card.egg], 2)
    elif card.egg:
        _inked(img, _poly(_egg_pts((x, y), 9, 12)), EGG[card.egg], 2)
    else:
        _flower(img, (x, y), card.flowers[0], 13, 1)


def _back() -> np.ndarray:
    """A hot-pink polka-dot back: a yellow comic burst round a white egg."""
    img = _stock(BACK, True)
    pts = []
    for k in range(32):
        a = k * np.pi / 16
        rr = 100 if k % 2 == 0 else 70
        pts.append((W / 2 + rr * np.cos(a), H / 2 + 1.25 * rr * np.sin(a)))
    _inked(img, _poly(pts), (20, 215, 250), 4)
    e = _poly(_egg_pts((W / 2, H / 2), 44, 58))
    _fill(img, e, WHITE)
    _halftone(img, e, BACK, 6, 2.2, "down")
    _outline(img, e, 4)
    return img


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the eleventh deck (None: its back)."""
    name = repr(card)
    if card is None:
        return _cut(_back(), BACK, True, name)
    img = _laid(card.cloth).copy()
    if card.egg and card.double:  # two eggs, one behind the other
        _egg(img, (156, 184), 40, 54, card.egg, 8)
        _egg(img, (92, 204), 44, 58, card.egg, -6)
    elif card.egg and card.flowers:
        _egg(img, (120, 234), 44, 58, card.egg)
        _balloon(img, card.flowers)
    elif card.egg:
        _egg(img, (120, 190), 52, 68, card.egg)
    else:  # flower-only: two large flowers on crossing stems
        kind = card.flowers[0]
        _stem(img, (150, 330), (82, 112), 0.55, -1)
        _stem(img, (96, 330), (160, 236), 0.5, 1)
        _flower(img, (82, 112), kind, 54, 4)
        _flower(img, (160, 236), kind, 50, 4)
    _index_pisanki(img, card)
    return _cut(img, STOCK[card.cloth], False, name)


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards in this deck's own split (the rulebook's counts)."""
    cloths = ("checked", "striped", "dotted")
    eggs, flowers = pg.EGGS, pg.FLOWERS
    cards: list[pg.Card | None] = []
    for i in range(45):  # every cloth with every egg twice, nine of them a third time
        j = (11 * i + 4 * (i // 18)) % 18
        cards.append(pg.Card(cloths[(j + j // 6) % 3], eggs[j % 6]))
    cards += [pg.Card(cloths[(i + 2) % 3], eggs[(i + 1) % 6], False, (flowers[(i + i // 3) % 4],))
              for i in range(12)]
    cards += [pg.Card(cloths[(i + 1) % 3], eggs[(i + 5) % 6], False, (flowers[(i + 1) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card(cloths[i % 3], None, False, (flowers[(i + 2) % 4],) * 2) for i in range(6)]
    cards += [pg.Card("neutral", egg, True) for egg in eggs]
    return cards


# -- Okoshki -------------------------------------------------------------------------------
SUIT = {"red": _bgr("#c8362e"), "yellow": _bgr("#dcae14"), "purple": _bgr("#8a48a6"),
        "green": _bgr("#3a9a4a"), "brown": _bgr("#8c5a32"), "blue": _bgr("#2c6ebe")}
ARCH = (120, 116, 86)  # the opening's arch: centre x, centre y, radius
SILL_Y = 280  # the opening's foot; the sill below it
FRAME_T = 9  # the white frame round the opening
DAY, DAY_DOTS = _bgr("#a8dcf6"), _bgr("#4aa6e6")
NIGHT = _bgr("#1e2a5c")
GREY, GREY_DOTS = _bgr("#c4c6c8"), _bgr("#8a8e94")


def _opening(grow: int = 0) -> np.ndarray:
    """The window's arched opening (`grow` px wider all round: the frame's outer edge)."""
    cx, cy, r = ARCH
    m = _disc((cx, cy), r + grow)
    cv2.rectangle(m, (cx - r - grow, cy), (cx + r + grow, SILL_Y), 255, -1)
    return m


def _cloud(img: np.ndarray, c, s: float) -> None:
    m = _blank()
    for dx, dy, r in ((-16, 4, 11), (-3, -6, 14), (12, -2, 12), (22, 6, 9)):
        m |= _disc((c[0] + dx * s, c[1] + dy * s), r * s)
    m |= _rect(int(c[0] - 16 * s), int(c[1] + 2 * s), int(c[0] + 22 * s), int(c[1] + 15 * s),
               int(5 * s))
    _inked(img, m, WHITE, 3)
    low = _rect(int(c[0] - 30 * s), int(c[1] + 7 * s), int(c[0] + 34 * s), int(c[1] + 20 * s))
    _halftone(img, cv2.min(low, cv2.erode(m, np.ones((5, 5), np.uint8))), (200, 190, 180), 5, 1.6)


def _sun(img: np.ndarray, c, r: float) -> None:
    """A comic sun: an orange burst behind a yellow disc."""
    pts = []
    for k in range(24):
        a = k * np.pi / 12
        rr = r * (1.75 if k % 2 == 0 else 1.2)
        pts.append((c[0] + rr * np.cos(a), c[1] + rr * np.sin(a)))
    _inked(img, _poly(pts), (0, 140, 250), 3)
    disc = _disc(c, r)
    _fill(img, disc, (40, 220, 255))
    _halftone(img, cv2.subtract(disc, _disc((c[0] - 0.3 * r, c[1] - 0.3 * r), r)), (0, 160, 240),
              5, 1.7)
    _outline(img, disc, 3)


def _rainbow(img: np.ndarray, c, r: int) -> None:
    for i, col in enumerate(((40, 40, 220), (0, 140, 250), (40, 220, 250), (60, 170, 60),
                             (200, 120, 40), (140, 50, 120))):
        cv2.ellipse(img, c, (r - 8 * i - 4, r - 8 * i - 4), 0, 180, 360, col, 8, AA)
    cv2.ellipse(img, c, (r, r), 0, 180, 360, BLACK, 3, AA)
    cv2.ellipse(img, c, (r - 48, r - 48), 0, 180, 360, BLACK, 3, AA)


def _tit(img: np.ndarray, x: int, y: int) -> None:
    """A blue tit on the sill, facing right: blue cap and wings, yellow breast, white cheek."""
    body = _ellipse((x, y - 26), (34, 26), -12)
    tail = _poly([(x - 26, y - 28), (x - 60, y - 10), (x - 56, y - 2), (x - 24, y - 14)])
    head = _disc((x + 26, y - 56), 20)
    _inked(img, body | tail | head, (60, 150, 80), 4)  # green back
    _fill(img, _ellipse((x + 8, y - 20), (22, 18), -12), (40, 215, 250))  # yellow breast
    _fill(img, cv2.min(_ellipse((x + 24, y - 70), (21, 12)), head), (200, 120, 40))  # the cap
    _fill(img, cv2.min(_ellipse((x + 30, y - 52), (12, 9)), head), WHITE)  # the cheek
    wing = _ellipse((x - 8, y - 28), (24, 12), -18)
    _inked(img, wing, (200, 120, 40), 3)
    cv2.line(img, (x + 16, y - 60), (x + 44, y - 60), BLACK, 3, AA)  # the eye stripe
    cv2.circle(img, (x + 32, y - 61), 3, BLACK, -1, AA)
    cv2.fillConvexPoly(img, np.array([(x + 44, y - 60), (x + 54, y - 55), (x + 43, y - 52)],
                                     np.int32), BLACK, AA)
    _outline(img, body | tail | head, 4)
    for dx in (-2, 10):
        cv2.line(img, (x + dx, y - 4), (x + dx + 2, y + 2), BLACK, 3, AA)


def _owl(img: np.ndarray, x: int, y: int) -> None:
    """The owl on the sill at night: tufts, big yellow eyes, a pale breast with chevrons."""
    body = _ellipse((x, y - 48), (38, 48))
    ears = (_poly([(x - 34, y - 74), (x - 32, y - 112), (x - 12, y - 90)])
            | _poly([(x + 34, y - 74), (x + 32, y - 112), (x + 12, y - 90)]))
    _fill(img, body | ears, (50, 100, 150))
    belly = _ellipse((x, y - 30), (22, 26))
    _fill(img, belly, (150, 200, 230))
    for k in range(3):
        cv2.polylines(img, [np.array([(x - 8, y - 36 + 10 * k), (x, y - 42 + 10 * k),
                                      (x + 8, y - 36 + 10 * k)], np.int32)], False, BLACK, 2, AA)
    _halftone(img, cv2.subtract(body, _ellipse((x - 10, y - 56), (36, 48))), (30, 60, 90), 5, 1.8)
    _outline(img, body | ears, 4)
    for s in (-1, 1):
        _inked(img, _disc((x + s * 16, y - 70), 13), (40, 215, 255), 3)
        cv2.circle(img, (x + s * 16, y - 70), 5, BLACK, -1, AA)
        cv2.circle(img, (x + s * 16 - 2, y - 72), 2, WHITE, -1, AA)
    _inked(img, _poly([(x - 6, y - 60), (x + 6, y - 60), (x, y - 48)]), (40, 150, 230), 2)


def _swallow(img: np.ndarray, x: int, y: int) -> None:
    """A swallow in flight: swept wings, a forked tail, a red throat."""
    pts = [(x - 62, y - 26), (x - 10, y - 8), (x + 8, y - 10), (x + 60, y - 36), (x + 22, y + 4),
           (x + 26, y + 14), (x + 54, y + 46), (x + 14, y + 22), (x - 4, y + 44), (x - 4, y + 14),
           (x - 18, y + 4)]
    m = _poly(pts) | _disc((x - 16, y - 4), 10)
    _inked(img, m, (110, 40, 30), 4)
    _fill(img, _ellipse((x + 3, y + 6), (11, 6), 20), WHITE)
    _inked(img, _disc((x - 19, y + 2), 5), (40, 40, 215), 2)
    cv2.circle(img, (x - 20, y - 7), 2, WHITE, -1, AA)


def _cat(img: np.ndarray, colour, stripes: bool) -> None:
    """A cat peeking over the sill from outside: its head and two paws."""
    x, y = ARCH[0], SILL_Y
    head = _ellipse((x, y - 30), (50, 42))
    ears = (_poly([(x - 46, y - 44), (x - 40, y - 100), (x - 10, y - 68)])
            | _poly([(x + 46, y - 44), (x + 40, y - 100), (x + 10, y - 68)]))
    shape = head | ears
    _fill(img, shape, colour)
    dark = sum(colour) < 200
    if stripes:
        stripe = _blank()
        for dx in (-12, 0, 12):
            cv2.line(stripe, (x + dx, y - 74), (x + dx, y - 56), 255, 5, AA)
        for s in (-1, 1):
            for dy in (-40, -28):
                cv2.line(stripe, (x + s * 50, y + dy), (x + s * 32, y + dy + 4), 255, 5, AA)
        _fill(img, cv2.min(stripe, head), (60, 60, 64))
    else:
        _halftone(img, cv2.subtract(head, _ellipse((x - 10, y - 40), (50, 44))),
                  (90, 90, 96) if dark else _dark(colour, 0.6), 5, 1.8)
    inner = (_poly([(x - 40, y - 56), (x - 37, y - 88), (x - 20, y - 68)])
             | _poly([(x + 40, y - 56), (x + 37, y - 88), (x + 20, y - 68)]))
    _fill(img, inner, (170, 150, 240))
    _outline(img, shape, 4, (200, 200, 200) if dark else BLACK)
    for s in (-1, 1):
        eye = _ellipse((x + s * 20, y - 44), (11, 13))
        _inked(img, eye, (60, 200, 150), 2)
        cv2.ellipse(img, (x + s * 20, y - 44), (3, 10), 0, 0, 360, BLACK, -1, AA)
        cv2.circle(img, (x + s * 20 - 3, y - 48), 2, WHITE, -1, AA)
        for dy in (-24, -18):
            cv2.line(img, (x + s * 14, y + dy), (x + s * 56, y + dy + (dy + 21) * 2),
                     WHITE if dark else BLACK, 2, AA)
    _inked(img, _poly([(x - 6, y - 30), (x + 6, y - 30), (x, y - 23)]), (150, 130, 240), 2)


def _scene(img: np.ndarray, kind: str, window: int) -> None:
    """The sky in the opening and what is in it (the sill and what sits on it come after)."""
    cx = ARCH[0]
    glass = _opening()
    if kind == "owl":
        _fill(img, glass, NIGHT)
        _fill(img, _disc((70, 80), 20), (90, 230, 250))
        _fill(img, _disc((80, 72), 18), NIGHT)  # a crescent
        for sx, sy, r in ((150, 62, 7), (182, 110, 5), (60, 150, 5), (176, 170, 6), (104, 50, 4)):
            cv2.drawMarker(img, (sx, sy), WHITE, cv2.MARKER_CROSS, 2 * r, 2, AA)
        return
    sky, dots = (GREY, GREY_DOTS) if kind == "sun_clouded" else (DAY, DAY_DOTS)
    _fill(img, glass, sky)
    _halftone(img, glass, dots, 8, 3.0, "up")
    if kind == "sun":
        _sun(img, (cx, 140), 30)
    elif kind == "sun_rainbow":
        _rainbow(img, (cx, SILL_Y), 100)
        _sun(img, (cx + 34, 100), 22)
    elif kind == "sun_clouded":
        _sun(img, (cx - 16, 128), 30)
        _cloud(img, (cx + 18, 156), 1.5)
    elif kind == "bird":
        _cloud(img, (cx - 36, 92), 1.0)
    elif kind == "swallow_rainbow":
        _rainbow(img, (cx, SILL_Y), 100)
        _swallow(img, cx, 110)
    elif kind == "sky":
        spots = ((cx - 36, 84), (cx + 38, 130), (cx - 30, 182), (cx + 30, 232))
        for k in range(window):
            _cloud(img, spots[(k + window) % 4], 1.1)


def _window(img: np.ndarray, suit_colour) -> None:
    """The white frame round the arched opening, the sill, and the sill's halftone shadow."""
    frame = cv2.subtract(_opening(FRAME_T), _opening())
    _fill(img, frame, WHITE)
    _outline(img, _opening(FRAME_T), 4)
    _outline(img, _opening(), 3)
    shadow = _rect(ARCH[0] - ARCH[2] - 14, SILL_Y + 18, ARCH[0] + ARCH[2] + 14, SILL_Y + 36)
    _halftone(img, shadow, _dark(suit_colour, 0.5), 5, 2.0)


def _sill(img: np.ndarray) -> None:
    sill = _rect(ARCH[0] - ARCH[2] - 18, SILL_Y, ARCH[0] + ARCH[2] + 18, SILL_Y + 16, 3)
    _inked(img, sill, WHITE, 4)


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the eleventh deck."""
    card = ok.CARDS[cid]
    colour = SUIT[card.suit.split("-")[0]]
    printed = card.suit.endswith("-print")
    img = _stock(colour, printed)
    _scene(img, card.kind, card.window)
    _window(img, colour)
    if card.kind.startswith("cat"):  # behind the sill: it peeks over it
        tone = {"cat": (52, 48, 50), "cat_red": (40, 130, 236), "cat_tabby": (150, 152, 150)}
        _cat(img, tone[card.kind], card.kind == "cat_tabby")
    _sill(img)
    if card.kind.startswith("cat"):
        tone = {"cat": (52, 48, 50), "cat_red": (40, 130, 236), "cat_tabby": (150, 152, 150)}
        for dx in (-26, 26):  # the paws on the sill
            _inked(img, _ellipse((ARCH[0] + dx, SILL_Y + 4), (15, 9)), tone[card.kind], 3)
    if card.kind == "bird":
        _tit(img, ARCH[0] - 6, SILL_Y)
    if card.kind == "owl":
        _owl(img, ARCH[0] + 10, SILL_Y)
    _index(img)
    text = str(card.window)
    font = cv2.FONT_HERSHEY_DUPLEX
    size, _ = cv2.getTextSize(text, font, 0.95, 3)
    cv2.putText(img, text, (INDEX[0] - size[0] // 2 - 1, INDEX[1] + size[1] // 2), font, 0.95,
                BLACK, 3, AA)
    return _cut(img, colour, printed, cid)


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the eleventh deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}
