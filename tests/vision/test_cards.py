"""Finding each card of a hand-laid table, and the table's outline from the cards."""

import numpy as np

from assistant.vision import cards, deck, synth
from assistant.vision import pisanki as vp
from assistant.vision.decode import decode


def _hand_table(seed: int, ground: str) -> tuple[np.ndarray, dict]:
    rng = np.random.default_rng(seed)
    pool = deck.pisanki_cards()
    picked = [pool[i] for i in rng.permutation(len(pool))[:24]]
    grid = [picked[r * 6:(r + 1) * 6] for r in range(4)]

    def face(c):
        return deck.pisanki_back() if c is None else deck.pisanki_face(c.cloth, c.egg, c.double,
                                                                        c.flowers)

    data, truth = synth.hand_table_photo(seed, grid, face, (deck.W, deck.H), ground=ground)
    return decode(data), truth


def test_table_outline_from_the_cards_on_a_plaid_cloth():
    img, truth = _hand_table(31, "plaid")
    want = np.array(truth["quad"]) * img.shape[1] / synth.PHOTO_W
    quad = vp._order(cards.table_quad(img, 4, 6))
    assert np.abs(quad - want).max() < 0.03 * np.linalg.norm(want[2] - want[0])
    found = cards._cards(cards.candidates(img))
    assert len(found) >= 12


def test_too_few_cards_give_no_outline():
    img = np.full((1500, 2000, 3), 200, np.uint8)
    assert cards.table_quad(img, 4, 6) is None


def _card(cx: float, cy: float, short: float, long_: float) -> cards.Found:
    return cards.Found((cx, cy), (short, long_), 0.0)


def test_an_outline_merged_with_the_cloth_gives_way_to_the_card_inside_it():
    # a 250 × 357 card whose outline also took in a strip of plaid below it (266 × 435, its
    # centre 38 px low), beside cards found cleanly: the card's own outline is kept
    table = [_card(300 * k, 0, 250, 357) for k in range(1, 5)]
    merged, inside, print_ = (_card(0, 38, 266, 435), _card(0, 0, 250, 357),
                              _card(0, 0, 220, 327))
    for order in ([merged, inside, print_], [print_, inside, merged]):
        kept = cards._cards(table + order)
        assert len(kept) == 5
        assert min(kept, key=lambda f: f.centre[0]) == inside


def test_an_outline_of_another_shape_with_nothing_inside_stays():
    # no outline of the table's shape nested in it: the card is kept as found
    table = [_card(300 * k, 0, 250, 357) for k in range(1, 5)]
    odd = _card(0, 0, 266, 435)
    assert odd in cards._cards(table + [odd])
    # a card of the table's shape is never swapped for a smaller outline inside it
    assert _card(0, 0, 250, 357) in cards._cards(table + [_card(0, 0, 250, 357),
                                                           _card(0, 0, 240, 345)])
