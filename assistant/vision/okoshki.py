"""Recognise the loose cards of an Okoshki zone: local features, a homography per card,
verified by colour correlation against every reference face.

SIFT keypoints of the photo are matched to each reference face; RANSAC finds the cards that
face can explain (several, since many cards look alike in grey), each as a quadrilateral.
Every quadrilateral is then warped flat and compared in colour with all 48 faces: the best
correlation names the card (curtain colour and print, window pips, scene), the margin to
the best face of another kind is the confidence. Overlapping finds of one card are merged.

The work is done by the okoshki_* modules, in the order a photo goes through them:
okoshki_find (SIFT finds), okoshki_match (the first look), okoshki_settle (the close look),
okoshki_zone (a zone's cards together); okoshki_describe, okoshki_shape and okoshki_views
are what they share. This module is the entry point and names what others use.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from assistant.games import okoshki as ok
from assistant.messages import Message, nmsg
from assistant.vision import deck
from assistant.vision.decode import decode
from assistant.vision.okoshki_describe import SH, SW
from assistant.vision.okoshki_find import SHAPE_FILE, card_aspect, find_cards, references
from assistant.vision.okoshki_match import (
    CLOSE_GAP,
    SURE_MARGIN,
    UNSURE,
    Match,
    _confidence,
    match,
)
from assistant.vision.okoshki_settle import OUTSIDE_GAP, PAIR_DIFFER, _apart, _span, settle
from assistant.vision.okoshki_shape import _quad_ok, flats_kept, flatten, iou, overlap
from assistant.vision.okoshki_views import (
    VIEWS_FILE,
    _squares,
    _view_grey,
    learned_views,
    view_table,
)
from assistant.vision.okoshki_zone import _nudged, _settled, find_matches, read_zone
from assistant.vision.threads import one_thread

__all__ = ["CLOSE_GAP", "OUTSIDE_GAP", "PAIR_DIFFER", "SH", "SHAPE_FILE", "SURE_MARGIN", "SW",
           "UNSURE", "VIEWS_FILE", "card_aspect",
           "CardFind", "Match", "ZoneRecognition", "_apart", "_confidence", "_nudged",
           "_quad_ok", "_settled", "_span", "_squares", "_view_grey", "find_cards",
           "find_matches", "flatten", "identify", "iou", "learned_views", "match", "overlap",
           "read_zone", "recognise", "references", "settle", "view_table"]


@dataclass(frozen=True)
class CardFind:
    """One card found on the photo."""

    id: str
    kind: str
    confidence: float
    quad: list[list[float]]
    unsure: bool = False


@dataclass(frozen=True)
class ZoneRecognition:
    """The cards of a zone and their counts by kind."""

    cards: list[CardFind]
    zone: dict[str, int]
    warnings: list[str]
    seconds: float
    size: tuple[int, int] = (0, 0)  # width, height of the image the quads refer to



def identify(img: np.ndarray, quad: np.ndarray) -> tuple[str, float]:
    """The face whose views best match the card at `quad`, and how sure that is."""
    m = match(img, quad, both_ways=False)
    return m.id, _confidence(m)



def recognise(data: bytes) -> ZoneRecognition:
    """Photo bytes of a zone -> the cards found, each with its outline and confidence."""
    t0 = time.perf_counter()
    img = decode(data)
    cards: list[CardFind] = []
    with one_thread(), flats_kept(img):  # the photo's flat cards kept while it is read
        # the registered deck's own card shape (a bridge-size or 3:4 deck is not 5:7)
        read = read_zone(img, card_aspect(deck.REGISTERED["folder"]))
    for m, unsure in read:
        conf = _confidence(m)
        # the confidence tells the same as the flag: below UNSURE exactly when unsure
        conf = min(conf, UNSURE - 0.01) if unsure else max(conf, UNSURE)
        cards.append(CardFind(m.id, ok.CARDS[m.id].kind, conf, m.quad.round(1).tolist(), unsure))
    zone = dict.fromkeys(ok.KINDS, 0)
    for c in cards:
        zone[c.kind] += 1
    warnings: list[Message] = []
    if not cards:
        warnings.append(Message("No cards found on this photo."))
    unsure = sum(1 for c in cards if c.unsure)
    if unsure:
        warnings.append(nmsg("%(num)d card to check: it is outlined in orange.",
                             "%(num)d cards to check: they are outlined in orange.", unsure))
    return ZoneRecognition(cards, zone, warnings, round(time.perf_counter() - t0, 3),
                           (img.shape[1], img.shape[0]))
