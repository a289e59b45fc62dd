"""Register a player's real deck from photos, so recognition works with the real cards.

Okoshki: the 48 cards laid face up in 6 rows of 8 in deck order (each curtain suit's four
windows, plain then print, suits in the order of deck.py) and photographed 1–3 times; each
card is found by its own outline (gaps, small turns, rounded borders are fine) and becomes
that card's reference face; cards of accepted zone photos add views. Pisanki: any
photographed display table whose cards the player has confirmed on the entry page; each cell
is kept as an extra reference of its card.
Registered faces live in a folder (the app's instance/deck); nothing here knows of Flask.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.messages import N_, Message, MessageError, join, nmsg
from assistant.vision import cards, deck, outlines, refcache, views
from assistant.vision import okoshki as vo
from assistant.vision import pisanki as vp
from assistant.vision.decode import WORK_SIDE, decode

OKOSHKI_ROWS, OKOSHKI_COLS = 6, 8


class RegisterError(MessageError):
    """A registration photo that cannot be used; one line says why."""


def _table_cells(data: bytes, rows: int, cols: int, size: tuple[int, int]) -> list[np.ndarray]:
    img = decode(data)
    quad = vp.find_table(img)
    if quad is None:
        raise RegisterError("No cards found: lay them edge to edge on a plain table and take "
                            "the photo from above.")
    quad = vp.refine_quad(img, quad)
    w, h = size
    dst = np.float32([[0, 0], [cols * w, 0], [cols * w, rows * h], [0, rows * h]])
    table = cv2.warpPerspective(img, cv2.getPerspectiveTransform(quad, dst), (cols * w, rows * h))
    return [table[r * h:(r + 1) * h, c * w:(c + 1) * w] for r in range(rows) for c in range(cols)]


GLARE_SHARE = 0.06  # a card with more of its face blown out than this is retaken
BLUR_SHARE = 0.35  # a card far less sharp than the layout's median card is retaken


def cell_faults(cells: list[np.ndarray]) -> list[str | None]:
    """For each cut card: None when usable, else what is wrong with it (glare, blur)."""
    sharp = []
    for cell in cells:
        gray = cv2.cvtColor(cell, cv2.COLOR_BGR2GRAY)
        sharp.append(float(cv2.Laplacian(gray, cv2.CV_32F).var()))
    median = float(np.median(sharp)) if sharp else 0.0
    out: list[str | None] = []
    for cell, s in zip(cells, sharp, strict=True):
        my, mx = cell.shape[0] // 12, cell.shape[1] // 12  # inside any white border
        inner = cell[my:-my, mx:-mx]
        blown = float((inner.min(axis=2) > 245).mean())
        if blown > GLARE_SHARE:
            out.append(N_("glare"))
        elif s < BLUR_SHARE * median:
            out.append(N_("blurred"))
        elif min(cell.shape[:2]) == 0 or float(cell.max(axis=2).mean()) < 25:
            out.append(N_("cut off"))
        else:
            out.append(None)
    return out


def _cut_off(data: bytes) -> set[int]:
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


def _grid_of(quads: list[np.ndarray], rows: int, cols: int,
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


def _fit_in_table(data: bytes, img: np.ndarray, rows: int,
                  cols: int) -> tuple[list[np.ndarray], list[str | None], list] | None:
    """The faces of a layout whose cards show no light outline, what is wrong with each, and
    their outlines: the layout's own outline (everything unlike the table) gives the grid;
    each card is centred on its cell at the one size (one gap both ways) whose colour edges
    stand out most over all the cards, then aligned; None when no layout is found."""
    # the layout's own outline: the blob of everything unlike the table (cards of any stock)
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
    # (its edge hardly shows on a dark cloth) or the next gap; `aligned` then moves each
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
    quads = aligned(img, quads)
    faces, faults = _cut_faces(data, img, quads)
    return faces, faults, quads


def layout_cards(data: bytes, rows: int = OKOSHKI_ROWS, cols: int = OKOSHKI_COLS,
                 quads_out: list | None = None) -> tuple[list[np.ndarray], list[str | None]]:
    """The faces of a layout photo, each cut at its card's own outline, and what is wrong
    with each (None: usable; "glare", "blurred", "cut off"). The cards found on their own
    give the grid (each by its centre) and the card's size; then every cell's card is fitted
    where its edges are. `quads_out` receives the outlines fitted in the table's grid when
    the cards were not found on their own (their shape is the deck's)."""
    img = decode(data)
    # a keyline card's outline is its keyline here (nested=False): the faces and the ids
    # pass are tuned on such cuts; cut at the whole card, deck 4 reads 13 of 204 ids worse
    quads = outlines.card_quads(img, blobs=outlines.light_blobs(img, nested=False))
    apart = _cut_apart(data, img, quads, rows, cols)
    if apart is not None and len(quads) >= rows * cols // 2:
        return apart
    # no layout of separate cards (edge to edge), or only some found apart (a shadow, cards
    # touching here and there, where the grid they give may be a row or a column off): cut
    # the table as a grid too, and keep the cut with fewer cards to retake (a grid that is
    # off cuts cards in two or off the photo), then the one whose cards have their frames
    # along their edges
    found = _table_cells(data, rows, cols, (deck.W, deck.H))
    faults = cell_faults(found)
    for i in _cut_off(data):
        faults[i] = N_("cut off")
    if not quads:
        # not one light outline (full-bleed cards, a dark stock): each card is fitted in
        # the layout's own grid where its edges are, rather than the grid cut blind (cards
        # laid edge to edge that show light outlines here and there keep the grid's cut)
        fitted = _fit_in_table(data, img, rows, cols)
        if fitted is not None and sum(f is not None for f in fitted[1]) <= \
                sum(f is not None for f in faults):
            if quads_out is not None:
                quads_out.extend(fitted[2])
            return fitted[0], fitted[1]
    if apart is not None:
        bad = sum(f is not None for f in apart[1]), sum(f is not None for f in faults)
        if bad[0] < bad[1] or (bad[0] == bad[1] and _frames(apart[0]) > _frames(found)):
            return apart
    return found, faults


def _frames(faces: list[np.ndarray]) -> float:
    """How well a set of cut cards has each card's frame along its edges: per card, the
    whiteness of its least white side strip (corners left out: they may be rounded); the
    median over the cards. A cut that is off takes in a gap or the next card on one side."""
    scores = []
    for f in faces:
        w = outlines.whiteness(f).astype(np.float32)
        hh, ww = w.shape
        b, ex, ey = max(2, ww // 40), ww // 8, hh // 8
        sides = (w[:b, ex:-ex], w[-b:, ex:-ex], w[ey:-ey, :b], w[ey:-ey, -b:])
        scores.append(min(float(s.mean()) for s in sides))
    return float(np.median(scores))


PAD = 0.12  # share of a card's size taken in around it when the cards are aligned together
PW, PH = 80, 112  # the aligned patches' size (card and pad)
ALIGN_MOST = 0.08  # a card's cut is moved by at most this share of its size


def _patch_map(quad: np.ndarray) -> np.ndarray:
    """The homography from a padded patch (PW × PH, the card in its middle) to the photo."""
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    to_photo = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    k = 1 + 2 * PAD
    to_unit = np.array([[k / PW, 0, -PAD], [0, k / PH, -PAD], [0, 0, 1]])
    return to_photo @ to_unit


def aligned(img: np.ndarray, quads: list[np.ndarray]) -> list[np.ndarray]:
    """The cards' outlines moved so that every card sits where the others do on their common
    frame (the printed border, the window's frame): the cards of a deck share it, so each one
    laid out is aligned (ECC, a small affine move) onto the median of all of them. A fit
    misled by a printed line near the edge, or a neighbour's, is put back in line."""
    if len(quads) < 8:
        return quads
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)
    maps = [_patch_map(q) for q in quads]
    patches = []
    for m in maps:
        g = cv2.warpPerspective(grey, m, (PW, PH), flags=cv2.INTER_AREA + cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_REPLICATE) + 8
        g = g / cv2.GaussianBlur(g, (0, 0), PW / 6)  # without shading, glare or shadow
        patches.append(((g - g.mean()) / (g.std() + 1e-6)).astype(np.float32))
    # the frame: the pad and the card's outer fifth (the scenes inside differ card by card)
    ring = np.full((PH, PW), 255, np.uint8)
    ix, iy = round(PW * (PAD + 0.2) / (1 + 2 * PAD)), round(PH * (PAD + 0.2) / (1 + 2 * PAD))
    ring[iy:PH - iy, ix:PW - ix] = 0
    warps = [np.eye(2, 3, dtype=np.float32) for _ in quads]
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 40, 1e-4)
    for _ in range(2):  # the median of the cards as they stand, then as aligned
        moved = [cv2.warpAffine(p, w, (PW, PH), flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_REPLICATE) for p, w in zip(patches, warps,
                                                                                 strict=True)]
        template = np.median(np.stack(moved), axis=0).astype(np.float32)
        card_w = PW / (1 + 2 * PAD)
        m = round(ALIGN_MOST * card_w) + 1
        middle = template[m:-m, m:-m]
        for k, p in enumerate(patches):
            # first the shift (ECC alone can slide off a card laid several pixels askew),
            # then a small affine move from there
            found = cv2.matchTemplate(p, middle, cv2.TM_CCOEFF_NORMED)
            _, _, _, (dx, dy) = cv2.minMaxLoc(found)
            w = np.float32([[1, 0, dx - m], [0, 1, dy - m]])
            try:
                _, w = cv2.findTransformECC(template, p, w.copy(), cv2.MOTION_AFFINE, criteria,
                                            ring, 3)
            except cv2.error:
                pass  # the shift alone
            if np.abs(w[:, :2] - np.eye(2)).max() <= ALIGN_MOST and \
                    np.abs(w[:, 2]).max() <= ALIGN_MOST * card_w:
                warps[k] = w
    out = []
    corners = np.float32([[PW * PAD / (1 + 2 * PAD), PH * PAD / (1 + 2 * PAD)]])
    far = np.float32([[PW * (1 + PAD) / (1 + 2 * PAD), PH * (1 + PAD) / (1 + 2 * PAD)]])
    rect = np.float32([[corners[0, 0], corners[0, 1]], [far[0, 0], corners[0, 1]],
                       [far[0, 0], far[0, 1]], [corners[0, 0], far[0, 1]]])
    for m, w in zip(maps, warps, strict=True):
        # the template's card rectangle, as this card's patch has it, back on the photo
        in_patch = cv2.transform(rect[None], w)[0]
        out.append(cv2.perspectiveTransform(in_patch[None], m)[0].astype(np.float32))
    return out


