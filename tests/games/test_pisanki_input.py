"""Pisanki input checks: every message names the place (INTERFACE.md, RULES.md catalogue)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from assistant.games.pisanki import PisankiError, score_json

BASE = json.loads((Path(__file__).parent / "cases" / "pisanki" /
                   "g04_three_players_majority_ties.json").read_text())["input"]


def broken(fn):
    body = copy.deepcopy(BASE)
    fn(body)
    return body


def cell(body, p, r, c):
    return body["players"][p]["grid"][r][c]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda b: cell(b, 1, 2, 3).update(cloth="plaid"),
         r"players\[1\].grid\[2\]\[3\].cloth: 'plaid' is not one of checked, striped, dotted, neutral"),
        (lambda b: cell(b, 0, 0, 0).update(egg="pink"), r"players\[0\].grid\[0\]\[0\].egg: 'pink' is not one of"),
        (lambda b: cell(b, 0, 0, 0).update(double=True), r"grid\[0\]\[0\].double: double eggs are only on the neutral"),
        # RULES.md: "a neutral card is always a double egg without flowers" (rulebook: "Cards
        # with a neutral tablecloth show 2 identical eggs")
        (lambda b: cell(b, 0, 0, 0).update(cloth="neutral", double=False),
         r"grid\[0\]\[0\]: a neutral card is always a double egg"),
        (lambda b: cell(b, 0, 0, 0).update(cloth="neutral", egg=None, double=False, flowers=["pink", "pink"]),
         r"grid\[0\]\[0\]: a neutral card is always a double egg"),
        (lambda b: cell(b, 0, 0, 0).update(flowers=["pink", "pink", "pink"]), "at most 2 flowers"),
        (lambda b: cell(b, 0, 0, 0).update(flowers=["pink", "blue"]), "two flowers of a card are of one kind"),
        (lambda b: cell(b, 0, 0, 0).update(flowers=["rose"]), r"flowers\[0\]: 'rose' is not one of"),
        (lambda b: cell(b, 0, 0, 0).update(egg=None), r"grid\[0\]\[0\]: a card without an egg has 2 flowers"),
        (lambda b: cell(b, 0, 0, 0).update(colour="red"), r"grid\[0\]\[0\].colour: not a card field"),
        (lambda b: b["players"][0]["grid"].pop(), r"players\[0\].grid: must have 4 rows of 6 cards, not 3 rows"),
        (lambda b: b["players"][2]["grid"][1].pop(), r"players\[2\].grid\[1\]: must have 6 cards, not 5"),
        (lambda b: b["scoring"]["eggs"].update(red=18), "scoring.eggs.red: must be a number from 1 to 17"),
        (lambda b: b["scoring"]["eggs"].pop("blue"), "scoring.eggs.blue: missing"),
        (lambda b: b["scoring"].update(display=0), "scoring.display: must be a number from 1 to 3"),
        (lambda b: b.update(bunny={"red": 1}), "bunny: only in a 2-player game"),
        (lambda b: b["players"][1].update(name="Ala"), r"players\[1\].name: 'Ala' is used twice"),
        (lambda b: b.update(players=b["players"][:1]), "Pisanki is for 2 to 5 players, not 1"),
        (lambda b: b["players"][0].update(grid=[[{"cloth": "neutral", "egg": "red", "double": True}] * 6] * 4),
         r"players\[0\].grid: 24 double eggs, but the deck has only 6"),
        (lambda b: b["players"][0].update(grid=[[{"cloth": "dotted", "flowers": ["pink", "pink"]}] * 6] * 4),
         "24 cards with flowers only, but the deck has only 6"),
    ],
)
def test_bad_input_names_the_place(change, message):
    with pytest.raises(PisankiError, match=message):
        score_json(broken(change))


def test_two_players_need_the_bunny():
    body = broken(lambda b: b.update(players=b["players"][:2]))
    with pytest.raises(PisankiError, match="bunny: required with 2 players"):
        score_json(body)


def test_double_and_flowers_default_to_false_and_empty():
    body = broken(lambda b: cell(b, 0, 0, 0).pop("double"))
    assert score_json(body)["players"][0]["total"] == 49


def test_answer_has_exactly_the_nine_lines_and_the_why():
    out = score_json(BASE)
    p = out["players"][1]
    assert list(p["lines"]) == ["egg:purple", "egg:red", "egg:orange", "egg:yellow",
                                "egg:green", "egg:blue", "flowers", "tablecloths", "display"]
    why = p["why"]["egg:blue"]
    assert why[0]["cells"] == ["C3", "D3"] and "neutral" in why[0]["text"]
    assert out["readings"]
