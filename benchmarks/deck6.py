"""A sixth deck, drawn in yet another style: more DEVELOPMENT data for issue 27 (not a judge).

Drawn by a helper who never read the recognisers, so that the tuners (who work on decks 2 and
4) have a third development deck whose quirks are not those of the other two; its mistakes may
be looked at (benchmarks/recognition2.py --deck 6). Decks 3 and 5 stay the judges. It differs
from deck.py and decks 2–5 as a small-press, watercolour printing might:
- the shape: 3:4 (63 × 84, wider than every other deck) with nearly square corners (r = 6);
- a pale cream stock with a thin dusty-teal border at the very edge and a cream margin;
- watercolour washes: soft edges with a darker wet rim, uneven pigment, no ink outlines, on a
  cold-press paper grain; flat pastel colours of low saturation, close to one another;
- Pisanki: a watercolour gingham (slate bands crossing on white), vertical stripes of dusty
  rose and sage of the same lightness (they differ in hue only), small cream dots on
  lavender-grey, a plain mottled oatmeal; each egg standing upright in a grey egg cup, double
  eggs in two cups side by side, each colour with its own thin wax-resist motif (meridians,
  wolf's teeth, a rosette, a net, wheat ears, bands and dots); small flowers as a pair at the
  top (forget-me-not, notched blossom, violet, buttercup), a flower-only card with its two
  flowers larger in the middle; its own split of the 75 cards; a grey-blue back.
- Okoshki: a tall window with one glazing bar and a Roman blind drawn up in the suit's colour
  (the print: small pale florets in outline on the blind), a grey sill, the window's number as
  a small digit in a circle bottom right, the scenes painted anew (one sparrow on a branch,
  the owl under a crescent, cats sitting on the sill).
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import synth

W, H = 252, 336  # 63 × 84 (3:4)
RADIUS = 6
RIM = 3  # the thin coloured border at the card's edge
MARGIN = 11  # the border and the cream margin inside it
STOCK = (222, 236, 242)  # pale cream (BGR)
TEAL = (150, 140, 95)  # dusty teal
INK = (70, 70, 75)
AA = cv2.LINE_AA


def mask() -> np.ndarray:
    """The card's shape (nearly square corners), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(("deck6-" + name).encode()))


def _wash(img: np.ndarray, shape: np.ndarray, colour, rng: np.random.Generator,
          soft: float = 1.2, rim: float = 0.22, flow: float = 0.10, alpha: float = 0.94) -> None:
    """A watercolour wash of `colour` over `shape` (uint8 mask): soft edge, darker wet rim,
    uneven pigment, a little of the paper showing through."""
    ys, xs = np.nonzero(shape)
    if len(ys) == 0:
        return
    pad = 14
    y0, y1 = max(0, ys.min() - pad), min(shape.shape[0], ys.max() + pad + 1)
    x0, x1 = max(0, xs.min() - pad), min(shape.shape[1], xs.max() + pad + 1)
    part = img[y0:y1, x0:x1]
    m = cv2.GaussianBlur(shape[y0:y1, x0:x1].astype(np.float32) / 255, (0, 0), soft)
    inner = cv2.GaussianBlur(m, (0, 0), 4.0)
    edge = np.clip((m - inner) * 2.2, 0, 1)
    pigment = cv2.GaussianBlur(rng.normal(0, 1, m.shape).astype(np.float32), (0, 0), 7)
    pigment = 1 + flow * pigment / max(1e-6, float(np.abs(pigment).max()))
    col = np.array(colour, np.float32)[None, None, :] * (pigment * (1 - rim * edge))[..., None]
    a = (m * alpha)[..., None]
    part[:] = np.clip(part * (1 - a) + col * a, 0, 255).astype(np.uint8)


def _blank() -> np.ndarray:
    return np.zeros((H, W), np.uint8)


