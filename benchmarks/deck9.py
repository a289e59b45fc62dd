"""A ninth deck, drawn in yet another style: a FRESH JUDGE for issue 27. Never tune on it.

Drawn by a helper who never read the recognisers, for the lead to run once, at the end of a
session (benchmarks/recognition2.py --deck 9; its mistakes are not listed, as for decks 3, 5
and 7). Decks 3, 5 and 7 have been run at many checkpoints; this one has not been run at all.
Nothing in assistant/ may be chosen while looking at its results, and no helper may develop on
it. It differs from deck.py and decks 2–8 as a small-press risograph deck might:
- the shape: near-SQUARE (66 × 80 mm, W/H = 0.825: wider than every other deck, whose W/H run
  from 0.58 to 0.75) with large rounded corners (r = 28, 7 mm), like a memory-game tile;
- a bright white uncoated stock; no printed border band: the picture sits inside an uneven
  HAND-DRAWN pen frame (a wobbling line of varying weight, its own on every card) with a
  white margin outside it;
- a RISOGRAPH in four spot inks (fluorescent pink, medium blue, yellow, a warm black): every
  colour is an overprint of them (orange = yellow under some pink, green = yellow under blue,
  purple = pink under blue…), each ink drum out of register by up to 3 px (its own way on each
  card) so colours get pink, blue or yellow fringes, a coarse uneven coverage and grain; white
  is the paper showing through (knock-outs), and there are no outlines round shapes;
- the index as a small RUBBER STAMP at the BOTTOM CENTRE, over the frame line (top centre
  when a card lies turned), a little tilted and unevenly inked;
- Pisanki: the three patterned cloths are one fine weave in three inks, so they differ in
  colour more than in shape (a blue gingham, pink pinstripes, teal dots, all 12 px apart); the
  neutral cloth is a plain oatmeal wash; an upright egg with a flat offset shadow, each colour
  with its own knocked-out (paper-white) motif; a double egg as two eggs side by side in a
  woven basket; flowers as sprigs on stems rising from the bottom corners (a cornflower, a
  cherry blossom, a lavender spike, a sunflower), a flower-only card as a large crossed bouquet
  tied with a ribbon; the stamp holds the egg's colour as a small egg (a flower-only card: a
  tiny flower of its kind); its own split of the 75 cards; a blue back with white knocked-out eggs.
- Okoshki: a square window in a pale yellow wall, a white frame drawn round in pen; a tie-up
  curtain in the suit's colour across the top of the window, gathered into two swags by a bow
  with short tails at the sides (the print: small white five-dot flowers knocked out); a plank
  sill; the window's number as a stamped numeral at the bottom centre; the scenes printed anew
  (a bullfinch on a branch, the owl under a crescent, cats sitting on the sill facing the
  room), sky cards with as many clouds as the window's number.
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import synth

W, H = 264, 320  # 66 × 80 mm (0.825, near square)
RADIUS = 28
PAPER = np.array((236, 243, 246), np.float32)  # bright white uncoated stock (BGR)
INKS = {  # riso spot inks (BGR)
    "pink": (160, 100, 255), "blue": (190, 118, 0), "yellow": (0, 228, 255),
    "black": (44, 38, 34)}
AA = cv2.LINE_AA
FRAME = 12  # the pen frame's inset from the card's edge


def mask() -> np.ndarray:
    """The card's shape (near square, corners of 7 mm), 255 inside."""
    return synth.rounded_mask(W, H, RADIUS)


def _rng(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(("deck9-" + name).encode()))


class _Plates:
    """The four ink drums' stencils (each a density 0–1 over the card)."""

    def __init__(self) -> None:
        self.d = {ink: np.zeros((H, W), np.float32) for ink in INKS}

    def paint(self, shape: np.ndarray, mix: dict[str, float]) -> None:
        """Print `mix` (ink -> density) inside `shape` (a uint8 mask), knocking out whatever
        lay under it (the designer's separations never overprint by accident)."""
        inside = shape > 0
        for ink, layer in self.d.items():
            layer[inside] = mix.get(ink, 0.0)

    def knock_out(self, shape: np.ndarray) -> None:
        """The paper shows through inside `shape`."""
        self.paint(shape, {})

    def press(self, name: str) -> np.ndarray:
        """Print the plates: each drum out of register, uneven coverage, grain, overprints
        multiplying on the paper."""
        rng = _rng("press-" + name)
        out = np.empty((H, W, 3), np.float32)
        out[:] = PAPER
        for ink, layer in self.d.items():
            dx, dy = (float(v) for v in rng.uniform(-3, 3, 2))
            shifted = cv2.warpAffine(layer, np.float32([[1, 0, dx], [0, 1, dy]]), (W, H),
                                     borderMode=cv2.BORDER_REPLICATE)
            shifted = cv2.GaussianBlur(shifted, (0, 0), 0.6)  # soy ink spreads a little
            cover = cv2.GaussianBlur(rng.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 9)
            cover = 1 + 0.10 * cover / max(1e-6, float(np.abs(cover).max()))
            grain = rng.normal(0, 0.07, (H, W)).astype(np.float32)
            d = np.clip(shifted * cover + grain * shifted, 0, 1)
            ink_c = np.array(INKS[ink], np.float32) / 255
            out *= 1 - d[..., None] * (1 - ink_c)
        return np.clip(out, 0, 255).astype(np.uint8)


