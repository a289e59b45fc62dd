"""The reference deck, drawn in code: every Pisanki card face and back, all 48 Okoshki cards.

The real card art is not available, so the project draws its own faces: textured cloth
patterns, shaded eggs, flowers on badges, window scenes behind curtains. The entry pages use
the same design, and the recogniser compares photos against these faces (or against a deck a
player registered from photos of the real cards).
"""

from __future__ import annotations

import zlib
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import refcache

W, H = 250, 350  # card size in pixels (5:7)
BORDER = 9

# BGR colours. Eggs and flowers are far apart in hue and sit in different places on the card.
CLOTH_COLOURS = {
    "checked": ((60, 60, 196), (222, 222, 244)),
    "striped": ((182, 110, 52), (245, 228, 212)),
    "dotted": ((40, 120, 30), (160, 215, 165)),
    "neutral": ((130, 170, 200), (150, 190, 216)),
}


def _bgr(hex_rgb: str) -> tuple[int, int, int]:
    """'#823296' as OpenCV's (blue, green, red)."""
    r, g, b = (int(hex_rgb[i:i + 2], 16) for i in (1, 3, 5))
    return b, g, r


EGG_COLOURS = {egg: _bgr(c) for egg, c in pg.EGG_COLOURS.items()}  # the rules' one list
FLOWER_COLOURS = {kind: _bgr(c) for kind, c in pg.FLOWER_COLOURS.items()}
CREAM = (228, 244, 250)
INK = (40, 40, 40)
PLATE = ((W // 2, H // 2 + 10), (74, 104))  # centre, axes
BADGES = ((48, 50), (W - 48, 50))
BADGE_R = 30


def _texture(img: np.ndarray, seed: int, amount: float = 10.0) -> np.ndarray:
    """Paper grain and a soft vignette, so faces are not flat colour blocks."""
    rng = np.random.default_rng(seed)
    noise = rng.normal(0, amount, img.shape[:2]).astype(np.float32)
    noise = cv2.GaussianBlur(noise, (0, 0), 1.2)
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]].astype(np.float32)
    vig = 1 - 0.10 * (((xx / img.shape[1] - 0.5) ** 2 + (yy / img.shape[0] - 0.5) ** 2) * 2)
    out = img.astype(np.float32) * vig[..., None] + noise[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def _cloth(cloth: str) -> np.ndarray:
    dark, light = CLOTH_COLOURS[cloth]
    img = np.full((H, W, 3), light, np.uint8)
    if cloth == "checked":
        for y in range(0, H, 25):
            for x in range(0, W, 25):
                if (x // 25 + y // 25) % 2 == 0:
                    cv2.rectangle(img, (x, y), (x + 24, y + 24), dark, -1)
    elif cloth == "striped":
        for k in range(-H, W + H, 28):
            cv2.line(img, (k, 0), (k + H, H), dark, 12, cv2.LINE_AA)
    elif cloth == "dotted":
        for y in range(8, H, 22):
            for x in range(8 + (y // 22 % 2) * 11, W, 22):
                cv2.circle(img, (x, y), 7, dark, -1, cv2.LINE_AA)
    else:  # neutral linen: a fine weave
        for k in range(0, W, 6):
            cv2.line(img, (k, 0), (k, H), dark, 1)
        for k in range(0, H, 6):
            cv2.line(img, (0, k), (W, k), dark, 1)
    return img


def _egg(img: np.ndarray, centre: tuple[int, int], axes: tuple[int, int], colour) -> None:
    cx, cy = centre
    ax, ay = axes
    cv2.ellipse(img, centre, axes, 0, 0, 360, colour, -1, cv2.LINE_AA)
    # shading: a lighter highlight up-left
    hl = tuple(min(255, c + 70) for c in colour)
    cv2.ellipse(img, (cx - ax // 3, cy - ay // 3), (ax // 4, ay // 5), -30, 0, 360, hl, -1,
                cv2.LINE_AA)
    # a white zigzag band and dots, as painted eggs have
    pts = np.array([(cx - ax + 4 + i * (2 * ax - 8) // 8, cy + (6 if i % 2 else -6))
                    for i in range(9)], np.int32)
    cv2.polylines(img, [pts], False, (250, 250, 250), 4, cv2.LINE_AA)
    for i in range(-2, 3):
        cv2.circle(img, (cx + i * ax // 3, cy + ay // 2), 4, (250, 250, 250), -1, cv2.LINE_AA)
    cv2.ellipse(img, centre, axes, 0, 0, 360, INK, 2, cv2.LINE_AA)


def _flower(img: np.ndarray, centre: tuple[int, int], r: int, colour) -> None:
    cx, cy = centre
    for k in range(5):
        a = k * 2 * np.pi / 5 - np.pi / 2
        p = (int(cx + r * 0.55 * np.cos(a)), int(cy + r * 0.55 * np.sin(a)))
        cv2.circle(img, p, int(r * 0.42), colour, -1, cv2.LINE_AA)
        cv2.circle(img, p, int(r * 0.42), INK, 1, cv2.LINE_AA)
    cv2.circle(img, centre, int(r * 0.28), (90, 220, 255), -1, cv2.LINE_AA)


def _frame(img: np.ndarray) -> None:
    cv2.rectangle(img, (0, 0), (W - 1, H - 1), CREAM, BORDER * 2)
    cv2.rectangle(img, (BORDER, BORDER), (W - 1 - BORDER, H - 1 - BORDER), INK, 2)
    cv2.rectangle(img, (0, 0), (W - 1, H - 1), (150, 150, 150), 1)


def pisanki_face(cloth: str, egg: str | None, double: bool = False,
                 flowers: tuple[str, ...] = ()) -> np.ndarray:
    """One Pisanki exhibition card."""
    img = _cloth(cloth)
    centre, axes = PLATE
    cv2.ellipse(img, centre, axes, 0, 0, 360, CREAM, -1, cv2.LINE_AA)
    cv2.ellipse(img, centre, axes, 0, 0, 360, INK, 2, cv2.LINE_AA)
    if egg and double:
        _egg(img, (centre[0] - 38, centre[1]), (27, 46), EGG_COLOURS[egg])
        _egg(img, (centre[0] + 38, centre[1]), (27, 46), EGG_COLOURS[egg])
    elif egg:
        _egg(img, centre, (46, 66), EGG_COLOURS[egg])
    for pos, kind in zip(BADGES, flowers, strict=False):
        cv2.circle(img, pos, BADGE_R, CREAM, -1, cv2.LINE_AA)
        cv2.circle(img, pos, BADGE_R - 2, INK, 6, cv2.LINE_AA)  # a bold ring: a badge, not cloth
        _flower(img, pos, BADGE_R - 10, FLOWER_COLOURS[kind])
    _frame(img)
    seed = zlib.crc32(repr((cloth, egg, double, flowers)).encode())  # stable across runs
    return _texture(img, seed)


def pisanki_back() -> np.ndarray:
    """The back of a Pisanki card (a face-down cell, an empty basket)."""
    img = np.full((H, W, 3), (40, 70, 110), np.uint8)
    for y in range(-20, H + 20, 30):
        for x in range(-20, W + 20, 30):
            pts = np.array([(x, y - 12), (x + 12, y), (x, y + 12), (x - 12, y)], np.int32)
            cv2.fillConvexPoly(img, pts, (70, 110, 160), cv2.LINE_AA)
    cv2.ellipse(img, (W // 2, H // 2), (60, 80), 0, 0, 360, (60, 160, 220), 6, cv2.LINE_AA)
    _frame(img)
    return _texture(img, 7)


def pisanki_cards() -> list[pg.Card]:
    """Every card kind the Pisanki deck can have (games.pisanki.card_kinds)."""
    return list(pg.card_kinds())


# -- Okoshki ---------------------------------------------------------------------------------
CURTAIN_COLOURS = {
    "red": (50, 50, 200), "yellow": (40, 200, 235), "purple": (140, 60, 130),
    "green": (60, 150, 50), "brown": (40, 80, 130), "blue": (170, 90, 30),
}
WINDOW = (62, 62, 188, 250)  # x0, y0, x1, y1 of the window pane


def _curtain(img: np.ndarray, x0: int, x1: int, colour, print_: bool, motif: int) -> None:
    y0, y1 = 40, 290
    pts = np.array([(x0, y0), (x1, y0), ((x0 + x1) // 2 + (8 if x0 < W // 2 else -8), y1),
                    (x0, y1)], np.int32)
    cv2.fillConvexPoly(img, pts, colour, cv2.LINE_AA)
    for k in range(x0 + 6, x1, 9):  # folds
        cv2.line(img, (k, y0), (k + (4 if x0 < W // 2 else -4), y1 - 20),
                 tuple(max(0, c - 45) for c in colour), 2, cv2.LINE_AA)
    if print_:
        rng = np.random.default_rng(motif)
        for _ in range(14):
            x = int(rng.integers(x0 + 4, x1 - 4))
            y = int(rng.integers(y0 + 6, y1 - 30))
            if motif % 3 == 0:
                cv2.circle(img, (x, y), 4, (245, 245, 245), -1, cv2.LINE_AA)
            elif motif % 3 == 1:
                cv2.drawMarker(img, (x, y), (245, 245, 245), cv2.MARKER_STAR, 10, 2)
            else:
                cv2.drawMarker(img, (x, y), (245, 245, 245), cv2.MARKER_DIAMOND, 9, 2)


def _scene(img: np.ndarray, kind: str, window: int = 1) -> None:
    x0, y0, x1, y1 = WINDOW
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    sky = (235, 206, 160) if kind != "sun_clouded" else (200, 190, 180)
    cv2.rectangle(img, (x0, y0), (x1, y1), sky, -1)

    def sun(c, r):
        for k in range(12):
            a = k * np.pi / 6
            cv2.line(img, (int(c[0] + r * 1.2 * np.cos(a)), int(c[1] + r * 1.2 * np.sin(a))),
                     (int(c[0] + r * 1.6 * np.cos(a)), int(c[1] + r * 1.6 * np.sin(a))),
                     (0, 170, 250), 3, cv2.LINE_AA)
        cv2.circle(img, c, r, (40, 200, 255), -1, cv2.LINE_AA)
        cv2.circle(img, c, r, (0, 140, 230), 2, cv2.LINE_AA)

    def rainbow():
        for i, col in enumerate([(60, 60, 230), (40, 150, 250), (40, 220, 250), (70, 180, 60),
                                 (200, 120, 40)]):
            cv2.ellipse(img, (cx, y1 - 10), (58 - i * 7, 70 - i * 7), 0, 180, 360, col, 6,
                        cv2.LINE_AA)

    def cloud(c, s):
        for dx, dy, r in ((-18, 4, 16), (0, -6, 20), (20, 4, 15), (8, 8, 16)):
            cv2.circle(img, (c[0] + int(dx * s), c[1] + int(dy * s)), int(r * s),
                       (245, 245, 245), -1, cv2.LINE_AA)

    def cat(colour, stripes=False):
        cv2.ellipse(img, (cx, y1 - 40), (38, 32), 0, 0, 360, colour, -1, cv2.LINE_AA)
        cv2.circle(img, (cx, y1 - 90), 26, colour, -1, cv2.LINE_AA)
        for s in (-1, 1):
            tri = np.array([(cx + s * 24, y1 - 98), (cx + s * 20, y1 - 128),
                            (cx + s * 6, y1 - 110)], np.int32)
            cv2.fillConvexPoly(img, tri, colour, cv2.LINE_AA)
            cv2.circle(img, (cx + s * 9, y1 - 94), 4, (60, 220, 200), -1, cv2.LINE_AA)
        cv2.ellipse(img, (cx + 40, y1 - 50), (10, 34), 20, 0, 360, colour, -1, cv2.LINE_AA)
        if stripes:
            for k in range(-30, 31, 12):
                cv2.line(img, (cx + k, y1 - 70), (cx + k + 6, y1 - 15), (70, 70, 70), 4)

    if kind == "sun":
        sun((cx, cy), 30)
    elif kind == "sun_rainbow":
        rainbow()
        sun((cx, cy - 20), 20)
    elif kind == "sun_clouded":
        sun((cx + 14, cy - 14), 26)
        cloud((cx - 10, cy + 16), 1.3)
    elif kind == "bird":
        for bx, by in ((cx - 30, cy - 30), (cx + 20, cy), (cx - 10, cy + 40)):
            cv2.polylines(img, [np.array([(bx - 18, by - 6), (bx - 6, by), (bx, by - 8),
                                          (bx + 6, by), (bx + 18, by - 6)], np.int32)],
                          False, (40, 40, 40), 4, cv2.LINE_AA)
    elif kind == "owl":
        cv2.ellipse(img, (cx, cy + 20), (36, 50), 0, 0, 360, (50, 90, 140), -1, cv2.LINE_AA)
        cv2.ellipse(img, (cx, cy + 36), (22, 28), 0, 0, 360, (140, 190, 220), -1, cv2.LINE_AA)
        for s in (-1, 1):
            cv2.circle(img, (cx + s * 15, cy - 8), 13, (250, 250, 250), -1, cv2.LINE_AA)
            cv2.circle(img, (cx + s * 15, cy - 8), 6, (20, 20, 20), -1, cv2.LINE_AA)
            tri = np.array([(cx + s * 30, cy - 20), (cx + s * 34, cy - 42), (cx + s * 16, cy - 26)],
                           np.int32)
            cv2.fillConvexPoly(img, tri, (50, 90, 140), cv2.LINE_AA)
        cv2.fillConvexPoly(img, np.array([(cx - 5, cy + 4), (cx + 5, cy + 4), (cx, cy + 14)],
                                         np.int32), (30, 160, 240), cv2.LINE_AA)
    elif kind == "swallow_rainbow":
        rainbow()
        pts = np.array([(cx - 40, cy - 20), (cx, cy - 4), (cx + 36, cy - 36), (cx + 12, cy + 6),
                        (cx + 40, cy + 30), (cx + 4, cy + 16), (cx - 20, cy + 20)], np.int32)
        cv2.fillPoly(img, [pts], (80, 40, 30), cv2.LINE_AA)
    elif kind == "cat":
        cat((35, 35, 35))
    elif kind == "cat_red":
        cat((40, 110, 225))
    elif kind == "cat_tabby":
        cat((150, 150, 150), stripes=True)
    else:  # sky: each window of a suit has its own clouds, so the pips are not the only clue
        cloud((cx - 30 + 14 * window, cy - 44 + 18 * window), 1.0)
        cloud((cx + 30 - 16 * window, cy + 46 - 10 * window), 0.8)
        if window % 2 == 0:
            cloud((cx + 28, cy - 50), 0.55)
    cv2.rectangle(img, (x0, y0), (x1, y1), (60, 80, 110), 6)
    cv2.line(img, (cx, y0), (cx, y1), (60, 80, 110), 4)
    cv2.line(img, (x0, cy), (x1, cy), (60, 80, 110), 4)


def okoshki_face(card: ok.Card) -> np.ndarray:
    """One Okoshki card: the scene in the window, the suit's curtains, the window's pips."""
    img = np.full((H, W, 3), (215, 235, 245), np.uint8)
    colour_name = card.suit.split("-")[0]
    print_ = card.suit.endswith("-print")
    _scene(img, card.kind, card.window)
    motif = ok.SUITS.index(card.suit)
    _curtain(img, 24, 78, CURTAIN_COLOURS[colour_name], print_, motif)
    _curtain(img, 172, 226, CURTAIN_COLOURS[colour_name], print_, motif + 5)
    cv2.rectangle(img, (24, 34), (226, 46), (40, 60, 90), -1)  # curtain rod
    cv2.rectangle(img, (40, 290), (210, 306), (70, 110, 150), -1)  # sill
    for k in range(card.window):  # pips: which of the suit's four windows
        cv2.circle(img, (W // 2 - (card.window - 1) * 14 + k * 28, 326), 9, (40, 60, 90), -1,
                   cv2.LINE_AA)
    # the suit's mark in the corner: colour dot, ring for print
    cv2.circle(img, (30, 326), 12, CURTAIN_COLOURS[colour_name], -1, cv2.LINE_AA)
    if print_:
        cv2.circle(img, (30, 326), 12, (250, 250, 250), 3, cv2.LINE_AA)
    _frame(img)
    return _texture(img, 1000 + ok.DECK.index(card))


# Where a registered deck lives (set by assistant.vision.register); None: the drawn deck.
REGISTERED: dict[str, object] = {"folder": None, "seen": None}  # seen: register.follow's


@cache
def okoshki_faces() -> dict[str, np.ndarray]:
    """All 48 Okoshki faces by card id: the registered real cards where there are some,
    else the drawn ones (drawn once per process)."""
    drawn = refcache.kept("okoshki-drawn", None, (),
                          lambda: {"faces": np.stack([okoshki_face(c) for c in ok.DECK])})
    faces = {c.id: face for c, face in zip(ok.DECK, drawn["faces"], strict=True)}
    folder = REGISTERED["folder"]
    if folder is not None:
        for c in ok.DECK:
            path = folder / f"{c.id}.png"  # type: ignore[operator]
            if path.exists():
                img = cv2.imread(str(path))
                if img is not None:
                    faces[c.id] = cv2.resize(img, (W, H))
    return faces


def png(img: np.ndarray) -> bytes:
    """A face as PNG bytes (for the pages)."""
    ok_, buf = cv2.imencode(".png", img)
    if not ok_:
        raise RuntimeError("PNG encoding failed")
    return buf.tobytes()
