"""The 48 faces of an Okoshki registration layout photo, each cut at its card's own outline,
and what is wrong with each (glare, blur, cut off); layout_fit.py finds where the cards lie."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.messages import N_, MessageError
from assistant.vision import deck, layout_check, layout_fit, layout_refine, outlines
from assistant.vision import pisanki as vp
from assistant.vision.decode import WORK_SIDE, decode
from assistant.vision.layout_fit import OKOSHKI_COLS, OKOSHKI_ROWS


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


def layout_cards(data: bytes, rows: int = OKOSHKI_ROWS, cols: int = OKOSHKI_COLS,
                 quads_out: list | None = None,
                 cuts_out: list | None = None) -> tuple[list[np.ndarray], list[str | None]]:
    """The faces of a layout photo, each cut at its card's own outline, and what is wrong
    with each (None: usable; "glare", "blurred", "cut off"). The cards found on their own
    give the grid (each by its centre) and the card's size; then every cell's card is fitted
    where its edges are. `quads_out` receives the outlines fitted in the table's grid when
    the cards were not found on their own (their shape is the deck's); `cuts_out` receives
    the outline each face was cut at (in the working-size photo), when cut card by card."""
    img = decode(data)
    # a keyline card's outline is its keyline here (nested=False): the faces and the ids
    # pass are tuned on such cuts; cut at the whole card, deck 4 reads 13 of 204 ids worse
    quads = outlines.card_quads(img, blobs=outlines.light_blobs(img, nested=False))
    apart = _cut_apart(data, img, quads, rows, cols)
    if apart is not None and len(quads) >= rows * cols // 2:
        return _with_cuts(data, img, apart, cuts_out)
    # no layout of separate cards (edge to edge), or only some found apart (a shadow, cards
    # touching here and there, where the grid they give may be a row or a column off): cut
    # the table as a grid too, and keep the cut with fewer cards to retake (a grid that is
    # off cuts cards in two or off the photo), then the one whose cards have their frames
    # along their edges
    found = _table_cells(data, rows, cols, (deck.W, deck.H))
    faults = cell_faults(found)
    for i in layout_fit.cut_off(data):
        faults[i] = N_("cut off")
    # (the fit costs seconds: only where the light outlines gave no layout of cards)
    few = apart is None and len(quads) < rows * cols // 2
    fitted = layout_fit.fit_in_table(img, rows, cols) if few else None
    if fitted is not None and _light_cards(quads, fitted) < STRAY_LIGHT:
        # next to no light outline of a card's size (full-bleed cards, a dark stock; glare
        # or a pale face gives one or two, light window panes a quarter of a card): each
        # card is fitted in the layout's own grid where its edges are, rather than the grid
        # cut blind (cards laid edge to edge that show light outlines here and there keep
        # the grid's cut). Fitted by colour edges, a card is often a few degrees or 9 % off
        # (a hand-laid card turned in its cell): aligned as widely as fitted cards laid
        # apart are, and shifted when even that move is refused (before, a move over 8 %
        # was refused; cards cut over 5 % off the common frame on decks 7, 8, 10: 7, 3, 13
        # of 48 then, 4, 0, 3 now: benchmarks/okoshki_fitted_cuts.py)
        fitted = aligned(img, fitted)
        faces, fits = _cut_faces(data, img, fitted)
        if sum(f is not None for f in fits) <= sum(f is not None for f in faults):
            cut = _straightened(data, img, (faces, fits, fitted))
            if not layout_check.cut_right(cut[0], rows, cols):
                # the layout's outline took in the cloth, or lost cards that look like it
                # (a lit patch of a checked cloth, blue panes on a blue-grey stripe): the
                # faces are parts of two cards. The grid its well cut cards give, or the
                # table's outline as Pisanki finds it, may be right; else the player takes
                # the photo again
                fitted, cut = _refitted(data, img, rows, cols, cut)
            if quads_out is not None:
                quads_out.extend(fitted)
            return _given(cut, cuts_out)
    if apart is not None:
        bad = sum(f is not None for f in apart[1]), sum(f is not None for f in faults)
        if bad[0] < bad[1] or (bad[0] == bad[1] and _frames(apart[0]) > _frames(found)):
            return _with_cuts(data, img, apart, cuts_out)
    return found, faults


STRAY_LIGHT = 3  # one or two light outlines of a card's size are no deck's light cards
LIGHT_CARD = 0.5  # a light outline under this share of a fitted card is a part of a card
# (deck 8, full bleed, two layout photos of five: 2 and 12 light window panes, 0.22-0.31 of a
# card, and from the grid cut blind its zones' cards were found 144 and 171 times of 204;
# light decks' outlines are 0.82-1.14 of a card, or 2.1 where two cards merged, and number 3-48)


def _light_cards(quads: list[np.ndarray], fitted: list[np.ndarray]) -> int:
    """How many light outlines are of a card's size (the cards fitted in the grid give it)."""
    card = float(np.median([cv2.contourArea(q.astype(np.float32)) for q in fitted]))
    return sum(cv2.contourArea(q.astype(np.float32)) >= LIGHT_CARD * card for q in quads)


def _with_cuts(data: bytes, img: np.ndarray, cut: tuple, cuts_out: list | None
               ) -> tuple[list[np.ndarray], list[str | None]]:
    """A cut card by card: its faces and faults, any card cut askew set straight on the
    others (layout_refine.straighten) and cut again; its outlines go to `cuts_out`."""
    return _given(_straightened(data, img, cut), cuts_out)


def _straightened(data: bytes, img: np.ndarray, cut: tuple) -> tuple:
    """A cut card by card (faces, faults, outlines) with any card cut askew set straight on
    the others (layout_refine.straighten) and cut again."""
    faces, faults, quads = cut
    straight = layout_refine.straighten(img, quads)
    if any(not np.array_equal(a, b) for a, b in zip(straight, quads, strict=True)):
        quads = straight
        faces, faults = _cut_faces(data, img, quads)
    return faces, faults, quads


def _given(cut: tuple, cuts_out: list | None) -> tuple[list[np.ndarray], list[str | None]]:
    """A cut's faces and faults; its outlines go to `cuts_out`."""
    faces, faults, quads = cut
    if cuts_out is not None:
        cuts_out.extend(quads)
    return faces, faults


def _refitted(data: bytes, img: np.ndarray, rows: int, cols: int,
              wrong: tuple) -> tuple[list, tuple]:
    """The layout cut again when its first cut (`wrong`: faces, faults, outlines) does not
    agree as a deck's cards do: the cards fitted in the grid the well cut cards of a cut give,
    or in the table's outline as the Pisanki reader finds it (as found, then refined),
    aligned and straightened; the first whose faces all but agree: the outlines fitted and
    the cut. Refused when none does."""
    table = vp.find_table(img)
    tries = [_anchored(wrong, rows, cols)]
    if table is not None:
        tries += [table, vp.refine_quad(img, table)]
    for quad in tries[:REFITS]:
        if quad is None:
            continue
        fitted = layout_fit.fit_in_table(img, rows, cols, quad)
        if fitted is None:
            continue
        fitted = aligned(img, fitted)
        cut = _straightened(data, img, (*_cut_faces(data, img, fitted), fitted))
        if layout_check.cut_sure(cut[0], rows, cols):
            # the few faces still unlike the others are retaken (or taken from another
            # photo): a layout cut again is one the first cut got wrong, and at most a
            # card or two of it is left off
            faults = list(cut[1])
            for k in layout_check.odd_ones(cut[0]):
                faults[k] = faults[k] or N_("cut off")
            return fitted, (cut[0], faults, cut[2])
        tries.append(_anchored(cut, rows, cols))
    raise RegisterError("The cards' edges could not be found on a layout photo: lay the cards "
                        "a little apart on a plain cloth of another colour than theirs and "
                        "take it again.")


REFITS = 5  # grids tried at most after a wrong cut (each fit costs a few seconds)


def _anchored(cut: tuple, rows: int, cols: int) -> np.ndarray | None:
    """The layout's outline (TL, TR, BR, BL) the cards cut well of a cut give: the grid from
    their cells to their centres (RANSAC), or None when too few agree with the others."""
    faces, _, quads = cut
    agree = layout_check.agreements(faces)
    keep = [k for k in range(rows * cols) if agree[k] >= layout_check.WELL_CUT]
    if len(keep) < rows * cols // 4:
        return None
    src = np.float32([[k % cols + 0.5, k // cols + 0.5] for k in keep])
    dst = np.float32([np.float32(quads[k]).mean(axis=0) for k in keep])
    width = float(np.median([np.linalg.norm(quads[k][1] - quads[k][0]) for k in keep]))
    h, _ = cv2.findHomography(src, dst, cv2.RANSAC, 0.1 * width)
    if h is None:
        return None
    corners = np.float32([[[0, 0], [cols, 0], [cols, rows], [0, rows]]])
    return cv2.perspectiveTransform(corners, h)[0].astype(np.float32)


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
ALIGN_MOST = 0.12  # a card's cut is moved by at most this share of its size: a card fitted
# (among cards found on their own, whose frames make the median sharp, or where its colour
# edges are) is up to a tenth off, a card laid touching its neighbours when its keyline was
# taken for its edge, a full-bleed card turned in its cell


def _patch_map(quad: np.ndarray) -> np.ndarray:
    """The homography from a padded patch (PW × PH, the card in its middle) to the photo."""
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    to_photo = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    k = 1 + 2 * PAD
    to_unit = np.array([[k / PW, 0, -PAD], [0, k / PH, -PAD], [0, 0, 1]])
    return to_photo @ to_unit


def aligned(img: np.ndarray, quads: list[np.ndarray], most: float = ALIGN_MOST,
            shift: bool = True) -> list[np.ndarray]:
    """The cards' outlines moved so that every card sits where the others do on their common
    frame (the printed border, the window's frame): the cards of a deck share it, so each one
    laid out is aligned (ECC, a small affine move) onto the median of all of them. A fit
    misled by a printed line near the edge, or a neighbour's, is put back in line. `most`:
    the largest move (share of the card); `shift`: a card whose ECC move is larger is
    shifted (the best shift found) rather than left as it was."""
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
        m = round(most * card_w) + 1
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
            if np.abs(w[:, :2] - np.eye(2)).max() <= most and \
                    np.abs(w[:, 2]).max() <= most * card_w:
                warps[k] = w
            elif shift:  # ECC slid off (a neighbour's edge, a printed line): the shift alone
                warps[k] = np.float32([[1, 0, dx - m], [0, 1, dy - m]])
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
               cols: int) -> tuple[list[np.ndarray], list[str | None], list[np.ndarray]] | None:
    """The faces cut card by card from a layout of cards laid apart, what is wrong with each
    and the outlines they were cut at (None: the outlines found do not make such a layout)."""
    cells = layout_fit.grid_of(quads, rows, cols, img.shape)
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
    cw, ch = common_size(sizes)
    fitted = layout_fit.fit_cards(img, h, (cw, ch), rows, cols)
    cuts = aligned(img, _keep_found(fitted, quads, cells, sizes, (cw, ch)))
    return (*_cut_faces(data, img, cuts), cuts)


FOUND_SIZE = 0.03  # a card found on its own keeps its outline when this near the common size


def common_size(sizes: list[tuple[float, float]]) -> tuple[float, float]:
    """The size most of the outlines found share (the median of the largest group within
    FOUND_SIZE of one of them): on a bordered card some outlines are the card's edge and
    others its frame inside, and the median of both is the size of neither."""
    arr = np.array(sizes, dtype=np.float64)
    near = [(np.abs(arr / a - 1) <= FOUND_SIZE).all(axis=1) for a in arr]
    best = max(range(len(arr)), key=lambda i: (int(near[i].sum()), -i))
    cw, ch = np.median(arr[near[best]], axis=0)
    return float(cw), float(ch)


def _keep_found(fitted: list[np.ndarray], quads: list[np.ndarray], cells: np.ndarray,
                sizes: list[tuple[float, float]], size: tuple[float, float]) -> list[np.ndarray]:
    """The fitted outlines, with each card found on its own at the layout's card size put
    back at its own outline: the fit looks for the strongest edges, which on a card with a
    keyline inside a white margin may be the card's edge on one side and the keyline on the
    other (a cut shifted by several per cent, a print card read as its plain twin)."""
    out = list(fitted)
    found = [(q, k) for q, k in zip(quads, cells, strict=True) if k >= 0]
    for (q, k), (w, h) in zip(found, sizes, strict=True):
        if abs(w / size[0] - 1) <= FOUND_SIZE and abs(h / size[1] - 1) <= FOUND_SIZE:
            out[k] = q.astype(np.float32)
    return out


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


def recut(data: bytes, quads: list[np.ndarray]) -> tuple[list[np.ndarray], list[str | None]]:
    """The faces of a layout photo cut anew at these outlines (working-size photo), and what
    is wrong with each."""
    return _cut_faces(data, decode(data), quads)
