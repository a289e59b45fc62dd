"""A registered view photographed in coloured light (a cast of ±5 % per channel that the
table's white balance left): two watercolour cloths of close pastel colours, a slate gingham
on white and a lavender cloth with tiny pale dots, must be told apart by the card's own
paper (its white checks, its grey egg cup), which takes the cast's colour whatever the card;
shifting only along the card's own hue (as for a paler print) left the cast gingham nearer
the lavender cloth."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.games import pisanki as pg
from assistant.vision import views

W, H = 252, 336


def face(cloth: str) -> np.ndarray:
    """A card on a cream stock: a slate gingham or lavender with tiny dots, a red egg in a
    grey cup, a thin teal rim."""
    if cloth == "checked":
        img = np.full((H, W, 3), (244, 242, 238), np.uint8)
        band = np.zeros((H, W), bool)
        for k in range(0, max(W, H), 20):
            band[:, k:k + 10] ^= True
        rows = np.zeros((H, W), bool)
        for k in range(0, H, 20):
            rows[k:k + 10] = True
        slate = np.array((205, 178, 150), np.float32)
        img[band ^ rows] = (225, 208, 190)
        img[band & rows] = slate
    else:
        img = np.full((H, W, 3), (200, 180, 186), np.uint8)
        for y in range(10, H, 12):
            for x in range(10 + (y // 12 % 2) * 6, W, 12):
                cv2.circle(img, (x, y), 1, (236, 236, 240), -1, cv2.LINE_AA)
    img = cv2.GaussianBlur(img, (0, 0), 1.0)
    cv2.ellipse(img, (W // 2, 230), (44, 22), 0, 0, 180, (200, 200, 204), -1, cv2.LINE_AA)
    cv2.rectangle(img, (W // 2 - 10, 250), (W // 2 + 10, 270), (200, 200, 204), -1)
    cv2.ellipse(img, (W // 2, 272), (30, 8), 0, 0, 360, (200, 200, 204), -1, cv2.LINE_AA)
    cv2.ellipse(img, (W // 2, 180), (38, 52), 0, 0, 360, (80, 80, 190), -1, cv2.LINE_AA)
    out = np.full_like(img, (222, 236, 242))
    out[11:-11, 11:-11] = img[11:-11, 11:-11]
    cv2.rectangle(out, (1, 1), (W - 2, H - 2), (150, 140, 95), 3)
    return out


def laid(f: np.ndarray, rng: np.random.Generator, cast=(1.0, 1.0, 1.0)) -> np.ndarray:
    """The card as a cut cell (turned up to 2°, shifted up to 3 px, a little blurred), in
    light that scales each channel by `cast`."""
    m = cv2.getRotationMatrix2D((W / 2, H / 2), rng.uniform(-2, 2),
                                views.SW / (W * (1 + 2 * views.MARGIN)))
    m[:, 2] += (views.SW / 2 - W / 2, views.SH / 2 - H / 2) + rng.uniform(-3, 3, 2)
    cell = cv2.warpAffine(f, m, (views.SW, views.SH), flags=cv2.INTER_AREA,
                          borderValue=(60, 70, 80))
    cell = cv2.GaussianBlur(cell, (0, 0), rng.uniform(0.8, 1.4))
    return np.clip(cell * np.float32(cast), 0, 255).astype(np.uint8)


CASTS = [(1.0, 1.05, 0.95), (1.0, 0.95, 1.05), (1.05, 1.0, 0.95), (0.95, 1.0, 1.05),
         (1.05, 0.95, 1.0), (0.95, 1.05, 1.0)]  # ±5 % on two channels, each way


def test_a_cast_view_is_matched_by_its_paper():
    # each cloth's only view in a cast light, the other's not, each laid 8 times under each
    # of 6 casts: before 49 of 96 read right (a gingham with a teal view read as the
    # lavender cloth), then 72 by the paper (the misses: a lavender view under a cast along
    # its own hue), now 79: two cloth twins are settled by the correlation, the Lab one (which
    # the cast misleads: 55 by it alone) and the light's alone (96 by it alone, but a pastel
    # cloth patterned in colour more than in light is lost by it) added
    right = 0
    for cast in CASTS:
        for want, other in (("checked", "dotted"), ("dotted", "checked")):
            cards = [pg.Card(want, "red", False, ()), pg.Card(other, "red", False, ())]
            for seed in range(8):
                rng = np.random.default_rng(seed)
                registered = views.build(np.stack([
                    views.view_of(laid(face(want), rng, cast)),
                    views.view_of(laid(face(other), rng))]), cards)
                right += views.classify(laid(face(want), rng), registered, True).card == cards[0]
    assert right >= 76


def test_a_view_with_too_little_paper_is_not_shifted_by_it():
    # a few pale pixels (beside a flower) are no paper to judge the light by
    rng = np.random.default_rng(1)
    cell = laid(face("dotted"), rng)
    lab = views._lab(views._soft(cell))
    placed = views._placed(lab, views._lab(views._soft(views.view_of(cell)))[13:-13, 10:-10],
                           round(views.VW * views.MARGIN) + 10,
                           round(views.VH * views.MARGIN) + 13)
    valid = ~np.isnan(placed[..., 0])
    colour = cv2.GaussianBlur(np.nan_to_num(placed)[..., 1:], (0, 0), views.DUEL_BLUR)
    some = colour.copy()
    some[valid] = (300.0, 300.0)  # a strongly coloured card...
    ys, xs = np.nonzero(valid)
    some[ys[:20], xs[:20]] = (256.0, 256.0)  # ...with 20 neutral pixels
    placed[..., 0] = np.where(valid, 100.0, np.nan)
    placed[ys[:20], xs[:20], 0] = 250.0
    cellc = cv2.GaussianBlur(lab[..., 1:], (0, 0), views.DUEL_BLUR)
    assert not views._paper_shift(placed, some, valid, cellc).any()
