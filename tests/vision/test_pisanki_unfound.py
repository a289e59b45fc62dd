"""A Pisanki card not found by its own outline (a dark patterned print on a plaid cloth) is cut
where the grid says, so it may lie anywhere in the cell's margin: a few likely views find
where it lies, then every candidate is compared only around that place. Read anywhere in the
margin, up to its edges, on a busy ground."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.games import pisanki as pg
from assistant.vision import views
from assistant.vision.threads import one_thread
from tests.vision.test_pisanki_patterned import EGGS, FLOWERS, H, W, face

CARDS = [pg.Card("striped", e, False, (f,) if f else ()) for e in EGGS for f in FLOWERS]
FACES = [face(FLOWERS[c.flowers[0]] if c.flowers else None, EGGS[c.egg]) for c in CARDS]
REACH = views.VW * (views.MARGIN + views.TRIM)  # how far off centre a template still fits


def plaid() -> np.ndarray:
    """A green and purple plaid cloth the size of a cell."""
    ground = np.full((views.SH, views.SW, 3), (120, 170, 120), np.uint8)
    for k in range(0, max(views.SW, views.SH), 12):
        ground[:, k:k + 5] = (150, 90, 140)
        ground[k:k + 5] = (ground[k:k + 5] * 0.6).astype(np.uint8)
    return ground


def laid(f: np.ndarray, dx: float, dy: float, turned: bool = False) -> np.ndarray:
    """The card as a cut cell, its centre (dx, dy) cell pixels off the cell's, on plaid."""
    if turned:
        f = cv2.rotate(f, cv2.ROTATE_180)
    m = cv2.getRotationMatrix2D((W / 2, H / 2), 0, views.SW / (W * (1 + 2 * views.MARGIN)))
    m[:, 2] += (views.SW / 2 - W / 2 + dx, views.SH / 2 - H / 2 + dy)
    card = cv2.warpAffine(f, m, (views.SW, views.SH), flags=cv2.INTER_AREA)
    inside = cv2.warpAffine(np.full(f.shape[:2], 255, np.uint8), m, (views.SW, views.SH)) > 127
    cell = plaid()
    cell[inside] = card[inside]
    return cv2.GaussianBlur(cell, (0, 0), 1.0)


@pytest.fixture(autouse=True)
def as_a_photo_is_read():
    """OpenCV and BLAS on one thread, as recognise runs (many threads cost far more here)."""
    with one_thread():
        yield


@pytest.fixture(scope="module")
def registered() -> views.Views:
    """Each card's view, from a cell cut around it (as registration cuts them)."""
    return views.build(np.stack([views.view_of(laid(f, 0, 0)) for f in FACES]), CARDS)


@pytest.mark.parametrize("share", [(0.9, 0.0), (-0.9, 0.0), (0.0, 0.9), (0.0, -0.9),
                                   (-0.6, 0.6)])
@pytest.mark.parametrize("turned", [False, True])
def test_a_card_anywhere_in_the_margin_is_read(registered, share, turned):
    for card, f in zip(CARDS, FACES, strict=True):
        cell = laid(f, share[0] * REACH, share[1] * REACH, turned)
        guess = views.classify(cell, registered, centred=False)
        assert (guess.card, guess.turned) == (card, turned), (share, card, guess)


@pytest.mark.parametrize("turned", [False, True])
def test_each_way_round_finds_the_cards_place(registered, turned):
    # the few views that look for the card land on it, not on the plaid, and the card's own
    # view is compared there: its place is the card's (each way round finds its own place)
    dx, dy = 0.6 * REACH, -0.4 * REACH
    lab = views._lab(views._soft(laid(FACES[0], dx, dy, turned)))
    found = views._located(lab, registered, np.arange(len(registered.cards)))
    own = [f for f in found if registered.cards[f[1]] == CARDS[0]
           and bool(registered.turned[f[1]]) == turned]
    score, _, x, y = max(own)
    # centred, the template lies at the view's place in the cell plus TRIM (cell pixels are
    # view pixels: a view is the cell without its margin)
    want_x = round(views.VW * views.MARGIN) + round(views.VW * views.TRIM) + dx
    want_y = round(views.VH * views.MARGIN) + round(views.VH * views.TRIM) + dy
    assert abs(x - want_x) <= 1.5 and abs(y - want_y) <= 1.5, (x, y, want_x, want_y)
    assert score > 0.9
