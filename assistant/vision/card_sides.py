"""Find the rest of a hand-laid table's cards from the few found by their outlines.

Full-bleed cards (the print runs into the edge) rarely show a closed outline of their own: the
print's lines join the edge, and a narrow gap or a patterned ground joins neighbours. But each
card's four sides still stand out when the photo is averaged along them: a check or a stripe
inside the card averages out, while the card against the gap beside it does not. So from the
cards found (their size and the table's direction), each neighbour is looked for one step
away, where its four sides stand out as clearly as the found cards' own, and from each card
accepted its neighbours in turn; the table's rows × cols that hold the most cards are kept.
"""

from __future__ import annotations

from collections import deque

import cv2
import numpy as np

from assistant.vision.cards import Found, _axis_angle

SCALE_SHORT = 140.0  # the photo is looked at with a card's short side this many pixels
BAND = 3  # pixels on each side of a card's side that are compared (a gap is 3–14 at this scale)
REACH = 0.1  # how far from its guess a card is looked for (a share of the short side)
GAP = 0.06  # the guessed gap between neighbours (a share of the short side): 2–10 % laid
RESIZE = 0.05  # how much a side's length may differ from the found cards' (perspective)
TURN = 2  # pixels each half of a side may move on its own (a card turned ±2°)
LEAST = 6.0  # a side's contrast (Lab units) under which it is not a side at all
LIKE = 0.45  # a card accepted has sides at least this share as clear as the found cards'


class _Frame:
    """The photo turned so that the cards' long sides are upright, scaled so that a card's
    short side is SCALE_SHORT pixels, with its Lab integral image (any band's mean at once)."""

    def __init__(self, img: np.ndarray, theta: float, short: float) -> None:
        self.s = min(1.0, SCALE_SHORT / short)
        h, w = img.shape[:2]
        centre = np.array([w / 2, h / 2])
        rot = np.array([[np.cos(theta), np.sin(theta)], [-np.sin(theta), np.cos(theta)]])
        rot *= self.s
        corners = (np.array([[0, 0], [w, 0], [w, h], [0, h]]) - centre) @ rot.T
        lo, hi = corners.min(axis=0), corners.max(axis=0)
        self.m = np.hstack([rot, (-(centre @ rot.T) - lo)[:, None]])
        size = (int(np.ceil(hi[0] - lo[0])), int(np.ceil(hi[1] - lo[1])))
        small = img if self.s >= 1 else cv2.resize(img, None, fx=self.s, fy=self.s,
                                                   interpolation=cv2.INTER_AREA)
        m = self.m.copy()
        m[:, :2] /= self.s  # from the resized photo
        turned = cv2.warpAffine(small, m, size, flags=cv2.INTER_LINEAR)
        lab = cv2.cvtColor(cv2.GaussianBlur(turned, (0, 0), 0.8), cv2.COLOR_BGR2LAB)
        self.ii = cv2.integral(lab, sdepth=cv2.CV_32S)
        self.h, self.w = lab.shape[:2]

    def to_frame(self, p: np.ndarray) -> np.ndarray:
        """Photo points into this frame."""
        return np.asarray(p, np.float64) @ self.m[:, :2].T + self.m[:, 2]

    def to_photo(self, q: np.ndarray) -> np.ndarray:
        """This frame's points back onto the photo."""
        return (np.asarray(q, np.float64) - self.m[:, 2]) @ np.linalg.inv(self.m[:, :2]).T

    def _profile(self, upright: bool, lo: int, hi: int, a: int, b: int) -> np.ndarray | None:
        """The colour step across a line at each position a..b (x for an upright side spanning
        y lo..hi, else y), between the mean of BAND pixels before it and BAND after."""
        n = self.w if upright else self.h
        lo, hi = max(0, lo), min(self.h if upright else self.w, hi)
        if hi - lo < 8:
            return None
        cum = (self.ii[hi, :, :] - self.ii[lo, :, :] if upright
               else self.ii[:, hi, :] - self.ii[:, lo, :]).astype(np.float64)
        pos = np.clip(np.arange(a, b + 1), BAND, n - BAND)
        after = cum[pos + BAND] - cum[pos]
        before = cum[pos] - cum[pos - BAND]
        return np.linalg.norm(after - before, axis=1) / (BAND * (hi - lo))

    def _side(self, upright: bool, lo: int, hi: int, a: int, b: int) -> np.ndarray:
        """_profile with each half of the side free to move TURN pixels (a card turned)."""
        mid = (lo + hi) // 2
        halves = [self._profile(upright, lo, mid, a - TURN, b + TURN),
                  self._profile(upright, mid, hi, a - TURN, b + TURN)]
        if any(p is None for p in halves):
            return np.zeros(b - a + 1)
        k = np.ones((1, 2 * TURN + 1), np.uint8)
        spread = [cv2.dilate(p.astype(np.float32)[None], k).ravel()[TURN:-TURN] for p in halves]
        return (spread[0] + spread[1]) / 2

    def fit(self, centre: np.ndarray, w: float, h: float) -> tuple[np.ndarray, float, float,
                                                                    float]:
        """The card of about w × h nearest `centre` (in this frame): its centre, width, height
        and how clearly its least clear side stands out."""
        r = round(REACH * w) + 1
        dw = max(2, round(RESIZE * w))
        x0, x1 = round(centre[0] - w / 2), round(centre[0] + w / 2)
        y0, y1 = round(centre[1] - h / 2), round(centre[1] + h / 2)
        # each side's profile over the middle three quarters of its length (corners are round)
        ya, yb, xa, xb = round(y0 + h / 8), round(y1 - h / 8), round(x0 + w / 8), round(x1 - w / 8)
        left = self._side(True, ya, yb, x0 - r - dw, x0 + r + dw)
        right = self._side(True, ya, yb, x1 - r - dw, x1 + r + dw)
        top = self._side(False, xa, xb, y0 - r - dw, y0 + r + dw)
        bottom = self._side(False, xa, xb, y1 - r - dw, y1 + r + dw)
        sx, lx, rx = _pair(left, right, x0 - r - dw, x1 - x0, r, dw)
        sy, ty, by = _pair(top, bottom, y0 - r - dw, y1 - y0, r, dw)
        return np.array([(lx + rx) / 2, (ty + by) / 2]), rx - lx, by - ty, min(sx, sy)


