"""Whole-card matching against the players' own registered Pisanki cards.

Every cell of a confirmed table photo is kept as a small "view" of its card; views and cells
are white-balanced on each card's own paper. A cell of a new photo is cut with a margin
(cards laid by hand are not where a grid says), compared cheaply with every view in both
orientations (0° and 180°) to pick candidates, then each candidate is slid over the cell
(normalised correlation of the Lab image) and checked on colour; the best few, each first
shifted to the cell's light (a registration photo's colour cast, judged first by the
card's paper), are settled pairwise where
they differ (each differing part, a flower or an egg, may shift a little:
cards lie turned by hand; two that differ in how many flowers they have, only inside the
deck's badge map, flower_map.py); the margin to the best *other* card is the confidence. A cell
whose best match is weak or close to another card's is unsure.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from assistant.games import pisanki as pg
from assistant.vision import correlate, refcache
from assistant.vision.flower_map import flower_map

VW, VH = 80, 112  # a view: one card
MARGIN = 0.16  # a cell is cut this much wider on each side
SW, SH = round(VW * (1 + 2 * MARGIN)), round(VH * (1 + 2 * MARGIN))
TRIM = 0.12  # the template is a view without this much of each side
FLOWER_TRIM = 0.03  # ...and for the check of a winner against a rival with other flowers only,
# this much (a flower badge at a card's edge lies half outside TRIM)
CANDIDATES = 48
LOCATORS = 2  # a card not found by its outline is looked for by this many views each way round
COARSE_L_SPREAD = 12.0  # the least spread of light a coarse vector is scaled by
NEAR = 0.06  # how far a view slides over a cell cut around its card's own centre
NEAR_SIDES = 0.1  # ...around the centre of a card found by its sides only (pisanki.reach)
COLOUR_SCALE = 150.0
FINALISTS = 4
SETTLE_LEAD = 0.2  # a correlation's first leading by more is not overruled by the settling
DUEL_BLUR = 1.5
MATCH_BLUR = 1.0  # cells and views are compared blurred this much (view pixels)
COLOUR_BLUR = 2.5  # the colour check compares colours blurred this much
UNSURE_MARGIN = 0.12  # the winner's pairwise margin (a share) below which a cell is unsure
UNSURE_SCORE = 0.55
UNSURE_MARGIN_UNFOUND = 0.3  # the same for a cell whose card was not found by its outline
FLOWER_GAP = 0.05  # a rival differing only in flowers within this much of the correlation...
FLOWER_MARGIN = 0.2  # ...must be beaten by this much in the settling, else the cell is unsure
FLOWER_OVERRULE = 0.4  # a settling overruling on flowers alone by this much leaves it sure
COMPACT = 3  # the duel looks at the parts where two cards differ at least this thick (px)
CAST = 20.0  # the most a finalist's colour is shifted to the cell's light (Lab a, b ×2)
ALONG = 4.0  # ...and at most this much along the card's own hue (a paler print)
PAPER = 80  # a view's paper: its lightest fifth (percentile of lightness)...
NEUTRAL = 40.0  # ...of about neutral colour (Lab a, b ×2 from grey)...
PAPER_SHARE = 0.03  # ...over at least this share of the card, else the paper is not used
GREY = 256.0  # a neutral colour's a, b as _lab scales them
CLOTH_SCALE = 0.5  # two cards differing in their cloth only: a lead of the two correlations
# together by this much is sure
BADGE_APART = 50.0  # a badge against the cloth: flower twins differing less in the map are
# settled as any two cards are (a badge the map lacks)
SHIFT = 2  # the duel lets each differing region shift this many pixels (a card turned 2°)
VIEWS_FILE = "pisanki_views.npz"


@dataclass(frozen=True)
class ViewGuess:
    """A cell's best registered card, its confidence and whether a player must look."""

    card: pg.Card | None
    confidence: float
    unsure: bool
    turned: bool
    margin: float = 1.0  # the winner's least pairwise margin (a share)
    score: float = 1.0  # the winner's correlation less its colour check


def white_balance(table: np.ndarray, where: np.ndarray | None = None) -> np.ndarray:
    """Scale each channel so the table's paper (its brightest pixels; of `where` only, when
    given: the cards, not the ground) is white."""
    # channel by channel, by a partial sort (np.percentile's numbers, a fraction of its CPU)
    ref = np.array([_top(c.ravel() if where is None else c[where], 97)
                    for c in cv2.split(table)], np.float32) + 1
    return np.clip(table.astype(np.float32) * (240 / ref), 0, 255).astype(np.uint8)


def balance(img: np.ndarray, by: np.ndarray | None = None) -> np.ndarray:
    """Scale the card's light so its brightest pixels (of `by`, the card itself by default)
    are near white: a shadow band or a glare spot lights each card differently. One gain for
    all three channels: the table's own white balance has taken the colour cast away, and a
    card need not have white paper (on a kraft card with pale yellow stripes, balancing each
    channel made the stripes white and every colour bluer, each view by another amount)."""
    flat = (img if by is None else by).reshape(-1, 3).astype(np.float32)
    light = flat.sum(axis=1)
    # np.percentile's and np.median's numbers by partial sorts (_top, _median): a light is
    # a sum of whole numbers, so the same pixels are the brightest
    ref = _median(flat[light >= _top(light, 95)]) + 1
    gain = float(np.clip(235 / ref.mean(), 0.6, 2.5))
    return np.clip(img.astype(np.float32) * gain, 0, 255).astype(np.uint8)


