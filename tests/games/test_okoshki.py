"""Okoshki sets, Stop / Game on and the game, with hand-worked cases (RULES.md, Okoshki)."""

from __future__ import annotations

from collections import Counter

import pytest

from assistant.games.okoshki import (
    CARDS,
    DECK,
    KIND_COUNTS,
    ZoneError,
    deal_check,
    may_stop,
    near_sets,
    points,
    read_zone,
    score_json,
    sets,
    standing,
    sun_set,
)


def test_the_deck_has_48_cards_in_12_suits_of_4_with_the_rules_counts():
    assert len(DECK) == 48 and len({c.suit for c in DECK}) == 12
    assert Counter(c.suit for c in DECK) == {s: 4 for s in {c.suit for c in DECK}}
    assert Counter(c.kind for c in DECK) == KIND_COUNTS
    assert sum(KIND_COUNTS.values()) == 48


@pytest.mark.parametrize(
    ("zone", "name", "pts"),
    [
        # RULES.md / rulebook Scoring table: only the best sun set scores.
        ({"sun": 2, "sun_rainbow": 1}, "3 Suns, no clouded", 6),
        ({"sun": 1, "sun_rainbow": 1, "sun_clouded": 1}, None, 0),  # 3 with the clouded: none
        ({"sun": 2, "sun_rainbow": 1, "sun_clouded": 1}, "4 Suns, any", 7),
        ({"sun": 2, "sun_rainbow": 2}, "4 Suns, no clouded", 8),
        ({"sun": 2, "sun_rainbow": 2, "sun_clouded": 1}, "5 Suns", 10),
        ({"sun": 2}, None, 0),
    ],
)
def test_sun_sets_only_the_best_scores(zone, name, pts):
    best = sun_set(zone)
    assert (best.name if best else None) == name
    assert points(zone) == pts


@pytest.mark.parametrize(
    ("zone", "expected"),
    [
        ({"bird": 4}, {}),
        ({"bird": 4, "owl": 1}, {"5 Birds": 1}),                     # birds any: 5 = 1
        ({"bird": 5, "owl": 3, "swallow_rainbow": 1}, {"9 Birds": 5, "3 Owls": 5}),
        ({"owl": 3}, {"3 Owls": 5}),
        ({"cat": 4, "cat_red": 1}, {"5 Cats": 1}),
        # The rulebook's example: 7 cats, 3 of them red = 1 + 2 + 5 = 8.
        ({"cat": 4, "cat_red": 3}, {"7 Cats": 3, "3 Red Cats": 5}),
        ({"cat_tabby": 3}, {"3 Gray Tabby Cats": 5}),
        ({"swallow_rainbow": 1, "sun_rainbow": 1}, {"Swallow + Sun with Rainbow": 3}),
        # Both suns with rainbow: only the better rainbow set (6, not 3 + 6).
        ({"swallow_rainbow": 1, "sun_rainbow": 2}, {"Swallow + 2 Suns with Rainbow": 6}),
        ({"sky": 9}, {}),
        ({"sky": 10}, {"10 Sky": 1}),                                # [reading] 10 = 1
        ({"sky": 13}, {"13 Sky": 4}),
    ],
)
def test_other_sets_add_up(zone, expected):
    assert {s.name: s.points for s in sets(zone)} == expected


def test_the_rulebook_seven_cats_example_is_eight_points():
    assert points({"cat": 4, "cat_red": 3}) == 8


def test_a_card_counts_in_every_set_it_belongs_to():
    # The swallow is a bird, suns with rainbow are suns: 2 sun + 2 rainbow sun + swallow.
    zone = {"sun": 2, "sun_rainbow": 2, "swallow_rainbow": 1, "bird": 4}
    got = {s.name: s.points for s in sets(zone)}
    assert got == {"4 Suns, no clouded": 8, "5 Birds": 1, "Swallow + 2 Suns with Rainbow": 6}


def test_interface_example_scores_26_doubled_to_52():
    body = {"zone": {"sun": 1, "sun_clouded": 1, "sun_rainbow": 2, "bird": 0, "owl": 3,
                     "swallow_rainbow": 1, "cat": 2, "cat_red": 3, "cat_tabby": 0, "sky": 11},
            "game_on": True}
    out = score_json(body)
    assert out == {
        "sets": [{"name": "4 Suns, any", "points": 7}, {"name": "3 Owls", "points": 5},
                 {"name": "5 Cats", "points": 1}, {"name": "3 Red Cats", "points": 5},
                 {"name": "Swallow + 2 Suns with Rainbow", "points": 6},
                 {"name": "11 Sky", "points": 2}],
        "points": 26, "doubled": True, "total": 52,
    }


