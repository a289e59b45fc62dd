"""A zone's cards: candidates from features, light blobs and corners, matched, merged,
settled, and the parts of each card that others lie over left out of its look."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np

from assistant.vision import okoshki_leftover, outlines
from assistant.vision.okoshki_describe import SH, SW, _grey_half, _lab
from assistant.vision.okoshki_find import DRAWN_ASPECT, find_cards
from assistant.vision.okoshki_match import (
    ACCEPT,
    SURE_GUESSED,
    SURE_MARGIN,
    SURE_SCORE,
    Match,
    close_siblings,
    match,
)
from assistant.vision.okoshki_settle import (
    OUTSIDE_GAP,
    _apart,
    _onto,
    _span,
    best_outline,
    settle,
)
from assistant.vision.okoshki_shape import _covered, _quad_ok, balanced_flat, flatten, overlap
from assistant.vision.okoshki_views import SIBLINGS, TWINS, _view_grey, view_table


def find_matches(img: np.ndarray, aspect: float = DRAWN_ASPECT) -> list[Match]:
    """Every candidate outline that matches a card: SIFT finds (a face's homography, the
    right way round), then light card-shaped blobs (either way round) and, where cards lie
    over one another, guesses from the square corners of the blob; a candidate on a card
    already matched is not tried again. `aspect`: the deck's long/short ratio (card_aspect)."""
    found: list[Match] = []

    def covered(quad: np.ndarray, share: float) -> bool:
        return any(overlap(quad, m.quad) >= share for m in found)

    fits = _Fits(img, found)
    near: list[Match] = []  # corner guesses that just missed ACCEPT

    def consider(quad: np.ndarray, both: bool, source: str,
                 blob: np.ndarray | None = None) -> None:
        if _quad_ok(quad, img.shape, aspect) and (source == "features" or not plain(quad)):
            m = match(img, quad, both)
            if blob is not None and _covered(blob, m.quad) < ON_BLOB:
                # a corner's guess may sit further off than the deck's frame is searched
                # for: a fit that takes it off the light blob it was guessed on has locked
                # onto a wrong place, and the guess is looked at as it is (_nudged moves it)
                m = match(img, quad, both, framed=True)
            if m.score < ACCEPT and source != "features":
                # a card half under others matches badly as a whole: leave out where a card
                # already found lies over it, and look again
                hidden = _under_found(img, quad, found, fits)
                if hidden is not None and hidden.mean() <= HIDDEN_MOST:
                    m = match(img, quad, both, hidden)
            if source == "corner" and ACCEPT - NEAR_MISS <= m.score < ACCEPT:
                near.append(m)
            if m.score >= ACCEPT:
                found.append(replace(m, source=source))

    sift = find_cards(img, aspect)
    for quad, _n in sift:
        consider(quad, False, "features")
    # the cards the features found show how much picture a card has in this photo (its
    # blur, its size): an outline or a corner's guess with far less is a plate, not a card
    level = float(np.median([detail(img, m.quad) for m in found])) if found else 0.0

    def plain(quad: np.ndarray) -> bool:
        return detail(img, quad) < PLAIN * level
    blobs = outlines.light_blobs(img)
    dark = bool(found) and _light_share(blobs[1], found) < LIGHT_CARDS
    if dark:
        # the cards found are not light (full bleed, a dark stock): whiteness does not part
        # them from the table, and the other cards' blobs are what is unlike its colours
        blobs = _closed(outlines.unlike_table(img))
    unexplained = _unexplained(blobs[1], found)
    sides = [min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1])) for q, _ in sift]
    if sides and np.count_nonzero(unexplained) < 0.5 * aspect * float(np.median(sides)) ** 2:
        return found  # the features explain every light blob: no card is left to find
    left: list[np.ndarray] = []
    singles = outlines.card_quads(img, left=left, blobs=blobs, aspect=aspect)
    for quad in singles:
        if not covered(quad, 0.6):
            consider(quad, True, "outline")
    sides = [min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1]))
             for q in [q for q, _ in sift] + singles]
    short = float(np.median(sides)) if sides else 0.085 * max(img.shape[:2])
    if left:
        # a guess lies on light: the blob it was guessed on, or a card found lying over it
        # (a card half under another keeps only part of its blob)
        for quad in outlines.corner_quads(left[0], short, aspect=aspect):
            if _covered(blobs[1], quad) >= ON_BLOB and not covered(quad, 0.4):
                # a dark stock's margin is not on the blob: a fit onto it is no sign of a
                # wrong place there
                consider(quad, True, "corner", None if dark else blobs[1])
    # a corner's guess takes its size from the other cards and may sit a few per cent off:
    # a near miss where no card was found after all is moved to where its card matches best
    for m in sorted(near, key=lambda n: -n.score):
        if not covered(m.quad, 0.4):
            moved = _nudged_under(img, m, found, fits, aspect)
            if moved.score >= ACCEPT:
                found.append(replace(moved, source="corner"))
    # a card whose blob neither parts from its neighbours' nor keeps a square corner (its
    # edge notched by its print, its corners under others) still leaves a spot of its size
    # that no card found explains; only when cards were found, which tell that size
    if not sides:
        return found
    for quad in okoshki_leftover.spots(_unexplained(blobs[1], found), short, aspect):
        if not covered(quad, 0.4):
            consider(quad, True, "outline")
    return found


