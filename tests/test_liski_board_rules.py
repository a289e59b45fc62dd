"""The Liski board's edits (issue #12): fear tokens as RULES.md pins them, refill with a
complication placeholder, placeholders as problem cards, card corrections, boards."""

from __future__ import annotations

import pytest

from assistant.games.liski import check
from assistant.reducers import EditError
from assistant.reducers.liski_board import NAMED_CARDS, engine_column
from assistant.registry import reducer_for

R = reducer_for("liski")


def run(state, *steps):
    for op, data in steps:
        state = R.apply(state, op, data, 0)
    return state


def ready(**setup_data):
    s = run(R.initial_state(), ("board.puchater.add", {"name": "Lisi Mag"}))
    return run(s, ("board.setup", setup_data))


def lib(name):
    return next(c for c in NAMED_CARDS if c["name"] == name)


def verdict(state, col):
    b = state["board"]
    return check(engine_column(b["columns"][col], b["puchaters"]))


def test_setup_needs_a_puchater():
    with pytest.raises(EditError, match="at least one puchater"):
        R.apply(R.initial_state(), "board.setup", {}, 0)


def test_known_boards_bring_their_marker_and_abilities():
    s = run(R.initial_state(), ("board.puchater.add", {"name": "Lisia Kapitanka"}),
            ("board.puchater.add", {"name": "Lisia Łotryni"}),
            ("board.puchater.add", {"name": "Wiewiór", "symbol": "leaf"}))
    kap, lot, other = s["board"]["puchaters"]
    assert (kap["symbol"], kap["abilities"]) == ("boat", ["greykit", "fox3", "fox"])
    assert (lot["symbol"], lot["abilities"]) == ("flower", ["draw", "cluster", "fox"])
    assert other["abilities"] == []  # generic: every ability until its own are entered
    s = run(s, ("board.puchater.abilities", {"puchater": other["id"],
                                             "abilities": ["fear", "draw"]}))
    assert s["board"]["puchaters"][2]["abilities"] == ["fear", "draw"]
    s = run(s, ("board.cheese", {"puchater": kap["id"]}))
    with pytest.raises(EditError, match="does not offer"):
        R.apply(s, "board.ability", {"puchater": kap["id"], "ability": "draw"}, 0)
    s = run(s, ("board.ability", {"puchater": kap["id"], "ability": "fox3",
                                  "item": {"symbols": ["boat", "leaf"]}}))
    assert s["board"]["puchaters"][0]["hand"][0]["symbols"] == ["boat", "leaf"]


@pytest.mark.parametrize(("name", "token", "total", "needs"), [
    ("Rozbity kubek", {"kind": "symbol", "symbol": "leaf", "number": 2}, 4,
     {"crown": 1, "leaf": 2}),
    ("Skołtunione futro", {"kind": "symbol", "symbol": "pot", "number": 2}, 4,
     {"pot": 3, "leaf": 1}),
    ("Skołtunione futro", {"kind": "number", "number": 2}, 6, {"pot": 1, "leaf": 1}),
])
def test_rulebook_fear_examples_with_the_preloaded_cards(name, token, total, needs):
    s = ready()
    s = run(s, ("board.card.add", {"col": 2, "card": lib(name)}),
            ("board.fear.add", {"col": 2}), ("board.fear.reveal", {"col": 2, "index": 0, **token}))
    v = verdict(s, 2)
    assert (v.total, v.needs) == (total, needs)
    fear = s["board"]["columns"][2]["fear"][0]
    assert not (fear["number"] and fear["needs"]), "one token is a number or a symbol, never both"


@pytest.mark.parametrize(("token", "message"), [
    ({}, "number token or a symbol token"),
    ({"kind": "symbol", "number": 2}, "symbol on the token"),
    ({"kind": "number", "number": 0}, "number on the token"),
    ({"kind": "number", "number": "x"}, "number on the token"),
])
def test_a_fear_token_must_be_read_whole(token, message):
    s = run(ready(), ("board.fear.add", {"col": 1}))
    with pytest.raises(EditError, match=message):
        R.apply(s, "board.fear.reveal", {"col": 1, "index": 0, **token}, 0)


def test_a_card_is_not_saved_with_a_total_below_its_specific_symbols():
    s = ready()
    with pytest.raises(EditError, match=r"number \(1\) is smaller than its specific symbols \(2\)"):
        R.apply(s, "board.card.add", {"col": 1, "card": {
            "kind": "problem", "total": 1, "needs": {"crown": 2}}}, 0)


def test_a_placeholder_is_a_problem_card_so_no_complication_only_fear():
    s = ready()
    s = run(s, ("board.complication.set" if False else "board.card.add",
                {"col": 0, "card": lib("Kanapka z koszmarem")}))
    # column 1: an untyped problem placeholder + the complication
    kinds = [(c["kind"], bool(c.get("pending"))) for c in s["board"]["columns"][0]["cards"]]
    assert kinds == [("problem", True), ("complication", False)]
    s = R.apply(s, "timer.start", {}, 0)
    assert s["board"]["columns"][0]["fear"] == []


