"""The first look: a candidate outline warped flat and correlated in colour and grey with
every view of every card; the best few cards are kept for the close look."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.vision.okoshki_describe import (
    FH,
    FW,
    VH,
    VW,
    _fine,
    _grey_half,
    _thumb,
)
from assistant.vision.okoshki_frame import fit, framed_quad
from assistant.vision.okoshki_shape import balanced_flat, flatten
from assistant.vision.okoshki_views import SIBLINGS, TWINS, _squares, view_table

ACCEPT = 0.5  # a candidate outline is a card when its best face matches at least this well
SURE_MARGIN = 0.3  # the best card beats every other card by this much, or it is unsure
SURE_SCORE = 0.7  # and matches its view at least this well
SURE_GUESSED = 0.8  # as well as this when its outline was guessed from a corner
UNSURE = 0.3  # confidences below this are the cards marked unsure
SHORTLIST, SHORTLIST_GAP = 5, 0.1  # the cards the close comparison looks at
RIVALS = 3  # the cards left out of the close look that a match remembers
CLOSE_GAP = 0.15  # a card one detail away from the best (another window, another print) gets
# the close look only when the first look put it at most this far behind: on decks 6 and 8 the
# close look's winner was never more than 0.12 behind the first look's best, and about half
# of the cards it met were further (each one an ECC move and its comparisons)


@dataclass(frozen=True)
class Match:
    """How a candidate outline matches the cards: best card, its score, the margins."""

    id: str
    score: float
    margin: float  # to the best other card
    kind_margin: float  # to the best card of another kind
    quad: np.ndarray  # turned so that the card's top is quad[0]→quad[1]
    order: tuple[str, ...] = ()  # the best few cards, best first
    view: tuple[int, ...] = ()  # the best view of each of them
    source: str = ""  # what proposed the outline: "features", "outline" or "corner"
    firsts: tuple[float, ...] = ()  # the first look's score of each card in `order`
    rest: float = -1.0  # the first look's best score among the cards not in `order`
    rivals: tuple[tuple[str, float], ...] = ()  # the best few of those, with their scores
    per_card: tuple[float, ...] = ()  # the first look's score of every card (view_table order)


def _masked_scores(views: np.ndarray, v: np.ndarray, seen: np.ndarray,
                   squared: np.ndarray | None = None) -> np.ndarray:
    """Each view's correlation with `v` counting only the seen elements (a card lying over
    this one hides the rest); `squared`: the views squared, when already worked out."""
    vs = v * seen
    n = float(seen.sum())
    # einsum, not BLAS: a BLAS product wakes its threads, which on a busy machine costs
    # milliseconds of waiting for each of these small products
    sv, sp = np.einsum("ij,j->i", views, seen), float(vs.sum())
    cov = np.einsum("ij,j->i", views, vs) - sv * sp / n
    var_v = np.einsum("ij,j->i", views * views if squared is None else squared, seen) \
        - sv * sv / n
    var_p = float(np.dot(vs, vs)) - sp * sp / n
    return cov / np.sqrt(np.maximum(var_v * var_p, 1e-12))


def _seen_planes(hidden: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A hidden mask (SH × SW, in the card's flat frame) as the seen elements of the colour
    and the grey descriptors."""
    seen = (~hidden).astype(np.float32)
    colour = np.repeat(cv2.resize(seen, (VW, VH), interpolation=cv2.INTER_AREA).ravel() > 0.5, 3)
    h, w = seen.shape
    inner = seen[h // 14:h - h // 14, w // 14:w - w // 14]
    grey = cv2.resize(inner, (FW, FH), interpolation=cv2.INTER_AREA).ravel() > 0.5
    return colour.astype(np.float32), grey.astype(np.float32)


def match(img: np.ndarray, quad: np.ndarray, both_ways: bool = True,
          hidden: np.ndarray | None = None, extra: tuple[str, ...] = (),
          framed: bool = False) -> Match:
    """The card whose views best match the outline (either way round), and how sure;
    `hidden`: the part of the card (flat frame) another card lies over, left out; `extra`:
    cards the close look must meet too; `framed`: the outline is on the deck's frame already
    (a look's own outline, moved or nudged on purpose)."""
    ids, starts, colour, grey = view_table()[:4]
    frame = view_table()[5]
    seen = _seen_planes(hidden) if hidden is not None else None
    best: Match | None = None
    for turn in (0, 2) if both_ways else (0,):
        q = np.roll(quad, -turn, axis=0).astype(np.float32)
        if hidden is None and not framed:  # onto the deck's frame (a hidden part would mislead)
            q = framed_quad(q, fit(_grey_half(flatten(img, q)), frame)[1])
        f = balanced_flat(img, q)
        if seen is None:
            scores = 0.5 * np.einsum("ij,j->i", colour, _thumb(f)) + 0.5 * np.einsum(
                "ij,j->i", grey, _fine(f))
        else:
            sq_colour, sq_grey = _squares()
            scores = 0.5 * _masked_scores(colour, _thumb(f), seen[0], sq_colour) + \
                0.5 * _masked_scores(grey, _fine(f), seen[1], sq_grey)
        per_card = np.maximum.reduceat(scores, starts)
        order = np.argsort(-per_card)
        top = int(order[0])
        kind = ok.CARDS[ids[top]].kind
        second = float(per_card[order[1]])
        other = max((float(per_card[k]) for k in order[1:] if ok.CARDS[ids[k]].kind != kind),
                    default=-1.0)
        ends = np.append(starts[1:], len(scores))
        near = [k for k in order[:SHORTLIST] if per_card[k] >= per_card[top] - SHORTLIST_GAP]
        # a first look can miss a print on the valance or a bar: the cards one such detail
        # away from the best (its other windows, each one's other print) get the close look too,
        # unless the first look put them far behind; the best's own twin always
        # (each card once: a card met twice would be its own rival, with no margin at all)
        close = per_card >= per_card[top] - CLOSE_GAP
        for c in close_siblings(ids[top], ids, per_card, per_card[top]):
            if ids.index(c) not in near:
                near.append(ids.index(c))
        for c in extra:
            if ids.index(c) not in near:
                near.append(ids.index(c))
        for k in list(near):
            twin = ids.index(TWINS[ids[k]])
            if twin not in near and (k == top or close[twin]):
                near.append(twin)
        views = tuple(int(starts[k] + np.argmax(scores[starts[k]:ends[k]])) for k in near)
        outside = np.ones(len(per_card), bool)
        outside[near] = False
        rivals = tuple((ids[k], float(per_card[k])) for k in order if outside[k])[:RIVALS]
        m = Match(ids[top], float(per_card[top]), float(per_card[top]) - second,
                  float(per_card[top]) - other, q,
                  tuple(ids[k] for k in near), views, "",
                  tuple(float(per_card[k]) for k in near),
                  float(per_card[outside].max()) if outside.any() else -1.0, rivals,
                  tuple(float(x) for x in per_card))
        if best is None or m.score > best.score:
            best = m
    assert best is not None
    return best


def close_siblings(cid: str, ids: list[str], per_card, best: float) -> list[str]:
    """The card's other windows that a first look (`per_card`, by `ids`; `best` its best
    score) put at most CLOSE_GAP behind its best: the ones the close look meets."""
    return [c for c in SIBLINGS[cid] if per_card[ids.index(c)] >= best - CLOSE_GAP]


def _confidence(m: Match) -> float:
    return round(float(np.clip(0.5 + (m.margin - SURE_MARGIN) * 5 + (m.score - SURE_SCORE),
                               0, 1)), 3)
