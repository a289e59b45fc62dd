"""Full-bleed dark cards on a plaid table (issue 27): the squares between the plaid's bands
close as card-shaped outlines too, and where they outnumber the cards whose own outline
closes, the median outline was a plaid square: the cards (of another size) were dropped with
the squares, and the table's outline was taken from the area dense with edges. The outlines of
each other size found are now tried too, the largest first (pisanki.find_cards)."""

import numpy as np

from assistant.vision import cards, synth
from assistant.vision import pisanki as vp
from assistant.vision.decode import decode
from benchmarks import deck8


def _plaid_table() -> tuple[np.ndarray, dict]:
    """Deck 8's table 7203 as benchmarks/pisanki_grounds.py lays it on plaid (4 × 6, one card
    face down): 9 cards show a closed outline, and 9 plaid squares do."""
    seed = 7203
    rng = np.random.default_rng(seed)
    pool = deck8.pisanki_deck()
    picked = [pool[i] for i in rng.permutation(len(pool))[:24]]
    for i in rng.permutation(24)[:int(rng.integers(0, 3))]:
        picked[i] = None
    grid = [picked[r * 6:(r + 1) * 6] for r in range(4)]
    data, truth = synth.hand_table_photo(seed, grid, deck8.pisanki_face, (deck8.W, deck8.H),
                                         deck8.mask(), ground="plaid")
    return decode(data), truth


def test_cards_outnumbered_by_plaid_squares_still_give_the_outline():
    img, truth = _plaid_table()
    scale = img.shape[1] / synth.PHOTO_W
    centres = np.array(truth["cards"]).mean(axis=1) * scale
    short = float(np.linalg.norm(np.subtract(*truth["cards"][0][:2])) * scale)
    found = vp.find_cards(img, 4, 6)
    assert len(found) >= 8
    for f in found:  # every card found lies on a card, none on the plaid
        assert np.hypot(*(centres - f.centre).T).min() < 0.1 * short
    quad, doubt = vp.locate(img, 4, 6, found)
    want = np.array(truth["quad"]) * scale
    assert doubt is None
    assert np.abs(quad - want).max() < 0.03 * np.linalg.norm(want[2] - want[0])


def _outline(cx: float, cy: float, w: float, h: float) -> cards.Found:
    return cards.Found((cx, cy), (w, h), 0.0)


def test_other_sizes_offer_the_larger_cards_first():
    big = [_outline(300 + 200 * i, 400, 170, 300) for i in range(5)]
    small = [_outline(100 + 120 * i, 1200, 90, 105) for i in range(7)]
    assert set(cards._cards(big + small)) == set(small)  # the median: the squares
    others = cards.other_sizes(big + small)
    assert set(others[0]) == set(big)
    assert all(set(g) != set(small) for g in others)