def cells(table: np.ndarray, rows: int, cols: int, pad: int,
          centres: list[tuple[float, float] | None] | None = None) -> list[np.ndarray]:
    """Each cell of a rectified table (cells cw × ch after `pad` pixels of border), cut
    with the margin around its card's centre (the cell's, when the card was not found) and
    scaled to SW × SH."""
    h, w = table.shape[:2]
    cw, ch = (w - 2 * pad) / cols, (h - 2 * pad) / rows
    out = []
    for r in range(rows):
        for c in range(cols):
            cx, cy = pad + (c + 0.5) * cw, pad + (r + 0.5) * ch
            if centres is not None and centres[r * cols + c] is not None:
                cx, cy = centres[r * cols + c]  # type: ignore[misc]
            x0, y0 = cx - (0.5 + MARGIN) * cw, cy - (0.5 + MARGIN) * ch
            x1, y1 = cx + (0.5 + MARGIN) * cw, cy + (0.5 + MARGIN) * ch
            crop = table[max(0, int(y0)):int(np.ceil(y1)), max(0, int(x0)):int(np.ceil(x1))]
            out.append(cv2.resize(crop, (SW, SH), interpolation=cv2.INTER_AREA))
    return out


def view_of(cell: np.ndarray) -> np.ndarray:
    """The card part (no margin) of a cut cell, as stored."""
    mx, my = round(VW * MARGIN), round(VH * MARGIN)
    return cell[my:my + VH, mx:mx + VW].copy()


def _soft(img: np.ndarray) -> np.ndarray:
    """An image blurred as matching compares it: a fine cloth pattern (thin stripes, a
    tartan's lines) laid a pixel or a degree off otherwise outweighs an egg or a flower, in
    the correlation and in the colour check alike; so does a little camera blur."""
    return cv2.GaussianBlur(img, (0, 0), MATCH_BLUR)


def _lab(img: np.ndarray) -> np.ndarray:
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 1:] *= 2.0  # colour weighs more than light in the correlation
    return lab


