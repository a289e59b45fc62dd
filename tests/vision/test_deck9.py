"""benchmarks/deck9.py, issue 27's ninth deck and a fresh judge: every card drawn, at its size,
each unlike the rest, the ways it differs from decks 2–8 (near square, a hand-drawn frame on a
white margin, a stamp at the bottom centre), and its photos keeping its shape.

Only the drawing is checked here, never what a recogniser makes of it: the deck is run once, by
the lead, at the end of a session (benchmarks/recognition2.py --deck 9), and its mistakes are
not listed.
"""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from benchmarks import deck2, deck3, deck4, deck5, deck6, deck7, deck8, deck9
from tests.vision.faces import (
    assert_drawn_the_same,
    assert_judge_hides_mistakes,
    assert_the_rulebooks_75,
    assert_zone_photo_keeps_shape,
    least_difference,
    recognition2_takes,
)


def _fronts() -> list[np.ndarray]:
    """Every front of both halves (no back)."""
    return [*(deck9.pisanki_face(k) for k in pg.card_kinds()), *deck9.okoshki_faces().values()]


def test_pisanki_deck_is_the_rulebooks_75_cards():
    cards = deck9.pisanki_deck()
    assert_the_rulebooks_75(cards)
    singles = Counter((c.cloth, c.egg) for c in cards if c.egg and not c.flowers and not c.double)
    assert len(singles) == 18 and min(singles.values()) >= 2  # every cloth with every egg


def test_every_pisanki_card_kind_is_drawn_at_size_and_unlike_every_other():
    kinds = [*pg.card_kinds(), None]  # every kind the game has, and the back
    faces = [deck9.pisanki_face(k) for k in kinds]
    assert all(f.shape == (deck9.H, deck9.W, 3) and f.dtype == np.uint8 for f in faces)
    assert deck9.mask().shape == (deck9.H, deck9.W)
    assert least_difference(faces) > 30


def test_every_okoshki_card_is_drawn_at_size_and_unlike_every_other():
    faces = deck9.okoshki_faces()
    assert list(faces) == [c.id for c in ok.DECK]
    assert all(f.shape == (deck9.H, deck9.W, 3) and f.dtype == np.uint8 for f in faces.values())
    assert least_difference(list(faces.values())) > 25


def test_the_cards_are_near_square_unlike_every_other_deck():
    ratio = deck9.W / deck9.H
    assert 0.80 <= ratio <= 0.85
    # deck.py's own cards are 5:7, as deck 2's
    others = [d.W / d.H for d in (deck2, deck3, deck4, deck5, deck6, deck7, deck8)]
    assert min(abs(ratio - r) for r in others) > 0.05


def test_a_white_margin_outside_a_wobbling_pen_frame():
    # Decks 7 and 8 are full bleed on dark stock, decks 2–6 have a printed band: here a white
    # margin runs round a dark pen line that wanders (drawn by hand, not ruled).
    rows = slice(int(deck9.H * 0.2), int(deck9.H * 0.8))
    for face in [*_fronts(), deck9.pisanki_face(None)]:
        grey = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY).astype(int)
        assert np.median(grey[rows, 2:6]) > 220  # the margin, left of the frame
        band = grey[rows, 4:22]
        assert band.min(axis=1).max() < 110  # the line is there all the way down
        where = band.argmin(axis=1)
        assert where.max() - where.min() >= 2  # and it wobbles


def _dark_ring(face: np.ndarray, cy: int) -> float:
    """The share of the stamp's ring (r ≈ 18 round (W/2, cy)) printed in near-black ink."""
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    yy, xx = np.mgrid[0:deck9.H, 0:deck9.W]
    d = np.hypot(xx - deck9.W // 2, yy - cy)
    px = hsv[(d > 16.5) & (d < 19.5)]
    return float(((px[:, 2] < 120) & (px[:, 1] < 110)).mean())


def test_the_index_is_a_round_stamp_at_the_bottom_centre():
    bottom = deck9.H - deck9.FRAME - 14
    for face in _fronts():
        assert _dark_ring(face, bottom) > 0.5
        assert _dark_ring(face, deck9.H - 1 - bottom) < 0.4  # not at the top: it turns with it


def test_the_patterned_cloths_differ_first_in_colour():
    # One fine weave in three inks: the cloths' mean hues are far apart.
    hues = []
    for cloth in ("checked", "striped", "dotted"):
        patch = deck9.pisanki_face(pg.Card(cloth, "yellow"))[30:80, 30:70]
        mean = patch.reshape(-1, 3).mean(axis=0).astype(np.uint8)
        hues.append(int(cv2.cvtColor(mean[None, None], cv2.COLOR_BGR2HSV)[0, 0, 0]))
    gaps = [min(abs(a - b), 180 - abs(a - b)) for i, a in enumerate(hues) for b in hues[i + 1:]]
    assert min(gaps) >= 15, hues


def test_faces_are_the_same_each_time_they_are_drawn():
    assert_drawn_the_same(deck9, 50)


def test_a_zone_photo_keeps_the_decks_own_card_shape():
    assert_zone_photo_keeps_shape(deck9)


def test_recognition2_takes_deck_9_without_recognising_anything():
    # --tables 0 --zones 0: the deck is chosen and nothing is recognised (the lead runs it once).
    assert recognition2_takes(9) == ""


def test_deck_9_is_a_judge_whose_mistakes_are_not_listed():
    assert_judge_hides_mistakes(9)
