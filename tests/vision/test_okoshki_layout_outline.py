"""Issue 27: a registration layout of dark or full-bleed cards (no light outline of their own)
is cut where its cards lie. The layout's outline was the blob of colours unlike the table's
alone: on a dark navy stock it held only the cards' light windows, on a checked cloth it took
in a patch of the cloth, and every card was cut a card or more off, silently registered under
another card's name (deck 10, layout photos 7800 and 7801: 48 of 48 cards off; deck 8, 7700:
45 of 48). Now the outline whose grid falls on the photo's edges is used."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.vision import layout, synth
from assistant.vision.decode import decode
from benchmarks import deck8, deck10
from tests.vision.conftest import deck_layout


@pytest.mark.parametrize(("deck", "seed"), [(deck10, 7800), (deck10, 7801), (deck8, 7700)])
def test_dark_layout_cut_where_its_cards_lie(deck, seed):
    data, truth = deck_layout(deck, seed)
    cuts: list = []
    layout.layout_cards(data, cuts_out=cuts)
    assert len(cuts) == 48
    scale = decode(data).shape[1] / synth.PHOTO_W
    true = [np.float32(q) * scale for q in truth["cards"]]
    width = float(np.median([np.linalg.norm(q[1] - q[0]) for q in true]))
    off = [float(np.linalg.norm(np.float32(c).mean(axis=0) - q.mean(axis=0))) / width
           for c, q in zip(cuts, true, strict=True)]
    # a card cut within a fifth of its width of where it lies is its own (seen 0-2 after,
    # 45-48 before)
    assert sum(o > 0.2 for o in off) <= 2, sorted(off)[-5:]
