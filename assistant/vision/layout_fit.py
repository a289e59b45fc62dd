"""Where the cards of a registration layout photo lie: which cell each outline found is in,
and each card's outline fitted where its edges are (on the grid of the cards found apart, or
on the layout's own outline when the cards show no light outline)."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import outlines
from assistant.vision import pisanki as vp
from assistant.vision.decode import decode

OKOSHKI_ROWS, OKOSHKI_COLS = 6, 8


def cut_off(data: bytes) -> set[int]:
    """Cells of the 6×8 layout that fall partly outside the photo."""
    img = decode(data)
    quad = vp.find_table(img)
    if quad is None:
        return set()
    quad = vp.refine_quad(img, quad)
    h, w = img.shape[:2]
    src = np.float32([[0, 0], [OKOSHKI_COLS, 0], [OKOSHKI_COLS, OKOSHKI_ROWS], [0, OKOSHKI_ROWS]])
    m = cv2.getPerspectiveTransform(src, quad)
    out = set()
    for r in range(OKOSHKI_ROWS):
        for c in range(OKOSHKI_COLS):
            pts = np.float32([[[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]]])
            xy = cv2.perspectiveTransform(pts, m)[0]
            if (xy[:, 0] < 2).any() or (xy[:, 1] < 2).any() or (xy[:, 0] > w - 3).any() \
                    or (xy[:, 1] > h - 3).any():
                out.add(r * OKOSHKI_COLS + c)
    return out


def grid_of(quads: list[np.ndarray], rows: int, cols: int,
             shape: tuple[int, ...]) -> np.ndarray | None:
    """Each outline's cell (row * cols + col, or -1) in a layout of rows × cols, by its
    centre: a homography from cell numbers to centres is fitted and refined; None when the
    outlines do not make such a layout."""
    if len(quads) < rows * cols // 4:  # too few cards apart to be sure of the layout
        return None
    centres = np.float32([q.mean(axis=0) for q in quads])
    up = np.mean([(q[0] + q[1] - q[2] - q[3]) / 2 for q in quads], axis=0)
    height = float(np.linalg.norm(up))
    up /= height
    right = np.float32([-up[1], up[0]])
    if right[0] < 0:
        right = -right
    width = float(np.median([np.linalg.norm(q[1] - q[0]) for q in quads]))
    u, v = centres @ right, -(centres @ up)
    # pitches: the nearest neighbour to the right in the same row, below in the same column
    du = [min((u[j] - u[i] for j in range(len(u)) if u[j] - u[i] > 0.5 * width
               and abs(v[j] - v[i]) < 0.4 * height), default=np.inf) for i in range(len(u))]
    dv = [min((v[j] - v[i] for j in range(len(v)) if v[j] - v[i] > 0.5 * height
               and abs(u[j] - u[i]) < 0.4 * width), default=np.inf) for i in range(len(v))]
    pu = float(np.median([d for d in du if d < 1.6 * width] or [width * 1.04]))
    pv = float(np.median([d for d in dv if d < 1.6 * height] or [height * 1.04]))
    col = np.round((u - u.min()) / pu).astype(int)
    row = np.round((v - v.min()) / pv).astype(int)
    for _ in range(3):  # perspective: fit cell numbers → centres, and number again
        src = np.float32(np.stack([col + 0.5, row + 0.5], axis=1))
        h, inl = cv2.findHomography(src, centres, cv2.RANSAC, 0.25 * width)
        if h is None:
            return None
        back = cv2.perspectiveTransform(centres.reshape(-1, 1, 2), np.linalg.inv(h)).reshape(-1, 2)
        col, row = np.floor(back[:, 0]).astype(int), np.floor(back[:, 1]).astype(int)
        col -= col.min()
        row -= row.min()
    span_c, span_r = col.max() + 1, row.max() + 1
    if span_c > cols or span_r > rows:
        return None
    # a whole column or row not found: it is on the side that falls off the photo
    if span_c < cols or span_r < rows:
        src = np.float32(np.stack([col + 0.5, row + 0.5], axis=1))
        h, _ = cv2.findHomography(src, centres, 0)
        hh, ww = shape[:2]
        def inside(c: float, r: float) -> bool:
            x, y = cv2.perspectiveTransform(np.float32([[[c, r]]]), h)[0, 0]
            return 0 <= x < ww and 0 <= y < hh
        while span_c < cols:
            if not inside(-0.5, span_r / 2):
                col += 1
            span_c += 1
        while span_r < rows:
            if not inside(span_c / 2, -0.5):
                row += 1
            span_r += 1
    cell = row * cols + col
    out = np.full(len(quads), -1)
    ok_ = (col >= 0) & (col < cols) & (row >= 0) & (row < rows)
    out[ok_] = cell[ok_]
    return out


FIT_PX = 160  # pixels per layout column in the frame where each card is fitted
TURNS = (-2.4, -1.2, 0.0, 1.2, 2.4)  # degrees a card laid by hand may be turned


def _edge_profiles(prof: np.ndarray, band: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """For each position along a whiteness profile: how much whiter the next `band` pixels
    are than the previous ones (a card's near edge), and the reverse (its far edge)."""
    c = np.concatenate([[0.0], np.cumsum(prof)])
    n = len(prof)
    x = np.arange(n)
    lo, hi = np.clip(x - band, 0, n), np.clip(x + band, 0, n)
    before = (c[x] - c[lo]) / np.maximum(x - lo, 1)
    after = (c[hi] - c[x]) / np.maximum(hi - x, 1)
    return after - before, before - after


def _best_span(near: np.ndarray, far: np.ndarray, length: float, centre: float,
               reach: float) -> tuple[float, float]:
    """Where a card of `length` lies along a profile: the start that makes the strongest
    near edge plus far edge, within `reach` of the expected centre."""
    best, where = -1e9, centre - length / 2
    for start in range(int(centre - length / 2 - reach), int(centre - length / 2 + reach) + 1):
        end = int(round(start + length))
        if start < 0 or end >= len(far):
            continue
        score = float(near[start] + far[end])
        if score > best:
            best, where = score, float(start)
    return where, best


def fit_cards(img: np.ndarray, h: np.ndarray, size: tuple[float, float], rows: int,
              cols: int) -> list[np.ndarray]:
    """Each cell's card outline: the layout is rectified by the fitted grid `h` (cell numbers
    → photo), and in it a card of the layout's own size (`size`, in cells) is placed where
    its edges stand out most against the gaps, turned a little as hands lay cards."""
    white = outlines.whiteness(img).astype(np.float32)
    cw, ch = size
    px, py = float(FIT_PX), float(FIT_PX)
    pad = 0.3
    to_rect = np.array([[px, 0, pad * px], [0, py, pad * py], [0, 0, 1]]) @ np.linalg.inv(h)
    rw, rh = int((cols + 2 * pad) * px), int((rows + 2 * pad) * py)
    rect = cv2.warpPerspective(white, to_rect, (rw, rh), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    wl, hl = cw * px, ch * py  # the card's size in the rectified frame
    half_w, half_h = int(0.65 * px), int(0.65 * py)
    back = np.linalg.inv(to_rect)
    out = []
    for k in range(rows * cols):
        r, c = divmod(k, cols)
        cx, cy = (c + 0.5 + pad) * px, (r + 0.5 + pad) * py
        best = None
        for turn in TURNS:
            rot = cv2.getRotationMatrix2D((cx, cy), turn, 1.0)
            rot[:, 2] += (half_w - cx, half_h - cy)  # the patch: the cell and some margin
            patch = cv2.warpAffine(rect, rot, (2 * half_w, 2 * half_h), flags=cv2.INTER_LINEAR)
            ys = slice(int(half_h - 0.3 * hl), int(half_h + 0.3 * hl))
            xs = slice(int(half_w - 0.3 * wl), int(half_w + 0.3 * wl))
            near_x, far_x = _edge_profiles(patch[ys].mean(axis=0))
            near_y, far_y = _edge_profiles(patch[:, xs].mean(axis=1))
            x0, sx = _best_span(near_x, far_x, wl, half_w, 0.1 * px)
            y0, sy = _best_span(near_y, far_y, hl, half_h, 0.1 * py)
            if best is None or sx + sy > best[0]:
                corners = np.float32([[x0, y0], [x0 + wl, y0], [x0 + wl, y0 + hl],
                                      [x0, y0 + hl]])
                inv = cv2.invertAffineTransform(rot)
                best = (sx + sy, cv2.transform(corners[None], inv)[0])
        assert best is not None
        quad = cv2.perspectiveTransform(best[1][None].astype(np.float32), back)[0]
        out.append(quad.astype(np.float32))
    return out


GAPS = np.linspace(0.0, 0.16, 33)  # the gap between cards laid out, a share of the cell


def _colour_edges(prof: np.ndarray, band: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """A card's near and far edges along a Lab profile (n × 3): how much the next `band`
    pixels differ from the previous ones, either way (a dark card on a lighter gap, or a
    light one)."""
    edges = np.sum([np.abs(_edge_profiles(prof[:, k], band)[0]) for k in range(3)], axis=0)
    return edges, edges


def fit_in_table(img: np.ndarray, rows: int, cols: int,
                 quad: np.ndarray | None = None) -> list[np.ndarray] | None:
    """The outlines of a layout's cards that show no light outline: the layout's own outline
    (everything unlike the table; or `quad`, TL, TR, BR, BL, when given) gives the grid; each
    card is centred on its cell at the one size (one gap both ways) whose colour edges stand
    out most over all the cards; None when no layout is found."""
    if quad is None:
        # the layout's own outline: the blob of everything unlike the table (any stock)
        quad = outlines.layout_quad(outlines.unlike_table(img)[1])
    if quad is None:
        return None
    h = cv2.getPerspectiveTransform(np.float32([[0, 0], [cols, 0], [cols, rows], [0, rows]]),
                                    quad.astype(np.float32))
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.float32)
    px = float(FIT_PX)
    pad = 0.3
    to_rect = np.array([[px, 0, pad * px], [0, px, pad * px], [0, 0, 1]]) @ np.linalg.inv(h)
    rw, rh = int((cols + 2 * pad) * px), int((rows + 2 * pad) * px)
    rect = cv2.warpPerspective(lab, to_rect, (rw, rh), flags=cv2.INTER_LINEAR)
    half = int(0.65 * px)
    looks = []  # per card, per turn: the patch's edge profiles across and down
    for k in range(rows * cols):
        r, c = divmod(k, cols)
        cx, cy = (c + 0.5 + pad) * px, (r + 0.5 + pad) * px
        per_turn = []
        for turn in TURNS:
            rot = cv2.getRotationMatrix2D((cx, cy), turn, 1.0)
            rot[:, 2] += (half - cx, half - cy)
            patch = cv2.warpAffine(rect, rot, (2 * half, 2 * half), flags=cv2.INTER_LINEAR)
            mid = slice(int(half - 0.25 * px), int(half + 0.25 * px))
            per_turn.append((rot, _colour_edges(patch[mid].mean(axis=0)),
                             _colour_edges(patch[:, mid].mean(axis=1))))
        looks.append(per_turn)

    # Every card is centred on its cell (the layout's own outline gives the grid), at one
    # size: where the edges of all the cards together stand out most. A card's own search
    # for its edges, or one shift for them all, slides onto the window, the stock's margin
    # (its edge hardly shows on a dark cloth) or the next gap; `layout.aligned` then moves each
    # card onto the others.
    def total(axis: int, size: float) -> float:
        return sum(max(_best_span(*t[axis], size * px, half, 0)[1] for t in per_turn)
                   for per_turn in looks)

    # one gap between cards both ways (as hands lay them): a card's share of its cell across
    # and down follow from it and the cells' shape, so a strong span inside the card (a
    # window, a frame) cannot pass for the card one way only
    across = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2 / cols
    down = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2 / rows
    gx = max(GAPS, key=lambda g: total(1, 1 - g) + total(2, 1 - g * across / down))
    cw, ch = 1 - gx, 1 - gx * across / down
    quads = []
    back = np.linalg.inv(to_rect)
    for per_turn in looks:
        best = None
        for rot, ex, ey in per_turn:
            x0, sx = _best_span(*ex, cw * px, half, 0)
            y0, sy = _best_span(*ey, ch * px, half, 0)
            if best is None or sx + sy > best[0]:
                corners = np.float32([[x0, y0], [x0 + cw * px, y0],
                                      [x0 + cw * px, y0 + ch * px], [x0, y0 + ch * px]])
                best = (sx + sy, cv2.transform(corners[None], cv2.invertAffineTransform(rot))[0])
        assert best is not None
        quads.append(cv2.perspectiveTransform(best[1][None].astype(np.float32), back)[0])
    return quads
