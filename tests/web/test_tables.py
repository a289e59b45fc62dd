"""Web tests for the foundation: every endpoint, both faces (htmx fragment and whole page)."""

from __future__ import annotations

from urllib.parse import unquote

import pytest

from assistant.store import CODE_ALPHABET, format_code


def test_home_lists_the_four_games_and_no_table_codes(phone):
    resp = phone.get("/")
    text = resp.get_data(as_text=True)
    assert resp.status_code == 200
    for title in ("Liski: Ojojanie", "Pisanki", "Okoshki", "Kitsune"):
        assert title in text
    assert "No tables on this phone yet" in text and 'id="my-tables"' in text
    code = phone.new_table("okoshki")
    # The code is the only key to a table: the home page lists it to nobody (issue 15).
    home = phone.get("/").get_data(as_text=True)
    assert format_code(code) not in home and code not in home


@pytest.mark.parametrize("game", ["liski", "pisanki", "okoshki", "kitsune"])
def test_create_table_for_each_game(phone, game):
    code = phone.new_table(game)
    assert len(code) == 8 and set(code) <= set(CODE_ALPHABET)
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "<html" in page and 'id="table-main"' in page
    assert 'class="qr"' in page and format_code(code) in page


def test_unknown_game_is_refused(phone):
    phone.get("/")
    resp = phone.client.post("/tables", data={"game": "chess", "csrf_token": phone.token})
    assert resp.status_code == 400
    assert "Pick one of the four games" in resp.get_data(as_text=True)


def test_table_codes_are_not_sequential(phone):
    codes = {phone.new_table("kitsune") for _ in range(5)}
    assert len(codes) == 5


def test_join_by_typed_code_accepts_dashes_and_lower_case(phone):
    code = phone.new_table("pisanki")
    typed = format_code(code).lower()
    resp = phone.client.get("/join", query_string={"code": f" {typed} "})
    assert resp.status_code == 302 and resp.headers["Location"].endswith(f"/t/{code}")


def test_join_with_a_wrong_code_says_so(phone):
    resp = phone.client.get("/join", query_string={"code": "NOPE-NOPE"}, follow_redirects=True)
    assert "No table has the code NOPE-NOPE" in resp.get_data(as_text=True)


def test_missing_table_is_a_clear_404(client):
    resp = client.get("/t/ZZZZZZZZ")
    assert resp.status_code == 404
    assert "No table has this code" in resp.get_data(as_text=True)


def test_main_fragment_and_page_faces(phone):
    code = phone.new_table("liski")
    frag = phone.get(f"/t/{code}/main", headers={"HX-Request": "true"})
    assert "HX-Request" in frag.headers["Vary"]
    text = frag.get_data(as_text=True)
    assert text.lstrip().startswith("<section id=\"table-main\"") and "<html" not in text
    page = phone.get(f"/t/{code}/main")
    assert "<html" in page.get_data(as_text=True) and "HX-Request" in page.headers["Vary"]


def test_edit_answers_htmx_with_the_fragment(phone):
    code = phone.new_table("kitsune")
    resp = phone.edit(code, "players.add", name="Ala")
    text = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "<html" not in text
    assert 'value="Ala"' in text and phone.version == 1


def test_edit_answers_a_plain_form_with_a_redirect(phone):
    code = phone.new_table("kitsune")
    resp = phone.edit(code, "players.add", htmx=False, name="Ala")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/t/{code}")
    assert 'value="Ala"' in phone.get(f"/t/{code}").get_data(as_text=True)


def test_refused_edit_is_a_200_fragment_with_the_message(phone):
    code = phone.new_table("kitsune")
    resp = phone.edit(code, "players.add", name="   ")
    assert resp.status_code == 200
    assert "Type a name first." in resp.get_data(as_text=True)
    assert phone.version == 0


def test_refused_plain_form_shows_the_page_with_the_message(phone):
    code = phone.new_table("kitsune")
    resp = phone.edit(code, "players.add", htmx=False, name="")
    text = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "<html" in text and "Type a name first." in text


def test_unknown_op_is_refused_with_a_message(phone):
    code = phone.new_table("kitsune")
    assert "Unknown edit" in phone.edit(code, "launch.rocket").get_data(as_text=True)


def test_edit_without_csrf_token_is_refused(phone):
    code = phone.new_table("kitsune")
    resp = phone.client.post(f"/t/{code}/edit", data={"op": "players.add", "v": 0, "name": "X"})
    assert resp.status_code == 400
    assert "reload" in resp.get_data(as_text=True)


