"""The Okoshki close look: what counts as a difference, and outlines guessed off their card."""

import numpy as np
import pytest

from assistant.vision import okoshki as vo
from assistant.vision import synth
from assistant.vision.decode import decode


def _bars(shift: int = 0, bars: int = 4) -> np.ndarray:
    """A flat Lab-like card (SH × SW × 3) with dark bars at the bottom, as _lab gives."""
    img = np.zeros((vo.SH, vo.SW, 3), np.float32)
    for k in range(bars):
        x = 20 + k * 8 + shift
        img[150:165, x:x + 4, 0] = -3.0
    return img


def _apart(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return vo._apart(a, b, vo._span(b), vo._span(a))


def test_a_detail_a_pixel_off_is_no_difference():
    assert _apart(_bars(), _bars(shift=1)).max() < vo.PAIR_DIFFER


def test_a_missing_bar_is_a_difference_either_way():
    four, three = _bars(bars=4), _bars(bars=3)
    fourth = (slice(150, 165), slice(44, 48))  # where only the four-bar card has a bar
    assert _apart(four, three)[fourth].min() > vo.PAIR_DIFFER
    assert _apart(three, four)[fourth].min() > vo.PAIR_DIFFER
    assert _apart(four, three)[:, :40].max() < vo.PAIR_DIFFER  # the bars both have agree


@pytest.mark.parametrize("dx, dy", [(0.05, 0.0), (0.0, -0.05), (-0.04, 0.04)])
def test_an_outline_guessed_off_its_card_is_moved_back(dx, dy, drawn):
    data, truth = drawn(synth.okoshki_photo, 6100, 8)
    img = decode(data)
    card = truth["cards"][0]
    true = np.float32(card["quad"]) * img.shape[1] / synth.PHOTO_W
    off = true + dx * (true[1] - true[0]) + dy * (true[3] - true[0])
    guess = vo.Match(**{**vo.match(img, off, both_ways=False).__dict__, "source": "corner"})
    moved = vo._nudged(img, guess)
    assert vo.iou(moved.quad, true) > vo.iou(off, true)
    assert moved.id == card["id"]
    assert moved.source == "corner"


def test_the_close_look_meets_near_cards_and_the_twin_but_not_far_windows(drawn):
    """A card's other windows get the close look only when the first look put them within
    CLOSE_GAP of the best; the best's twin always (okoshki_match.CLOSE_GAP)."""
    from assistant.vision.okoshki_match import CLOSE_GAP
    from assistant.vision.okoshki_views import SIBLINGS, TWINS, view_table

    data, truth = drawn(synth.okoshki_photo, 6100, 8)
    img = decode(data)
    ids = view_table()[0]
    seen_far = seen_near = 0
    for card in truth["cards"]:
        quad = np.float32(card["quad"]) * img.shape[1] / synth.PHOTO_W
        m = vo.match(img, quad, both_ways=False)
        assert TWINS[m.id] in m.order
        for sibling in SIBLINGS[m.id]:
            behind = m.score - m.per_card[ids.index(sibling)]
            if behind > CLOSE_GAP:
                seen_far += 1
                assert sibling not in m.order, (m.id, sibling, behind)
            else:
                seen_near += 1
                assert sibling in m.order, (m.id, sibling, behind)
    assert seen_far and seen_near  # the photo holds both kinds: the check checked something
