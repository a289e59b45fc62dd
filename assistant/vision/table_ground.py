"""A Pisanki table's outline checked against the ground it lies on: every cell of the table
holds a card (colours unlike the table's, read on the photo's outer frame), and the ring of
cells around the table holds the ground. An outline fitted to cards found one by one may sit
a column or a row off (cards "found" by their sides on a patterned cloth's squares), and one
taken from the area dense with edges may be the whole photo; both show here. Pure OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import outlines

SAMPLE = 16  # pixels per cell (each way) where a cell's share of card colours is counted
CARD_LINE = 0.45  # a row or column of cells holds cards: its mean share of unlike colours
GROUND_LINE = 0.2  # ...and holds the ground: at most this share
SHIFT_GAIN = 0.4  # a line moved in must hold this much more card than the line moved out
SMALL = 4  # the ground mask is shrunk this much before the layout's outline is fitted


HALF = 2  # the photo is shrunk this much before its colours are compared with the table's


class Ground:
    """Where a photo's colours are unlike its table's (outlines.unlike_table, on the photo
    shrunk HALF times: the outline checks count shares of cells, which need no finer mask)."""

    def __init__(self, img: np.ndarray) -> None:
        h, w = img.shape[:2]
        small = cv2.resize(img, (w // HALF, h // HALF), interpolation=cv2.INTER_AREA)
        self.mask = outlines.unlike_table(small)[1]
        self.scale = small.shape[1] / w

    def shares(self, quad: np.ndarray, rows: int, cols: int) -> np.ndarray:
        """cell_shares of the outline `quad` (photo pixels)."""
        return cell_shares(self.mask, np.float32(quad) * self.scale, rows, cols)

    def shifted(self, quad: np.ndarray, rows: int, cols: int
                ) -> tuple[np.ndarray, tuple[int, int]]:
        """The outline moved by whole cells onto the cards (at most two steps each way), and
        the move (columns, rows): a fit whose cards were taken a line off keeps its grid and
        its perspective, only shifted."""
        to_photo = cv2.getPerspectiveTransform(
            np.float32([[0, 0], [cols, 0], [cols, rows], [0, rows]]), np.float32(quad))
        dx = dy = 0
        for _ in range(2):
            shares = self.shares(_moved(to_photo, rows, cols, dx, dy), rows, cols)
            sx, sy = _step(shares, 1), _step(shares, 0)
            if sx == 0 and sy == 0:
                break
            dx, dy = dx + sx, dy + sy
        return _moved(to_photo, rows, cols, dx, dy), (dx, dy)

    def holds(self, quad: np.ndarray, rows: int, cols: int) -> bool:
        """Whether the outline holds cards in each outer row and column and the ground in
        the ring round it (each side's line of cells beyond it)."""
        shares = self.shares(quad, rows, cols)
        inner = shares[1:-1, 1:-1]
        edges = (inner[0].mean(), inner[-1].mean(), inner[:, 0].mean(), inner[:, -1].mean())
        ring = (shares[0, 1:-1].mean(), shares[-1, 1:-1].mean(), shares[1:-1, 0].mean(),
                shares[1:-1, -1].mean())
        return min(edges) >= CARD_LINE and max(ring) <= GROUND_LINE

    def layout(self) -> np.ndarray | None:
        """The outline of the largest blob of card colours (outlines.layout_quad), in photo
        pixels: fitted on the mask shrunk (its large opening costs seconds on the whole
        photo)."""
        h, w = self.mask.shape[:2]
        k = SMALL // HALF
        small = cv2.resize(self.mask, (w // k, h // k), interpolation=cv2.INTER_AREA)
        quad = outlines.layout_quad(np.where(small >= 128, 255, 0).astype(np.uint8))
        if quad is None:
            return None
        return ((quad + 0.5) * k / self.scale - 0.5).astype(np.float32)


def cell_shares(mask: np.ndarray, quad: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """The share of unlike pixels in each cell of the table `quad` (TL, TR, BR, BL, on the
    mask) cut into rows × cols, with a ring of one cell round it: (rows + 2) × (cols + 2),
    the table's own cells in [1:-1, 1:-1]. Cells off the photo count as ground."""
    grid = np.float32([[1, 1], [cols + 1, 1], [cols + 1, rows + 1], [1, rows + 1]]) * SAMPLE
    m = cv2.getPerspectiveTransform(np.float32(quad), grid)
    size = ((cols + 2) * SAMPLE, (rows + 2) * SAMPLE)
    flat = cv2.warpPerspective(mask, m, size, flags=cv2.INTER_NEAREST,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return flat.reshape(rows + 2, SAMPLE, cols + 2, SAMPLE).mean(axis=(1, 3)) / 255.0


def _step(shares: np.ndarray, axis: int) -> int:
    """-1 or +1 when the table lies one line (column: axis 1, row: axis 0) further that way
    than the outline says (the line beyond one side holds cards and the opposite inner line
    holds the ground), else 0."""
    lines = shares.mean(axis=1 - axis)  # per column (axis 1) or per row (axis 0), ring included
    best, step = 0.0, 0
    for d, gained, lost in ((-1, lines[0], lines[-2]), (1, lines[-1], lines[1])):
        gain = float(gained - lost)
        if gained >= CARD_LINE and lost <= GROUND_LINE and gain >= SHIFT_GAIN and gain > best:
            best, step = gain, d
    return step


def _moved(to_photo: np.ndarray, rows: int, cols: int, dx: int, dy: int) -> np.ndarray:
    corners = np.float32([[[dx, dy], [cols + dx, dy], [cols + dx, rows + dy], [dx, rows + dy]]])
    return cv2.perspectiveTransform(corners, to_photo)[0].astype(np.float32)


GAP_PX = 40  # pixels per cell (each way) where the cells' edges are looked for
GAP_NEAR = 0.1  # a card's edge lies within this share of a cell of where the grid puts it


def gap_score(img: np.ndarray, quad: np.ndarray, rows: int, cols: int) -> float:
    """How well the cells' edges of the outline fall on edges of the photo: per edge line of
    the grid (the table's sides and the gaps between its rows and columns), the strongest mean
    step in brightness across it within GAP_NEAR of a cell, over the median step along the
    table; the median over the lines. Cards laid by hand show a straight step at each; an
    outline off by part of a cell, or turned, blurs them."""
    pad = 0.25
    grid = np.float32([[pad, pad], [cols + pad, pad], [cols + pad, rows + pad],
                       [pad, rows + pad]]) * GAP_PX
    m = cv2.getPerspectiveTransform(np.float32(quad), grid)
    size = (round((cols + 2 * pad) * GAP_PX), round((rows + 2 * pad) * GAP_PX))
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    flat = cv2.warpPerspective(grey, m, size, flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    flat = cv2.GaussianBlur(flat, (0, 0), 1.0)
    p = round(pad * GAP_PX)
    near = round(GAP_NEAR * GAP_PX)
    scores = []
    for axis, count in ((1, cols), (0, rows)):
        step = np.abs(np.diff(flat, axis=axis))
        inner = step[p:-p] if axis == 1 else step[:, p:-p]
        prof = inner.mean(axis=1 - axis)
        base = float(np.median(prof)) + 1e-3
        for k in range(count + 1):
            at = p + k * GAP_PX
            scores.append(float(prof[max(0, at - near):at + near + 1].max()) / base)
    return float(np.median(scores))
