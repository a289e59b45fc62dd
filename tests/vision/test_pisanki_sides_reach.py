"""A Pisanki card found by its sides only (no closed outline: a plaid ground's bands join it to
its neighbours) is cut around the centre its sides give, which a band beside a side can move:
on development plaid tables up to 0.09 of a card off the card's own centre (deck 12 with every
trait, `benchmarks/pisanki_grounds.py --trait all --plaid wide`). Its views slide far enough
round that centre to reach the card, so it is read right and sure, either way round."""

from __future__ import annotations

import pytest

from assistant.vision import cards, views
from assistant.vision import pisanki as vp
from tests.vision.test_pisanki_unfound import (  # noqa: F401  (fixtures: one thread, the views)
    CARDS,
    FACES,
    as_a_photo_is_read,
    laid,
    registered,
)

BY_SIDES = cards.Found((0.0, 0.0), (100.0, 140.0), 0.0, by_sides=True)
BY_OUTLINE = cards.Found((0.0, 0.0), (100.0, 140.0), 0.0)


@pytest.mark.parametrize("share", [(0.09, 0.0), (-0.09, 0.0), (0.0, 0.09), (0.0, -0.09),
                                   (0.07, 0.07)])
@pytest.mark.parametrize("turned", [False, True])
def test_a_card_found_by_its_sides_a_band_off_is_read_sure(registered, share, turned):  # noqa: F811 (the imported fixture)
    for card, f in zip(CARDS, FACES, strict=True):
        cell = laid(f, share[0] * views.VW, share[1] * views.VH, turned)
        guess = views.classify(cell, registered, True, vp.reach(BY_SIDES))
        assert (guess.card, guess.turned, guess.unsure) == (card, turned, False), (share, card)


def test_a_card_found_by_its_outline_slides_as_little_as_before():
    # a closed outline gives the card's centre: its views slide only a little (the cost of
    # the wider slide is spent on cards found by their sides only)
    assert vp.reach(BY_OUTLINE) == views.NEAR < vp.reach(BY_SIDES)
    assert vp.reach(None) == views.NEAR
