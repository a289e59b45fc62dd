"""Kitsune rules with hand-worked cases (RULES.md, Kitsune; rulebooks/kitsune.txt)."""

from __future__ import annotations

import pytest

from assistant.games.kitsune import (
    DECK_COUNTS,
    Area,
    KitsuneError,
    bust_risk,
    cards_left,
    has_goal,
    prosperity,
    renewal,
    result,
    score_json,
    target,
)


def area(name, r=0, b=0, y=0, blocked=(0, 0, 0), age=None):
    return Area(name, age, {"red": r, "blue": b, "yellow": y},
                dict(zip(("red", "blue", "yellow"), blocked, strict=True)))


def test_the_deck_has_100_cards():
    assert sum(DECK_COUNTS.values()) == 100


@pytest.mark.parametrize(("n", "goal"), [(2, 3), (3, 3), (4, 3), (5, 2), (6, 2)])
def test_goal_by_player_count(n, goal):
    assert target(n) == goal


@pytest.mark.parametrize("n", [1, 7])
def test_player_count_out_of_range(n):
    with pytest.raises(KitsuneError, match="2 to 6"):
        target(n)


@pytest.mark.parametrize(
    ("counts", "goal", "won"),
    [((3, 3, 3), 3, True), ((3, 3, 4), 3, True), ((3, 2, 5), 3, False),
     ((2, 2, 2), 2, True), ((9, 9, 0), 2, False)],
)
def test_goal_needs_each_colour_extras_do_not_matter(counts, goal, won):
    assert has_goal(area("A", *counts), goal) is won


def test_blocked_kitsune_count_towards_the_goal():
    assert has_goal(area("A", 3, 3, 3, blocked=(3, 1, 0)), 3)


def test_renewal_swaps_all_unblocked_of_one_colour():
    a, b = area("A", r=3, blocked=(1, 0, 0)), area("B", r=4, blocked=(2, 0, 0))
    a2, b2 = renewal([a, b], 0, 1, "red")
    # A gives its 2 free reds and takes B's 2 free reds; blocked ones stay put.
    assert (a2.counts["red"], a2.blocked["red"]) == (3, 1)
    assert (b2.counts["red"], b2.blocked["red"]) == (4, 2)


def test_renewal_when_one_side_has_none():
    a, b = area("A"), area("B", b=3)
    a2, b2 = renewal([a, b], 0, 1, "blue")
    assert a2.counts["blue"] == 3 and b2.counts["blue"] == 0


def test_renewal_when_all_of_mine_are_blocked_takes_theirs_and_gives_nothing():
    a, b = area("A", y=2, blocked=(0, 0, 2)), area("B", y=1)
    a2, b2 = renewal([a, b], 0, 1, "yellow")
    assert a2.counts["yellow"] == 3 and b2.counts["yellow"] == 0


def test_renewal_cannot_take_blocked_cards():
    a, b = area("A", r=1), area("B", r=3, blocked=(3, 0, 0))
    a2, b2 = renewal([a, b], 0, 1, "red")
    assert a2.counts["red"] == 0 and b2.counts["red"] == 4 and b2.blocked["red"] == 3


@pytest.mark.parametrize(("i", "j", "colour"), [(0, 0, "red"), (0, 1, "green")])
def test_renewal_refuses_self_or_non_kitsune(i, j, colour):
    with pytest.raises(KitsuneError):
        renewal([area("A"), area("B")], i, j, colour)


def test_prosperity_blocks_one_and_refuses_when_none_free():
    a = prosperity(area("A", r=2), "red")
    assert a.blocked["red"] == 1
    a = prosperity(a, "red")
    with pytest.raises(KitsuneError, match="no unblocked red"):
        prosperity(a, "red")


def test_result_goal_holders_win_whatever_else():
    areas = [area("Ala", 3, 3, 3), area("Bo", 5, 5, 5), area("Cy", 3, 3, 3)]
    r = result(areas, deck_runs_out=2)
    assert r.winners == ("Ala", "Bo", "Cy") and r.reason == "goal"


def test_result_nobody_yet():
    r = result([area("A", 3, 3), area("B")], 1)
    assert r.winners == () and r.reason is None and r.target == 3


def test_second_run_out_most_kitsune_wins():
    r = result([area("A", 2, 2, 1), area("B", 2, 2, 2)], 2)
    assert r.winners == ("B",) and r.reason == "deck"


def test_second_run_out_tie_most_blocked():
    r = result([area("A", 2, 2, 2, blocked=(1, 0, 0)), area("B", 3, 2, 1, blocked=(1, 1, 0))], 2)
    assert r.winners == ("B",) and "most blocked" in r.why


def test_second_run_out_tie_then_youngest():
    r = result([area("A", 2, 2, 2, age=11), area("B", 3, 2, 1, age=9), area("C", 1, age=5)], 2)
    assert r.winners == ("B",) and "youngest (9)" in r.why


def test_second_run_out_tie_all_the_way_is_shared():
    r = result([area("A", 1, age=8), area("B", 0, 1, age=8)], 2)
    assert r.winners == ("A", "B")


def test_five_players_need_two_of_each():
    areas = [area(n) for n in "ABCD"] + [area("E", 2, 2, 2)]
    assert result(areas).winners == ("E",) and result(areas).target == 2


def test_bust_risk_hand_worked():
    # Fresh deck less the 6 Oni dealt to 2 players: 94 cards, 30 purple.
    left = cards_left({"purple": 6})
    assert sum(left.values()) == 94
    r = bust_risk(left, ["red"])
    assert r.bust == pytest.approx(12 / 94)
    assert r.with_again == pytest.approx(12 / 94 * 11 / 93)
    r2 = bust_risk(left, ["red", "green"])
    assert r2.bust == pytest.approx(26 / 94)


def test_bust_risk_with_nothing_revealed_is_zero():
    assert bust_risk(cards_left({}), []).bust == 0


def test_cards_left_refuses_impossible_counts():
    with pytest.raises(KitsuneError, match="only 12"):
        cards_left({"red": 13})


def test_score_json_interface_example():
    body = {"players": [
        {"name": "Ala", "age": 9, "red": 3, "blue": 3, "yellow": 4, "blocked": {"red": 1, "blue": 0, "yellow": 0}},
        {"name": "Bo", "age": 11, "red": 1, "blue": 0, "yellow": 0}],
        "deck_runs_out": 0}
    assert score_json(body) == {"target": 3, "winners": ["Ala"], "reason": "goal",
                                "why": "3 of each colour"}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"players": [{"name": "A"}]}, "2 to 6 players"),
        ({"players": [{"name": "A", "red": -1}, {"name": "B"}]}, r"players\[0\].red: cannot be negative"),
        ({"players": [{"name": "A", "red": 1, "blocked": {"red": 2}}, {"name": "B"}]}, "2 blocked but only 1"),
        ({"players": [{"name": "A", "blocked": {"green": 1}}, {"name": "B"}]}, "not red, blue or yellow"),
        ({"players": [{"name": "A", "red": 7}, {"name": "B", "red": 6}]}, "13 red kitsune in all"),
        ({"players": [{"name": "A"}, {"name": "B"}], "deck_runs_out": 3}, "deck_runs_out"),
        ({"players": [{"age": 3}, {"name": "B"}]}, r"players\[0\].name: missing"),
        ([], "must be a JSON object"),
    ],
)
def test_score_json_bad_input(body, message):
    with pytest.raises(KitsuneError, match=message):
        score_json(body)
