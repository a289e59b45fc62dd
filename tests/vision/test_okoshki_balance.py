"""The white balance of an Okoshki card on its own frame (okoshki_describe._card_balanced)
when that frame is no paper: a full-bleed card's band holds its side strip's colour (deck 8,
issue 27). Bringing that colour to cream turned the whole card another colour, by how much
depending on the photo's exposure and glare: deck 8's purple-1 was read as purple-print-2."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision import deck
from assistant.vision.okoshki_describe import SH, SW, _card_balanced
from benchmarks import deck8, deck10


def _photographed(face: np.ndarray, exposure: float, glare: float = 0.0) -> np.ndarray:
    small = cv2.resize(face[..., :3], (SW, SH), interpolation=cv2.INTER_AREA)
    return np.clip(small.astype(np.float32) * exposure + glare, 0, 255).astype(np.uint8)


def _shares(img: np.ndarray, part: tuple[slice, slice]) -> np.ndarray:
    """A part's mean colour as shares of its channels (its brightness left out)."""
    mean = img[part].reshape(-1, 3).astype(np.float64).mean(axis=0)
    return mean / mean.sum()


SKY = (slice(SH // 4, SH // 2), slice(SW // 3, 2 * SW // 3))
STRIP = (slice(SH // 3, 2 * SH // 3), slice(2, SW // 12))


@pytest.mark.parametrize(("exposure", "glare"), [(1.0, 0.0), (0.6, 0.0), (1.0, 50.0)])
def test_a_full_bleed_cards_strip_leaves_its_colours_as_they_are(exposure, glare):
    # before: the sky's red share went 0.448 -> 0.391 (as drawn), 0.408 -> 0.330 (glare)
    photo = _photographed(deck8.okoshki_face("purple-1"), exposure, glare)
    out = _card_balanced(photo)
    for part in (SKY, STRIP):
        apart = np.abs(_shares(out, part) - _shares(photo, part)).max()
        assert apart < 0.01, (part, _shares(out, part), _shares(photo, part))


def test_a_dark_photographed_paper_border_loses_its_cast_as_a_bright_one_does():
    # the gain is limited as a whole: cut channel by channel at the limit, a dark photo's
    # border kept its cast (red share 0.38, cream's 0.35)
    face = np.full((deck.H, deck.W, 3), deck.CREAM, np.uint8)
    cv2.rectangle(face, (40, 40), (deck.W - 40, deck.H - 40), (200, 120, 60), -1)
    cast = _photographed(face, 0.3) * np.float32([0.9, 1.0, 1.1])
    out = _card_balanced(np.clip(cast, 0, 255).astype(np.uint8))
    border = (slice(2, 8), slice(SW // 3, 2 * SW // 3))
    cream = np.float64(deck.CREAM) / sum(deck.CREAM)
    assert np.abs(_shares(out, border) - cream).max() < 0.01, _shares(out, border)


def test_a_light_bordered_card_still_balances_its_border_to_cream():
    # a paper border under a colour cast: the balance takes the cast out, as it did
    face = np.full((deck.H, deck.W, 3), deck.CREAM, np.uint8)
    cv2.rectangle(face, (40, 40), (deck.W - 40, deck.H - 40), (200, 120, 60), -1)
    cast = _photographed(face, 0.7) * np.float32([0.9, 1.0, 1.1])
    out = _card_balanced(np.clip(cast, 0, 255).astype(np.uint8))
    border = out[2:8, SW // 3:2 * SW // 3].reshape(-1, 3).astype(np.float32).mean(axis=0)
    assert np.abs(border - np.float32(deck.CREAM)).max() < 4, border


def _sky_and_clouds(face: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deck 10's upper window panes on a card's face (SW × SH): its sky and its clouds."""
    small = cv2.resize(face[..., :3], (SW, SH), interpolation=cv2.INTER_AREA).astype(int)
    panes = np.zeros((SH, SW), bool)
    panes[SH * 80 // 320:SH * 160 // 320, SW * 50 // 288:SW * 238 // 288] = True
    # the cloud's white against the sky's light blue (BGR), left as drawn (no edge pixels)
    cloud = panes & (small.min(axis=2) > 225)
    sky = panes & (small[..., 0] - small[..., 2] > 30)
    return sky, cloud


@pytest.mark.parametrize(("exposure", "cast"), [(1.0, (1.0, 1.0, 1.0)), (0.7, (1.0, 1.0, 1.0)),
                                                (0.85, (0.9, 1.0, 1.1))])
def test_a_dark_stock_cards_light_sky_keeps_its_clouds(exposure, cast):
    # deck 10's navy frame asks the largest gain, which cut the sky and its clouds to one
    # white: its windows 3 and 4 of a colour then differed only in their numerals (37 of
    # its 204 zone cards misread, most of them so; before: 0.0 apart here, 255 both)
    face = deck10.okoshki_faces()["yellow-print-4"]
    sky, cloud = _sky_and_clouds(face)
    assert sky.sum() > 500 and cloud.sum() > 100
    photo = np.clip(_photographed(face, exposure) * np.float32(cast), 0, 255).astype(np.uint8)
    out = _card_balanced(photo).astype(np.float64)
    apart = np.abs(out[cloud].mean(axis=0) - out[sky].mean(axis=0)).max()
    assert apart > 20, (out[cloud].mean(axis=0), out[sky].mean(axis=0))


def test_a_dark_stock_cards_sky_is_balanced_alike_in_any_light():
    # balanced on the card's own lightest inks, channel by channel: the same card under
    # another exposure and cast shows the same sky (the close look compares it with the
    # registered face's)
    face = deck10.okoshki_faces()["green-3"]
    sky, _ = _sky_and_clouds(face)
    one = _card_balanced(_photographed(face, 1.0)).astype(np.float64)[sky].mean(axis=0)
    lit = np.clip(_photographed(face, 0.7) * np.float32([0.9, 1.0, 1.1]), 0, 255)
    two = _card_balanced(lit.astype(np.uint8)).astype(np.float64)[sky].mean(axis=0)
    assert np.abs(one - two).max() < 6, (one, two)
