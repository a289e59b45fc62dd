"""A plain plate of colour on the table is no card (issue 27): deck 10's zone 7609 has a
yellow square and a salmon oblong lying among its cards, and the corner guesses taken on them
passed the first look at 0.52-0.53 as yellow-1 (twice) and red-3, three invented cards. A
candidate that is not a SIFT find must hold some of the picture the zone's found cards hold
(okoshki_zone.detail, PLAIN)."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.vision import evaluate, register, synth
from assistant.vision import okoshki as vo
from assistant.vision.okoshki_zone import detail  # noqa
from benchmarks import deck10


@pytest.fixture(autouse=True)
def drawn_deck_after():
    """The drawn deck again after each test: deck_registered leaves deck 10 registered, and
    the next test of the worker read its photos with deck 10's cards (test_okoshki_settle_speed
    drew zone 6101 with them and named its card right only against them)."""
    yield
    register.use_folder(None)


def test_a_zone_with_plates_among_dark_cards_invents_no_card(deck_registered, tmp_path):
    deck_registered(deck10, tmp_path / "deck10")
    data, truth = synth.okoshki_photo(7609, 10, deck10.okoshki_faces(), deck10.mask())
    sc = evaluate.Score()
    evaluate.add_okoshki(sc, vo.recognise(data), truth)
    assert sc.invented == 0  # 3 before
    assert sc.found == sc.total == 10  # every card is still found


def test_a_plate_holds_far_less_picture_than_a_card():
    face = deck10.okoshki_faces()["yellow-1"]
    h, w = face.shape[:2]
    img = np.full((3 * h, 3 * w, 3), 90, np.uint8)
    img[h:2 * h, 0:w] = face
    img[h:2 * h, 2 * w:3 * w] = (40, 170, 220)  # a yellow plate of the card's size
    card = np.float32([[0, h], [w, h], [w, 2 * h], [0, 2 * h]])
    plate = card + np.float32([2 * w, 0])
    assert detail(img, plate) < 0.05 * detail(img, card)
    assert detail(img, card) > 20  # a face's edges: mean gradient of its grey frame
