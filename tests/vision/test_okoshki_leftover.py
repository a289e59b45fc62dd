"""Issue 27: an Okoshki card the features miss on a coloured stock is still guessed where its
blob lies: the unlike-table blob is closed over the print's dark bits (halftone dots and ink
lines the cloth's colour notch its edge open), and a card-sized spot no card found explains is
guessed at the cards' known size, wherever its blob joins others' or loses its corners
(deck 12-all, the features kept from every other card of zones 7600-7605: 23 of those 50
cards found before, 41 after)."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import deck, outlines, synth
from assistant.vision import okoshki as vo
from assistant.vision.decode import decode
from assistant.vision.okoshki_leftover import spots
from assistant.vision.okoshki_zone import _closed

ASPECT = 1.5  # a 2:3 card


def box(cx: float, cy: float, w: float, angle: float) -> np.ndarray:
    """A 2:3 card's outline, TL, TR, BR, BL."""
    return cv2.boxPoints(((cx, cy), (w, w * ASPECT), angle))[[1, 2, 3, 0]].astype(np.float32)


def test_a_card_joined_to_clutter_notched_and_speckled_is_guessed_at_its_spot():
    card = box(700, 500, 170, 23)
    mask = np.zeros((1000, 1400), np.uint8)
    cv2.fillConvexPoly(mask, card.astype(np.int32), 255)
    cv2.circle(mask, (910, 430), 120, 255, -1)  # a plate under its side: one blob with it
    cv2.line(mask, (200, 900), (640, 560), 255, 30)  # a pen against its other end
    rng = np.random.default_rng(5)
    for x, y in rng.uniform((600, 400), (800, 600), (40, 2)).astype(int):  # the print's specks
        cv2.circle(mask, (int(x), int(y)), 4, 0, -1)
    edge = (card[2] + card[3]) / 2  # a dark band of the print reaching its bottom edge
    cv2.circle(mask, tuple(int(v) for v in edge), 30, 0, -1)
    for k in range(4):  # ink the cloth's colour along its edge: no long straight run is left
        a, b = card[k], card[(k + 1) % 4]
        for t in np.linspace(0, 1, 9):
            x, y = a + t * (b - a)
            cv2.circle(mask, (int(x), int(y)), 8, 0, -1)
    # the outline finder does not part it, nor does a corner of it show
    left: list = []
    singles = outlines.card_quads(mask, left=left, blobs=(mask, mask), aspect=ASPECT)
    corners = outlines.corner_quads(left[0], 170, aspect=ASPECT)
    assert max((vo.iou(q, card) for q in singles + corners), default=0) < 0.5
    guesses = spots(mask, 170, ASPECT)
    assert max(vo.iou(g, card) for g in guesses) > 0.85


def test_spots_guess_nothing_on_thin_or_small_blobs():
    mask = np.zeros((1000, 1400), np.uint8)
    cv2.line(mask, (100, 100), (1200, 800), 255, 40)  # a pen: long, but thinner than a card
    cv2.circle(mask, (300, 700), 50, 255, -1)  # a coin
    assert spots(mask, 170, ASPECT) == []


def test_the_unlike_table_blob_is_closed_over_the_prints_dots():
    card = box(500, 400, 170, 10)
    mask = np.zeros((800, 1000), np.uint8)
    cv2.fillConvexPoly(mask, card.astype(np.int32), 255)
    # halftone dots and a thick ink line the cloth's colour, the line across the card's edge
    yy, xx = np.mgrid[0:800, 0:1000]
    dots = (((xx + yy) % 6 < 3) & ((xx - yy) % 6 < 3)) & (yy > 400)
    mask[dots] = 0
    cv2.line(mask, (380, 300), (650, 330), 0, 3)
    inside = np.zeros_like(mask)
    cv2.fillConvexPoly(inside, card.astype(np.int32), 1)
    before = outlines.fill_holes(mask)
    assert before[inside > 0].mean() / 255 < 0.85
    _, after = _closed((mask, outlines.fill_holes(mask)))
    assert after[inside > 0].mean() / 255 > 0.97
    assert after[inside == 0].mean() / 255 < 0.01  # and hardly reaches past the card


def test_washed_out_cards_the_features_miss_are_found_in_a_zone():
    """The drawn deck's blue and green cards out of focus and washed out (too few keypoints
    for the features): seed 5's zone has seven, one of them lying where neither an outline
    nor a corner of its blob was found (found before: 6 of 7; over seeds 1-6, 21 of 40 before
    and 31 after, none invented)."""
    faces = dict(deck.okoshki_faces())
    washed = [cid for cid in faces if cid.startswith(("blue", "green"))]
    for cid in washed:
        blurred = cv2.GaussianBlur(faces[cid], (0, 0), 9).astype(np.float32)
        faces[cid] = (blurred * 0.6 + 102).astype(np.uint8)
    data, truth = synth.okoshki_photo(5, 18, faces)
    img = decode(data)
    scale = img.shape[1] / synth.PHOTO_W
    want = [(c["id"], np.array(c["quad"]) * scale) for c in truth["cards"]]
    found = vo.find_matches(img)
    under = [(cid, q) for cid, q in want if cid in washed]
    assert len(under) == 7
    assert all(any(vo.iou(m.quad, q) > 0.5 for m in found) for _, q in under)
    assert all(any(vo.iou(m.quad, q) > 0.5 for _, q in want) for m in found)  # none invented
