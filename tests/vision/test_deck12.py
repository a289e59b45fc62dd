"""benchmarks/deck12.py, issue 27's twelfth deck (development data): every card drawn, at its
size, each unlike the rest, the ways it differs from decks 2–10 (W/H 0.78 with clipped corners,
a narrow terracotta margin round a painted picture, an index tab on the long left edge a
quarter of the way down, a flat-lay cloth filling the Pisanki picture with flowers top right and
bottom left, a house front round the Okoshki window with a roller blind), and its photos
keeping its shape.

Only the drawing is checked here, never what a recogniser makes of it.
"""

from __future__ import annotations

import sys
from collections import Counter

import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from benchmarks import deck2, deck3, deck4, deck5, deck6, deck7, deck8, deck9, deck10, deck12
from tests.vision.faces import (
    ROOT,
    assert_drawn_the_same,
    assert_the_rulebooks_75,
    assert_zone_photo_keeps_shape,
    blocks,
    least_difference,
    recognition2_takes,
)

OTHERS = (deck2, deck3, deck4, deck5, deck6, deck7, deck8, deck9, deck10)


def _fronts() -> list[np.ndarray]:
    """Every front of both halves (no back)."""
    return [*(deck12.pisanki_face(k) for k in pg.card_kinds()),
            *deck12.okoshki_faces().values()]


def test_pisanki_deck_is_the_rulebooks_75_cards():
    cards = deck12.pisanki_deck()
    assert_the_rulebooks_75(cards)
    singles = Counter((c.cloth, c.egg) for c in cards if c.egg and not c.flowers and not c.double)
    assert len(singles) == 18 and min(singles.values()) >= 2  # every cloth with every egg


def test_every_pisanki_card_kind_is_drawn_at_size_and_unlike_every_other():
    kinds = [*pg.card_kinds(), None]  # every kind the game has, and the back
    faces = [deck12.pisanki_face(k) for k in kinds]
    assert all(f.shape == (deck12.H, deck12.W, 3) and f.dtype == np.uint8 for f in faces)
    assert deck12.mask().shape == (deck12.H, deck12.W)
    assert least_difference(faces) > 30


def test_every_okoshki_card_is_drawn_at_size_and_unlike_every_other():
    faces = deck12.okoshki_faces()
    assert list(faces) == [c.id for c in ok.DECK]
    assert all(f.shape == (deck12.H, deck12.W, 3) and f.dtype == np.uint8 for f in faces.values())
    assert least_difference(list(faces.values())) > 25


def _first_inside(mask: np.ndarray, rows: int) -> np.ndarray:
    """For each of the top `rows` rows, the first column inside the card (left edge)."""
    return np.array([int(np.argmax(mask[y] >= 128)) for y in range(rows)])


def test_the_shape_is_70_by_90_with_clipped_not_rounded_corners():
    ratio = deck12.W / deck12.H
    assert 0.77 <= ratio <= 0.79
    # deck.py's own cards are 5:7, as deck 2's; the others run 0.58–0.9
    assert min(abs(ratio - d.W / d.H) for d in OTHERS) > 0.025
    # A 45° cut: row y starts at CHAMFER - y (a straight line), where a rounded corner of the
    # same reach would start at r - sqrt(r² - (r - y)²) (a curve, far nearer the edge midway).
    c = deck12.CHAMFER
    first = _first_inside(deck12.mask(), c)
    assert np.abs(first - (c - np.arange(c))).max() <= 1, first
    for d in OTHERS:
        r = d.RADIUS
        curve = _first_inside(d.mask(), r)
        assert np.abs(curve - (r - np.arange(r))).max() > 1, d.__name__


def _margin(face: np.ndarray) -> np.ndarray:
    """The stock's pixels: a strip along the right, top and bottom edges (the tab is left)."""
    m, w = deck12.MARGIN, deck12.W
    return np.concatenate([face[40:-40, w - m + 1:w - 1].reshape(-1, 3),
                           face[1:m - 1, 30:-30].reshape(-1, 3),
                           face[-m + 1:-1, 30:-30].reshape(-1, 3)]).astype(int)


def test_a_narrow_mid_tone_terracotta_margin_round_a_picture():
    # Decks 2–6 and 9 are pale, 5, 7, 8 and 10 dark: this stock is a saturated mid-tone, and
    # only a narrow margin of it shows: 3 px further in the picture has begun.
    for face in [*_fronts(), deck12.pisanki_face(None)]:
        stock = np.median(_margin(face), axis=0)
        b, g, r = stock
        assert 130 < r < 210 and 60 < g < 120 and b < 90, stock  # terracotta
        inner = face[30:-30, deck12.MARGIN + 3:deck12.MARGIN + 6].reshape(-1, 3).astype(int)
        assert np.abs(inner - stock).max(axis=1).mean() > 40


def _ivory(px: np.ndarray) -> float:
    """The share of these pixels printed in ivory (light, little colour)."""
    px = px.reshape(-1, 3).astype(int)
    return float(((px.min(axis=1) > 170) & (px[:, 2] - px[:, 0] < 70)).mean())


