"""Okoshki registration of full-bleed cards on a dark stock (issue 27, deck 8): each face is
cut at its card's true outline, not inside it (a dark margin hardly differs from a dark
cloth, so the window's edge passed for the card's), and aligning the cards does not shear
one onto its picture."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.vision import register, synth
from benchmarks import deck8

UNIT = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])


def _layout(seed: int) -> tuple[bytes, dict]:
    grid = [[c.id for c in ok.DECK][r * 8:(r + 1) * 8] for r in range(6)]
    faces = deck8.okoshki_faces()
    return synth.hand_table_photo(seed, grid, lambda cid: faces[cid], (deck8.W, deck8.H),
                                  deck8.mask(), turned=0.0, gap=(0.02, 0.05), ground="cloth")


def _insets(quads: list, truth: list, scale: float) -> np.ndarray:
    """Per card: its cut's left, right, top and bottom inset, a share of the true card."""
    out = []
    for q, t in zip(quads, truth, strict=True):
        m = cv2.getPerspectiveTransform(np.float32(t) * scale, UNIT)
        u = cv2.perspectiveTransform(np.float32(q)[None], m)[0]
        out.append(((u[0, 0] + u[3, 0]) / 2, 1 - (u[1, 0] + u[2, 0]) / 2,
                    (u[0, 1] + u[1, 1]) / 2, 1 - (u[2, 1] + u[3, 1]) / 2))
    return np.array(out)


def test_full_bleed_faces_are_cut_at_their_true_outline():
    # before: cut 5.5 % inside at the right and 3.3 % at the bottom on average, every one of
    # the 48 cards with a side more than 4 % off
    data, truth = _layout(7501)
    quads: list = []
    register.layout_cards(data, quads_out=quads)
    scale = register.decode(data).shape[1] / synth.PHOTO_W
    a = _insets(quads, truth["cards"], scale)
    print("mean inset L R T B", a.mean(0).round(3), "worst", np.abs(a).max(0).round(3))
    assert np.abs(a.mean(0)).max() < 0.025, a.mean(0)
    assert int((np.abs(a) > 0.04).any(1).sum()) <= 4


def test_aligning_full_bleed_cards_does_not_shear_them():
    data, _ = _layout(7500)
    img = register.decode(data)
    quads: list = []
    register.layout_cards(data, quads_out=quads)
    # the cut cards, each sheared a little as a misled alignment would leave them
    bent = [q + np.float32([[3, 0], [3, 0], [-3, 0], [-3, 0]]) for q in quads]
    out = register.aligned(img, bent, square=True)
    worst = max(np.abs(register._corner_angles(o) - register._corner_angles(q)).max()
                for o, q in zip(out, bent, strict=True))
    assert worst <= register.SHEAR_MOST, worst
