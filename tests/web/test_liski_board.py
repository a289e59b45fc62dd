"""The Liski board through the page's forms: setup, a column, the problems and refill phases."""

from __future__ import annotations

import json

import pytest

from assistant.reducers import EditError
from assistant.registry import reducer_for


def lpost(phone, code, op, fields=None, **more):
    """An ordinary edit as the Liski page's forms send it (card.total, item.symbols[] …)."""
    data = {"op": op, "v": phone.version, "csrf_token": phone.token, **(fields or {}), **more}
    resp = phone.client.post(f"/t/{code}/edit", data=data, headers={"HX-Request": "true"})
    phone._read(resp)
    return resp.get_data(as_text=True)


def laid(kind, symbols="", transition=None):
    """The lay sheet's fields: the card's kind and symbol, a transition button's value."""
    fields = {"item.kind": kind, "item.symbols[]": symbols}
    if transition is not None:
        fields["item.transition[]"] = transition
    return fields


@pytest.fixture
def board(phone):
    code = phone.new_table("liski")
    lpost(phone, code, "board.puchater.add", name="Lisi Mag", symbol="pot")
    lpost(phone, code, "board.puchater.add", name="Lisia Kapitanka", symbol="boat")
    lpost(phone, code, "board.nightmare.set", library="Zmarzlin")
    lpost(phone, code, "board.complication.set", pos="0",
          library="Kanapka z koszmarem")
    text = lpost(phone, code, "board.setup")
    assert text.count("New problem: choose") == 6
    return code


def test_setup_puts_a_problem_on_each_column_and_the_first_complication(phone, board):
    text = phone.get(f"/t/{board}").get_data(as_text=True)
    assert "Kanapka z koszmarem" in text and "Set up the board" not in text


def test_a_column_entered_and_checked_live(phone, board):
    text = lpost(phone, board, "board.card.add", col="1",
                 library="Pogryziony ołówek")
    assert "missing: 1 crown, 1 red flower, 1 of any symbol" in text
    lpost(phone, board, "board.stack.add", laid("ojojanie", "crown", "flower"), col="1")
    lpost(phone, board, "board.stack.add", laid("ojojanie", "flower", ["flower", "leaf"]), col="1")
    text = lpost(phone, board, "board.stack.add", laid("ojojanie", "boat"), col="1")
    assert "comes back to your hand" in text  # a boat does not match flower/leaf
    assert "missing: 1 of any symbol" in text
    lpost(phone, board, "board.stack.remove", col="1", index="2")
    text = lpost(phone, board, "board.stack.add", laid("ojojanie", "leaf", ""), col="1")
    assert "✓ beaten" in text


def test_problems_then_refill(phone, board):
    lpost(phone, board, "board.card.add", col="1",
          library="Pogryziony ołówek")
    for sym, tr in (("crown", "flower"), ("flower", "leaf"), ("leaf", "")):
        lpost(phone, board, "board.stack.add", laid("ojojanie", sym, tr), col="1")
    state = phone.client.application.extensions["store"].get(board).state
    mag = state["board"]["puchaters"][0]["id"]
    lpost(phone, board, "board.marker", col="1", puchater=str(mag))
    lpost(phone, board, "board.card.add", {"card.kind": "problem", "card.total": "9"}, col="0")
    # Start and end the ojojanie phase: column 1 holds the complication and a problem
    # placeholder, which is a problem card: no "only complications" fear token (#12 point 5).
    phone.edit(board, "timer.start")
    phone.edit(board, "timer.end")
    text = lpost(phone, board, "board.problems")
    assert "beaten; cheese: Lisi Mag 1" in text
    assert "Column 1:" in text and "not beaten" in text
    state = phone.client.application.extensions["store"].get(board).state
    assert state["board"]["puchaters"][0]["cheese"] == 1
    assert len(state["board"]["columns"][0]["fear"]) == 1
    text = lpost(phone, board, "board.refill")
    assert "Refilled" in text
    state = phone.client.application.extensions["store"].get(board).state
    # Column 2 was beaten and cleared; every column gets a new problem; complication 2 lies
    # face down, so column 2 gets a "new complication: choose…" placeholder.
    assert [len(c["cards"]) for c in state["board"]["columns"]] == [3, 2, 2, 2, 2, 2]
    assert state["board"]["columns"][1]["cards"][1] == {
        "id": state["board"]["columns"][1]["cards"][1]["id"], "kind": "complication",
        "pending": True}
    assert "Draw 12 face-down ojojanie cards" in text
    assert state["phase"] == "refill"


