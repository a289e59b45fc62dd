"""Fixtures shared by the vision tests."""

from __future__ import annotations

import cv2
import pytest

from assistant.games import okoshki as ok
from assistant.vision import register, synth
from benchmarks import deck8


@pytest.fixture
def two_threads():
    """OpenCV set to two threads for the test, the count before given back after."""
    before = cv2.getNumThreads()
    cv2.setNumThreads(2)
    yield
    cv2.setNumThreads(before)


def okoshki_grid() -> list[list[str]]:
    """The 48 Okoshki cards in deck order, 6 rows of 8: a registration layout."""
    return [[c.id for c in ok.DECK][r * 8:(r + 1) * 8] for r in range(6)]


def deck8_layout(seed: int) -> tuple[bytes, dict]:
    """Deck 8's 48 Okoshki cards laid out in order (recognition2.py registers seed 7500)."""
    grid = okoshki_grid()
    faces = deck8.okoshki_faces()
    return synth.hand_table_photo(seed, grid, lambda cid: faces[cid], (deck8.W, deck8.H),
                                  deck8.mask(), turned=0.0, gap=(0.02, 0.05), ground="cloth")


@pytest.fixture(scope="session")
def deck8_registered(shared, shared_folder):
    """`deck8_registered(dest)`: deck 8 registered from its layout photo 7500 (as
    recognition2.py registers it), made once a run; a copy at `dest`, and the process
    recognising with it, as register_okoshki_photos leaves it."""
    def fill(folder):
        data, _ = shared("deck8-layout-7500", lambda: deck8_layout(7500))
        register.register_okoshki_photos([data], folder)

    def get(dest):
        shared_folder("deck8-registered-7500", fill, dest)
        register.use_folder(dest)
        return dest

    return get