def test_a_column_of_only_complications_gets_its_fear_token_once():
    s = ready()
    s = run(s, ("board.card.add", {"col": 0, "card": lib("Kanapka z koszmarem")}),
            ("board.card.remove", {"col": 0, "index": 0}))
    s = R.apply(s, "timer.start", {}, 0)
    s = R.apply(s, "timer.end", {}, 1)
    with pytest.raises(EditError, match="resolve"):
        R.apply(s, "timer.start", {}, 2)  # Start after the time is up: refused, no 2nd token
    assert len(s["board"]["columns"][0]["fear"]) == 1 and s["phase"] == "problems"


def test_start_after_the_time_ran_out_keeps_the_problems_phase():
    t0 = 1_000_000
    s = R.apply(ready(), "timer.start", {}, t0)
    with pytest.raises(EditError, match="Time is up"):
        R.apply(s, "timer.start", {}, t0 + 10 * 60_000)


def test_refill_brings_a_complication_placeholder_and_next_round_only_after():
    s = R.apply(R.apply(ready(), "timer.start", {}, 0), "timer.end", {}, 1)
    with pytest.raises(EditError, match="Resolve the problems phase first"):
        R.apply(s, "board.refill", {}, 2)
    s = run(s, ("board.problems", {}))
    with pytest.raises(EditError, match="Refill the board first"):
        R.apply(s, "round.next", {}, 3)
    s = run(s, ("board.refill", {}))
    cards = s["board"]["columns"][1]["cards"]
    assert [c["kind"] for c in cards] == ["problem", "problem", "complication"]
    assert cards[-1]["pending"] is True
    assert s["board"]["report"]["round"] == 2
    s = run(s, ("round.next", {}))
    assert (s["round"], s["phase"]) == (2, "planning")
    # Choosing the complication fills the placeholder.
    s = run(s, ("board.card.add", {"col": 1, "card": lib("Kanapka z koszmarem")}))
    assert not any(c.get("pending") and c["kind"] == "complication"
                   for c in s["board"]["columns"][1]["cards"])


def test_refill_into_round_six_brings_the_nightmare_overflowing():
    s = run(ready(), ("board.nightmare.set", {"card": lib("Zmarzlin")}))
    s["round"] = 5
    for _ in range(2):
        s = run(s, ("board.card.add", {"col": 5, "card": {"kind": "problem", "total": 1}}))
    s = R.apply(R.apply(s, "timer.start", {}, 0), "timer.end", {}, 1)
    s = run(s, ("board.problems", {}), ("board.refill", {}))
    # column 6 already holds 3 cards: the nightmare meant for it passes on, never onto it
    moved = [r for r in s["board"]["report"]["refill"] if r["what"] == "nightmare"]
    assert len(moved) == 1 and moved[0]["meant"] == 5 and moved[0]["col"] != 5
    cards = s["board"]["columns"][moved[0]["col"]]["cards"]
    assert cards[-1]["name"] == "Zmarzlin"


def test_library_edit_delete_and_update_by_name():
    s = ready()
    n = len(s["board"]["library"])
    card = {"kind": "problem", "name": "Mokra skarpeta", "total": 2, "needs": {"boat": 1}}
    s = run(s, ("board.lib.save", {"card": card}))
    s = run(s, ("board.lib.save", {"card": {**card, "name": "mokra  skarpeta", "total": 3}}))
    assert len(s["board"]["library"]) == n + 1
    assert s["board"]["library"][-1]["total"] == 3
    s = run(s, ("board.card.add", {"col": 3, "card": {**card, "total": 5}}))
    assert s["board"]["library"][-1]["total"] == 5  # re-entering a name updates it
    s = run(s, ("board.lib.delete", {"name": "Mokra skarpeta"}))
    assert len(s["board"]["library"]) == n
    with pytest.raises(EditError, match="not in the library"):
        R.apply(s, "board.lib.delete", {"name": "Mokra skarpeta"}, 0)
    with pytest.raises(EditError, match="name"):
        R.apply(s, "board.lib.save", {"card": {**card, "name": ""}}, 0)


def test_edit_a_placed_card_and_a_laid_card():
    s = run(ready(), ("board.card.add", {"col": 1, "card": lib("Pogryziony ołówek")}))
    s = run(s, ("board.card.edit", {"col": 1, "index": 0, "card": {
        "total": 4, "needs": {"crown": 2}, "transition": ["leaf"], "name": "Pogryziony ołówek"}}))
    card = s["board"]["columns"][1]["cards"][0]
    assert (card["total"], card["needs"], card["transition"]) == (4, {"crown": 2}, ["leaf"])
    s = R.apply(s, "timer.start", {}, 0)
    s = R.apply(s, "board.stack.add", {"col": 1, "item": {
        "kind": "ojojanie", "symbols": ["boat"], "transition": []}}, 1)
    assert verdict(s, 1).invalid == (0,)
    s = R.apply(s, "board.stack.edit", {"col": 1, "index": 0, "item": {
        "kind": "ojojanie", "symbols": ["leaf"], "transition": ["crown"]}}, 2)
    assert s["board"]["columns"][1]["stack"][0]["symbols"] == ["leaf"]
    assert verdict(s, 1).invalid == ()
