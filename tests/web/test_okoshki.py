"""The Okoshki page and API: zones, Game on / Stop, the sheet, both faces, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def tap(phone, code, player, kind, times=1, delta=1):
    resp = None
    for _ in range(times):
        resp = phone.edit(code, "zone.add", player=player, kind=kind, delta=delta)
    return resp.get_data(as_text=True)


def test_page_shows_both_zones_and_the_sheet(phone):
    code = phone.new_table("okoshki")
    text = phone.get(f"/t/{code}").get_data(as_text=True)
    assert 'id="zone-0"' in text and 'id="zone-1"' in text and 'id="score-sheet"' in text
    assert "Round <strong>1</strong> of 6" in text
    assert "New player's name" not in text  # always two players: rename only


def test_taps_count_and_sets_show(phone):
    code = phone.new_table("okoshki")
    text = tap(phone, code, 0, "owl", 3)
    assert "3 Owls" in text and "<strong>5</strong> pts" in text


def test_fourth_owl_is_refused_with_the_reason(phone):
    code = phone.new_table("okoshki")
    tap(phone, code, 0, "owl", 2)
    text = tap(phone, code, 1, "owl", 2)
    assert "The deck has only 3 such cards (Owl), and the other player has 2." in text


def test_game_on_refused_stop_then_allowed_stop(phone):
    code = phone.new_table("okoshki")
    tap(phone, code, 0, "owl", 3)
    text = phone.edit(code, "call.game_on", player=0).get_data(as_text=True)
    assert "Said Game on with 5." in text and "×2 Game on" in text
    text = phone.edit(code, "call.stop", player=0).get_data(as_text=True)
    assert "you may stop only with more (now 5)" in text
    tap(phone, code, 0, "cat", 4)
    text = tap(phone, code, 0, "cat_red", 1)  # 5 cats: 6 points now
    text = phone.edit(code, "call.stop", player=0).get_data(as_text=True)
    assert "Round <strong>2</strong> of 6" in text
    assert 'class="won">12' in text  # 6 doubled


def test_stop_without_a_set_is_refused(phone):
    code = phone.new_table("okoshki")
    text = phone.edit(code, "call.stop", player=1).get_data(as_text=True)
    assert "No set yet" in text


def test_a_tied_round_scores_nothing_and_keeps_the_dealer(phone):
    code = phone.new_table("okoshki")
    phone.edit(code, "dealer.set", player=1)
    text = phone.edit(code, "round.tie").get_data(as_text=True)
    assert ">tie" in text and "Round <strong>2</strong>" in text
    assert "Player 2 deals" in text


def test_six_rounds_then_the_winner_and_corrections(phone):
    code = phone.new_table("okoshki")
    for _ in range(6):
        phone.edit(code, "round.tie")
    text = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "(tie-break)" in text  # 0 : 0 after six rounds: one more round
    phone.edit(code, "round.fix", round=2, winner=1, total=7)
    text = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "<strong>Player 2</strong> wins the game!" in text  # the correction ended the game
    phone.edit(code, "round.fix", round=2, winner="none", total=0)
    assert "(tie-break)" in phone.get(f"/t/{code}").get_data(as_text=True)


def test_correction_needs_sensible_points(phone):
    code = phone.new_table("okoshki")
    phone.edit(code, "round.tie")
    text = phone.edit(code, "round.fix", round=0, winner=0, total=0).get_data(as_text=True)
    assert "between 1 and 200" in text


def test_undo_takes_back_a_stop(phone):
    code = phone.new_table("okoshki")
    tap(phone, code, 1, "cat_tabby", 3)
    phone.edit(code, "call.stop", player=1)
    text = phone.edit(code, "undo").get_data(as_text=True)
    assert "Round <strong>1</strong>" in text and "3 Gray Tabby Cats" in text


def test_face_to_face_is_a_choice_of_each_phone(phone, phone2):
    code = phone.new_table("okoshki")
    phone2.get(f"/t/{code}")
    resp = phone.client.get(f"/okoshki/face?on=1&next=/t/{code}")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/t/{code}")
    assert 'class="okoshki face-to-face"' in phone.get(f"/t/{code}").get_data(as_text=True)
    assert 'class="okoshki "' in phone2.get(f"/t/{code}").get_data(as_text=True)
    phone.client.get(f"/okoshki/face?on=0&next=/t/{code}")
    assert 'class="okoshki "' in phone.get(f"/t/{code}").get_data(as_text=True)
    # the way back never leaves this server
    assert phone.client.get("/okoshki/face?on=1&next=//evil.example/").headers["Location"].endswith("/")


def test_history_names_the_player(phone):
    code = phone.new_table("okoshki")
    phone.edit(code, "players.rename", index=0, name="Ola")
    phone.get(f"/t/{code}")
    tap(phone, code, 0, "owl", 3)
    text = phone.edit(code, "call.game_on", player=0, name="Ola").get_data(as_text=True)
    assert "Ola said Game on" in text and "player 1 said" not in text
    assert 'name="name" value="Ola"' in text  # every form of the zone carries the name


def test_correct_a_round_opens_with_that_rounds_values(phone):
    code = phone.new_table("okoshki")
    for p in (0, 1):
        tap(phone, code, p, "owl" if p == 0 else "cat_red", 3)
        phone.edit(code, "call.stop", player=p)
    text = phone.get(f"/t/{code}").get_data(as_text=True)
    form = text[text.index('id="fix-1"'):]
    form = form[:form.index("</form>")]
    assert '<option value="1" selected>' in form and 'name="total" inputmode="numeric" value="5"' in form
    # saving it as it opened is accepted (it used to open at round 1 with 0 points)
    text = phone.edit(code, "round.fix", round=1, winner=1, total=5).get_data(as_text=True)
    assert "flash-error" not in text and "corrected round 2" in text


def test_players_are_named_at_the_top(phone):
    code = phone.new_table("okoshki")
    text = phone.get(f"/t/{code}").get_data(as_text=True)
    assert text.index('aria-label="Name of player 1"') < text.index('id="zone-0"')
    assert text.count('aria-label="Name of player 1"') == 1


def test_plain_form_face(phone):
    code = phone.new_table("okoshki")
    resp = phone.edit(code, "zone.add", htmx=False, player=0, kind="sky")
    assert resp.status_code == 303


@pytest.mark.parametrize("bad", [{"player": 2, "kind": "sky"}, {"player": 0, "kind": "dragon"}])
def test_bad_zone_edits(phone, bad):
    code = phone.new_table("okoshki")
    text = phone.edit(code, "zone.add", **bad).get_data(as_text=True)
    assert "Pick one of the two players" in text or "not an Okoshki card" in text


def test_api_score(client):
    resp = client.post("/api/okoshki/score", json={"zone": {"cat": 4, "cat_red": 3}, "game_on": True})
    assert resp.status_code == 200
    assert resp.json == {"sets": [{"name": "7 Cats", "points": 3}, {"name": "3 Red Cats", "points": 5}],
                         "points": 8, "doubled": True, "total": 16}


@pytest.mark.parametrize(
    ("body", "ctype", "message"),
    [
        ('{"zone": {"owl": 4}}', "application/json", "zone.owl: 4 owl cards, but the deck has only 3"),
        ("{not json", "application/json", "the body is not valid JSON"),
        ('{"zone": {}}', "text/plain", "Content-Type: application/json"),
    ],
)
def test_api_bad_input_is_one_line_400(client, body, ctype, message):
    resp = client.post("/api/okoshki/score", data=body, content_type=ctype)
    assert resp.status_code == 400 and message in resp.json["error"]


def test_api_needs_no_csrf_and_unknown_game_is_404(client):
    assert client.post("/api/chess/score", json={}).status_code == 404


def run_cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "assistant.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_cli_score_okoshki_from_stdin():
    out = run_cli("score", "okoshki", "-", stdin=json.dumps({"zone": {"sky": 12}}))
    assert out.returncode == 0 and json.loads(out.stdout)["total"] == 3


def test_cli_bad_input_exits_2_with_one_line(tmp_path):
    f = tmp_path / "zone.json"
    f.write_text('{"zone": {"owl": 4}}')
    out = run_cli("score", "okoshki", str(f))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().count("\n") == 0 and "deck has only 3" in out.stderr
