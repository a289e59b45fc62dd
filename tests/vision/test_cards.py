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
