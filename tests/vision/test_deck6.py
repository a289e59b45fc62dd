"""benchmarks/deck6.py, issue 27's sixth deck (development data): every card drawn, at its size,
each unlike the rest.

Only the drawing is checked here, never what a recogniser makes of it. The deck is muted on
purpose (pastel washes, a print told from the plain by small outlined florets), so the least
difference asked is lower than deck 5's; every card still differs from every other by a
clearly visible part of its face.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from benchmarks import deck6
from tests.vision.faces import (
    assert_drawn_the_same,
    assert_the_rulebooks_75,
    assert_zone_photo_keeps_shape,
    least_difference,
    recognition2_takes,
)


def test_pisanki_deck_is_the_rulebooks_75_cards():
    cards = deck6.pisanki_deck()
    assert_the_rulebooks_75(cards)
    singles = Counter((c.cloth, c.egg) for c in cards if c.egg and not c.flowers and not c.double)
    assert len(singles) == 18 and min(singles.values()) >= 2  # every cloth with every egg


def test_every_pisanki_card_kind_is_drawn_at_size_and_unlike_every_other():
    kinds = [*pg.card_kinds(), None]  # every kind the game has, and the back
    faces = [deck6.pisanki_face(k) for k in kinds]
    assert all(f.shape == (deck6.H, deck6.W, 3) and f.dtype == np.uint8 for f in faces)
    assert deck6.mask().shape == (deck6.H, deck6.W)
    assert deck6.W / deck6.H == 0.75  # 3:4, unlike decks 1–5
    assert least_difference(faces) > 30


def test_every_okoshki_card_is_drawn_at_size_and_unlike_every_other():
    faces = deck6.okoshki_faces()
    assert list(faces) == [c.id for c in ok.DECK]
    assert all(f.shape == (deck6.H, deck6.W, 3) and f.dtype == np.uint8 for f in faces.values())
    assert least_difference(list(faces.values())) > 25


def test_faces_are_the_same_each_time_they_are_drawn():
    assert_drawn_the_same(deck6, 50)


def test_recognition2_takes_deck_6():
    recognition2_takes(6)


def test_a_zone_photo_keeps_the_decks_own_card_shape():
    # The zone photos stretched every deck's cards to the reference 5:7 (deck 6 is 3:4).
    assert_zone_photo_keeps_shape(deck6)