def _print(img: np.ndarray, name: str) -> np.ndarray:
    """The cream margin, the thin teal border, cold-press paper grain and uneven ink."""
    out = np.full_like(img, STOCK)
    art = _blank()
    cv2.rectangle(art, (MARGIN, MARGIN), (W - 1 - MARGIN, H - 1 - MARGIN), 255, -1)
    a = (cv2.GaussianBlur(art.astype(np.float32) / 255, (0, 0), 1.0))[..., None]
    out = (out * (1 - a) + img * a).astype(np.float32)
    edge = mask() > 0
    band = ~(cv2.erode(edge.astype(np.uint8), np.ones((2 * RIM + 1, 2 * RIM + 1)),
                       borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0)
    out[band] = TEAL
    rng = _rng("paper-" + name)
    tooth = cv2.GaussianBlur(rng.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 2.5)
    tooth = 1 + 0.035 * tooth / max(1e-6, float(np.abs(tooth).max()))
    grain = cv2.GaussianBlur(rng.normal(0, 4.5, (H, W)).astype(np.float32), (0, 0), 0.7)
    res = out * tooth[..., None] + grain[..., None]
    return np.clip(res, 0, 255).astype(np.uint8)


# -- Pisanki ---------------------------------------------------------------------------------
CLOTH = {"checked": (244, 242, 238), "striped": (175, 170, 215), "dotted": (200, 180, 186),
         "neutral": (178, 200, 214)}  # the ground of each cloth (BGR)
GINGHAM = (175, 150, 125)  # slate blue bands
SAGE = (170, 200, 172)  # the striped cloth's second colour: the rose's lightness, another hue
EGG = {"purple": (140, 95, 132), "red": (88, 88, 186), "orange": (72, 142, 224),
       "yellow": (110, 200, 226), "green": (108, 160, 112), "blue": (176, 132, 92)}
RESIST = (232, 240, 244)  # the wax-resist lines
CUP = (192, 194, 198)
FLOWER = {"blue": (218, 178, 132), "pink": (186, 166, 232), "purple": (128, 72, 118),
          "yellow": (96, 206, 236)}
EYE = {"blue": (90, 210, 240), "pink": (150, 120, 200), "purple": (80, 200, 235),
       "yellow": (60, 150, 200)}
LEAF = (110, 150, 118)


def _cloth(cloth: str, rng: np.random.Generator) -> np.ndarray:
    img = np.full((H, W, 3), CLOTH[cloth], np.uint8)
    if cloth == "checked":  # gingham: translucent bands, darker where they cross
        for horizontal in (False, True):
            band = _blank()
            for k in range(4, max(W, H), 26):
                if horizontal:
                    cv2.rectangle(band, (0, k), (W, k + 12), 255, -1)
                else:
                    cv2.rectangle(band, (k, 0), (k + 12, H), 255, -1)
            _wash(img, band, GINGHAM, rng, soft=1.0, rim=0.1, alpha=0.45)
    elif cloth == "striped":  # rose and sage of one lightness
        band = _blank()
        for x in range(0, W, 24):
            cv2.rectangle(band, (x, 0), (x + 11, H), 255, -1)
        _wash(img, band, SAGE, rng, soft=1.0, rim=0.08)
    elif cloth == "dotted":  # small cream dots
        dots = _blank()
        for j, y in enumerate(range(5, H, 13)):
            for x in range(5 + (j % 2) * 6, W, 12):
                cv2.circle(dots, (x, y), 2, 255, -1, AA)
        _wash(img, dots, (236, 242, 246), rng, soft=0.6, rim=0.0, alpha=0.9)
    else:  # neutral: plain, mottled
        mottle = cv2.GaussianBlur(rng.normal(0, 9, (H, W)).astype(np.float32), (0, 0), 5)
        img = np.clip(img + mottle[..., None], 0, 255).astype(np.uint8)
    return img


def _egg_shape(c: tuple[float, float], s: float) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, 96, endpoint=False)
    rx, ry = 40 * s, 54 * s
    xs = c[0] + rx * np.cos(t) * (1 - 0.18 * np.clip(-np.sin(t), 0, 1))  # narrower at the top
    ys = c[1] + ry * np.sin(t)
    return np.stack([xs, ys], 1).astype(np.int32)


