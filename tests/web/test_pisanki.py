"""The Pisanki pages and API: setup, cells, the sheet fragment, the JSON edit answer."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from assistant.games import pisanki as pg
from assistant.reducers import EditError
from assistant.reducers.pisanki import clean_cell
from assistant.registry import reducer_for

CASE = json.loads((Path(__file__).parents[1] / "games/cases/pisanki/g01_two_players_bunny.json").read_text())


def setup_table(phone, names=("Ala", "Olek")):
    code = phone.new_table("pisanki")
    for n in names:
        phone.edit(code, "players.add", name=n)
    return code


def test_page_before_and_after_players(phone):
    code = phone.new_table("pisanki")
    assert "Add the players below in seating order" in phone.get(f"/t/{code}").get_data(as_text=True)
    setup_table(phone)
    text = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "Scoring cards" in text and "0 of 9 chosen" in text


def test_choices_fragment_lists_the_seventeen_egg_cards(phone):
    code = setup_table(phone)
    text = phone.get(f"/t/{code}/pisanki/choices?slot=egg:red").get_data(as_text=True)
    assert text.count('name="number"') == 17 and "+6 per 2×2" in text
    assert phone.client.get(f"/t/{code}/pisanki/choices?slot=egg:pink").status_code == 400


def test_choosing_a_scoring_card(phone):
    code = setup_table(phone)
    text = phone.edit(code, "pisanki.scoring", slot="egg:red", number=7).get_data(as_text=True)
    assert "1 of 9 chosen" in text and "#7 +6 per 2×2" in text
    bad = phone.edit(code, "pisanki.scoring", slot="flowers", number=4).get_data(as_text=True)
    assert "from 1 to 3" in bad


def test_bunny_only_shows_with_two_players(phone):
    code = setup_table(phone, ("A", "B", "C"))
    assert "The Bunny's eggs" not in phone.get(f"/t/{code}").get_data(as_text=True)
    code2 = setup_table(phone)
    assert "The Bunny's eggs" in phone.get(f"/t/{code2}").get_data(as_text=True)
    assert "from 0 to 48" in phone.edit(code2, "pisanki.bunny", egg="red", count=99).get_data(as_text=True)


def enter_case(phone, code):
    """Enter g01 by cell edits, as the page's island does, and the scoring cards."""
    for slot, n in {**{f"egg:{e}": v for e, v in CASE["input"]["scoring"]["eggs"].items()},
                    **{k: CASE["input"]["scoring"][k] for k in ("flowers", "tablecloths", "display")}}.items():
        phone.edit(code, "pisanki.scoring", slot=slot, number=n)
    for egg, n in CASE["input"]["bunny"].items():
        phone.edit(code, "pisanki.bunny", egg=egg, count=n)
    for p, player in enumerate(CASE["input"]["players"]):
        for r, row in enumerate(player["grid"]):
            for c, cell in enumerate(row):
                resp = phone.client.post(f"/t/{code}/edit", data={
                    "op": "pisanki.cell", "v": phone.version, "csrf_token": phone.token,
                    "player": p, "name": player["name"], "r": r, "c": c,
                    "data": json.dumps({"cell": cell if cell else {"down": True}})},
                    headers={"HX-Request": "true", "X-Interact": "1"})
                assert resp.headers.get("X-Error") is None and resp.headers["X-Seq"]
                phone.version = int(resp.headers["X-Version"])


