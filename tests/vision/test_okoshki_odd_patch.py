"""An Okoshki card whose photo departs from the named card's view in one patch (a cloud the
view lacks) is marked unsure, however far the close look put the cards it weighed behind
(issue 27: every wrong id marked; deck 10 read red-print-3 as red-print-4, sure, when
red-print-3's registered face was cut askew and the first look left it out of the close look)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision import deck, okoshki_zone, register
from assistant.vision import okoshki as vo
from assistant.vision.okoshki_describe import SH, SW
from tests.vision.test_okoshki_marked import cut_inside, shown_photo

SHOWN, SIBLING = "red-3", "red-4"  # window 3's clouds, window 4's one cloud more


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def read_shown(folder, registered: dict[str, np.ndarray]) -> list[tuple[vo.Match, bool]]:
    """The zone reading of the drawn card SHOWN photographed square on, the deck registered
    from the drawn faces but for those given in `registered` (card id: its face)."""
    return okoshki_zone.read_zone(shown_photo(folder, SHOWN, registered))


def test_a_card_whose_own_face_was_cut_askew_is_never_read_as_its_sibling_sure(tmp_path):
    # its registered face lost a top band and a side band: the first look puts it far behind
    # its sibling, which the close look then finds well ahead of every card it weighed (the
    # margin alone would call it sure); the sibling's view lacks the photo's cloud
    cut = cut_inside(deck.okoshki_faces()[SHOWN], 0.15, 0.1)
    [(m, unsure)] = read_shown(tmp_path, {SHOWN: cut})
    assert m.id == SHOWN or unsure, (m.id, m.margin)
    if m.id == SIBLING:
        assert m.margin >= vo.SURE_MARGIN  # the case the margin misses


def test_a_card_registered_as_drawn_stays_sure(tmp_path):
    [(m, unsure)] = read_shown(tmp_path, {})
    assert m.id == SHOWN and not unsure


def patch_map(centre: tuple[int, int], size: tuple[int, int], level: float = 1.0,
              ground: float = 0.05) -> np.ndarray:
    """A misfit map (SH × SW) of `ground` with an elliptic patch of `level`."""
    fit = np.full((SH, SW), ground, np.float32)
    cv2.ellipse(fit, centre, size, 0, 0, 360, level, -1)
    return fit


NOTHING_HIDDEN = np.zeros((SH, SW), bool)


def test_a_cloud_sized_patch_is_odd():
    assert okoshki_zone._odd_patch(patch_map((60, 60), (9, 7)), NOTHING_HIDDEN)


def test_a_speck_or_an_even_misfit_is_not():
    assert not okoshki_zone._odd_patch(patch_map((60, 60), (3, 3)), NOTHING_HIDDEN)
    # the whole card as far off (a light, a blur): nothing stands out from its surroundings
    assert not okoshki_zone._odd_patch(np.full((SH, SW), 0.8, np.float32), NOTHING_HIDDEN)


def test_a_patch_on_a_view_off_all_over_is_not():
    # an outline a little off, or a light the view does not follow, leaves patches anywhere
    assert not okoshki_zone._odd_patch(patch_map((60, 60), (9, 7), 1.3, 0.3), NOTHING_HIDDEN)


def test_a_patch_where_another_card_lies_or_on_the_edge_is_not():
    fit = patch_map((60, 60), (9, 7))
    hidden = np.zeros((SH, SW), bool)
    hidden[40:80, 40:80] = True
    assert not okoshki_zone._odd_patch(fit, hidden)
    assert not okoshki_zone._odd_patch(patch_map((2, 60), (9, 7)), NOTHING_HIDDEN)
