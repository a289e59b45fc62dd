"""Where a registered Pisanki deck prints its flowers, learned from the players' own views.

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


def _colour(lab8: np.ndarray) -> np.ndarray:
    """A view's colour (a, b) as the duels compare it (×2, as views._template scales it)."""
    return lab8[..., 1:].astype(np.float32) * 2.0


def _mean_gap(pairs: list[tuple[np.ndarray, np.ndarray]], shape: tuple[int, int]) -> np.ndarray:
    total = np.zeros(shape, np.float64)
    for a, b in pairs:
        total += np.linalg.norm(_colour(a) - _colour(b), axis=2)
    return total / max(len(pairs), 1)


def flower_map(whole: np.ndarray, cards: list[pg.Card | None],
               turned: np.ndarray) -> np.ndarray | None:
    """The badge map (bool, the shape of one of `whole`'s views) of views `whole` (uint8 Lab,
    inside FLOWER_TRIM) of `cards`, each `turned` or not; None when the deck shows none."""
    seen: dict[tuple, list[int]] = defaultdict(list)
    for i, card in enumerate(cards):
        if card is not None and len(seen[(card, bool(turned[i]))]) < PER_CARD:
            seen[(card, bool(turned[i]))].append(i)
    shape = whole.shape[1:3]
    same = []
    # badge k: where twins differ when one has k flowers or more and the other fewer
    badges: dict[int, list[np.ndarray]] = defaultdict(list)
    for (card, turn), views in seen.items():
        same += [(whole[a], whole[b]) for k, a in enumerate(views) for b in views[k + 1:]]
        for (other, other_turn), others in seen.items():
            if (other_turn == turn and len(other.flowers) > len(card.flowers)
                    and (other.cloth, other.egg, other.double) == (card.cloth, card.egg,
                                                                   card.double)):
                badges[len(card.flowers) + 1].append(
                    _mean_gap([(whole[a], whole[b]) for a in views for b in others], shape))
    if not badges or not same:
        return None
    spread = _mean_gap(same, shape)
    found = np.zeros(shape, np.uint8)
    for gaps in badges.values():
        # the median pair: a print one pair of twins differs in (an egg duller in one
        # card's photos) is not where the badge is
        part = (np.median(np.stack(gaps), axis=0) - spread >= LEVEL).astype(np.uint8)
        found |= cv2.morphologyEx(part, cv2.MORPH_OPEN, np.ones((OPEN, OPEN), np.uint8))
    found |= cv2.rotate(found, cv2.ROTATE_180)  # a card lies either way round
    found = cv2.dilate(found, np.ones((2 * GROW + 1, 2 * GROW + 1), np.uint8))
    return found.astype(bool) if found.sum() >= LEAST else None