def _coarse(img: np.ndarray) -> np.ndarray:
    """A card's (VW × VH) coarse colour layout, inside its border (the ground around a card,
    and a white border on a light table, must not count), as a unit vector."""
    tx, ty = round(VW * TRIM), round(VH * TRIM)
    img = img[ty:VH - ty, tx:VW - tx]
    small = cv2.resize(cv2.GaussianBlur(img, (0, 0), 1.5), (8, 11), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    # a plain card (a neutral cloth) has little spread of light: do not blow its shading up
    light = lab[..., 0]
    lab[..., 0] = (light - light.mean()) / max(float(light.std()), COARSE_L_SPREAD)
    lab[..., 1:] = (lab[..., 1:] - 128) / 12
    v = lab.ravel()
    return v / (np.linalg.norm(v) + 1e-6)


@dataclass
class Views:
    """Registered views (both orientations) with their cards."""

    cards: list[pg.Card | None]
    turned: np.ndarray
    templates: _Templates  # each a view's float32 Lab, a and b ×2 (_template)
    colours: np.ndarray
    coarse: np.ndarray
    whole: np.ndarray  # the uint8 Lab templates trimmed only by FLOWER_TRIM (few are used)
    flat: np.ndarray  # the templates centred and flattened for correlate() ...
    norms: np.ndarray  # ...and their norms
    badges: np.ndarray | None = None  # where the deck prints its flowers (as `whole`)


def _index(images: np.ndarray) -> dict[str, np.ndarray]:
    """The arrays matching needs of views, 0° and 180° each: the Lab template (uint8, inside
    the trim), whether turned, the template's mean colour, the coarse vector and the Lab
    template inside FLOWER_TRIM."""
    tx, ty = round(VW * TRIM), round(VH * TRIM)
    fx, fy = round(VW * FLOWER_TRIM), round(VH * FLOWER_TRIM)
    lab8, turned, colours, coarse, whole = [], [], [], [], []
    for img in images:
        img = balance(img)
        for turn in (False, True):
            v = cv2.rotate(img, cv2.ROTATE_180) if turn else img
            soft = _soft(v)
            t8 = cv2.cvtColor(soft[ty:VH - ty, tx:VW - tx], cv2.COLOR_BGR2LAB)
            lab8.append(t8)
            whole.append(cv2.cvtColor(soft[fy:VH - fy, fx:VW - fx], cv2.COLOR_BGR2LAB))
            turned.append(turn)
            colours.append(_template(t8)[..., 1:].reshape(-1, 2).mean(axis=0))
            coarse.append(_coarse(v))
    return {"lab": np.stack(lab8), "turned": np.array(turned), "colours": np.array(colours),
            "coarse": np.stack(coarse), "whole": np.stack(whole)}


def _template(lab8: np.ndarray) -> np.ndarray:
    """A template as _lab makes it, from its uint8 Lab."""
    # the same numbers as astype, then a, b × 2 (numpy's product by a pixel's three factors
    # costs three times OpenCV's)
    return cv2.multiply(lab8.astype(np.float32), (1.0, 2.0, 2.0, 0.0))


class _Templates:
    """The views' templates (as _template makes them), each worked out when first used: a
    cell compares only its candidates (48 of hundreds of views), and a photo read after a
    table was learned would otherwise convert every view again."""

    def __init__(self, lab8: np.ndarray) -> None:
        self.lab8 = lab8
        self.made: dict[int, np.ndarray] = {}
        self.colours: dict[int, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self.lab8)

    def __getitem__(self, i: int) -> np.ndarray:
        i = int(i)
        if i not in self.made:
            self.made[i] = _template(self.lab8[i])
        return self.made[i]

    def __iter__(self) -> Iterator[np.ndarray]:
        return (self[i] for i in range(len(self)))

    def colour(self, i: int) -> np.ndarray:
        """Template i's a and b, contiguous (numpy works through a channel slice of an
        image ten times slower than through a plain array)."""
        i = int(i)
        if i not in self.colours:
            # _ab(self[i]) from the uint8 a and b alone (the same numbers: each doubled)
            self.colours[i] = _ab(self.lab8[i]).astype(np.float32) * np.float32(2.0)
        return self.colours[i]


def _ab(lab: np.ndarray) -> np.ndarray:
    """An image's a and b channels, contiguous (OpenCV's split and merge: a quarter of the
    CPU of numpy's copy of a channel slice)."""
    return cv2.merge(cv2.split(lab)[1:])


def _with_map(arrays: dict[str, np.ndarray], labels: list[pg.Card | None]
              ) -> dict[str, np.ndarray]:
    """The index with the deck's badge map over all its views (`labels`: one per view), kept
    with it (an empty map: the deck shows none)."""
    found = flower_map(arrays["whole"], [c for c in labels for _ in (0, 1)], arrays["turned"])
    return {**arrays, "badges": np.zeros((0, 0), bool) if found is None else found}


def _views(arrays: dict[str, np.ndarray], labels: list[pg.Card | None]) -> Views:
    """The Views of an index kept with its badge map (_with_map)."""
    cards = [c for c in labels for _ in (0, 1)]
    flat, norms = correlate.centred(arrays["lab"], (1.0, 2.0, 2.0))
    badges = arrays["badges"]
    return Views(cards, arrays["turned"], _Templates(arrays["lab"]),
                 arrays["colours"], arrays["coarse"], arrays["whole"], flat, norms,
                 badges if badges.size else None)


def build(images: np.ndarray, labels: list[pg.Card | None]) -> Views:
    """Index views for matching: templates, mean colours and coarse vectors, 0° and 180°."""
    return _views(_with_map(_index(images), labels), labels)


def read_card(raw) -> pg.Card | None:
    """A card from its INTERFACE.md JSON."""
    if raw is None:
        return None
    return pg.Card(raw["cloth"], raw["egg"], bool(raw["double"]), tuple(raw["flowers"]))


@cache
def load(folder: Path | None) -> Views | None:
    """The views registered in `folder` (None when there are none); their index is built
    once and kept beside them (refcache)."""
    if folder is None or not (folder / VIEWS_FILE).exists():
        return None
    with np.load(folder / VIEWS_FILE) as data:
        labels = [read_card(c) for c in json.loads(str(data["labels"]))]
    if not labels:
        return None
    return _views(_indexed(folder, len(labels)), labels)


def _stored(path: Path) -> tuple[np.ndarray, list]:
    """The views stored at `path` (at VW × VH) and their card JSON."""
    with np.load(path) as data:
        images, labels = data["images"], json.loads(str(data["labels"]))
    if images.shape[1:3] != (VH, VW):  # stored by an older version at another size
        images = np.stack([cv2.resize(i, (VW, VH), interpolation=cv2.INTER_AREA)
                           for i in images]) if len(images) else np.zeros((0, VH, VW, 3),
                                                                           np.uint8)
    return images, labels


PER_VIEW = ("lab", "turned", "colours", "coarse", "whole")  # the index's arrays, view by view


def _complete(arrays: dict[str, np.ndarray], count: int) -> bool:
    """Whether a kept index is whole: every array, each with `count` views both ways round,
    and the badge map (a damaged or older file is built again)."""
    return (all(k in arrays and len(arrays[k]) == 2 * count for k in PER_VIEW)
            and "badges" in arrays and arrays["badges"].ndim == 2)


def _indexed(folder: Path, count: int,
             built: dict[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """The index of the folder's `count` stored views with the deck's badge map, kept by
    refcache (`built`: the index already worked out, to be kept). The map is kept with it: it
    is worked out over all the views (0.2 s), and a hosted server's processes, each clearing
    its Views when any of them learns a table, would each work it out again at their next
    photo."""
    def index() -> dict[str, np.ndarray]:
        if built is not None:
            return built
        images, labels = _stored(folder / VIEWS_FILE)
        return _with_map(_index(images), [read_card(c) for c in labels])

    return refcache.kept("pisanki-views", folder, [folder / VIEWS_FILE], index,
                         lambda arrays: _complete(arrays, count))


def save(folder: Path, new: list[np.ndarray], labels: list) -> int:
    """Add views (and their card JSON) to the folder's store; return how many it holds. The
    index is extended by the new views only (each view's index is its own), so a table
    learned costs its own views' index, not the whole store's again at the next photo; the
    badge map is worked out again over all the views and kept with the index."""
    path = folder / VIEWS_FILE
    images, old = np.zeros((0, VH, VW, 3), np.uint8), []
    before = None
    if path.exists():
        images, old = _stored(path)
        if old:
            before = _indexed(folder, len(old))
    images = np.concatenate([images, np.stack(new)]) if new else images
    allof = old + list(labels)
    np.savez_compressed(path, images=images, labels=np.array(json.dumps(allof)))
    if new:
        added = _index(np.stack(new))
        arrays = added if before is None else {
            k: np.concatenate([before[k], added[k]]) for k in PER_VIEW}
        _indexed(folder, len(allof), _with_map(arrays, [read_card(c) for c in allof]))
    load.cache_clear()
    return len(allof)


def _top(values: np.ndarray, q: float) -> float:
    """np.percentile(values, q) (linear), by a partial sort only."""
    n = values.size
    pos = q / 100 * (n - 1)
    lo = int(np.floor(pos))
    part = np.partition(values.ravel(), lo)
    # the next order statistic is the least of those above: half the cost of partitioning
    # at both (the same two numbers)
    upper = part[lo + 1:].min() if lo + 1 < n else part[lo]
    return float(part[lo] + (upper - part[lo]) * (pos - lo))


def _length(ab: np.ndarray) -> np.ndarray:
    """Each pixel's length of colour (a, b; or light, a, b): np.linalg.norm(ab, axis=2), ten
    times cheaper."""
    channels = cv2.split(ab)
    if len(channels) == 2:
        return cv2.magnitude(*channels)
    return cv2.sqrt(sum(c * c for c in channels))


def colour_penalty(patch: np.ndarray, template: np.ndarray) -> float:
    """The colour check: where the aligned cell and view differ most in colour (the top 5 %
    of pixels: an egg or a flower of another colour), in correlation units."""
    return _colour_penalty(patch[..., 1:], template[..., 1:])


def _colour_penalty(patch: np.ndarray, template: np.ndarray) -> float:
    """colour_penalty() on the a and b channels only (best contiguous: the same numbers,
    without numpy's slow walk through a channel slice)."""
    d = cv2.GaussianBlur(patch - template, (0, 0), COLOUR_BLUR)
    return _top(_length(d), 98) / COLOUR_SCALE


def _placed(lab: np.ndarray, t: np.ndarray, x: int, y: int) -> np.ndarray:
    """A template laid into the cell's frame at (x, y); NaN where it does not reach (a
    template may reach past the cell's edge: that part is left out)."""
    out = np.full(lab.shape, np.nan, np.float32)
    h, w = lab.shape[:2]
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + t.shape[1], w), min(y + t.shape[0], h)
    if x1 > x0 and y1 > y0:
        out[y0:y1, x0:x1] = t[y0 - y:y1 - y, x0 - x:x1 - x]
    return out


@dataclass
class _Duelist:
    """A finalist laid into the cell's frame, ready for duels: where it reaches, and its
    colour blurred as a duel compares it."""

    valid: np.ndarray
    colour: np.ndarray


def _duelist(placed: np.ndarray, cell: np.ndarray | None = None) -> _Duelist:
    """A finalist ready for duels; with `cell` (its colour blurred as a duel compares it),
    the finalist's colour is first shifted to the cell's light."""
    valid = ~np.isnan(placed[..., 0])
    # a and b, 0 where the view does not reach: np.nan_to_num's numbers, a quarter of its CPU
    # (numpy walks a channel slice of an image slowly)
    colour = cv2.merge(cv2.split(placed)[1:])
    cv2.patchNaNs(colour, 0)
    colour = cv2.GaussianBlur(colour, (0, 0), DUEL_BLUR)
    if cell is not None and valid.sum() >= 50:
        # the shifts are medians over the finalist's pixels: worked out inside the box they
        # fill (a template lies in the cell as a rectangle), where gathering them is a copy
        ys, xs = np.flatnonzero(valid.any(axis=1)), np.flatnonzero(valid.any(axis=0))
        box = np.s_[ys[0]:ys[-1] + 1, xs[0]:xs[-1] + 1]
        # channel by channel: numpy works through a, b interleaved several times slower
        inside = [c[box] for c in cv2.split(colour)]
        seen = [c[box] for c in cv2.split(cell)]
        where = valid[box]
        # the view's colour cast (its registration photo's light, which the table's white
        # balance did not take away) against the cell's. First as the card's paper shows
        # it: its light, near-neutral parts (a white check, an egg cup) take a cast's colour
        # whatever the card, and stay as they are on a paler print
        paper = _paper_shift_apart(placed[box], inside, where, seen)
        # then the median shift of colour over the whole card, small parts (a flower, an
        # egg) aside. A shift along the card's own hue is rather a paler or stronger print
        # (the cloth's colour scaled), which a shift does not model: only a little of it is
        # followed; a shift so large that it is more than a cast is not made whole (another
        # cloth's colour must still count)
        own = [_pixels(c, where) + paper[k] for k, c in enumerate(inside)]
        shift = _medians([_pixels(c, where) - o for c, o in zip(seen, own, strict=True)])
        hue = _medians(own) - GREY
        norm = float(np.linalg.norm(hue))
        if norm > 1e-6:
            hue /= norm
            along = float(shift @ hue)
            shift = shift - hue * (along - float(np.clip(along, -ALONG, ALONG)))
        # colour + paper + shift, pixel by pixel, with each shift laid along a whole row
        h, w = colour.shape[:2]
        rows = colour.reshape(h, 2 * w)
        rows = rows + np.tile(paper, w) + np.tile(np.clip(shift, -CAST, CAST).astype(np.float32),
                                                  w)
        colour = rows.reshape(h, w, 2)
    return _Duelist(valid, colour)


def _pixels(img: np.ndarray, where: np.ndarray) -> np.ndarray:
    """img[where] of one channel, as a plain copy when `where` is everywhere."""
    return img.ravel() if where.all() else img[where]


def _medians(channels: list[np.ndarray]) -> np.ndarray:
    """_median() of pixels given channel by channel (each a row of its own)."""
    n = len(channels[0])
    k = n // 2
    if n % 2:
        return np.array([np.partition(c, k)[k] for c in channels], np.float32)
    return np.array([np.partition(c, (k - 1, k))[k - 1:k + 1].mean() for c in channels],
                    np.float32)


def _median(values: np.ndarray) -> np.ndarray:
    """np.median(values, axis=0) of pixels × channels, channel by channel on contiguous rows
    (numpy's own, across the pixels' interleaved channels, costs four times as much)."""
    n = len(values)
    rows = np.ascontiguousarray(values.T)
    k = n // 2
    if n % 2:
        return np.partition(rows, k, axis=1)[:, k]
    return np.partition(rows, (k - 1, k), axis=1)[:, k - 1:k + 1].mean(axis=1)


def _paper_shift(placed: np.ndarray, colour: np.ndarray, valid: np.ndarray,
                 cell: np.ndarray) -> np.ndarray:
    """The colour shift (at most CAST each way) that brings a view's paper (its lightest,
    near-neutral parts) to the cell's colour there; none when a view shows too little paper
    (a few pale pixels by a flower are not enough to judge light by)."""
    return _paper_shift_apart(placed, cv2.split(colour), valid, cv2.split(cell))


def _paper_shift_apart(placed: np.ndarray, colour: list[np.ndarray], valid: np.ndarray,
                       cell: list[np.ndarray]) -> np.ndarray:
    """_paper_shift() of a view's and a cell's a and b given channel by channel."""
    light = placed[..., 0][valid]
    paper = valid.copy()
    paper[valid] = light >= _top(light, PAPER)
    grey = np.float32(GREY)
    paper &= cv2.magnitude(colour[0] - grey, colour[1] - grey) < NEUTRAL
    if paper.sum() < PAPER_SHARE * valid.sum():
        return np.zeros(2, np.float32)
    return np.clip(_medians([c[paper] - v[paper] for c, v in zip(cell, colour, strict=True)]),
                   -CAST, CAST).astype(np.float32)


def duel(lab: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    """Where two candidate cards differ most (a flower, an egg's colour), which one the cell
    looks like: > 0 favours `a`, < 0 favours `b` (a share, -1..1)."""
    cell = cv2.GaussianBlur(lab[..., 1:], (0, 0), DUEL_BLUR)
    return _duel(cell, _padded(cell), _duelist(a, cell), _duelist(b, cell))


def _padded(cell: np.ndarray) -> np.ndarray:
    return cv2.copyMakeBorder(cell, SHIFT, SHIFT, SHIFT, SHIFT, cv2.BORDER_REPLICATE)


def _duel(cell: np.ndarray, padded: np.ndarray, a: _Duelist, b: _Duelist,
          within: np.ndarray | None = None) -> float | None:
    """duel() on a cell's blurred colour (and its padded copy) and two prepared finalists
    (or on light and colour, all three: _light_duel); `within`: only there (a flower twin's
    badges), None when the two hardly differ there."""
    even = None if within is not None else 0.0  # what too little to compare gives
    both = a.valid & b.valid
    if both.sum() < 50:
        return even
    # blurred, so that a pattern one pixel off does not count, and on colour only
    both = cv2.erode(both.astype(np.uint8), np.ones((7, 7), np.uint8)).astype(bool)
    if both.sum() < 50:
        return even
    apart = np.where(both, _length(a.colour - b.colour), 0)
    level = max(12.0, _top(apart[both], 95))
    region = both & (apart >= level)
    if within is not None:
        region &= within  # where they differ most, in the badges only
        if not region.any() or float(apart[region].max()) < BADGE_APART:
            return None  # a badge both show (the map lacks the one where they differ)
    # only compact parts (an egg, a flower): thin slivers along a cloth's lines differ in how
    # saturated two views' prints came out, not in what is printed
    compact = cv2.morphologyEx(region.astype(np.uint8), cv2.MORPH_OPEN,
                               np.ones((COMPACT, COMPACT), np.uint8)).astype(bool)
    if compact.sum() >= 6:
        region = compact
    if region.sum() < 6:
        return even
    ea, eb = _shifted_errors(padded, (a.colour, b.colour), region)
    return (eb - ea) / (ea + eb + 1e-6)


def _light_duel(cell: np.ndarray, padded: np.ndarray, a: np.ndarray, b: np.ndarray,
                ca: _Duelist, cb: _Duelist) -> float:
    """A duel (_duel) of two placed finalists in light and colour together: `a`, `b` their
    Lab (NaN where they do not reach), `ca`, `cb` their duelists; `cell` the cell's blurred
    light and colour (`padded` by SHIFT). Each view's light is first moved by the median of
    the cell's less its own (a card's light as a whole differs from photo to photo; what is
    printed dark stays darker)."""
    full = []
    for placed, duelist in ((a, ca), (b, cb)):
        light = placed[..., 0].copy()
        cv2.patchNaNs(light, 0)
        light = cv2.GaussianBlur(light, (0, 0), DUEL_BLUR)
        light += float(np.median(cell[..., 0][duelist.valid] - light[duelist.valid]))
        full.append(_Duelist(duelist.valid, cv2.merge([light, *cv2.split(duelist.colour)])))
    return _duel(cell, padded, full[0], full[1])  # type: ignore[return-value]


def _shifted_errors(padded: np.ndarray, ts: tuple[np.ndarray, ...], region: np.ndarray
                    ) -> list[float]:
    """Mean colour error of the cell (`padded` by SHIFT) against each template of `ts` over
    `region`, each separate part of the region (a flower, an egg) shifted by up to SHIFT
    pixels to fit best. The parts are found once for all templates, and each shift is
    compared at the part's own pixels only (the same numbers, in the same order, as over the
    part's whole box and then picked out)."""
    n, parts, stats, _ = cv2.connectedComponentsWithStats(
        cv2.dilate(region.astype(np.uint8), np.ones((5, 5), np.uint8)))
    totals, count = [0.0] * len(ts), 0
    for k in range(1, n):
        x, y, w, h = (int(v) for v in stats[k][:4])
        sel = region[y:y + h, x:x + w] & (parts[y:y + h, x:x + w] == k)
        if not sel.any():
            continue
        around = padded[y:y + h + 2 * SHIFT, x:x + w + 2 * SHIFT]
        # every shift at once: (dy, dx, channel, y, x), at the part's pixels: (dy, dx, c, i)
        shifted = np.lib.stride_tricks.sliding_window_view(around, (h, w), axis=(0, 1))
        ys, xs = np.nonzero(sel)
        at = shifted[..., ys, xs]
        size = len(ys)
        for j, t in enumerate(ts):
            diff = at - t[y + ys, x + xs].T[None, None]
            err = np.sqrt((diff * diff).sum(axis=2)).mean(axis=-1)
            totals[j] += float(err.min()) * size
        count += size
    return [total / max(count, 1) for total in totals]


def _light_match(lab: np.ndarray, light: np.ndarray, other: np.ndarray) -> float:
    """The normalised correlation of a placed view's light with the cell's, where it and
    `other` (another placed view) both reach."""
    both = ~np.isnan(light) & ~np.isnan(other)
    if both.sum() < 50:
        return 0.0
    x, y = lab[..., 0][both], light[both]
    x, y = x - x.mean(), y - y.mean()
    return float((x @ y) / (np.sqrt((x @ x) * (y @ y)) + 1e-6))


def cloth_only(a: pg.Card | None, b: pg.Card | None) -> bool:
    """Whether two cards differ in their cloth only (same eggs and flowers)."""
    return (a is not None and b is not None and a.cloth != b.cloth
            and (a.egg, a.double, a.flowers) == (b.egg, b.double, b.flowers))


def flowers_only(a: pg.Card | None, b: pg.Card | None) -> bool:
    """Whether two cards differ in their flowers only (same cloth and eggs)."""
    return (a is not None and b is not None and a != b
            and (a.cloth, a.egg, a.double) == (b.cloth, b.egg, b.double))


def colour_twins(a: pg.Card | None, b: pg.Card | None) -> bool:
    """Whether two cards differ in their flowers' colours only (as many flowers)."""
    return flowers_only(a, b) and len(a.flowers) == len(b.flowers)  # type: ignore[union-attr]


def _correlations(window: np.ndarray, views: Views, picks: np.ndarray, x0: int,
                  y0: int, inside: np.ndarray | None = None
                  ) -> list[tuple[float, int, int, int]]:
    """Each picked view's best normalised correlation over `window` (which lies at x0, y0 in
    the cell): (score, view, x, y); `inside`: at those places only. A small window: every
    candidate at once (the same scores as OpenCV's matchTemplate view by view, a quarter of
    the CPU)."""
    th, tw = views.templates[0].shape[:2]
    scores = correlate.correlate(window, views.flat[picks], views.norms[picks], (th, tw))
    if inside is not None:
        scores[:, ~inside] = -np.inf
    nx = scores.shape[2]
    best_at = scores.reshape(len(picks), -1).argmax(axis=1)
    return [(float(scores[k, y, x]), int(i), x + x0, y + y0)
            for k, i in enumerate(picks) for y, x in [divmod(int(best_at[k]), nx)]]


def _near(lab: np.ndarray, views: Views, picks: np.ndarray, x: int, y: int,
          near: float = NEAR) -> list[tuple[float, int, int, int]]:
    """Each picked view's best correlation within `near` (a share of the card) of the place
    (x, y) of the cell."""
    rx, ry = round(VW * near), round(VH * near)
    th, tw = views.templates[0].shape[:2]
    x0, y0 = _start(lab, views, x, y, rx, ry)
    return _correlations(lab[y0:y0 + th + 2 * ry, x0:x0 + tw + 2 * rx], views, picks, x0, y0)


def _start(lab: np.ndarray, views: Views, x: int, y: int, rx: int, ry: int) -> tuple[int, int]:
    """The first place of the window round (x, y) that a view slides over by rx, ry each way
    (moved inside the cell)."""
    th, tw = views.templates[0].shape[:2]
    return (min(max(0, x - rx), lab.shape[1] - tw - 2 * rx),
            min(max(0, y - ry), lab.shape[0] - th - 2 * ry))


def _located(lab: np.ndarray, views: Views, picks: np.ndarray
             ) -> list[tuple[float, int, int, int]]:
    """Each picked view's best correlation for a card that may lie anywhere in the cell:
    the first few picks of each way round find where they fit best over the whole cell
    (a view fits a card turned from it, or a card of another cloth, at another place), then
    every pick is compared near each of those places, and keeps its best."""
    rx, ry = round(VW * NEAR), round(VH * NEAR)
    turned = views.turned[picks].astype(bool)
    places: list[tuple[int, int]] = []
    for i in [*picks[~turned][:LOCATORS], *picks[turned][:LOCATORS]]:
        # a few views over the whole cell (each alone: OpenCV's Fourier transforms)
        _, _, _, (x, y) = cv2.minMaxLoc(
            cv2.matchTemplate(lab, views.templates[i], cv2.TM_CCOEFF_NORMED))
        if all(abs(x - px) > rx // 2 or abs(y - py) > ry // 2 for px, py in places):
            places.append((x, y))
    starts = [_start(lab, views, x, y, rx, ry) for x, y in places]
    x0, y0 = min(s[0] for s in starts), min(s[1] for s in starts)
    nx = max(s[0] for s in starts) - x0 + 2 * rx + 1
    ny = max(s[1] for s in starts) - y0 + 2 * ry + 1
    if len(places) > 1 and nx * ny < len(places) * (2 * rx + 1) * (2 * ry + 1):
        # places a few pixels apart (the usual): their windows overlap, so every pick is
        # compared once over the box holding them all, at the windows' places only
        return _correlations(_box_window(lab, views, x0, y0, nx, ny), views, picks, x0, y0,
                             _within(starts, x0, y0, nx, ny, rx, ry))
    best: dict[int, tuple[float, int, int, int]] = {}
    for x, y in places:
        for f in _near(lab, views, picks, x, y):
            if f[1] not in best or f[0] > best[f[1]][0]:
                best[f[1]] = f
    return list(best.values())


def _box_window(lab: np.ndarray, views: Views, x0: int, y0: int, nx: int, ny: int
                ) -> np.ndarray:
    """The part of the cell a view slides over at nx × ny places from (x0, y0)."""
    th, tw = views.templates[0].shape[:2]
    return lab[y0:y0 + th + ny - 1, x0:x0 + tw + nx - 1]


def _within(starts: list[tuple[int, int]], x0: int, y0: int, nx: int, ny: int, rx: int,
            ry: int) -> np.ndarray:
    """Which of the nx × ny places from (x0, y0) lie in a window starting at one of
    `starts` (2 rx + 1 by 2 ry + 1 places each)."""
    inside = np.zeros((ny, nx), bool)
    for sx, sy in starts:
        inside[sy - y0:sy - y0 + 2 * ry + 1, sx - x0:sx - x0 + 2 * rx + 1] = True
    return inside


def classify(cell: np.ndarray, views: Views, centred: bool = False, near: float = NEAR
             ) -> ViewGuess:
    """The registered card that best explains a cut cell (SW × SH), either way round: the
    best few cards by correlation and colour, then settled pairwise where they differ.
    `centred`: the cell is cut around its card's own centre, so each view slides only a
    little (`near`, a share of the card) rather than over the whole margin."""
    mx, my = round(VW * MARGIN), round(VH * MARGIN)
    cell = balance(cell, cell[my:my + VH, mx:mx + VW])
    centre = cell[my:my + VH, mx:mx + VW]
    first = np.einsum("ij,j->i", views.coarse, _coarse(centre))  # no BLAS threads to wake
    picks = np.argsort(-first)[:CANDIDATES]
    lab = _lab(_soft(cell))
    if centred:
        found = _near(lab, views, picks, mx + round(VW * TRIM), my + round(VH * TRIM), near)
    else:
        # a card not found by its outline may lie anywhere in the cell's margin
        found = _located(lab, views, picks)
    # every candidate's correlation first; the colour check (which only lowers a score) is
    # worked out best correlation first, until no candidate left can reach the finalists
    found.sort(key=lambda f: -f[0])
    correlation: dict[pg.Card | None, float] = {}  # each card's best correlation alone
    for score, i, _, _ in found:
        correlation.setdefault(views.cards[i], score)
    lab_ab = _ab(lab)
    best: dict[pg.Card | None, tuple[float, bool, int, int, int]] = {}
    for score, i, x, y in found:
        if len(best) >= FINALISTS and score <= sorted(
                (b[0] for b in best.values()), reverse=True)[FINALISTS - 1]:
            break
        card = views.cards[i]
        if card in best and score <= best[card][0]:
            continue  # the check only lowers a score: this view cannot beat its card's best
        t = views.templates.colour(i)
        score -= _colour_penalty(lab_ab[y:y + t.shape[0], x:x + t.shape[1]], t)
        if card not in best or score > best[card][0]:
            best[card] = (score, bool(views.turned[i]), i, x, y)
    top4 = sorted(best.items(), key=lambda kv: -kv[1][0])[:FINALISTS]
    dx, dy = round(VW * TRIM) - round(VW * FLOWER_TRIM), round(VH * TRIM) - round(VH * FLOWER_TRIM)
    ranked = [(card, (sc, turned, _placed(lab, views.templates[i], x, y)))
              for card, (sc, turned, i, x, y) in top4]
    cell_colour = cv2.GaussianBlur(lab[..., 1:], (0, 0), DUEL_BLUR)
    padded = _padded(cell_colour)
    ready: dict[int, _Duelist] = {}  # the finalists made ready for duels, as needed (a
    # finalist settled against the winner only on its badges or its cloth needs none)

    def duelist(k: int) -> _Duelist:
        if k not in ready:
            ready[k] = _duelist(ranked[k][1][2], cell_colour)
        return ready[k]

    whole: dict[int, _Duelist] = {}  # the finalists' views inside FLOWER_TRIM, as needed

    def flowered(k: int) -> _Duelist:
        if k not in whole:
            _, (_, _, i, x, y) = top4[k]
            t = _template(views.whole[i])
            whole[k] = _duelist(_placed(lab, t, x - dx, y - dy), cell_colour)
        return whole[k]

    settled: dict[tuple[str, int, int], float | None] = {}  # each duel is worked out once

    def badge_duel(a: int, b: int) -> float | None:
        if ("badge", a, b) not in settled:
            settled[("badge", a, b)] = _badge_duel(a, b)
        return settled[("badge", a, b)]

    def _badge_duel(a: int, b: int) -> float | None:
        # flower twins differ in their badges only: elsewhere two photos' prints differ (an
        # egg duller in one registration photo than in another can outweigh a pink badge)
        if (views.badges is None or not flowers_only(ranked[a][0], ranked[b][0])
                or len(ranked[a][0].flowers) == len(ranked[b][0].flowers)):
            return None
        badges = views.badges[..., None].astype(np.float32)
        within = np.zeros(lab.shape[:2], bool)
        for k in (a, b):  # each finalist's badges where its view lies (NaN > 0 is False)
            _, (_, _, _, x, y) = top4[k]
            within |= _placed(lab[..., :1], badges, x - dx, y - dy)[..., 0] > 0
        return _duel(cell_colour, padded, flowered(a), flowered(b), within)

    def whole_duel(a: int, b: int) -> float:
        d = badge_duel(a, b)
        if d is not None:
            return d
        if ("whole", a, b) not in settled:
            settled[("whole", a, b)] = _duel(cell_colour, padded, flowered(a), flowered(b))
        return settled[("whole", a, b)]

    def light_duel(a: int, b: int) -> float:
        # colour twins may differ in light more than in colour (a dark purple flower and a
        # pink one): blurred into the paper around it, a small dark flower's colour comes
        # close to a pale one's, and where two views' colours differ most can be the
        # cloth's print (each photo's saturation) rather than the flowers
        if ("light", a, b) not in settled:
            if "cell" not in lit:
                lit["cell"] = cv2.merge([cv2.GaussianBlur(lab[..., 0], (0, 0), DUEL_BLUR),
                                         *cv2.split(cell_colour)])
                lit["padded"] = _padded(lit["cell"])
            settled[("light", a, b)] = _light_duel(lit["cell"], lit["padded"], ranked[a][1][2],
                                                   ranked[b][1][2], duelist(a), duelist(b))
        return settled[("light", a, b)]  # type: ignore[return-value]

    lit: dict[str, np.ndarray] = {}  # the cell's blurred light and colour, when first needed
    duels: dict[tuple[int, int], float] = {}

    def pair(a: int, b: int) -> float:
        if (a, b) not in duels:
            d = badge_duel(a, b)
            if d is None and cloth_only(ranked[a][0], ranked[b][0]):
                # a cloth is a pattern over the whole card, which the duel (colour only,
                # where two differ most) does not compare: a gingham and a dotted cloth of
                # about one colour. The correlations do: the Lab one (which a registration
                # photo's colour cast can mislead) and the light's alone (which a pastel
                # cloth's pattern, in colour more than in light, leaves close)
                pa, pb = ranked[a][1][2][..., 0], ranked[b][1][2][..., 0]
                lead = (ranked[a][1][0] - ranked[b][1][0]
                        + _light_match(lab, pa, pb) - _light_match(lab, pb, pa))
                d = float(np.clip(lead / CLOTH_SCALE, -1, 1))
            if d is None:
                d = _duel(cell_colour, padded, duelist(a), duelist(b))
            duels[(a, b)], duels[(b, a)] = d, -d
        return duels[(a, b)]

    winner = 0
    for k in range(1, len(ranked)):
        if pair(k, winner) > 0:
            winner = k
    # the settling looks only where two cards differ most; a pattern a pixel off can fool it
    # there, so a correlation that leads clearly keeps its first (marked: the two disagree)
    if winner != 0 and ranked[0][1][0] - ranked[winner][1][0] > SETTLE_LEAD:
        winner = 0
    card, (top, turned, placed) = ranked[winner]
    margins = [pair(winner, j) for j in range(len(ranked)) if j != winner]
    margin = min(margins) if margins else 1.0
    confidence = float(np.clip(margin / (2 * UNSURE_MARGIN), 0, 1) * np.clip(top + 0.3, 0, 1))
    # a card not found by its own outline is doubtful: it must win more clearly; and when
    # the settling picks another card than the correlation put first, the two measures
    # disagree: on a patterned cloth either may be the one misled (unless the two differ in
    # flowers only, which the trimmed correlation hardly sees, and the settling is clear;
    # a pastel flower can mislead it too). Flowers sit near the
    # card's corners, mostly outside the trimmed part the correlation compares: a close rival
    # with other flowers only must lose the settling more clearly
    unsure = (margin < (UNSURE_MARGIN if centred else UNSURE_MARGIN_UNFOUND)
              or top < UNSURE_SCORE
              or (winner != 0 and not (flowers_only(card, ranked[0][0])
                                       and pair(winner, 0) >= FLOWER_OVERRULE))
              or any(flowers_only(card, c) and top - sc < FLOWER_GAP
                     and pair(winner, j) < FLOWER_MARGIN
                     for j, (c, (sc, _, _)) in enumerate(ranked) if j != winner)
              # a flower badge at the card's edge lies half outside TRIM: settled again on the
              # views inside FLOWER_TRIM, a rival with other flowers only must still lose
              # (settling on those alone lost as many cards as it won: the ground around a
              # card with a white border is in them too)
              or any(flowers_only(card, c) and whole_duel(winner, j) < 0
                     for j, (c, _) in enumerate(ranked) if j != winner)
              # colour twins (as many flowers, of other colours) the correlation alone put
              # the other way round: the colour check and the settling compare colours, which
              # a registration photo's glare washes out in one twin's view and not the
              # other's; overruling the correlation on the flowers' colours takes a clear win
              or any(colour_twins(card, c) and correlation[c] > correlation[card]
                     and pair(winner, j) < FLOWER_OVERRULE
                     for j, (c, _) in enumerate(ranked) if j != winner)
              # and colour twins the settling (colour only) and a duel in light and colour
              # together judge the other way round: which is misled is not known
              or any(colour_twins(card, c) and light_duel(winner, j) < 0
                     for j, (c, _) in enumerate(ranked) if j != winner))
    return ViewGuess(card, round(confidence, 3), unsure, turned, margin, top)

