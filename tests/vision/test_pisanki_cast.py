"""A registered view photographed in other light than the cell (a colour cast the table's
white balance left, different in each registration photo): the settling between two cards
that differ only in a small flower must look at the flower, not at the cast that shifts the
whole card's colour."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.games import pisanki as pg
from assistant.vision import views

W, H = 252, 336
FLOWERS = {"purple": (128, 72, 118), "pink": (186, 166, 232), "blue": (218, 178, 132)}


def face(flowers: tuple[str, ...]) -> np.ndarray:
    """A card in pastel watercolour style: a lavender cloth with pale dots, a red egg, small
    flowers at the top, a cream margin with a thin teal rim."""
    img = np.full((H, W, 3), (200, 180, 186), np.uint8)
    for y in range(20, H, 14):
        for x in range(20 + (y // 14 % 2) * 7, W, 14):
            cv2.circle(img, (x, y), 2, (236, 236, 240), -1, cv2.LINE_AA)
    cv2.ellipse(img, (W // 2, 190), (40, 52), 0, 0, 360, (88, 88, 186), -1, cv2.LINE_AA)
    for k, f in enumerate(flowers):
        cx = W // 2 + (0 if len(flowers) == 1 else (-30 if k == 0 else 30))
        for j in range(5):
            a = j * 2 * np.pi / 5
            cv2.circle(img, (int(cx + 7 * np.cos(a)), int(52 + 7 * np.sin(a))), 5, FLOWERS[f],
                       -1, cv2.LINE_AA)
    out = np.full_like(img, (222, 236, 242))
    out[12:-12, 12:-12] = img[12:-12, 12:-12]
    cv2.rectangle(out, (2, 2), (W - 3, H - 3), (150, 140, 95), 3)
    return out


def laid(f: np.ndarray, cast=(1.0, 1.0, 1.0)) -> np.ndarray:
    """The card as a cut cell, in light that scales each channel by `cast`."""
    m = cv2.getRotationMatrix2D((W / 2, H / 2), 0, views.SW / (W * (1 + 2 * views.MARGIN)))
    m[:, 2] += (views.SW / 2 - W / 2, views.SH / 2 - H / 2)
    cell = cv2.warpAffine(f, m, (views.SW, views.SH), flags=cv2.INTER_AREA,
                          borderValue=(60, 70, 80))
    return np.clip(cv2.GaussianBlur(cell, (0, 0), 1.0) * np.float32(cast), 0,
                   255).astype(np.uint8)


@pytest.mark.parametrize("shown, other", [(("purple",), ()), (("pink",), ()),
                                          ((), ("blue",)), (("purple", "purple"), ("purple",))])
@pytest.mark.parametrize("cast", [(1.06, 1, 0.94), (0.94, 1, 1.06), (1, 1.06, 0.94)])
def test_the_settling_favours_the_card_shown_though_its_view_has_another_cast(shown, other,
                                                                             cast):
    # the right card's only view came from a photo with a 6 % cast, the rival's did not;
    # before, the settling compared the whole card's shifted colour and chose the rival
    cell = laid(face(shown))
    registered = views.build(np.stack([views.view_of(laid(face(shown), cast)),
                                       views.view_of(laid(face(other)))]),
                             [pg.Card("dotted", "red", False, shown),
                              pg.Card("dotted", "red", False, other)])
    mx, my = round(views.VW * views.MARGIN), round(views.VH * views.MARGIN)
    tx, ty = round(views.VW * views.TRIM), round(views.VH * views.TRIM)
    lab = views._lab(views._soft(views.balance(cell, cell[my:my + views.VH, mx:mx + views.VW])))
    right = views._placed(lab, registered.templates[0], mx + tx, my + ty)
    rival = views._placed(lab, registered.templates[2], mx + tx, my + ty)
    assert views.duel(lab, right, rival) > 0
