"""The Kitsune table: turns, busts, AGAIN, Renewal with blocked cards, run-outs, the API."""

from __future__ import annotations

import pytest

from assistant.reducers import EditError
from assistant.registry import reducer_for

R = reducer_for("kitsune")


def play(*ops, players=(("Ala", 9), ("Bo", 11))):
    state = R.initial_state()
    for name, age in players:
        state = R.apply(state, "players.add", {"name": name, "age": age}, 0)
    for op in ops:
        name, data = op if isinstance(op, tuple) else (op, {})
        state = R.apply(state, name, data, 0)
    return state


def reveal(card):
    return ("turn.reveal", {"card": card})


def test_the_youngest_starts():
    s = play(reveal("red"), players=(("Old", 40), ("Kid", 7), ("Mid", 20)))
    assert s["active"] == 1


def test_a_repeated_colour_busts_and_the_cards_are_discarded():
    s = play(reveal("red"), reveal("green"), reveal("red"))
    assert s["turn"]["status"] == "busted"
    s = R.apply(s, "turn.bust", {}, 0)
    assert s["active"] == 1 and s["discard"]["red"] == 2 and s["discard"]["green"] == 1


def test_the_three_oni_are_one_colour():
    s = play(reveal("no"), reveal("again"))
    assert s["turn"]["status"] == "busted"


def test_again_discards_the_repeat_and_forces_one_new_card():
    s = play(reveal("red"), reveal("red"), "turn.again")
    assert s["players"][0]["hand"]["again"] == 0 and s["turn"]["revealed"] == ["red"]
    with pytest.raises(EditError, match="One more card"):
        R.apply(s, "turn.stop", {}, 0)
    s = R.apply(s, "turn.reveal", {"card": "blue"}, 0)
    assert s["turn"]["status"] == "open"


def test_again_needs_one_in_hand():
    s = play(reveal("red"), reveal("red"), "turn.again", reveal("red"))
    with pytest.raises(EditError, match="no AGAIN"):
        R.apply(s, "turn.again", {}, 0)


def test_stop_then_resolve_every_card_and_oni_go_to_the_hand():
    s = play(reveal("red"), reveal("keep"), reveal("orange"), "turn.stop")
    assert s["players"][0]["hand"]["keep"] == 2
    assert [i["card"] for i in s["turn"]["pending"]] == ["red", "orange"]
    with pytest.raises(EditError, match="Resolve every card"):
        R.apply(s, "turn.end", {}, 0)
    s = R.apply(s, "turn.take", {"item": 0}, 0)
    s = R.apply(s, "turn.prosperity", {"item": 0, "colour": "red"}, 0)
    s = R.apply(s, "turn.end", {}, 0)
    assert s["players"][0]["red"] == 1 and s["players"][0]["blocked"]["red"] == 1
    assert s["active"] == 1


def test_keep_going_forces_one_more_card_and_keeps_it():
    s = play(reveal("red"), ("turn.keep_going", {"by": 1}), reveal("blue"))
    assert s["turn"]["status"] == "resolving" and s["players"][1]["hand"]["keep"] == 0
    s = play(reveal("red"), ("turn.keep_going", {"by": 1}), reveal("red"))
    assert s["turn"]["status"] == "busted"


def test_renewal_with_blocked_cards_through_the_table():
    s = play(
        ("area.add", {"player": 0, "colour": "blue"}), ("area.add", {"player": 0, "colour": "blue"}),
        ("area.block", {"player": 0, "colour": "blue"}),
        ("area.add", {"player": 1, "colour": "blue"}), ("area.add", {"player": 1, "colour": "blue"}),
        ("area.add", {"player": 1, "colour": "blue"}), ("area.block", {"player": 1, "colour": "blue"}),
        reveal("green"), "turn.stop", ("turn.renewal", {"item": 0, "with": 1, "colour": "blue"}),
    )
    # Ala: 2 blue (1 blocked) swaps her 1 free for Bo's 2 free; Bo keeps his blocked one.
    assert s["players"][0]["blue"] == 3 and s["players"][0]["blocked"]["blue"] == 1
    assert s["players"][1]["blue"] == 2 and s["players"][1]["blocked"]["blue"] == 1


