"""A twelfth deck, drawn in yet another style: a DEVELOPMENT deck for issue 27 (full-colour
art on a mid-tone stock).

Drawn independently of deck 11 (a judge whose cards, full-colour art on a mid-tone coloured
stock, the Okoshki path finds and names badly), so that the tuners have a deck of that broad
kind to study: its mistakes may be looked at (benchmarks/recognition2.py --deck 12). It differs
from deck.py and decks 2–10 as a painted, mass-market family-game deck might:
- the shape: 70 × 90 mm (W/H = 0.78, between 3:4 and the near-square 0.825) with CLIPPED
  corners (a 45° chamfer of 10 px, 2.6 mm) instead of rounded ones;
- a saturated mid-tone TERRACOTTA stock, mottled, showing only as a narrow margin (7 px) round a
  full-colour PAINTED picture whose edge is soft (no keyline, no rule): the art's warm tones
  meet the stock, and the stock meets a table of any colour, without a light or dark rim;
- painted, not printed flat: shapes shaded by gradients (lit from the top left), soft cast
  shadows, a canvas-and-brush texture and a broad light across every card, soft edges;
- the index in an ivory TAB on the LONG LEFT EDGE, a QUARTER of the way down (on the right
  edge, a quarter of the way up, when a card lies turned), reaching over the margin: the
  Pisanki card's egg (two small eggs for a double egg, a flower for a flower-only card), the
  Okoshki window's number as a numeral;
- Pisanki: a flat lay seen from above: the cloth fills the whole picture, rippled in soft folds
  (a mustard and teal buffalo check, horizontal coral, ivory and navy stripes, ivory dots with
  coral centres on cobalt, a raw slubbed linen); one painted egg lying tilted with a soft
  shadow, each colour with its own ivory motif; a double egg as two eggs tilted towards each
  other, overlapping; flowers as painted blooms on leafy stems lying on the cloth, the first at
  the TOP RIGHT, a second at the BOTTOM LEFT (a cornflower, a peony, a violet, a daffodil), a
  flower-only card with its two blooms large across the middle; its own split of the 75 cards;
  a plum back with a gold lattice round an egg medallion.
- Okoshki: a scene across the whole card: a painted sage stucco house front under a row of
  terracotta roof tiles, ivy climbing both sides, a flower box under the window, a stone plinth;
  the window inset in it (an ivory frame, one mullion): a ROLLER BLIND in the suit's colour
  pulled down over the top third of the glass, a scalloped fringed hem and a pull ring (the
  print: small ivory florets); below it the view, painted anew over distant hills (a blue tit
  on a twig, the owl on a branch under a full moon, a swallow over a rainbow), cats sitting on
  the sill facing the viewer, sky cards with as many clouds as the window's number.
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg

W, H = 266, 342  # 70 × 90 mm (0.78)
CHAMFER = 10  # the clipped corners' cut, px along each edge
MARGIN = 7  # the stock showing round the picture
TERRACOTTA = (62, 98, 178)  # the stock (BGR)
IVORY = (214, 236, 244)
PLUM = (84, 40, 92)
GOLD = (60, 170, 214)
INK = (40, 34, 44)
AA = cv2.LINE_AA
TAB = (3, 66, 33, 126)  # the index tab: x0, y0, x1, y1 (left edge, a quarter of the way down)


def _chamfered(x0: int, y0: int, x1: int, y1: int, cut: int) -> np.ndarray:
    m = np.zeros((H, W), np.uint8)
    pts = [(x0 + cut, y0), (x1 - cut, y0), (x1, y0 + cut), (x1, y1 - cut), (x1 - cut, y1),
           (x0 + cut, y1), (x0, y1 - cut), (x0, y0 + cut)]
    cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
    return m


def mask() -> np.ndarray:
    """The card's shape (70 × 90 mm, clipped corners), 255 inside."""
    return _chamfered(0, 0, W - 1, H - 1, CHAMFER)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(("deck12-" + name).encode()))


def _bgr(hex_rgb: str) -> tuple[int, int, int]:
    v = int(hex_rgb[1:], 16)
    return v & 255, (v >> 8) & 255, v >> 16


def _blank() -> np.ndarray:
    return np.zeros((H, W), np.uint8)


def _fill(img: np.ndarray, m: np.ndarray, colour) -> None:
    """Paint `colour` where the mask `m` is (its grey edge blends)."""
    x, y, w, h = cv2.boundingRect(m)
    if w == 0:
        return
    a = (m[y:y + h, x:x + w].astype(np.float32) / 255)[..., None]
    box = img[y:y + h, x:x + w]
    box[:] = (box * (1 - a) + np.array(colour, np.float32) * a + 0.5).astype(np.uint8)


def _paint(img: np.ndarray, m: np.ndarray, colour, light: float = 0.3) -> None:
    """Paint `colour` in `m`, modelled: lighter at the shape's top left, darker at its bottom
    right (`light`: how much the tone moves), as a painter gives a shape its volume."""
    x, y, w, h = cv2.boundingRect(m)
    if w == 0:
        return
    g = 1 + light * (0.5 - (np.arange(w, dtype=np.float32)[None, :] / w
                            + np.arange(h, dtype=np.float32)[:, None] / h) / 2)
    a = (m[y:y + h, x:x + w].astype(np.float32) / 255)[..., None]
    box = img[y:y + h, x:x + w]
    col = np.clip(np.array(colour, np.float32) * g[..., None], 0, 255)
    box[:] = (box * (1 - a) + col * a + 0.5).astype(np.uint8)


def _around(m: np.ndarray, soft: float) -> tuple[slice, slice] | None:
    """The rows and columns round the shape `m`, wide enough for a blur of `soft`."""
    x, y, w, h = cv2.boundingRect(m)
    if w == 0:
        return None
    pad = int(3 * soft) + 2
    return slice(max(0, y - pad), y + h + pad), slice(max(0, x - pad), x + w + pad)


