"""benchmarks/deck11.py, issue 27's eleventh deck and a fresh judge: every card drawn, at its
size, each unlike the rest, the ways it differs from decks 2–10 (2:3 cards with rounder corners
than any, a mid-tone coloured stock by cloth and by suit, a miscut print, pop art's thick black
outlines and Ben-Day dots, an index on the left edge at mid-height, flowers in a speech
balloon), and its photos keeping its shape.

Only the drawing is checked here, never what a recogniser makes of it: the deck is run once, by
the lead, at the end of a session (benchmarks/recognition2.py --deck 11), and its mistakes are
not listed.
"""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from benchmarks import deck2, deck3, deck4, deck5, deck6, deck7, deck8, deck9, deck10, deck11
from tests.vision.faces import (
    assert_drawn_the_same,
    assert_judge_hides_mistakes,
    assert_the_rulebooks_75,
    assert_zone_photo_keeps_shape,
    least_difference,
    recognition2_takes,
)

OTHERS = (deck2, deck3, deck4, deck5, deck6, deck7, deck8, deck9, deck10)
W, H = deck11.W, deck11.H


def _pisanki() -> list[tuple[pg.Card, np.ndarray]]:
    return [(k, deck11.pisanki_face(k)) for k in pg.card_kinds()]


def _fronts() -> list[tuple[str, np.ndarray]]:
    """Every front of both halves (no back), by the name its miscut is drawn for."""
    return [*((repr(k), f) for k, f in _pisanki()), *deck11.okoshki_faces().items()]


def test_pisanki_deck_is_the_rulebooks_75_cards():
    cards = deck11.pisanki_deck()
    assert_the_rulebooks_75(cards)
    singles = Counter((c.cloth, c.egg) for c in cards if c.egg and not c.flowers and not c.double)
    assert len(singles) == 18 and min(singles.values()) >= 2  # every cloth with every egg
    assert all(cards != d.pisanki_deck() for d in (deck5, deck6, deck7, deck8, deck9, deck10))


def test_every_pisanki_card_kind_is_drawn_at_size_and_unlike_every_other():
    kinds = [*pg.card_kinds(), None]  # every kind the game has, and the back
    faces = [deck11.pisanki_face(k) for k in kinds]
    assert all(f.shape == (H, W, 3) and f.dtype == np.uint8 for f in faces)
    assert deck11.mask().shape == (H, W)
    assert least_difference(faces) > 30


def test_every_okoshki_card_is_drawn_at_size_and_unlike_every_other():
    faces = deck11.okoshki_faces()
    assert list(faces) == [c.id for c in ok.DECK]
    assert all(f.shape == (H, W, 3) and f.dtype == np.uint8 for f in faces.values())
    assert least_difference(list(faces.values())) > 25


