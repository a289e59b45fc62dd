"""Two Okoshki siblings one cloud apart, photographed in a light that makes the sky another
blue and the clouds faint and cream: the close look's distances find the photo far from both
cards where they differ, and nearer the one with sky there; which card's pattern the photo
follows (a cloud where it has its cloud) tells them apart (deck 6: 3 clouds read for 4)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision import deck, register
from assistant.vision.okoshki_settle import _follows
from tests.vision.test_okoshki_marked import close_look

CLOUDS = [(95, 110), (165, 95), (160, 175), (95, 215)]  # the fourth is the one apart
SKY, WHITE = (230, 150, 60), (250, 250, 250)  # BGR, as registered


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def window(clouds: int, sky: tuple[int, int, int], cloud: tuple[int, int, int]) -> np.ndarray:
    """A blue card's face (the drawn deck's blue-4, its window painted over): a dark frame, a
    sky, and the first `clouds` clouds, in the colours given."""
    register.use_folder(None)
    face = deck.okoshki_faces()["blue-4"].copy()
    cv2.rectangle(face, (45, 55), (205, 265), (60, 60, 60), -1)
    cv2.rectangle(face, (50, 60), (200, 260), sky, -1)
    for x, y in CLOUDS[:clouds]:
        for dx, dy, r in ((-10, 3, 9), (0, -4, 12), (11, 3, 9)):
            cv2.circle(face, (x + dx, y + dy), r, cloud, -1)
    return face


def read(tmp_path, sky: tuple[int, int, int], cloud: tuple[int, int, int]) -> str:
    """The close look's card for a photo of the four-cloud card in the colours given, the
    deck registered with blue-3 as the same card less its fourth cloud."""
    shown = window(4, sky, cloud)
    registered = {"blue-3": window(3, SKY, WHITE), "blue-4": window(4, SKY, WHITE)}
    return close_look(tmp_path, "blue-4", registered, shown).id


def test_a_faint_cloud_on_a_cast_sky_is_read_as_its_own_card(tmp_path):
    # the sky photographed cyan, the clouds cream and faint against it: the distances alone
    # read the card without its fourth cloud (blue-3)
    assert read(tmp_path, (225, 215, 150), (210, 215, 230)) == "blue-4"


def test_the_card_without_the_cloud_is_still_read_as_itself(tmp_path):
    # the same light on the three-cloud card: the pattern does not invent the fourth cloud
    shown = window(3, (225, 215, 150), (210, 215, 230))
    registered = {"blue-3": window(3, SKY, WHITE), "blue-4": window(4, SKY, WHITE)}
    assert close_look(tmp_path, "blue-3", registered, shown).id == "blue-3"


def test_follows_ignores_cast_and_contrast_but_not_the_pattern():
    rng = np.random.default_rng(1)
    card, other = (rng.normal(size=(50, 10, 3)).astype(np.float32) for _ in range(2))
    photo = 0.3 * card + np.float32([0.5, -1.0, 2.0])  # faded and cast
    where = np.ones((50, 10), np.uint8)
    where[:5] = 0  # what is left out is left out: another pattern there changes nothing
    photo[:5] = other[:5]
    assert _follows(photo, card, photo * card, where) > 0.99
    assert abs(_follows(photo, other, photo * other, where)) < 0.2