PLAIN = 0.25  # a candidate with less than this share of the found cards' detail is no card
# (cards found from outlines and corners on decks 2, 4, 6 and 8: 0.46-1.42 of the zone's
# median; plain plates of colour deck 10's corner guesses took for cards: 0.08-0.11)


def detail(img: np.ndarray, quad: np.ndarray) -> float:
    """How much picture lies inside an outline: the mean gradient of its flat grey frame (a
    card's face has edges everywhere, a plate of plain colour on the table hardly any)."""
    grey = cv2.cvtColor(flatten(img, quad), cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey = cv2.GaussianBlur(grey, (3, 3), 0)
    return float(cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0),
                               cv2.Sobel(grey, cv2.CV_32F, 0, 1)).mean())


ON_BLOB = 0.85  # a corner's guess lies this much on light (its blob, or cards over it)
LIGHT_CARDS = 0.7  # the share of the found cards light blobs must cover for a light deck
# (per zone photo, over its cards: decks 2-6, light borders or faces, 0.75-0.99; decks 7 and
# 8, full bleed on a dark stock, 0.10-0.65: the switch lies between the two)


INK_GAP = 2  # px: the print's dark bits (halftone dots, ink lines) a card's unlike-table blob
# is closed over; dots and lines the colour of the cloth otherwise notch its edge open, and
# it keeps neither its holes filled nor a card's shape (deck 12-all, the features kept from
# every other card of zones 7600-7605: 23 of those 50 found with no closing, 41 at 2 px,
# 43 at 3 px, but at 3 px a plate on deck 8's zone 7608 joined a card and was taken for one)


def _unexplained(mask: np.ndarray, found: list[Match]) -> np.ndarray:
    """The blob mask less the cards found so far (what is left for other cards)."""
    out = mask.copy()
    for m in found:
        cv2.fillConvexPoly(out, m.quad.astype(np.int32), 0)
    return out


