"""benchmarks/deck5.py, issue 27's judge deck: every card drawn, at its size, each unlike the rest.

Only the drawing is checked here (never what a recogniser makes of it: the deck is run only at
checkpoints, by benchmarks/recognition2.py --deck 5).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from benchmarks import deck5
from tests.vision.faces import assert_the_rulebooks_75, least_difference

ROOT = Path(__file__).resolve().parents[2]


def test_pisanki_deck_is_the_rulebooks_75_cards_and_a_back():
    cards = deck5.pisanki_deck()
    assert_the_rulebooks_75(cards)


def test_every_pisanki_card_kind_is_drawn_at_size_and_unlike_every_other():
    kinds = [*pg.card_kinds(), None]  # every kind the game has, and the back
    faces = [deck5.pisanki_face(k) for k in kinds]
    assert all(f.shape == (deck5.H, deck5.W, 3) and f.dtype == np.uint8 for f in faces)
    assert deck5.mask().shape == (deck5.H, deck5.W)
    assert least_difference(faces) > 40


def test_every_okoshki_card_is_drawn_at_size_and_unlike_every_other():
    faces = deck5.okoshki_faces()
    assert list(faces) == [c.id for c in ok.DECK]
    assert all(f.shape == (deck5.H, deck5.W, 3) and f.dtype == np.uint8 for f in faces.values())
    assert least_difference(list(faces.values())) > 40


def test_faces_are_the_same_each_time_they_are_drawn():
    card = deck5.pisanki_deck()[50]
    first, first_ok = deck5.pisanki_face(card).copy(), deck5.okoshki_face("blue-print-3").copy()
    deck5.pisanki_face.cache_clear()
    deck5.okoshki_face.cache_clear()
    assert np.array_equal(deck5.pisanki_face(card), first)
    assert np.array_equal(deck5.okoshki_face("blue-print-3"), first_ok)


def test_recognition2_takes_deck_5():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "recognition2.py"),
                          "--deck", "5", "--tables", "0", "--zones", "0"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
