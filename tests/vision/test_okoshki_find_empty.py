"""okoshki_find.detect on tiles where SIFT finds nothing, as OpenCV 4 and OpenCV 5 each say it:
OpenCV 4 gives None for the descriptors, OpenCV 5 an empty array (a fresh CI machine that took
OpenCV 5.1 failed nine tests on the empty array)."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.vision import okoshki_find


class _Point:
    def __init__(self, x: float, y: float) -> None:
        self.pt = (x, y)


class _Sift:
    """A SIFT that finds one point in its first tile (if `first`) and none in the others."""

    def __init__(self, empty, first: bool) -> None:
        self.empty, self.first = empty, first

    def detectAndCompute(self, tile, mask):  # noqa: N802 (OpenCV's name)
        if self.first:
            self.first = False
            return (_Point(5.0, 7.0),), np.ones((1, 128), np.float32)
        return (), self.empty


@pytest.mark.parametrize("empty", [None, np.zeros((0, 128), np.float32)],
                         ids=["opencv 4: None", "opencv 5: empty array"])
def test_tiles_with_no_keypoints_are_skipped(monkeypatch, empty):
    sift = _Sift(empty, first=True)
    monkeypatch.setattr(okoshki_find, "_sift", lambda nfeatures=0: sift)
    gray = np.zeros((2 * okoshki_find.TILE, 2 * okoshki_find.TILE), np.uint8)  # four tiles
    pts, desc = okoshki_find.detect(gray)
    assert pts.tolist() == [[5.0, 7.0]] and desc.shape == (1, 128)


@pytest.mark.parametrize("empty", [None, np.zeros((0, 128), np.float32)],
                         ids=["opencv 4: None", "opencv 5: empty array"])
def test_a_photo_with_no_keypoints_at_all_has_no_descriptors(monkeypatch, empty):
    sift = _Sift(empty, first=False)
    monkeypatch.setattr(okoshki_find, "_sift", lambda nfeatures=0: sift)
    pts, desc = okoshki_find.detect(np.zeros((100, 100), np.uint8))
    assert pts.shape == (0, 2) and desc is None
