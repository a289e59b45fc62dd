"""Every view of every Okoshki card (its registered or drawn face, plus views learned from
confirmed zones) and the cards one detail apart (a card's other windows, its twin)."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.vision import deck
from assistant.vision.okoshki_describe import (
    SH,
    SW,
    _card_balanced,
    _coarse_raw,
    _fine,
    _grey_half,
    _lab_done,
    _lab_raw,
    _span,
    _thumb,
)
from assistant.vision.okoshki_frame import deck_frame, fit, on_frame, on_frame_known

VIEWS_FILE = "okoshki-views.npz"

# each card's twin: the same window of the same colour, plain or print (they differ in a
# print on the valance and a frame on the tag, which a first look at a glance may miss)
TWINS = {c.id: next(d.id for d in ok.DECK if d.window == c.window and d.suit != c.suit
                    and d.suit.split("-")[0] == c.suit.split("-")[0]) for c in ok.DECK}

SIBLINGS = {c.id: [d.id for d in ok.DECK if d.suit == c.suit and d.id != c.id] for c in ok.DECK}


def learned_views(folder) -> tuple[list[str], np.ndarray]:
    """The extra views of cards learned from confirmed zones: ids and flat faces."""
    none = [], np.zeros((0, deck.H, deck.W, 3), np.uint8)
    if folder is None or not (folder / VIEWS_FILE).exists():
        return none
    try:
        with np.load(folder / VIEWS_FILE, allow_pickle=False) as z:
            return [str(i) for i in z["ids"]], z["faces"]
    except (OSError, ValueError, KeyError):  # a damaged file: learn afresh
        return none


@cache
def view_table() -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, list[np.ndarray],
                          np.ndarray, list[np.ndarray],
                          tuple[list[np.ndarray], list[np.ndarray]], list[np.ndarray],
                          list[tuple[np.ndarray, np.ndarray]], dict[int, np.ndarray]]:
    """Every view of every card (its face, plus views learned from confirmed zones), grouped
    by card: the card ids, where each card's views start, the colour and grey descriptors,
    each view's flat face (SW × SH, white-balanced, on the deck's frame) for the close
    comparison, the deck's frame (okoshki_frame) and where each view shows its card (the
    rest was only its edge repeated when it was moved onto the frame), and each view's Lab
    images before their lightness is standardised (_lab_raw) and after (_lab), its coarse
    Lab image before (_coarse_raw) and its Lab's span: the close look moves these onto the
    photo rather than work them out again for every card it looks at; and a place for each
    view's coarse Lab unmoved, filled as the close look asks (okoshki_settle._coarse_lab)."""
    faces = deck.okoshki_faces()
    extra_ids, extra = learned_views(deck.REGISTERED["folder"])
    small = {c.id: cv2.resize(faces[c.id], (SW, SH), interpolation=cv2.INTER_AREA)
             for c in ok.DECK}
    frame, moves = deck_frame(list(small.values()))
    # balanced once on the frame: a face cut with some table along its edge would be
    # balanced on the table
    views = {cid: [(_card_balanced(on_frame(face, move)), on_frame_known(move))]
             for (cid, face), move in zip(small.items(), moves, strict=True)}
    for cid, face in zip(extra_ids, extra, strict=True):
        if cid in views:
            view = cv2.resize(face, (SW, SH), interpolation=cv2.INTER_AREA)
            move = fit(_grey_half(view), frame)[1]
            views[cid].append((_card_balanced(on_frame(view, move)), on_frame_known(move)))
    ids, starts, colour, grey, flats, known = [], [], [], [], [], []
    for cid, vs in views.items():
        ids.append(cid)
        starts.append(len(colour))
        for view, shows in vs:
            colour.append(_thumb(view))
            grey.append(_fine(view))
            flats.append(view)
            known.append(shows)
    raws = [_lab_raw(f) for f in flats]
    labs = [_lab_done(r.copy()) for r in raws]
    return (ids, np.array(starts), np.stack(colour), np.stack(grey), flats, frame, known,
            (raws, labs), [_coarse_raw(f) for f in flats], [_span(lab) for lab in labs], {})


@cache
def _squares() -> tuple[np.ndarray, np.ndarray]:
    """The view table's colour and grey descriptors squared (for the masked correlation)."""
    colour, grey = view_table()[2:4]
    return colour * colour, grey * grey


@cache
def _view_grey(v: int) -> np.ndarray:
    """_grey_half of view v of the view table (worked out once per view)."""
    return _grey_half(view_table()[4][v])


def _end(k: int) -> int:
    """Where card k's views end in the view table."""
    starts = view_table()[1]
    return int(starts[k + 1]) if k + 1 < len(starts) else len(view_table()[4])