def _motif(egg: str, c: tuple[float, float], s: float) -> np.ndarray:
    """The egg's thin wax-resist motif, as a mask (clipped to the egg later)."""
    m = _blank()
    x, y = c
    lw = max(1, int(round(2 * s)))

    def p(dx: float, dy: float) -> tuple[int, int]:
        return int(x + dx * s), int(y + dy * s)

    if egg == "purple":  # meridians
        for dx in (-18, 0, 18):
            cv2.ellipse(m, p(0, 0), (int(abs(dx) * s) + 1, int(54 * s)), 0, 0, 360, 255, lw, AA)
    elif egg == "red":  # wolf's teeth between two lines
        for dy in (-10, 10):
            cv2.line(m, p(-44, dy), p(44, dy), 255, lw, AA)
        teeth = np.array([p(-44 + 8 * i, -10 if i % 2 else 10) for i in range(12)], np.int32)
        cv2.polylines(m, [teeth], False, 255, lw, AA)
    elif egg == "orange":  # an eight-point rosette
        for k in range(8):
            a = k * np.pi / 4
            cv2.line(m, p(0, 4), p(20 * np.cos(a), 4 + 20 * np.sin(a)), 255, lw, AA)
        cv2.circle(m, p(0, 4), int(22 * s), 255, lw, AA)
    elif egg == "yellow":  # a net of diagonals
        for k in range(-90, 91, 16):
            cv2.line(m, p(k - 60, -60), p(k + 60, 60), 255, 1, AA)
            cv2.line(m, p(k + 60, -60), p(k - 60, 60), 255, 1, AA)
    elif egg == "green":  # wheat ears along a line
        cv2.line(m, p(-44, 6), p(44, 6), 255, lw, AA)
        for dx in range(-34, 35, 9):
            cv2.line(m, p(dx, 6), p(dx + 6, -2), 255, lw, AA)
            cv2.line(m, p(dx, 6), p(dx + 6, 14), 255, lw, AA)
    else:  # blue: two bands and dots between them
        for dy in (-16, 16):
            cv2.line(m, p(-44, dy), p(44, dy), 255, lw + 1, AA)
        for dx in range(-30, 31, 12):
            cv2.circle(m, p(dx, 0), max(2, int(3 * s)), 255, -1, AA)
    return m


def _egg_in_cup(img: np.ndarray, c: tuple[float, float], s: float, egg: str,
                rng: np.random.Generator) -> None:
    """An upright egg (its colour, its motif) standing in a grey egg cup."""
    body = _blank()
    cv2.fillPoly(body, [_egg_shape(c, s)], 255, AA)
    _wash(img, body, EGG[egg], rng, soft=1.3, rim=0.28)
    motif = cv2.bitwise_and(_motif(egg, c, s), cv2.erode(body, np.ones((5, 5), np.uint8)))
    _wash(img, motif, RESIST, rng, soft=0.5, rim=0.0, flow=0.05, alpha=0.8)
    x, y = c
    cup = _blank()
    cv2.ellipse(cup, (int(x), int(y + 32 * s)), (int(40 * s), int(34 * s)), 0, 0, 180, 255, -1,
                AA)
    cv2.rectangle(cup, (int(x - 9 * s), int(y + 62 * s)), (int(x + 9 * s), int(y + 78 * s)), 255,
                  -1)
    cv2.ellipse(cup, (int(x), int(y + 80 * s)), (int(28 * s), int(8 * s)), 0, 0, 360, 255, -1, AA)
    cv2.rectangle(cup, (int(x - 42 * s), int(y + 28 * s)), (int(x + 42 * s), int(y + 34 * s)),
                  255, -1)
    _wash(img, cup, CUP, rng, soft=1.0, rim=0.3)


