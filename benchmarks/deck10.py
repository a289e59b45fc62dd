"""A tenth deck, drawn in yet another style: a FRESH JUDGE for issue 27. Never tune on it.

Drawn by a helper who never read the recognisers, for the lead to run once, at the end of a
session (benchmarks/recognition2.py --deck 10; its mistakes are not listed, as for decks 3, 5,
7 and 9). Nothing in assistant/ may be chosen while looking at its results, and no helper may
develop on it. It differs from deck.py and decks 2–9 as an engraved, foil-stamped gift deck
might:
- the shape: W/H = 0.9 (72 × 80 mm: squarer than every other deck, whose W/H run from 0.58 to
  0.825) with nearly SQUARE corners (r = 4, 1 mm);
- a DARK NAVY stock, not full bleed: the picture is a scene on the navy ground (a still life,
  a wall with a window) inside a GOLD-FOIL DOUBLE RULE (a hairline outside a 2 px rule, small
  foil lozenges at its corners); the stock has a soft sheen and a fine grain;
- an ENGRAVING: every shape has a dark ink outline, shade is drawn as parallel hatching (no
  gradients, no washes), light shapes are opaque inks on the dark stock;
- the index in a cream CORNER CIRCLE with a gold ring at the TOP RIGHT (bottom left when a card
  lies turned): the Pisanki card's egg (two small eggs for a double egg, a flower for a
  flower-only card), the Okoshki window's number as a serif numeral;
- Pisanki: a STILL LIFE in perspective: the cloth covers a table seen from the front (the top
  foreshortened, a drape hanging in front with a fringe), the navy ground above it. Cloths: a
  harlequin check (bottle green and cream diamonds), slate-blue and cream stripes running away
  from the viewer (they converge on the top, hang straight on the drape), burgundy dots on
  rose, a plain oatmeal linen with a hatched weave. One egg standing upright with a cast
  shadow, hatched on its right, each colour with its own cream motif (bands of dots, a
  sunburst rosette, fish scales, a brown chequer band, a fir herringbone, stars); a double egg
  as two eggs in a shallow dish; flowers as single stems in small bud vases standing on the
  table, left (and right for two): a bluebell, a carnation, a thistle, a daffodil; a
  flower-only card has one large vase holding both; its own split of the 75 cards; a navy back
  with a gold lattice and a medallion egg.
- Okoshki: a twin casement window in a cream frame on the navy wall, four panes (a mullion and
  a bar), seen from the room: a CAFE CURTAIN in the suit's colour hangs from a brass rod across
  the lower half of the glass, gathered into hatched pleats, a scalloped hem (the print: small
  cream three-petal flowers); a wooden sill below; the scenes engraved anew in the upper panes
  (a robin on the rod, the owl on the rod under a crescent and stars, a swallow over a rainbow,
  cats in PROFILE sitting on the sill in front of the curtain), sky cards with as many clouds
  as the window's number.
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import synth

W, H = 288, 320  # 72 × 80 mm (0.9)
RADIUS = 4
NAVY = (74, 40, 24)  # the stock (BGR)
GOLD = (70, 175, 214)
GOLD_DARK = (40, 110, 150)
CREAM = (200, 230, 240)
INK = (40, 24, 18)  # the engraver's near-black
AA = cv2.LINE_AA
RULE = 9  # the gold hairline's inset; the 2 px rule sits 4 px inside it
INDEX = (W - 34, 34)  # the corner circle's centre (top right)
INDEX_R = 21


def mask() -> np.ndarray:
    """The card's shape (72 × 80 mm, nearly square corners), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(("deck10-" + name).encode()))


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


def _outline(img: np.ndarray, m: np.ndarray, colour=INK, t: int = 2) -> None:
    """The engraver's outline round the shape `m`."""
    contours, _ = cv2.findContours((m > 127).astype(np.uint8), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_NONE)
    cv2.drawContours(img, contours, -1, colour, t, AA)


def _hatch(img: np.ndarray, m: np.ndarray, angle: float, step: int, colour=INK,
           t: int = 1) -> None:
    """Parallel engraved lines at `angle` degrees, `step` px apart, inside the mask `m`."""
    _fill(img, cv2.min(_lines(angle, step, t), m), colour)


@cache
def _lines(angle: float, step: int, t: int) -> np.ndarray:
    """A card-sized sheet of parallel lines (the hatching's plate; drawn once)."""
    lines = _blank()
    a = np.radians(angle)
    d = np.array([np.cos(a), np.sin(a)])
    n = np.array([-d[1], d[0]])
    reach = W + H
    for k in range(-reach, reach, step):
        c = np.array([W / 2, H / 2]) + n * k
        p, q = c - d * reach, c + d * reach
        cv2.line(lines, (int(p[0]), int(p[1])), (int(q[0]), int(q[1])), 255, t, AA)
    lines.flags.writeable = False
    return lines


def _poly(pts) -> np.ndarray:
    m = _blank()
    cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
    return m


def _disc(c, r: float) -> np.ndarray:
    m = _blank()
    cv2.circle(m, (int(c[0]), int(c[1])), max(1, int(r)), 255, -1, AA)
    return m


