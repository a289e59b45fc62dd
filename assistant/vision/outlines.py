"""Find each card's own outline on a photo: light card faces (or their light borders) on a
darker table, each a card-shaped blob whose four sides are fitted as lines.

Used by Okoshki registration (cards laid by hand in rows, with gaps, white rounded borders,
small turns) and as a second source of card outlines in zone photos. Cards with no light
border (full bleed, a dark stock) are blobs of colours unlike the table's (unlike_table).
Pure OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np

ASPECT = (1.2, 1.7)  # a card's long side over its short side, perspective included
CARD = 1.4  # the long/short ratio ASPECT is around (the drawn deck's 5:7)


def aspect_range(aspect: float | None) -> tuple[float, float]:
    """The long/short ratios taken for a card of that shape (None: ASPECT), perspective
    included: ASPECT scaled, so that a bridge-size (1.55) or 3:4 (1.33) card keeps as
    much room either side as a 5:7 one."""
    if aspect is None:
        return ASPECT
    return ASPECT[0] * aspect / CARD, ASPECT[1] * aspect / CARD
GAP = 13  # wider than the gaps between cards laid close (pixels at the working size)


def whiteness(img: np.ndarray) -> np.ndarray:
    """Lightness less twice the chroma: card borders (white, cream) stand out from coloured
    tables and from the gaps between cards, which show the table."""
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    a = lab[..., 1].astype(np.float32) - 128
    b = lab[..., 2].astype(np.float32) - 128
    chroma = cv2.magnitude(a, b)
    white = cv2.subtract(lab[..., 0].astype(np.float32), 2 * chroma)
    white = np.clip(white, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(white, (0, 0), 1.0)


def foreground(img: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
    """255 where the photo is whiter than its table (read on the photo's outer frame; the
    split by Otsu above it), less the thin darker lines between cards laid close."""
    light = whiteness(img) if white is None else white
    h, w = light.shape
    b = max(4, min(h, w) // 25)
    frame = np.concatenate([light[:b].ravel(), light[-b:].ravel(), light[:, :b].ravel(),
                            light[:, -b:].ravel()])
    table = float(np.percentile(frame, 75))
    otsu, _ = cv2.threshold(light, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = max(float(otsu), table + 20)
    valley = cv2.morphologyEx(light, cv2.MORPH_BLACKHAT,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (GAP, GAP)))
    bright = float(np.percentile(light[light > level], 60)) if (light > level).any() else 255.0
    deep = max(10.0, 0.1 * (bright - table))
    return np.where((light > level) & (valley < deep), 255, 0).astype(np.uint8)


def _side_lines(contour: np.ndarray, box: np.ndarray) -> np.ndarray | None:
    """Fit a line to each side of a blob's outline (its corners left out: they may be
    rounded) and return the four corners where the lines meet, in the order of `box`."""
    pts = contour.reshape(-1, 2).astype(np.float32)
    lines = []
    for k in range(4):
        a, b = box[k], box[(k + 1) % 4]
        d = b - a
        length = float(np.linalg.norm(d))
        if length < 8:
            return None
        u = d / length
        n = np.array([-u[1], u[0]], np.float32)
        rel = pts - a
        along = rel @ u
        across = rel @ n
        near = (along > 0.15 * length) & (along < 0.85 * length) & (np.abs(across) < 0.08 * length
                                                                      + 3)
        if near.sum() < 6:
            return None
        vx, vy, x0, y0 = cv2.fitLine(pts[near], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float32), np.array([vx, vy], np.float32)))
    quad = _corners(lines)
    if quad is None:
        return None
    if np.abs(quad - box).max() > 0.15 * max(np.linalg.norm(box[1] - box[0]),
                                             np.linalg.norm(box[2] - box[1])):
        return None
    return quad


def upright(quad: np.ndarray) -> np.ndarray:
    """Order four corners TL, TR, BR, BL with the long sides as the card's height and its top
    the side highest on the photo (the card as a player looking down on it would read it)."""
    c = quad.mean(axis=0)
    ang = np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0])
    q = quad[np.argsort(ang)]  # clockwise on the image (y down), starting anywhere
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[2] - q[1]):
        q = np.roll(q, -1, axis=0)  # make q[0]→q[1] a short side
    # two choices remain: q[0]q[1] or q[2]q[3] as the top
    if (q[0, 1] + q[1, 1]) > (q[2, 1] + q[3, 1]):
        q = np.roll(q, 2, axis=0)
    return q.astype(np.float32)


def _blobs(whole: np.ndarray, r: int, min_side: int, ratios: tuple[float, float] = ASPECT
           ) -> list[tuple[np.ndarray, np.ndarray, tuple[int, int]]]:
    """Card-shaped blobs of a filled mask after parting touching ones by an opening of radius
    `r`: (outline quad, the blob's own mask over its box, the box's top-left x, y on the
    mask) each; `ratios`: the long/short range taken."""
    # worked on the box round the mask's light, with r + 3 dark pixels to spare: what is left
    # of a zone once its cards are taken out is often a corner of the photo, and the
    # erosion and the labelling of the whole photo cost tens of milliseconds each; the
    # answers are the same (no erosion, dilation or own mask reaches past the spare band)
    bx, by, bw, bh = cv2.boundingRect(whole)
    if bw == 0:
        return []
    spare = r + 3
    ox, oy = max(0, bx - spare), max(0, by - spare)
    filled = whole[oy:min(whole.shape[0], by + bh + spare), ox:min(whole.shape[1],
                                                                    bx + bw + spare)]
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    parts = cv2.erode(filled, kernel)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(parts, connectivity=4)
    h, w = filled.shape
    out = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if max(bw, bh) + 2 * r < min_side * 1.2 or area < (min_side - 2 * r) ** 2 / 2:
            continue
        x0, y0 = max(0, x - r - 2), max(0, y - r - 2)
        x1, y1 = min(w, x + bw + r + 2), min(h, y + bh + r + 2)
        # the own mask over its box alone: a whole-photo mask per blob, made and then read
        # whole to take the blob out, cost a few milliseconds each
        own = cv2.dilate((labels[y0:y1, x0:x1] == i).astype(np.uint8) * 255,
                         kernel) & filled[y0:y1, x0:x1]
        cs, _ = cv2.findContours(own, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if not cs:
            continue
        c = max(cs, key=cv2.contourArea) + np.array([ox + x0, oy + y0])
        rect = cv2.minAreaRect(c)
        rw, rh = sorted(rect[1])
        if rw < min_side or not ratios[0] <= rh / rw <= ratios[1]:
            continue
        if cv2.contourArea(c) < 0.85 * rw * rh:
            continue
        box = cv2.boxPoints(rect).astype(np.float32)
        quad = _side_lines(c, box)
        out.append((upright(quad if quad is not None else box), own, (ox + x0, oy + y0)))
    return out


def fill_holes(fg: np.ndarray, nested: bool = True) -> np.ndarray:
    """Fill each blob's holes (a card's darker picture inside its light border) but not the
    thin ones: the gap between cards that touch at both ends of it. `nested` False: a light
    part inside a thin dark ring (a card's keyline) is left out, with its holes."""
    contours, tree = cv2.findContours(fg, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    filled = np.zeros_like(fg)
    if tree is None:
        return filled
    outer = [c for c, t in zip(contours, tree[0], strict=True) if t[3] < 0]
    if nested:
        # one contour at a time: drawn together, nested outlines (a card's light inside
        # within the thin dark ring of its keyline, within its light rim) are filled
        # even-odd, and the card's inside is left dark: the card is never outlined
        # (each handed over alone: OpenCV converts the whole list it is given on every
        # call, which on a grainy photo of thousands of specks cost seconds)
        for c in outer:
            cv2.drawContours(filled, [c], 0, 255, -1)
    else:
        cv2.drawContours(filled, outer, -1, 255, -1)
    thin = [c for c, t in zip(contours, tree[0], strict=True)
            if t[3] >= 0 and 2 * cv2.contourArea(c) < 6 * cv2.arcLength(c, True)]
    for c in thin:
        cv2.drawContours(filled, [c], 0, 0, -1)
    return filled


def area(quad: np.ndarray) -> float:
    """The area of a quadrilateral."""
    return float(cv2.contourArea(quad.astype(np.float32)))


def light_blobs(img: np.ndarray, nested: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """The photo's whiteness and its light blobs, holes filled (see foreground; `nested`:
    see fill_holes)."""
    white = whiteness(img)
    fg = cv2.morphologyEx(foreground(img, white), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    return white, fill_holes(fg, nested)


TABLE_COLOURS = 8  # colours the table's frame is summed up by (cloth, its pattern, objects)
UNLIKE_LEAST = 14.0  # Lab distance from every table colour under which a pixel is table


def unlike_table(img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How far each pixel's colour is from the table's (the colours of the photo's outer
    frame, where no card lies), and the blobs far from it, holes filled: cards of any stock,
    dark or full bleed, that whiteness misses (light_blobs' form: the distance as uint8)."""
    small = cv2.resize(img, (img.shape[1] // 2, img.shape[0] // 2), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (0, 0), 1.0), cv2.COLOR_BGR2LAB).astype(np.float32)
    h, w = lab.shape[:2]
    b = max(4, min(h, w) // 25)
    frame = np.concatenate([lab[:b].reshape(-1, 3), lab[-b:].reshape(-1, 3),
                            lab[:, :b].reshape(-1, 3), lab[:, -b:].reshape(-1, 3)])[::3]
    cv2.setRNGSeed(20261202)  # k-means starts at random: the same photo, the same answer
    _, _, centres = cv2.kmeans(frame, TABLE_COLOURS, None,
                               (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5), 2,
                               cv2.KMEANS_PP_CENTERS)
    dist = table_distance(lab, centres)
    near = np.sqrt(((frame[:, None, :] - centres[None]) ** 2).sum(axis=2)).min(axis=1)
    level = max(UNLIKE_LEAST, 2 * float(np.percentile(near, 95)))
    d8 = np.clip(dist * 2, 0, 255).astype(np.uint8)
    # no valley cut here (as foreground has): a dark stock's margin next to a bright picture
    # is such a valley, and the card would lose it; touching cards are parted by card_quads
    fg = np.where(dist > level, 255, 0).astype(np.uint8)
    fg = cv2.morphologyEx(fg, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    fg = cv2.resize(fg, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_NEAREST)
    d8 = cv2.resize(d8, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_LINEAR)
    return d8, fill_holes(fg)


def table_distance(lab: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Per pixel of a float32 Lab image, its distance to the nearest of the colours."""
    # the same float32 numbers as np.sqrt(((lab - c) ** 2).sum(axis=2)) least over the
    # colours, a tenth of the CPU (0.17 s less a dark-stock zone): OpenCV's operations on
    # whole planes (numpy's sum over a 3-wide last axis is slow), the channels added in
    # numpy's order, and one square root of the least square (the root keeps the order)
    planes = cv2.split(lab)
    least = None
    for c in centres:
        total = None
        for plane, x in zip(planes, c, strict=True):
            d = cv2.subtract(plane, float(x))
            d = cv2.multiply(d, d)
            total = d if total is None else cv2.add(total, d)
        least = total if least is None else cv2.min(least, total)
    if least is None:
        return np.full(lab.shape[:2], np.inf, np.float32)
    return cv2.sqrt(least)


def _straight_sides(contour: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The quad's corners where lines fitted to the outline's straight parts meet: each side's
    line is fitted again to the points close to it, so a bump (glare, an object at the side)
    does not pull it."""
    pts = contour.reshape(-1, 2).astype(np.float32)
    lines = []
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        length = float(np.linalg.norm(b - a))
        u = (b - a) / max(length, 1e-6)
        n = np.array([-u[1], u[0]], np.float32)
        rel = pts - a
        along, across = rel @ u, rel @ n
        near = (along > 0.1 * length) & (along < 0.9 * length) & (np.abs(across) < 0.1 * length)
        p0, d = a, u
        for _ in range(3):  # fit, then keep the points within a few pixels of the line
            if near.sum() < 6:
                break
            vx, vy, x0, y0 = cv2.fitLine(pts[near], cv2.DIST_L1, 0, 0.01, 0.01).ravel()
            p0, d = np.float32([x0, y0]), np.float32([vx, vy])
            off = np.abs((pts - p0) @ np.float32([-d[1], d[0]]))
            near &= off < max(3.0, float(np.percentile(off[near], 50)) * 2)
        lines.append((p0, d))
    fitted = _corners(lines)
    return quad if fitted is None else fitted


def layout_quad(filled: np.ndarray, least: float = 0.1) -> np.ndarray | None:
    """The outline of the largest blob (a layout of cards side by side) as four corners TL,
    TR, BR, BL: its convex hull fitted by a quadrilateral; None when no blob holds `least`
    of the photo."""
    # the cards joined across the gaps and their dark margins (a table-coloured stock)
    r = max(3, min(filled.shape) // 60)
    joined = cv2.morphologyEx(filled, cv2.MORPH_CLOSE,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2))
    # less what sticks out of it thinner than a card or two (glare or an object on the table)
    r = max(5, min(filled.shape) // 16)
    joined = cv2.morphologyEx(joined, cv2.MORPH_OPEN,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    if n < 2:
        return None
    i = 1 + int(np.argmax(stats[1:, 4]))
    if stats[i, 4] < least * filled.size:
        return None
    cs, _ = cv2.findContours((labels == i).astype(np.uint8), cv2.RETR_EXTERNAL,
                             cv2.CHAIN_APPROX_NONE)
    hull = cv2.convexHull(max(cs, key=cv2.contourArea))
    quad = cv2.approxPolyN(hull, 4, ensure_convex=True).reshape(4, 2).astype(np.float32)
    quad = _straight_sides(max(cs, key=cv2.contourArea), quad)
    # order TL, TR, BR, BL round the centre, the top-left nearest the photo's corner
    c = quad.mean(axis=0)
    quad = quad[np.argsort(np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0]))]
    return np.roll(quad, -int(np.argmin(quad.sum(axis=1))), axis=0)


def card_quads(img: np.ndarray, min_side: int = 40, left: list | None = None,
               blobs: tuple[np.ndarray, np.ndarray] | None = None,
               aspect: float | None = None) -> list[np.ndarray]:
    """The outlines of the card-shaped light blobs on a photo, each TL, TR, BR, BL (upright as
    `upright` says). Cards laid close together are parted by ever wider openings; a blob
    much larger than the photo's typical card (two cards joined) is parted again. When
    `left` is a list, the mask of the light blobs no single card explains is put in it.
    `blobs`: light_blobs(img) when already made. `aspect`: the cards' long/short ratio when
    known (a registered deck's), else any in ASPECT."""
    ratios = aspect_range(aspect)
    white, filled = blobs if blobs is not None else light_blobs(img)
    first = _blobs(filled, 2, min_side, ratios)
    if left is not None:
        left.append(filled)
    if not first:
        return []
    typical = float(np.median([area(q) for q, _, _ in first]))
    kept: list[np.ndarray] = []
    rest = filled.copy()
    for r in (2, 5, 9, 14):
        found = first if r == 2 else _blobs(rest, r, min_side, ratios)
        for quad, own, (x, y) in found:
            if 0.6 * typical <= area(quad) <= 1.45 * typical:
                kept.append(quad)
                rest[y:y + own.shape[0], x:x + own.shape[1]][own > 0] = 0
        if len(found) == 0:
            break
    if kept:  # what is left may be cards joined along a whole side: part them by size
        sides = np.array([sorted([np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1])])
                          for q in kept])
        short, long = np.median(sides, axis=0)
        for quad in _parted(rest, white, float(short), float(long), min_side, ratios):
            if 0.6 * typical <= area(quad) <= 1.45 * typical:
                kept.append(quad)
    if left is not None:
        left[-1] = rest
    return kept


def _parted(rest: np.ndarray, white: np.ndarray, short: float, long: float,
            min_side: int, ratios: tuple[float, float] = ASPECT) -> list[np.ndarray]:
    """Blobs the size of 2–4 cards in a row or a column, cut where the whiteness across them
    is lowest near where the gaps should be."""
    out = []
    n, labels, stats, _ = cv2.connectedComponentsWithStats(rest, connectivity=4)
    for i in range(1, n):
        if stats[i, 4] < 1.5 * short * long:
            continue
        cs, _ = cv2.findContours((labels == i).astype(np.uint8), cv2.RETR_EXTERNAL,
                                 cv2.CHAIN_APPROX_NONE)
        c = max(cs, key=cv2.contourArea)
        rect = cv2.minAreaRect(c)
        a, b = rect[1]
        if cv2.contourArea(c) < 0.85 * a * b:
            continue
        box = cv2.boxPoints(rect).astype(np.float32)  # box[0]→box[1] is one side, length ~b?
        best = None
        for turn in (0, 1):  # cut along box[0]→box[1], or along the other side
            b2 = np.roll(box, -turn, axis=0)
            along, across = np.linalg.norm(b2[1] - b2[0]), np.linalg.norm(b2[2] - b2[1])
            for card_along, card_across in ((long, short), (short, long)):
                k = round(along / card_along)
                err = (abs(along - k * card_along) / card_along
                       + abs(across - card_across) / card_across)
                if 2 <= k <= 4 and err < 0.3 and (best is None or err < best[0]):
                    best = (err, k, b2)
        if best is None:
            continue
        _, k, box = best
        la, lb = np.linalg.norm(box[1] - box[0]), np.linalg.norm(box[2] - box[1])
        w, h = int(round(la)), int(round(lb))
        m = cv2.getPerspectiveTransform(box, np.float32([[0, 0], [w, 0], [w, h], [0, h]]))
        flat_white = cv2.warpPerspective(white, m, (w, h)).astype(np.float32)
        flat_mask = cv2.warpPerspective((labels == i).astype(np.uint8) * 255, m, (w, h))
        profile = flat_white[h // 5:h - h // 5].mean(axis=0)
        cuts = [0]
        for j in range(1, k):
            x = j * w / k
            lo, hi = int(x - 0.12 * w / k), int(x + 0.12 * w / k) + 1
            cuts.append(lo + int(np.argmin(profile[lo:hi])))
        cuts.append(w)
        back = np.linalg.inv(m)
        for x0, x1 in zip(cuts[:-1], cuts[1:], strict=True):
            part = np.zeros_like(flat_mask)
            part[:, x0 + 2:max(x0 + 3, x1 - 2)] = flat_mask[:, x0 + 2:max(x0 + 3, x1 - 2)]
            own = cv2.warpPerspective(part, back, (rest.shape[1], rest.shape[0]))
            pc, _ = cv2.findContours(own, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            if not pc:
                continue
            pcc = max(pc, key=cv2.contourArea)
            prect = cv2.minAreaRect(pcc)
            pw, ph = sorted(prect[1])
            if pw < min_side or not ratios[0] <= ph / pw <= ratios[1]:
                continue
            pbox = cv2.boxPoints(prect).astype(np.float32)
            q = _side_lines(pcc, pbox)
            out.append(upright(q if q is not None else pbox))
    return out


def long_short(quads: list[np.ndarray]) -> float | None:
    """The median long side over short side of card outlines (None: no outline)."""
    if not quads:
        return None
    ratios = []
    for q in quads:
        a = (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
        b = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
        ratios.append(max(a, b) / max(1e-6, min(a, b)))
    return float(np.median(ratios))


def touches_edge(quad: np.ndarray, shape: tuple[int, ...], margin: float = 2) -> bool:
    """Whether an outline reaches the photo's edge (the card may be cut off)."""
    h, w = shape[:2]
    return bool((quad[:, 0] < margin).any() or (quad[:, 1] < margin).any()
                or (quad[:, 0] > w - 1 - margin).any() or (quad[:, 1] > h - 1 - margin).any())



LEAST_LEFT = 0.4  # the share of a card a blob's light must hold for its corners to be tried


def corner_quads(mask: np.ndarray, short: float, min_run: float = 0.35,
                 aspect: float = CARD) -> list[np.ndarray]:
    """Card outlines guessed from the square corners of light blobs that are several cards
    lying over one another: at each corner where two long straight runs of the blob's
    outline meet at about 90°, a card of about the photo's size either way round (three
    sizes each), `aspect` its long side over its short one. The caller keeps those the card
    faces confirm."""
    out = []
    cs, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    for c in cs:
        # a card half under others leaves less than a card of light of its own
        if cv2.contourArea(c) < LEAST_LEFT * short * short * aspect:
            continue
        poly = cv2.approxPolyDP(c, 3.0, True).reshape(-1, 2).astype(np.float32)
        n = len(poly)
        if n < 3:
            continue
        segs = [(poly[k], poly[(k + 1) % n]) for k in range(n)]
        long_ = [k for k, (a, b) in enumerate(segs) if np.linalg.norm(b - a) >= min_run * short]
        orient = cv2.contourArea(poly, oriented=True)
        for i, k in enumerate(long_):
            j = long_[(i + 1) % len(long_)]
            # the next long run, a few short bevels (a rounded corner) at most in between
            if not 1 <= (j - k) % n <= 4 or j == k or sum(
                    np.linalg.norm(segs[(k + t) % n][1] - segs[(k + t) % n][0])
                    for t in range(1, (j - k) % n)) > 0.3 * short:
                continue
            a1, b1 = segs[k]
            a2, b2 = segs[j]
            d1 = (b1 - a1) / np.linalg.norm(b1 - a1)
            d2 = (b2 - a2) / np.linalg.norm(b2 - a2)
            if abs(float(d1 @ d2)) > 0.2:
                continue
            turn = float(d1[0] * d2[1] - d1[1] * d2[0])
            if turn * orient <= 0:  # a concave corner: where two cards meet
                continue
            m = np.array([[d1[0], -d2[0]], [d1[1], -d2[1]]], np.float32)
            t = np.linalg.solve(m, a2 - a1)
            corner = a1 + t[0] * d1
            back, ahead = -d1, d2  # along run 1 back from the corner, along run 2 onwards
            for f in (0.9, 1.0, 1.1):
                for la, lb in ((short * f, short * f * aspect),
                               (short * f * aspect, short * f)):
                    q = np.float32([corner, corner + ahead * la, corner + ahead * la + back * lb,
                                    corner + back * lb])
                    out.append(upright(q))
    return out


def _corners(lines: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray | None:
    """Four sides (a point and a direction each) as corners; None if two sides are parallel."""
    corners = []
    for k in range(4):  # corner k joins side k-1 and side k
        (p1, d1), (p2, d2) = lines[k - 1], lines[k]
        m = np.array([[d1[0], -d2[0]], [d1[1], -d2[1]]], np.float32)
        if abs(np.linalg.det(m)) < 1e-3:
            return None
        t = np.linalg.solve(m, p2 - p1)
        corners.append(p1 + t[0] * d1)
    return np.float32(corners)
