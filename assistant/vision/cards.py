"""Find each card of a hand-laid table by its own outline, and the table from the cards.

Cards laid by hand are not aligned, have gaps, white borders and rounded corners; the cloth
under them may be patterned or as light as the cards. Every closed outline of a card's shape
(a card's edge, or the edge of its printed area inside a white border) is a candidate; the
candidates of the table's one card size, sorted into rows and columns by their centres, give
the table's outline by a fit of the grid to their centres.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Found:
    """A card found on the photo: its centre, size (short, long side) and long-side angle."""

    centre: tuple[float, float]
    size: tuple[float, float]
    angle: float  # of the card's long side, radians (0 = along the photo's y axis)
    by_sides: bool = False  # found by its sides only (card_sides): its centre may be a stripe off


def candidates(img: np.ndarray) -> list[Found]:
    """Closed, convex, card-shaped outlines on the photo (any size a table's card may have)."""
    h, w = img.shape[:2]
    lab = cv2.cvtColor(cv2.GaussianBlur(img, (0, 0), 1.2), cv2.COLOR_BGR2LAB)
    edges = np.zeros((h, w), np.uint8)
    for channel in cv2.split(lab):
        edges |= cv2.Canny(channel, 20, 50)
    # closed with a little dilation; without it too, where a narrow gap joins two cards
    contours = list(cv2.findContours(cv2.dilate(edges, np.ones((3, 3), np.uint8)),
                                     cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)[0])
    contours += cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)[0]
    out = []
    lo, hi = 0.002 * h * w, 0.06 * h * w
    for cnt in contours:
        area = cv2.contourArea(cnt)
        if not lo < area < hi:
            continue
        hull = cv2.convexHull(cnt)
        hull_area = cv2.contourArea(hull)
        (cx, cy), (rw, rh), deg = cv2.minAreaRect(hull)
        if area < 0.85 * hull_area or hull_area < 0.9 * rw * rh:
            continue
        short, long_ = sorted((rw, rh))
        if not 0.55 < short / long_ < 0.9:
            continue
        # the long side's direction, then its angle from the photo's y axis
        a = np.deg2rad(deg) if rw >= rh else np.deg2rad(deg) + np.pi / 2
        out.append(Found((cx, cy), (short, long_), float(a - np.pi / 2)))
    return out


def _outermost(found: list[Found]) -> list[Found]:
    """One candidate per place (the outermost of nested outlines), the largest first."""
    found = sorted(found, key=lambda f: -f.size[0] * f.size[1])
    kept: list[Found] = []
    for f in found:
        near = [k for k in kept if np.hypot(k.centre[0] - f.centre[0], k.centre[1] - f.centre[1])
                < 0.3 * k.size[0]]
        if not near:
            kept.append(f)
    return kept


def _cards(found: list[Found]) -> list[Found]:
    """One candidate per card (the outermost of nested outlines) of the table's card size
    (about the median outline's)."""
    return _sized(_outermost(found), found, None)


def _sized(kept: list[Found], found: list[Found], area: float | None) -> list[Found]:
    """_cards of the outermost candidates `kept` (of all `found`), of a card about `area`
    (None: the median outline's)."""
    if len(kept) < 4 and area is None:
        return kept
    if area is None:
        area = float(np.median([k.size[0] * k.size[1] for k in kept]))
    kept = [k for k in kept if 0.55 * area < k.size[0] * k.size[1] < 1.5 * area]
    if len(kept) < 4:
        return kept
    usual = float(np.median([k.size[0] / k.size[1] for k in kept]))
    return [_in_shape(k, found, usual) for k in kept]


SHAPE = 0.06  # how far a card's outline may be from the table's usual shape (short / long)


