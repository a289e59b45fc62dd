"""Dark cards on a table lighter than their lightest ink (a light, coloured plaid): the table's
white balance must be taken from the cards, not from the ground, or every card of the photo
takes the ground's colour as a cast (a dark deck read wrong table by table)."""

from __future__ import annotations

import numpy as np

from assistant.vision import pisanki as vp
from assistant.vision import views

ROWS, COLS = 3, 5
CARD_W, CARD_H, GAP = 150, 210, 14  # photo pixels
GREY = (110, 110, 110)  # the cards' lightest ink, neutral
DARK = (40, 60, 30)  # their stock


def photo(ground: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """A photo of dark cards with neutral grey stripes on a light `ground`, and the table's
    outline (the cards' outer edge)."""
    x0, y0 = 120, 100
    img = np.full((y0 * 2 + ROWS * (CARD_H + GAP), x0 * 2 + COLS * (CARD_W + GAP), 3), ground,
                  np.uint8)
    for r in range(ROWS):
        for c in range(COLS):
            x, y = x0 + c * (CARD_W + GAP), y0 + r * (CARD_H + GAP)
            img[y:y + CARD_H, x:x + CARD_W] = DARK
            for k in range(y + 20, y + CARD_H - 20, 30):
                img[k:k + 8, x + 15:x + CARD_W - 15] = GREY
    w, h = COLS * (CARD_W + GAP) - GAP, ROWS * (CARD_H + GAP) - GAP
    quad = np.float32([[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]])
    return img, quad


def cast(ground: tuple[int, int, int]) -> float:
    """How far from neutral the cards' grey ink comes out of the cut cells (largest channel
    over smallest, 1 = neutral)."""
    img, quad = photo(ground)
    cells, _ = vp.table_cells(img, quad, ROWS, COLS, [])
    inks = []
    for cell in cells:
        view = views.view_of(cell)
        h, w = view.shape[:2]  # the card's middle: no ground between the cards
        grey = view[h // 5:h - h // 5, w // 5:w - w // 5].reshape(-1, 3).astype(np.float32)
        light = grey.sum(axis=1)
        inks.append(np.median(grey[light >= np.percentile(light, 90)], axis=0))
    ink = np.median(inks, axis=0)
    return float(ink.max() / ink.min())


def test_the_ground_sets_no_cast():
    # light yellowish and bluish grounds (BGR): before, the grey ink came out 1.57 times bluer
    # than red on the first, redder than blue on the second
    assert cast((150, 200, 235)) < 1.08
    assert cast((235, 170, 150)) < 1.08


def test_a_neutral_ground_changes_nothing():
    assert cast((225, 225, 225)) < 1.08
