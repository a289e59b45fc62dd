"""The batched correlation gives OpenCV's TM_CCOEFF_NORMED, score and place, for every view."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision.correlate import centred, correlate


def _smooth(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """A card-like Lab image: smooth blobs, colour channels doubled as views.py's _lab does."""
    img = cv2.GaussianBlur(rng.random(shape).astype(np.float32) * 255, (0, 0), 3)
    return img * np.array([1, 2, 2], np.float32) + np.array([0, 150, 150], np.float32)


def _exact(win: np.ndarray, view: np.ndarray) -> np.ndarray:
    """TM_CCOEFF_NORMED by its definition, in float64, place by place."""
    th, tw = view.shape[:2]
    t = view.astype(np.float64) - view.reshape(-1, 3).mean(axis=0)
    out = np.zeros((win.shape[0] - th + 1, win.shape[1] - tw + 1))
    for y in range(out.shape[0]):
        for x in range(out.shape[1]):
            p = win[y:y + th, x:x + tw].astype(np.float64)
            p -= p.reshape(-1, 3).mean(axis=0)
            out[y, x] = (p * t).sum() / np.sqrt((p * p).sum() * (t * t).sum())
    return out


@pytest.mark.parametrize("window, template", [((99, 71), (85, 61)),  # a centred Pisanki cell
                                              ((30, 20), (30, 20)),  # one place only
                                              ((40, 50), (12, 9))])  # many places, tiny views
def test_every_views_scores_are_opencvs(window, template):
    rng = np.random.default_rng(sum(window))
    win = _smooth(rng, (*window, 3))
    views = np.stack([_smooth(rng, (*template, 3)) for _ in range(6)])
    views[2] = win[window[0] - template[0]:, window[1] - template[1]:]  # the card itself
    flat, norms = centred(views)
    got = correlate(win, flat, norms, template)
    for k, view in enumerate(views):
        want = cv2.matchTemplate(win, view, cv2.TM_CCOEFF_NORMED)
        assert got[k].shape == want.shape
        # OpenCV's own rounding (its transforms in float32) is about 1e-4
        assert np.abs(got[k] - want).max() < 5e-4
        # and its best place is the exact one (OpenCV's rounding may pick a neighbour when
        # two places score within 1e-4)
        exact = _exact(win, view)
        assert np.abs(got[k] - exact).max() < 1e-5
        assert got[k].argmax() == exact.argmax()
    assert got[2].max() == pytest.approx(1.0, abs=1e-5)
    assert np.unravel_index(got[2].argmax(), got[2].shape) == (
        window[0] - template[0], window[1] - template[1])


def test_a_flat_window_scores_zero_as_in_opencv():
    rng = np.random.default_rng(5)
    win = np.full((40, 30, 3), 120, np.float32)
    views = np.stack([_smooth(rng, (20, 15, 3)) for _ in range(2)])
    got = correlate(win, *centred(views), (20, 15))
    assert not got.any()
    assert not cv2.matchTemplate(win, views[0], cv2.TM_CCOEFF_NORMED).any()