def _blank() -> np.ndarray:
    return np.zeros((H, W), np.uint8)


def _wobbly_frame(plates: _Plates, rng: np.random.Generator) -> None:
    """The hand-drawn pen frame: a line that wanders ±2 px and changes weight as it goes."""
    x0, y0, x1, y1 = FRAME, FRAME, W - 1 - FRAME, H - 1 - FRAME
    r = RADIUS - FRAME + 2
    pts: list = []
    corners = ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90),
               (x0 + r, y0 + r, 180))
    sides = (((x0 + r, y0), (x1 - r, y0)), ((x1, y0 + r), (x1, y1 - r)),
             ((x1 - r, y1), (x0 + r, y1)), ((x0, y1 - r), (x0, y0 + r)))
    for k, ((ax, ay), (bx, by)) in enumerate(sides):
        n = int(max(abs(bx - ax), abs(by - ay)) // 4)
        t = np.linspace(0, 1, n)
        pts += list(zip(ax + (bx - ax) * t, ay + (by - ay) * t, strict=True))
        cx, cy, a0 = corners[k]  # round the corner the way the card is rounded
        a = np.radians(np.linspace(a0, a0 + 90, 6)[1:-1])
        pts += list(zip(cx + r * np.cos(a), cy + r * np.sin(a), strict=True))
    pts = np.array(pts, np.float32)
    wander = cv2.GaussianBlur(rng.normal(0, 1, (len(pts), 1)).astype(np.float32), (0, 0), 4)
    wander = 2.2 * wander / max(1e-6, float(np.abs(wander).max()))
    centre = np.array([W / 2, H / 2], np.float32)
    out = pts - centre
    pts = pts + out / np.linalg.norm(out, axis=1, keepdims=True) * wander
    weight = 1.5 + 1.3 * (0.5 + 0.5 * np.sin(np.arange(len(pts)) / rng.uniform(5, 11)
                                             + rng.uniform(0, 6)))
    line = _blank()
    for k in range(len(pts)):
        a, b = pts[k], pts[(k + 1) % len(pts)]
        cv2.line(line, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), 255,
                 int(round(weight[k])), AA)
    plates.paint(line, {"black": 0.9})


def _inside() -> np.ndarray:
    """The picture area inside the frame."""
    m = synth.rounded_mask(W - 2 * FRAME, H - 2 * FRAME, RADIUS - FRAME)
    out = _blank()
    out[FRAME:H - FRAME, FRAME:W - FRAME] = m
    return out


def _stamp(plates: _Plates, rng: np.random.Generator, draw) -> None:
    """The index: a round rubber stamp at the bottom centre over the frame line, a little tilted
    and unevenly inked; `draw(centre, tilt)` prints what the ring holds."""
    c = (W // 2, H - FRAME - 14)
    plates.knock_out(_disc(c, 21))
    ring = _blank()
    cv2.circle(ring, c, 18, 255, 3, AA)
    patchy = cv2.GaussianBlur(rng.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 2)
    ring[patchy < -0.45 * float(np.abs(patchy).max())] = 0  # where the stamp did not take
    plates.paint(ring, {"black": 0.85})
    draw(c, float(rng.uniform(-14, 14)))


def _disc(c: tuple[float, float], r: float) -> np.ndarray:
    m = _blank()
    cv2.circle(m, (int(c[0]), int(c[1])), int(r), 255, -1, AA)
    return m


def _poly(pts) -> np.ndarray:
    m = _blank()
    cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
    return m


def _egg_pts(c: tuple[float, float], rx: float, ry: float, angle: float = 0) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, 90, endpoint=False)
    xs = rx * np.cos(t) * (1 - 0.2 * np.clip(-np.sin(t), 0, 1))  # narrower at the top
    ys = ry * np.sin(t)
    a = np.radians(angle)
    return np.stack([c[0] + xs * np.cos(a) - ys * np.sin(a),
                     c[1] + xs * np.sin(a) + ys * np.cos(a)], 1).astype(np.int32)


