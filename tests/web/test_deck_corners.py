"""POST /deck/pisanki with the outline the player dragged: the cells learned are cut along it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.vision import register, synth
from tests.web.test_deck import as_page_sends, post_table


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def test_the_dragged_outline_is_the_one_learned(app, phone, tmp_path, drawn):
    data, truth = drawn(synth.pisanki_photo, 8, 3, 5, 1)
    corners = [[300.0, 200.0], [1500.0, 210.0], [1490.0, 1100.0], [310.0, 1090.0]]
    resp = post_table(phone, data, as_page_sends(truth["grid"]), corners=json.dumps(corners))
    assert resp.status_code == 200, resp.get_json()
    register.learn_pisanki(data, truth["grid"], tmp_path / "mine", corners)
    kept = (Path(app.config["DECK_FOLDER"]) / "pisanki.json").read_text()
    assert json.loads(kept) == json.loads((tmp_path / "mine" / "pisanki.json").read_text())


@pytest.mark.parametrize("corners, says", [("[[1, 2]]", "four [x, y] points"),
                                           ("not json", "corners could not be read")])
def test_corners_that_are_no_outline_are_refused(phone, corners, says, drawn):
    data, truth = drawn(synth.pisanki_photo, 8, 3, 5, 1)
    resp = post_table(phone, data, as_page_sends(truth["grid"]), corners=corners)
    assert resp.status_code == 400 and says in resp.get_json()["error"]
