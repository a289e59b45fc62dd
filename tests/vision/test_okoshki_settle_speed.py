"""The close look's shortcuts: a view far off the photographed card is compared without being
moved onto it (ECC) and the card named is the same; a view's Lab worked out once and moved is
the Lab of the moved view; one OpenCV pass gives the distance two magnitudes gave."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import okoshki as vo
from assistant.vision import okoshki_settle, synth
from assistant.vision.decode import decode
from assistant.vision.okoshki_describe import _lab, _lab_done, _lab_raw, _outside
from assistant.vision.okoshki_views import view_table


def _look(drawn, seed: int, count: int):
    data, truth = drawn(synth.okoshki_photo, seed, count)
    img = decode(data)
    quad = np.float32(truth["cards"][0]["quad"]) * img.shape[1] / synth.PHOTO_W
    return img, vo.match(img, quad, both_ways=False), truth["cards"][0]["id"]


def test_a_view_far_off_the_card_is_not_moved_and_the_card_named_is_the_same(monkeypatch, drawn):
    img, m, want = _look(drawn, 6101, 6)
    moved = []
    move = okoshki_settle._move

    def counting(flat_grey, ref_grey, seen=None):
        moved.append(1)
        return move(flat_grey, ref_grey, seen)

    monkeypatch.setattr(okoshki_settle, "_move", counting)
    quick = vo.settle(img, m)
    assert 1 <= len(moved) < len(m.view)  # the views of cards far off were left where they are
    every = len(moved)
    monkeypatch.setattr(okoshki_settle, "FAR", 1e9)  # every view moved, as before
    slow = vo.settle(img, m)
    assert len(moved) - every >= len(m.view)
    assert quick.id == slow.id == want
    assert abs(quick.margin - slow.margin) < 0.05


def test_a_views_lab_moved_is_the_lab_of_the_moved_view():
    view = view_table()[4][3]
    warp = np.float32([[1.02, 0.01, -2.5], [-0.01, 0.98, 3.0]])

    def moved(a: np.ndarray) -> np.ndarray:
        return cv2.warpAffine(a, warp, (vo.SW, vo.SH),
                              flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)

    want = _lab(moved(view))
    got = _lab_done(moved(_lab_raw(view)))
    inner = (slice(8, -8), slice(8, -8))  # the edge is repeated differently, and left out
    assert np.abs(got - want)[inner].mean() < 0.02
    assert np.percentile(np.abs(got - want)[inner], 99) < 0.2
    assert np.array_equal(_lab(view), _lab_done(_lab_raw(view)))  # unmoved: the same numbers


def test_the_distance_outside_a_range_is_the_length_of_the_excess():
    rng = np.random.default_rng(3)
    a = rng.normal(0, 1, (vo.SH, vo.SW, 3)).astype(np.float32)
    b = cv2.GaussianBlur(rng.normal(0, 1, (vo.SH, vo.SW, 3)).astype(np.float32), (0, 0), 2)
    lo, hi = vo._span(b)
    excess = np.maximum(lo - a, 0) + np.maximum(a - hi, 0)
    assert np.allclose(_outside(a, (lo, hi)),
                       np.sqrt((excess ** 2).sum(axis=2)), atol=1e-5)
    assert np.allclose(okoshki_settle._gap(a, b), np.sqrt(((a - b) ** 2).sum(axis=2)),
                       atol=1e-5)