def test_bad_card_input_gives_a_clear_message(phone, board):
    text = lpost(phone, board, "board.card.add", {"card.total": ""}, col="2")
    assert "Type the card&#39;s number" in text
    text = lpost(phone, board, "board.stack.add", laid("fox", "crown"), col="0")
    assert "a fox shows 2 symbols" in text


def ready(round_=1):
    """A set-up board (one puchater) in the planning phase of `round_`."""
    r = reducer_for("liski")
    s = r.initial_state()
    s = r.apply(s, "board.puchater.add", {"name": "Mag", "symbol": "pot"}, 0)
    s = r.apply(s, "board.setup", {}, 0)
    s["round"] = round_
    return r, s


def to_problems(r, s):
    return r.apply(r.apply(s, "timer.start", {}, 0), "timer.end", {}, 1)


def test_stack_on_a_column_with_no_cards_is_refused():
    r, s = ready()
    with pytest.raises(EditError, match="Enter the column's problem card"):
        r.apply(s, "board.stack.add", {"col": 0, "item": {"kind": "greykit"}}, 0)


def test_third_fear_token_loses_and_round_six_win():
    r, s = ready()
    s = r.apply(s, "board.card.add", {"col": 1, "card": {"kind": "problem", "total": 5}}, 0)
    for _ in range(2):
        s = r.apply(s, "board.fear.add", {"col": 1}, 0)
    s = r.apply(to_problems(r, s), "board.problems", {}, 2)
    assert s["board"]["outcome"] == {"won": False, "why": "A third fear token under column 2."}
    assert s["phase"] == "over"
    with pytest.raises(EditError, match="over"):
        r.apply(s, "board.refill", {}, 3)
    r, s = ready(6)
    for col in range(6):
        s = r.apply(s, "board.card.add", {"col": col, "card": {"kind": "problem", "total": 0}}, 0)
    s = r.apply(s, "board.card.add", {"col": 5, "card": {"kind": "nightmare", "total": 1}}, 0)
    s = r.apply(s, "board.stack.add", {"col": 5, "item": {"kind": "fox", "any": True}}, 0)
    s = r.apply(to_problems(r, s), "board.problems", {}, 2)
    assert s["board"]["outcome"]["won"] is True and s["phase"] == "over"


def test_round_six_without_the_nightmare_beaten_is_lost():
    r, s = ready(6)
    s = r.apply(s, "board.card.add", {"col": 5, "card": {"kind": "nightmare", "total": 9}}, 0)
    s = r.apply(to_problems(r, s), "board.problems", {}, 2)
    assert s["board"]["outcome"] == {"won": False,
                                     "why": "The nightmare was not beaten in round 6."}


def test_abilities_spend_cheese():
    r, s = ready()
    pid = s["board"]["puchaters"][0]["id"]
    with pytest.raises(EditError, match="no cheese"):
        r.apply(s, "board.ability", {"puchater": pid, "ability": "greykit"}, 0)
    s = r.apply(s, "board.cheese", {"puchater": pid}, 0)
    s = r.apply(s, "board.ability", {"puchater": pid, "ability": "greykit"}, 0)
    assert s["board"]["puchaters"][0]["hand"][0]["kind"] == "greykit"
    assert s["board"]["puchaters"][0]["cheese"] == 0
    s = r.apply(s, "board.card.add", {"col": 2, "card": {"kind": "problem", "total": 2}}, 0)
    s = r.apply(s, "board.card.add", {"col": 2, "card": {"kind": "problem", "total": 3}}, 0)
    s = r.apply(s, "board.cheese", {"puchater": pid}, 0)
    s = r.apply(s, "board.ability", {"puchater": pid, "ability": "cluster", "col": 2, "index": 0}, 0)
    assert [c["total"] for c in s["board"]["columns"][2]["cards"]] == [3]
    s = r.apply(s, "board.stack.add", {"col": 2, "from_hand": pid, "index": 0}, 0)
    assert s["board"]["columns"][2]["stack"][0]["kind"] == "greykit"


