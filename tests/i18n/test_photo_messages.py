"""Photo refusals and recognition warnings read in the phone's language; the API stays English."""

from __future__ import annotations

import io

import pytest
from babel.support import Translations

from assistant.vision.register import RegisterError, register_okoshki_photos
from assistant.web.i18n import TRANSLATIONS, compile_catalogues
from tests.conftest import TOKEN_RE
from tests.vision import bombs

PL = {"Accept-Language": "pl-PL,pl;q=0.9"}
PAGE = {"X-Assistant-Page": "1"}


@pytest.fixture(scope="module")
def pl():
    compile_catalogues()
    return Translations.load(str(TRANSLATIONS), ["pl"])


def upload(client, data: bytes, headers: dict):
    return client.post("/api/okoshki/recognize", headers=headers,
                       data={"photo": (io.BytesIO(data), "photo.webp")},
                       content_type="multipart/form-data")


def test_a_refusal_with_numbers_reads_in_polish_on_the_page_and_english_in_the_api(client):
    big = bombs.webp(7000, 7000)  # 49 MP in its header: refused before decoding
    api = upload(client, big, PL)  # an API client: English whatever its Accept-Language
    assert api.status_code == 400
    assert api.get_json()["error"] == ("The image is too large for a WebP (49 megapixels; at "
                                       "most 16): send the camera's JPEG.")
    page = upload(client, big, {**PL, **PAGE})  # what photo.js sends
    assert page.status_code == 400
    assert page.get_json()["error"] == ("Obraz jest za duży jak na WebP (49 Mpx; najwyżej 16 Mpx):"
                                        " wyślij JPEG z aparatu.")
    english_page = upload(client, big, PAGE)
    assert english_page.get_json()["error"] == api.get_json()["error"]


def test_the_pages_warnings_are_translated_too(client):
    blank = bombs.png(800, 600)  # a real, plain image: no cards on it
    api = upload(client, blank, PL)
    assert api.status_code == 200 and api.get_json()["warnings"] == ["No cards found on this photo."]
    page = upload(client, blank, {**PL, **PAGE})
    assert page.get_json()["warnings"] == ["Na tym zdjęciu nie znaleziono kart."]


def test_the_deck_page_says_what_is_wrong_with_the_photo_in_polish(client):
    token = TOKEN_RE.search(client.get("/deck/", headers=PL).get_data(as_text=True)).group(1)
    resp = client.post("/deck/okoshki", headers=PL, content_type="multipart/form-data",
                       data={"photo": (io.BytesIO(b"not a photo at all"), "x.jpg"),
                             "csrf_token": token})
    assert resp.status_code == 400
    text = resp.get_data(as_text=True)
    assert "Ten plik nie jest zdjęciem (wyślij JPEG, PNG lub WebP)." in text
    assert '<html lang="pl">' in text


@pytest.mark.parametrize("n, words", [(1, "i jeszcze 1 karta"), (2, "i jeszcze 2 karty"),
                                      (5, "i jeszcze 5 kart"), (12, "i jeszcze 12 kart"),
                                      (22, "i jeszcze 22 karty"), (25, "i jeszcze 25 kart")])
def test_the_retake_line_names_cells_and_counts_the_rest_in_polish(pl, n, words):
    from assistant.messages import Message, join, nmsg

    cells = join(*(Message("row %(row)d card %(card)d (%(fault)s)", row=1, card=c,
                           fault=Message("glare")) for c in (1, 2)))
    more = nmsg("and %(num)d more card", "and %(num)d more cards", n)
    exc = RegisterError("Retake (or add a photo of) %(cells)s: nothing was saved.",
                        cells=join(cells, more, sep=" "))
    assert exc.message.render(pl.gettext, pl.ngettext) == (
        f"Sfotografuj ponownie (albo dodaj zdjęcie): rząd 1, karta 1 (odblask), rząd 1, karta 2 "
        f"(odblask) {words}. Nic nie zapisano.")
    assert str(exc).startswith("Retake (or add a photo of) row 1 card 1 (glare), row 1 card 2")


def test_a_registration_refusal_is_a_message(pl, tmp_path):
    with pytest.raises(RegisterError) as err:
        register_okoshki_photos([], tmp_path)
    assert err.value.message.render(pl.gettext, pl.ngettext) == (
        "Wyślij od jednego do trzech zdjęć 48 kart ułożonych w 6 rzędach po 8.")


def test_kitsunes_turn_notes_read_in_each_phones_language(pl):
    """The final page's "Turn notes" come from the state as Messages, not English text."""
    from assistant.registry import reducer_for

    r = reducer_for("kitsune")
    s = r.initial_state()
    for name, age in (("Ala", 9), ("Bo", 11)):
        s = r.apply(s, "players.add", {"name": name, "age": age}, 0)
    for op, data in (("turn.reveal", {"card": "red"}), ("turn.reveal", {"card": "green"}),
                     ("turn.reveal", {"card": "red"}), ("turn.bust", {})):
        s = r.apply(s, op, data, 0)
    assert [str(line) for line in s["log"]] == ["Ala busted"]
    assert s["log"][0].render(pl.gettext, pl.ngettext) == "Ala: tura przepadła"
