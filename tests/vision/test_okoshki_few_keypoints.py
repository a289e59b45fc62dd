"""Okoshki cards whose face has few keypoints (issue 27, deck 8): a plain face of a flat
full-bleed print gives SIFT some 30-70 keypoints at the references' size (a print's cream
diamonds 250-400), and a card lying in full view was placed by 6-9 of them; at 10 such a card
was never found by its features (9 of deck 8's 11 missed cards). Where the features miss,
a corner's guess is tried, and on a dark stock a flat object on the table can pass for a
plain face at the first look."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.vision import okoshki_find, okoshki_shape, okoshki_zone, register, synth
from benchmarks import deck8


@pytest.fixture(scope="module")
def deck8_folder(tmp_path_factory, deck8_registered):
    """Deck 8 registered from the layout photo benchmarks/recognition2.py takes first."""
    folder = deck8_registered(tmp_path_factory.mktemp("deck8"))
    register.use_folder(None)
    return folder


@pytest.fixture
def registered(deck8_folder):
    register.use_folder(deck8_folder)
    yield okoshki_find.card_aspect(deck8_folder)
    register.use_folder(None)


def _zone(seed: int) -> tuple[np.ndarray, list[tuple[str, np.ndarray]]]:
    """The zone of benchmarks/recognition2.py with that seed, and its cards' true outlines."""
    photo, truth = synth.okoshki_photo(seed, 10 + ((seed - 7600) * 7) % 21,
                                       deck8.okoshki_faces(), deck8.mask())
    img = register.decode(photo)
    scale = img.shape[1] / synth.PHOTO_W
    return img, [(t["id"], np.float32(t["quad"]) * scale) for t in truth["cards"]]


def test_plain_full_bleed_cards_in_full_view_are_found_by_their_few_keypoints(registered):
    # zone 7601: purple-4 and blue-1 lie in full view, no card over them (their faces: 50
    # and 33 keypoints); a light outline finds only their coloured part (no dark margin),
    # which matches no face, and so both were missed
    img, cards = _zone(7601)
    found = okoshki_find.find_cards(img, registered)
    for card in ("purple-4", "blue-1"):
        true = dict(cards)[card]
        best = max(found, key=lambda f: okoshki_shape.iou(f[0], true))
        assert okoshki_shape.iou(best[0], true) > 0.8, card
        assert best[1] < 10, (card, best[1])  # the cause: under the 10 it took before


def test_a_corners_guess_the_close_look_does_not_confirm_is_no_card(registered):
    # zone 7609: two flat plates of colour on the table (no card there) were guessed from
    # corners and passed the first look as blue-1 (a plain grey sky, a small sun); the
    # close look put them at 0.42 and 0.44, under ACCEPT, and both were read, unsure
    img, cards = _zone(7609)
    read = okoshki_zone.read_zone(img, registered)
    invented = [m.id for m, _ in read
                if max(okoshki_shape.iou(m.quad, q) for _, q in cards) < 0.5]
    assert invented == []
    assert len(read) == len(cards)


def test_a_dropped_corner_guess_does_not_make_a_real_find_of_its_card_unsure(monkeypatch):
    # a corner's guess the close look no longer confirms (under ACCEPT) is dropped; it used to
    # count first towards "two finds say the same card", so the real find of that card, sure
    # on its own, was marked unsure all the same
    def card(source: str, score: float, x: float) -> okoshki_zone.Match:
        quad = np.float32([[x, 100], [x + 100, 100], [x + 100, 240], [x, 240]])
        return okoshki_zone.Match("blue-1", score, 0.6, 0.6, quad, ("blue-1",), (0,), source)

    real, guess = card("features", 0.9, 100), card("corner", 0.45, 400)
    monkeypatch.setattr(okoshki_zone, "find_matches", lambda img, aspect: [real, guess])
    monkeypatch.setattr(okoshki_zone, "_nudged", lambda img, m, aspect: m)  # kept where it is
    monkeypatch.setattr(okoshki_zone, "_settled", lambda img, m, hidden=None: m)  # as found
    read = okoshki_zone.read_zone(np.zeros((400, 600, 3), np.uint8), 1.4)
    assert [(m.source, unsure) for m, unsure in read] == [("features", False)]
