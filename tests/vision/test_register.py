"""Registering a real deck: the cut faces become the references; forgetting restores the drawn."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from assistant.games import okoshki as ok
from assistant.vision import deck, register, synth
from assistant.vision import pisanki as vp


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def layout_photo() -> bytes:
    """The 48 Okoshki faces in 6 rows of 8, as laid out for registration, tinted like a
    real photo (so the registered faces differ from the drawn ones)."""
    canvas = np.full((1500, 2000, 3), (50, 60, 70), np.float32)
    faces = deck.okoshki_faces()
    for i, card in enumerate(ok.DECK):
        r, c = divmod(i, 8)
        x, y = 360 + c * 160, 70 + r * 224
        face = np.clip(faces[card.id].astype(np.float32) * (0.9, 1.0, 1.1), 0, 255)
        synth._paste(canvas, face.astype(np.uint8),
                     np.float32([[x, y], [x + 160, y], [x + 160, y + 224], [x, y + 224]]))
    return cv2.imencode(".jpg", np.clip(canvas, 0, 255).astype(np.uint8))[1].tobytes()


def test_okoshki_deck_registered_from_one_photo(tmp_path):
    ids = register.register_okoshki(layout_photo(), tmp_path)
    assert len(ids) == 48 and register.status(tmp_path)["okoshki"] == 48
    face = deck.okoshki_faces()["red-print-2"]
    drawn = deck.okoshki_face(ok.CARDS["red-print-2"])
    # the registered face is the photographed card (tinted), not the drawing
    assert face.shape == drawn.shape and np.abs(face.astype(int) - drawn.astype(int)).mean() > 3
    corr = np.corrcoef(face.astype(float).ravel(), drawn.astype(float).ravel())[0, 1]
    assert corr > 0.8  # and it is the right card
    register.forget(tmp_path)
    assert register.status(tmp_path)["okoshki"] == 0
    assert np.array_equal(deck.okoshki_faces()["red-print-2"], drawn)


def test_a_blank_registration_photo_is_refused(tmp_path):
    blank = cv2.imencode(".jpg", np.full((1200, 1600, 3), 90, np.uint8))[1].tobytes()
    with pytest.raises(register.RegisterError, match="No cards found"):
        register.register_okoshki(blank, tmp_path)


def test_pisanki_cards_learned_from_a_confirmed_photo(tmp_path):
    data, truth = synth.pisanki_photo(7, 3, 5, 1)
    before = len(vp.references()[0])
    n = register.learn_pisanki(data, truth["grid"], tmp_path)
    assert n == 15 and len(vp.references()[0]) == before + 15
    saved = json.loads((tmp_path / "pisanki.json").read_text())
    assert saved[0]["card"] == truth["grid"][0][0]
    # the photo is still read right with the learned cards among the references
    res = vp.recognise(data, 3, 5)
    assert [[synth.card_json(g.card) for g in row] for row in res.grid] == truth["grid"]


def test_deck_page_and_forms(phone):
    page = phone.get("/deck/")
    text = page.get_data(as_text=True)
    assert "Register your deck" in text and "6 rows of 8" in text and "red-print-2" in text
    resp = phone.client.post("/deck/okoshki", data={"csrf_token": phone.token})
    assert resp.status_code == 303 and "Choose+a+photo" in resp.headers["Location"]
