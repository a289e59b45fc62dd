"""Flower twins (same cloth, same egg, other flowers) differ in their badges only; where two of
their views differ most can be the egg all the same, when one card's registration photos show
its egg duller than the other card's (deck 8: a striped purple egg read as its twin with a pink
flower, silently). The deck's badge map is learned from its views, and two finalists that
differ in how many flowers they have are settled inside it."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.games import pisanki as pg
from assistant.vision import views
from assistant.vision.flower_map import flower_map
from tests.vision.view_cells import cut_cell

W, H = 252, 336
CLOTHS = {"striped": (150, 190, 120), "dotted": (170, 150, 200), "checked": (120, 170, 200)}
EGGS = {"purple": (170, 70, 150), "red": (60, 60, 200), "green": (80, 160, 70)}
PINK = (186, 150, 240)
BADGES = [(W - 62, 54), (62, 54)]  # the first flower's badge, the second's (top, upright)
EGG = (W // 2, 190)


def face(cloth: str, egg: str, flowers: int, egg_gain: float = 1.0) -> np.ndarray:
    """A card: a cloth with stripes, an egg (its print `egg_gain` as strong), pink badges."""
    img = np.full((H, W, 3), CLOTHS[cloth], np.uint8)
    for x in range(-H, W, 24):
        cv2.line(img, (x, H), (x + H, 0), (235, 235, 235), 5, cv2.LINE_AA)
    colour = np.clip(255 - (255 - np.float32(EGGS[egg])) * egg_gain, 0, 255)
    cv2.ellipse(img, EGG, (46, 60), 0, 0, 360, tuple(float(v) for v in colour), -1,
                cv2.LINE_AA)
    for cx, cy in BADGES[:flowers]:
        cv2.circle(img, (cx, cy), 17, PINK, -1, cv2.LINE_AA)
    out = np.full_like(img, (230, 236, 240))
    out[10:-10, 10:-10] = img[10:-10, 10:-10]
    return out


def deck(dull: pg.Card) -> views.Views:
    """Three cloths × eggs, each with no flower, one and two: two registration views of each
    card; `dull`'s own print shows its egg half as strong."""
    images, labels = [], []
    for (cloth, egg) in zip(CLOTHS, EGGS, strict=True):
        for n in range(3):
            card = pg.Card(cloth, egg, False, ("pink",) * n)
            gain = 0.5 if card == dull else 1.0
            for dx in (-0.6, 0.6):
                images.append(views.view_of(cut_cell(face(cloth, egg, n, gain), dx)))
                labels.append(card)
    return views.build(np.stack(images), labels)


DULL = pg.Card("striped", "purple", False, ())


def test_the_badge_map_holds_both_badges_either_way_round_and_not_the_egg():
    registered = deck(DULL)
    badges = registered.badges
    assert badges is not None
    # the map is in the views' FLOWER_TRIM frame: a face point's place there
    fx, fy = round(views.VW * views.FLOWER_TRIM), round(views.VH * views.FLOWER_TRIM)
    sx, sy = views.VW / W, views.VH / H

    def at(x: float, y: float) -> bool:
        return bool(badges[round(y * sy) - fy, round(x * sx) - fx])

    for x, y in BADGES:
        assert at(x, y) and at(W - 1 - x, H - 1 - y)  # upright and turned
    assert not at(*EGG)
    assert badges.mean() < 0.15


def test_no_map_when_no_two_cards_differ_in_how_many_flowers():
    images = [views.view_of(cut_cell(face(c, e, 1))) for c, e in zip(CLOTHS, EGGS, strict=True)]
    labels = [pg.Card(c, e, False, ("pink",)) for c, e in zip(CLOTHS, EGGS, strict=True)]
    built = views.build(np.stack(images * 2), labels * 2)
    assert built.badges is None
    assert flower_map(built.whole, built.cards, built.turned) is None


def test_a_card_whose_registered_egg_is_duller_is_read_as_itself_not_its_flowered_twin():
    # the cell shows the card without flowers, its egg printed as bright as its twin's: where
    # the two views differ most is the egg (the twin's looks like it), the badge is small
    registered = deck(DULL)
    for turned in (False, True):
        cell = cut_cell(face("striped", "purple", 0), 1.5, turned)
        guess = views.classify(cell, registered, centred=True)
        assert guess.card == DULL, (turned, guess)  # (unsure: its egg matches no view well)
        # without the map the settling chose the twin with a pink flower, silently (0.85)
        registered.badges, kept = None, registered.badges
        before = views.classify(cell, registered, centred=True)
        registered.badges = kept
        assert before.card != DULL or before.unsure, (turned, before)
