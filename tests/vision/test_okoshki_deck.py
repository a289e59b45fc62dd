"""Okoshki with the players' own cards: registration by each card's outline, learning views
from an accepted zone (library, command line, page endpoint)."""

from __future__ import annotations

import io
import json

import cv2
import numpy as np
import pytest

from assistant.games import okoshki as ok
from assistant.vision import deck, outlines, register, synth
from assistant.vision import okoshki as vo
from assistant.vision.api import recognise_okoshki
from tests.vision.conftest import okoshki_grid


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def jpeg(img: np.ndarray) -> bytes:
    return cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def zone_photo() -> bytes:
    """Two drawn cards, turned, on a plain cloth (1600×1200)."""
    canvas = np.full((1200, 1600, 3), (60, 90, 40), np.float32)
    faces = deck.okoshki_faces()
    synth._paste(canvas, faces["red-print-2"],
                 np.float32([[600, 300], [800, 330], [760, 610], [560, 580]]))
    synth._paste(canvas, faces["blue-3"],
                 np.float32([[1300, 900], [1100, 880], [1120, 600], [1320, 620]]))  # upside down
    return jpeg(np.clip(canvas, 0, 255).astype(np.uint8))


def test_cards_apart_are_found_by_their_own_outlines():
    canvas = np.full((1200, 1600, 3), (60, 90, 40), np.uint8)
    faces = deck.okoshki_faces()
    want = [np.float32([[200, 200], [380, 210], [372, 462], [192, 452]]),
            np.float32([[900, 500], [1080, 500], [1080, 752], [900, 752]])]
    img = canvas.astype(np.float32)
    for q, cid in zip(want, ("green-1", "purple-print-4"), strict=True):
        synth._paste(img, faces[cid], q)
    found = outlines.card_quads(np.clip(img, 0, 255).astype(np.uint8))
    assert len(found) == 2
    for q in want:
        assert max(vo.iou(q, f) for f in found) > 0.9


def test_a_layout_with_gaps_is_cut_card_by_card(tmp_path):
    """Cards laid by hand with gaps (not edge to edge): each registered face is its own card,
    cut at its outline (a grid cut would slide off the cards)."""
    grid = okoshki_grid()
    faces = deck.okoshki_faces()
    data, truth = synth.hand_table_photo(41, grid, lambda cid: faces[cid], (deck.W, deck.H),
                                         turned=0.0, gap=(0.04, 0.04), ground="cloth")
    cut, faults = register.layout_cards(data)
    usable = [i for i, f in enumerate(faults) if f is None]
    assert len(usable) >= 40, faults

    def grey(img):
        g = cv2.cvtColor(cv2.resize(img, (50, 70), interpolation=cv2.INTER_AREA),
                         cv2.COLOR_BGR2GRAY).astype(np.float32).ravel()
        g -= g.mean()
        return g / np.linalg.norm(g)

    drawn = np.stack([grey(faces[c.id]) for c in ok.DECK])
    corr = [float(drawn[i] @ grey(cut[i])) for i in usable]
    print(f"\nlayout cut: {len(usable)} usable, correlation with the drawn face median "
          f"{np.median(corr):.3f} min {min(corr):.3f}")
    assert np.median(corr) > 0.85 and sum(c > 0.7 for c in corr) >= 40


def test_an_accepted_zone_teaches_views_that_recognition_uses(tmp_path):
    data = zone_photo()
    out = recognise_okoshki(data)
    assert sorted(c["id"] for c in out["cards"]) == ["blue-3", "red-print-2"]
    before = len(vo.view_table()[2])
    n = register.learn_okoshki(data, [{"id": c["id"], "quad": c["quad"]} for c in out["cards"]],
                               tmp_path)
    assert n == 2 and len(vo.view_table()[2]) == before + 2
    ids, views = vo.learned_views(tmp_path)
    assert ids == [c["id"] for c in out["cards"]] and views.shape[1:] == (vo.SH, vo.SW, 3)
    again = recognise_okoshki(data)  # the photo is still read right with the views among them
    assert sorted(c["id"] for c in again["cards"]) == ["blue-3", "red-print-2"]
    for _ in range(register.MAX_VIEWS):  # only the newest views of a card are kept
        register.learn_okoshki(data, [{"id": "blue-3", "quad": out["cards"][0]["quad"]}],
                               tmp_path)
    assert vo.learned_views(tmp_path)[0].count("blue-3") == register.MAX_VIEWS
    register.forget(tmp_path)
    assert vo.learned_views(tmp_path)[0] == [] and len(vo.view_table()[2]) == before


@pytest.mark.parametrize("cards", [None, {"id": "red-1"}, [{"id": "nope", "quad": [[0, 0]] * 4}],
                                   [{"id": "red-1", "quad": [[0, 0], [1, 1]]}]])
def test_learning_refuses_what_is_not_a_list_of_cards(cards, tmp_path):
    with pytest.raises(register.RegisterError, match="confirmed cards"):
        register.learn_okoshki(zone_photo(), cards, tmp_path)


def test_deck_command_learns_a_zone(tmp_path, capsys):
    from assistant.cli import main

    photo, answer = tmp_path / "zone.jpg", tmp_path / "zone.json"
    photo.write_bytes(zone_photo())
    folder = tmp_path / "deck"
    assert main(["recognize", "okoshki", str(photo), "--deck", str(folder)]) == 0
    answer.write_text(capsys.readouterr().out)  # the whole answer, as `recognize` printed it
    assert main(["deck", "learn", "okoshki", str(photo), str(answer), "--deck", str(folder)]) == 0
    assert json.loads(capsys.readouterr().out) == {"okoshki": 0, "pisanki": 0}
    assert len(vo.learned_views(folder)[0]) == 2


def test_the_zone_page_learns_the_cards_it_was_sure_of(phone, app):
    data = zone_photo()
    out = recognise_okoshki(data)
    cards = [{"id": c["id"], "quad": c["quad"]} for c in out["cards"] if not c["unsure"]]
    phone.get("/deck/")
    resp = phone.client.post("/deck/okoshki/learn", data={
        "csrf_token": phone.token, "cards": json.dumps(cards),
        "photo": (io.BytesIO(data), "photo.jpg")}, content_type="multipart/form-data")
    assert resp.status_code == 200 and resp.json == {"learned": len(cards)}
    bad = phone.client.post("/deck/okoshki/learn", data={
        "csrf_token": phone.token, "cards": "[1]", "photo": (io.BytesIO(data), "photo.jpg")},
        content_type="multipart/form-data")
    assert bad.status_code == 400 and "confirmed cards" in bad.json["error"]
