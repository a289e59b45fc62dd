"""Registered Pisanki cards on a fine, high-contrast cloth pattern (thin diagonal stripes),
each laid a little turned, shifted and blurred: the pattern must not outweigh the egg and the
flowers, neither in the correlation nor in the colour check nor in the settling."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.games import pisanki as pg
from assistant.vision import views

W, H = 240, 336
FLOWERS = {"blue": (200, 120, 30), "pink": (170, 110, 245), None: None}
EGGS = {"red": (40, 40, 200), "blue": (200, 110, 40)}


def face(flower, egg, at: tuple[int, int] = (48, 52), half: int = 24, ring: int = 11,
         petal: int = 8) -> np.ndarray:
    """A card: orange diagonal stripes on yellow, an egg right of centre, maybe a flower (five
    petals `ring` from its centre `at`) on a pale square in the top-left corner, a kraft
    border."""
    img = np.full((H, W, 3), (150, 225, 245), np.uint8)
    for k in range(-H, W + H, 28):
        cv2.line(img, (k, 0), (k + H, H), (30, 110, 220), 9, cv2.LINE_AA)
    cv2.ellipse(img, (W // 2 + 14, 185), (44, 53), 0, 0, 360, egg, -1, cv2.LINE_AA)
    if flower is not None:
        cv2.rectangle(img, (at[0] - half, at[1] - half), (at[0] + half, at[1] + half),
                      (240, 245, 240), -1)
        for k in range(5):
            a = k * 2 * np.pi / 5 - np.pi / 2
            cv2.circle(img, (int(at[0] + ring * np.cos(a)), int(at[1] + ring * np.sin(a))),
                       petal, flower, -1, cv2.LINE_AA)
    out = np.full_like(img, (150, 190, 215))
    out[16:-16, 16:-16] = img[16:-16, 16:-16]
    return out


def guesses(seed: int, reps: int, turn: float, shift: float, blur: tuple[float, float]
            ) -> list[tuple[pg.Card, views.ViewGuess]]:
    """Cells read after registering two laid views of each of six cards: (card, reading),
    each card once per rep."""
    cards = [pg.Card("striped", e, False, (f,) if f else ()) for e in EGGS for f in FLOWERS]
    faces = [face(FLOWERS[c.flowers[0]] if c.flowers else None, EGGS[c.egg]) for c in cards]
    rng = np.random.default_rng(seed)

    def laid(f: np.ndarray) -> np.ndarray:
        """The card cut from a photo as classify gets it: turned, shifted, blurred."""
        m = cv2.getRotationMatrix2D((W / 2, H / 2), rng.uniform(-turn, turn),
                                    views.SW / (W * (1 + 2 * views.MARGIN)))
        m[:, 2] += (views.SW / 2 - W / 2, views.SH / 2 - H / 2) + rng.uniform(-shift, shift, 2)
        cell = cv2.warpAffine(f, m, (views.SW, views.SH), flags=cv2.INTER_AREA,
                              borderValue=(60, 70, 80))
        return cv2.GaussianBlur(cell, (0, 0), rng.uniform(*blur))

    registered = views.build(np.stack([views.view_of(laid(f)) for f in faces * 2]), cards * 2)
    return [(card, views.classify(laid(f), registered, True))
            for _ in range(reps) for card, f in zip(cards, faces, strict=True)]


def read(seed: int, reps: int, turn: float, shift: float, blur: tuple[float, float]
         ) -> tuple[int, int, int]:
    """Cells read after registering two laid views of each of six cards: (wrong, wrong and
    not unsure, right and unsure)."""
    wrong = silent = right_unsure = 0
    for card, g in guesses(seed, reps, turn, shift, blur):
        wrong += g.card != card
        silent += g.card != card and not g.unsure
        right_unsure += g.card == card and g.unsure
    return wrong, silent, right_unsure


def test_clear_cards_on_a_striped_cloth_are_read_right_and_sure():
    # before: every card right, but 19 of 144 marked to check (the stripes a pixel off
    # lowered every score below the sure level)
    totals = np.sum([read(seed, 8, 2.5, 3, (0.3, 1.2)) for seed in (1, 2, 3)], axis=0)
    wrong, _, right_unsure = (int(v) for v in totals)
    assert wrong == 0
    assert right_unsure <= 3


def test_blurred_turned_cards_on_a_striped_cloth_are_rarely_wrong_unmarked():
    # turned up to 4°, shifted up to 5 px, blurred up to 2.5 px: before, 12 of 432 cells
    # wrong and not marked (the settling overruled a clearly better correlation)
    totals = np.sum([read(seed, 12, 4, 5, (0.5, 2.5)) for seed in range(1, 7)], axis=0)
    wrong, silent, _ = (int(v) for v in totals)
    assert wrong <= 40
    assert silent <= 3


def test_a_clearly_better_correlation_is_not_overruled():
    # before: the tenth laid red-egg card with a blue flower (seed 1, turned up to 4°, blurred up to
    # 2.5 px) was read as another card: the settling, looking only where the two differ,
    # overruled a correlation that led by more than SETTLE_LEAD. (On this cloth as a whole
    # the rule is even: of 432 cells it puts two right and two wrong; on the development
    # decks it put 5 more of 912 right, none silent.)
    # (Since the settling looks only at compact parts where two cards differ, it agrees with
    # the correlation on this cell, margin 0.49, so the cell is no longer marked.)
    card, got = guesses(1, 12, 4, 5, (0.5, 2.5))[9 * 6 + 0]
    assert got.card == card
    assert got.unsure or got.margin > 2 * views.UNSURE_MARGIN
