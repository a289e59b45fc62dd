"""POST /api/{pisanki,okoshki}/recognize: multipart photos in, INTERFACE JSON out."""

from __future__ import annotations

import json
from pathlib import Path

SAMPLES = Path(__file__).parents[2] / "sample_photos"
BOUNDARY = "xPhotoBoundaryx"


def post_photo(client, url, photo: bytes | None, **fields):
    """Send multipart/form-data built by hand (the test client's own builder leaves a temporary
    file open for big bodies, which the suite's warnings-as-errors would report)."""
    parts = []
    for k, v in fields.items():
        parts.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
                     .encode())
    if photo is not None:
        parts.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; '
                     f'filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'.encode() + photo
                     + b"\r\n")
    body = b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()
    return client.post(url, data=body, content_type=f"multipart/form-data; boundary={BOUNDARY}")


def test_recognize_pisanki_sample(client):
    photo = SAMPLES / "pisanki" / "table-105-3x6.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())
    resp = post_photo(client, "/api/pisanki/recognize", photo.read_bytes(), rows=3, cols=6)
    assert resp.status_code == 200
    got = [[c["card"] for c in row] for row in resp.json["grid"]]
    assert got == truth["grid"]
    assert 0 <= resp.json["grid"][0][0]["confidence"] <= 1 and resp.json["seconds"] > 0
    assert all(isinstance(c["unsure"], bool) for row in resp.json["grid"] for c in row)


def test_recognize_okoshki_sample(client):
    photo = SAMPLES / "okoshki" / "zone-201-10.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())
    resp = post_photo(client, "/api/okoshki/recognize", photo.read_bytes())
    assert resp.status_code == 200
    assert resp.json["zone"] == truth["zone"]
    assert {c["id"] for c in resp.json["cards"]} == {c["id"] for c in truth["cards"]}
    assert all(c["unsure"] is (c["confidence"] < 0.3) for c in resp.json["cards"])


def test_recognize_without_a_photo(client):
    resp = post_photo(client, "/api/okoshki/recognize", None, note="no photo")
    assert resp.status_code == 400 and "field 'photo'" in resp.json["error"]


def test_recognize_a_text_file(client):
    resp = post_photo(client, "/api/pisanki/recognize", b"not a photo at all")
    assert resp.status_code == 400 and "not a photo" in resp.json["error"]


def test_recognize_a_huge_upload_is_413(client):
    resp = post_photo(client, "/api/okoshki/recognize", b"\xff\xd8" + b"0" * (21 * 1024 * 1024))
    assert resp.status_code == 413 and "too large" in resp.json["error"]


def test_recognize_for_a_game_without_photos(client):
    resp = post_photo(client, "/api/kitsune/recognize", None, note="x")
    assert resp.status_code == 404


def test_recognize_pisanki_with_the_corners_the_player_dragged(client):
    photo = SAMPLES / "pisanki" / "table-105-3x6.jpg"
    corners = [[400, 300], [1600, 300], [1600, 1300], [400, 1300]]
    resp = post_photo(client, "/api/pisanki/recognize", photo.read_bytes(), rows=3, cols=6,
                      corners=json.dumps(corners))
    assert resp.status_code == 200 and resp.json["quad"] == corners
    for bad in ("[[1, 2]]", "nonsense", '[[0, 0], [1, 0], [1, 1], [0, "x"]]'):
        resp = post_photo(client, "/api/pisanki/recognize", photo.read_bytes(), rows=3, cols=6,
                          corners=bad)
        assert resp.status_code == 400 and "corners" in resp.json["error"]
