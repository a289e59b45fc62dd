"""The `tally` test game gets every page through the registry alone (issue 23).

It is declared in tests/tally/__init__.py; nothing under assistant/, templates/ or static/
names it. Each test below reaches one capability: the table page, edits, per-phone undo,
history lines, result.json/csv, the final screen, the JSON API and the command line.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from assistant import cli
from assistant.registry import find, games
from assistant.store import fold_events
from tests.conftest import Phone
from tests.tally import register_tally, unregister_tally


@pytest.fixture(autouse=True)
def tally():
    game = register_tally()
    yield game
    unregister_tally()


@pytest.fixture
def table(phone, app):
    code = phone.new_table("tally")
    assert phone.edit(code, "players.add", htmx=False, name="Ala").status_code == 303  # no JS
    assert phone.edit(code, "players.add", name="Bo").status_code == 200  # htmx: the table
    assert points(app, code) == [0, 0]
    return code


def points(app, code):
    return [p["points"] for p in app.extensions["store"].get(code).state["players"]]


def test_the_home_page_offers_it_and_a_table_opens(phone):
    assert "Tally" in phone.get("/").get_data(as_text=True)
    code = phone.new_table("tally")
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "Add points; the first to 10 wins." in page and 'id="tally"' in page
    assert "No points yet" in page


def test_edits_are_cleaned_applied_and_shown(phone, app, table):
    phone.edit(table, "tally.add", player="1", points="3")
    phone.edit(table, "tally.add", player="0", points="2")
    assert points(app, table) == [2, 3]
    page = phone.get(f"/t/{table}").get_data(as_text=True)
    assert "Leading: Bo" in page
    assert re.search(r'id="points-1">3<', page)
    refused = phone.edit(table, "tally.add", player="0", points="9")  # the schema's range
    assert "Add 1 to 5 points." in refused.get_data(as_text=True)
    assert points(app, table) == [2, 3]


def test_the_interaction_layer_gets_the_live_fragment(phone, table):
    resp = phone.client.post(f"/t/{table}/edit", data={
        "op": "tally.add", "player": "0", "points": "1", "v": phone.version,
        "csrf_token": phone.token}, headers={"HX-Request": "true", "X-Interact": "1"})
    assert resp.status_code == 200
    assert resp.headers["X-Seq"] and resp.headers["X-Version"] == str(phone.version + 1)
    assert 'id="table-main"' in resp.get_data(as_text=True)


def test_undo_belongs_to_the_phone_that_edited(app, phone, table):
    other = Phone(app.test_client())
    other.get(f"/t/{table}")
    phone.edit(table, "tally.add", player="0", points="4")
    other.edit(table, "tally.add", player="1", points="5")
    phone.edit(table, "undo")  # no target: this phone's own last edit
    assert points(app, table) == [0, 5]
    assert "This phone has nothing to undo." not in other.edit(table, "undo").get_data(
        as_text=True)
    assert points(app, table) == [0, 0]


def test_history_lines_and_the_destructive_step(phone, app, table):
    phone.edit(table, "tally.add", player="1", points="2")
    phone.edit(table, "tally.reset")
    page = phone.get(f"/t/{table}").get_data(as_text=True)
    assert "+2 for player 2" in page and "reset every score" in page
    assert "added player Bo" in page
    listed = re.search(r'data-destructive="([^"]*)"', page).group(1).split()
    assert "tally.reset" in listed and "players.remove" in listed
    events = app.extensions["store"].history(table).events
    state, _undone, skipped = fold_events("tally", list(reversed(events)))
    assert not skipped and [p["points"] for p in state["players"]] == [0, 0]


def test_results_as_json_and_csv(phone, table):
    for _ in range(2):
        phone.edit(table, "tally.add", player="0", points="5")
    got = json.loads(phone.get(f"/t/{table}/result.json").get_data(as_text=True))
    assert got["game"] == "tally" and got["finished"] is True and got["winners"] == ["Ala"]
    assert [(p["name"], p["score"], p["rank"]) for p in got["players"]] == [
        ("Ala", 10, 1), ("Bo", 0, 2)]
    assert "outcome" not in got  # not a cooperative game
    rows = list(csv.DictReader(io.StringIO(
        phone.get(f"/t/{table}/result.csv").get_data(as_text=True))))
    assert [(r["name"], r["score"], r["winner"]) for r in rows] == [
        ("Ala", "10", "true"), ("Bo", "0", "false")]


def test_the_final_screen_and_a_rematch(phone, app, table):
    phone.edit(table, "tally.add", player="1", points="5")
    page = phone.get(f"/t/{table}/final").get_data(as_text=True)
    assert 'id="tally-sheet"' in page and "Tally" in page
    resp = phone.client.post(f"/t/{table}/rematch", data={"csrf_token": phone.token})
    assert resp.status_code == 303
    new = resp.headers["Location"].rsplit("/", 1)[-1]
    state = app.extensions["store"].get(new).state
    assert [(p["name"], p["points"]) for p in state["players"]] == [("Ala", 0), ("Bo", 0)]


def test_the_json_api_and_the_command_line(client, tmp_path, capsys):
    resp = client.post("/api/tally/score", json={"points": {"Ala": 3, "Bo": 7}})
    assert resp.status_code == 200 and resp.get_json()["winners"] == ["Bo"]
    bad = client.post("/api/tally/score", json={"points": {"Ala": "x"}})
    assert bad.status_code == 400 and "whole numbers" in bad.get_json()["error"]
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"points": {"Ala": 9}}))
    assert cli.main(["score", "tally", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["Ala"]


def test_it_leaves_no_trace_once_taken_out(tally):
    unregister_tally()
    assert "tally" not in {g.slug for g in games()}
    with pytest.raises(LookupError):
        find("tally")
    register_tally()
