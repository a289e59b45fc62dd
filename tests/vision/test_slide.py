"""The wide slide gives OpenCV's TM_CCOEFF_NORMED best score and place to the last bit."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision import slide


def _lab(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """A card-like image as views.py compares it: smooth blobs, Lab from uint8, a and b ×2."""
    bgr = cv2.GaussianBlur((rng.random((*shape, 3)) * 255).astype(np.uint8), (0, 0), 2)
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 1:] *= 2.0
    return lab


def _opencv(window: np.ndarray, t: np.ndarray) -> tuple[float, int, int]:
    _, score, _, (x, y) = cv2.minMaxLoc(cv2.matchTemplate(window, t, cv2.TM_CCOEFF_NORMED))
    return float(score), x, y


@pytest.mark.parametrize("window, template", [((148, 106), (86, 60)),  # a Pisanki cell
                                              ((70, 90), (31, 40))])
def test_every_views_best_place_and_score_are_opencvs(window, template):
    rng = np.random.default_rng(sum(window))
    win = _lab(rng, window)
    th, tw = template
    ny, nx = window[0] - th + 1, window[1] - tw + 1
    views = [_lab(rng, template) for _ in range(12)]
    # the card itself, at each corner of the margin (a peak on the edge) and inside it,
    # and a little changed (a peak that is not 1)
    for y, x in [(0, 0), (0, nx - 1), (ny - 1, 0), (ny - 1, nx - 1), (ny // 3, nx // 2)]:
        views.append(win[y:y + th, x:x + tw].copy())
        noisy = win[y:y + th, x:x + tw] + rng.integers(-6, 7, (th, tw, 3)).astype(np.float32)
        views.append(np.clip(noisy, 0, 510))
    wide = slide.WideSlide(win, template)
    assert wide.whole
    for view in views:
        assert wide.best(view) == _opencv(win, view)
    assert wide.best(views[12]) == (pytest.approx(1.0, abs=1e-4), 0, 0)  # OpenCV rounds
    assert wide.best(views[18])[1:] == (nx - 1, ny - 1)


def test_a_plane_rounded_as_opencv_rounds_it():
    # a correlation halfway between two float32s is rounded the way OpenCV's own transform
    # leans: that plane is made as OpenCV makes it, and must be its numbers to the bit
    rng = np.random.default_rng(3)
    win, t = _lab(rng, (148, 106)), _lab(rng, (86, 60))
    wide = slide.WideSlide(win, (86, 60))
    for k in range(3):
        want = cv2.matchTemplate(np.ascontiguousarray(win[..., k]),
                                 np.ascontiguousarray(t[..., k]), cv2.TM_CCORR)
        assert np.array_equal(wide._opencv_plane(t, k), want)


def test_halfway_places_are_met_and_settled_as_opencv_does(monkeypatch):
    rng = np.random.default_rng(11)
    win = _lab(rng, (148, 106))
    made = []
    real = slide.WideSlide._opencv_plane

    def counted(self, t, k):
        made.append(k)
        return real(self, t, k)

    monkeypatch.setattr(slide.WideSlide, "_opencv_plane", counted)
    wide = slide.WideSlide(win, (86, 60))
    for _ in range(20):
        t = _lab(rng, (86, 60))
        assert wide.best(t) == _opencv(win, t)
    assert made  # some best places were halfway (about a third of views are)


def test_other_windows_and_templates_are_left_to_opencv():
    rng = np.random.default_rng(7)
    win, t = _lab(rng, (148, 106)), _lab(rng, (86, 60))
    fractional = win + np.float32(0.25)
    assert not slide.WideSlide(fractional, (86, 60)).whole
    assert slide.WideSlide(fractional, (86, 60)).best(t) == _opencv(fractional, t)
    wide = slide.WideSlide(win, (86, 60))
    flat = np.full((86, 60, 3), 200, np.float32)
    assert wide.best(flat) == _opencv(win, flat) == (1.0, 0, 0)
    assert wide.best(t + np.float32(0.5)) == _opencv(win, t + np.float32(0.5))