def _flower(img: np.ndarray, c: tuple[int, int], kind: str, rng: np.random.Generator,
            z: float = 1.0) -> None:
    """A small flower of its kind's shape and colour, on a short stem with two leaves."""
    x, y = c
    green = _blank()
    cv2.line(green, (x, y), (x, int(y + 24 * z)), 255, max(2, int(2 * z)), AA)
    for side in (-1, 1):
        cv2.ellipse(green, (int(x + side * 7 * z), int(y + 20 * z)), (int(7 * z), int(3 * z)),
                    side * -30, 0, 360, 255, -1, AA)
    _wash(img, green, LEAF, rng, soft=0.8, rim=0.2)
    petals = _blank()
    if kind == "blue":  # forget-me-not: five round petals
        for k in range(5):
            a = 2 * np.pi * k / 5 - np.pi / 2
            cv2.circle(petals, (int(x + 8 * z * np.cos(a)), int(y + 8 * z * np.sin(a))),
                       int(6 * z), 255, -1, AA)
    elif kind == "pink":  # a blossom: five petals, each notched at its tip
        for k in range(5):
            a = 2 * np.pi * k / 5 - np.pi / 2
            cv2.ellipse(petals, (int(x + 9 * z * np.cos(a)), int(y + 9 * z * np.sin(a))),
                        (int(8 * z), int(5 * z)), np.degrees(a), 0, 360, 255, -1, AA)
        for k in range(5):
            a = 2 * np.pi * k / 5 - np.pi / 2
            cv2.circle(petals, (int(x + 17 * z * np.cos(a)), int(y + 17 * z * np.sin(a))),
                       max(1, int(2.5 * z)), 0, -1, AA)
    elif kind == "purple":  # a violet: two large petals above, three below
        for a, r in ((-2.2, 9), (-0.94, 9), (0.1, 6), (1.57, 7), (3.04, 6)):
            cv2.ellipse(petals, (int(x + 8 * z * np.cos(a)), int(y + 8 * z * np.sin(a))),
                        (int(r * z), int(r * 0.7 * z)), np.degrees(a), 0, 360, 255, -1, AA)
    else:  # a buttercup: five broad, overlapping petals
        for k in range(5):
            a = 2 * np.pi * k / 5 - np.pi / 2 + 0.3
            cv2.ellipse(petals, (int(x + 7 * z * np.cos(a)), int(y + 7 * z * np.sin(a))),
                        (int(9 * z), int(7 * z)), np.degrees(a), 0, 360, 255, -1, AA)
    _wash(img, petals, FLOWER[kind], rng, soft=0.7, rim=0.25)
    eye = _blank()
    cv2.circle(eye, (x, y), max(2, int(3.5 * z)), 255, -1, AA)
    _wash(img, eye, EYE[kind], rng, soft=0.5, rim=0.0)


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the sixth deck (None: its back)."""
    if card is None:
        rng = _rng("back")
        img = np.full((H, W, 3), (205, 196, 186), np.uint8)  # grey-blue
        outlines = _blank()
        for j, y in enumerate(range(14, H, 30)):
            for x in range(14 + (j % 2) * 14, W, 28):
                cv2.ellipse(outlines, (x, y), (6, 8), 0, 0, 360, 255, 1, AA)
        _wash(img, outlines, (120, 130, 175), rng, soft=0.5, rim=0.0, alpha=0.8)
        oval = _blank()
        cv2.ellipse(oval, (W // 2, H // 2), (62, 84), 0, 0, 360, 255, -1, AA)
        _wash(img, oval, STOCK, rng, soft=1.0, rim=0.1)
        _egg_in_cup(img, (W / 2, H / 2 - 24), 0.7, "orange", rng)
        return _print(img, "back")
    name = repr(card)
    rng = _rng(name)
    img = _cloth(card.cloth, rng)
    if card.egg and card.double:  # two cups side by side
        _egg_in_cup(img, (W / 2 - 54, H * 0.47), 0.72, card.egg, rng)
        _egg_in_cup(img, (W / 2 + 54, H * 0.47), 0.72, card.egg, rng)
    elif card.egg:
        _egg_in_cup(img, (W / 2, H * 0.52), 1.0, card.egg, rng)
    if card.egg is None:  # flower-only: the pair larger, in the middle
        spots, z = ((W // 2 - 42, int(H * 0.42)), (W // 2 + 42, int(H * 0.52))), 1.7
    else:
        spots, z = ((W // 2 - 34, 46), (W // 2 + 34, 46)), 1.0
    for pos, kind in zip(spots, card.flowers, strict=False):
        _flower(img, pos, kind, rng, z)
    return _print(img, name)


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards in this deck's own split (the rulebook's counts)."""
    cloths = ("checked", "striped", "dotted")
    eggs, flowers = pg.EGGS, pg.FLOWERS
    cards: list[pg.Card | None] = []
    for i in range(45):  # every cloth with every egg twice, nine of them a third time
        j = (i + 7 * (i // 18)) % 18
        cards.append(pg.Card(cloths[j // 6], eggs[j % 6]))
    cards += [pg.Card(cloths[(2 * i + 1) % 3], eggs[(i + 3) % 6], False,
                      (flowers[(i + i // 4) % 4],)) for i in range(12)]
    cards += [pg.Card(cloths[i % 3], eggs[(i + 1) % 6], False, (flowers[(i + 2) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card(cloths[(i + 1) % 3], None, False, (flowers[(3 * i) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card("neutral", egg, True) for egg in eggs]
    return cards


# -- Okoshki ---------------------------------------------------------------------------------
BLIND = {"red": (150, 145, 200), "yellow": (130, 200, 222), "purple": (190, 155, 175),
         "green": (150, 180, 150), "brown": (110, 135, 165), "blue": (205, 175, 145)}
PANE = (44, 40, 208, 262)  # x0, y0, x1, y1
DAY, NIGHT, GREY = (236, 218, 190), (115, 85, 65), (200, 198, 195)
FRAME = (228, 230, 230)
SILL = (178, 182, 186)


def _cloud(img, c: tuple[int, int], s: float, rng) -> None:
    m = _blank()
    for dx, dy, r in ((-14, 3, 10), (0, -4, 13), (14, 3, 10)):
        cv2.circle(m, (int(c[0] + dx * s), int(c[1] + dy * s)), int(r * s), 255, -1, AA)
    cv2.rectangle(m, (int(c[0] - 14 * s), int(c[1])), (int(c[0] + 14 * s), int(c[1] + 13 * s)),
                  255, -1)
    _wash(img, m, (250, 250, 250), rng, soft=2.0, rim=0.05, alpha=0.9)


def _sun(img, c: tuple[int, int], r: int, rng) -> None:
    m = _blank()
    for k in range(12):
        a = k * np.pi / 6
        cv2.line(m, (int(c[0] + (r + 4) * np.cos(a)), int(c[1] + (r + 4) * np.sin(a))),
                 (int(c[0] + (r + 12) * np.cos(a)), int(c[1] + (r + 12) * np.sin(a))), 255, 3, AA)
    _wash(img, m, (90, 170, 235), rng, soft=0.8, rim=0.1)
    m = _blank()
    cv2.circle(m, c, r, 255, -1, AA)
    _wash(img, m, (110, 210, 245), rng, soft=1.2, rim=0.3)


def _rainbow(img, c: tuple[int, int], r: int, rng) -> None:
    for i, col in enumerate([(140, 140, 220), (120, 180, 240), (140, 220, 240), (150, 200, 150),
                             (210, 170, 140), (180, 140, 170)]):
        m = _blank()
        cv2.ellipse(m, c, (r - 7 * i, r - 7 * i), 0, 180, 360, 255, 7, AA)
        _wash(img, m, col, rng, soft=1.5, rim=0.0, alpha=0.85)


def _branch(img, y_left: int, y_right: int, rng) -> None:
    x0, _, x1, _ = PANE
    m = _blank()
    cv2.line(m, (x0, y_left), (x1, y_right), 255, 6, AA)
    cv2.line(m, ((x0 + x1) // 2 + 30, (y_left + y_right) // 2), ((x0 + x1) // 2 + 50,
             (y_left + y_right) // 2 - 18), 255, 3, AA)
    _wash(img, m, (80, 105, 130), rng, soft=0.8, rim=0.2)


def _cat(img, colour, x: int, base: int, rng, stripes: bool) -> None:
    """A cat sitting on the sill, facing us, its tail round its feet."""
    m = _blank()
    cv2.ellipse(m, (x, base - 34), (28, 36), 0, 0, 360, 255, -1, AA)
    cv2.circle(m, (x, base - 80), 21, 255, -1, AA)
    for s in (-1, 1):
        cv2.fillConvexPoly(m, np.array([(x + s * 20, base - 88), (x + s * 17, base - 112),
                                        (x + s * 4, base - 98)], np.int32), 255, AA)
    cv2.ellipse(m, (x + 22, base - 4), (24, 6), 0, 180, 360, 255, 6, AA)
    _wash(img, m, colour, rng, soft=1.0, rim=0.25)
    if stripes:
        st = _blank()
        for k in range(-20, 21, 9):
            cv2.line(st, (x + k, base - 60), (x + int(k * 1.2), base - 12), 255, 3, AA)
        for k in (-7, 0, 7):
            cv2.line(st, (x + k, base - 100), (x + k, base - 88), 255, 2, AA)
        st = cv2.bitwise_and(st, m)
        _wash(img, st, (95, 98, 102), rng, soft=0.6, rim=0.0)
    eyes = _blank()
    for s in (-1, 1):
        cv2.ellipse(eyes, (x + s * 8, base - 84), (4, 3), 0, 0, 360, 255, -1, AA)
    _wash(img, eyes, (110, 200, 150), rng, soft=0.4, rim=0.0)


def _bird(img, c: tuple[int, int], rng) -> None:
    """A sparrow perched, facing right."""
    x, y = c
    m = _blank()
    cv2.ellipse(m, (x, y), (16, 11), -10, 0, 360, 255, -1, AA)
    cv2.circle(m, (x + 14, y - 10), 8, 255, -1, AA)
    cv2.fillConvexPoly(m, np.array([(x - 12, y), (x - 30, y - 8), (x - 28, y + 2)], np.int32),
                       255, AA)
    _wash(img, m, (85, 120, 150), rng, soft=0.8, rim=0.25)
    b = _blank()
    cv2.ellipse(b, (x + 2, y + 4), (10, 6), 0, 0, 360, 255, -1, AA)
    _wash(img, b, (170, 200, 220), rng, soft=0.8, rim=0.0)
    beak = _blank()
    cv2.fillConvexPoly(beak, np.array([(x + 21, y - 12), (x + 28, y - 9), (x + 21, y - 7)],
                                      np.int32), 255, AA)
    cv2.circle(beak, (x + 16, y - 12), 1, 255, -1)
    _wash(img, beak, (60, 70, 80), rng, soft=0.3, rim=0.0)


def _scene(img: np.ndarray, kind: str, window: int, rng) -> None:
    x0, y0, x1, y1 = PANE
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2 + 30  # the middle of the pane below the blind
    sky = NIGHT if kind == "owl" else GREY if kind == "sun_clouded" else DAY
    cv2.rectangle(img, (x0, y0), (x1, y1), sky, -1)
    if kind in ("sun", "sun_rainbow", "sun_clouded"):
        if kind == "sun_rainbow":
            _rainbow(img, (cx - 10, y1 + 10), 84, rng)
        _sun(img, (cx + 22, cy - 10) if kind != "sun" else (cx, cy), 22, rng)
        if kind == "sun_clouded":
            _cloud(img, (cx + 6, cy + 8), 1.5, rng)
    elif kind == "bird":
        _branch(img, cy + 30, cy + 12, rng)
        _bird(img, (cx - 6, cy + 6), rng)
    elif kind == "owl":
        moon = _blank()
        cv2.circle(moon, (x0 + 30, cy - 40), 12, 255, -1, AA)
        cv2.circle(moon, (x0 + 36, cy - 45), 11, 0, -1, AA)  # a crescent
        _wash(img, moon, (200, 235, 245), rng, soft=0.8, rim=0.0)
        _branch(img, cy + 46, cy + 36, rng)
        body = _blank()
        cv2.ellipse(body, (cx, cy + 8), (24, 32), 0, 0, 360, 255, -1, AA)
        for s in (-1, 1):
            cv2.fillConvexPoly(body, np.array([(cx + s * 20, cy - 14), (cx + s * 22, cy - 34),
                                               (cx + s * 8, cy - 20)], np.int32), 255, AA)
        _wash(img, body, (110, 135, 160), rng, soft=1.0, rim=0.25)
        eyes = _blank()
        for s in (-1, 1):
            cv2.circle(eyes, (cx + s * 10, cy - 6), 8, 255, -1, AA)
        _wash(img, eyes, (160, 225, 240), rng, soft=0.6, rim=0.0)
        pupils = _blank()
        for s in (-1, 1):
            cv2.circle(pupils, (cx + s * 10, cy - 6), 3, 255, -1, AA)
        _wash(img, pupils, (40, 40, 45), rng, soft=0.3, rim=0.0)
    elif kind == "swallow_rainbow":
        _rainbow(img, (cx + 8, y1 + 10), 80, rng)
        sw = np.array([(cx - 40, cy - 10), (cx - 6, cy - 14), (cx + 12, cy - 40),
                       (cx + 10, cy - 12), (cx + 42, cy - 4), (cx + 8, cy - 2),
                       (cx - 2, cy + 22), (cx - 12, cy - 2)], np.int32)
        m = _blank()
        cv2.fillPoly(m, [sw], 255, AA)
        _wash(img, m, (95, 65, 55), rng, soft=0.7, rim=0.2)
        throat = _blank()
        cv2.circle(throat, (cx - 30, cy - 11), 4, 255, -1, AA)
        _wash(img, throat, (90, 90, 200), rng, soft=0.5, rim=0.0)
    elif kind.startswith("cat"):
        colour = {"cat": (62, 60, 60), "cat_red": (95, 150, 220),
                  "cat_tabby": (160, 160, 158)}[kind]
        _cat(img, colour, cx, y1, rng, kind == "cat_tabby")
    else:  # sky: as many soft clouds as the window's number, each window its own places
        spots = ((cx - 40, cy - 20), (cx + 38, cy + 8), (cx - 20, cy + 56), (cx + 30, cy - 50))
        for k in range(window):
            _cloud(img, spots[(k + window) % 4], 0.9 + 0.12 * (k % 2), rng)


def _number(img: np.ndarray, window: int, rng) -> None:
    """The window's number: a small digit in a thin circle, bottom right."""
    c = (W - MARGIN - 20, H - MARGIN - 20)
    m = _blank()
    cv2.circle(m, c, 12, 255, 1, AA)
    size, _ = cv2.getTextSize(str(window), cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)
    cv2.putText(m, str(window), (c[0] - size[0] // 2, c[1] + size[1] // 2),
                cv2.FONT_HERSHEY_SIMPLEX, 0.5, 255, 1, AA)
    _wash(img, m, INK, rng, soft=0.3, rim=0.0, flow=0.05, alpha=0.95)


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the sixth deck."""
    card = ok.CARDS[cid]
    colour = BLIND[card.suit.split("-")[0]]
    printed = card.suit.endswith("-print")
    rng = _rng(cid)
    img = np.full((H, W, 3), STOCK, np.uint8)  # the wall: the cream stock
    x0, y0, x1, y1 = PANE
    art = img.copy()
    _scene(art, card.kind, card.window, rng)
    img[y0:y1, x0:x1] = art[y0:y1, x0:x1]
    frame = _blank()
    cv2.rectangle(frame, (x0, y0), (x1, y1), 255, 6)
    cv2.line(frame, ((x0 + x1) // 2, y0), ((x0 + x1) // 2, y1), 255, 3)  # the glazing bar
    _wash(img, frame, FRAME, rng, soft=0.6, rim=0.1)
    blind = _blank()  # the Roman blind, drawn up into folds at the top of the pane
    cv2.rectangle(blind, (x0 - 6, y0 - 8), (x1 + 6, y0 + 66), 255, -1)
    _wash(img, blind, colour, rng, soft=0.9, rim=0.2)
    if printed:  # small pale florets, in outline
        florets = _blank()
        light = tuple(min(255, v + 60) for v in colour)
        for j, fy in enumerate(range(y0 - 1, y0 + 64, 14)):
            for fx in range(x0 + (j % 2) * 8, x1 + 4, 16):
                for a in range(5):
                    p = (int(fx + 3 * np.cos(a * 1.2566)), int(fy + 3 * np.sin(a * 1.2566)))
                    cv2.circle(florets, p, 2, 255, 1, AA)
        _wash(img, florets, light, rng, soft=0.4, rim=0.0, flow=0.05, alpha=0.9)
    fold = tuple(max(0, v - 40) for v in colour)
    folds = _blank()
    for fy in (y0 + 22, y0 + 46, y0 + 66):
        cv2.line(folds, (x0 - 6, fy), (x1 + 6, fy), 255, 2, AA)
    _wash(img, folds, fold, rng, soft=0.8, rim=0.0, alpha=0.8)
    sill = _blank()
    cv2.rectangle(sill, (x0 - 12, y1 + 2), (x1 + 12, y1 + 14), 255, -1)
    _wash(img, sill, SILL, rng, soft=0.8, rim=0.25)
    _number(img, card.window, rng)
    return _print(img, cid)


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the sixth deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}