def _in_shape(card: Found, found: list[Found], usual: float) -> Found:
    """The card's outline, or, when it is not of the table's usual shape (`usual`, short / long:
    an outline merged with a strip of a patterned cloth or a neighbour's edge, whose centre
    lies off the card's), the largest outline of that shape nested with it (the card's edge,
    or its print inside a white border)."""
    if abs(card.size[0] / card.size[1] / usual - 1) <= SHAPE:
        return card
    inside = [f for f in found
              if np.hypot(f.centre[0] - card.centre[0], f.centre[1] - card.centre[1])
              < 0.3 * card.size[0] and abs(f.size[0] / f.size[1] / usual - 1) <= SHAPE
              and f.size[0] * f.size[1] <= card.size[0] * card.size[1]]
    return max(inside, key=lambda f: f.size[0] * f.size[1], default=card)


def _axis_angle(cards: list[Found]) -> float:
    """The table's common direction of the cards' long sides (modulo 180°)."""
    doubled = np.array([2 * c.angle for c in cards])
    return float(np.arctan2(np.sin(doubled).mean(), np.cos(doubled).mean()) / 2)


def _indices(values: np.ndarray, pitch: float, count: int) -> tuple[np.ndarray, float] | None:
    """Row (or column) numbers of positions along one axis, `pitch` apart, and how far off
    whole steps they lie (a share of the pitch); None unless they fill exactly `count`."""
    rel = (values - values.min()) / pitch
    rel -= float(np.median(rel - np.round(rel)))
    idx = np.round(rel).astype(int)
    idx -= idx.min()
    if idx.max() != count - 1:
        return None
    return idx, float(np.abs(rel - np.round(rel)).mean())


def _pitch(along: np.ndarray, across: np.ndarray, across_size: float, size: float
           ) -> float | None:
    """The step between neighbouring cards along one axis (in the same row or column; a
    card not found between two makes a double step)."""
    steps = []
    for i in range(len(along)):
        same = (np.abs(across - across[i]) < 0.5 * across_size) & (along > along[i])
        if same.any():
            steps.append(float((along[same] - along[i]).min()))
    if not steps:
        return None
    pitch = size * 1.06
    for _ in range(3):
        n = np.maximum(1, np.round(np.array(steps) / pitch))
        pitch = float(np.median(np.array(steps) / n))
    return pitch


def find(img: np.ndarray, shapes: list[Found] | None = None) -> list[Found]:
    """The cards found on the photo (among its `candidates`, when given), one outline each,
    all of the table's one card size."""
    return _cards(candidates(img) if shapes is None else shapes)


def other_sizes(found: list[Found]) -> list[list[Found]]:
    """The cards `_cards` would keep of candidates `found` if the table's card were of each
    other size of outline found (not the median's), the largest first: on a patterned cloth
    the squares between a plaid's bands can outnumber the cards whose outline closes, and the
    median outline is then one of them."""
    kept = _outermost(found)
    usual = {f.centre for f in _sized(kept, found, None)}
    out: list[list[Found]] = []
    for k in kept:
        group = _sized(kept, found, k.size[0] * k.size[1])
        centres = {f.centre for f in group}
        if centres != usual and all(centres != {f.centre for f in g} for g in out):
            out.append(group)
    return out


def table_quad(img: np.ndarray, rows: int, cols: int, cards: list[Found] | None = None
               ) -> np.ndarray | None:
    """The table's four corners (TL, TR, BR, BL) fitted to the cards found, or None when too
    few cards are found to place the grid surely."""
    fit = table_fit(img, rows, cols, cards)
    return None if fit is None else fit[0]