# -- Pisanki ---------------------------------------------------------------------------------
EGG = {"purple": {"pink": 1.0, "blue": 0.5}, "red": {"pink": 1.0, "yellow": 0.85, "blue": 0.15},
       "orange": {"yellow": 1.0, "pink": 0.42}, "yellow": {"yellow": 1.0},
       "green": {"yellow": 0.9, "blue": 0.8}, "blue": {"blue": 1.0}}
FLOWER = {"blue": {"blue": 0.6}, "pink": {"pink": 0.65}, "purple": {"pink": 1.0, "blue": 0.6},
          "yellow": {"yellow": 1.0, "pink": 0.08}}
LEAF = {"yellow": 0.8, "blue": 0.65}
CLOTH = {"checked": {"blue": 0.45}, "striped": {"pink": 0.5},
         "dotted": {"blue": 0.5, "yellow": 0.22}, "neutral": {"yellow": 0.16, "black": 0.1}}
BASKET = {"yellow": 0.85, "pink": 0.5, "blue": 0.35}


def _cloth(plates: _Plates, cloth: str) -> None:
    """The cloth: one fine 12-px weave in its ink (the colour tells the cloths apart first)."""
    area = _inside()
    plates.paint(area, {k: v * 0.35 for k, v in CLOTH[cloth].items()} if cloth != "neutral"
                 else CLOTH[cloth])
    ink = CLOTH[cloth]
    if cloth == "checked":  # gingham: bands both ways, darker where they cross
        yy, xx = np.mgrid[0:H, 0:W]
        h_band, v_band = (yy % 12) < 6, (xx % 12) < 6
        for sel, k in (((h_band ^ v_band), 1.0), ((h_band & v_band), 2.0)):
            m = (sel & (area > 0)).astype(np.uint8) * 255
            plates.paint(m, {i: min(1.0, v * k) for i, v in ink.items()})
        plates.paint(((~h_band & ~v_band) & (area > 0)).astype(np.uint8) * 255, {})
    elif cloth == "striped":  # pinstripes, 4 px wide every 12 px
        m = _blank()
        for x in range(FRAME, W, 12):
            cv2.rectangle(m, (x, 0), (x + 3, H), 255, -1)
        plates.paint(m & area, {i: min(1.0, v * 1.8) for i, v in ink.items()})
    elif cloth == "dotted":  # dots 12 px apart, staggered
        m = _blank()
        for j, y in enumerate(range(FRAME + 4, H, 12)):
            for x in range(FRAME + 4 + (j % 2) * 6, W, 12):
                cv2.circle(m, (x, y), 3, 255, -1, AA)
        plates.paint(m & area, {i: min(1.0, v * 1.8) for i, v in ink.items()})


def _motif(egg: str, c: tuple[float, float], s: float) -> tuple[np.ndarray, dict[str, float]]:
    """The egg's own motif as a mask, and what prints there (empty: paper-white knock-out)."""
    m = _blank()
    x, y = c
    lw = max(3, int(round(4 * s)))

    def p(dx: float, dy: float) -> tuple[int, int]:
        return int(x + dx * s), int(y + dy * s)

    if egg == "purple":  # a zigzag band with a dot in each tooth
        pts = np.array([p(-60 + 12 * i, -10 if i % 2 else 10) for i in range(11)], np.int32)
        cv2.polylines(m, [pts], False, 255, lw, AA)
        for i in range(1, 10, 2):
            cv2.circle(m, p(-60 + 12 * i, 22), int(4 * s), 255, -1, AA)
    elif egg == "red":  # an eight-point star
        pts = [p((30 if k % 2 == 0 else 12) * np.cos(k * np.pi / 8),
                 (30 if k % 2 == 0 else 12) * np.sin(k * np.pi / 8)) for k in range(16)]
        cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
    elif egg == "orange":  # three meridians
        for rx in (6, 26, 46):
            cv2.ellipse(m, p(0, 0), (int(rx * s), int(80 * s)), 0, 0, 360, 255, lw - 1, AA)
    elif egg == "yellow":  # black wolf's teeth in a band round the middle
        pts = [p(-60, 12)] + [p(-60 + 10 * i, -14 if i % 2 else 12) for i in range(13)]
        pts += [p(60, 12)]
        cv2.fillPoly(m, [np.array(pts, np.int32)], 255, AA)
        return m, {"black": 0.85}
    elif egg == "green":  # a vine: a wave with leaves
        pts = np.array([p(-60 + 6 * i, 16 * np.sin(i / 3)) for i in range(21)], np.int32)
        cv2.polylines(m, [pts], False, 255, lw - 1, AA)
        for i in range(2, 20, 4):
            px, py = p(-60 + 6 * i, 16 * np.sin(i / 3))
            cv2.ellipse(m, (px, py - int(10 * s)), (int(4 * s), int(9 * s)), 25, 0, 360, 255,
                        -1, AA)
    else:  # blue: a diagonal net
        for k in range(-100, 101, 20):
            cv2.line(m, p(k - 60, -80), p(k + 60, 80), 255, lw - 2, AA)
            cv2.line(m, p(k + 60, -80), p(k - 60, 80), 255, lw - 2, AA)
    return m, {}