def _shade(img: np.ndarray, m: np.ndarray, factor: float, soft: float = 0) -> None:
    """Darken (factor < 1) or lighten the picture under `m`, its edge blurred by `soft`."""
    box = _around(m, soft)
    if box is None:
        return
    a = m[box].astype(np.float32) / 255
    if soft:
        a = cv2.GaussianBlur(a, (0, 0), soft)
    f = 1 + (factor - 1) * a
    img[box] = np.clip(img[box] * f[..., None], 0, 255).astype(np.uint8)


def _glow(img: np.ndarray, m: np.ndarray, colour, soft: float, strength: float = 1) -> None:
    """A soft, blurred wash of `colour` (highlights, glows, haze)."""
    box = _around(m, soft)
    if box is None:
        return
    a = cv2.GaussianBlur(m[box].astype(np.float32) / 255, (0, 0), soft)[..., None] * strength
    img[box] = np.clip(img[box] * (1 - a) + np.array(colour, np.float32) * a, 0,
                       255).astype(np.uint8)


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


def _egg_pts(c, rx: float, ry: float, angle: float = 0) -> np.ndarray:
    """An egg narrower at its top, turned by `angle` degrees."""
    t = np.linspace(0, 2 * np.pi, 96, endpoint=False)
    xs = rx * np.cos(t) * (1 - 0.2 * np.clip(-np.sin(t), 0, 1))
    ys = ry * np.sin(t)
    a = np.radians(angle)
    px = c[0] + xs * np.cos(a) - ys * np.sin(a)
    py = c[1] + xs * np.sin(a) + ys * np.cos(a)
    return np.stack([px, py], 1).astype(np.int32)


# -- the stock, the picture's edge and the painted finish -------------------------------------
@cache
def _stock() -> np.ndarray:
    """The terracotta stock, mottled (a whole card of it; only the margin shows)."""
    rng = _rng("stock")
    mottle = cv2.GaussianBlur(rng.standard_normal((H, W)).astype(np.float32), (0, 0), 9)
    mottle *= 12 / (mottle.std() + 1e-6)
    img = np.array(TERRACOTTA, np.float32) + mottle[..., None] * np.float32([0.6, 0.8, 1.0])
    out = np.clip(img, 0, 255).astype(np.uint8)
    out.flags.writeable = False
    return out


@cache
def _panel() -> np.ndarray:
    """Where the picture covers the stock: inside the margin, its edge soft (painted, no rule)."""
    m = _chamfered(MARGIN, MARGIN, W - 1 - MARGIN, H - 1 - MARGIN, CHAMFER - 3)
    a = cv2.GaussianBlur(m.astype(np.float32) / 255, (0, 0), 1.2)[..., None]
    a.flags.writeable = False
    return a


@cache
def _sheets() -> tuple[np.ndarray, np.ndarray]:
    """The broad light across a card (wider than a card: each card takes its own part) and the
    canvas-and-brush texture (twice a card's size: each card its own part)."""
    yy, xx = np.mgrid[0:H, 0:2 * W].astype(np.float32)
    light = 1.06 - 0.16 * (xx / (2 * W)) - 0.08 * (yy / H)
    rng = _rng("brush")
    noise = rng.standard_normal((2 * H, 2 * W)).astype(np.float32)
    stroke = np.zeros((9, 9), np.float32)
    np.fill_diagonal(stroke, 1 / 9)  # brush strokes run down to the right
    brush = cv2.filter2D(noise, -1, stroke) * 7
    yy2, xx2 = np.mgrid[0:2 * H, 0:2 * W]
    canvas = 2.5 * (((xx2 % 3) == 0).astype(np.float32) - ((yy2 % 3) == 0))
    light, tex = cv2.merge([light] * 3), cv2.merge([brush + canvas] * 3)
    light.flags.writeable = tex.flags.writeable = False
    return light, tex


def _finish(art: np.ndarray, name: str) -> np.ndarray:
    """The picture laid on the stock inside the margin, painted soft, lit and textured."""
    art = cv2.GaussianBlur(art, (0, 0), 0.7)
    a = _panel()
    out = _stock() * (1 - a) + art * a
    rng = _rng("finish-" + name)
    lx, tx, ty = (int(v) for v in rng.integers(0, W, 3))
    light, tex = _sheets()
    ty = ty % H
    out = out * light[:, lx:lx + W] + tex[ty:ty + H, tx:tx + W]
    return np.clip(out, 0, 255).astype(np.uint8)


def _tab(img: np.ndarray) -> tuple[int, int]:
    """The ivory index tab on the left edge, a quarter of the way down; its centre (the index
    is drawn in it after)."""
    x0, y0, x1, y1 = TAB
    m = _blank()
    cv2.rectangle(m, (x0 + 8, y0), (x1 - 8, y1), 255, -1)
    cv2.rectangle(m, (x0, y0 + 8), (x1, y1 - 8), 255, -1)
    for cx, cy in ((x0 + 8, y0 + 8), (x1 - 8, y0 + 8), (x0 + 8, y1 - 8), (x1 - 8, y1 - 8)):
        cv2.circle(m, (cx, cy), 8, 255, -1, AA)
    _shade(img, cv2.dilate(m, np.ones((5, 5), np.uint8)), 0.6, 2)  # it stands a little proud
    _fill(img, m, IVORY)
    ring = cv2.subtract(m, cv2.erode(m, np.ones((5, 5), np.uint8)))
    _fill(img, ring, (50, 70, 150))
    return (x0 + x1) // 2, (y0 + y1) // 2