def _ellipse(c, axes, angle: float = 0) -> np.ndarray:
    m = _blank()
    cv2.ellipse(m, (int(c[0]), int(c[1])), (max(1, int(axes[0])), max(1, int(axes[1]))), angle,
                0, 360, 255, -1, AA)
    return m


def _egg_pts(c, rx: float, ry: float) -> np.ndarray:
    """An upright egg: narrower at the top, fuller below."""
    t = np.linspace(0, 2 * np.pi, 96, endpoint=False)
    xs = rx * np.cos(t) * (1 - 0.22 * np.clip(-np.sin(t), 0, 1))
    ys = ry * np.sin(t)
    return np.stack([c[0] + xs, c[1] + ys], 1).astype(np.int32)


def _stock() -> np.ndarray:
    """The navy stock with its gold-foil double rule and the corner lozenges (a fresh copy)."""
    return _printed_stock().copy()


@cache
def _printed_stock() -> np.ndarray:
    img = np.empty((H, W, 3), np.uint8)
    img[:] = NAVY
    cv2.rectangle(img, (RULE, RULE), (W - 1 - RULE, H - 1 - RULE), GOLD, 1, AA)
    i = RULE + 4
    cv2.rectangle(img, (i, i), (W - 1 - i, H - 1 - i), GOLD, 2, AA)
    for x, y in ((i, i), (W - 1 - i, i), (i, H - 1 - i), (W - 1 - i, H - 1 - i)):
        cv2.fillConvexPoly(img, np.array([(x, y - 6), (x + 6, y), (x, y + 6), (x - 6, y)],
                                         np.int32), GOLD, AA)
    return img


def _index(img: np.ndarray) -> None:
    """The cream corner circle at the top right, ringed in gold (its content drawn after)."""
    disc = _disc(INDEX, INDEX_R + 3)
    _fill(img, disc, GOLD)
    _fill(img, _disc(INDEX, INDEX_R), CREAM)
    cv2.circle(img, INDEX, INDEX_R + 3, INK, 1, AA)


def _finish(img: np.ndarray, name: str) -> np.ndarray:
    """The stock's sheen (a broad diagonal light) and grain; the foil glints a little."""
    rng = _rng("finish-" + name)
    shift, gx, gy = (int(v) for v in rng.integers(0, W + H, 3))
    sheen, grain = _sheet()
    gx, gy = gx % W, gy % H
    out = cv2.multiply(img, sheen[:, shift:shift + W], dtype=cv2.CV_32F)
    out = cv2.add(out, grain[gy:gy + H, gx:gx + W], dtype=cv2.CV_32F)
    return np.clip(out, 0, 255).astype(np.uint8)


@cache
def _sheet() -> tuple[np.ndarray, np.ndarray]:
    """The stock's sheen, a broad diagonal band of light (wider than a card, so that each card
    takes its own part of it), and its grain (twice a card's size, each card its own part)."""
    yy, xx = np.mgrid[0:H, 0:2 * W + H].astype(np.float32)
    sheen = 1 + 0.06 * np.cos((xx + yy) / (W + H) * 2 * np.pi)
    grain = 3.0 * _rng("grain").standard_normal((2 * H, 2 * W), np.float32)
    sheen, grain = cv2.merge([sheen] * 3), cv2.merge([grain] * 3)
    sheen.flags.writeable = grain.flags.writeable = False
    return sheen, grain


# -- Pisanki ---------------------------------------------------------------------------------
EGG = {k: _bgr(v) for k, v in pg.EGG_COLOURS.items()}
FLOWER = {k: _bgr(v) for k, v in pg.FLOWER_COLOURS.items()}
STEM = (60, 120, 50)
TOP = ((50, 150), (238, 150), (272, 208), (16, 208))  # the table top: TL, TR, BR, BL
DRAPE = (16, 208, 272, 274)  # x0, y0, x1, y1: the cloth hanging in front
CLOTH_COLOURS = {  # ground, pattern
    "checked": ((200, 226, 236), (70, 100, 40)),      # cream and bottle green
    "striped": ((200, 226, 236), (140, 110, 80)),     # cream and slate blue
    "dotted": ((190, 180, 236), (60, 30, 120)),       # rose and burgundy
    "neutral": ((160, 190, 205), (120, 150, 170)),    # oatmeal linen
}


def _pattern(cloth: str, w: int, h: int, top: bool) -> np.ndarray:
    """The cloth's pattern laid flat, w × h (the top as seen from above, or the drape)."""
    ground, ink = CLOTH_COLOURS[cloth]
    tex = np.empty((h, w, 3), np.uint8)
    tex[:] = ground
    if cloth == "checked":  # harlequin: diamonds 32 wide, every other one green
        yy, xx = np.mgrid[0:h, 0:w]
        u, v = (xx + yy) // 23, (xx - yy + 1000) // 23
        tex[(u + v) % 2 == 0] = ink
        for k in range(-h, w + h, 23):  # the diamonds' dark hairlines
            cv2.line(tex, (k, 0), (k - h, h), INK, 1, AA)
            cv2.line(tex, (k, 0), (k + h, h), INK, 1, AA)
    elif cloth == "striped":  # stripes running away from the viewer
        for x in range(6, w, 28):
            cv2.rectangle(tex, (x, 0), (x + 13, h), ink, -1)
            cv2.line(tex, (x + 18, 0), (x + 18, h), ink, 1, AA)
    elif cloth == "dotted":
        for j, y in enumerate(range(8, h + 14, 20 if top else 18)):
            for x in range(8 + (j % 2) * 12, w + 12, 24):
                cv2.circle(tex, (x, y), 6, ink, -1, AA)
    else:  # neutral linen: a fine weave in hatching
        for y in range(0, h, 4):
            cv2.line(tex, (0, y), (w, y), ink, 1, AA)
        for x in range(0, w, 6):
            cv2.line(tex, (x, 0), (x, h), ink, 1)
    return tex