def test_a_whole_game_entered_cell_by_cell_scores_as_the_hand_worked_case(phone):
    code = setup_table(phone)
    enter_case(phone, code)
    text = phone.get(f"/t/{code}/pisanki/sheet", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in text and ">59</th>" in text and ">21</th>" in text
    assert "Still to enter" not in text and "<strong>Ala</strong> wins" in text


def test_sheet_page_face(phone):
    code = setup_table(phone)
    assert "<html" in phone.get(f"/t/{code}/pisanki/sheet").get_data(as_text=True)


def test_cell_edit_answer_reports_refusals_in_headers(phone):
    code = setup_table(phone)
    resp = phone.client.post(f"/t/{code}/edit", data={
        "op": "pisanki.cell", "v": phone.version, "csrf_token": phone.token, "player": 0,
        "name": "Ala", "r": 0, "c": 0,
        "data": json.dumps({"cell": {"cloth": "striped", "egg": "red", "double": True}})},
        headers={"HX-Request": "true", "X-Interact": "1"})
    assert resp.headers["X-Error"] == "1"
    assert unquote(resp.headers["X-Message"]) == "Double eggs are only on the neutral tablecloth."


def test_cell_outside_the_table_for_five_players(phone):
    code = setup_table(phone, ("A", "B", "C", "D", "E"))
    text = phone.edit(code, "pisanki.cell", player=0, name="A", r=0, c=5,
                      data=json.dumps({"cell": {"cloth": "dotted"}})).get_data(as_text=True)
    assert "The table is 3 × 5: no cell F1." in text


def test_a_cell_edit_for_a_renamed_player_is_refused(phone):
    code = setup_table(phone)
    text = phone.edit(code, "pisanki.cell", player=0, name="Zed", r=0, c=0,
                      data=json.dumps({"cell": {"cloth": "dotted"}})).get_data(as_text=True)
    assert "belongs to someone else" in text


@pytest.mark.parametrize(
    ("cell", "message"),
    [({"cloth": "plaid"}, "not a tablecloth"), ({"egg": "pink"}, "not an egg"),
     ({"cloth": "dotted", "flowers": ["pink", "blue"]}, "one kind"),
     ({"cloth": "neutral", "double": True}, "needs an egg"),
     ({"cloth": "neutral", "egg": "red", "double": True, "flowers": ["pink"]}, "no flowers")],
)
def test_clean_cell_refuses_impossible_cards(cell, message):
    with pytest.raises(EditError, match=message):
        clean_cell(cell)


@pytest.mark.parametrize(("cell", "card"), [
    # RULES.md: "a neutral card is always a double egg": an egg painted on neutral is double
    ({"cloth": "neutral", "egg": "red"}, {"cloth": "neutral", "egg": "red", "double": True, "flowers": []}),
    ({"cloth": "neutral", "egg": "blue", "flowers": ["pink"]},
     {"cloth": "neutral", "egg": "blue", "double": True, "flowers": []}),
    ({"cloth": "neutral"}, {"cloth": "neutral", "egg": None, "double": False, "flowers": []}),  # partly entered
])
def test_an_egg_on_neutral_is_the_double_egg(cell, card):
    assert clean_cell(cell) == card


def test_a_neutral_cell_without_egg_is_still_to_enter():
    cell = clean_cell({"cloth": "neutral", "flowers": ["pink", "pink"]})
    assert pg.cell_card(cell) is None and "neutral card is a double egg" in pg.cell_issue(cell)


def test_seventh_double_egg_is_refused():
    r = reducer_for("pisanki")
    s = r.initial_state()
    s = r.apply(s, "players.add", {"name": "A"}, 0)
    s = r.apply(s, "players.add", {"name": "B"}, 0)
    double = {"cloth": "neutral", "egg": "red", "double": True}
    for c in range(6):
        s = r.apply(s, "pisanki.cell", {"player": 0, "r": 0, "c": c, "cell": double}, 0)
    with pytest.raises(EditError, match="at most 6 double eggs"):
        r.apply(s, "pisanki.cell", {"player": 0, "r": 1, "c": 0, "cell": double}, 0)


def test_api_score_pisanki(client):
    resp = client.post("/api/pisanki/score", json=CASE["input"])
    assert resp.status_code == 200
    assert [p["total"] for p in resp.json["players"]] == [59, 21]
    bad = client.post("/api/pisanki/score", json={**CASE["input"], "bunny": None})
    assert bad.status_code == 400 and bad.json["error"].startswith("bunny: required")
