"""Choosing the language: Accept-Language, ?lang, the cookie; refusals and history per phone."""

from __future__ import annotations

import json
import re

from assistant.messages import Message, nmsg

PL = {"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.8"}
JSON_RE = re.compile(r'<script type="application/json" id="i18n-strings">(.*?)</script>', re.S)


def html_lang(resp):
    return re.search(r'<html lang="(\w+)">', resp.get_data(as_text=True)).group(1)


def test_accept_language_picks_polish_else_english(client):
    assert html_lang(client.get("/", headers=PL)) == "pl"
    assert html_lang(client.get("/", headers={"Accept-Language": "de-DE,de"})) == "en"
    assert html_lang(client.get("/")) == "en"
    assert "Dołącz do stołu" in client.get("/", headers=PL).get_data(as_text=True)


def test_lang_parameter_sets_a_cookie_that_wins_over_the_phone(client):
    resp = client.get("/?lang=en", headers=PL)
    assert html_lang(resp) == "en"
    assert "lang=en" in resp.headers["Set-Cookie"]
    assert html_lang(client.get("/", headers=PL)) == "en"  # remembered
    assert html_lang(client.get("/?lang=pl")) == "pl"
    assert html_lang(client.get("/")) == "pl"


def test_unknown_lang_is_ignored(client):
    resp = client.get("/?lang=xx", headers=PL)
    assert html_lang(resp) == "pl"
    assert "Set-Cookie" not in resp.headers or "lang=" not in resp.headers["Set-Cookie"]


def test_switch_on_every_page_links_both_languages(client, phone):
    code = phone.new_table("kitsune")
    for url in ("/", f"/t/{code}", "/deck/"):
        text = client.get(url, headers=PL).get_data(as_text=True)
        assert 'hreflang="en"' in text and 'hreflang="pl"' in text, url


def test_js_strings_come_from_the_catalogue(client):
    data = json.loads(JSON_RE.search(client.get("/", headers=PL).get_data(as_text=True)).group(1))
    assert data["lang"] == "pl"
    assert data["s"], "no JS strings in Polish"
    assert all(k != v for k, v in data["s"].items())
    en = json.loads(JSON_RE.search(client.get("/").get_data(as_text=True)).group(1))
    assert en == {"lang": "en", "s": {}, "p": {}}


def test_refusal_reads_in_the_phones_language(phone):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala")
    phone.client.set_cookie("lang", "pl")
    resp = phone.edit(code, "players.add", name="ala")
    assert "Przy stole jest już gracz o imieniu ala." in resp.get_data(as_text=True)
    phone.client.set_cookie("lang", "en")
    resp = phone.edit(code, "players.add", name="ala")
    assert "There is already a player called ala." in resp.get_data(as_text=True)


def test_two_phones_read_one_history_each_in_its_language(phone, phone2):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ola")
    phone2.client.set_cookie("lang", "pl")
    assert "dodano gracza Ola" in phone2.get(f"/t/{code}").get_data(as_text=True)
    assert "added player Ola" in phone.get(f"/t/{code}").get_data(as_text=True)


def test_api_stays_english(client):
    resp = client.post("/api/kitsune/score", data="{", headers={**PL, "Content-Type": "application/json"})
    assert resp.status_code == 400
    assert resp.get_json()["error"].startswith("the body is not valid JSON")


def test_messages_are_english_without_a_translator():
    assert str(Message("There is already a player called %(name)s.", name="Ala")) == (
        "There is already a player called Ala.")
    assert str(nmsg("%(num)d crown", "%(num)d crowns", 1)) == "1 crown"
    assert str(nmsg("%(num)d crown", "%(num)d crowns", 5)) == "5 crowns"