def test_htmx_edit_with_csrf_header(phone):
    code = phone.new_table("kitsune")
    resp = phone.client.post(
        f"/t/{code}/edit", data={"op": "players.add", "v": 0, "name": "Ola"},
        headers={"HX-Request": "true", "X-CSRF-Token": phone.token},
    )
    assert resp.status_code == 200 and 'value="Ola"' in resp.get_data(as_text=True)


def test_csrf_failure_for_htmx_is_one_plain_line(phone):
    code = phone.new_table("kitsune")
    resp = phone.client.post(
        f"/t/{code}/edit", data={"op": "players.add", "v": 0, "name": "X"},
        headers={"HX-Request": "true", "X-CSRF-Token": "wrong"},
    )
    assert resp.status_code == 400 and resp.mimetype == "text/plain"
    assert "\n" not in resp.get_data(as_text=True).strip()


def test_double_tap_with_the_same_nonce_makes_one_edit(phone):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala", nonce="tap-1")
    phone.edit(code, "players.add", name="Ala", nonce="tap-1", version=0)
    assert phone.version == 1
    assert "already a player" not in phone.get(f"/t/{code}").get_data(as_text=True)


def test_a_re_sent_edit_is_answered_with_its_own_seq(phone, phone2):
    # A worker killed after the commit but before its answer: the phone sends the tap again
    # (same nonce) after another phone's edit. It was answered with the newest edit's seq, so
    # its Undo would have taken back the other phone's edit (found by the hosted kill test).
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala")
    phone2.get(f"/t/{code}")

    def interact(who, nonce, **data):
        return who.client.post(f"/t/{code}/edit", data={
            "v": 1, "csrf_token": who.token, "nonce": nonce, **data},
            headers={"HX-Request": "true", "X-Interact": "1"})

    first = interact(phone, "tap-ala", op="player.age", index=0, age=9)
    interact(phone2, "tap-bo", op="players.add", name="Bo")
    again = interact(phone, "tap-ala", op="player.age", index=0, age=9)
    assert first.headers["X-Seq"] == again.headers["X-Seq"] == "2"
    assert again.headers["X-Version"] == "3"
    assert "Bo" not in unquote(again.headers["X-Done"])


def test_undo_takes_back_the_last_edit_whoever_made_it(phone, phone2):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala")
    phone2.get(f"/t/{code}")
    resp = phone2.edit(code, "undo", target=1)
    text = resp.get_data(as_text=True)
    assert 'value="Ala"' not in text and "undid: added player Ala" in text


def test_undo_twice_of_the_same_edit_undoes_once(phone):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala")
    phone.edit(code, "players.add", name="Bo")
    phone.edit(code, "undo", target=2, version=2)
    resp = phone.edit(code, "undo", target=2, version=2)
    text = resp.get_data(as_text=True)
    assert "already undone" in text and 'value="Ala"' in text


def test_undo_with_nothing_to_undo(phone):
    code = phone.new_table("kitsune")
    resp = phone.edit(code, "undo")
    assert "nothing to undo" in resp.get_data(as_text=True).lower()


def test_undo_plain_form_redirects(phone):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala")
    resp = phone.edit(code, "undo", htmx=False, target=1)
    assert resp.status_code == 303


def test_two_phones_naming_different_players_at_once_both_count(app, phone, phone2):
    code = phone.new_table("okoshki")
    phone2.get(f"/t/{code}")
    phone.edit(code, "players.rename", index=0, name="Ala")
    # phone2 still shows version 0: naming the other player touches another thing
    phone2.edit(code, "players.rename", index=1, name="Bo")
    names = [p["name"] for p in app.extensions["store"].get(code).state["players"]]
    assert names == ["Ala", "Bo"] and phone2.version == 2


def test_a_rename_after_a_removal_it_did_not_see_is_refused(phone, phone2):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala")
    phone.edit(code, "players.add", name="Bo")
    phone2.get(f"/t/{code}")
    phone.edit(code, "players.remove", index=0, name="Ala")
    # phone2 still shows Ala first: the removal moved Bo up, so renaming "player 1" conflicts
    resp = phone2.edit(code, "players.rename", index=0, name="Alicja")
    assert "Someone else changed this" in resp.get_data(as_text=True)


