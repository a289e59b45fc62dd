"""Look-alike cards told apart where their faces differ in one part (okoshki_spots; issue 27:
Okoshki ids). Deck 10's 3 and 4 of a suit differ in one pale cloud on a hatched sky and the
numeral: the close look's detail comparison saw no difference there, its colours leaned to
the wrong one, and 11 of deck 10's 204 ids (all X-3 and X-4) were wrong."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision import evaluate, register, synth
from assistant.vision import okoshki as vo
from assistant.vision.okoshki_describe import SH, SW, _card_balanced, _coarse
from assistant.vision.okoshki_spots import spot_lean, spots
from benchmarks import deck10

PAIRS = [("yellow-print-3", "yellow-print-4"), ("purple-print-3", "purple-print-4"),
         ("yellow-3", "yellow-4")]


@pytest.fixture(scope="module")
def faces():
    """Deck 10's drawn Okoshki faces."""
    return deck10.okoshki_faces()


def flat(face: np.ndarray) -> np.ndarray:
    """A face on the close look's frame (SW × SH), white-balanced as a view is."""
    return _card_balanced(cv2.resize(face, (SW, SH), interpolation=cv2.INTER_AREA))


def photographed(face: np.ndarray, blur: float, light: float, cast=(1.0, 1.0, 1.0)
                 ) -> np.ndarray:
    """A face as a zone photo shows it, as the close look compares it (coarse Lab): 140
    pixels across, softened, lit `light` times brighter with a colour `cast` (BGR gains)."""
    h = round(140 * face.shape[0] / face.shape[1])
    small = cv2.GaussianBlur(cv2.resize(face, (140, h), interpolation=cv2.INTER_AREA), (0, 0),
                             blur).astype(np.float32)
    small = np.clip(small * light * np.float32(cast), 0, 255).astype(np.uint8)
    return _coarse(flat(small))


def view(face: np.ndarray) -> np.ndarray:
    """A registered view as the close look compares it (coarse Lab)."""
    return _coarse(flat(face))


def inner() -> np.ndarray:
    """The pixels the close look compares (its edge left out)."""
    where = np.zeros((SH, SW), bool)
    where[6:-6, 6:-6] = True
    return where


@pytest.mark.parametrize(("three", "four"), PAIRS)
def test_a_photo_leans_to_its_own_cloud_whatever_the_light_and_blur(faces, three, four):
    a, b = view(faces[three]), view(faces[four])
    for blur in (0.6, 1.5):
        for light, cast in ((1.0, (1, 1, 1)), (0.75, (1, 1, 1)), (1.2, (1, 1, 1)),
                            (1.0, (0.85, 1, 1.1)), (1.0, (1.1, 1, 0.9))):
            # a brighter, softer photo of the 3 fits the 4's pale extra cloud a little too
            # (0.48 at 1.2 times and a blur of 1.5): it still leans to the 3
            assert spot_lean(photographed(faces[three], blur, light, cast), a, b,
                             inner()) > 0.3
            assert spot_lean(photographed(faces[four], blur, light, cast), a, b,
                             inner()) < -0.3


def test_the_spots_are_where_the_drawn_faces_differ(faces):
    a, b = view(faces["yellow-print-3"]), view(faces["yellow-print-4"])
    keep = spots(a, b, inner())
    assert keep is not None and keep.sum() >= 25
    drawn = np.abs(flat(faces["yellow-print-3"]).astype(int)
                   - flat(faces["yellow-print-4"]).astype(int)).max(axis=2) > 40
    near = cv2.dilate(drawn.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    assert near[keep > 0].mean() > 0.9  # the extra cloud (and numeral), not the sky


def test_a_card_over_the_cloud_leaves_nothing_to_tell_and_elsewhere_changes_nothing(faces):
    a, b = view(faces["green-print-3"]), view(faces["green-print-4"])
    keep = spots(a, b, inner())
    assert keep is not None
    over_cloud = inner() & ~(cv2.dilate(keep, np.ones((15, 15), np.uint8)) > 0)
    photo = photographed(faces["green-print-3"], 1.0, 0.9)
    assert spot_lean(photo, a, b, over_cloud) is None
    over_curtain = inner()
    over_curtain[SH // 2:, :] = False  # a card lying over the curtain, not the sky
    assert spot_lean(photo, a, b, over_curtain) > 0.5


def test_faces_that_differ_all_over_have_no_spots(faces):
    assert spots(view(faces["yellow-3"]), view(faces["blue-3"]), inner()) is None


@pytest.fixture
def drawn_deck_after():
    """The drawn deck again after the test (deck_registered leaves deck 10 registered)."""
    yield
    register.use_folder(None)


def test_deck10_zone_reads_its_threes_as_threes(deck_registered, tmp_path, drawn_deck_after):
    # zone 7604 (17 cards): yellow-print-3 and green-print-3 were read as the 4s, marked
    deck_registered(deck10, tmp_path / "deck10")
    data, truth = synth.okoshki_photo(7604, 17, deck10.okoshki_faces(), deck10.mask())
    sc = evaluate.Score()
    evaluate.add_okoshki(sc, vo.recognise(data), truth)
    assert sc.found == sc.total == 17
    assert sc.mistakes == []