def _egg(plates: _Plates, c: tuple[float, float], s: float, egg: str) -> None:
    """An upright egg: a paper-white halo, a flat offset shadow, the colour, its motif."""
    body = _poly(_egg_pts(c, 54 * s, 72 * s))
    shadow = _poly(_egg_pts((c[0] + 9 * s, c[1] + 8 * s), 54 * s, 72 * s))
    plates.knock_out(cv2.dilate(body, np.ones((7, 7), np.uint8)))
    plates.paint(shadow & ~body, {"blue": 0.35, "black": 0.35})
    plates.paint(body, EGG[egg])
    motif, mix = _motif(egg, c, s)
    plates.paint(motif & cv2.erode(body, np.ones((9, 9), np.uint8)), mix)


def _flower_head(plates: _Plates, c: tuple[float, float], kind: str, z: float) -> None:
    """A flower's head, its kind's own shape."""
    x, y = c
    col = FLOWER[kind]
    if kind == "blue":  # cornflower: a ring of narrow fringed rays
        m = _blank()
        for k in range(10):
            a = k * np.pi / 5
            tip = (x + 17 * z * np.cos(a), y + 17 * z * np.sin(a))
            cv2.line(m, (int(x), int(y)), (int(tip[0]), int(tip[1])), 255, max(2, int(5 * z)), AA)
            cv2.circle(m, (int(tip[0]), int(tip[1])), max(2, int(3.5 * z)), 255, -1, AA)
        plates.paint(m, col)
        plates.paint(_disc(c, 4 * z), {"blue": 1.0, "black": 0.5})
    elif kind == "pink":  # cherry blossom: five notched petals
        for k in range(5):
            a = 2 * np.pi * k / 5 - np.pi / 2
            pc = (x + 10 * z * np.cos(a), y + 10 * z * np.sin(a))
            plates.paint(_disc(pc, 8 * z), col)
            plates.knock_out(_disc((x + 19 * z * np.cos(a), y + 19 * z * np.sin(a)), 2.5 * z))
        plates.paint(_disc(c, 4 * z), {"yellow": 1.0, "pink": 0.6})
    elif kind == "purple":  # lavender: a spike of small buds
        m = _blank()
        for k in range(5):
            for sx in (-1, 1):
                cv2.ellipse(m, (int(x + sx * 5 * z), int(y - 20 * z + 9 * k * z)),
                            (max(2, int(3 * z)), max(2, int(5 * z))), sx * 30, 0, 360, 255, -1, AA)
        cv2.circle(m, (int(x), int(y - 27 * z)), max(2, int(3 * z)), 255, -1, AA)
        plates.paint(m, col)
    else:  # sunflower: petals round a dark centre
        for k in range(12):
            a = k * np.pi / 6
            m = _blank()
            cv2.ellipse(m, (int(x + 12 * z * np.cos(a)), int(y + 12 * z * np.sin(a))),
                        (max(2, int(7 * z)), max(2, int(3 * z))), np.degrees(a), 0, 360, 255,
                        -1, AA)
            plates.paint(m, col)
        plates.paint(_disc(c, 7 * z), {"yellow": 0.8, "pink": 0.6, "black": 0.6})


def _sprig(plates: _Plates, base: tuple[float, float], head: tuple[float, float], kind: str,
           z: float) -> None:
    """A flower on its stem with one leaf."""
    m = _blank()
    cv2.line(m, (int(base[0]), int(base[1])), (int(head[0]), int(head[1])), 255,
             max(2, int(3 * z)), AA)
    mid = ((base[0] + head[0]) / 2, (base[1] + head[1]) / 2)
    cv2.ellipse(m, (int(mid[0] + 6 * z), int(mid[1])), (int(9 * z), int(4 * z)), -30, 0, 360, 255,
                -1, AA)
    plates.paint(m, LEAF)
    _flower_head(plates, head, kind, z)


def _egg_stamp(egg: str | None, flowers: tuple[str, ...], plates: _Plates):
    def draw(c: tuple[int, int], tilt: float) -> None:
        if egg:
            plates.paint(_poly(_egg_pts(c, 9, 12, tilt)), EGG[egg])
        elif flowers:  # flower-only: a tiny flower of its kind in the ring
            _flower_head(plates, c, flowers[0], 0.55)
    return draw


