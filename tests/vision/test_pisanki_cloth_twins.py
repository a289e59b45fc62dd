"""Two cards that differ in their cloth only (same egg, same flowers): a gingham and a dotted
cloth of about one colour differ in their light, over the whole card. The settling that
compares colour where two cards differ most could not see it and overruled the correlation
(deck 6: a gingham card read as its dotted twin); such two are settled by the correlations
over the whole card (the Lab one and the light's alone)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.games import pisanki as pg
from assistant.vision import views
from tests.vision.view_cells import cut_cell

W, H = 252, 336
TINT = (196, 186, 178)  # a grey-blue cloth


def face(cloth: str, egg=(60, 60, 190)) -> np.ndarray:
    """A card: a gingham (bands of white across a grey-blue ground) or dotted (white dots on
    a grey-blue ground, about as light overall) cloth, a red egg."""
    img = np.full((H, W, 3), TINT, np.uint8)
    if cloth == "checked":
        for v in range(0, W, 28):
            img[:, v:v + 12] = np.clip(np.float32(img[:, v:v + 12]) * 1.18, 0, 255)
        for v in range(0, H, 28):
            img[v:v + 12] = np.clip(np.float32(img[v:v + 12]) * 1.18, 0, 255)
    else:
        for y in range(10, H, 16):
            for x in range(10 + (y // 16 % 2) * 8, W, 16):
                cv2.circle(img, (x, y), 3, (245, 245, 245), -1, cv2.LINE_AA)
    cv2.ellipse(img, (W // 2, 180), (44, 58), 0, 0, 360, egg, -1, cv2.LINE_AA)
    out = np.full_like(img, (232, 236, 240))
    out[10:-10, 10:-10] = img[10:-10, 10:-10]
    return out


CARDS = [pg.Card("checked", "red"), pg.Card("dotted", "red")]


def registered() -> views.Views:
    images = [views.view_of(cut_cell(face(c.cloth), dx, blur=1.2))
              for c in CARDS for dx in (-0.7, 0.7)]
    return views.build(np.stack(images), [c for c in CARDS for _ in (0, 1)])


def test_cloth_twins_are_told_apart_by_the_cards_own_pairing():
    a, b, c = CARDS[0], CARDS[1], pg.Card("checked", "blue")
    assert views.cloth_only(a, b) and not views.cloth_only(a, c)
    assert not views.cloth_only(a, a) and not views.cloth_only(None, a)
    assert not views.cloth_only(a, pg.Card("dotted", "red", False, ("pink",)))


@pytest.mark.parametrize("shown", CARDS)
@pytest.mark.parametrize("turned", [False, True])
def test_a_cloth_twin_is_read_by_its_cloth(shown, turned):
    cell = cut_cell(face(shown.cloth), 1.4, turned, blur=1.2)
    guess = views.classify(cell, registered(), centred=True)
    assert guess.card == shown and guess.turned == turned, guess
    # the colour duel found nothing between the two and left every such cell unsure
    assert not guess.unsure, guess
