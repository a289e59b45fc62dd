"""A registered card whose flower badge sits at its bottom edge, outside the trimmed part the
correlation and the settling compare: a rival without the flower that wins there (its print
of the egg a little nearer the cell's) must lose to the flower when settled again on the views
trimmed only by FLOWER_TRIM, else the cell is marked for the player to check."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.games import pisanki as pg
from assistant.vision import views

GROUND = (60, 70, 80)


def view(egg: tuple[int, int, int], flower: bool) -> np.ndarray:
    """A card the size of a view: cream, blue stripes, an egg in the middle, and maybe a pink
    flower badge at the bottom edge (below the part inside TRIM)."""
    img = np.full((views.VH, views.VW, 3), (215, 235, 245), np.uint8)
    for x in range(-views.VH, views.VW, 14):
        cv2.line(img, (x, 0), (x + views.VH, views.VH), (170, 90, 40), 3)
    cv2.ellipse(img, (views.VW // 2, views.VH // 2 - 6), (17, 24), 0, 0, 360, egg, -1)
    if flower:
        cv2.circle(img, (22, 103), 5, (180, 120, 250), -1)
    return img


def cell(img: np.ndarray) -> np.ndarray:
    """A view laid in the middle of a cell, on a plain ground."""
    out = np.full((views.SH, views.SW, 3), GROUND, np.uint8)
    mx, my = round(views.VW * views.MARGIN), round(views.VH * views.MARGIN)
    out[my:my + views.VH, mx:mx + views.VW] = img
    return cv2.GaussianBlur(out, (0, 0), 0.8)


def test_a_flower_at_the_edge_is_not_read_away_silently():
    flowered = pg.Card("striped", "green", False, ("pink",))
    plain = pg.Card("striped", "green", False, ())
    # the registered views: the flowered card's egg printed a little bluer than the plain's
    registered = views.build(np.stack([views.view_of(cell(view((40, 170, 50), True))),
                                       views.view_of(cell(view((40, 170, 90), False)))]),
                             [flowered, plain])
    # the flowered card laid, its egg as the plain card's view has it
    got = views.classify(cell(view((40, 170, 90), True)), registered, True)
    assert got.card == flowered or got.unsure
    # the plain card laid is read as itself and sure: the check marks only a rival's flower
    got = views.classify(cell(view((40, 170, 90), False)), registered, True)
    assert got.card == plain


def test_a_template_reaching_past_the_cell_is_laid_in_part():
    lab = np.zeros((10, 8, 3), np.float32)
    t = np.arange(4 * 5 * 3, dtype=np.float32).reshape(4, 5, 3)
    for x, y, inside in [(1, 2, 20), (-2, -1, 9), (6, 8, 4), (9, 0, 0)]:
        placed = views._placed(lab, t, x, y)
        assert int((~np.isnan(placed[..., 0])).sum()) == inside
    assert (views._placed(lab, t, -2, -1)[0, 0] == t[1, 2]).all()