@cache
def pisanki_face(card: pg.Card | None) -> np.ndarray:
    """One card of the ninth deck (None: its back)."""
    name = repr(card)
    rng = _rng(name)
    plates = _Plates()
    if card is None:  # a blue back with white eggs knocked out, a pink egg in the middle
        plates.paint(_inside(), {"blue": 0.9})
        for j, y in enumerate(range(FRAME + 22, H, 40)):
            for x in range(FRAME + 18 + (j % 2) * 22, W, 44):
                plates.knock_out(_poly(_egg_pts((x, y), 8, 11, 20 if j % 2 else -20)))
        plates.knock_out(_disc((W / 2, H / 2), 56))
        plates.paint(_poly(_egg_pts((W / 2, H / 2), 32, 42)), {"pink": 1.0})
        _wobbly_frame(plates, rng)
        return plates.press(name)
    _cloth(plates, card.cloth)
    if card.egg and card.double:  # two eggs side by side in a woven basket
        _egg(plates, (W / 2 - 36, H * 0.42), 0.62, card.egg)
        _egg(plates, (W / 2 + 36, H * 0.42), 0.62, card.egg)
        basket = _poly([(W / 2 - 90, H * 0.50), (W / 2 + 90, H * 0.50), (W / 2 + 70, H * 0.70),
                        (W / 2 - 70, H * 0.70)])
        plates.paint(basket, BASKET)
        weave = _blank()
        for k, y in enumerate(np.arange(H * 0.53, H * 0.70, 8)):
            cv2.line(weave, (int(W / 2 - 86 + k * 3), int(y)), (int(W / 2 + 86 - k * 3), int(y)),
                     255, 2, AA)
        plates.paint(weave & basket, {"yellow": 0.9, "pink": 0.7, "blue": 0.6, "black": 0.3})
    elif card.egg:
        _egg(plates, (W / 2, H * 0.43), 1.0, card.egg)
    if card.egg is None:  # flower-only: a large bouquet, stems crossed and tied
        (a, b) = card.flowers
        _sprig(plates, (W / 2 + 30, H * 0.80), (W / 2 - 42, H * 0.33), a, 1.7)
        _sprig(plates, (W / 2 - 30, H * 0.80), (W / 2 + 42, H * 0.33), b, 1.7)
        bow = _blank()
        cv2.ellipse(bow, (int(W / 2 - 12), int(H * 0.66)), (12, 7), 20, 0, 360, 255, -1, AA)
        cv2.ellipse(bow, (int(W / 2 + 12), int(H * 0.66)), (12, 7), -20, 0, 360, 255, -1, AA)
        plates.paint(bow, {"pink": 1.0, "yellow": 0.3})
    else:
        spots = (((44, H - 30), (52, H - 86)), ((W - 44, H - 30), (W - 52, H - 86)))
        for (base, head), kind in zip(spots, card.flowers, strict=False):
            _sprig(plates, base, head, kind, 1.0)
    _wobbly_frame(plates, rng)
    _stamp(plates, rng, _egg_stamp(card.egg, card.flowers, plates))
    return plates.press(name)


