"""Recognise a Pisanki display table: find its outline, rectify, split, identify each card.

Each cell is compared with every face of the reference deck (and the card back) on a few
regions that tell the cards apart: the tablecloth around the plate, the egg (centre, left,
right and the gap a double egg leaves), and the two flower badges. Colours are compared in
Lab after white-balancing the cell on its own cream border, so a colour cast or a glare
spot shifts photo and reference alike. The margin to the second-best face is the confidence.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from assistant.games import pisanki as pg
from assistant.messages import N_, Message, MessageError, nmsg
from assistant.vision import card_sides, cards, deck, refcache, table_ground, views
from assistant.vision.decode import decode
from assistant.vision.threads import one_thread

CW, CH = deck.W // 2, deck.H // 2  # a rectified cell
UNSURE = 0.25  # below this confidence a cell is shown as "please check"

BORDER_PX = 4


def _masks() -> dict[str, tuple[np.ndarray, float]]:
    """Regions of a half-size card, each with its weight: whole areas, so that where a
    checked or striped pattern happens to fall does not change their statistics."""
    def blank() -> np.ndarray:
        return np.zeros((CH, CW), np.uint8)

    (pcx, pcy), (pax, pay) = deck.PLATE
    plate_c, plate_ax = (pcx // 2, pcy // 2), (pax // 2, pay // 2)
    cloth = np.full((CH, CW), 1, np.uint8)
    cv2.rectangle(cloth, (0, 0), (CW - 1, CH - 1), 0, BORDER_PX * 2 + 2)
    cv2.ellipse(cloth, plate_c, (plate_ax[0] + 3, plate_ax[1] + 3), 0, 0, 360, 0, -1)
    for bx, by in deck.BADGES:
        cv2.circle(cloth, (bx // 2, by // 2), deck.BADGE_R // 2 + 3, 0, -1)
    egg = blank()
    cv2.ellipse(egg, plate_c, (18, 28), 0, 0, 360, 1, -1)
    sides = blank()
    for dx in (-19, 19):
        cv2.ellipse(sides, (plate_c[0] + dx, plate_c[1]), (7, 16), 0, 0, 360, 1, -1)
    gap = blank()
    cv2.rectangle(gap, (plate_c[0] - 3, plate_c[1] - 14), (plate_c[0] + 3, plate_c[1] + 14), 1, -1)
    ring = blank()
    cv2.ellipse(ring, plate_c, (plate_ax[0] - 2, plate_ax[1] - 2), 0, 0, 360, 1, 3)
    out = {"cloth": (cloth, 1.5), "egg": (egg, 1.6), "sides": (sides, 1.0), "gap": (gap, 1.4),
           "ring": (ring, 0.4)}
    # the badges' places on a card turned 180° too: there a turned card shows its flowers
    # and an upright one its cloth, so no card read the wrong way round looks flowerless
    turned = [(deck.W - bx, deck.H - by) for bx, by in deck.BADGES]
    for side, (bx, by) in zip(("l", "r", "tl", "tr"), [*deck.BADGES, *turned], strict=True):
        centre = blank()
        cv2.circle(centre, (bx // 2, by // 2), 7, 1, -1)
        annulus = blank()
        cv2.circle(annulus, (bx // 2, by // 2), 12, 1, 3)
        ring = blank()
        cv2.circle(ring, (bx // 2, by // 2), 14, 1, 2)
        out[f"badge_{side}"] = (centre, 2.2)
        out[f"rim_{side}"] = (annulus, 2.0)
        out[f"ring_{side}"] = (ring, 1.6)
    return out


MASKS = _masks()
PLATE_RING = MASKS["ring"][0].astype(bool)


@dataclass(frozen=True)
class CellGuess:
    """What a cell holds (None = face down) and how sure the recogniser is."""

    card: pg.Card | None
    confidence: float
    unsure: bool = False  # shaded on the page for the player to check


@dataclass(frozen=True)
class TableRecognition:
    """A recognised display table."""

    grid: list[list[CellGuess]]
    quad: list[list[float]]
    warnings: list[str]
    seconds: float
    size: tuple[int, int] = (0, 0)  # width, height of the image the quad refers to


def _balanced(cell: np.ndarray) -> np.ndarray:
    """White-balance a cell so its cream border matches the reference cream."""
    b = BORDER_PX
    strips = np.concatenate([cell[1:b, 4:-4].reshape(-1, 3), cell[-b:-1, 4:-4].reshape(-1, 3),
                             cell[4:-4, 1:b].reshape(-1, 3), cell[4:-4, -b:-1].reshape(-1, 3),
                             cell[PLATE_RING].reshape(-1, 3)]).astype(np.float32)
    # The brightest third of the border and the plate's rim is the cream (the ink lines, the
    # gap between cards and the eggs are darker).
    light = strips[strips.sum(axis=1) >= np.percentile(strips.sum(axis=1), 66)]
    observed = np.median(light, axis=0) + 1
    gain = np.clip(np.array(deck.CREAM, np.float32) / observed, 0.5, 2.0)
    return np.clip(cell.astype(np.float32) * gain, 0, 255).astype(np.uint8)


def features(cell: np.ndarray) -> np.ndarray:
    """Per region: mean and spread of Lab colour, and the share of pale (cream) pixels."""
    lab = cv2.cvtColor(cell, cv2.COLOR_BGR2LAB).astype(np.float32)
    chroma = np.hypot(lab[..., 1] - 128, lab[..., 2] - 128)
    pale = ((chroma < 14) & (lab[..., 0] > 170)).astype(np.float32)
    four = cv2.merge([*cv2.split(lab), pale])
    out = []
    for mask, weight in MASKS.values():  # OpenCV's masked statistics: no copy per region
        mean, std = (v.ravel() for v in cv2.meanStdDev(four, mask=mask))
        out.append(np.concatenate([mean[:3], std[:3] * 0.6, mean[3:] * 80]) * weight)
    return np.concatenate(out).astype(np.float32)


def _half(face: np.ndarray) -> np.ndarray:
    small = cv2.resize(face, (CW, CH), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (0, 0), 0.8)


@cache
def references() -> tuple[list[pg.Card | None], np.ndarray]:
    """Every reference face (and the back) with its features."""
    cards: list[pg.Card | None] = [*deck.pisanki_cards(), None]

    def build() -> dict[str, np.ndarray]:
        faces = [deck.pisanki_face(c.cloth, c.egg, c.double, c.flowers) for c in cards[:-1]]
        faces.append(deck.pisanki_back())
        return {"features": np.stack([features(_balanced(_half(f))) for f in faces])}

    feats = list(refcache.kept("pisanki-drawn", None, (), build)["features"])
    folder = deck.REGISTERED["folder"]
    if folder is not None and (folder / "pisanki.json").exists():  # type: ignore[operator]
        for item in json.loads((folder / "pisanki.json").read_text()):  # type: ignore[operator]
            if len(item["features"]) != len(feats[0]):  # kept by an older feature layout
                continue
            c = item["card"]
            cards.append(None if c is None else pg.Card(c["cloth"], c["egg"], c["double"],
                                                         tuple(c["flowers"])))
            feats.append(np.array(item["features"], np.float32))
    return cards, np.stack(feats)


def classify(cell: np.ndarray) -> CellGuess:
    """The reference card nearest to a half-size cell image, with a confidence."""
    return _nearest(_distances(cell))


def _distances(cell: np.ndarray) -> np.ndarray:
    """The distance of a half-size cell image to every reference face."""
    f = features(_balanced(cell))
    return np.sqrt(((references()[1] - f) ** 2).sum(axis=1))


def _nearest(d: np.ndarray) -> CellGuess:
    """The card of the nearest reference; the margin to the nearest other card's is the
    confidence."""
    cards = references()[0]
    order = np.argsort(d)
    best = d[order[0]]
    # the nearest face of another card (a registered deck repeats cards)
    second = next(d[i] for i in order[1:] if cards[i] != cards[order[0]])
    confidence = float(np.clip((second - best) / (second + 1e-6) * 2.5, 0, 1))
    return CellGuess(cards[order[0]], round(confidence, 3), confidence < UNSURE)


def _order(pts: np.ndarray) -> np.ndarray:
    """Corners as top-left, top-right, bottom-right, bottom-left."""
    s = pts.sum(axis=1)
    d = np.diff(pts, axis=1).ravel()
    return np.float32([pts[np.argmin(s)], pts[np.argmin(d)], pts[np.argmax(s)], pts[np.argmax(d)]])


def find_table(img: np.ndarray) -> np.ndarray | None:
    """The display table's four corners: the one large area dense with the printed edges of
    cards (a table-cloth has far fewer edges than a table of cards)."""
    h, w = img.shape[:2]
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    gray = cv2.GaussianBlur(gray, (0, 0), 1.0)
    edges = cv2.Canny(gray, 40, 110)
    k = max(9, int(min(h, w) * 0.03)) | 1
    density = cv2.boxFilter(edges.astype(np.float32) / 255, -1, (k, k))
    level = max(0.06, float(np.percentile(density, 97)) * 0.35)
    mask = (density > level).astype(np.uint8) * 255
    big_k = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, big_k, iterations=2)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, big_k)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    big = max(contours, key=cv2.contourArea)
    if cv2.contourArea(big) < 0.06 * h * w:
        return None
    hull = cv2.convexHull(big)
    peri = cv2.arcLength(hull, True)
    for eps in np.linspace(0.01, 0.08, 15):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            return _order(approx.reshape(4, 2).astype(np.float32))
    rect = cv2.boxPoints(cv2.minAreaRect(hull))
    return _order(rect.astype(np.float32))


def refine_quad(img: np.ndarray, quad: np.ndarray, reach: float = 0.06) -> np.ndarray:
    """Snap each side of a rough outline to the table's real edge: along many short lines
    across the side, the outermost strong step in brightness; then a robust line fit."""
    gray = cv2.GaussianBlur(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), (0, 0), 1.2).astype(np.float32)
    centre = quad.mean(axis=0)
    size = float(np.linalg.norm(quad[2] - quad[0]))
    d = max(12, int(size * reach))
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        along = (b - a) / (np.linalg.norm(b - a) + 1e-6)
        normal = np.array([-along[1], along[0]])
        if np.dot(normal, centre - (a + b) / 2) < 0:
            normal = -normal  # pointing into the table
        pts = []
        for t in np.linspace(0.08, 0.92, 24):
            p = a + (b - a) * t
            offs = np.arange(-d, d + 1, dtype=np.float32)
            xs = (p[0] + normal[0] * offs).reshape(1, -1).astype(np.float32)
            ys = (p[1] + normal[1] * offs).reshape(1, -1).astype(np.float32)
            prof = cv2.remap(gray, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)[0]
            grad = np.abs(np.diff(prof))
            if grad.max() < 12:
                continue
            strong = np.nonzero(grad > 0.45 * grad.max())[0]
            k = strong[0]  # the outermost strong step: background to the card's border
            pts.append(p + normal * (offs[k] + 0.5))
        if len(pts) < 6:
            lines.append(None)
            continue
        vx, vy, x0, y0 = cv2.fitLine(np.float32(pts), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    out = quad.copy()
    for i in range(4):
        l1, l2 = lines[(i - 1) % 4], lines[i]
        if l1 is None or l2 is None:
            continue
        (p1, v1), (p2, v2) = l1, l2
        m = np.array([[v1[0], -v2[0]], [v1[1], -v2[1]]])
        if abs(np.linalg.det(m)) < 1e-6:
            continue
        s_, _ = np.linalg.solve(m, p2 - p1)
        out[i] = p1 + v1 * s_
    return out.astype(np.float32)


def rectify(img: np.ndarray, quad: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """The table seen from above, rows × cols cells of CW × CH pixels."""
    dst = np.float32([[0, 0], [cols * CW, 0], [cols * CW, rows * CH], [0, rows * CH]])
    m = cv2.getPerspectiveTransform(quad, dst)
    return cv2.warpPerspective(img, m, (cols * CW, rows * CH), flags=cv2.INTER_AREA)


PAD = 0.25  # the rectified table keeps this share of a cell around it (hand-laid cards)


def to_padded(quad: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """The perspective map from the photo onto the padded table seen from above."""
    pad = round(CW * PAD)
    dst = np.float32([[pad, pad], [pad + cols * CW, pad], [pad + cols * CW, pad + rows * CH],
                      [pad, pad + rows * CH]])
    return cv2.getPerspectiveTransform(quad, dst)


def table_cells(img: np.ndarray, quad: np.ndarray, rows: int, cols: int,
                found: list[cards.Found]) -> tuple[list[np.ndarray], list[cards.Found | None]]:
    """Each cell of the table cut around its card's own centre, and the card found there
    (None: not found; the cell is cut where the grid says)."""
    pad = round(CW * PAD)
    placed = cards.cell_cards(found, to_padded(quad, rows, cols), rows, cols, pad, CW, CH)
    centres = [None if p is None else p[1] for p in placed]
    table = padded_table(img, quad, rows, cols, centres)
    return views.cells(table, rows, cols, pad, centres), [None if p is None else p[0]
                                                          for p in placed]


def reach(card: cards.Found | None) -> float:
    """How far (a share of the card) a cell's views slide around the centre it is cut at
    (views.classify's `near`): a little around a card found by its own outline, more around
    one found by its sides (on a patterned ground its sides may lock onto a band: seen 0.09
    off on plaid)."""
    return views.NEAR_SIDES if card is not None and card.by_sides else views.NEAR


# the share of a cell (each way) surely covered by its card: around the centre of a card found
# by its outline, and around the cell's own centre (cards laid by hand lie ±2 % off it, turned
# ±2°, with gaps of up to a tenth of a card between them)
ON_CARD, ON_CELL = 0.92, 0.84


def padded_table(img: np.ndarray, quad: np.ndarray, rows: int, cols: int,
                 centres: list[tuple[float, float] | None]) -> np.ndarray:
    """The table seen from above with a border of PAD cells, white-balanced on its cards
    (`centres`: each cell's card's centre there, None where the card was not found)."""
    pad = round(CW * PAD)
    m = to_padded(quad, rows, cols)
    size = (cols * CW + 2 * pad, rows * CH + 2 * pad)
    table = cv2.warpPerspective(img, m, size, flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_REPLICATE)
    # the cards only: a table brighter than a dark deck's lightest ink (a light plaid) would
    # otherwise set every card's colour balance by its own colour
    on = np.zeros(table.shape[:2], bool)
    for i, centre in enumerate(centres):
        share = ON_CELL if centre is None else ON_CARD
        cx, cy = centre or (pad + (i % cols + 0.5) * CW, pad + (i // cols + 0.5) * CH)
        x0, x1 = round(cx - share * CW / 2), round(cx + share * CW / 2)
        y0, y1 = round(cy - share * CH / 2), round(cy + share * CH / 2)
        on[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = True
    return views.white_balance(table, on)


def find_cards(img: np.ndarray, rows: int, cols: int) -> list[cards.Found]:
    """The table's cards, each by its own outline: those whose outline is closed, and, when
    they do not pin the table's outline down, beside them those whose sides stand out
    (full-bleed prints run into the edge)."""
    shapes = cards.candidates(img)
    found = cards.find(img, shapes)
    if _pinned(img, rows, cols, found):  # enough: a card found by its sides may sit a stripe off
        return found
    grown = card_sides.grown(img, found, rows, cols)
    if _pinned(img, rows, cols, grown):
        return grown
    # the outlines of the median size may be a patterned cloth's squares (a plaid's, between
    # its bands, can outnumber the cards whose outline closes): the table's cards may be
    # outlines of another size, the largest first
    for other in cards.other_sizes(shapes):
        if _pinned(img, rows, cols, other):
            return other
        more = card_sides.grown(img, other, rows, cols)
        if _pinned(img, rows, cols, more):
            return more
    return grown


def _pinned(img: np.ndarray, rows: int, cols: int, found: list[cards.Found]) -> bool:
    """Whether the cards `found` pin the table's outline down (cards.table_fit)."""
    fit = cards.table_fit(img, rows, cols, found)
    return fit is not None and fit[1]


def locate(img: np.ndarray, rows: int, cols: int, found: list[cards.Found] | None = None
           ) -> tuple[np.ndarray, str | None]:
    """The table's outline fitted to its cards found one by one (moved by whole cells onto the
    cards when the fit sits a line off them); failing that, or when the fit is not of the
    table's shape, the area dense with edges or the blob of colours unlike the table's,
    whichever has its cells' edges on the photo's (then doubtful: a patterned cloth or a card
    not found may have misled it)."""
    fit = cards.table_fit(img, rows, cols, found)
    outlined = None if found is None else [f for f in found if not f.by_sides]
    if outlined is not None and len(outlined) < len(found) and (fit is None or not fit[1]):
        # the cards found by their sides do not pin the outline down either: as if they
        # had not been looked for (they may have followed a cloth's pattern off the table)
        fit = cards.table_fit(img, rows, cols, outlined)
    ground = table_ground.Ground(img)
    tried: list[tuple[np.ndarray, str | None]] = []
    if fit is not None:  # fitted to cards that leave a corner to a guess: the player checks it
        quad = _order(fit[0])
        doubt = None if fit[1] else N_("the cards found leave a corner to a guess")
        if outline_doubt(quad, rows, cols, img.shape) is None:
            return _on_the_cards(ground, quad, doubt, rows, cols)
        tried.append((quad, doubt))
    # no fit, or one of the wrong shape (cards outlined at a part of their face): the area
    # dense with edges, and the blob of the colours unlike the table's, are tried too, and
    # the outline whose grid falls on the photo's edges is kept (a patterned cloth makes the
    # first the whole photo; glare joins the second)
    rough = find_table(img)
    if rough is not None:
        tried.append((refine_quad(img, rough), N_("the cards could not be found one by one")))
    # (when none falls on the edges, the first tried is kept, as before)
    blob = ground.layout()
    offered = tried + ([] if blob is None else [(blob, N_("the cards could not be found one "
                                                           "by one"))])
    shaped = [(table_ground.gap_score(img, q, rows, cols), k) for k, (q, _) in enumerate(offered)
              if outline_doubt(q, rows, cols, img.shape) is None]
    best = max(shaped, default=None)
    if best is not None and best[0] >= GAP_SURE:
        return offered[best[1]]
    if not tried:
        raise NoCardsFound("No display table found on this photo: lay the cards on a plain "
                           "table and take the photo from above.")
    return tried[0]


GAP_SURE = 4.0  # an outline whose cells' edges stand out this much (gap_score) is kept: seen
# 1.2–3.6 on outlines off by a fifth or more, 5–11 on right ones (but 2–3.6 on some of deck
# 10's engraved cards, whose texture is as strong as their edges: there none is kept)


def _on_the_cards(ground: table_ground.Ground, quad: np.ndarray,
                  doubt: str | None, rows: int, cols: int) -> tuple[np.ndarray, str | None]:
    """The outline fitted to the cards, moved by whole cells when a line of its cells beyond
    one side holds cards and the line on the other side holds the table (cards found by their
    sides on a patterned cloth's squares): kept there when the table then lies in it whole;
    else left where it was, doubted."""
    moved, step = ground.shifted(quad, rows, cols)
    if step == (0, 0):
        return quad, doubt
    if ground.holds(moved, rows, cols):
        return moved, doubt
    return quad, doubt or N_("the cards could not be found one by one")


def snapped(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The outline fitted to the cards' centres, snapped to the table's outer edge when that
    moves no corner far (a light table or a busy cloth may offer a farther edge)."""
    near = refine_quad(img, quad, 0.02)
    moved = float(np.abs(near - quad).max()) / float(np.linalg.norm(quad[2] - quad[0]))
    return near if moved < 0.01 else quad


# The outline found may be a card's edge, the edge inside a white border (a card 6 % wider
# each side) or the printed ink frame (3.6 % inside the edge): each cell is read at these sizes.
SCALES = (1.07, 1.0, 0.94, 0.88)


def card_box(found: cards.Found, cell: np.ndarray) -> np.ndarray:
    """A found card's corners on the photo, TL, TR, BR, BL as the table lies: its grid cell's
    corners (`cell`: the perspective of that part of the table) moved, turned and sized to
    the card's own outline."""
    centre = cell.mean(axis=0)
    across = (cell[1] - cell[0] + cell[2] - cell[3]) / 2
    down = (cell[3] - cell[0] + cell[2] - cell[1]) / 2
    a = found.angle
    along = np.array([-np.sin(a), np.cos(a)])
    along = along if along @ down > 0 else -along  # down the table's columns
    turn = np.arctan2(along[1], along[0]) - np.arctan2(down[1], down[0])
    rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    # each corner in the cell's own (sheared) axes, then resized to the card's outline
    uv = np.linalg.solve(np.column_stack([across, down]), (cell - centre).T)
    uv *= np.array([[found.size[0] / np.linalg.norm(across)],
                    [found.size[1] / np.linalg.norm(down)]])
    corners = (np.column_stack([across, down]) @ uv).T @ rot.T
    return (np.array(found.centre) + corners).astype(np.float32)


def _cut(img: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The quadrilateral `corners` of the photo as a CW × CH cell."""
    dst = np.float32([[0, 0], [CW, 0], [CW, CH], [0, CH]])
    m = cv2.getPerspectiveTransform(np.float32(corners), dst)
    return cv2.warpPerspective(img, m, (CW, CH), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


def _fits(card: cards.Found, cell: np.ndarray) -> bool:
    """Whether a card's outline has the size and shape its grid cell (`cell`'s corners on
    the photo) allows: not an outline merged with the ground or cut by a pattern."""
    w = (np.linalg.norm(cell[1] - cell[0]) + np.linalg.norm(cell[2] - cell[3])) / 2
    h = (np.linalg.norm(cell[3] - cell[0]) + np.linalg.norm(cell[2] - cell[1])) / 2
    short, long_ = card.size
    return (0.8 < short / w < 1.05 and 0.8 < long_ / h < 1.05
            and 0.92 < (short / long_) / (w / h) < 1.08)


def _aligned_distances(img: np.ndarray, box: np.ndarray) -> tuple[np.ndarray, bool]:
    """Each reference's distance to its nearest cut of a card (at SCALES, both ways round),
    and whether the nearest reference's cut is the turned one. (Sliding the cuts a little as
    well let wrong cards fit better than right ones did.)"""
    centre = box.mean(axis=0)
    tried = [(_turned_distances(img, centre + (box - centre) * k, turn), turn)
             for k in SCALES for turn in (False, True)]
    d = np.min([t[0] for t in tried], axis=0)
    best = int(np.argmin(d))
    return d, min(tried, key=lambda t: float(t[0][best]))[1]


def _turned_distances(img: np.ndarray, quad: np.ndarray, turn: bool) -> np.ndarray:
    cut = _cut(img, quad)
    return _distances(cv2.rotate(cut, cv2.ROTATE_180) if turn else cut)


def _badge_template() -> np.ndarray:
    """A flower badge at half size, grey: the cream disc, its bold ink ring, some flower."""
    r = deck.BADGE_R // 2
    t = np.full((2 * r + 9, 2 * r + 9), 110, np.float32)
    cv2.circle(t, (r + 4, r + 4), r, 235, -1)
    cv2.circle(t, (r + 4, r + 4), r - 1, 40, 3)
    cv2.circle(t, (r + 4, r + 4), r - 6, 150, -1)
    return t


BADGE = _badge_template()
BADGE_SEEN = 0.33  # a badge's best match above this: it is there (seen 0.38+ / at most 0.28)


def badges_seen(img: np.ndarray, box: np.ndarray, turn: bool) -> tuple[bool, bool]:
    """Whether the card at `box` shows its left and right flower badge (looked for a little
    around their places, at every size of SCALES)."""
    centre = box.mean(axis=0)
    best = [0.0, 0.0]
    r = BADGE.shape[0] // 2 + 8
    for k in SCALES:
        cut = _cut(img, centre + (box - centre) * k)
        grey = cv2.cvtColor(cv2.rotate(cut, cv2.ROTATE_180) if turn else cut,
                            cv2.COLOR_BGR2GRAY).astype(np.float32)
        for i, (bx, by) in enumerate(deck.BADGES):
            cx, cy = bx // 2, by // 2
            win = grey[max(0, cy - r):cy + r + 1, max(0, cx - r):cx + r + 1]
            best[i] = max(best[i], float(cv2.matchTemplate(win, BADGE, cv2.TM_CCOEFF_NORMED).max()))
    return best[0] > BADGE_SEEN, best[1] > BADGE_SEEN


def read_drawn(img: np.ndarray, quad: np.ndarray, rows: int, cols: int,
               found: list[cards.Found], doubtful: bool) -> list[list[CellGuess]]:
    """Every cell against the drawn deck: cut by its own card's outline where one was found
    (gaps, shifts, white borders), else where the grid says; read at SCALES and both ways
    round (a card laid turned 180°), each reference by its nearest cut."""
    m = to_padded(quad, rows, cols)
    back = np.linalg.inv(m)
    pad = round(CW * PAD)
    placed = cards.cell_cards(found, m, rows, cols, pad, CW, CH)
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            hit = placed[r * cols + c]
            x0, y0 = pad + c * CW, pad + r * CH
            box = cv2.perspectiveTransform(np.float32([[[x0, y0], [x0 + CW, y0], [
                x0 + CW, y0 + CH], [x0, y0 + CH]]]), back)[0]
            if hit is not None and _fits(hit[0], box):
                box = card_box(hit[0], box)
            d, turn = _aligned_distances(img, box)
            g = _nearest(d)
            n = 0 if g.card is None else len(g.card.flowers)
            # the flower badges seen must be the card's: a flower missed or added where
            # the cut sits a little off is the drawn path's usual silent mistake
            odd = badges_seen(img, box, turn) != (n >= 1, n >= 2)
            row.append(CellGuess(g.card, g.confidence, g.unsure or doubtful or odd))
        grid.append(row)
    return grid


def outline_doubt(quad: np.ndarray, rows: int, cols: int, shape: tuple[int, ...]) -> str | None:
    """Why a table outline is doubtful (degenerate, far from the table's shape), or None."""
    if not cv2.isContourConvex(quad.astype(np.int32)):
        return N_("the outline found is not a proper four-sided shape")
    area = cv2.contourArea(quad.astype(np.float32))
    if area < 0.04 * shape[0] * shape[1]:
        return N_("the table found is very small")
    w = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    h = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    want = cols * deck.W / (rows * deck.H)
    if not 0.7 < (w / max(h, 1)) / want < 1.45:
        return N_("the outline found does not have the table's shape")
    return None


def recognise(data: bytes, rows: int, cols: int, corners: list | None = None
              ) -> TableRecognition:
    """Photo bytes of a display table -> a guess and a confidence for every cell.
    `corners` (four [x, y] in the working image, from the player) replaces the outline found."""
    with one_thread():
        return _recognise(data, rows, cols, corners)


def _recognise(data: bytes, rows: int, cols: int, corners: list | None) -> TableRecognition:
    t0 = time.perf_counter()
    img = decode(data)
    warnings: list[Message] = []
    found = find_cards(img, rows, cols)
    if corners is not None:
        quad, doubt = _order(np.float32(corners)), None
    else:
        quad, doubt = locate(img, rows, cols, found)
    shape_doubt = outline_doubt(quad, rows, cols, img.shape)
    doubt = shape_doubt or doubt
    registered = views.load(deck.REGISTERED["folder"])  # type: ignore[arg-type]
    grid = []
    if registered is not None:
        cut, placed = table_cells(img, quad, rows, cols, found)
        for r in range(rows):
            row = []
            for c in range(cols):
                hit = placed[r * cols + c]
                g = views.classify(cut[r * cols + c], registered, hit is not None, reach(hit))
                # an outline of the table's shape that was not fitted card by card: each cell
                # is slid over its whole margin and must win clearly on its own (views'
                # UNSURE_MARGIN_UNFOUND), so not every cell is marked for it; an outline of
                # the wrong shape marks them all
                row.append(CellGuess(g.card, g.confidence, g.unsure or shape_doubt is not None))
            grid.append(row)
    else:
        if corners is None and doubt is None:  # fixed regions: snap to the table's own edge
            quad = snapped(img, quad)
        grid = read_drawn(img, quad, rows, cols, found, doubt is not None)
    if doubt:
        warnings.append(Message("Check the table's outline: %(doubt)s. Drag its corners onto "
                                "the table's corners, or retake the photo from straight above.",
                                doubt=Message(doubt)))
    unsure = sum(1 for row in grid for g in row if g.unsure)
    if unsure:
        warnings.append(nmsg("%(num)d card to check: it is shaded on the grid.",
                             "%(num)d cards to check: they are shaded on the grid.", unsure))
    return TableRecognition(grid, quad.round(1).tolist(), warnings,
                            round(time.perf_counter() - t0, 3), (img.shape[1], img.shape[0]))


class NoCardsFound(MessageError):
    """The photo shows no cards the recogniser can find."""