def test_no_game_on_no_doubling_and_missing_kinds_are_zero():
    assert score_json({"zone": {"owl": 3}}) == {
        "sets": [{"name": "3 Owls", "points": 5}], "points": 5, "doubled": False, "total": 5}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"zone": {"owl": 4}}, "zone.owl: 4 owl cards, but the deck has only 3"),
        ({"zone": {"dragon": 1}}, "zone.dragon: not a card kind"),
        ({"zone": {"cat": -1}}, "zone.cat: cannot be negative"),
        ({"zone": {"cat": "2"}}, "zone.cat: must be a whole number"),
        ({"zone": {"cat": True}}, "zone.cat: must be a whole number"),
        ({"zone": []}, "zone: must be an object"),
        ({}, "zone: missing"),
        ([], "must be a JSON object"),
        ({"zone": {}, "game_on": "yes"}, "game_on: must be true or false"),
    ],
)
def test_impossible_zones_get_clear_messages(body, message):
    with pytest.raises(ZoneError, match=message):
        score_json(body)


def test_read_zone_fills_missing_kinds():
    assert read_zone({"sky": 3})["owl"] == 0


@pytest.mark.parametrize(
    ("now", "said", "allowed"),
    [
        (0, None, False),    # no set: nothing to stop with
        (5, None, True),     # a set and no Game on: may stop
        (5, 5, False),       # continued with 5: must score more to stop
        (6, 5, True),        # rulebook: continued with 5, may stop with 6 or more
        (4, 5, False),
    ],
)
def test_may_stop(now, said, allowed):
    ok, reason = may_stop(now, said)
    assert ok is allowed and reason


def test_near_sets_hint_the_card_that_completes_a_set():
    # 2 owls + 5 cats (1 point): a third owl makes 3 Owls (+5); any further cat +1; all
    # four plain cats are already here, so no plain cat is hinted; sky adds nothing.
    assert near_sets({"owl": 2, "cat": 4, "cat_red": 1}) == {"owl": 5, "cat_red": 1,
                                                             "cat_tabby": 1}


def test_near_sets_never_offers_a_card_the_deck_has_run_out_of():
    assert "owl" not in near_sets({"owl": 3})


def test_standing_six_rounds_and_the_winner():
    results = [{"winner": 0, "total": 6}, {"winner": None, "total": 0},
               {"winner": 1, "total": 14}, {"winner": 0, "total": 5},
               {"winner": 0, "total": 1}, {"winner": 1, "total": 2}]
    s = standing(results)
    assert s.totals == (12, 16) and s.over and s.winners == (1,)
    assert s.next_dealer == 1  # the last round's winner deals


def test_a_tie_after_six_rounds_plays_one_more():
    six = [{"winner": i % 2, "total": 5} for i in range(6)]
    s = standing(six)
    assert s.totals == (15, 15) and not s.over
    s7 = standing([*six, {"winner": 0, "total": 3}])
    assert s7.over and s7.winners == (0,)
    tied7 = standing([*six, {"winner": None, "total": 0}])
    assert tied7.over and tied7.winners == (0, 1)


def test_the_dealer_stays_after_a_tied_round():
    assert standing([{"winner": None, "total": 0}], first_dealer=1).next_dealer == 1


def test_deal_check_whole_suit_on_board_must_be_redealt():
    red = [c.id for c in DECK if c.suit == "red"]
    other = [c.id for c in DECK if c.suit == "blue"][:3]
    out = deal_check(red + other, [[], []])
    assert out["must_redeal"] and out["board_suits"] == ["red"]
    hand = deal_check(other[:3], [[c.id for c in DECK if c.suit == "yellow"], []])
    assert not hand["must_redeal"] and hand["may_redeal"] == [["yellow"], []]


def test_deal_check_refuses_unknown_or_repeated_cards():
    with pytest.raises(ZoneError, match="not a card"):
        deal_check(["pink-1"], [])
    with pytest.raises(ZoneError, match="twice"):
        deal_check(["red-1", "red-1"], [])


def test_interface_card_id_example():
    assert CARDS["red-print-2"].kind == "cat_red"
