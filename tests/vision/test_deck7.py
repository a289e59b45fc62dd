"""benchmarks/deck7.py, issue 27's fresh judge deck: every card drawn, at its size, each unlike
the rest, and its photos keeping its tall tarot shape.

Only the drawing is checked here, never what a recogniser makes of it: the deck is run once, by
the lead, at the end of a session (benchmarks/recognition2.py --deck 7), and its mistakes are
not listed.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from benchmarks import deck7
from tests.vision.faces import (
    assert_drawn_the_same,
    assert_judge_hides_mistakes,
    assert_the_rulebooks_75,
    assert_zone_photo_keeps_shape,
    least_difference,
    recognition2_takes,
)


def test_pisanki_deck_is_the_rulebooks_75_cards():
    cards = deck7.pisanki_deck()
    assert_the_rulebooks_75(cards)
    singles = Counter((c.cloth, c.egg) for c in cards if c.egg and not c.flowers and not c.double)
    assert len(singles) == 18 and min(singles.values()) >= 2  # every cloth with every egg


def test_every_pisanki_card_kind_is_drawn_at_size_and_unlike_every_other():
    kinds = [*pg.card_kinds(), None]  # every kind the game has, and the back
    faces = [deck7.pisanki_face(k) for k in kinds]
    assert all(f.shape == (deck7.H, deck7.W, 3) and f.dtype == np.uint8 for f in faces)
    assert deck7.mask().shape == (deck7.H, deck7.W)
    assert deck7.W / deck7.H == 7 / 12  # tarot size, unlike decks 1–6
    assert least_difference(faces) > 40


def test_every_okoshki_card_is_drawn_at_size_and_unlike_every_other():
    faces = deck7.okoshki_faces()
    assert list(faces) == [c.id for c in ok.DECK]
    assert all(f.shape == (deck7.H, deck7.W, 3) and f.dtype == np.uint8 for f in faces.values())
    assert least_difference(list(faces.values())) > 40


def test_the_cards_are_full_bleed_on_a_dark_stock():
    # No border: the picture runs off the edge, so the edge differs from cloth to cloth.
    firsts = {}
    for card in deck7.pisanki_deck():
        firsts.setdefault(card.cloth, card)
    side = slice(deck7.RADIUS, deck7.H - deck7.RADIUS)
    edges = np.stack([deck7.pisanki_face(c)[side, :4].reshape(-1, 3).mean(axis=0)
                      for c in firsts.values()])
    assert np.abs(edges[:, None] - edges[None]).max() > 20
    back = deck7.pisanki_face(None)  # the bare stock in the ring round the back's egg
    ring = back[deck7.H // 2 - 30:deck7.H // 2 + 30, deck7.W // 2 - 64:deck7.W // 2 - 58]
    assert float(ring.mean()) < 80


def test_faces_are_the_same_each_time_they_are_drawn():
    assert_drawn_the_same(deck7, 60)


def test_a_zone_photo_keeps_the_decks_own_card_shape():
    assert_zone_photo_keeps_shape(deck7)


def test_recognition2_takes_deck_7_without_recognising_anything():
    # --tables 0 --zones 0: the deck is chosen and nothing is recognised (the lead runs it once).
    assert recognition2_takes(7) == ""


def test_deck_7_is_a_judge_whose_mistakes_are_not_listed():
    assert_judge_hides_mistakes(7)
