"""Sample photos made from the reference deck, with the truth of what is on each.

Deterministic by seed: a Pisanki display table (perspective, rotation up to ±15°, blur,
glare, colour cast, noise, JPEG, a table-cloth background, face-down cards, optionally an
EXIF rotation tag) or an Okoshki zone (loose cards, some overlapping, a cluttered table).
Photos are 4000×3000 (12 MP) like a phone's.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import deck

PHOTO_W, PHOTO_H = 4000, 3000
# The per-pixel camera effects run over bands of this many rows: the same arithmetic, in the
# same order, as over the whole photo at once (so the same bytes), without whole-photo
# temporaries (a float64 noise array alone is 288 MB) whose allocation and memory traffic cost
# more than the arithmetic.
BAND = 32
# The blur runs over bands of BLUR_BAND rows read with BLUR_MARGIN rows more each side: more
# than the Gaussian's reach (OpenCV's kernel for float images spans 4 sigma each side, at
# most 11 rows for the largest sigma drawn, 2.6).
BLUR_BAND, BLUR_MARGIN = 256, 32


def _add_noise(img: np.ndarray, rng: np.random.Generator, sigma: float, channels: int) -> None:
    """img += rng.normal(0, sigma, (rows, cols, channels)) as float32, in place, drawn a band
    of rows at a time (C order: the numbers one draw of the whole would give)."""
    rows, cols = img.shape[:2]
    for y0 in range(0, rows, BAND):
        band = img[y0:y0 + BAND]
        band += rng.normal(0, sigma, (band.shape[0], cols, channels)).astype(np.float32)


def rounded_mask(w: int, h: int, radius: int) -> np.ndarray:
    """A w × h card's shape with rounded corners of `radius`, 255 inside (the decks drawn by
    benchmarks/deck2.py, deck3.py and deck4.py)."""
    m = np.zeros((h, w), np.uint8)
    cv2.rectangle(m, (radius, 0), (w - 1 - radius, h - 1), 255, -1)
    cv2.rectangle(m, (0, radius), (w - 1, h - 1 - radius), 255, -1)
    for cx, cy in ((radius, radius), (w - 1 - radius, radius), (radius, h - 1 - radius),
                   (w - 1 - radius, h - 1 - radius)):
        cv2.circle(m, (cx, cy), radius, 255, -1, cv2.LINE_AA)
    return m


def _tablecloth(rng: np.random.Generator) -> np.ndarray:
    """A woven table-cloth with a large pattern, darker than the cards."""
    base = np.array(rng.choice([(40, 60, 110), (60, 90, 40), (90, 50, 40), (70, 70, 70),
                                (30, 40, 80)]), np.float32)
    img = np.empty((PHOTO_H // 4, PHOTO_W // 4, 3), np.float32)
    img[:] = base
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    period = int(rng.integers(40, 90))
    pattern = ((xx // period + yy // period) % 2).astype(np.float32)
    if rng.random() < 0.5:
        pattern = ((xx + yy) // period % 2).astype(np.float32)
    img += pattern[..., None] * np.array(rng.uniform(10, 35, 3), np.float32)
    weave = (np.sin(xx * 1.7) * np.sin(yy * 1.7)).astype(np.float32) * 8
    img += weave[..., None]
    img = cv2.resize(img, (PHOTO_W, PHOTO_H), interpolation=cv2.INTER_LINEAR)
    _add_noise(img, rng, 6, 1)
    return img


def _clutter(rng: np.random.Generator) -> np.ndarray:
    """A cluttered table: a cloth plus objects (cups, pens, papers, crumbs)."""
    img = _tablecloth(rng)
    for _ in range(int(rng.integers(8, 18))):
        colour = tuple(float(c) for c in rng.uniform(20, 230, 3))
        x, y = int(rng.integers(0, PHOTO_W)), int(rng.integers(0, PHOTO_H))
        kind = rng.integers(0, 3)
        if kind == 0:
            cv2.circle(img, (x, y), int(rng.integers(60, 260)), colour, -1, cv2.LINE_AA)
        elif kind == 1:
            end = (x + int(rng.integers(-700, 700)), y + int(rng.integers(-700, 700)))
            cv2.line(img, (x, y), end, colour, int(rng.integers(10, 40)), cv2.LINE_AA)
        else:
            box = cv2.boxPoints(((x, y), (int(rng.integers(150, 600)), int(rng.integers(100, 400))),
                                 float(rng.uniform(0, 180))))
            cv2.fillConvexPoly(img, box.astype(np.int32), colour, cv2.LINE_AA)
    return img


def _finish(img: np.ndarray, rng: np.random.Generator, strength: float = 1.0) -> np.ndarray:
    """Camera effects: colour cast, glare, blur, noise (`img`, float32, is changed in place)."""
    cast = rng.uniform(1 - 0.12 * strength, 1 + 0.12 * strength, 3).astype(np.float32)
    img *= cast
    img *= rng.uniform(0.85, 1.1)
    if rng.random() < 0.7:  # glare: a soft bright spot
        cx, cy = rng.uniform(0.2, 0.8) * PHOTO_W, rng.uniform(0.2, 0.8) * PHOTO_H
        r = rng.uniform(300, 800)
        gain = rng.uniform(25, 60)
        yy, xx = np.ogrid[0:PHOTO_H, 0:PHOTO_W]
        dx2 = (xx - cx) ** 2
        for y0 in range(0, PHOTO_H, BAND):
            spot = np.exp(-((dx2 + (yy[y0:y0 + BAND] - cy) ** 2) / (2 * r * r)))
            glow = spot.astype(np.float32)[..., None] * gain
            glow *= strength
            img[y0:y0 + BAND] += glow
    sigma = rng.uniform(0.8, 2.6) * strength
    noise = rng.uniform(2, 7)
    rows = img.shape[0]
    out = np.empty(img.shape, np.uint8)
    for y0 in range(0, rows, BLUR_BAND):
        # blurred a band at a time: a band's rows read the same rows around them as a blur of
        # the whole photo reads (BLUR_MARGIN rows more each side), so give the same values
        a, b = max(0, y0 - BLUR_MARGIN), min(rows, y0 + BLUR_BAND + BLUR_MARGIN)
        blurred = cv2.GaussianBlur(img[a:b], (0, 0), sigma)[y0 - a:y0 - a + BLUR_BAND]
        for y1 in range(0, blurred.shape[0], BAND):
            band = blurred[y1:y1 + BAND]
            band += rng.normal(0, noise, band.shape).astype(np.float32)
            np.clip(band, 0, 255, out=band)
            out[y0 + y1:y0 + y1 + band.shape[0]] = band  # truncated, as astype(np.uint8)
    return out


def _paste(canvas: np.ndarray, face: np.ndarray, quad: np.ndarray) -> None:
    """Warp a face onto the canvas at a quadrilateral (corners TL, TR, BR, BL)."""
    h, w = face.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int)
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, canvas.shape[1]), min(y1, canvas.shape[0])
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    m2 = shift @ m
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(face, m2, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), m2, size, flags=cv2.INTER_LINEAR)
    alpha = (mask.astype(np.float32) / 255)[..., None]
    region = canvas[y0:y1, x0:x1]
    region *= 1 - alpha
    region += warped.astype(np.float32) * alpha


def random_table(rng: np.random.Generator, rows: int, cols: int, face_down: int) -> list[list[Any]]:
    """A plausible display table: mostly single eggs, a few flowers, doubles, face-down cards."""
    cards = deck.pisanki_cards()
    singles = [c for c in cards if c.egg and not c.double and not c.flowers]
    flowered = [c for c in cards if c.egg and c.flowers]
    doubles = [c for c in cards if c.double]
    flower_only = [c for c in cards if c.egg is None]
    grid: list[list[Any]] = []
    for _ in range(rows):
        row = []
        for _ in range(cols):
            p = rng.random()
            pool = (singles if p < 0.62 else flowered if p < 0.86
                    else doubles if p < 0.94 else flower_only)
            row.append(pool[int(rng.integers(len(pool)))])
        grid.append(row)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for k in rng.permutation(len(cells))[:face_down]:
        r, c = cells[k]
        grid[r][c] = None
    return grid


def card_json(card: pg.Card | None) -> dict[str, Any] | None:
    """A card as INTERFACE.md writes it."""
    if card is None:
        return None
    return {"cloth": card.cloth, "egg": card.egg, "double": card.double,
            "flowers": list(card.flowers)}


def pisanki_photo(seed: int, rows: int, cols: int, face_down: int = 0,
                  exif_orientation: int = 1) -> tuple[bytes, dict[str, Any]]:
    """A photo of a display table and the truth of it."""
    rng = np.random.default_rng(seed)
    grid = random_table(rng, rows, cols, face_down)
    gap = 6
    gw, gh = cols * (deck.W + gap) - gap, rows * (deck.H + gap) - gap
    canvas = _tablecloth(rng)
    # Where the table lands in the photo: centred, 55–75 % of the width, turned up to ±15°,
    # with a little perspective.
    scale = rng.uniform(0.55, 0.72) * PHOTO_W / gw
    scale = min(scale, 0.8 * PHOTO_H / gh)
    angle = np.deg2rad(rng.uniform(-15, 15))
    centre = np.array([PHOTO_W / 2 + rng.uniform(-200, 200), PHOTO_H / 2 + rng.uniform(-150, 150)])
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    half = np.array([[-gw / 2, -gh / 2], [gw / 2, -gh / 2], [gw / 2, gh / 2], [-gw / 2, gh / 2]])
    quad = (half * scale) @ rot.T + centre
    quad += rng.uniform(-0.04, 0.04, (4, 2)) * gw * scale
    table_to_photo = cv2.getPerspectiveTransform(
        np.float32([[0, 0], [gw, 0], [gw, gh], [0, gh]]), quad.astype(np.float32))
    back = deck.pisanki_back()
    for r in range(rows):
        for c in range(cols):
            card = grid[r][c]
            face = back if card is None else deck.pisanki_face(card.cloth, card.egg, card.double,
                                                               card.flowers)
            x, y = c * (deck.W + gap), r * (deck.H + gap)
            corners = np.float32([[[x, y], [x + deck.W, y], [x + deck.W, y + deck.H],
                                   [x, y + deck.H]]])
            _paste(canvas, face, cv2.perspectiveTransform(corners, table_to_photo)[0])
    img = _finish(canvas, rng)
    truth = {"game": "pisanki", "seed": seed, "rows": rows, "cols": cols,
             "grid": [[card_json(c) for c in row] for row in grid],
             "quad": quad.round(1).tolist(), "exif_orientation": exif_orientation}
    return encode(img, rng, exif_orientation), truth


def okoshki_photo(seed: int, count: int, faces: dict[str, np.ndarray] | None = None,
                  shape: np.ndarray | None = None) -> tuple[bytes, dict[str, Any]]:
    """A photo of a player's zone: loose cards, some overlapping, on a cluttered table
    (`faces`: another deck's cards by id, `shape` their alpha mask)."""
    rng = np.random.default_rng(seed)
    ids = [ok.DECK[i].id for i in rng.permutation(len(ok.DECK))[:count]]
    canvas = _clutter(rng)
    faces = faces or deck.okoshki_faces()
    # Cards keep their deck's own shape (a bridge-size or 3:4 deck is not stretched to 5:7).
    face_h, face_w = next(iter(faces.values())).shape[:2]
    occupied = np.zeros((PHOTO_H // 8, PHOTO_W // 8), np.uint8)
    placed = []
    for cid in ids:
        for _attempt in range(200):
            w = rng.uniform(300, 380)
            h = w * face_h / face_w
            cx, cy = rng.uniform(w, PHOTO_W - w), rng.uniform(h * 0.7, PHOTO_H - h * 0.7)
            quad = cv2.boxPoints(((cx, cy), (w, h), float(rng.uniform(-40, 40))))
            # boxPoints gives BL, TL, TR, BR: reorder to TL, TR, BR, BL
            quad = quad[[1, 2, 3, 0]]
            if rng.random() < 0.5:
                quad = quad[[2, 3, 0, 1]]  # upside down: loose cards lie any way round
            mask = np.zeros_like(occupied)
            cv2.fillConvexPoly(mask, (quad / 8).astype(np.int32), 1)
            overlap = (mask & occupied).sum() / max(1, mask.sum())
            if overlap <= 0.22:
                occupied |= mask
                placed.append((cid, quad))
                break
    for cid, quad in placed:
        _paste_masked(canvas, faces[cid], quad, shape)
    img = _finish(canvas, rng, 0.8)
    zone = dict.fromkeys(ok.KINDS, 0)
    for cid, _ in placed:
        zone[ok.CARDS[cid].kind] += 1
    truth = {"game": "okoshki", "seed": seed,
             "cards": [{"id": cid, "kind": ok.CARDS[cid].kind, "quad": q.round(1).tolist()}
                       for cid, q in placed],
             "zone": zone}
    return encode(img, rng), truth


def encode(img: np.ndarray, rng: np.random.Generator, exif_orientation: int = 1) -> bytes:
    """JPEG bytes; with an orientation other than 1 the pixels are stored turned, with the
    EXIF tag that turns them back (as phones do)."""
    if exif_orientation == 6:  # stored turned left; viewers turn it 90° clockwise
        img = cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE)
    elif exif_orientation == 8:
        img = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
    elif exif_orientation == 3:
        img = cv2.rotate(img, cv2.ROTATE_180)
    quality = int(rng.integers(80, 93))
    ok_, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    data = buf.tobytes()
    return add_exif_orientation(data, exif_orientation) if exif_orientation != 1 else data


def add_exif_orientation(jpeg: bytes, orientation: int) -> bytes:
    """Insert an APP1 EXIF segment holding only the Orientation tag after the JPEG's SOI."""
    ifd = struct.pack("<H", 1) + struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0)
    ifd += struct.pack("<I", 0)
    tiff = b"II*\x00" + struct.pack("<I", 8) + ifd
    payload = b"Exif\x00\x00" + tiff
    segment = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    return jpeg[:2] + segment + jpeg[2:]


PISANKI_SAMPLES = [  # seed, rows, cols, face-down cards, EXIF orientation
    (101, 4, 6, 0, 1), (102, 4, 6, 2, 1), (103, 4, 6, 1, 6), (104, 4, 6, 3, 1),
    (105, 3, 6, 0, 1), (106, 3, 6, 1, 1), (107, 3, 6, 2, 1), (108, 3, 6, 0, 1),
    (109, 3, 5, 0, 1), (110, 3, 5, 1, 1), (111, 3, 5, 2, 1), (112, 3, 5, 0, 1),
]
OKOSHKI_SAMPLES = [(201, 10), (202, 12), (203, 14), (204, 16), (205, 18), (206, 20),
                   (207, 22), (208, 24), (209, 26), (210, 28), (211, 30), (212, 15)]


def write_samples(folder: str) -> None:
    """Write the sample photos and their truth JSON (sample_photos/<game>/<name>.jpg/.json)."""
    root = Path(folder)
    for seed, rows, cols, down, orient in PISANKI_SAMPLES:
        data, truth = pisanki_photo(seed, rows, cols, down, orient)
        _write(root / "pisanki", f"table-{seed}-{rows}x{cols}", data, truth, json)
    for seed, count in OKOSHKI_SAMPLES:
        data, truth = okoshki_photo(seed, count)
        _write(root / "okoshki", f"zone-{seed}-{count}", data, truth, json)


def _write(folder, name, data, truth, json) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.jpg").write_bytes(data)
    (folder / f"{name}.json").write_text(json.dumps(truth, indent=1) + "\n")


if __name__ == "__main__":
    import sys

    write_samples(sys.argv[1] if len(sys.argv) > 1 else "sample_photos")


# -- Hand-laid tables (the photo maker for a deck drawn elsewhere, e.g. benchmarks/deck2.py) --

def background(rng: np.random.Generator, kind: str) -> np.ndarray:
    """A table under the cards: "cloth" (dark woven), "plaid" (a busy light pattern),
    "wood" (grain) or "light" (a near-white table)."""
    if kind == "cloth":
        return _tablecloth(rng)
    h, w = PHOTO_H // 4, PHOTO_W // 4
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "plaid":
        base = np.array(rng.uniform(150, 230, 3), np.float32)
        img = np.empty((h, w, 3), np.float32)
        img[:] = base
        p = int(rng.integers(30, 70))
        for k, col in enumerate(rng.uniform(20, 200, (3, 3))):
            band = (((xx + k * p // 3) % p) < p // 5) | (((yy + k * p // 3) % p) < p // 5)
            img[band] = img[band] * 0.5 + col * 0.5
    elif kind == "wood":
        grain = np.sin(xx / 9 + 3 * np.sin(yy / 60) + rng.uniform(0, 6)) * 0.5 + 0.5
        img = np.stack([60 + 30 * grain, 100 + 40 * grain, 150 + 45 * grain], axis=-1)
    else:  # light
        img = np.full((h, w, 3), rng.uniform(215, 245), np.float32)
        img += (np.sin(xx / 40) * 3)[..., None]
    img = cv2.resize(img.astype(np.float32), (PHOTO_W, PHOTO_H), interpolation=cv2.INTER_LINEAR)
    _add_noise(img, rng, 5, 1)
    return img


def _paste_masked(canvas: np.ndarray, face: np.ndarray, quad: np.ndarray,
                  shape: np.ndarray | None) -> None:
    """_paste with the card's own shape (rounded corners) as its alpha."""
    if shape is None:
        _paste(canvas, face, quad)
        return
    h, w = face.shape[:2]
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]),
                                    quad.astype(np.float32))
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int), 0)
    x1 = min(int(np.ceil(quad[:, 0].max())), canvas.shape[1])
    y1 = min(int(np.ceil(quad[:, 1].max())), canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    m2 = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ m
    warped = cv2.warpPerspective(face, m2, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
    alpha = cv2.warpPerspective(shape, m2, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
    a = (alpha.astype(np.float32) / 255)[..., None]
    region = canvas[y0:y1, x0:x1]
    region *= 1 - a
    region += warped.astype(np.float32) * a


def _shadow_and_blur(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A soft shadow band (a phone or an arm) and, sometimes, a little motion blur."""
    if rng.random() < 0.5:
        yy, xx = np.mgrid[0:PHOTO_H:8, 0:PHOTO_W:8].astype(np.float32)
        a = rng.uniform(0, np.pi)
        d = (xx - PHOTO_W / 2) * np.cos(a) + (yy - PHOTO_H / 2) * np.sin(a) - rng.uniform(-900, 900)
        band = 1 - rng.uniform(0.25, 0.45) * np.exp(-(d / rng.uniform(150, 400)) ** 2)
        # float64 from here on (np.cos gives a float64): not in place, as the photos were made
        img = img * cv2.resize(band, (PHOTO_W, PHOTO_H))[..., None]
    if rng.random() < 0.3:
        n = int(rng.integers(5, 13))
        k = np.zeros((n, n), np.float32)
        k[n // 2, :] = 1 / n
        rot = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), float(rng.uniform(0, 180)), 1)
        img = cv2.filter2D(img, -1, cv2.warpAffine(k, rot, (n, n)))
    return img


def hand_table_photo(seed: int, grid: list[list[Any]], face, size: tuple[int, int],
                     shape: np.ndarray | None = None, turned: float = 0.25,
                     gap: tuple[float, float] = (0.02, 0.10),
                     ground: str | None = None) -> tuple[bytes, dict[str, Any]]:
    """A photo of cards laid by hand in rows × cols: each card shifted (±2 %) and turned
    (±2°) on its own, some turned 180°, gaps of `gap` of a card's width, on a cloth, plaid,
    wood or light table; turned ±20° with perspective; glare, shadow, blur, colour cast.
    `face(card)` draws a card (None: its back) at `size`; `shape` is its alpha mask."""
    rng = np.random.default_rng(seed)
    rows, cols = len(grid), len(grid[0])
    w, h = size
    g = rng.uniform(*gap) * w
    ground = ground or str(rng.choice(["cloth", "plaid", "wood", "light"]))
    canvas = background(rng, ground)
    gw, gh = cols * (w + g) - g, rows * (h + g) - g
    scale = min(rng.uniform(0.55, 0.72) * PHOTO_W / gw, 0.8 * PHOTO_H / gh)
    angle = np.deg2rad(rng.uniform(-20, 20))
    centre = np.array([PHOTO_W / 2 + rng.uniform(-150, 150), PHOTO_H / 2 + rng.uniform(-100, 100)])
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    half = np.array([[-gw / 2, -gh / 2], [gw / 2, -gh / 2], [gw / 2, gh / 2], [-gw / 2, gh / 2]])
    quad = (half * scale) @ rot.T + centre
    quad += rng.uniform(-0.03, 0.03, (4, 2)) * gw * scale
    to_photo = cv2.getPerspectiveTransform(np.float32([[0, 0], [gw, 0], [gw, gh], [0, gh]]),
                                           quad.astype(np.float32))
    turns, card_quads = [], []
    for r in range(rows):
        row_turns = []
        for c in range(cols):
            cx = c * (w + g) + w / 2 + rng.uniform(-0.02, 0.02) * w
            cy = r * (h + g) + h / 2 + rng.uniform(-0.02, 0.02) * h
            a = np.deg2rad(rng.uniform(-2, 2))
            ra = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
            corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2],
                                [-w / 2, h / 2]]) @ ra.T + (cx, cy)
            turn = bool(rng.random() < turned)
            if turn:
                corners = corners[[2, 3, 0, 1]]
            row_turns.append(turn)
            pts = cv2.perspectiveTransform(np.float32([corners]), to_photo)[0]
            card_quads.append(pts.round(1).tolist())
            _paste_masked(canvas, face(grid[r][c]), pts, shape)
        turns.append(row_turns)
    img = _finish(_shadow_and_blur(canvas, rng), rng)
    truth = {"seed": seed, "rows": rows, "cols": cols, "ground": ground,
             "gap": round(g / w, 3), "turned": turns, "quad": quad.round(1).tolist(),
             "cards": card_quads}  # each card's corners as laid (its top-left first)
    return encode(img, rng), truth