def test_poll_gives_version_and_304_when_unchanged(phone):
    code = phone.new_table("kitsune")
    resp = phone.client.get(f"/t/{code}/poll")
    assert resp.status_code == 200 and resp.json["version"] == 0
    assert int(resp.headers["X-Server-Ms"]) > 0
    again = phone.client.get(f"/t/{code}/poll", headers={"If-None-Match": resp.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    phone.edit(code, "players.add", name="Ala")
    changed = phone.client.get(f"/t/{code}/poll", headers={"If-None-Match": resp.headers["ETag"]})
    assert changed.status_code == 200 and changed.json["version"] == 1


def test_poll_of_a_missing_table_is_404(client):
    assert client.get("/t/ZZZZZZZZ/poll").status_code == 404


def test_healthz(client):
    resp = client.get("/healthz")
    assert resp.status_code == 200 and resp.json == {"ok": True}


def test_security_headers_on_every_page(client):
    resp = client.get("/")
    csp = resp.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert resp.headers["X-Content-Type-Options"] == "nosniff"


def test_session_cookie_is_samesite_lax(phone):
    resp = phone.client.get("/")
    assert "SameSite=Lax" in resp.headers["Set-Cookie"]


def test_pages_have_no_inline_script_and_load_nothing_from_outside(phone):
    code = phone.new_table("liski")
    for url in ("/", f"/t/{code}"):
        text = phone.get(url).get_data(as_text=True)
        assert "<script>" not in text and "onclick=" not in text
        assert 'src="http' not in text and 'href="http' not in text
        assert 'name="viewport"' in text


def test_a_huge_body_is_refused_with_413(phone):
    phone.get("/")
    resp = phone.client.post("/tables", data={"game": "x" * (21 * 1024 * 1024)})
    assert resp.status_code == 413
    assert "too large" in resp.get_data(as_text=True)


def test_manifest_and_vendored_htmx_are_served(client):
    for path in ("manifest.webmanifest", "vendor/htmx-2.0.4.min.js", "icons/icon-192.png"):
        with client.get(f"/static/{path}") as resp:
            assert resp.status_code == 200


def test_liski_timer_buttons_and_poll(phone):
    code = phone.new_table("liski")
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    assert 'id="timer"' in page and "Start" in page and "2:00" in page
    text = phone.edit(code, "timer.start").get_data(as_text=True)
    assert "Pause" in text and "End phase now" in text
    poll = phone.client.get(f"/t/{code}/poll").json
    assert poll["timer"]["status"] == "running" and poll["timer"]["phase"] == "ojojanie"
    assert poll["timer"]["ends_at_ms"] - poll["timer"]["server_ms"] <= 120_000
    text = phone.edit(code, "timer.pause").get_data(as_text=True)
    assert "Resume" in text and "Paused." in text


def test_liski_stale_start_from_a_second_phone_is_refused(phone, phone2):
    code = phone.new_table("liski")
    phone2.get(f"/t/{code}")
    phone.edit(code, "timer.start")
    text = phone2.edit(code, "timer.start").get_data(as_text=True)
    assert "Someone else changed this" in text and "Pause" in text


def test_form_fields_nest_and_collect_lists(phone, app):
    """`a.b` nests, `a[]` collects a list without its empty values, `data` JSON merges last."""
    code = phone.new_table("liski")
    phone.edit(code, "board.puchater.add", **{"name": "Bartek", "symbol": "pot",
                                              "abilities[]": ["", "fox", "draw"]})
    board = app.extensions["store"].get(code).state["board"]
    assert board["puchaters"][0]["abilities"] == ["fox", "draw"]
    phone.edit(code, "board.lib.save", **{"card.kind": "problem", "card.name": "Mokra skarpeta",
                                          "card.total": "4", "card.needs.crown": "2",
                                          "card.transition[]": ["leaf"]})
    lib = app.extensions["store"].get(code).state["board"]["library"]
    saved = next(c for c in lib if c["name"] == "Mokra skarpeta")
    assert (saved["total"], saved["needs"], saved["transition"]) == (4, {"crown": 2}, ["leaf"])


@pytest.mark.parametrize("fields", [{"card": "x", "card.kind": "problem"},
                                    {"a.b.c.d": "1"}, {"a..b": "1"}])
def test_form_fields_that_do_not_fit_are_a_400(phone, fields):
    code = phone.new_table("liski")
    resp = phone.edit(code, "board.lib.save", **fields)
    assert resp.status_code == 400
    assert "fields" in resp.get_data(as_text=True)