def pisanki_deck() -> list[pg.Card | None]:
    """The 75 exhibition cards in this deck's own split (the rulebook's counts)."""
    cloths = ("checked", "striped", "dotted")
    eggs, flowers = pg.EGGS, pg.FLOWERS
    cards: list[pg.Card | None] = []
    for i in range(45):  # every cloth with every egg twice, nine of them a third time
        j = (7 * i + 3 * (i // 18)) % 18
        cards.append(pg.Card(cloths[j % 3], eggs[(j // 3) % 6]))
    cards += [pg.Card(cloths[(i + 1) % 3], eggs[(i + 3) % 6], False, (flowers[(i + i // 4) % 4],))
              for i in range(12)]
    cards += [pg.Card(cloths[i % 3], eggs[(i + 1) % 6], False, (flowers[(i + 2) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card(cloths[(i + 2) % 3], None, False, (flowers[(i + 3) % 4],) * 2)
              for i in range(6)]
    cards += [pg.Card("neutral", egg, True) for egg in eggs]
    return cards


# -- Okoshki ---------------------------------------------------------------------------------
CURTAIN = {"red": {"pink": 1.0, "yellow": 0.9}, "yellow": {"yellow": 1.0},
           "purple": {"pink": 1.0, "blue": 0.55}, "green": {"blue": 0.8, "yellow": 1.0},
           "brown": {"pink": 0.85, "yellow": 0.9, "blue": 0.45, "black": 0.3},
           "blue": {"blue": 1.0}}
WALL = {"yellow": 0.22, "pink": 0.05}
PANE = (42, 44, W - 42, H - 84)  # x0, y0, x1, y1: the glass, near square
DAY, NIGHT, GREY = {"blue": 0.32}, {"blue": 1.0, "pink": 0.25, "black": 0.55}, \
    {"black": 0.22, "blue": 0.12}
BRANCH = {"yellow": 0.7, "pink": 0.55, "blue": 0.6, "black": 0.35}


def _cloud(plates: _Plates, c: tuple[float, float], s: float) -> None:
    m = _blank()
    for dx, dy, r in ((-14, 4, 10), (0, -5, 14), (14, 4, 10)):
        cv2.circle(m, (int(c[0] + dx * s), int(c[1] + dy * s)), int(r * s), 255, -1, AA)
    cv2.rectangle(m, (int(c[0] - 14 * s), int(c[1] + 2 * s)), (int(c[0] + 14 * s),
                                                               int(c[1] + 14 * s)), 255, -1)
    plates.knock_out(m)
    under = _blank()  # a pink underside: the paper-white cloud needs an edge on a pale sky
    cv2.rectangle(under, (int(c[0] - 22 * s), int(c[1] + 10 * s)), (int(c[0] + 22 * s),
                                                                    int(c[1] + 14 * s)), 255, -1)
    plates.paint(under & m, {"pink": 0.3, "blue": 0.15})


def _sun(plates: _Plates, c: tuple[float, float], r: float) -> None:
    rays = _blank()
    for k in range(12):
        a = k * np.pi / 6
        pts = [(c[0] + (r + 13) * np.cos(a), c[1] + (r + 13) * np.sin(a)),
               (c[0] + (r + 2) * np.cos(a - 0.18), c[1] + (r + 2) * np.sin(a - 0.18)),
               (c[0] + (r + 2) * np.cos(a + 0.18), c[1] + (r + 2) * np.sin(a + 0.18))]
        cv2.fillConvexPoly(rays, np.array(pts, np.int32), 255, AA)
    plates.paint(rays, {"yellow": 1.0, "pink": 0.45})
    plates.paint(_disc(c, r), {"yellow": 1.0})


def _rainbow(plates: _Plates, c: tuple[int, int], r: int) -> None:
    for i, mix in enumerate([{"pink": 1.0, "yellow": 0.8}, {"yellow": 1.0, "pink": 0.4},
                             {"yellow": 1.0}, {"yellow": 0.9, "blue": 0.7}, {"blue": 0.9},
                             {"pink": 0.9, "blue": 0.8}]):
        m = _blank()
        cv2.ellipse(m, c, (r - 7 * i, r - 7 * i), 0, 180, 360, 255, 7, AA)
        plates.paint(m, mix)


def _branch(plates: _Plates, y_left: int, y_right: int) -> None:
    x0, _, x1, _ = PANE
    m = _blank()
    cv2.line(m, (x0, y_left), (x1, y_right), 255, 7, AA)
    cv2.line(m, ((x0 + x1) // 2 + 30, (y_left + y_right) // 2 - 2),
             ((x0 + x1) // 2 + 52, (y_left + y_right) // 2 - 22), 255, 4, AA)
    plates.paint(m, BRANCH)


def _bullfinch(plates: _Plates, c: tuple[int, int]) -> None:
    """A bullfinch perched: a blue-grey back, a pink breast, a black cap and tail."""
    x, y = c
    body = _blank()
    cv2.ellipse(body, (x, y), (20, 15), -15, 0, 360, 255, -1, AA)
    plates.paint(body, {"blue": 0.45, "black": 0.3})
    tail = _poly([(x - 16, y + 2), (x - 40, y + 14), (x - 36, y + 20), (x - 12, y + 10)])
    plates.paint(tail, {"black": 0.9})
    breast = _blank()
    cv2.ellipse(breast, (x + 5, y + 5), (14, 11), 0, 0, 360, 255, -1, AA)
    plates.paint(breast, {"pink": 1.0, "yellow": 0.35})
    plates.paint(_disc((x + 16, y - 12), 10), {"blue": 0.45, "black": 0.3})
    cap = _blank()
    cv2.ellipse(cap, (x + 17, y - 15), (10, 7), 0, 180, 360, 255, -1, AA)
    plates.paint(cap, {"black": 0.9})
    plates.paint(_disc((x + 19, y - 12), 2), {"black": 1.0})


def _owl(plates: _Plates, cx: int, cy: int) -> None:
    body = _blank()
    cv2.ellipse(body, (cx, cy + 10), (26, 34), 0, 0, 360, 255, -1, AA)
    plates.paint(body | _poly([(cx - 24, cy - 14), (cx - 22, cy - 36), (cx - 8, cy - 20)])
                 | _poly([(cx + 24, cy - 14), (cx + 22, cy - 36), (cx + 8, cy - 20)]),
                 {"yellow": 0.8, "pink": 0.45, "blue": 0.45})
    belly = _blank()
    cv2.ellipse(belly, (cx, cy + 20), (15, 20), 0, 0, 360, 255, -1, AA)
    plates.paint(belly, {"yellow": 0.5, "pink": 0.2})
    for s in (-1, 1):
        plates.paint(_disc((cx + s * 11, cy - 4), 9), {"yellow": 1.0})
        plates.paint(_disc((cx + s * 11, cy - 4), 3), {"black": 1.0})


def _cat(plates: _Plates, mix: dict[str, float], x: int, base: int, stripes: bool) -> None:
    """A cat sitting on the sill facing the room: a round head with ears on a pear body."""
    shape = _blank()
    cv2.ellipse(shape, (x, base - 28), (32, 30), 0, 180, 360, 255, -1, AA)
    cv2.rectangle(shape, (x - 32, base - 30), (x + 32, base), 255, -1)
    cv2.circle(shape, (x, base - 74), 24, 255, -1, AA)
    for sx in (-1, 1):
        cv2.fillConvexPoly(shape, np.array([(x + sx * 22, base - 82), (x + sx * 20, base - 108),
                                            (x + sx * 6, base - 94)], np.int32), 255, AA)
    tail = _blank()
    cv2.ellipse(tail, (x + 44, base - 16), (14, 20), 0, 90, 250, 255, 7, AA)
    plates.paint(shape | tail, mix)
    if stripes:
        m = _blank()
        for k in range(-24, 28, 10):
            cv2.line(m, (x + k, base - 54), (x + k + 3, base - 6), 255, 3, AA)
        for dy in (-86, -80):
            cv2.line(m, (x - 10, base + dy), (x + 10, base + dy), 255, 2, AA)
        plates.paint(m & shape, {"black": 0.85})
    for sx in (-1, 1):  # eyes
        plates.paint(_disc((x + sx * 9, base - 76), 4), {"yellow": 1.0, "blue": 0.5})
        plates.paint(_disc((x + sx * 9, base - 76), 1.5), {"black": 1.0})


def _scene(plates: _Plates, kind: str, window: int) -> None:
    x0, y0, x1, y1 = PANE
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2 + 18
    glass = _blank()
    cv2.rectangle(glass, (x0, y0), (x1, y1), 255, -1)
    plates.paint(glass, NIGHT if kind == "owl" else GREY if kind == "sun_clouded" else DAY)
    if kind in ("sun", "sun_rainbow", "sun_clouded"):
        if kind == "sun_rainbow":
            _rainbow(plates, (cx, y1 + 6), 80)
        _sun(plates, (cx + 22, cy - 24) if kind != "sun" else (cx, cy - 4), 22)
        if kind == "sun_clouded":
            _cloud(plates, (cx + 6, cy - 6), 1.5)
    elif kind == "bird":
        _branch(plates, cy + 36, cy + 16)
        _bullfinch(plates, (cx - 6, cy + 8))
    elif kind == "owl":
        plates.paint(_disc((x0 + 28, y0 + 72), 12), {"yellow": 0.55})
        plates.paint(_disc((x0 + 34, y0 + 67), 11), NIGHT)  # a crescent
        _branch(plates, cy + 50, cy + 40)
        _owl(plates, cx + 10, cy + 8)
    elif kind == "swallow_rainbow":
        _rainbow(plates, (cx - 4, y1 + 6), 78)
        sw = _poly([(cx - 40, cy - 26), (cx - 6, cy - 32), (cx + 14, cy - 62), (cx + 10, cy - 30),
                    (cx + 44, cy - 24), (cx + 8, cy - 20), (cx + 2, cy + 6), (cx - 10, cy - 20)])
        plates.paint(sw, {"blue": 1.0, "black": 0.7})
        plates.paint(_disc((cx - 30, cy - 28), 4), {"pink": 1.0, "yellow": 0.9})
    elif kind.startswith("cat"):
        mix = {"cat": {"black": 0.92}, "cat_red": {"yellow": 1.0, "pink": 0.55},
               "cat_tabby": {"black": 0.35, "blue": 0.1}}[kind]
        _cat(plates, mix, cx - 8, y1, kind == "cat_tabby")
    else:  # sky: as many clouds as the window's number, each window its own places
        spots = ((cx - 36, cy - 56), (cx + 34, cy - 24), (cx - 28, cy + 18), (cx + 30, cy + 56))
        for k in range(window):
            _cloud(plates, spots[(k + window) % 4], 1.0 + 0.15 * (k % 2))


def _curtain(plates: _Plates, mix: dict[str, float], printed: bool) -> None:
    """A tie-up curtain across the top of the window: two swags gathered by a bow, short tails
    at the sides; the print: small white five-dot flowers knocked out."""
    x0, y0, x1, _ = PANE
    cx = (x0 + x1) // 2
    cloth = _blank()
    cv2.rectangle(cloth, (x0 - 8, y0 - 8), (x1 + 8, y0 + 18), 255, -1)
    for sx in (-1, 1):  # each swag hangs lower towards the bow
        xa, xb = (x0 - 8, cx) if sx < 0 else (cx, x1 + 8)
        pts = [(xa, y0 + 14)] + [(xa + (xb - xa) * t, y0 + 14 + 40 * np.sin(np.pi * t) ** 0.8)
                                 for t in np.linspace(0, 1, 24)] + [(xb, y0 + 14)]
        cv2.fillPoly(cloth, [np.array(pts, np.int32)], 255, AA)
        tx = x0 - 8 if sx < 0 else x1 - 14
        cv2.rectangle(cloth, (tx, y0), (tx + 22, y0 + 96), 255, -1)
    plates.paint(cloth, mix)
    folds = _blank()  # the gathers: darker lines fanning to the bow
    for k in range(-3, 4):
        cv2.line(folds, (cx + 22 * k, y0 - 4), (cx + 4 * k, y0 + 18), 255, 2, AA)
    plates.paint(folds & cloth, {**mix, "black": 0.25})
    if printed:
        dots = _blank()
        for j, y in enumerate(range(y0 - 2, y0 + 100, 16)):
            for x in range(x0 - 4 + (j % 2) * 9, x1 + 10, 18):
                for k in range(5):
                    a = 2 * np.pi * k / 5
                    cv2.circle(dots, (int(x + 3.5 * np.cos(a)), int(y + 3.5 * np.sin(a))), 2,
                               255, -1, AA)
        plates.knock_out(dots & cv2.erode(cloth, np.ones((3, 3), np.uint8)))
    bow = _blank()
    for sx in (-1, 1):
        cv2.ellipse(bow, (cx + sx * 10, y0 + 18), (11, 7), sx * 20, 0, 360, 255, -1, AA)
    plates.paint(bow, {**mix, "black": 0.45})


def _numeral(plates: _Plates, window: int, rng: np.random.Generator):
    def draw(c: tuple[int, int], tilt: float) -> None:
        size, _ = cv2.getTextSize(str(window), cv2.FONT_HERSHEY_DUPLEX, 0.85, 2)
        tile = np.zeros((40, 40), np.uint8)
        cv2.putText(tile, str(window), (20 - size[0] // 2, 20 + size[1] // 2),
                    cv2.FONT_HERSHEY_DUPLEX, 0.85, 255, 2, AA)
        rot = cv2.getRotationMatrix2D((20, 20), tilt, 1)
        tile = cv2.warpAffine(tile, rot, (40, 40))
        m = _blank()
        m[c[1] - 20:c[1] + 20, c[0] - 20:c[0] + 20] = tile
        m[rng.random((H, W)) < 0.08] = 0  # the rubber's uneven take
        plates.paint(m, {"black": 0.85})
    return draw


@cache
def okoshki_face(cid: str) -> np.ndarray:
    """One Okoshki card of the ninth deck."""
    card = ok.CARDS[cid]
    rng = _rng(cid)
    plates = _Plates()
    plates.paint(_inside(), WALL)
    x0, y0, x1, y1 = PANE
    frame = _blank()
    cv2.rectangle(frame, (x0 - 9, y0 - 9), (x1 + 9, y1 + 9), 255, -1)
    plates.knock_out(frame)  # the white window frame
    _scene(plates, card.kind, card.window)
    pen = _blank()
    cv2.rectangle(pen, (x0 - 10, y0 - 10), (x1 + 10, y1 + 10), 255, 2, AA)
    cv2.rectangle(pen, (x0, y0), (x1, y1), 255, 1, AA)
    plates.paint(pen, {"black": 0.8})
    sill = _blank()
    cv2.rectangle(sill, (x0 - 20, y1 + 6), (x1 + 20, y1 + 20), 255, -1)
    plates.paint(sill, BRANCH)
    _curtain(plates, CURTAIN[card.suit.split("-")[0]], card.suit.endswith("-print"))
    _wobbly_frame(plates, rng)
    _stamp(plates, rng, _numeral(plates, card.window, rng))
    return plates.press(cid)


def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki cards of the ninth deck by id."""
    return {c.id: okoshki_face(c.id) for c in ok.DECK}