def _tab_bands(face: np.ndarray) -> np.ndarray:
    """The tab's pixels above and below its content (the index drawn in its middle)."""
    x0, y0, x1, y1 = deck12.TAB
    return np.concatenate([face[y0 + 5:y0 + 14, x0 + 7:x1 - 7].reshape(-1, 3),
                           face[y1 - 13:y1 - 4, x0 + 7:x1 - 7].reshape(-1, 3)])


def test_the_index_is_an_ivory_tab_on_the_left_edge_a_quarter_of_the_way_down():
    x0, y0, x1, y1 = deck12.TAB
    assert x0 < deck12.MARGIN < x1  # it reaches over the margin
    assert abs((y0 + y1) / 2 / deck12.H - 0.28) < 0.03
    for face in _fronts():
        assert _ivory(_tab_bands(face)) > 0.9
        assert _ivory(_tab_bands(face[::-1, ::-1])) < 0.5  # it turns with the card
        assert _ivory(_tab_bands(face[::-1])) < 0.5  # not a quarter up from the bottom


def _region_change(a: np.ndarray, b: np.ndarray, x0: int, y0: int, x1: int, y1: int) -> float:
    """How far apart two faces are in a region, at a glance (the largest block difference)."""
    return float(np.abs(blocks(a) - blocks(b))[y0 // 8:y1 // 8, x0 // 8:x1 // 8].max())


def test_pisanki_flowers_lie_top_right_then_bottom_left_and_the_cloth_fills_the_picture():
    top_right, bottom_left = (180, 32, 240, 96), (32, 250, 96, 314)
    for cloth in ("checked", "striped", "dotted"):
        for egg in pg.EGGS:
            plain = deck12.pisanki_face(pg.Card(cloth, egg))
            for f in pg.FLOWERS:
                one = deck12.pisanki_face(pg.Card(cloth, egg, False, (f,)))
                two = deck12.pisanki_face(pg.Card(cloth, egg, False, (f, f)))
                assert _region_change(one, plain, *top_right) > 60, (cloth, egg, f)
                assert _region_change(two, one, *bottom_left) > 60, (cloth, egg, f)
                assert _region_change(two, one, *top_right) < 40, (cloth, egg, f)
    # Where no egg or flower lies (the right edge's middle), the cloth shows, and the four
    # cloths differ there at a glance: by their colour or by how busy their pattern is (the
    # stripes' ivory, coral and navy average to about the linen's beige).
    looks = {}
    for card in pg.card_kinds():
        m = deck12.MARGIN
        px = deck12.pisanki_face(card)[150:250, deck12.W - m - 40:deck12.W - m - 4]
        px = px.reshape(-1, 3).astype(float)
        looks.setdefault(card.cloth, (px.mean(0), px.std(0).mean()))
    assert len(looks) == 4
    cloths = list(looks)
    for i, a in enumerate(cloths):
        for b in cloths[i + 1:]:
            colour = np.abs(looks[a][0] - looks[b][0]).max()
            busy = abs(looks[a][1] - looks[b][1])
            assert colour > 25 or busy > 25, (a, b, looks)


def test_okoshki_a_roller_blind_over_the_top_of_the_window_in_the_suits_colour():
    x0, y0, x1, _ = deck12.GLASS
    for card in ok.DECK:
        face = deck12.okoshki_face(card.id)
        colour = np.array(deck12.BLIND[card.suit.split("-")[0]])
        blind = face[y0 + 10:deck12.HEM - 4, x0 + 4:x1 - 4].reshape(-1, 3)
        view = face[deck12.HEM + 22:deck12.HEM + 40, x0 + 4:x0 + 22].reshape(-1, 3)
        if card.suit.endswith("-print"):
            assert 0.1 < _ivory(blind) < 0.6, card.id  # the florets
        else:
            assert np.abs(np.median(blind, 0) - colour).max() < 40, card.id
            assert _ivory(blind) < 0.02, card.id
        assert np.abs(np.median(view, 0) - colour).max() > 60, card.id  # below it, the view


def test_okoshki_the_scene_runs_across_the_whole_card():
    # Above the window: terracotta roof tiles; beside it: the green of the stucco and the ivy.
    for face in deck12.okoshki_faces().values():
        tiles = np.median(face[12:40, 40:220].reshape(-1, 3), 0)
        assert tiles[2] > tiles[0] + 60, tiles
        for xs in (slice(12, 40), slice(deck12.W - 40, deck12.W - 12)):
            side = np.median(face[150:260, xs].reshape(-1, 3), 0)
            assert side[1] > side[2] + 10, side


def test_faces_are_the_same_each_time_they_are_drawn():
    assert_drawn_the_same(deck12, 50)


def test_a_zone_photo_keeps_the_decks_own_card_shape():
    assert_zone_photo_keeps_shape(deck12)


def test_recognition2_takes_deck_12_as_development_data():
    # --tables 0 --zones 0: the deck is chosen and nothing is recognised.
    assert recognition2_takes(12) == ""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import recognition2
    assert 12 not in recognition2.JUDGES  # its mistakes are listed
