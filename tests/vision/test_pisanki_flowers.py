"""Registered Pisanki cards that differ only in a small flower near the top corner, mostly
outside the trimmed part of the card the correlation compares: a reading between two such
cards that the settling decides only narrowly must be marked for the player to check."""

from __future__ import annotations

import numpy as np

from assistant.games import pisanki as pg
from assistant.vision import views
from tests.vision import test_pisanki_patterned as patterned
from tests.vision import view_cells

W, H = 240, 336
FLOWERS = {"blue": (200, 120, 30), "purple": (150, 40, 120), None: None}


def face(flower) -> np.ndarray:
    """A card: orange diagonal stripes on yellow, a green egg right of centre, maybe a small
    flower on a pale square in the top-left corner, a kraft border."""
    return patterned.face(flower, (70, 160, 60), at=(44, 46), half=22, ring=10, petal=7)


def readings(seed: int, reps: int) -> list[tuple[pg.Card, views.ViewGuess]]:
    """Each card laid `reps` times (turned up to 3°, shifted up to 4 px, blurred 0.8–2 px)
    after one laid view of each was registered: (card, reading)."""
    cards = [pg.Card("striped", "green", False, (f,) if f else ()) for f in FLOWERS]
    faces = [face(FLOWERS[c.flowers[0]] if c.flowers else None) for c in cards]
    rng = np.random.default_rng(seed)

    def laid(f: np.ndarray) -> np.ndarray:
        return view_cells.laid(f, rng, turn=3.0, shift=4.0, blur=(0.8, 2.0))

    registered = views.build(np.stack([views.view_of(laid(f)) for f in faces]), cards)
    return [(card, views.classify(laid(f), registered, True))
            for _ in range(reps) for card, f in zip(cards, faces, strict=True)]


def test_flowers_only_rival():
    plain = pg.Card("striped", "green", False, ())
    blue = pg.Card("striped", "green", False, ("blue",))
    assert views.flowers_only(plain, blue)
    assert not views.flowers_only(blue, blue)
    assert not views.flowers_only(blue, pg.Card("striped", "red", False, ("blue",)))
    assert not views.flowers_only(None, plain)


def test_a_narrowly_settled_flower_is_marked():
    # before: the sixth laid purple-flower card (seed 6) was read as the blue-flower card,
    # its correlation within 0.05 and the settling's margin 0.135, and not marked
    card, got = readings(6, 6)[3 * 5 + 1]
    assert card.flowers == ("purple",)
    assert got.card == card or got.unsure


def test_flower_cards_are_read_right_and_mostly_sure():
    # the extra check must not mark every flower card: 9 of 24 right cells are marked
    totals = [0, 0]
    for seed in (1, 2):
        for card, got in readings(seed, 4):
            totals[0] += got.card == card
            totals[1] += got.card == card and got.unsure
    assert totals[0] >= 20
    assert totals[1] <= totals[0] // 2


def test_a_settling_that_overrules_on_flowers_alone_is_not_marked_for_it():
    # the correlation compares the trimmed card and barely sees the corner flowers, so the
    # settling putting first, clearly, a card with other flowers is expected, not a
    # disagreement: before, 7 of 72 right cells were marked (4 then; 5 since colour twins the
    # correlation alone put the other way round are marked unless the settling's win is
    # clear, views.colour_twins); none wrong is unmarked
    right_marked = wrong_unmarked = 0
    for seed in range(1, 5):
        for card, got in readings(seed, 6):
            right_marked += got.card == card and got.unsure
            wrong_unmarked += got.card != card and not got.unsure
    assert right_marked <= 5
    assert wrong_unmarked == 0
