"""Issue 27 (deck 8's Okoshki CPU): filling a grainy photo's blobs hands each outline to
OpenCV once. Drawn one at a time from the whole list, every call converted all the outlines
again: on a full-bleed deck's screen print (2,000–2,600 specks) that was 0.5–0.8 s a call,
twice a zone photo. The filled mask is the same."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import outlines


def _specks() -> np.ndarray:
    """A mask of 400 specks, 40 of them ringed (a hole), and one card-sized blob."""
    rng = np.random.default_rng(27)
    fg = np.zeros((600, 800), np.uint8)
    cv2.rectangle(fg, (500, 100), (640, 296), 255, -1)
    cv2.rectangle(fg, (530, 140), (610, 250), 0, -1)  # the card's dark picture: a hole
    for k in range(400):
        x, y = int(rng.integers(10, 480)), int(rng.integers(10, 590))
        if k % 10 == 0:
            cv2.circle(fg, (x, y), 5, 255, 2)
        else:
            fg[y:y + 2, x:x + 2] = 255
    return fg


def test_each_outline_is_handed_to_opencv_once(monkeypatch):
    fg = _specks()
    contours, _ = cv2.findContours(fg, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    handed = []
    draw = cv2.drawContours

    def counting(img, cs, *args, **kw):
        handed.append(len(cs))
        return draw(img, cs, *args, **kw)

    monkeypatch.setattr(outlines.cv2, "drawContours", counting)
    filled = outlines.fill_holes(fg)
    # before: 400 calls of about 400 outlines each
    assert sum(handed) <= len(contours) + 1, (len(handed), sum(handed))
    assert (filled[150:240, 540:600] == 255).all()  # the card's picture is filled


def test_the_filled_mask_is_what_drawing_from_the_whole_list_gives():
    fg = _specks()
    contours, tree = cv2.findContours(fg, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    outer = [c for c, t in zip(contours, tree[0], strict=True) if t[3] < 0]
    thin = [c for c, t in zip(contours, tree[0], strict=True)
            if t[3] >= 0 and 2 * cv2.contourArea(c) < 6 * cv2.arcLength(c, True)]
    want = np.zeros_like(fg)
    for k in range(len(outer)):
        cv2.drawContours(want, outer, k, 255, -1)
    for k in range(len(thin)):  # the specks' rings are thin holes: left open
        cv2.drawContours(want, thin, k, 0, -1)
    assert thin
    assert np.array_equal(outlines.fill_holes(fg), want)