def _table(cloth: str) -> np.ndarray:
    """The stock with the table under its cloth (a fresh copy)."""
    return _laid(cloth).copy()


@cache
def _laid(cloth: str) -> np.ndarray:
    img = _stock()
    _cloth(img, cloth)
    return img


def _cloth(img: np.ndarray, cloth: str) -> None:
    """The table under its cloth: the top foreshortened, the drape, the fringe, the folds."""
    tex = _pattern(cloth, 256, 200, True)
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [256, 0], [256, 200], [0, 200]]),
                                    np.float32(TOP))
    top = cv2.warpPerspective(tex, m, (W, H))
    top_mask = _poly(TOP)
    _fill(img, top_mask, (0, 0, 0))
    img[:] = np.maximum(img, cv2.bitwise_and(top, top, mask=(top_mask > 127).astype(np.uint8)))
    x0, y0, x1, y1 = DRAPE
    img[y0:y1, x0:x1] = _pattern(cloth, x1 - x0, y1 - y0, False)
    drape = _blank()
    cv2.rectangle(drape, (x0, y0), (x1 - 1, y1 - 1), 255, -1)
    for x in range(x0 + 20, x1 - 10, 44):  # the folds: hatched shade down the drape
        fold = _blank()
        cv2.rectangle(fold, (x, y0 + 2), (x + 9, y1), 255, -1)
        _hatch(img, fold & drape, 80, 3)
    _hatch(img, _poly([(16, 208), (272, 208), (272, 214), (16, 214)]), 0, 2)  # the table's edge
    for x in range(x0 + 2, x1 - 1, 5):  # the fringe
        cv2.line(img, (x, y1), (x + 1, y1 + 10), CLOTH_COLOURS[cloth][1] if cloth != "checked"
                 else CREAM, 2, AA)
    _outline(img, top_mask | drape, INK, 2)


