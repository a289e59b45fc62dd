"""Fixtures shared by the vision tests."""

from __future__ import annotations

from types import ModuleType

import cv2
import pytest

from assistant.games import okoshki as ok
from assistant.vision import okoshki_find, register, synth
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


def deck_layout(deck: ModuleType, seed: int) -> tuple[bytes, dict]:
    """A benchmark deck's 48 Okoshki cards laid out in order (recognition2.py registers
    seed 7500)."""
    faces = deck.okoshki_faces()
    return synth.hand_table_photo(seed, okoshki_grid(), lambda cid: faces[cid],
                                  (deck.W, deck.H), deck.mask(), turned=0.0, gap=(0.02, 0.05),
                                  ground="cloth")


def deck8_layout(seed: int) -> tuple[bytes, dict]:
    """Deck 8's 48 Okoshki cards laid out in order."""
    return deck_layout(deck8, seed)


@pytest.fixture(scope="session")
def deck_registered(shared, shared_folder):
    """`deck_registered(deck, dest)`: a benchmark deck's Okoshki half registered from its
    layout photo 7500 (as recognition2.py registers it), made once a run; a copy at `dest`,
    and the process recognising with it, as register_okoshki_photos leaves it."""
    def get(deck, dest):
        name = deck.__name__.rsplit(".", 1)[-1]

        def fill(folder):
            data, _ = shared(f"{name}-layout-7500", lambda: deck_layout(deck, 7500))
            register.register_okoshki_photos([data], folder)
            # its feature references built here too (kept in the folder, refcache), so that
            # each copy reads them rather than building them again (about 1 s of CPU each)
            register.use_folder(folder)
            okoshki_find.references()

        shared_folder(f"{name}-registered-7500", fill, dest)
        register.use_folder(dest)
        return dest

    return get


@pytest.fixture(scope="session")
def deck8_registered(deck_registered):
    """`deck8_registered(dest)`: deck 8 registered as `deck_registered` registers a deck."""
    return lambda dest: deck_registered(deck8, dest)
