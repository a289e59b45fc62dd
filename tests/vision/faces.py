"""Checks shared by the drawn decks' tests (decks 5, 6, 7): the rulebook's cards, how unlike
each other the faces are, the card shape kept in zone photos."""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from assistant.games import pisanki as pg
from assistant.vision import synth


def blocks(face: np.ndarray) -> np.ndarray:
    """The face as 8 × 8-pixel block means: what a glance at the card shows."""
    h, w = face.shape[:2]
    return cv2.resize(face, (w // 8, h // 8), interpolation=cv2.INTER_AREA).astype(np.float32)


def least_difference(faces: list[np.ndarray]) -> float:
    """Over every pair of faces, the smallest of their largest block differences."""
    b = np.stack([blocks(f) for f in faces])
    least = np.inf
    for i in range(len(b) - 1):
        d = np.abs(b[i + 1:] - b[i]).reshape(len(b) - i - 1, -1).max(axis=1)
        least = min(least, float(d.min()))
    return least


def assert_the_rulebooks_75(cards: list) -> None:
    """The 75 exhibition cards: the rulebook's shapes, every egg, cloth and flower."""
    assert len(cards) == 75
    assert all(pg.card_problem(c.cloth, c.egg, c.double, c.flowers) is None for c in cards)
    shapes = Counter((c.egg is not None, c.double, len(c.flowers)) for c in cards)
    assert shapes == {(True, False, 0): 45, (True, False, 1): 12, (True, False, 2): 6,
                      (False, False, 2): 6, (True, True, 0): 6}
    assert {c.egg for c in cards if c.egg} == set(pg.EGGS)
    assert {c.cloth for c in cards} == {"checked", "striped", "dotted", "neutral"}
    assert {f for c in cards for f in c.flowers} == set(pg.FLOWERS)


def assert_zone_photo_keeps_shape(deck) -> None:
    """A zone photo's cards keep the deck's own long/short ratio (within 1 %)."""
    _, truth = synth.okoshki_photo(7600, 6, deck.okoshki_faces(), deck.mask())
    assert truth["cards"]
    for card in truth["cards"]:
        q = np.array(card["quad"])
        w, h = np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[3] - q[0])
        assert abs(h / w - deck.H / deck.W) < 0.01, (card["id"], h / w)