def _motif(img: np.ndarray, egg: str, c, s: float, body: np.ndarray) -> None:
    """The egg's own motif in cream (the yellow egg's in brown), clipped to the egg."""
    m = _blank()
    x, y = c

    def p(dx: float, dy: float) -> tuple[int, int]:
        return int(x + dx * s), int(y + dy * s)

    colour = CREAM
    t = max(2, int(round(3 * s)))
    if egg == "purple":  # two bands with a row of dots between
        for dy in (-16, 16):
            cv2.line(m, p(-60, dy), p(60, dy), 255, t, AA)
        for dx in range(-40, 41, 13):
            cv2.circle(m, p(dx, 0), max(2, int(4 * s)), 255, -1, AA)
    elif egg == "red":  # a sunburst rosette
        for k in range(12):
            a = k * np.pi / 6
            cv2.line(m, p(9 * np.cos(a), 9 * np.sin(a)), p(30 * np.cos(a), 30 * np.sin(a)), 255,
                     t, AA)
        cv2.circle(m, p(0, 0), max(2, int(6 * s)), 255, -1, AA)
        cv2.circle(m, p(0, 0), int(36 * s), 255, max(1, t - 1), AA)
    elif egg == "orange":  # fish scales
        for j, dy in enumerate(range(-50, 60, 14)):
            for dx in range(-60 + (j % 2) * 8, 61, 16):
                cv2.ellipse(m, p(dx, dy), (int(8 * s), int(8 * s)), 0, 0, 180, 255,
                            max(1, t - 1), AA)
    elif egg == "yellow":  # a brown chequer band round the middle
        colour = (30, 70, 120)
        for dx in range(-60, 61, 10):
            for row, dy in enumerate((-10, 0)):
                if (dx // 10 + row) % 2 == 0:
                    cv2.rectangle(m, p(dx, dy), p(dx + 10, dy + 10), 255, -1)
        cv2.line(m, p(-60, -14), p(60, -14), 255, max(1, t - 1), AA)
        cv2.line(m, p(-60, 14), p(60, 14), 255, max(1, t - 1), AA)
    elif egg == "green":  # a fir herringbone up the middle
        cv2.line(m, p(0, -48), p(0, 50), 255, t, AA)
        for dy in range(-38, 46, 12):
            cv2.line(m, p(0, dy), p(-18, dy - 10), 255, max(1, t - 1), AA)
            cv2.line(m, p(0, dy), p(18, dy - 10), 255, max(1, t - 1), AA)
    else:  # blue: stars
        for dx, dy in ((-18, -30), (14, -14), (-14, 10), (18, 30), (-4, 40), (6, -46)):
            pts = [p(dx + (8 if k % 2 == 0 else 3.5) * np.cos(k * np.pi / 5 - np.pi / 2),
                     dy + (8 if k % 2 == 0 else 3.5) * np.sin(k * np.pi / 5 - np.pi / 2))
                   for k in range(10)]
            cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
    _fill(img, cv2.min(m, cv2.erode(body, np.ones((5, 5), np.uint8))), colour)


def _egg(img: np.ndarray, c, s: float, egg: str) -> None:
    """An upright egg: a cast shadow, its colour, its motif, hatched shade on the right."""
    rx, ry = 40 * s, 54 * s
    shadow = _ellipse((c[0] + 14 * s, c[1] + ry - 2 * s), (rx * 1.05, 7 * s))
    _hatch(img, shadow, 0, 2)
    body = _poly(_egg_pts(c, rx, ry))
    _fill(img, body, EGG[egg])
    _motif(img, egg, c, s, body)
    shade = cv2.subtract(body, _ellipse((c[0] - 12 * s, c[1] - 6 * s), (rx * 1.05, ry * 1.1)))
    _hatch(img, shade, 60, 4)
    _outline(img, body, INK, 2)
    cv2.ellipse(img, (int(c[0] - 16 * s), int(c[1] - 26 * s)), (int(5 * s), int(10 * s)), 20, 0,
                360, CREAM, -1, AA)  # the highlight


def _flower_head(img: np.ndarray, c, kind: str, z: float) -> None:
    """A flower's head, its kind's own shape, outlined."""
    x, y = c
    col = FLOWER[kind]
    m = _blank()
    if kind == "blue":  # bluebell: bells hanging in a row from an arching stem
        t = np.linspace(0, 1, 24)[:, None]
        a, b, e = np.array([x - 4 * z, y + 10 * z]), np.array([x + 4 * z, y - 22 * z]), \
            np.array([x + 20 * z, y + 2 * z])
        arch = (1 - t) ** 2 * a + 2 * t * (1 - t) * b + t ** 2 * e
        cv2.polylines(img, [arch.astype(np.int32)], False, STEM, max(2, int(2 * z)), AA)
        for k in (9, 15, 21):
            bx, by = arch[k]
            by += 2 * z
            pts = [(bx - 4 * z, by + 2 * z), (bx + 4 * z, by + 2 * z), (bx + 5 * z, by + 8 * z),
                   (bx + 8 * z, by + 12 * z), (bx + 3 * z, by + 10 * z), (bx, by + 12 * z),
                   (bx - 3 * z, by + 10 * z), (bx - 8 * z, by + 12 * z), (bx - 5 * z, by + 8 * z)]
            cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
            m |= _disc((bx, by + 3 * z), 4 * z)
    elif kind == "pink":  # carnation: a fan with a zigzag edge over a green calyx
        pts = [(x - 16 * z, y + 2 * z)]
        for k in range(11):
            a = np.pi + k * np.pi / 10
            r = (18 if k % 2 == 0 else 13) * z
            pts.append((x + r * np.cos(a), y + 2 * z + r * np.sin(a)))
        cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
        calyx = _poly([(x - 7 * z, y + 2 * z), (x + 7 * z, y + 2 * z), (x + 3 * z, y + 14 * z),
                       (x - 3 * z, y + 14 * z)])
        _fill(img, calyx, STEM)
        _outline(img, calyx, INK, 1)
    elif kind == "purple":  # thistle: a spiky tuft on a round hatched bulb
        for k in range(9):
            a = np.pi + (k + 0.5) * np.pi / 9
            cv2.line(m, (int(x), int(y)), (int(x + 18 * z * np.cos(a)),
                                           int(y + 18 * z * np.sin(a))), 255,
                     max(2, int(3 * z)), AA)
        bulb = _disc((x, y + 8 * z), 9 * z)
        _fill(img, bulb, STEM)
        _hatch(img, bulb, 45, 3)
        _hatch(img, bulb, -45, 3)
        _outline(img, bulb, INK, 1)
    else:  # yellow: daffodil: six petals round a trumpet
        for k in range(6):
            a = k * np.pi / 3
            m |= _ellipse((x + 11 * z * np.cos(a), y + 11 * z * np.sin(a)), (8 * z, 5 * z),
                          np.degrees(a))
    _fill(img, m, col)
    _outline(img, m, INK, 1)
    if kind == "yellow":
        trumpet = _disc((x, y), 7 * z)
        _fill(img, trumpet, (0, 140, 250))
        _outline(img, trumpet, INK, 1)
    if kind == "pink":  # the carnation's frilled petals
        for k in range(-2, 3):
            cv2.line(img, (int(x + 3 * k * z), int(y)), (int(x + 5 * k * z), int(y - 11 * z)),
                     INK, 1, AA)


def _vase(img: np.ndarray, base, wide: float, tall: float) -> None:
    """A small pewter bud vase on the table."""
    x, y = base
    pts = [(x - wide * 0.5, y), (x + wide * 0.5, y), (x + wide * 0.6, y - tall * 0.45),
           (x + wide * 0.22, y - tall * 0.8), (x + wide * 0.3, y - tall),
           (x - wide * 0.3, y - tall), (x - wide * 0.22, y - tall * 0.8),
           (x - wide * 0.6, y - tall * 0.45)]
    v = _poly(pts)
    _fill(img, v, (150, 150, 140))
    _hatch(img, cv2.subtract(v, _ellipse((x - wide * 0.2, y - tall * 0.4), (wide * 0.4, tall))),
           -60, 3)
    _outline(img, v, INK, 2)


def _stem(img: np.ndarray, a, b, z: float) -> None:
    cv2.line(img, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), STEM, max(2, int(2.5 * z)), AA)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    leaf = _ellipse((mid[0] + 7 * z, mid[1]), (9 * z, 3.5 * z), -40)
    _fill(img, leaf, STEM)
    _outline(img, leaf, INK, 1)


