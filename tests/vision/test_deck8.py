"""benchmarks/deck8.py, issue 27's eighth deck (development data): every card drawn, at its size,
each unlike the rest, and the ways it differs from decks 2–6 (full bleed, tall, dark stock).

Only the drawing is checked here, never what a recogniser makes of it.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from benchmarks import deck8
from tests.vision.faces import (
    assert_drawn_the_same,
    assert_the_rulebooks_75,
    assert_zone_photo_keeps_shape,
    least_difference,
    recognition2_takes,
)

ROOT = Path(__file__).resolve().parents[2]


def _all_faces() -> list[np.ndarray]:
    return [*(deck8.pisanki_face(k) for k in [*pg.card_kinds(), None]),
            *deck8.okoshki_faces().values()]


def test_pisanki_deck_is_the_rulebooks_75_cards():
    cards = deck8.pisanki_deck()
    assert_the_rulebooks_75(cards)
    singles = Counter((c.cloth, c.egg) for c in cards if c.egg and not c.flowers and not c.double)
    assert len(singles) == 18 and min(singles.values()) >= 2  # every cloth with every egg


def test_every_pisanki_card_kind_is_drawn_at_size_and_unlike_every_other():
    kinds = [*pg.card_kinds(), None]  # every kind the game has, and the back
    faces = [deck8.pisanki_face(k) for k in kinds]
    assert all(f.shape == (deck8.H, deck8.W, 3) and f.dtype == np.uint8 for f in faces)
    assert deck8.mask().shape == (deck8.H, deck8.W)
    assert least_difference(faces) > 30


def test_every_okoshki_card_is_drawn_at_size_and_unlike_every_other():
    faces = deck8.okoshki_faces()
    assert list(faces) == [c.id for c in ok.DECK]
    assert all(f.shape == (deck8.H, deck8.W, 3) and f.dtype == np.uint8 for f in faces.values())
    assert least_difference(list(faces.values())) > 25


def test_the_cards_are_tall_but_not_7_to_12():
    ratio = deck8.W / deck8.H
    assert 0.55 <= ratio <= 0.63 and abs(ratio - 7 / 12) > 0.01


def test_full_bleed_on_dark_stock_no_light_rim():
    # Decks 2–6 have a light border or rim at the card's edge; deck 8's picture runs off it,
    # and the edge is dark or strongly coloured on every card.
    inside = cv2.erode(deck8.mask(), np.ones((3, 3), np.uint8))
    ring = (inside > 0) & (cv2.erode(inside, np.ones((9, 9), np.uint8)) == 0)
    for face in _all_faces():
        hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
        edge = hsv[ring]
        light_grey = (edge[:, 2] > 170) & (edge[:, 1] < 60)
        assert light_grey.mean() < 0.3  # cream dots may reach the edge, never a rim
        assert np.median(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY)[ring]) < 170


def test_faces_are_the_same_each_time_they_are_drawn():
    assert_drawn_the_same(deck8, 50)


def test_recognition2_takes_deck_8_as_development_data():
    recognition2_takes(8)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import recognition2
    assert 8 not in recognition2.JUDGES  # its mistakes are listed


def test_a_zone_photo_keeps_the_decks_own_card_shape():
    assert_zone_photo_keeps_shape(deck8)