def _pair(first: np.ndarray, second: np.ndarray, start: int, size: int, r: int, dw: int
          ) -> tuple[float, int, int]:
    """Two opposite sides (profiles from `start`, the second's `size` further) of a card that
    moved at most r and changed its size at most dw: the clearer of their least clear."""
    n = len(first)
    i = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    ok = (np.abs(j - i) <= dw) & (np.abs((i + j) / 2 - (n - 1) / 2) <= r)
    both = np.where(ok, np.minimum(first[:, None], second[None, :]), -1.0)
    a, b = np.unravel_index(int(np.argmax(both)), both.shape)
    return float(both[a, b]), start + int(a), start + size + int(b)


def grown(img: np.ndarray, found: list[Found], rows: int, cols: int) -> list[Found]:
    """The cards found, and the table's other cards looked for beside them side by side (one
    outline each, all of the found cards' size)."""
    if not found or len(found) >= rows * cols:
        return found
    theta = _axis_angle(found)
    short = float(np.median([f.size[0] for f in found]))
    long_ = float(np.median([f.size[1] for f in found]))
    frame = _Frame(img, theta, short)
    w, h = short * frame.s, long_ * frame.s
    step = np.array([w + GAP * w, h + GAP * w])
    at = frame.to_frame(np.array([f.centre for f in found]))
    # the found cards on a lattice of cells, relative to the first
    cells: dict[tuple[int, int], tuple[np.ndarray, float]] = {}
    scores = []
    for p in at:
        centre, _, _, score = frame.fit(p, w, h)
        key = tuple(int(v) for v in np.round((p - at[0]) / step))
        if key not in cells:
            cells[key] = (p, score)
            scores.append(score)
    least = max(LEAST, LIKE * float(np.median(scores)))
    queue = deque(cells)
    tried = set(cells)
    span = [min(k[0] for k in cells), max(k[0] for k in cells),
            min(k[1] for k in cells), max(k[1] for k in cells)]
    while queue:
        key = queue.popleft()
        p = cells[key][0]
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = (key[0] + dx, key[1] + dy)
            if nxt in tried:
                continue
            tried.add(nxt)
            # no further than the table's size from any card found
            if (max(span[1], nxt[0]) - min(span[0], nxt[0]) >= 2 * cols - 1
                    or max(span[3], nxt[1]) - min(span[2], nxt[1]) >= 2 * rows - 1):
                continue
            centre, _, _, score = frame.fit(p + step * (dx, dy), w, h)
            if score < least:
                continue
            cells[nxt] = (centre, score)
            queue.append(nxt)
    # the rows × cols window holding the most cards (the clearest, of equal counts)
    best, window = (-1, 0.0), None
    xs, ys = [k[0] for k in cells], [k[1] for k in cells]
    fx, fy = max(xs) - cols + 1, max(ys) - rows + 1
    for x0 in range(min(min(xs), fx), max(min(xs), fx) + 1):
        for y0 in range(min(min(ys), fy), max(min(ys), fy) + 1):
            inside = [v[1] for k, v in cells.items()
                      if x0 <= k[0] < x0 + cols and y0 <= k[1] < y0 + rows]
            if (len(inside), sum(inside)) > best:
                best, window = (len(inside), sum(inside)), (x0, y0)
    if window is None:
        return found
    out = list(found)
    for (kx, ky), (centre, _) in cells.items():
        if not (window[0] <= kx < window[0] + cols and window[1] <= ky < window[1] + rows):
            continue
        c = frame.to_photo(centre)
        if any(np.hypot(*(np.array(f.centre) - c)) < 0.3 * short for f in found):
            continue
        out.append(Found((float(c[0]), float(c[1])), (short, long_), theta, True))
    return out