def _bud_vase(img: np.ndarray, x: int, kind: str) -> None:
    """One flower in its own bud vase on the table."""
    _stem(img, (x, 176), (x + 2, 96), 1.0)
    _flower_head(img, (x + 2, 90), kind, 1.25)
    _vase(img, (x, 200), 22, 34)


def _index_pisanki(img: np.ndarray, card: pg.Card) -> None:
    _index(img)
    x, y = INDEX
    if card.egg and card.double:
        for dx in (-7, 7):
            e = _poly(_egg_pts((x + dx, y), 6, 9))
            _fill(img, e, EGG[card.egg])
            _outline(img, e, INK, 1)
    elif card.egg:
        e = _poly(_egg_pts((x, y), 10, 14))
        _fill(img, e, EGG[card.egg])
        _outline(img, e, INK, 1)
    else:
        _flower_head(img, (x, y + 2), card.flowers[0], 0.62)


def _back() -> np.ndarray:
    """A navy back: a gold lattice of lozenges, a cream medallion with an egg."""
    img = _stock()
    lattice = _blank()
    for k in range(-H, W + H, 24):
        cv2.line(lattice, (k, 0), (k + H, H), 255, 1, AA)
        cv2.line(lattice, (k, 0), (k - H, H), 255, 1, AA)
    inside = _blank()
    cv2.rectangle(inside, (RULE + 8, RULE + 8), (W - RULE - 9, H - RULE - 9), 255, -1)
    _fill(img, cv2.min(lattice, inside), GOLD_DARK)
    medal = _disc((W / 2, H / 2), 70)
    _fill(img, medal, GOLD)
    _fill(img, _disc((W / 2, H / 2), 64), CREAM)
    e = _poly(_egg_pts((W / 2, H / 2), 34, 46))
    _fill(img, e, NAVY)
    _hatch(img, e, 45, 6, GOLD, 1)
    _outline(img, e, GOLD_DARK, 2)
    return img


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the tenth deck (None: its back)."""
    name = repr(card)
    if card is None:
        return _finish(_back(), name)
    img = _table(card.cloth)
    if card.egg and card.double:  # two eggs in a shallow dish
        dish = _ellipse((144, 186), (70, 12))
        _fill(img, dish, (160, 170, 175))
        _hatch(img, dish, 0, 3)
        _outline(img, dish, INK, 2)
        _egg(img, (114, 140), 0.74, card.egg)
        _egg(img, (174, 140), 0.74, card.egg)
        lip = _blank()
        cv2.ellipse(lip, (144, 178), (70, 10), 0, 20, 160, 255, 3, AA)
        _fill(img, lip, (160, 170, 175))
    elif card.egg:
        _egg(img, (144, 132), 1.0, card.egg)
    if card.egg is None:  # flower-only: one large vase holding both flowers
        a, b = card.flowers
        _stem(img, (138, 160), (98, 88), 1.5)
        _stem(img, (150, 160), (190, 88), 1.5)
        _flower_head(img, (96, 80), a, 1.6)
        _flower_head(img, (192, 80), b, 1.6)
        _vase(img, (144, 204), 44, 58)
    else:
        for x, kind in zip((52, 234), card.flowers, strict=False):
            _bud_vase(img, x, kind)
    _index_pisanki(img, card)
    return _finish(img, name)


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards in this deck's own split (the rulebook's counts)."""
    cloths = ("checked", "striped", "dotted")
    eggs, flowers = pg.EGGS, pg.FLOWERS
    cards: list[pg.Card | None] = []
    for i in range(45):  # every cloth with every egg twice, nine of them a third time
        j = (5 * i + 2 * (i // 18)) % 18
        cards.append(pg.Card(cloths[j % 3], eggs[(j // 3 + j % 3) % 6]))
    cards += [pg.Card(cloths[i % 3], eggs[(i + 2) % 6], False, (flowers[(i + 1 + i // 4) % 4],))
              for i in range(12)]
    cards += [pg.Card(cloths[(i + 1) % 3], eggs[(i + 4) % 6], False, (flowers[(i + 3) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card(cloths[(i + 2) % 3], None, False, (flowers[i % 4],) * 2) for i in range(6)]
    cards += [pg.Card("neutral", egg, True) for egg in eggs]
    return cards


# -- Okoshki ---------------------------------------------------------------------------------
CURTAIN = {"red": (40, 40, 190), "yellow": (40, 200, 236), "purple": (130, 50, 125),
           "green": (60, 135, 45), "brown": (30, 60, 105), "blue": (175, 105, 40)}
FRAME = (30, 56, 258, 262)  # x0, y0, x1, y1: the window's cream frame
GLASS = (44, 70, 244, 250)
ROD = 168  # the curtain rod's height
SILL = (24, 250, 264, 266)
WOOD = (70, 110, 150)
DAY, NIGHT, GREY = (236, 214, 170), (110, 50, 30), (180, 182, 176)


def _cloud(img: np.ndarray, c, s: float) -> None:
    m = _blank()
    for dx, dy, r in ((-12, 3, 9), (0, -5, 12), (13, 3, 9)):
        m |= _disc((c[0] + dx * s, c[1] + dy * s), r * s)
    cv2.rectangle(m, (int(c[0] - 12 * s), int(c[1])), (int(c[0] + 13 * s), int(c[1] + 12 * s)),
                  255, -1)
    _fill(img, m, (250, 250, 248))
    low = _blank()
    cv2.rectangle(low, (int(c[0] - 24 * s), int(c[1] + 6 * s)), (int(c[0] + 24 * s),
                                                                 int(c[1] + 12 * s)), 255, -1)
    _hatch(img, cv2.min(low, m), 0, 2, (150, 140, 120))
    _outline(img, m, INK, 1)


def _sun(img: np.ndarray, c, r: float) -> None:
    rays = _blank()
    for k in range(16):
        a = k * np.pi / 8
        ln = r + (14 if k % 2 == 0 else 8)
        cv2.line(rays, (int(c[0] + (r + 2) * np.cos(a)), int(c[1] + (r + 2) * np.sin(a))),
                 (int(c[0] + ln * np.cos(a)), int(c[1] + ln * np.sin(a))), 255, 3, AA)
    _fill(img, rays, (0, 160, 250))
    disc = _disc(c, r)
    _fill(img, disc, (40, 215, 255))
    _hatch(img, cv2.subtract(disc, _disc((c[0] - r * 0.3, c[1] - r * 0.3), r)), 45, 3,
           (0, 120, 220))
    _outline(img, disc, INK, 2)


def _rainbow(img: np.ndarray, c, r: int) -> None:
    for i, col in enumerate(((40, 40, 220), (0, 140, 250), (40, 220, 250), (60, 170, 60),
                             (200, 120, 40), (140, 50, 120))):
        cv2.ellipse(img, (int(c[0]), int(c[1])), (r - 7 * i, r - 7 * i), 0, 180, 360, col, 7, AA)
    cv2.ellipse(img, (int(c[0]), int(c[1])), (r + 3, r + 3), 0, 180, 360, INK, 1, AA)
    cv2.ellipse(img, (int(c[0]), int(c[1])), (r - 39, r - 39), 0, 180, 360, INK, 1, AA)


def _robin(img: np.ndarray, x: int, y: int) -> None:
    """A robin perched on the rod: brown back, orange breast, a thin beak."""
    def p(dx: float, dy: float) -> tuple[float, float]:
        return x + 1.4 * dx, y + 1.4 * dy

    body = _ellipse(p(0, 0), (24, 17), -10)
    tail = _poly([p(-12, 2), p(-32, -6), p(-30, 2), p(-12, 8)])
    head = _disc(p(14, -10), 13)
    _fill(img, body | tail | head, (50, 90, 130))
    breast = _ellipse(p(8, -1), (14, 13))
    _fill(img, breast, (30, 110, 240))
    _hatch(img, cv2.subtract(body, _ellipse(p(4, -6), (22, 14))), 70, 3)
    _outline(img, body | tail | head, INK, 2)
    cv2.fillConvexPoly(img, np.array([p(22, -12), p(30, -9), p(22, -8)], np.int32), INK, AA)
    cv2.circle(img, tuple(int(v) for v in p(16, -12)), 2, INK, -1, AA)
    for dx in (-3, 4):
        cv2.line(img, tuple(int(v) for v in p(dx, 10)), (int(p(dx, 0)[0]), ROD - 2), INK, 1, AA)


def _owl(img: np.ndarray, x: int, y: int) -> None:
    """The owl on the rod at night: ear tufts, round eyes, a hatched breast."""
    body = _ellipse((x, y), (22, 30))
    ears = (_poly([(x - 20, y - 16), (x - 18, y - 38), (x - 6, y - 22)])
            | _poly([(x + 20, y - 16), (x + 18, y - 38), (x + 6, y - 22)]))
    _fill(img, body | ears, (70, 110, 150))
    belly = _ellipse((x, y + 10), (13, 17))
    _fill(img, belly, (150, 190, 215))
    for k in range(4):
        cv2.ellipse(img, (x, y + 2 + 6 * k), (5, 3), 0, 0, 180, INK, 1, AA)
    _hatch(img, cv2.subtract(body, _ellipse((x - 6, y - 4), (20, 30))), 60, 3)
    _outline(img, body | ears, INK, 2)
    for s in (-1, 1):
        eye = _disc((x + s * 9, y - 12), 7)
        _fill(img, eye, (40, 215, 255))
        _outline(img, eye, INK, 1)
        cv2.circle(img, (x + s * 9, y - 12), 3, INK, -1, AA)
    cv2.fillConvexPoly(img, np.array([(x - 3, y - 6), (x + 3, y - 6), (x, y)], np.int32),
                       (40, 150, 220), AA)


def _swallow(img: np.ndarray, x: int, y: int) -> None:
    """A swallow in flight: swept wings, a forked tail, a red throat."""
    pts = [(x - 50, y - 20), (x - 8, y - 6), (x + 6, y - 8), (x + 48, y - 28), (x + 17, y + 3),
           (x + 20, y + 11), (x + 42, y + 36), (x + 11, y + 17), (x - 3, y + 34), (x - 3, y + 11),
           (x - 14, y + 3)]
    m = _poly(pts)
    head = _disc((x - 12, y - 3), 8)
    _fill(img, m | head, (90, 40, 30))
    _fill(img, _ellipse((x + 2, y + 5), (9, 5), 20), CREAM)
    _fill(img, _disc((x - 15, y + 1), 4), (40, 40, 210))
    _outline(img, m | head, CREAM, 2)


def _cat(img: np.ndarray, colour, x: int, stripes: bool) -> None:
    """A cat in profile sitting on the sill, facing right, its tail round its paws."""
    base = SILL[1] + 1
    body = _ellipse((x, base - 30), (28, 32))
    chest = _ellipse((x + 14, base - 44), (16, 26), -15)
    head = _disc((x + 26, base - 82), 19)
    ears = (_poly([(x + 14, base - 94), (x + 16, base - 116), (x + 28, base - 100)])
            | _poly([(x + 30, base - 100), (x + 40, base - 118), (x + 44, base - 94)]))
    muzzle = _ellipse((x + 41, base - 77), (8, 6))
    tail = _blank()
    cv2.ellipse(tail, (x + 4, base - 4), (34, 8), 0, 180, 360 + 20, 255, 8, AA)
    shape = body | chest | head | ears | muzzle | tail
    _fill(img, shape, colour)
    dark = colour[0] + colour[1] + colour[2] < 150
    line = CREAM if dark else INK
    if stripes:
        stripe = _blank()
        for k in range(-30, 30, 9):
            cv2.line(stripe, (x + k, base - 60), (x + k - 6, base - 8), 255, 3, AA)
        for dy in (-96, -90):
            cv2.line(stripe, (x + 16, base + dy), (x + 28, base + dy + 2), 255, 2, AA)
        _fill(img, cv2.min(stripe, body | head), (60, 60, 60))
    else:
        _hatch(img, cv2.subtract(body, _ellipse((x + 8, base - 40), (26, 34))), 70, 3,
               line)
    _outline(img, shape, line, 2)
    cv2.ellipse(img, (x + 34, base - 86), (4, 3), 0, 0, 360, (60, 200, 120), -1, AA)
    cv2.line(img, (x + 31, base - 86), (x + 37, base - 86), INK, 1, AA)
    for dy in (-78, -74):  # whiskers
        cv2.line(img, (x + 44, base + dy), (x + 62, base + dy - 3 + (dy + 76)), line, 1, AA)


def _scene(img: np.ndarray, kind: str, window: int) -> None:
    """The view in the upper panes (the curtain covers the lower half; cats come after)."""
    x0, y0, x1, y1 = GLASS
    sky = NIGHT if kind == "owl" else GREY if kind == "sun_clouded" else DAY
    cv2.rectangle(img, (x0, y0), (x1, y1), sky, -1)
    glass = _blank()
    cv2.rectangle(glass, (x0, y0), (x1, y1), 255, -1)
    _hatch(img, glass, 0, 7, tuple(int(v * 0.85) for v in sky))  # the engraved sky
    cx = (x0 + x1) // 2
    if kind == "sun":
        _sun(img, (cx, 116), 24)
    elif kind == "sun_rainbow":
        _rainbow(img, (cx, ROD + 4), 92)
        _sun(img, (x1 - 34, 98), 17)
    elif kind == "sun_clouded":
        _sun(img, (cx - 14, 110), 24)
        _cloud(img, (cx + 14, 124), 1.5)
    elif kind == "bird":
        _cloud(img, (x0 + 44, 100), 0.9)  # the robin perches on the rod (drawn after)
    elif kind == "owl":
        cv2.circle(img, (x0 + 34, 96), 15, (170, 230, 245), -1, AA)
        cv2.circle(img, (x0 + 42, 90), 14, NIGHT, -1, AA)  # a crescent
        for sx, sy in ((x1 - 30, 88), (x1 - 60, 110), (x0 + 70, 124), (x1 - 22, 134)):
            cv2.drawMarker(img, (sx, sy), (170, 230, 245), cv2.MARKER_STAR, 9, 1, AA)
    elif kind == "swallow_rainbow":
        _rainbow(img, (cx, ROD + 4), 92)
        _swallow(img, cx - 44, 94)
    elif kind == "sky":
        spots = ((x0 + 42, 96), (x1 - 44, 120), (x0 + 60, 142), (x1 - 40, 88))
        for k in range(window):
            _cloud(img, spots[(k + window) % 4], 1.0)


def _curtain(img: np.ndarray, colour, printed: bool) -> None:
    """The cafe curtain: rings on a brass rod, pleats in hatching, a scalloped hem, the print."""
    x0, _, x1, y1 = GLASS
    cloth = _blank()
    cv2.rectangle(cloth, (x0 - 6, ROD + 2), (x1 + 6, y1 - 12), 255, -1)
    for x in range(x0 - 6, x1 - 9, 16):  # the scallops
        cv2.ellipse(cloth, (x + 8, y1 - 12), (8, 8), 0, 0, 180, 255, -1, AA)
    _fill(img, cloth, colour)
    if printed:
        dots = _blank()
        for j, y in enumerate(range(ROD + 12, y1, 15)):
            for x in range(x0 + (j % 2) * 9, x1 + 6, 18):
                for k in range(3):
                    a = 2 * np.pi * k / 3 - np.pi / 2
                    cv2.circle(dots, (int(x + 3.5 * np.cos(a)), int(y + 3.5 * np.sin(a))), 3,
                               255, -1, AA)
                cv2.line(dots, (x, y + 3), (x, y + 8), 255, 1, AA)
        _fill(img, cv2.min(dots, cv2.erode(cloth, np.ones((3, 3), np.uint8))), CREAM)
    for x in range(x0 + 2, x1, 16):  # the pleats' shade
        pleat = _blank()
        cv2.rectangle(pleat, (x, ROD + 6), (x + 5, y1), 255, -1)
        _hatch(img, cv2.min(pleat, cloth), 75, 3)
    _outline(img, cloth, INK, 2)
    cv2.line(img, (x0 - 14, ROD), (x1 + 14, ROD), GOLD, 4, AA)
    for x in (x0 - 14, x1 + 14):
        cv2.circle(img, (x, ROD), 5, GOLD, -1, AA)
        cv2.circle(img, (x, ROD), 5, INK, 1, AA)
    for x in range(x0, x1 + 1, 16):
        cv2.circle(img, (x + 2, ROD + 1), 4, GOLD_DARK, 1, AA)


def _window(img: np.ndarray) -> None:
    """The cream frame, the mullion and the glazing bar (four panes, two wide and two high)."""
    fx0, fy0, fx1, fy1 = FRAME
    x0, y0, x1, y1 = GLASS
    frame = _blank()
    cv2.rectangle(frame, (fx0, fy0), (fx1, fy1), 255, -1)
    cv2.rectangle(frame, (x0, y0), (x1, y1), 0, -1)
    cx = (x0 + x1) // 2
    cv2.rectangle(frame, (cx - 3, y0), (cx + 3, y1), 255, -1)
    cv2.rectangle(frame, (x0, 118), (x1, 121), 255, -1)
    _fill(img, frame, CREAM)
    bevel = _blank()  # the frame's inner bevel, in shade
    cv2.rectangle(bevel, (x0 - 5, y0 - 5), (x1 + 5, y0), 255, -1)
    cv2.rectangle(bevel, (x0 - 5, y0 - 5), (x0, y1), 255, -1)
    _hatch(img, bevel, 45, 3)
    cv2.rectangle(img, (fx0, fy0), (fx1, fy1), INK, 2, AA)
    cv2.rectangle(img, (x0, y0), (x1, y1), INK, 1, AA)


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the tenth deck."""
    card = ok.CARDS[cid]
    img = _stock()
    _scene(img, card.kind, card.window)
    _window(img)
    sx0, sy0, sx1, sy1 = SILL
    cv2.rectangle(img, (sx0, sy0), (sx1, sy1), WOOD, -1)
    sill = _blank()
    cv2.rectangle(sill, (sx0, sy0), (sx1, sy1), 255, -1)
    _hatch(img, sill, 3, 4, (40, 70, 100))
    cv2.rectangle(img, (sx0, sy0), (sx1, sy1), INK, 2, AA)
    _curtain(img, CURTAIN[card.suit.split("-")[0]], card.suit.endswith("-print"))
    if card.kind == "bird":
        _robin(img, (GLASS[0] + GLASS[2]) // 2 + 10, ROD - 24)  # perched over the rings
    if card.kind == "owl":
        _owl(img, (GLASS[0] + GLASS[2]) // 2 + 16, ROD - 32)
    if card.kind.startswith("cat"):
        colour = {"cat": (36, 32, 34), "cat_red": (40, 120, 230), "cat_tabby": (150, 150, 145)}
        _cat(img, colour[card.kind], 120, card.kind == "cat_tabby")
    _index(img)
    text = str(card.window)
    size, _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_TRIPLEX, 1.0, 2)
    cv2.putText(img, text, (INDEX[0] - size[0] // 2, INDEX[1] + size[1] // 2),
                cv2.FONT_HERSHEY_TRIPLEX, 1.0, INK, 2, AA)
    return _finish(img, cid)


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the tenth deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}
