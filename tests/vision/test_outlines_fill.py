"""Issue 27: a card's light blob is filled whole when its inside is an island within the thin
dark ring of a keyline (deck 4's cards on a zone photo were never outlined: their insides came
out dark, filled even-odd with the rim around them)."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import outlines


def keyline_card(mask: np.ndarray, x: int, y: int, w: int = 140, h: int = 196) -> None:
    """A light card drawn into a mask: its rim, the thin dark ring of a keyline inside it, a
    light inside holding a dark picture, and a light window in that picture."""
    cv2.rectangle(mask, (x, y), (x + w, y + h), 255, -1)
    cv2.rectangle(mask, (x + 8, y + 8), (x + w - 8, y + h - 8), 0, 3)  # the keyline
    cv2.rectangle(mask, (x + 25, y + 40), (x + w - 25, y + h - 30), 0, -1)  # the picture
    cv2.rectangle(mask, (x + 45, y + 70), (x + w - 45, y + h - 60), 255, -1)  # a window


def test_a_card_inside_its_keyline_ring_is_filled_whole():
    fg = np.zeros((400, 600), np.uint8)
    keyline_card(fg, 40, 60)
    filled = outlines.fill_holes(fg)
    inside = filled[60 + 12:60 + 196 - 12, 40 + 12:40 + 140 - 12]
    assert (inside == 255).mean() > 0.99


def test_the_thin_gap_between_two_touching_cards_stays_open():
    fg = np.zeros((400, 600), np.uint8)
    keyline_card(fg, 40, 60)
    keyline_card(fg, 184, 60)  # 4 px to the right of the first card
    fg[60:64, 180:184] = 255  # the two touch at both ends of the gap between them
    fg[60 + 192:60 + 197, 180:184] = 255
    filled = outlines.fill_holes(fg)
    assert (filled[80:230, 181:183] == 0).mean() > 0.95
