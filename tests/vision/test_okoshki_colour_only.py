"""Two Okoshki cards that differ only in colour (a print too fine to see, averaged into its
curtain): the light of a zone's photo shifts colour as much, so such a pair is never sure."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.games import okoshki as ok
from assistant.vision import deck, register
from assistant.vision import okoshki as vo
from assistant.vision.okoshki_describe import SH, SW


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def paler(face: np.ndarray) -> np.ndarray:
    """The face with its saturated parts (the curtain) a little paler: what a fine pale print
    over the curtain leaves once averaged."""
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV).astype(np.float32)
    curtain = hsv[..., 1] > 120
    hsv[..., 1][curtain] *= 0.9
    hsv[..., 2][curtain] = np.minimum(255, hsv[..., 2][curtain] * 1.03)
    return cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR)


def test_a_twin_told_apart_by_colour_alone_is_marked(tmp_path):
    plain = "yellow-3"
    faces = deck.okoshki_faces()
    twin = next(c.id for c in ok.DECK if c.window == ok.CARDS[plain].window
                and c.suit == ok.CARDS[plain].suit + "-print")
    for c in ok.DECK:
        face = paler(faces[plain]) if c.id == twin else faces[c.id]
        cv2.imwrite(str(tmp_path / f"{c.id}.png"), face)
    register.use_folder(tmp_path)
    img = np.full((700, 600, 3), (60, 70, 80), np.uint8)
    quad = np.float32([[150, 120], [150 + 2 * SW, 120], [150 + 2 * SW, 120 + 2 * SH],
                       [150, 120 + 2 * SH]])
    # the photo: the plain card in a warmer light than the registration photo's
    photo = cv2.resize(faces[plain], (2 * SW, 2 * SH), interpolation=cv2.INTER_AREA)
    photo = np.clip(photo.astype(np.float32) * (0.93, 1.0, 1.05), 0, 255).astype(np.uint8)
    img[120:120 + 2 * SH, 150:150 + 2 * SW] = photo
    m = vo.settle(img, vo.match(img, quad, both_ways=False))
    assert m.id in (plain, twin)
    assert m.margin < vo.SURE_MARGIN, (m.id, m.margin)