def test_api_check(client):
    body = {"cards": [{"kind": "problem", "total": 2, "needs": {"crown": 1}}], "markers": ["crown"]}
    resp = client.post("/api/liski/check", json=body)
    assert resp.status_code == 200 and resp.json["missing"] == {"any": 1}
    bad = client.post("/api/liski/check", json={"cards": [{"total": -2}]})
    assert bad.status_code == 400 and "total" in bad.json["error"]


def test_problems_and_refill_happen_once_per_round():
    r, s = ready()
    s = r.apply(s, "board.card.add", {"col": 0, "card": {"kind": "problem", "total": 5}}, 0)
    s = r.apply(to_problems(r, s), "board.problems", {}, 2)
    with pytest.raises(EditError, match="already resolved"):
        r.apply(s, "board.problems", {}, 0)
    s = r.apply(s, "board.refill", {}, 0)
    with pytest.raises(EditError, match="already refilled"):
        r.apply(s, "board.refill", {}, 0)


def test_third_fear_token_shows_a_loss_banner_that_ends_the_game(phone, board):
    lpost(phone, board, "board.card.add", {"card.kind": "problem", "card.total": "5"}, col="1")
    for _ in range(2):
        lpost(phone, board, "board.fear.add", col="1")
    phone.edit(board, "timer.start")
    phone.edit(board, "timer.end")
    text = lpost(phone, board, "board.problems")
    assert "☠ The game is lost" in text and "A third fear token under column 2." in text
    assert "▶ Start" not in text and "Refill the board" not in text and "Next round" not in text
    assert 'data-phase="over"' in text
    text = lpost(phone, board, "board.stack.add", laid("greykit"), col="2")
    assert "The game is over" in text


def test_laying_outside_the_ojojanie_phase_warns_on_the_lay_sheet(phone, board):
    text = phone.get(f"/t/{board}").get_data(as_text=True)
    assert "Planning phase: lay only cards you kept or got back" in text
    phone.edit(board, "timer.start")
    text = phone.get(f"/t/{board}").get_data(as_text=True)
    assert "Planning phase: lay only" not in text
    phone.edit(board, "timer.end")
    text = phone.get(f"/t/{board}").get_data(as_text=True)
    assert "Time is up: enter only cards that were laid before it ran out." in text


def test_the_lay_sheet_buttons_send_the_op_shape(phone, board):
    """A transition button's joined value, the "fox: any" kind, a preset's and an adopted
    card's JSON data: each lays the card the button shows."""
    lpost(phone, board, "board.card.add", library="Pogryziony ołówek", col="1")
    lpost(phone, board, "board.stack.add", laid("ojojanie", "crown", "flower+leaf"), col="1")
    lpost(phone, board, "board.stack.add", laid("anyfox", ["boat", "pot"]), col="1")
    preset = {"item": {"kind": "ojojanie", "symbols": ["pot"], "transition": ["crown"]}}
    lpost(phone, board, "board.stack.add", laid("fox", "leaf"), col="1", data=json.dumps(preset))
    store = phone.client.application.extensions["store"]
    mag = store.get(board).state["board"]["puchaters"][0]["id"]
    for _ in range(2):
        lpost(phone, board, "board.cheese", puchater=str(mag))
    lpost(phone, board, "board.ability", {"item.kind": "anyfox"}, puchater=str(mag),
          ability="fox", col="0", index="0")
    lpost(phone, board, "board.ability", puchater=str(mag), ability="greykit")
    lpost(phone, board, "board.stack.add", laid("ojojanie"), col="1",
          data=json.dumps({"from_hand": mag, "index": 1}))
    stack = [{k: v for k, v in s.items() if k != "id"}
             for s in store.get(board).state["board"]["columns"][1]["stack"]]
    assert stack == [
        {"kind": "ojojanie", "symbols": ["crown"], "transition": ["flower", "leaf"], "any": False},
        {"kind": "fox", "symbols": [], "transition": [], "any": True},
        {"kind": "ojojanie", "symbols": ["pot"], "transition": ["crown"], "any": False},
        {"kind": "greykit", "symbols": [], "transition": [], "any": False}]
    hand = store.get(board).state["board"]["puchaters"][0]["hand"]
    assert hand == [{"kind": "fox", "symbols": [], "transition": [], "any": True}]
