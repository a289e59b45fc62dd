"""Issue 27: a card a third under another, which the features miss (out of focus, washed
out), is still found from the corners of the light it shows (deck 6: four such cards per 12
zones were never tried, their blob being under 0.8 of a card, or refused for lying only 0.75
on it)."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import deck, outlines, synth
from assistant.vision import okoshki as vo
from assistant.vision.okoshki_find import DRAWN_ASPECT


def box(cx: float, cy: float, w: float, angle: float) -> np.ndarray:
    """A 5:7 card's outline, TL, TR, BR, BL."""
    q = cv2.boxPoints(((cx, cy), (w, w * DRAWN_ASPECT), angle))[[1, 2, 3, 0]]
    return q.astype(np.float32)


def test_the_corners_of_a_card_a_third_hidden_are_tried():
    card = box(300, 300, 150, 10)
    mask = np.zeros((600, 600), np.uint8)
    cv2.fillConvexPoly(mask, card.astype(np.int32), 255)
    cv2.fillConvexPoly(mask, box(370, 230, 150, -25).astype(np.int32), 0)  # the card over it
    assert cv2.countNonZero(mask) < 0.75 * outlines.area(card)
    guesses = outlines.corner_quads(mask, 150, aspect=DRAWN_ASPECT)
    assert max(vo.iou(g, card) for g in guesses) > 0.9


def test_a_blurred_card_a_third_under_another_is_found():
    faces = deck.okoshki_faces()
    rng = np.random.default_rng(3)
    img = np.full((1500, 2000, 3), (70, 45, 30), np.float32) + rng.normal(0, 6, (1500, 2000, 3))
    under, over = box(900, 700, 190, 10), box(990, 610, 190, -25)
    # out of focus and washed out: too few keypoints for the features to find it
    washed = cv2.GaussianBlur(faces["green-2"], (0, 0), 9).astype(np.float32) * 0.6 + 102
    synth._paste(img, washed.astype(np.uint8), under)
    synth._paste(img, faces["red-3"], over)
    img = np.clip(img, 0, 255).astype(np.uint8)
    hidden, _ = cv2.intersectConvexConvex(under, over)
    assert hidden > 0.3 * outlines.area(under)
    assert max((vo.iou(q, under) for q, _ in vo.find_cards(img)), default=0) < 0.5
    found = vo.find_matches(img)
    assert sorted(m.id for m in found) == ["green-2", "red-3"]
    assert max(vo.iou(m.quad, under) for m in found) > 0.75


def test_a_card_under_two_others_whose_guess_just_misses_is_moved_onto_it():
    """The corner's guess takes the other cards' size (this card is 5 % larger) and matches
    just under ACCEPT where two cards lie over it; moved about, it is found."""
    faces = deck.okoshki_faces()
    rng = np.random.default_rng(3)
    img = np.full((1500, 2000, 3), (70, 45, 30), np.float32) + rng.normal(0, 6, (1500, 2000, 3))
    under = box(900, 700, 200, 5)
    washed = cv2.GaussianBlur(faces["yellow-2"], (0, 0), 9).astype(np.float32) * 0.6 + 102
    synth._paste(img, washed.astype(np.uint8), under)
    synth._paste(img, faces["red-3"], box(760, 640, 190, 20))
    synth._paste(img, faces["blue-1"], box(960, 890, 190, -30))
    img = np.clip(img, 0, 255).astype(np.uint8)
    found = vo.find_matches(img)
    assert sorted(m.id for m in found) == ["blue-1", "red-3", "yellow-2"]
    assert max(vo.iou(m.quad, under) for m in found) > 0.7