# -- Pisanki ---------------------------------------------------------------------------------
EGG = {k: _bgr(v) for k, v in pg.EGG_COLOURS.items()}
FLOWER = {k: _bgr(v) for k, v in pg.FLOWER_COLOURS.items()}
LEAF = (50, 130, 60)


@cache
def _folds() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The cloth's soft folds: where each point of the flat pattern moves, and its shade."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    wave = np.sin(xx / 23 + yy / 41) + 0.6 * np.sin(yy / 17 - xx / 57)
    mx = xx + 3.0 * wave
    my = yy + 4.0 * np.sin(xx / 31 + 0.7) + 2.0 * np.sin(yy / 29)
    shade = 1 + 0.09 * np.cos(xx / 23 + yy / 41) + 0.05 * np.cos(yy / 17 - xx / 57)
    return mx, my, cv2.merge([shade.astype(np.float32)] * 3)


CLOTHS = {  # ground, first ink, second ink
    "checked": ((40, 170, 214), (110, 100, 22), (70, 60, 20)),   # mustard, teal, deep teal
    "striped": ((214, 236, 244), (80, 110, 236), (96, 46, 24)),  # ivory, coral, navy
    "dotted": ((160, 80, 30), (214, 236, 244), (80, 110, 236)),  # cobalt, ivory, coral
    "neutral": ((150, 176, 192), (128, 150, 168), (172, 196, 210)),  # raw linen, slubs
}