def _corner_cut(mask: np.ndarray) -> float:
    """How much of the card its rounded top-left corner cuts away, as a share of its width."""
    w = mask.shape[1]
    return float((mask[:w // 8, :w // 8] < 128).sum()) ** 0.5 / w


def test_the_cards_are_2_3_with_rounder_corners_than_every_other_deck():
    ratio = W / H
    assert abs(ratio - 2 / 3) < 0.005
    assert min(abs(ratio - d.W / d.H) for d in OTHERS) > 0.02  # deck.py's are 5:7, as deck 2's
    assert _corner_cut(deck11.mask()) > 1.1 * max(_corner_cut(d.mask()) for d in OTHERS)


def _margin(face: np.ndarray) -> np.ndarray:
    """The median colour of the stock along the right edge (clear of the picture however the
    card was cut)."""
    return np.median(face[H // 5:3 * H // 4, W - 4:].reshape(-1, 3), axis=0)


def _mid_tone(bgr: np.ndarray) -> bool:
    luma = 0.114 * bgr[0] + 0.587 * bgr[1] + 0.299 * bgr[2]
    return 70 < luma < 185


def test_a_mid_tone_coloured_stock_tells_the_cloths_and_the_suits_apart():
    # Decks 2–6 and 9 are pale or white round the picture, 5 and 10 dark, 7 and 8 dark full
    # bleed: here the stock is a mid tone, its own colour for each cloth and each suit.
    by_cloth: dict[str, np.ndarray] = {}
    for card, face in _pisanki():
        m = _margin(face)
        assert _mid_tone(m), (card, m)
        if card.cloth != "neutral":  # the neutral cloth's stock is a slate grey
            assert m.max() - m.min() > 80, (card, m)
        first = by_cloth.setdefault(card.cloth, m)
        assert np.abs(m - first).max() < 8, (card, m, first)  # one stock for each cloth
    means = list(by_cloth.values())
    assert len(means) == 4
    assert min(np.abs(a - b).max() for i, a in enumerate(means) for b in means[i + 1:]) > 40
    back = _margin(deck11.pisanki_face(None))
    assert _mid_tone(back) and min(np.abs(back - a).max() for a in means) > 40
    suits = {}
    for card in ok.DECK:
        m = _margin(deck11.okoshki_face(card.id))
        assert _mid_tone(m), (card.id, m)
        colour = card.suit.split("-")[0]
        assert np.abs(m - deck11.SUIT[colour]).max() < 20, (card.id, m)
        suits.setdefault(colour, m)
    values = list(suits.values())
    assert min(np.abs(a - b).max() for i, a in enumerate(values) for b in values[i + 1:]) > 40


def test_the_print_suits_stock_is_polka_dotted_and_the_plain_suits_is_not():
    for card in ok.DECK:
        strip = deck11.okoshki_face(card.id)[H // 5:3 * H // 4, W - 6:].astype(int)
        white = ((strip.min(axis=2) > 200) & (np.ptp(strip, axis=2) < 50)).mean()
        if card.suit.endswith("-print"):
            assert 0.08 < white < 0.45, (card.id, white)
        else:
            assert white < 0.01, (card.id, white)


def _dark(px: np.ndarray) -> np.ndarray:
    """The black key plate's pixels."""
    return px.astype(int).sum(axis=-1) < 200


def _rule(face: np.ndarray) -> tuple[int, int, int, int]:
    """Where the Pisanki panel's black rule starts from each edge: left, right, top, bottom."""
    rows, cols = _dark(face[H // 4 - 20:H // 4 + 20]), _dark(face[:, W - 60:W - 40])
    left = int(np.median(rows.argmax(axis=1)))
    right = int(np.median(rows[:, ::-1].argmax(axis=1)))
    top = int(np.median(cols.argmax(axis=0)))
    bottom = int(np.median(cols[::-1].argmax(axis=0)))
    return left, right, top, bottom


def test_the_print_is_miscut_each_card_its_own_way():
    # The picture keeps its size but lands off-centre by up to 2 mm, as the card's miscut
    # says: the margins are uneven and differ from card to card.
    uneven, placed, sizes = 0, set(), set()
    for card, face in _pisanki():
        left, right, top, bottom = _rule(face)
        dx, dy = deck11.miscut(repr(card))
        assert abs(left - right - 2 * dx) <= 2 and abs(top - bottom - 2 * dy) <= 2, card
        assert 4 <= min(left, right, top, bottom) and max(left, right, top, bottom) <= 23
        uneven += max(abs(left - right), abs(top - bottom)) >= 4
        placed.add((left, top))
        sizes.add((left + right, top + bottom))
    assert uneven > 0.9 * len(pg.card_kinds()) and len(placed) >= 40
    spread = np.ptp(np.array(list(sizes)), axis=0)
    assert spread.max() <= 2, sizes  # the picture keeps its size: only where it lands moves
    shifts = {deck11.miscut(cid) for cid in ok.CARDS}
    assert len(shifts) >= 20 and max(max(abs(a), abs(b)) for a, b in shifts) <= deck11.MISCUT


def _ring(face: np.ndarray, centre, r0: float, r1: float) -> np.ndarray:
    """The face's pixels between radius r0 and r1 round `centre` (x, y), as a list."""
    x, y, n = int(centre[0]), int(centre[1]), int(np.ceil(r1))
    box = face[y - n:y + n + 1, x - n:x + n + 1]
    yy, xx = np.mgrid[-n:n + 1, -n:n + 1]
    d = np.hypot(xx - (centre[0] - x), yy - (centre[1] - y))
    return box[(d > r0) & (d < r1)]


def _white(px: np.ndarray) -> float:
    px = px.astype(int)
    return float(((px.min(axis=-1) > 200) & (np.ptp(px, axis=-1) < 50)).mean())


def _index_like(face: np.ndarray, centre) -> float:
    """How much the circle round `centre` looks like the index: white inside a black ring."""
    return min(_white(_ring(face, centre, 13.5, 16)),
               float(_dark(_ring(face, centre, 18, 20)).mean()))


def test_the_index_is_a_white_circle_on_the_left_edge_at_mid_height():
    x, y = deck11.INDEX
    for name, face in _fronts():
        dx, dy = deck11.miscut(name)
        assert _index_like(face, (x + dx, y + dy)) > 0.75, name
        # not on the right edge (where it lies when the card is turned), nor in a corner
        for ex, ey in ((W - 1 - x, y), (x, 40), (x, H - 41), (W - 1 - x, 40)):
            assert _index_like(face, (ex + dx, ey + dy)) < 0.45, (name, ex, ey)


def _blobs(mask: np.ndarray) -> list[int]:
    """The areas of the separate specks in a boolean mask."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    return [int(a) for a in stats[1:, cv2.CC_STAT_AREA]]


def test_pop_art_thick_black_outlines_and_shade_in_ben_day_dots():
    for egg in pg.EGGS:
        card = pg.Card("striped", egg)
        face = deck11.pisanki_face(card)
        dx, dy = deck11.miscut(repr(card))
        row = _dark(face[190 + dy, 50 + dx:120 + dx])  # through the egg's middle, from the left
        start = int(row.argmax())
        assert row.any() and row[start:start + 3].all(), egg  # the outline is 3 px or more
        shade = face[200 + dy:240 + dy, 150 + dx:170 + dx]  # its right side, in shade
        darker = shade.astype(int).sum(axis=-1) < 0.7 * np.array(deck11.EGG[egg]).sum()
        specks = [a for a in _blobs(darker) if a <= 30]
        assert len(specks) >= 6, (egg, len(specks))  # dots, not a smooth shade
    for cid in ("red-1", "blue-print-1"):  # a day sky (left of the sun): dots
        face = deck11.okoshki_face(cid)
        dx, dy = deck11.miscut(cid)
        sky = face[100 + dy:250 + dy, 40 + dx:64 + dx].astype(int)
        dots = np.abs(sky - np.array(deck11.DAY_DOTS)).max(axis=-1) < 40
        assert len([a for a in _blobs(dots) if a <= 40]) >= 20, cid


def _balloon_white(card: pg.Card) -> float:
    face = deck11.pisanki_face(card)
    dx, dy = deck11.miscut(repr(card))
    (cx, cy), (_, ay) = deck11.BALLOON
    x, y = cx + dx, cy + dy
    return (_white(face[y - ay + 6:y - ay + 10, x - 20:x + 20])
            + _white(face[y + 36:y + 40, x - 20:x + 20])) / 2


def test_pisanki_flowers_in_a_speech_balloon_above_the_egg():
    for card in pg.card_kinds():
        if card.egg and card.flowers:
            assert _balloon_white(card) > 0.9, card
        elif card.egg and not card.double and card.cloth == "striped":
            assert _balloon_white(card) < 0.3, card  # the cloth, where no balloon is


def test_faces_are_the_same_each_time_they_are_drawn():
    assert_drawn_the_same(deck11, 50)


def test_a_zone_photo_keeps_the_decks_own_card_shape():
    assert_zone_photo_keeps_shape(deck11)


def test_recognition2_takes_deck_11_without_recognising_anything():
    # --tables 0 --zones 0: the deck is chosen and nothing is recognised (the lead runs it once).
    assert recognition2_takes(11) == ""


def test_deck_11_is_a_judge_whose_mistakes_are_not_listed():
    assert_judge_hides_mistakes(11)
