"""Checks shared by the drawn decks' tests (decks 5–11): the rulebook's cards, how unlike each
other the faces are, the card shape kept in zone photos, the same faces each time, and how
benchmarks/recognition2.py takes the deck."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from assistant.games import pisanki as pg
from assistant.vision import synth


def blocks(face: np.ndarray) -> np.ndarray:
    """The face as 8 × 8-pixel block means: what a glance at the card shows."""
    h, w = face.shape[:2]
    return cv2.resize(face, (w // 8, h // 8), interpolation=cv2.INTER_AREA).astype(np.float32)


def least_difference(faces: list[np.ndarray]) -> float:
    """Over every pair of faces, the smallest of their largest block differences."""
    b = np.stack([blocks(f) for f in faces])
    least = np.inf
    for i in range(len(b) - 1):
        d = np.abs(b[i + 1:] - b[i]).reshape(len(b) - i - 1, -1).max(axis=1)
        least = min(least, float(d.min()))
    return least


def assert_the_rulebooks_75(cards: list) -> None:
    """The 75 exhibition cards: the rulebook's shapes, every egg, cloth and flower."""
    assert len(cards) == 75
    assert all(pg.card_problem(c.cloth, c.egg, c.double, c.flowers) is None for c in cards)
    shapes = Counter((c.egg is not None, c.double, len(c.flowers)) for c in cards)
    assert shapes == {(True, False, 0): 45, (True, False, 1): 12, (True, False, 2): 6,
                      (False, False, 2): 6, (True, True, 0): 6}
    assert {c.egg for c in cards if c.egg} == set(pg.EGGS)
    assert {c.cloth for c in cards} == {"checked", "striped", "dotted", "neutral"}
    assert {f for c in cards for f in c.flowers} == set(pg.FLOWERS)


def assert_zone_photo_keeps_shape(deck) -> None:
    """A zone photo's cards keep the deck's own long/short ratio (within 1 %)."""
    _, truth = synth.okoshki_photo(7600, 6, deck.okoshki_faces(), deck.mask())
    assert truth["cards"]
    for card in truth["cards"]:
        q = np.array(card["quad"])
        w, h = np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[3] - q[0])
        assert abs(h / w - deck.H / deck.W) < 0.01, (card["id"], h / w)


ROOT = Path(__file__).resolve().parents[2]


def assert_drawn_the_same(deck, index: int) -> None:
    """Deck `deck` draws its `index`-th Pisanki card and an Okoshki card alike each time."""
    card = deck.pisanki_deck()[index]
    first, first_ok = deck.pisanki_face(card).copy(), deck.okoshki_face("blue-print-3").copy()
    deck.pisanki_face.cache_clear()
    deck.okoshki_face.cache_clear()
    assert np.array_equal(deck.pisanki_face(card), first)
    assert np.array_equal(deck.okoshki_face("blue-print-3"), first_ok)


def recognition2_takes(number: int) -> str:
    """Run recognition2.py --deck `number` with nothing to recognise; its standard output."""
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "recognition2.py"),
                          "--deck", str(number), "--tables", "0", "--zones", "0"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def assert_judge_hides_mistakes(number: int) -> None:
    """recognition2.py lists deck `number`'s mistakes only with --show-mistakes."""
    code = ("import sys; sys.argv = ['recognition2']; import recognition2 as r; "
            f"r.D.number = {number}; print(r.shown(['seed 1 r0c0'])); "
            "r.D.show_mistakes = True; print(r.shown(['seed 1 r0c0']))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "benchmarks",
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        f"  (1 mistakes not listed: deck {number} is a judge; --show-mistakes lists them)", "[]",
        "['seed 1 r0c0']"]
