"""Where a Pisanki deck prints its flowers, learned from the players' own views.

Two cards that differ in their flowers only (same cloth, same eggs) are told apart by a small
badge near the card's edge. Where two such views differ most is not always that badge: two
photos of one egg can differ more in colour than a pink badge from the cloth around it (a print
duller in one registration photo than in another). The map is where the deck's flower twins (one
with more flowers than the other) differ beyond how two views of one card differ: the badges,
learned per deck (each deck puts them elsewhere), both ways round.
"""

from __future__ import annotations

from collections import defaultdict

import cv2
import numpy as np

from assistant.games import pisanki as pg

PER_CARD = 4  # at most this many views of a card (each way round) are compared
LEVEL = 12.0  # twins differ there by this much more than one card's views do (Lab a, b ×2)
OPEN = 4  # parts thinner than this (the rim of an egg laid a pixel off) are not flowers
GROW = 3  # and the map is this much wider round each badge (a card turned by hand)
LEAST = 30  # a map of fewer pixels is no map (a deck whose twins were not registered)
CHUNK = 64  # pairs of views compared at once (a few MB)


def _lengths() -> np.ndarray:
    """The float32 length of colour (Lab a, b ×2, as the duels compare it) of every difference
    of a and b, by |da| + 256 |db| (float64: the sums of these lengths are exact)."""
    da, db = np.meshgrid(np.arange(256, dtype=np.float32) * 2,
                         np.arange(256, dtype=np.float32) * 2)
    return np.sqrt(da * da + db * db).astype(np.float64).ravel()


LENGTHS = _lengths()


def _mean_gap(ab: np.ndarray, pairs: list[tuple[int, int]]) -> np.ndarray:
    """The mean over `pairs` (of indices into `ab`, the views' Lab a and b, uint8) of each
    pixel's length of colour difference between the two views."""
    n, h, w, _ = ab.shape
    total = np.zeros((h, w), np.float64)
    for start in range(0, len(pairs), CHUNK):
        a, b = np.array(pairs[start:start + CHUNK]).T
        # |da| and |db| side by side are one little-endian uint16: the index of the length
        d = cv2.absdiff(ab[a].reshape(-1, 2 * w), ab[b].reshape(-1, 2 * w))
        lengths = LENGTHS[d.view("<u2").reshape(len(a), h, w)]
        # every length ≥ 2 is a multiple of 2**-22 and their sum stays far under 2**31: the
        # float64 sum is exact in any order (the map is the pair-by-pair loop's, bit for bit)
        total += lengths.sum(axis=0)
    return total / max(len(pairs), 1)


def flower_map(whole: np.ndarray, cards: list[pg.Card | None],
               turned: np.ndarray) -> np.ndarray | None:
    """The badge map (bool, the shape of one of `whole`'s views) of views `whole` (uint8 Lab,
    inside FLOWER_TRIM) of `cards`, each `turned` or not; None when the deck shows none."""
    seen: dict[tuple, list[int]] = defaultdict(list)
    for i, card in enumerate(cards):
        if card is not None and len(seen[(card, bool(turned[i]))]) < PER_CARD:
            seen[(card, bool(turned[i]))].append(i)
    # flower twins share their cloth, eggs and way round: only those are compared
    kin: dict[tuple, list[tuple[pg.Card, list[int]]]] = defaultdict(list)
    for (card, turn), views in seen.items():
        kin[(card.cloth, card.egg, card.double, turn)].append((card, views))
    ab = np.ascontiguousarray(whole[..., 1:])
    same = [(a, b) for views in seen.values() for k, a in enumerate(views) for b in views[k + 1:]]
    # badge k: where twins differ when one has k flowers or more and the other fewer
    badges: dict[int, list[np.ndarray]] = defaultdict(list)
    for group in kin.values():
        for card, views in group:
            for other, others in group:
                if len(other.flowers) > len(card.flowers):
                    badges[len(card.flowers) + 1].append(
                        _mean_gap(ab, [(a, b) for a in views for b in others]))
    if not badges or not same:
        return None
    spread = _mean_gap(ab, same)
    shape = whole.shape[1:3]
    found = np.zeros(shape, np.uint8)
    for gaps in badges.values():
        # the median pair: a print one pair of twins differs in (an egg duller in one
        # card's photos) is not where the badge is (the median does not depend on the order)
        part = (np.median(np.stack(gaps), axis=0) - spread >= LEVEL).astype(np.uint8)
        found |= cv2.morphologyEx(part, cv2.MORPH_OPEN, np.ones((OPEN, OPEN), np.uint8))
    found |= cv2.rotate(found, cv2.ROTATE_180)  # a card lies either way round
    found = cv2.dilate(found, np.ones((2 * GROW + 1, 2 * GROW + 1), np.uint8))
    return found.astype(bool) if found.sum() >= LEAST else None
