"""Issue 26, "Words" and the small server fixes: Polish pages speak Polish with the right case,
and refusals name the right thing."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from urllib.parse import unquote

from babel.support import Translations

from assistant.reducers.liski_board import _item_text
from assistant.web.i18n import TRANSLATIONS, compile_catalogues
from tests.conftest import Phone
from tests.web.test_liski_board import laid, lpost


def polish(message):
    compile_catalogues()
    pl = Translations.load(str(TRANSLATIONS), ["pl"])
    return message.render(pl.gettext, pl.ngettext, pl)


def test_cards_back_to_the_hand_are_polish_words():
    assert polish(_item_text({"kind": "ojojanie", "symbols": ["flower", "leaf", "boat"]})) == (
        "ojojanie czerwony kwiat+zielony liść+niebieska łódka")
    assert polish(_item_text({"kind": "greykit"})) == "szara kita"  # the edition's word (GLOSSARY)
    assert polish(_item_text({"kind": "fox", "any": True})) == "lis: dowolny"


def liski_report(phone, lang):
    code = phone.new_table("liski")
    phone.client.set_cookie("lang", lang)
    lpost(phone, code, "board.puchater.add", name="Lisi Mag", symbol="pot")
    lpost(phone, code, "board.nightmare.set", library="Zmarzlin")
    lpost(phone, code, "board.complication.set", pos="0", library="Kanapka z koszmarem")
    lpost(phone, code, "board.setup")
    lpost(phone, code, "board.card.add", col="1", library="Pogryziony ołówek")
    for sym, tr in (("crown", "flower"), ("flower", "leaf"), ("leaf", "")):
        lpost(phone, code, "board.stack.add", laid("ojojanie", sym, tr), col="1")
    state = phone.client.application.extensions["store"].get(code).state
    lpost(phone, code, "board.marker", col="1", puchater=str(state["board"]["puchaters"][0]["id"]))
    lpost(phone, code, "board.card.add", {"card.kind": "problem", "card.total": "9",
                                          "card.needs.crown": "1", "card.needs.leaf": "3"},
          col="0")
    lpost(phone, code, "board.stack.add", laid("ojojanie", "pot"), col="0")
    phone.edit(code, "timer.start")
    phone.edit(code, "timer.end")
    return code, lpost(phone, code, "board.problems")


def test_the_polish_problems_report(phone):
    _code, text = liski_report(phone, "pl")
    assert "pokonana; ser: Lisi Mag 1" in text
    assert " ;" not in text
    assert "(brakuje 3 koron, 2 niebieskich łódek, 3 zielonych liści" in text  # genitive
    # The puchater's abilities say what it can do, not what happened.
    assert "adoptuj szarą kitę" in text and "zaadoptowano" not in text


def test_the_toast_says_what_was_done_in_polish(phone):
    code = phone.new_table("pisanki")
    phone.client.set_cookie("lang", "pl")
    for name in ("Ala", "Bartek"):
        phone.edit(code, "players.add", name=name)
    resp = phone.client.post(f"/t/{code}/edit", headers={"HX-Request": "true", "X-Interact": "1"},
                             data={"op": "players.remove", "v": phone.version, "index": "1",
                                   "name": "Bartek", "csrf_token": phone.token})
    assert unquote(resp.headers["X-Done"]) == "Usunięto gracza Bartek."


def test_english_left_on_polish_pages(phone):
    code = phone.new_table("kitsune")
    phone.client.set_cookie("lang", "pl")
    text = phone.get(f"/t/{code}").get_data(as_text=True)
    assert 'aria-label="Kod QR do dołączenia"' in text
    deck = phone.get("/deck").get_data(as_text=True)
    assert 'title="blue-print-1"' not in deck and "-print-" not in deck


def test_dates_are_written_for_the_phone(phone):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala", age=9)
    phone.edit(code, "players.add", name="Bo", age=11)
    phone.edit(code, "area.add", player=0, colour="red")  # played: the history lists it
    phone.client.set_cookie("lang", "pl")
    final = phone.get(f"/t/{code}/final").get_data(as_text=True)
    assert '<time datetime="' in final and 'data-local="time"' in final
    history = phone.get("/history").get_data(as_text=True)
    assert 'data-local="date"' in history
    for month in ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                  "Dec"):
        assert f" {month} " not in history


def test_kitsune_offers_again_only_with_again_in_hand_and_prints_keep_going(phone):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala", age=9)
    phone.edit(code, "players.add", name="Bo", age=11)
    text = phone.edit(code, "turn.reveal", card="red").get_data(as_text=True)
    assert "if you play AGAIN" in text and "KEEP GOING 1" in text and "KEEP 1" not in text
    phone.edit(code, "turn.reveal", card="red")
    phone.edit(code, "turn.again")
    text = phone.edit(code, "turn.reveal", card="blue").get_data(as_text=True)
    assert "if you play AGAIN" not in text


def test_python_m_assistant_runs():
    out = subprocess.run([sys.executable, "-m", "assistant", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and "serve" in out.stdout


def test_result_csv_says_its_charset_once(phone):
    code = phone.new_table("kitsune")
    resp = phone.client.get(f"/t/{code}/result.csv")
    assert resp.headers["Content-Type"] == "text/csv; charset=utf-8"


def test_a_61_letter_puchater_name_is_refused_with_a_word(phone):
    code = phone.new_table("liski")
    text = lpost(phone, code, "board.puchater.add", name="M" * 61, symbol="pot")
    assert "A name has at most 24 letters." in text
    state = phone.client.application.extensions["store"].get(code).state
    assert state["board"]["puchaters"] == []


def test_a_player_the_table_does_not_have_is_said(phone):
    code = phone.new_table("pisanki")
    for name in ("Ala", "Bo", "Ce", "Di"):
        phone.edit(code, "players.add", name=name)
    text = phone.get(f"/t/{code}?p=4").get_data(as_text=True)
    assert "This table has no player ?p=4" in text
    assert "This table has no player" not in phone.get(f"/t/{code}?p=3").get_data(as_text=True)


def test_one_phones_typos_do_not_lock_out_the_next_phone(phone, app):
    phone.get("/")
    for i in range(20):
        assert phone.client.get(f"/t/{'Z' * 7}{'ABCDEFGHJKMNPQRTWXY34'[i]}").status_code == 404
    assert phone.client.get("/t/ZZZZZZZZ").status_code == 429
    other = Phone(app.test_client())
    other.get("/")
    assert other.client.get("/t/ZZZZZZZA").status_code == 404  # its first typo: not 429


def test_refusals_name_the_right_thing(phone):
    code = phone.new_table("liski")
    lpost(phone, code, "board.puchater.add", name="Lisi Mag", symbol="pot")
    lpost(phone, code, "board.setup")
    text = lpost(phone, code, "board.card.add", {"card.kind": "problem", "card.total": "3",
                                                 "card.needs.crown": "²"}, col="0")
    assert "Type a number of symbols from 0 to 20." in text and "0 or more" not in text
    resp = phone.client.post("/deck/pisanki", content_type="multipart/form-data",
                             data={"photo": (io.BytesIO(b"x"), "x.jpg"), "grid": json.dumps(None),
                                   "csrf_token": phone.token})
    assert "4 × 6" not in resp.get_data(as_text=True)


def test_okoshki_default_names_read_polish_on_a_polish_phone(phone, app):
    code = phone.new_table("okoshki")
    phone.edit(code, "phone.name", name="Player 1")  # named on an English phone
    polish_phone = Phone(app.test_client())
    polish_phone.client.set_cookie("lang", "pl")
    text = polish_phone.get(f"/t/{code}").get_data(as_text=True)
    assert ">Gracz 2</button>" in text
    assert "Player 1" not in text.replace('value="Player 1"', "").replace(
        'value="Player 2"', "")
