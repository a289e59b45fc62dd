"""A card's own balance must keep its colours when it has no white paper (a kraft border,
pale yellow stripes) and whatever ground shows around it: the same card, cut once with a
light table around it and once with a dark red one, must come out the same colour."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import views
from tests.vision import test_pisanki_patterned as patterned

BLUE = (200, 110, 40)


def egg_colour(img: np.ndarray, x: int, y: int) -> np.ndarray:
    """The mean Lab colour (a, b) of the egg at (x, y) after the card's balance."""
    lab = cv2.cvtColor(views.balance(img), cv2.COLOR_BGR2LAB).astype(np.float32)
    return lab[y - 10:y + 10, x - 10:x + 10, 1:].reshape(-1, 2).mean(axis=0)


def on_ground(face: np.ndarray, ground: tuple[int, int, int], edge: int) -> np.ndarray:
    """The card shrunk inside `edge` pixels of ground on every side, at the card's size."""
    h, w = face.shape[:2]
    out = np.full_like(face, ground)
    out[edge:h - edge, edge:w - edge] = cv2.resize(face, (w - 2 * edge, h - 2 * edge),
                                                   interpolation=cv2.INTER_AREA)
    return out


def test_a_card_without_white_paper_keeps_its_colours():
    # before: each channel was scaled so the pale yellow stripes became white, turning the
    # blue egg purple by 29 units of colour; one gain for the light moves it by about 6
    face = patterned.face(None, BLUE)
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB).astype(np.float32)
    before = lab[175:195, 125:145, 1:].reshape(-1, 2).mean(axis=0)
    assert np.linalg.norm(egg_colour(face, 135, 185) - before) < 10  # before: 29


def test_the_ground_around_a_card_does_not_change_its_colours():
    face = patterned.face(None, BLUE)
    light = on_ground(face, (235, 238, 240), 12)
    dark = on_ground(face, (40, 40, 120), 12)
    x, y = 12 + round(135 * 216 / 240), 12 + round(185 * 312 / 336)
    assert np.linalg.norm(egg_colour(light, x, y) - egg_colour(dark, x, y)) < 10  # before: 29