def _cut_apart(data: bytes, img: np.ndarray, quads: list[np.ndarray], rows: int,
               cols: int) -> tuple[list[np.ndarray], list[str | None]] | None:
    """The faces cut card by card from a layout of cards laid apart (None: the outlines
    found do not make such a layout)."""
    cells = _grid_of(quads, rows, cols, img.shape)
    h = None
    if cells is not None:
        src = np.float32([[(k % cols) + 0.5, (k // cols) + 0.5] for k in cells if k >= 0])
        dst = np.float32([q.mean(axis=0) for q, k in zip(quads, cells, strict=True) if k >= 0])
        width = float(np.median([np.linalg.norm(q[1] - q[0]) for q in quads]))
        h, _ = cv2.findHomography(src, dst, cv2.RANSAC, 0.1 * width)
    if cells is None or h is None:
        return None
    inv = np.linalg.inv(h)  # the card's size in cells: its outlines taken back through the grid
    sizes = []
    for q, k in zip(quads, cells, strict=True):
        if k >= 0:
            g = cv2.perspectiveTransform(q[None].astype(np.float32), inv)[0]
            sizes.append(((np.linalg.norm(g[1] - g[0]) + np.linalg.norm(g[2] - g[3])) / 2,
                          (np.linalg.norm(g[3] - g[0]) + np.linalg.norm(g[2] - g[1])) / 2))
    cw, ch = np.median(np.array(sizes), axis=0)
    return _cut_faces(data, img, aligned(img, fit_cards(img, h, (float(cw), float(ch)), rows,
                                                        cols)))


def _cut_faces(data: bytes, img: np.ndarray,
               quads: list[np.ndarray]) -> tuple[list[np.ndarray], list[str | None]]:
    """Each outline's face cut from the photo, and what is wrong with each."""
    dst_rect = np.float32([[0, 0], [deck.W, 0], [deck.W, deck.H], [0, deck.H]])
    faces, cut = [], []
    # the faces are cut from the photo at up to twice the working size: a layout of 48 cards
    # leaves each only about 150 pixels across there
    big = decode(data, 2 * WORK_SIDE)
    scale = big.shape[1] / img.shape[1]
    for q in quads:
        cut.append(outlines.touches_edge(q, img.shape, 2))
        m = cv2.getPerspectiveTransform(q.astype(np.float32) * scale, dst_rect)
        faces.append(cv2.warpPerspective(big, m, (deck.W, deck.H), flags=cv2.INTER_AREA,
                                         borderValue=(0, 0, 0)))
    del big
    faults = cell_faults(faces)
    for k, c in enumerate(cut):
        if c:
            faults[k] = N_("cut off")
    return faces, faults


SHAPE_LEAST = 12  # card outlines a layout photo needs for the cards' shape to be measured


def register_okoshki_photos(photos: list[bytes], folder: Path,
                            laid_out: list[bytes] | None = None) -> list[str]:
    """Register the 48 faces from 1–3 photos of the deck laid out in order: each card is
    found by its own outline and taken from the photo where it is usable (no glare, not
    blurred, not cut off); when a card is usable on none, one line says which cells to
    retake. `laid_out` (when given) receives the photos that showed a layout."""
    if not 1 <= len(photos) <= 3:
        raise RegisterError("Send one to three photos of the 48 cards laid out in 6 rows of 8.")
    best: list[np.ndarray | None] = [None] * len(ok.DECK)
    faults: list[str | None] = [N_("missing")] * len(ok.DECK)
    more_views: list[tuple[str, np.ndarray]] = []  # a card usable on several photos: each a view
    cut, refused, layouts = [], None, []
    fitted: list[list] = []  # each layout's outlines fitted in its table's grid (if any)
    for data in photos:  # a photo with no layout on it is left out while another has one
        try:
            fitted.append([])
            cut.append(layout_cards(data, quads_out=fitted[-1]))
            layouts.append(data)
            if laid_out is not None:
                laid_out.append(data)
        except RegisterError as exc:
            fitted.pop()
            refused = refused or exc
    if not cut and refused is not None:
        raise refused
    for cells, found in cut:
        for i, (cell, fault) in enumerate(zip(cells, found, strict=True)):
            if best[i] is None or (faults[i] is not None and fault is None):
                best[i], faults[i] = cell, fault
            elif fault is None:
                more_views.append((ok.DECK[i].id, cell))
    bad = [(i, f) for i, f in enumerate(faults) if f is not None]
    if bad:
        names = join(*(Message("row %(row)d card %(card)d (%(fault)s)", row=i // OKOSHKI_COLS + 1,
                               card=i % OKOSHKI_COLS + 1, fault=Message(f)) for i, f in bad[:8]))
        if len(bad) > 8:
            more = nmsg("and %(num)d more card", "and %(num)d more cards", len(bad) - 8)
            names = join(names, more, sep=" ")
        raise RegisterError("Retake (or add a photo of) %(cells)s: nothing was saved.",
                            cells=names)
    folder.mkdir(parents=True, exist_ok=True)
    for card, cell in zip(ok.DECK, best, strict=True):
        cv2.imwrite(str(folder / f"{card.id}.png"), cell)
    # the faces are kept at 5:7: the cards' own shape is kept beside them, for the finder
    quads = outlines.card_quads(decode(layouts[0]))
    if len(quads) < SHAPE_LEAST and fitted[0]:
        quads = fitted[0]  # no light outlines (full bleed, dark stock): the fitted ones
    # cards laid edge to edge give few outlines of their own: then none is trusted
    shape = outlines.long_short(quads) if len(quads) >= SHAPE_LEAST else None
    (folder / vo.SHAPE_FILE).unlink(missing_ok=True)
    if shape is not None:
        (folder / vo.SHAPE_FILE).write_text(f"{shape:.4f}\n")
    # views learned of an earlier deck are forgotten; the other photos' cards are views
    _save_views(folder, [c for c, _ in more_views],
                [cv2.resize(v, (vo.SW, vo.SH), interpolation=cv2.INTER_AREA)
                 for _, v in more_views])
    use_folder(folder)
    return [c.id for c in ok.DECK]


PENDING = "okoshki-pending"  # the deck folder's photos of a registration not finished yet


def pending_photos(folder: Path) -> list[bytes]:
    """The layout photos kept from refused registrations (oldest first)."""
    where = folder / PENDING
    return [p.read_bytes() for p in sorted(where.glob("*.jpg"))] if where.is_dir() else []


def _keep_pending(folder: Path, photos: list[bytes]) -> None:
    where = folder / PENDING
    clear_pending(folder)
    where.mkdir(parents=True, exist_ok=True)
    for k, data in enumerate(photos):
        (where / f"{k}.jpg").write_bytes(data)


def clear_pending(folder: Path) -> None:
    """Forget the photos kept from refused registrations."""
    where = folder / PENDING
    if where.is_dir():
        for p in where.iterdir():
            p.unlink()
        where.rmdir()


def register_okoshki_adding(photos: list[bytes], folder: Path) -> list[str]:
    """Register the 48 faces from new layout photos together with the ones a refused
    registration kept (the newest three): a player told to retake or add a photo of some
    cards sends just that photo. A refusal keeps the photos that showed a layout; success
    (or a new photo that is not one) forgets them."""
    kept = pending_photos(folder)
    fresh = [p for p in photos if p not in kept]
    together = (kept + fresh)[-3:]
    laid_out: list[bytes] = []
    try:
        ids = register_okoshki_photos(together, folder, laid_out)
    except RegisterError:
        _keep_pending(folder, laid_out)
        raise
    clear_pending(folder)
    return ids


def register_okoshki(data: bytes, folder: Path) -> list[str]:
    """Save the 48 faces cut from one photo of the deck laid out in order; return their ids."""
    return register_okoshki_photos([data], folder)


def learn_pisanki(data: bytes, grid: list[list[dict | None]], folder: Path,
                  corners: list | None = None) -> int:
    """Keep every cell of a confirmed table photo as an extra reference of its card."""
    if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
        raise RegisterError("The confirmed table must be rows of cards (4×6, 3×6 or 3×5).")
    rows, cols = len(grid), len(grid[0])
    if any(len(r) != cols for r in grid):
        raise RegisterError("The confirmed table must be 4×6, 3×6 or 3×5.")
    if (rows, cols) not in set(pg.GRID_SIZES.values()):
        raise RegisterError("The confirmed table must be 4×6, 3×6 or 3×5.")
    wants = [c for row in grid for c in row]
    try:
        for i, want in enumerate(wants):
            pg.read_card(want, f"grid[{i // cols}][{i % cols}]")
    except pg.PisankiError as exc:
        # the game's own check names the cell (English: only the CLI can send a bad grid)
        raise RegisterError("The confirmed table has a card that cannot be: %(error)s",
                            error=str(exc)) from None
    img = decode(data)
    found = cards.find(img)
    if corners is not None:
        quad = vp._order(np.float32(corners))
    else:
        try:
            quad = vp.locate(img, rows, cols, found)[0]
        except vp.NoCardsFound:
            raise RegisterError("No cards found: lay them edge to edge on a plain table and "
                                "take the photo from above.") from None
    cells = [vp.rectify(img, quad, rows, cols)[r * vp.CH:(r + 1) * vp.CH,
                                                  c * vp.CW:(c + 1) * vp.CW]
             for r in range(rows) for c in range(cols)]
    cut = vp.table_cells(img, quad, rows, cols, found)[0]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "pisanki.json"
    saved = json.loads(path.read_text()) if path.exists() else []
    for cell, want in zip(cells, wants, strict=True):
        saved.append({"card": want, "features": vp.features(vp._balanced(cell)).round(3).tolist()})
    path.write_text(json.dumps(saved))
    views.save(folder, [views.view_of(c) for c in cut], wants)
    use_folder(folder)
    return rows * cols


MAX_VIEWS = 6  # learned views kept per Okoshki card (the newest)


def learn_okoshki(data: bytes, cards: list, folder: Path) -> int:
    """Keep each confirmed card of a zone photo as one more view of that card. `cards` are
    the recognition answer's cards the players accepted ({"id", "quad"} in the working
    image the answer's `size` names); returns how many views were kept."""
    if not isinstance(cards, list) or len(cards) > len(ok.DECK) or not all(
            isinstance(c, dict) and c.get("id") in ok.CARDS and _is_quad(c.get("quad"))
            for c in cards):
        raise RegisterError("The confirmed cards must be a list of cards, each with its id "
                            "and outline.")
    img = decode(data)
    ids, faces = vo.learned_views(folder)
    new_ids, new_faces = list(ids), list(faces)
    for c in cards:
        quad = np.float32(c["quad"])
        if not vo._quad_ok(quad, img.shape):
            continue
        new_ids.append(c["id"])
        new_faces.append(vo.flatten(img, quad))  # SW × SH, as the views are compared
    keep = []  # the newest MAX_VIEWS of each card
    for i in range(len(new_ids) - 1, -1, -1):
        if sum(1 for k in keep if new_ids[k] == new_ids[i]) < MAX_VIEWS:
            keep.append(i)
    keep.reverse()
    folder.mkdir(parents=True, exist_ok=True)
    _save_views(folder, [new_ids[i] for i in keep], [new_faces[i] for i in keep])
    use_folder(folder)
    return len(new_ids) - len(ids)


def _save_views(folder: Path, ids: list[str], faces: list[np.ndarray]) -> None:
    np.savez_compressed(folder / vo.VIEWS_FILE, ids=np.array(ids, dtype=str),
                        faces=np.stack(faces) if faces
                        else np.zeros((0, vo.SH, vo.SW, 3), np.uint8))


def _is_quad(raw) -> bool:
    return (isinstance(raw, list) and len(raw) == 4 and all(
        isinstance(p, list) and len(p) == 2 and all(
            isinstance(v, int | float) and not isinstance(v, bool) and -1e4 <= v <= 1e5
            for v in p) for p in raw))


def use_folder(folder: Path | None) -> None:
    """Recognise against the deck registered in `folder` (None: the drawn deck only)."""
    deck.REGISTERED["folder"] = folder
    deck.okoshki_faces.cache_clear()
    vo.references.cache_clear()
    vo.view_table.cache_clear()
    vo._squares.cache_clear()
    vo._view_grey.cache_clear()
    views.load.cache_clear()
    vp.references.cache_clear()


def forget(folder: Path) -> None:
    """Delete a registered deck and go back to the drawn one."""
    for p in list(folder.glob("*.png")) + list(folder.glob("pisanki.json")) + list(
            folder.glob(views.VIEWS_FILE)) + list(folder.glob(vo.VIEWS_FILE)) + list(
            folder.glob(vo.SHAPE_FILE)):
        p.unlink()
    clear_pending(folder)
    kept = folder / refcache.SUBFOLDER
    if kept.is_dir():  # the references built from the deck forgotten
        for p in kept.iterdir():
            p.unlink()
        kept.rmdir()
    views.load.cache_clear()
    use_folder(None)


def status(folder: Path) -> dict[str, int]:
    """How many registered faces there are of each game."""
    pis = folder / "pisanki.json"
    return {"okoshki": len(list(folder.glob("*.png"))) if folder.exists() else 0,
            "pisanki": len(json.loads(pis.read_text())) if pis.exists() else 0}