def _flat(cloth: str) -> np.ndarray:
    """The cloth's pattern laid flat over the whole card."""
    ground, a, b = CLOTHS[cloth]
    tex = np.empty((H, W, 3), np.uint8)
    tex[:] = ground
    yy, xx = np.mgrid[0:H, 0:W]
    if cloth == "checked":  # buffalo check: teal bands each way, deep teal where they cross
        u, v = (xx // 30) % 2 == 0, (yy // 30) % 2 == 0
        tex[u | v] = a
        tex[u & v] = b
    elif cloth == "striped":  # horizontal stripes, coral and navy, feathered edges
        rng = _rng("ikat")
        for y in range(0, H, 40):
            for x in range(0, W, 6):
                j1, j2 = (int(v) for v in rng.integers(-3, 4, 2))
                cv2.rectangle(tex, (x, y + 4 + j1), (x + 5, y + 18 + j2), a, -1)
                cv2.rectangle(tex, (x, y + 24 + j2), (x + 5, y + 32 + j1), b, -1)
    elif cloth == "dotted":
        for j, y in enumerate(range(6, H + 20, 26)):
            for x in range(6 + (j % 2) * 13, W + 20, 26):
                cv2.circle(tex, (x, y), 7, a, -1, AA)
                cv2.circle(tex, (x, y), 2, b, -1, AA)
    else:  # raw linen: slubs, short thick threads running across
        rng = _rng("linen")
        for _ in range(420):
            x, y = (int(v) for v in rng.integers(0, (W, H)))
            ln = int(rng.integers(6, 26))
            cv2.line(tex, (x, y), (x + ln, y), a if rng.random() < 0.5 else b, 1, AA)
    return tex


@cache
def _laid(cloth: str) -> np.ndarray:
    """The cloth rippled in its folds and shaded (the picture's ground)."""
    mx, my, shade = _folds()
    tex = cv2.remap(_flat(cloth), mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    out = np.clip(tex * shade, 0, 255).astype(np.uint8)
    out.flags.writeable = False
    return out


def _motif(egg: str, c, s: float, angle: float) -> np.ndarray:
    """The egg's own motif (a mask, in the egg's own frame turned by `angle`)."""
    m = _blank()
    a = np.radians(angle)

    def p(dx: float, dy: float) -> tuple[int, int]:
        return (int(c[0] + s * (dx * np.cos(a) - dy * np.sin(a))),
                int(c[1] + s * (dx * np.sin(a) + dy * np.cos(a))))

    t = max(2, int(round(3 * s)))
    if egg == "purple":  # three wavy bands
        for dy in (-22, 0, 22):
            pts = [p(x, dy + 5 * np.sin(x / 7)) for x in range(-50, 51, 4)]
            cv2.polylines(m, [np.array(pts, np.int32)], False, 255, t, AA)
    elif egg == "red":  # a daisy of eight petals in the middle
        for k in range(8):
            q = k * np.pi / 4
            cv2.ellipse(m, p(15 * np.cos(q), 15 * np.sin(q)), (int(10 * s), int(4 * s)),
                        np.degrees(q) + angle, 0, 360, 255, -1, AA)
        cv2.circle(m, p(0, 0), max(2, int(5 * s)), 255, -1, AA)
    elif egg == "orange":  # a diamond lattice
        for k in range(-80, 81, 18):
            cv2.line(m, p(k - 60, -60), p(k + 60, 60), 255, max(1, t - 1), AA)
            cv2.line(m, p(k + 60, -60), p(k - 60, 60), 255, max(1, t - 1), AA)
    elif egg == "yellow":  # a zigzag band and two rules
        pts = [p(x, -8 if (x // 10) % 2 else 8) for x in range(-60, 61, 10)]
        cv2.polylines(m, [np.array(pts, np.int32)], False, 255, t, AA)
        for dy in (-20, 20):
            cv2.line(m, p(-60, dy), p(60, dy), 255, t, AA)
    elif egg == "green":  # ears of wheat up the middle
        cv2.line(m, p(0, -50), p(0, 54), 255, t, AA)
        for dy in range(-40, 44, 11):
            for sx in (-1, 1):
                cv2.ellipse(m, p(sx * 8, dy), (int(7 * s), int(3 * s)), angle + sx * 35, 0, 360,
                            255, -1, AA)
    else:  # blue: rows of small rings
        for j, dy in enumerate(range(-42, 50, 16)):
            for dx in range(-48 + (j % 2) * 8, 49, 16):
                cv2.circle(m, p(dx, dy), max(2, int(4 * s)), 255, 1, AA)
    return m


def _egg(img: np.ndarray, c, s: float, egg: str, angle: float) -> None:
    """A painted egg lying tilted: a soft shadow, its colour modelled, its motif, a highlight."""
    rx, ry = 44 * s, 60 * s
    _shade(img, _poly(_egg_pts((c[0] + 10 * s, c[1] + 12 * s), rx, ry, angle)), 0.55, 6 * s)
    body = _poly(_egg_pts(c, rx, ry, angle))
    motif = cv2.min(_motif(egg, c, s, angle), cv2.erode(body, np.ones((5, 5), np.uint8)))
    colour = (30, 60, 120) if egg == "yellow" else IVORY
    x, y, w, h = cv2.boundingRect(body)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    lx, ly = c[0] - 0.4 * rx - x, c[1] - 0.45 * ry - y
    d = np.hypot(xx - lx, yy - ly) / (1.6 * max(rx, ry))
    g = (1.2 - 0.6 * np.clip(d, 0, 1))[..., None]  # round modelling: lit at the top left
    layer = img.copy()
    _fill(layer, body, EGG[egg])
    _fill(layer, motif, colour)
    box = layer[y:y + h, x:x + w].astype(np.float32)
    a = (body[y:y + h, x:x + w].astype(np.float32) / 255)[..., None]
    img[y:y + h, x:x + w] = np.clip(img[y:y + h, x:x + w] * (1 - a) + box * g * a, 0,
                                    255).astype(np.uint8)
    hx, hy = int(c[0] - 0.35 * rx), int(c[1] - 0.45 * ry)
    _glow(img, _ellipse((hx, hy), (7 * s, 12 * s), angle + 20), (255, 255, 255), 3 * s, 0.8)


def _leaf(img: np.ndarray, c, angle: float, z: float) -> None:
    m = _ellipse(c, (14 * z, 5 * z), angle)
    _paint(img, m, LEAF, 0.5)
    a = np.radians(angle)
    cv2.line(img, (int(c[0] - 12 * z * np.cos(a)), int(c[1] - 12 * z * np.sin(a))),
             (int(c[0] + 12 * z * np.cos(a)), int(c[1] + 12 * z * np.sin(a))), (40, 90, 40), 1,
             AA)


def _bloom(img: np.ndarray, c, kind: str, z: float, stem_to) -> None:
    """A painted bloom on a leafy stem lying on the cloth (its kind's own shape)."""
    x, y = c
    cv2.line(img, (int(x), int(y)), (int(stem_to[0]), int(stem_to[1])), (40, 100, 50),
             max(2, int(3 * z)), AA)
    for t, side in ((0.45, 1), (0.7, -1)):
        lx, ly = x + (stem_to[0] - x) * t, y + (stem_to[1] - y) * t
        ang = np.degrees(np.arctan2(stem_to[1] - y, stem_to[0] - x)) + side * 40
        _leaf(img, (lx + side * 8 * z, ly - side * 4 * z), ang, z)
    _shade(img, _disc((x + 5 * z, y + 6 * z), 24 * z), 0.7, 4 * z)
    col = FLOWER[kind]
    m = _blank()
    if kind == "blue":  # cornflower: a ring of ragged, toothed florets
        for k in range(12):
            q = k * np.pi / 6
            tip = (x + 24 * z * np.cos(q), y + 24 * z * np.sin(q))
            side = (-np.sin(q) * 6 * z, np.cos(q) * 6 * z)
            pts = [(x + 6 * z * np.cos(q), y + 6 * z * np.sin(q)),
                   (tip[0] + side[0], tip[1] + side[1]), (tip[0], tip[1] - 0),
                   (tip[0] - side[0], tip[1] - side[1])]
            cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
        centre, ccol = 6, (110, 40, 40)
    elif kind == "pink":  # peony: layered round petals
        for k in range(7):
            q = k * 2 * np.pi / 7
            m |= _disc((x + 13 * z * np.cos(q), y + 13 * z * np.sin(q)), 12 * z)
        centre, ccol = 9, (150, 120, 240)
    elif kind == "purple":  # violet: two petals up, three down
        for q, r in ((-2.2, 13), (-0.94, 13), (0.6, 12), (2.54, 12), (1.57, 14)):
            m |= _ellipse((x + 12 * z * np.cos(q), y + 12 * z * np.sin(q)), (r * z, 9 * z),
                          np.degrees(q))
        centre, ccol = 4, (40, 210, 250)
    else:  # daffodil: six pointed petals round an orange trumpet
        for k in range(6):
            q = k * np.pi / 3
            m |= _ellipse((x + 14 * z * np.cos(q), y + 14 * z * np.sin(q)), (13 * z, 7 * z),
                          np.degrees(q))
        centre, ccol = 9, (20, 130, 245)
    _paint(img, m, col, 0.4)
    inner = cv2.subtract(m, _disc((x - 3 * z, y - 3 * z), 16 * z))
    _shade(img, inner, 0.85, 1.5)
    _paint(img, _disc(c, centre * z), ccol, 0.4)


def _flowers(img: np.ndarray, card: pg.Card) -> None:
    if card.egg is None:  # flower-only: two large blooms across the middle
        a, b = card.flowers
        _bloom(img, (98, 132), a, 1.55, (170, 290))
        _bloom(img, (176, 210), b, 1.55, (60, 300))
        return
    spots = (((206, 64), (248, 20)), ((62, 282), (22, 330)))
    for (c, stem), kind in zip(spots, card.flowers, strict=False):
        _bloom(img, c, kind, 1.0, stem)


def index_pisanki(img: np.ndarray, card: pg.Card) -> None:
    """The index tab and the card's egg (or flower) drawn on a card's picture."""
    x, y = _tab(img)
    if card.egg and card.double:
        for dx in (-6, 6):
            e = _poly(_egg_pts((x + dx, y), 5, 9))
            _paint(img, e, EGG[card.egg], 0.4)
    elif card.egg:
        _paint(img, _poly(_egg_pts((x, y), 10, 15)), EGG[card.egg], 0.4)
    else:
        m = _blank()
        for k in range(5):
            q = k * 2 * np.pi / 5
            m |= _disc((x + 6 * np.cos(q), y + 6 * np.sin(q)), 5)
        _paint(img, m, FLOWER[card.flowers[0]], 0.3)
        cv2.circle(img, (x, y), 3, (30, 120, 230), -1, AA)


def _back() -> np.ndarray:
    """A plum back: a gold lattice of lozenges round a medallion egg, painted."""
    img = np.empty((H, W, 3), np.uint8)
    img[:] = PLUM
    lattice = _blank()
    for k in range(-H, W + H, 28):
        cv2.line(lattice, (k, 0), (k + H, H), 255, 2, AA)
        cv2.line(lattice, (k, 0), (k - H, H), 255, 2, AA)
    _fill(img, lattice, GOLD)
    _shade(img, _blank() + 255, 1.0)
    medal = _disc((W / 2, H / 2), 72)
    _shade(img, _disc((W / 2 + 6, H / 2 + 8), 74), 0.5, 6)
    _paint(img, medal, GOLD, 0.5)
    _paint(img, _disc((W / 2, H / 2), 64), IVORY, 0.3)
    _egg(img, (W / 2, H / 2), 0.85, "red", -12)
    return img


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the twelfth deck (None: its back)."""
    img = pisanki_scene(card)
    if card is not None:
        index_pisanki(img, card)
    return _finish(img, repr(card))


def pisanki_scene(card: pg.Card | None) -> np.ndarray:
    """A Pisanki card's picture before its index and finish (for benchmarks/deck_traits.py)."""
    if card is None:
        return _back()
    img = _laid(card.cloth).copy()
    if card.egg and card.double:  # two eggs tilted towards each other, overlapping
        _egg(img, (104, 176), 0.78, card.egg, -18)
        _egg(img, (164, 168), 0.78, card.egg, 16)
    elif card.egg:
        _egg(img, (136, 170), 1.0, card.egg, -14)
    _flowers(img, card)
    return img


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards in this deck's own split (the rulebook's counts)."""
    cloths = ("checked", "striped", "dotted")
    eggs, flowers = pg.EGGS, pg.FLOWERS
    cards: list[pg.Card | None] = []
    for i in range(45):  # every cloth with every egg twice, nine of them a third time
        j = (7 * i + i // 18) % 18
        cards.append(pg.Card(cloths[j % 3], eggs[j // 3]))
    cards += [pg.Card(cloths[(i + 1) % 3], eggs[(i + 3) % 6], False, (flowers[(i + i // 4) % 4],))
              for i in range(12)]
    cards += [pg.Card(cloths[(i + 2) % 3], eggs[(i + 1) % 6], False, (flowers[(i + 2) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card(cloths[i % 3], None, False, (flowers[(i + 1) % 4],) * 2) for i in range(6)]
    cards += [pg.Card("neutral", egg, True) for egg in eggs]
    return cards


# -- Okoshki ---------------------------------------------------------------------------------
BLIND = {"red": (40, 40, 200), "yellow": (30, 200, 240), "purple": (140, 50, 130),
         "green": (50, 140, 40), "brown": (30, 65, 115), "blue": (180, 100, 30)}
WALL = (120, 150, 120)  # sage stucco
FRAME = (46, 82, 220, 268)  # x0, y0, x1, y1: the window's ivory frame
GLASS = (58, 94, 208, 256)
HEM = 146  # the blind's hem: it covers the glass above
SILL = (36, 268, 230, 280)
DAY, DUSK, NIGHT, GREY = (240, 200, 140), (235, 225, 200), (90, 40, 30), (185, 185, 180)


def _cloud(img: np.ndarray, c, s: float) -> None:
    """A painted cumulus: white on top, grey underneath, a soft edge."""
    m = _blank()
    for dx, dy, r in ((-13, 3, 9), (0, -5, 12), (13, 2, 10), (5, 5, 9)):
        m |= _disc((c[0] + dx * s, c[1] + dy * s), r * s)
    _glow(img, m, (252, 252, 250), 1.2, 1)
    under = cv2.min(m, _ellipse((c[0], c[1] + 12 * s), (30 * s, 8 * s)))
    _shade(img, under, 0.82, 2)


def _sun(img: np.ndarray, c, r: float) -> None:
    _glow(img, _disc(c, r * 1.8), (120, 230, 255), r * 0.6, 0.7)
    _paint(img, _disc(c, r), (60, 220, 255), 0.3)


def _rainbow(img: np.ndarray, c, r: int) -> None:
    arc = np.zeros_like(img)
    m = _blank()
    for i, col in enumerate(((40, 40, 220), (0, 140, 250), (40, 220, 250), (60, 170, 60),
                             (200, 120, 40), (140, 50, 120))):
        cv2.ellipse(arc, (int(c[0]), int(c[1])), (r - 6 * i, r - 6 * i), 0, 180, 360, col, 6, AA)
        cv2.ellipse(m, (int(c[0]), int(c[1])), (r - 6 * i, r - 6 * i), 0, 180, 360, 255, 6, AA)
    a = cv2.GaussianBlur(m.astype(np.float32) / 255, (0, 0), 1.0)[..., None] * 0.85
    img[:] = (img * (1 - a) + arc * a).astype(np.uint8)


def _hills(img: np.ndarray, night: bool) -> None:
    """Distant rolling hills at the foot of the view, a darker nearer row in front."""
    x0, _, x1, y1 = GLASS
    xs = np.arange(x0, x1 + 1, 4)
    far = [(x, 224 + 8 * np.sin(x / 19)) for x in xs] + [(x1, y1), (x0, y1)]
    near = [(x, 238 + 6 * np.sin(x / 13 + 2)) for x in xs] + [(x1, y1), (x0, y1)]
    _paint(img, _poly(far), (60, 90, 50) if night else (120, 170, 110), 0.3)
    _paint(img, _poly(near), (40, 60, 35) if night else (70, 140, 70), 0.3)


def _branch(img: np.ndarray, y: int, night: bool) -> None:
    x0, _, x1, _ = GLASS
    pts = np.array([(x, y + 4 * np.sin((x - x0) / 30)) for x in range(x0, x1 + 1, 6)], np.int32)
    cv2.polylines(img, [pts], False, (30, 55, 75) if night else (40, 80, 110), 5, AA)
    for x in range(x0 + 14, x1, 30):
        _leaf(img, (x, y - 8 + 4 * np.sin((x - x0) / 30)), -40, 0.8)


def _bluetit(img: np.ndarray, x: int, y: int) -> None:
    """A blue tit on the twig: a blue cap, white cheeks, a yellow breast, a green back."""
    body = _ellipse((x, y), (20, 15), -15)
    tail = _poly([(x - 14, y + 2), (x - 34, y + 10), (x - 30, y + 16), (x - 12, y + 9)])
    _paint(img, body | tail, (80, 150, 110), 0.4)
    _paint(img, _ellipse((x + 6, y + 4), (12, 10)), (40, 210, 240), 0.4)
    head = _disc((x + 14, y - 12), 11)
    _paint(img, head, (230, 240, 240), 0.2)
    _paint(img, cv2.min(head, _disc((x + 14, y - 22), 10)), (200, 110, 40), 0.3)
    cv2.line(img, (x + 6, y - 10), (x + 24, y - 10), (60, 40, 40), 2, AA)
    cv2.circle(img, (x + 17, y - 13), 2, INK, -1, AA)
    cv2.fillConvexPoly(img, np.array([(x + 24, y - 14), (x + 30, y - 11), (x + 24, y - 9)],
                                     np.int32), INK, AA)


def _owl(img: np.ndarray, x: int, y: int) -> None:
    body = _ellipse((x, y), (20, 28))
    ears = (_poly([(x - 18, y - 14), (x - 16, y - 34), (x - 6, y - 20)])
            | _poly([(x + 18, y - 14), (x + 16, y - 34), (x + 6, y - 20)]))
    _paint(img, body | ears, (70, 110, 150), 0.5)
    _paint(img, _ellipse((x, y + 9), (12, 15)), (150, 190, 215), 0.4)
    for s in (-1, 1):
        _paint(img, _disc((x + s * 8, y - 10), 6), (40, 215, 255), 0.2)
        cv2.circle(img, (x + s * 8, y - 10), 3, INK, -1, AA)
    cv2.fillConvexPoly(img, np.array([(x - 3, y - 5), (x + 3, y - 5), (x, y + 1)], np.int32),
                       (40, 150, 220), AA)


def _swallow(img: np.ndarray, x: int, y: int) -> None:
    pts = [(x - 44, y - 18), (x - 8, y - 5), (x + 5, y - 7), (x + 42, y - 25), (x + 15, y + 3),
           (x + 18, y + 10), (x + 37, y + 32), (x + 10, y + 15), (x - 3, y + 30), (x - 3, y + 10),
           (x - 12, y + 3)]
    _paint(img, _poly(pts) | _disc((x - 11, y - 3), 7), (90, 40, 30), 0.4)
    _paint(img, _ellipse((x + 2, y + 5), (8, 4), 20), IVORY, 0.2)
    _paint(img, _disc((x - 14, y + 1), 3), (40, 40, 210), 0.2)


def _cat(img: np.ndarray, kind: str, x: int) -> None:
    """A cat sitting on the sill facing the viewer, its tail curled round its paws."""
    colour = {"cat": (40, 36, 38), "cat_red": (40, 120, 230), "cat_tabby": (150, 150, 145)}[kind]
    base = SILL[1]
    body = _ellipse((x, base - 30), (26, 32))
    head = _disc((x, base - 74), 19)
    ears = (_poly([(x - 18, base - 80), (x - 16, base - 102), (x - 4, base - 90)])
            | _poly([(x + 18, base - 80), (x + 16, base - 102), (x + 4, base - 90)]))
    tail = _blank()
    cv2.ellipse(tail, (x + 8, base - 4), (30, 7), 0, 180, 360 + 30, 255, 7, AA)
    shape = body | head | ears | tail
    _shade(img, _ellipse((x + 8, base - 2), (40, 6)), 0.6, 3)
    _paint(img, shape, colour, 0.5)
    if kind == "cat_tabby":
        stripe = _blank()
        for k in range(-24, 26, 9):
            cv2.line(stripe, (x + k, base - 56), (x + k + 3, base - 8), 255, 3, AA)
        for dy in (-90, -84):
            cv2.line(stripe, (x - 8, base + dy), (x + 8, base + dy), 255, 2, AA)
        _fill(img, cv2.min(stripe, body | head), (70, 70, 72))
    _paint(img, _ellipse((x, base - 26), (12, 20)), tuple(min(255, v + 50) for v in colour), 0.2)
    for s in (-1, 1):
        cv2.ellipse(img, (x + s * 8, base - 77), (4, 3), 0, 0, 360, (60, 200, 120), -1, AA)
        cv2.line(img, (x + s * 8, base - 80), (x + s * 8, base - 74), INK, 1, AA)
        for dy in (-68, -65):
            cv2.line(img, (x + s * 6, base + dy), (x + s * 24, base + dy + (dy + 66) * 2),
                     (220, 220, 220), 1, AA)
    cv2.fillConvexPoly(img, np.array([(x - 3, base - 71), (x + 3, base - 71), (x, base - 68)],
                                     np.int32), (120, 120, 200), AA)


def _view(img: np.ndarray, kind: str, window: int) -> None:
    """The painted view through the glass (the blind comes after, over its top)."""
    x0, y0, x1, y1 = GLASS
    night = kind == "owl"
    top, low = (NIGHT, (140, 80, 60)) if night else (GREY, (215, 215, 210)) \
        if kind == "sun_clouded" else (DAY, DUSK)
    t = np.linspace(0, 1, y1 - y0 + 1)[:, None, None]
    img[y0:y1 + 1, x0:x1 + 1] = (np.array(top) * (1 - t) + np.array(low) * t).astype(np.uint8)
    cx = (x0 + x1) // 2
    if kind == "sun":
        _sun(img, (cx, 186), 22)
    elif kind == "sun_rainbow":
        _rainbow(img, (cx, 236), 66)
        _sun(img, (x1 - 30, 168), 14)
    elif kind == "sun_clouded":
        _sun(img, (cx - 16, 180), 22)
        _cloud(img, (cx + 14, 196), 1.4)
    elif kind == "owl":
        _glow(img, _disc((x0 + 34, 170), 14), (200, 240, 250), 4, 0.6)
        _paint(img, _disc((x0 + 34, 170), 12), (190, 235, 245), 0.2)
        for sx, sy in ((x1 - 24, 158), (x1 - 56, 176), (x0 + 66, 160), (x1 - 18, 196)):
            cv2.drawMarker(img, (sx, sy), (180, 230, 245), cv2.MARKER_STAR, 7, 1, AA)
    elif kind == "swallow_rainbow":
        _rainbow(img, (cx, 236), 66)
        _swallow(img, cx - 6, 180)
    elif kind == "sky":
        spots = ((x0 + 36, 166), (x1 - 38, 190), (x0 + 46, 210), (x1 - 34, 160))
        for k in range(window):
            _cloud(img, spots[(k + window) % 4], 1.0)
    _hills(img, night)
    if kind == "bird":
        _branch(img, 206, False)
        _bluetit(img, cx + 8, 186)
    if kind == "owl":
        _branch(img, 222, True)
        _owl(img, cx + 20, 190)


def _blind(img: np.ndarray, colour, printed: bool) -> None:
    """The roller blind over the top of the glass: its roller, a scalloped fringed hem, a ring."""
    x0, y0, x1, _ = GLASS
    cloth = _blank()
    cv2.rectangle(cloth, (x0, y0), (x1, HEM), 255, -1)
    for x in range(x0, x1 - 8, 15):
        cv2.ellipse(cloth, (x + 7, HEM), (8, 8), 0, 0, 180, 255, -1, AA)
    _paint(img, cloth, colour, 0.35)
    if printed:
        dots = _blank()
        for j, y in enumerate(range(y0 + 8, HEM + 4, 14)):
            for x in range(x0 + 6 + (j % 2) * 8, x1 - 2, 16):
                for k in range(5):
                    q = 2 * np.pi * k / 5
                    cv2.circle(dots, (int(x + 3.5 * np.cos(q)), int(y + 3.5 * np.sin(q))), 2,
                               255, -1, AA)
        _fill(img, cv2.min(dots, cv2.erode(cloth, np.ones((3, 3), np.uint8))), IVORY)
    for x in range(x0 + 2, x1 - 8, 15):  # the fringe under each scallop
        for dx in range(2, 13, 3):
            cv2.line(img, (x + dx, HEM + 4), (x + dx, HEM + 10), IVORY, 1, AA)
    roller = _blank()
    cv2.rectangle(roller, (x0 - 4, y0 - 2), (x1 + 4, y0 + 6), 255, -1)
    _paint(img, roller, (200, 215, 220), 0.6)
    cx = (x0 + x1) // 2
    cv2.line(img, (cx, HEM + 6), (cx, HEM + 16), (60, 120, 160), 1, AA)
    cv2.circle(img, (cx, HEM + 20), 4, (60, 150, 200), 2, AA)
    _shade(img, cv2.subtract(_poly([(x0, HEM + 6), (x1, HEM + 6), (x1, HEM + 14),
                                     (x0, HEM + 14)]), cloth), 0.8, 2)


@cache
def _house() -> np.ndarray:
    """The house front every Okoshki card shares: stucco, tiles, a plinth, the empty frame."""
    rng = _rng("house")
    img = np.empty((H, W, 3), np.uint8)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    mottle = cv2.GaussianBlur(rng.standard_normal((H, W)).astype(np.float32), (0, 0), 6)
    mottle *= 10 / (mottle.std() + 1e-6)
    wall = np.array(WALL, np.float32) * (1.05 - 0.12 * yy / H)[..., None] + mottle[..., None]
    img[:] = np.clip(wall, 0, 255).astype(np.uint8)
    for _ in range(5):  # patches where the plaster fell off: bricks show
        bx, by = int(rng.integers(10, W - 50)), int(rng.integers(60, H - 80))
        if FRAME[0] - 40 < bx < FRAME[2] and FRAME[1] - 20 < by < FRAME[3]:
            continue
        patch = _ellipse((bx + 18, by + 10), (18, 10), float(rng.uniform(-20, 20)))
        bricks = np.full_like(img, (60, 90, 170))
        for r, y in enumerate(range(by - 2, by + 24, 7)):
            for x in range(bx - 4 + (r % 2) * 8, bx + 42, 16):
                cv2.rectangle(bricks, (x, y), (x + 13, y + 5), (50, 75, 150), -1)
        a = (patch.astype(np.float32) / 255)[..., None]
        img[:] = (img * (1 - a) + bricks * a).astype(np.uint8)
    _shade(img, _poly([(0, 0), (W, 0), (W, 58), (0, 58)]), 0.7, 5)  # under the eaves
    for r, y in enumerate(range(-6, 46, 12)):  # the roof tiles, overlapping rows
        for x in range(-10 + (r % 2) * 11, W + 10, 22):
            m = _blank()
            cv2.ellipse(m, (x + 11, y + 8), (11, 10), 0, 0, 180, 255, -1, AA)
            cv2.rectangle(m, (x, y - 2), (x + 22, y + 8), 255, -1)
            _paint(img, m, (50, 85, 170) if (x + r) % 3 else (45, 75, 150), 0.5)
    plinth = _poly([(0, H - 40), (W, H - 40), (W, H), (0, H)])
    _paint(img, plinth, (120, 130, 140), 0.3)
    for x in range(0, W, 38):  # the plinth's stone joints
        cv2.line(img, (x, H - 40), (x, H), (80, 90, 100), 1, AA)
    cv2.line(img, (0, H - 40), (W, H - 40), (80, 90, 100), 2, AA)
    fx0, fy0, fx1, fy1 = FRAME
    _shade(img, _poly([(fx0 + 6, fy0 + 8), (fx1 + 8, fy0 + 8), (fx1 + 8, fy1 + 8),
                       (fx0 + 6, fy1 + 8)]), 0.6, 4)
    frame = _blank()
    cv2.rectangle(frame, (fx0, fy0), (fx1, fy1), 255, -1)
    _paint(img, frame, IVORY, 0.25)
    sx0, sy0, sx1, sy1 = SILL
    _shade(img, _poly([(sx0, sy1), (sx1, sy1), (sx1, sy1 + 8), (sx0, sy1 + 8)]), 0.55, 3)
    _paint(img, _poly([(sx0, sy0), (sx1, sy0), (sx1, sy1), (sx0, sy1)]), (200, 210, 215), 0.4)
    box = _poly([(sx0 + 14, sy1 + 2), (sx1 - 14, sy1 + 2), (sx1 - 18, sy1 + 26),
                 (sx0 + 18, sy1 + 26)])
    _paint(img, box, (50, 90, 160), 0.4)  # the flower box
    for k, x in enumerate(range(sx0 + 22, sx1 - 18, 13)):
        _leaf(img, (x, sy1 + 2), -60 if k % 2 else -120, 0.7)
        _paint(img, _disc((x + 4, sy1 - 2 - (k % 3) * 3), 5),
               (235, 235, 245) if k % 2 else (170, 140, 245), 0.3)
    img.flags.writeable = False
    return img


def _ivy(img: np.ndarray, cid: str) -> None:
    """Ivy climbing both sides of the house front (each card its own sprigs)."""
    rng = _rng("ivy-" + cid)
    for x_lo, x_hi in ((8, 40), (W - 42, W - 10)):
        x = float(rng.uniform(x_lo + 8, x_hi - 8))
        for y in range(H - 44, 56, -9):
            x2 = float(np.clip(x + rng.uniform(-6, 6), x_lo, x_hi))
            cv2.line(img, (int(x), y), (int(x2), y - 9), (40, 70, 60), 2, AA)
            x = x2
            side = 1 if rng.random() < 0.5 else -1
            c = (x + side * 7, y - 4)
            leaf = np.array([(c[0] - 7, c[1]), (c[0] - 2, c[1] - 7), (c[0] + 7, c[1] - 5),
                             (c[0] + 4, c[1] + 3), (c[0], c[1] + 7)], np.int32)
            green = 110 + int(rng.integers(0, 50))
            cv2.fillConvexPoly(img, leaf, (40, green, 50), AA)
            cv2.fillConvexPoly(img, leaf[:3], (60, min(255, green + 40), 70), AA)  # lit half


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the twelfth deck."""
    img = okoshki_scene(cid).copy()
    index_okoshki(img, cid)
    return _finish(img, cid)


def index_okoshki(img: np.ndarray, cid: str) -> None:
    """The index tab and the window's number drawn on a card's picture."""
    x, y = _tab(img)
    text = str(ok.CARDS[cid].window)
    size, _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, 1.1, 2)
    cv2.putText(img, text, (x - size[0] // 2, y + size[1] // 2), cv2.FONT_HERSHEY_DUPLEX, 1.1,
                (40, 40, 120), 2, AA)


@cache
def okoshki_scene(cid: str) -> np.ndarray:
    """An Okoshki card's picture before its index and finish (read-only)."""
    card = ok.CARDS[cid]
    img = _house().copy()
    _view(img, card.kind, card.window)
    x0, y0, x1, y1 = GLASS
    cx = (x0 + x1) // 2
    _blind(img, BLIND[card.suit.split("-")[0]], card.suit.endswith("-print"))
    cv2.rectangle(img, (cx - 3, HEM + 24), (cx + 3, y1), IVORY, -1)  # the mullion
    cv2.rectangle(img, (x0, y0), (x1, y1), (150, 170, 180), 2, AA)
    _glow(img, _poly([(x0 + 10, y1), (x0 + 40, HEM + 20), (x0 + 56, HEM + 20), (x0 + 26, y1)]),
          (255, 255, 255), 4, 0.18)  # a reflection on the glass
    if card.kind.startswith("cat"):
        _cat(img, card.kind, cx + 30)
    _ivy(img, cid)
    img.flags.writeable = False
    return img


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the twelfth deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}
