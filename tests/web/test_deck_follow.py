"""A hosted server's processes share one deck folder: a deck registered, learned or forgotten
through one process is what every process reads with (register.follow)."""

from __future__ import annotations

from pathlib import Path

from assistant.vision import deck, register, synth
from tests.browser.test_deck_register import first_table_photo
from tests.web.test_recognize_api import post_photo


def _recognise(client, photo: bytes) -> list[list]:
    r = post_photo(client, "/api/pisanki/recognize", photo)
    assert r.status_code == 200, r.get_data(as_text=True)
    return [[cell["card"] for cell in row] for row in r.get_json()["grid"]]


def test_a_deck_learned_through_another_process_is_read_with(app, client, shared):
    folder = Path(app.config["DECK_FOLDER"])  # the app fixture resets the deck after
    photo, grid = first_table_photo(shared)
    truth = [[synth.card_json(c) for c in row] for row in grid]
    with_drawn = _recognise(client, photo)
    assert deck.REGISTERED["folder"] is None  # nothing registered yet: the drawn deck

    # Another process learns the table into the shared folder. This process knew the folder
    # empty: its own state is put back as it was (learn_pisanki switched it here).
    register.learn_pisanki(photo, truth, folder)
    register.use_folder(None)
    deck.REGISTERED["seen"] = (str(folder), ())

    with_learned = _recognise(client, photo)
    assert deck.REGISTERED["folder"] == folder
    right = [sum(g == t for grow, trow in zip(got, truth, strict=True)
                 for g, t in zip(grow, trow, strict=True)) for got in (with_drawn, with_learned)]
    assert right[1] == 24 and right[0] < 24, right  # deck 2 is not the drawn deck

    # ... and forgets it: this process goes back to the drawn deck at its next photo
    for p in folder.iterdir():
        if p.is_file():
            p.unlink()
    assert _recognise(client, photo) == with_drawn
    assert deck.REGISTERED["folder"] is None
