"""The registration cut: the outlines found on a layout photo give the card's size by the group
most of them share, a card found on its own keeps its outline, and a second photo's faces are
recut as the first photo's (layout, layout_match; issue 27: Okoshki ids, print/plain twins)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision import layout, layout_match

FACE = (100, 140)  # the faces cut in these tests (5:7)


def _cards_photo(n: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """A photo of `n` cards in a row, each a different pattern of discs and bars on a light
    card with a dark frame, and the cards' outlines (the frame's outer edge)."""
    rng = np.random.default_rng(5)
    photo = np.full((260, 40 + 150 * n, 3), 60, np.uint8)
    quads = []
    for k in range(n):
        x0, y0 = 30 + 150 * k, 40
        cv2.rectangle(photo, (x0, y0), (x0 + 120, y0 + 168), (235, 235, 230), -1)
        cv2.rectangle(photo, (x0 + 6, y0 + 6), (x0 + 114, y0 + 162), (40, 40, 40), 3)
        for _ in range(5):
            cx, cy = int(rng.integers(x0 + 20, x0 + 100)), int(rng.integers(y0 + 20, y0 + 148))
            colour = tuple(int(c) for c in rng.integers(0, 200, 3))
            cv2.circle(photo, (cx, cy), int(rng.integers(6, 16)), colour, -1)
        cv2.rectangle(photo, (x0 + 30, y0 + 140), (x0 + 90, y0 + 150), (0, 0, 200), -1)
        quads.append(np.float32([[x0, y0], [x0 + 120, y0], [x0 + 120, y0 + 168],
                                 [x0, y0 + 168]]))
    return cv2.GaussianBlur(photo, (0, 0), 0.8), quads


def _cut(photo: np.ndarray, quad: np.ndarray) -> np.ndarray:
    rect = np.float32([[0, 0], [FACE[0], 0], [FACE[0], FACE[1]], [0, FACE[1]]])
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), rect)
    return cv2.warpPerspective(photo, m, FACE, flags=cv2.INTER_AREA)


def _moved(quad: np.ndarray, inside: float, dx: float, dy: float) -> np.ndarray:
    """The outline taken `inside` (share of the size) in on every side, then shifted."""
    c = quad.mean(axis=0)
    return ((quad - c) * (1 - 2 * inside) + c + np.float32([dx, dy])).astype(np.float32)


@pytest.mark.parametrize(("inside", "dx", "dy"), [
    (0.08, 0.0, 0.0),  # a blurred photo's outlines found inside the keyline
    (0.04, 3.0, -2.0),
    (-0.03, -4.0, 0.0),  # cut a little outside
    (0.0, 5.0, 4.0),  # shifted only
])
def test_second_photo_recut_as_the_first(inside, dx, dy):
    photo, quads = _cards_photo(8)
    ref = [_cut(photo, q) for q in quads]
    off = [_moved(q, inside, dx, dy) for q in quads]
    move = layout_match.cut_move(ref, [_cut(photo, q) for q in off])
    assert move is not None
    for q, o in zip(quads, off, strict=True):
        again = layout_match.moved_quad(o, move, FACE)
        assert np.abs(again - q).max() < 1.5, (again, q)


def test_cuts_that_agree_or_too_few_cards_are_left_as_cut():
    photo, quads = _cards_photo(8)
    ref = [_cut(photo, q) for q in quads]
    assert layout_match.cut_move(ref, list(ref)) is None  # the same cut
    # too few cards both photos show well (the others glared on one of them)
    few = [f if k < layout_match.LEAST - 1 else None for k, f in enumerate(ref)]
    off = [_cut(photo, _moved(q, 0.08, 0, 0)) for q in quads]
    assert layout_match.cut_move(few, off) is None


@pytest.mark.parametrize(("sizes", "want"), [
    # one size: its median
    ([(0.84, 0.88), (0.83, 0.88), (0.84, 0.89)], (0.84, 0.88)),
    # a bordered card: most outlines at the frame inside, some at the card's edge
    # (the median of them all, 0.90 × 0.92 here, is the size of neither)
    ([(0.835, 0.881)] * 4 + [(0.90, 0.92), (0.91, 0.93)] + [(0.944, 0.966)] * 3,
     (0.835, 0.881)),
    ([(0.944, 0.966)] * 4 + [(0.90, 0.92), (0.89, 0.93)] + [(0.835, 0.881)] * 3,
     (0.944, 0.966)),
])
def test_common_size_is_the_largest_group(sizes, want):
    assert layout.common_size(sizes) == pytest.approx(want, abs=0.006)


def test_a_card_found_on_its_own_at_the_common_size_keeps_its_outline():
    fitted = [np.float32([[k, 0], [k + 1, 0], [k + 1, 1], [k, 1]]) for k in range(4)]
    found = [fitted[1] + 0.05, fitted[3] + 0.05]  # found in cells 1 and 3
    cells = np.array([1, 3, -1])
    quads = [*found, fitted[0] + 0.3]  # the third outline is in no cell
    kept = layout._keep_found(fitted, quads, cells, [(0.84, 0.88), (0.96, 0.97)],
                              (0.84, 0.88))
    assert np.array_equal(kept[1], found[0])  # the common size: kept
    assert np.array_equal(kept[3], fitted[3])  # the card's edge, not its frame: fitted
    assert np.array_equal(kept[0], fitted[0]) and np.array_equal(kept[2], fitted[2])
