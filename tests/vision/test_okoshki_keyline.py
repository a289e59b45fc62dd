"""A layout photo whose cards are found apart at a printed line inside their edge (deck 4's
keyline): the cards are still cut at their own edges, at the size every card shares."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.vision import register, synth
from benchmarks import deck4


def shown_scale(cut: np.ndarray, face: np.ndarray) -> float:
    """How much larger than the card itself a cut face shows it (1: cut at its edges)."""
    cut = cv2.cvtColor(cv2.resize(cut, (125, 175), interpolation=cv2.INTER_AREA),
                       cv2.COLOR_BGR2GRAY).astype(np.float32)
    true = cv2.cvtColor(cv2.resize(face, (125, 175), interpolation=cv2.INTER_AREA),
                        cv2.COLOR_BGR2GRAY).astype(np.float32)
    middle = cut[12:-12, 12:-12]
    best, scale = -1.0, 1.0
    for s in np.linspace(0.84, 1.24, 41):
        t = cv2.resize(true, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        if t.shape[0] < middle.shape[0] or t.shape[1] < middle.shape[1]:
            continue
        v = float(cv2.matchTemplate(t, middle, cv2.TM_CCOEFF_NORMED).max())
        if v > best:
            best, scale = v, float(s)
    return scale


def test_cards_found_at_their_keyline_are_cut_at_their_edges():
    faces = deck4.okoshki_faces()
    grid = [[c.id for c in ok.DECK[r * 8:(r + 1) * 8]] for r in range(6)]
    data, _ = synth.hand_table_photo(7501, grid, lambda cid: faces[cid], (deck4.W, deck4.H),
                                     deck4.mask(), turned=0.0, gap=(0.02, 0.05), ground="cloth")
    cut, _faults = register.layout_cards(data)
    scales = [shown_scale(cut[k], faces[ok.DECK[k].id]) for k in range(0, 48, 5)]
    # the cards found apart on this photo are outlined at their keyline, 14 % inside
    assert 0.95 <= float(np.median(scales)) <= 1.04, np.round(scales, 2)
    assert max(abs(s - 1) for s in scales) <= 0.08, np.round(scales, 2)