def _closed(blobs: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """unlike_table's blobs closed over the print's small dark bits, holes filled again."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * INK_GAP + 1,) * 2)
    return blobs[0], outlines.fill_holes(cv2.morphologyEx(blobs[1], cv2.MORPH_CLOSE, kernel))


def _light_share(light: np.ndarray, found: list[Match]) -> float:
    """How much of the cards found the light blobs cover (about all of it for cards with a
    light face or border; a quarter or less for full-bleed cards on a dark stock)."""
    inside = np.zeros(light.shape, np.uint8)
    for m in found:
        cv2.fillConvexPoly(inside, m.quad.astype(np.int32), 1)
    return float(light[inside > 0].mean() / 255) if inside.any() else 1.0


def read_zone(img: np.ndarray, aspect: float = DRAWN_ASPECT) -> list[tuple[Match, bool]]:
    """The cards on a zone's working image, each with whether it is unsure (`aspect`: the
    deck's long/short ratio, card_aspect)."""
    found = find_matches(img, aspect)
    # best first; an outline mostly inside a better one is the same card (cards overlap
    # each other by a quarter at most)
    found.sort(key=lambda f: -f.score)
    kept: list[Match] = []
    for m in found:
        if all(overlap(m.quad, k.quad) < 0.4 for k in kept):
            kept.append(m)
    kept = [_nudged(img, m, aspect) if m.source == "corner" else m for m in kept]
    settled = [_settled(img, m0) for m0 in kept]
    fits = _Fits(img, settled)  # each card's misfit map: who lies on top, and what is odd
    covered = _hidden_parts(img, settled, fits)
    for k, hidden in enumerate(covered):
        # another card lies over this one: look again without that part, unless the close
        # look is already sure of it (on decks 2, 4, 6 and 8 such a look again changed no
        # sure card's id, only took 3 right cards to unsure, and cost deck 6 3 % of its CPU)
        if hidden.mean() >= HIDDEN_LOOK and not _sure(settled[k], hidden):
            settled[k] = _settled(img, settled[k], hidden)
            fits.maps.pop(k, None)  # its answer was looked at again: its map too
    # a corner's guess the close look no longer finds a card at: on a dark stock (no light
    # blob to lie on) two flat plates of colour on deck 8's table passed the first look as a
    # plain face and settled at 0.42 and 0.44; on decks 2, 4, 6 and 8 no card read right was
    # dropped by this. Dropped before the flags: a dropped guess is no second find of a card
    real = [(k, m, hidden) for k, (m, hidden) in enumerate(zip(settled, covered, strict=True))
            if not (m.source == "corner" and m.score < ACCEPT)]
    out = []
    for k, m, hidden in real:
        # each card is in the deck once: when two finds say the same card, both need a look
        twice = sum(1 for _, n, _ in real if n.id == m.id) > 1
        out.append((m, twice or not _sure(m, hidden, lambda k=k: fits[k])))
    return out


def _sure(m: Match, hidden: np.ndarray,
          misfit: Callable[[], np.ndarray] | None = None) -> bool:
    """Whether a card's look is sure by itself (`hidden`: the part of it others lie over;
    `misfit`: gives its view's misfit map (_misfit), asked for only when all else is sure)."""
    doubtful = m.source == "corner" and m.score < SURE_GUESSED  # the outline may be off
    return not (m.margin < SURE_MARGIN or m.score < SURE_SCORE or doubtful
                or hidden.mean() > HIDDEN_MOST
                or (misfit is not None and _odd_patch(misfit(), hidden)))


ODD_BLUR, ODD_AROUND = 3.0, 12.0  # pixels (of SW × SH): a patch's size, and its surroundings'
ODD_ABOVE = 0.4  # a patch's misfit stands out this much from its surroundings' (standardised Lab)
ODD_LEAST = 100  # pixels: a patch this large is a detail the named card's view lacks or has
# (deck 10: a cloud one window has and its sibling lacks, 110-145 px at 0.4, and the one such
# sibling read as sure, 123; right cards read as sure on decks 2, 4, 6, 10 and 12: 98 % under
# 24 px, 3 of 944 at 100 or more)
ODD_EDGE = 8  # pixels along the card's edge left out (the outline's own misfit)
ODD_FITS = 0.12  # and only where the view fits the rest of the card this closely (mean): an
# outline a little off, or a light that leaves the view off all over, makes patches stand out
# anywhere (deck 8's full-bleed cards: 15 right ones read as sure had a patch, their view
# 0.22-1.55 off on average; all right ones so marked on decks 2, 8, 10 and 12, 0.16 or more;
# deck 10's sure sibling 0.06, its marked ones 0.08-0.15)


def _odd_patch(misfit: np.ndarray, hidden: np.ndarray) -> bool:
    """Whether the photo departs from the card's view in one compact patch, out of the parts
    others lie over, while the view fits the rest of the card closely: a detail the photo has
    and the named card lacks (a cloud, a cat) or the other way round, as a sibling one detail
    away shows. The close look weighed only the cards the first look found near, and each
    against another, never the winner against the photo."""
    fit = misfit.astype(np.float32)
    stands = cv2.GaussianBlur(fit, (0, 0), ODD_BLUR) - cv2.GaussianBlur(fit, (0, 0), ODD_AROUND)
    # the card on top casts its edge and shadow beyond the hidden part: a margin around it
    seen = cv2.dilate(hidden.astype(np.uint8), _ODD_GROW) == 0
    e = ODD_EDGE
    seen[:e], seen[-e:], seen[:, :e], seen[:, -e:] = False, False, False, False
    if not seen.any() or fit[seen].mean() > ODD_FITS:
        return False
    patch = ((stands > ODD_ABOVE) & seen).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(patch, connectivity=8)
    return n > 1 and int(stats[1:, cv2.CC_STAT_AREA].max()) >= ODD_LEAST


_ODD_GROW = np.ones((9, 9), np.uint8)


HIDDEN_LOOK = 0.03  # a card this much under others is looked at again without that part
HIDDEN_MOST = 0.4  # and is unsure when more of it is hidden
LOOKS_AGAIN = 2  # how many times a close look is widened to the cards it missed


NUDGES = (-0.06, -0.03, 0.0, 0.03, 0.06)  # shifts tried, as shares of the card's sides


def _nudged(img: np.ndarray, m: Match, aspect: float = DRAWN_ASPECT) -> Match:
    """An outline guessed from a corner, moved to where its card matches best (the guess
    takes the card's size from the others and may sit a few per cent off; `aspect`: the
    deck's long/short ratio)."""
    q = m.quad.astype(np.float32)
    across, down = q[1] - q[0], q[3] - q[0]
    best = m
    for dx in NUDGES:
        for dy in NUDGES:
            if dx == dy == 0.0:
                continue
            moved = q + dx * across + dy * down
            if _quad_ok(moved, img.shape, aspect):
                cand = match(img, moved, both_ways=False, framed=True)
                if cand.score > best.score + 0.01:
                    best = replace(cand, source=m.source)
    return best


NEAR_MISS = 0.08  # a corner's guess this far under ACCEPT is moved about before it is refused


def _nudged_under(img: np.ndarray, m: Match, found: list[Match], fits: _Fits,
                  aspect: float = DRAWN_ASPECT) -> Match:
    """A near-miss corner guess moved as _nudged moves it, each place looked at without the
    parts that cards already found lie over."""
    q = m.quad.astype(np.float32)
    across, down = q[1] - q[0], q[3] - q[0]
    best = m
    for dx in NUDGES:
        for dy in NUDGES:
            moved = q + dx * across + dy * down
            if (dx == dy == 0.0) or not _quad_ok(moved, img.shape, aspect):
                continue
            hidden = _under_found(img, moved, found, fits)
            if hidden is not None and hidden.mean() > HIDDEN_MOST:
                continue
            cand = match(img, moved, both_ways=False, hidden=hidden, framed=True)
            if cand.score > best.score + 0.01:
                best = cand
    return best


def _settled(img: np.ndarray, m0: Match, hidden: np.ndarray | None = None) -> Match:
    """A candidate after the close look (again when the look moved its outline)."""
    if hidden is not None:
        m0 = replace(match(img, m0.quad, both_ways=False, hidden=hidden, framed=True),
                     source=m0.source)
    memo: dict = {}  # the views moved onto this outline, for a second look at it
    ahead: np.ndarray | None = None  # where the best card's view said, and the look there
    if hidden is None and len(m0.order) >= 2:
        # a close look whose winner's view moves the outline far is looked at again where
        # that view says, and only that look counts: when the first look's best card's view
        # already says so (the cards share the deck's frame, and their views move alike),
        # the look at the outline as it was is skipped, if the look where that view says is
        # sure (deck 12-flatter-all: 113 of 125 cards looked at twice; a close look at
        # another card's place, 4-6 px off, turned two unsure cards' ids)
        ahead = best_outline(img, m0, memo)
        if np.abs(ahead - m0.quad).max() > MOVED:
            again = match(img, ahead, both_ways=False, framed=True)
            there = again if len(again.order) < 2 else settle(img, again)
            if there.margin >= SURE_MARGIN and there.score >= SURE_SCORE:
                return replace(there, source=m0.source)
        else:
            ahead = None
    m = m0 if len(m0.order) < 2 else settle(img, m0, hidden, memo)  # a lone one needs no look
    # the close look met the first look's best card's other windows and twin: when another
    # card won, its own are met too (the true card may be one detail away from the winner);
    # and a card left out of it that the first look found nearly as good as the winner is a
    # rival the winner must beat too (else it stays unsure); twice, as the second look may
    # name a new winner or leave new rivals as near
    for _ in range(LOOKS_AGAIN):
        siblings = close_siblings(m.id, view_table()[0], m0.per_card, m0.score) \
            if m0.per_card else SIBLINGS[m.id]
        neighbours = (*siblings, TWINS[m.id]) if m.id != m0.id else ()
        missing = tuple(c for c in neighbours if c not in m0.order) + _rivals(m0, m)
        if not missing:
            break
        m0 = replace(match(img, m0.quad, both_ways=False, hidden=hidden,
                           extra=(*m0.order, *missing), framed=True),
                     source=m0.source)
        m = settle(img, m0, hidden, memo)
    if hidden is None and np.abs(m.quad - m0.quad).max() > MOVED:
        if ahead is not None and np.array_equal(m.quad, ahead):
            m = there  # the winner's view says where the best card's did: looked at already
        else:
            again = match(img, m.quad, both_ways=False, framed=True)  # moved: look again
            m = again if len(again.order) < 2 else settle(img, again)
    return replace(m, source=m0.source)


MOVED = 0.04 * SW * 2  # pixels: a close look that moves the outline this far looks again


def _rivals(m0: Match, m: Match) -> tuple[str, ...]:
    """The cards the close look left out that the first look found within OUTSIDE_GAP of
    the close look's winner."""
    if m.id not in m0.order or not m0.firsts:
        return ()
    near = m0.firsts[m0.order.index(m.id)] - OUTSIDE_GAP
    return tuple(c for c, score in m0.rivals if score >= near)


def _misfit(img: np.ndarray, m: Match) -> np.ndarray:
    """Per pixel of the card's flat frame, how far the photo is from the card's best view."""
    flats = view_table()[4]
    flat = balanced_flat(img, m.quad)
    view = m.view[m.order.index(m.id)] if m.id in m.order else None
    if view is None:
        return np.zeros((SH, SW), np.float32)
    ref = _lab(_onto(_grey_half(flat), flats[view], None, _view_grey(view))[0])
    photo = _lab(flat)
    return _apart(photo, ref, _span(ref), _span(photo))


def _in_frame(poly: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """A photo polygon as a mask of a card's flat frame (SH × SW)."""
    corners = np.float32([[0, 0], [SW, 0], [SW, SH], [0, SH]])
    to_flat = cv2.getPerspectiveTransform(quad.astype(np.float32), corners)
    pts = cv2.perspectiveTransform(poly.reshape(-1, 1, 2).astype(np.float32), to_flat)
    mask = np.zeros((SH, SW), np.uint8)
    cv2.fillConvexPoly(mask, pts.reshape(-1, 2).round().astype(np.int32), 1)
    return mask > 0


def _overlap(a: np.ndarray, b: np.ndarray, least: float) -> np.ndarray | None:
    """Where two outlines overlap (a photo polygon), or None when that is under `least`."""
    area, poly = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return None if poly is None or area < least else poly


def _grown(mask: np.ndarray) -> np.ndarray:
    """A hidden part grown by two pixels: the card on top casts a border and a shadow a little
    beyond its outline."""
    return cv2.dilate(mask.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0


class _Fits:
    """Each card's misfit map, worked out when first asked for."""

    def __init__(self, img: np.ndarray, cards: list[Match]) -> None:
        self.img, self.cards, self.maps = img, cards, {}

    def __getitem__(self, k: int) -> np.ndarray:
        if k not in self.maps:
            self.maps[k] = _misfit(self.img, self.cards[k])
        return self.maps[k]


def _under_found(img: np.ndarray, quad: np.ndarray, found: list[Match],
                 fits: _Fits) -> np.ndarray | None:
    """The part of an outline (its flat frame) where a card already found shows (its view
    fits the photo there), or None when no found card overlaps it."""
    hidden = np.zeros((SH, SW), bool)
    for k, f in enumerate(found):
        poly = _overlap(quad, f.quad, 0.01 * cv2.contourArea(quad.astype(np.float32)))
        if poly is None:
            continue
        there = _in_frame(poly, f.quad)
        if there.any() and fits[k][there].mean() < FITS:
            hidden |= _grown(_in_frame(poly, quad))
    return hidden if hidden.any() else None


FITS = 0.8  # a card's view fits the photo where the two are this close (mean, standardised Lab)


def _hidden_parts(img: np.ndarray, cards: list[Match],
                  fits: _Fits | None = None) -> list[np.ndarray]:
    """For each card, the part of it (flat frame) that another card lies over: where two
    outlines overlap, the card whose view fits the photo there is the one on top (`fits`:
    the cards' misfit maps, when the caller keeps them)."""
    hidden = [np.zeros((SH, SW), bool) for _ in cards]
    fits = _Fits(img, cards) if fits is None else fits
    areas = [cv2.contourArea(c.quad.astype(np.float32)) for c in cards]
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            poly = _overlap(cards[i].quad, cards[j].quad, 0.01 * min(areas[i], areas[j]))
            if poly is None:
                continue
            in_i, in_j = _in_frame(poly, cards[i].quad), _in_frame(poly, cards[j].quad)
            if not in_i.any() or not in_j.any():
                continue
            under = i if fits[i][in_i].mean() > fits[j][in_j].mean() else j
            hidden[under] |= _grown(in_i if under == i else in_j)
    return hidden