def table_fit(img: np.ndarray, rows: int, cols: int, cards: list[Found] | None = None
              ) -> tuple[np.ndarray, bool] | None:
    """table_quad's corners, and whether the cards found pin them down (a card in each quarter
    of the table, and the corners move little when any one card is left out): else a corner
    is only extrapolated from cards far from it, and the outline must be checked."""
    cards = find(img) if cards is None else cards
    if len(cards) < max(6, (rows * cols) // 3):
        return None
    theta = _axis_angle(cards)
    # turned so that the cards' long sides are upright: x along the rows, y down the columns
    rot = np.array([[np.cos(theta), np.sin(theta)], [-np.sin(theta), np.cos(theta)]])
    pts = np.array([c.centre for c in cards], np.float64)
    local = pts @ rot.T
    short = float(np.median([c.size[0] for c in cards]))
    long_ = float(np.median([c.size[1] for c in cards]))
    px = _pitch(local[:, 0], local[:, 1], long_, short)
    py = _pitch(local[:, 1], local[:, 0], short, long_)
    if px is None or py is None or not (0.95 < px / short < 1.3 and 0.95 < py / long_ < 1.25):
        return None
    fx, fy = _indices(local[:, 0], px, cols), _indices(local[:, 1], py, rows)
    if fx is None or fy is None or fx[1] > 0.15 or fy[1] > 0.15:
        return None
    grid = np.stack([fx[0] + 0.5, fy[0] + 0.5], axis=1).astype(np.float32)
    h, inliers = cv2.findHomography(grid, pts.astype(np.float32), cv2.RANSAC, 0.1 * short)
    if h is None:
        return None
    corners = np.float32([[[0, 0], [cols, 0], [cols, rows], [0, rows]]])
    quad = cv2.perspectiveTransform(corners, h)[0].astype(np.float32)
    keep = inliers.ravel() > 0
    pinned = _each_corner(fx[0][keep], fy[0][keep], rows, cols) and _loose(
        grid[keep], pts[keep].astype(np.float32), quad, corners) <= LOOSE
    return quad, pinned


def _each_corner(col: np.ndarray, row: np.ndarray, rows: int, cols: int) -> bool:
    """Whether a card was found in each quarter of the table (the cells nearest each of its
    corners): else that corner is only extrapolated from cards far away."""
    left, top = col < (cols + 1) // 2, row < (rows + 1) // 2
    right, bottom = col >= cols // 2, row >= rows // 2
    return all(bool((a & b).any()) for a in (left, right) for b in (top, bottom))


LOOSE = 0.02  # the most a table corner's jackknife spread may be, as a share of its
# diagonal: more, and the cards found do not pin the outline down (a corner is guessed)


def _loose(grid: np.ndarray, pts: np.ndarray, quad: np.ndarray, corners: np.ndarray) -> float:
    """The jackknife spread of the table's corners (refitted leaving out one card at a time),
    as a share of the diagonal: cards found in a cluster, a line or an L leave a corner to
    extrapolation, and the spread says how far it may be off."""
    n = len(pts)
    if n < 6:  # one left out leaves too few points to fit a perspective surely
        return np.inf
    fits = []
    for i in range(n):
        rest = np.arange(n) != i
        h, _ = cv2.findHomography(grid[rest], pts[rest], 0)
        if h is None:
            return np.inf
        fits.append(cv2.perspectiveTransform(corners, h)[0])
    fits_a = np.array(fits)
    spread = np.sqrt((n - 1) / n * ((fits_a - fits_a.mean(axis=0)) ** 2).sum(axis=0))
    return float(spread.max()) / float(np.linalg.norm(quad[2] - quad[0]))


AGREE = 0.05  # how far from its grid cell's centre a card found by its sides is cut around


def cell_cards(cards: list[Found], to_table: np.ndarray, rows: int, cols: int, pad: float,
               cw: float, ch: float) -> list[tuple[Found, tuple[float, float]] | None]:
    """For each cell of a table seen from above (`to_table` maps the photo onto it; cells of
    cw × ch after `pad`), the card found in it and its centre there, or None."""
    out: list[tuple[Found, tuple[float, float]] | None] = [None] * (rows * cols)
    if not cards:
        return out
    pts = cv2.perspectiveTransform(np.float32([[c.centre for c in cards]]), to_table)[0]
    best = [np.inf] * (rows * cols)
    for card, (x, y) in zip(cards, pts, strict=True):
        c, r = int((x - pad) // cw), int((y - pad) // ch)
        if not (0 <= r < rows and 0 <= c < cols):
            continue
        dx, dy = (x - pad) / cw - c - 0.5, (y - pad) / ch - r - 0.5
        d = float(np.hypot(dx, dy))
        # a card's centre within its cell's middle; one found by its sides only near where
        # the grid puts it (else it may have been taken a stripe off)
        if d < (AGREE if card.by_sides else 0.3) and d < best[r * cols + c]:
            best[r * cols + c] = d
            out[r * cols + c] = (card, (float(x), float(y)))
    return out