def test_no_cancels_a_renewal():
    s = play(reveal("green"), "turn.stop", ("turn.no", {"item": 0, "by": 1}))
    assert s["turn"]["pending"] == [] and s["players"][1]["hand"]["no"] == 0


def test_win_at_the_end_of_your_own_turn():
    ops = []
    for c in ("red", "blue", "yellow"):
        ops += [("area.add", {"player": 0, "colour": c})] * 3
    s = play(*ops, reveal("orange"), "turn.stop", ("turn.prosperity", {"item": 0, "colour": "red"}),
             "turn.end")
    assert s["over"]["winners"] == ["Ala"] and s["over"]["reason"] == "goal"
    with pytest.raises(EditError, match="over"):
        R.apply(s, "turn.reveal", {"card": "red"}, 0)


def test_second_run_out_ends_the_game_with_the_tie_break():
    s = play(("area.add", {"player": 1, "colour": "red"}), "deck.ran_out")
    assert s["runs_out"] == 1 and s["over"] is None
    s = R.apply(s, "deck.ran_out", {}, 0)
    assert s["over"]["winners"] == ["Bo"] and s["over"]["reason"] == "deck"


def test_players_cannot_join_after_the_start():
    s = play(reveal("red"))
    with pytest.raises(EditError, match="started"):
        R.apply(s, "players.add", {"name": "Late"}, 0)


@pytest.mark.parametrize("age", ["x", "0", "500"])
def test_age_is_checked(age):
    with pytest.raises(EditError):
        play(players=(("Ala", age),))


def test_page_shows_risk_and_busts(phone):
    code = phone.new_table("kitsune")
    phone.edit(code, "players.add", name="Ala", age=9)
    phone.edit(code, "players.add", name="Bo", age=11)
    text = phone.edit(code, "turn.reveal", card="red").get_data(as_text=True)
    # 94 cards left (6 Oni in hands), 11 red among them after the one revealed: 11/93.
    assert "Next card busts: <strong>12%</strong>" in text and "(11 of 93 cards)" in text
    # The app cannot see a hand: AGAIN reads as a condition. 11/93 × 10/92 = 1.3 %.
    assert "if you play AGAIN: 1%" in text and "with AGAIN" not in text
    # In Polish the percentages follow Polish typography (a space before %) and the plural.
    phone.client.set_cookie("lang", "pl")
    text = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "Ryzyko przepadnięcia przy kolejnej karcie: <strong>12\u00a0%</strong>" in text
    assert "(11 z 93 kart)" in text and "jeśli zagrasz AGAIN: 1\u00a0%" in text
    phone.client.set_cookie("lang", "en")
    text = phone.edit(code, "turn.reveal", card="red").get_data(as_text=True)
    assert "Busted" in text and "Play AGAIN" in text


def test_page_before_players(phone):
    code = phone.new_table("kitsune")
    text = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "Add the players below with their ages" in text and "New player's age" in text


def test_api_score_kitsune(client):
    resp = client.post("/api/kitsune/score", json={
        "players": [{"name": "Ala", "age": 9, "red": 2, "blue": 2, "yellow": 2},
                    {"name": "Bo", "age": 7, "red": 2, "blue": 2, "yellow": 2}],
        "deck_runs_out": 2})
    assert resp.status_code == 200
    assert resp.json["winners"] == ["Bo"] and resp.json["reason"] == "deck"


def test_api_score_kitsune_bad(client):
    resp = client.post("/api/kitsune/score", json={"players": []})
    assert resp.status_code == 400 and "2 to 6 players" in resp.json["error"]
