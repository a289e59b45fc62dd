"""The deck page's registration endpoints: what a confirmed table from the entry page holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.vision import register, synth


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def post_table(phone, photo: bytes, grid, **more: str) -> object:
    """Multipart built by hand (the test client's builder leaves a temporary file open for a
    big body, which the suite's warnings-as-errors would report); `more`: other fields."""
    phone.get("/deck/")
    b = "xDeckBoundaryx"
    fields = {"grid": json.dumps(grid), "csrf_token": phone.token, **more}
    body = b"".join(f'--{b}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
                    .encode() for k, v in fields.items())
    body += (f'--{b}\r\nContent-Disposition: form-data; name="photo"; filename="t.jpg"\r\n'
             f'Content-Type: image/jpeg\r\n\r\n'.encode() + photo + f"\r\n--{b}--\r\n".encode())
    return phone.client.post("/deck/pisanki", data=body,
                             content_type=f"multipart/form-data; boundary={b}")


def as_page_sends(grid: list[list]) -> list[list]:
    """The grid as the entry page sends it: a face-down card is {"down": true}, a flower-only
    card carries "egg": null."""
    return [[{"down": True} if c is None else dict(c) for c in row] for row in grid]


def test_a_table_with_flower_only_and_face_down_cards_is_learned(app, phone, drawn):
    data, truth = drawn(synth.pisanki_photo, 8, 3, 5, 1)
    grid = as_page_sends(truth["grid"])
    # the table holds a flower-only card (and a face-down one)
    grid[0][0] = {"cloth": "checked", "egg": None, "double": False, "flowers": ["pink", "pink"]}
    grid[2][4] = {"down": True}
    resp = post_table(phone, data, grid)
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json() == {"learned": 15}
    saved = json.loads((Path(app.config["DECK_FOLDER"]) / "pisanki.json").read_text())
    assert saved[0]["card"] == {"cloth": "checked", "egg": None, "double": False,
                                "flowers": ["pink", "pink"]}
    assert saved[14]["card"] is None


@pytest.mark.parametrize("card", [{"egg": "red"}, {"cloth": "checked"},
                                  {"cloth": "checked", "egg": None, "flowers": []}])
def test_a_card_without_its_cloth_or_without_egg_and_flowers_is_refused(phone, card, drawn):
    data, truth = drawn(synth.pisanki_photo, 8, 3, 5, 1)
    grid = as_page_sends(truth["grid"])
    grid[1][1] = card
    resp = post_table(phone, data, grid)
    assert resp.status_code == 400
    assert "tablecloth and egg" in resp.get_json()["error"]


def test_a_flower_only_card_with_two_kinds_of_flower_is_refused(phone, drawn):
    data, truth = drawn(synth.pisanki_photo, 8, 3, 5, 1)
    grid = as_page_sends(truth["grid"])
    grid[0][0] = {"cloth": "checked", "egg": None, "flowers": ["pink", "blue"]}
    resp = post_table(phone, data, grid)
    assert resp.status_code == 400 and "one kind" in resp.get_json()["error"]


def post_layouts(phone, *photos: bytes) -> object:
    """The Okoshki registration form with one or more photos (multipart built by hand)."""
    phone.get("/deck/")
    b = "xDeckBoundaryx"
    body = f'--{b}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{phone.token}\r\n'\
        .encode()
    for k, photo in enumerate(photos):
        body += (f'--{b}\r\nContent-Disposition: form-data; name="photo"; filename="{k}.jpg"'
                 f'\r\nContent-Type: image/jpeg\r\n\r\n'.encode() + photo + b"\r\n")
    body += f"--{b}--\r\n".encode()
    return phone.client.post("/deck/okoshki", data=body,
                             content_type=f"multipart/form-data; boundary={b}")


def test_after_a_refused_layout_photo_the_player_adds_just_the_missing_one(app, phone, drawn):
    import cv2
    import numpy as np

    from tests.vision.test_register import layout_photo

    folder = Path(app.config["DECK_FOLDER"])
    def with_glare(row: int, card: int) -> bytes:
        img = cv2.imdecode(np.frombuffer(drawn(layout_photo), np.uint8), cv2.IMREAD_COLOR)
        x, y = 360 + (card - 1) * 160, 70 + (row - 1) * 224  # a glare spot over that card
        img[y + 20:y + 200, x + 20:x + 140] = 255
        return cv2.imencode(".jpg", img)[1].tobytes()

    glare = with_glare(2, 3)
    refused = post_layouts(phone, glare)
    assert refused.status_code == 400
    assert "row 2 card 3 (glare)" in refused.get_data(as_text=True)
    assert register.status(folder)["okoshki"] == 0
    assert register.pending_photos(folder) == [glare]  # kept for the next try
    # a file that is no photo changes nothing kept
    assert post_layouts(phone, b"not a photo").status_code == 400
    assert register.pending_photos(folder) == [glare]
    # the player adds one photo, with glare on another card: alone it would be refused too
    done = post_layouts(phone, with_glare(5, 1))
    assert done.status_code == 303 and "registered" in done.headers["Location"]
    assert register.status(folder)["okoshki"] == 48
    assert register.pending_photos(folder) == []


def test_the_pending_photos_are_forgotten_with_the_deck(app, tmp_path):
    folder = tmp_path / "deck"
    register._keep_pending(folder, [b"a", b"b"])
    assert register.pending_photos(folder) == [b"a", b"b"]
    register.forget(folder)
    assert register.pending_photos(folder) == []
