"""Liski column checks, with the rulebook's own examples (RULES.md, Liski)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.games.liski import (
    LiskiError,
    check,
    check_json,
    missing_text,
    place_card,
    read_column,
    refill,
    share_cheese,
)


def col(cards, stack=(), markers=(), fear=()):
    return read_column({"cards": list(cards), "stack": list(stack), "markers": list(markers),
                        "fear": list(fear)})


def oj(symbol, *transition):
    return {"kind": "ojojanie", "symbols": [symbol], "transition": list(transition)}


def fox(a, b, *transition):
    return {"kind": "fox", "symbols": [a, b], "transition": list(transition)}


ANY = {"kind": "fox", "any": True}
GREY = {"kind": "greykit"}
PENCIL = {"kind": "problem", "name": "Pogryziony ołówek", "total": 3,
          "needs": {"crown": 1, "flower": 1}, "transition": ["crown", "pot"]}


def test_interface_example():
    body = {"cards": [PENCIL], "fear": [{"number": 2}, {"needs": {"pot": 1}}], "markers": ["crown"],
            "stack": [GREY, oj("flower", "flower", "leaf"), fox("boat", "leaf", "boat"), ANY]}
    assert check_json(body) == {
        "beaten": True, "total": 3, "needs": {"crown": 1, "flower": 1, "pot": 1},
        "have": {"crown": 1, "flower": 1, "boat": 1, "leaf": 1}, "wildcards": 1,
        "missing": {}, "invalid": [], "unchecked": [], "cheese": 1}


def test_pogryziony_olowek_crown_flower_and_a_pot():
    # Rulebook: 3 symbols incl. 1 crown and 1 red flower; the third is a purple pot.
    v = check(col([PENCIL], [oj("crown", "flower"), oj("flower", "pot"), oj("pot")]))
    assert v.beaten and v.total == 3 and v.missing == {}


def test_pogryziony_olowek_without_the_flower():
    v = check(col([PENCIL], [oj("crown", "crown"), oj("crown")]))
    assert not v.beaten and v.missing == {"flower": 1}
    assert missing_text(v.missing) == "1 red flower"


def test_kanapka_z_koszmarem_with_a_marker_crown():
    # Rulebook: complication, 6 incl. 2 crowns and 2 boats; the others: a marker crown and a pot.
    card = {"kind": "complication", "name": "Kanapka z koszmarem", "total": 6,
            "needs": {"crown": 2, "boat": 2}}
    stack = [oj("crown", "crown"), oj("crown", "boat"), oj("boat", "boat"), oj("boat", "pot"), oj("pot")]
    v = check(col([card], stack[:4], markers=["crown"]))
    # 2 crowns + marker crown + 2 boats = 5 of 6, both specific needs met: one of any short
    assert not v.beaten and v.missing == {"any": 1} and v.unchecked == (0,)
    v = check(col([card], stack, markers=["crown"]))
    assert v.beaten and v.cheese == 1  # one beaten complication, a marker on the column


def test_zmarzlin_fifteen_of_anything():
    nightmare = {"kind": "nightmare", "name": "Zmarzlin", "total": 15}
    stack = [oj("leaf")] * 14
    v = check(col([nightmare], stack))
    assert not v.beaten and v.missing == {"any": 1}
    assert v.unchecked == tuple(range(14))  # no transition symbols entered: counted, unchecked
    v = check(col([nightmare], stack, markers=["crown"]))
    assert v.beaten and v.cheese == 0  # the nightmare yields no cheese


def test_the_cluster_example():
    # Rulebook: a cluster needing 6 incl. 2 crowns, 1 boat, 1 pot; free ones: marker leaf + boat.
    a = {"kind": "problem", "total": 3, "needs": {"crown": 1, "boat": 1}}
    b = {"kind": "problem", "total": 3, "needs": {"crown": 1, "pot": 1}, "transition": ["crown"]}
    stack = [oj("crown", "crown", "pot"), oj("crown", "pot"), oj("pot", "boat"), oj("boat", "boat"), oj("boat")]
    v = check(col([a, b], stack, markers=["leaf"]))
    assert v.total == 6 and v.needs == {"crown": 2, "pot": 1, "boat": 1}
    assert v.beaten and v.cheese == 2  # two problem cards beaten at once


# RULES.md, Fear tokens [reading]: a symbol token ("a green leaf and the number 2") means 2 of
# the required symbols are that symbol; it adds nothing to the total but may raise it.
KUBEK = {"kind": "problem", "name": "Rozbity kubek", "total": 4, "needs": {"crown": 1}}
FUTRO = {"kind": "problem", "name": "Skołtunione futro", "total": 4,
         "needs": {"pot": 1, "leaf": 1}}


def test_rozbity_kubek_fear_token_with_a_leaf_and_a_two():
    # Rulebook: 4 symbols in total, including 1 crown and 2 green leaves.
    v = check(col([KUBEK], fear=[{"needs": {"leaf": 2}}]))
    assert v.total == 4 and v.needs == {"crown": 1, "leaf": 2}
    assert v.missing == {"crown": 1, "leaf": 2, "any": 1}


def test_skoltunione_futro_fear_token_with_a_pot_and_a_two():
    # Rulebook: 4 symbols in total, including 3 purple pots and 1 green leaf.
    v = check(col([FUTRO], fear=[{"needs": {"pot": 2}}]))
    assert v.total == 4 and v.needs == {"pot": 3, "leaf": 1}


def test_a_number_token_adds_to_the_total():
    v = check(col([FUTRO], fear=[{"number": 2}]))
    assert v.total == 6 and v.needs == {"pot": 1, "leaf": 1}


def test_a_symbol_token_raises_the_total_only_when_the_symbols_outnumber_it():
    v = check(col([FUTRO], fear=[{"needs": {"pot": 3}}]))
    assert v.total == 5 and v.needs == {"pot": 4, "leaf": 1}


@pytest.mark.parametrize(("card", "token", "total", "needs"), [
    (KUBEK, {"leaf": 2}, 4, {"crown": 1, "leaf": 2}),
    (FUTRO, {"pot": 2}, 4, {"pot": 3, "leaf": 1}),
])
def test_both_rulebook_examples_through_the_cli(tmp_path, card, token, total, needs):
    import subprocess
    import sys

    path = tmp_path / "col.json"
    path.write_text(json.dumps({"cards": [card], "fear": [{"needs": token}]}))
    out = subprocess.run([sys.executable, "-m", "assistant.cli", "check", "liski", str(path)],
                         capture_output=True, text=True, check=True)
    answer = json.loads(out.stdout)
    assert (answer["total"], answer["needs"]) == (total, needs)


def test_szaricka_grey_kit_lowers_by_three():
    # Rulebook: with the grey kit only 6 symbols are needed, incl. a leaf, a crown and a boat.
    card = {"kind": "problem", "total": 9, "needs": {"leaf": 1, "crown": 1, "boat": 1}}
    v = check(col([card], [GREY]))
    assert v.total == 6 and v.missing == {"crown": 1, "boat": 1, "leaf": 1, "any": 3}


def test_grey_kits_never_take_the_total_below_zero_nor_below_the_specific_needs():
    card = {"kind": "problem", "total": 2, "needs": {"crown": 1}}
    assert check(col([card], [GREY])).total == 1
    assert check(col([{"kind": "problem", "total": 2}], [GREY, GREY])).total == 0


def test_the_raise_comes_after_fear_and_grey_kits():
    card = {"kind": "problem", "total": 4, "needs": {"crown": 2, "pot": 1}}
    v = check(col([card], [GREY], fear=[{"number": 1}]))
    assert v.total == 3  # 4 + 1 - 3 = 2, raised to the 3 specific symbols


def test_a_card_that_breaks_the_rule_does_not_count_and_the_next_is_checked_against_it():
    card = {"kind": "problem", "total": 2, "transition": ["crown"]}
    stack = [oj("pot", "leaf"), oj("leaf", "boat")]
    v = check(col([card], stack))
    assert v.invalid == (0,) and v.have == {"leaf": 1} and not v.beaten
    assert v.missing == {"any": 1}


@pytest.mark.parametrize(
    ("stack", "invalid", "unchecked"),
    [
        ([GREY, oj("pot", "pot")], (), ()),            # anything goes on a grey kit
        ([ANY, oj("pot")], (), ()),                     # and on an `any` fox
        ([oj("crown", "boat"), ANY], (), ()),           # the `any` fox fits anywhere
        ([oj("crown"), oj("leaf")], (), (1,)),          # below card has no transition: unchecked
        ([oj("crown", "boat"), fox("boat", "leaf")], (), ()),
        ([oj("crown", "boat"), fox("pot", "leaf")], (1,), ()),
    ],
)
def test_transition_exemptions(stack, invalid, unchecked):
    card = {"kind": "problem", "total": 1, "transition": ["crown"]}
    v = check(col([card], stack))
    assert v.invalid == invalid and v.unchecked == unchecked


def test_first_card_unchecked_when_the_problem_has_no_transition_entered():
    v = check(col([{"kind": "problem", "total": 1}], [oj("crown")]))
    assert v.unchecked == (0,) and v.beaten


def test_wildcards_cover_specific_shortfalls_in_symbol_order():
    card = {"kind": "problem", "total": 5, "needs": {"crown": 1, "leaf": 2}}
    v = check(col([card], [ANY]))
    # 3 specific missing, 1 wildcard covers the crown; 2 leaves left; 5 - 0 have - 1 wild = 4
    # overall, minus the 2 leaves by name: 2 of any symbol.
    assert v.missing == {"leaf": 2, "any": 2}
    assert missing_text(v.missing) == "2 green leaves, 2 of any symbol"


def test_no_cheese_without_markers_and_complication_only_flag():
    comp = {"kind": "complication", "total": 1}
    v = check(col([comp], [oj("pot")]))
    assert v.beaten and v.cheese == 0 and v.only_complications


def test_share_cheese_evenly_with_a_remainder():
    assert share_cheese(3, ["Mag", "Kapitanka"]) == ({"Mag": 1, "Kapitanka": 1}, 1)
    assert share_cheese(2, []) == ({}, 2)


@pytest.mark.parametrize(
    ("counts", "column", "target"),
    [([1, 1, 1, 1, 1, 1], 2, 2), ([1, 1, 3, 1, 1, 1], 2, 3), ([1, 1, 3, 3, 1, 1], 2, 4),
     ([1, 1, 1, 1, 1, 3], 5, 0), ([3, 1, 1, 1, 1, 3], 5, 1), ([3] * 6, 4, 4)],
)
def test_a_column_with_three_cards_passes_the_card_on(counts, column, target):
    assert place_card(counts, column) == target


def test_refill_round_two_places_problems_then_the_complication():
    out = refill([1, 2, 1, 1, 1, 1], next_round=2, complication_at=1)
    assert [(p.what, p.column) for p in out] == [
        ("problem", 0), ("problem", 1), ("problem", 2), ("problem", 3), ("problem", 4),
        ("problem", 5), ("complication", 2)]
    # Column 1 held 2 and took its problem (3 now), so the complication meant for it goes on
    # to column 2.


def test_refill_round_six_moves_the_nightmare_and_spuchlina_adds_a_problem_and_fear():
    out = refill([0] * 6, next_round=6, complication_at=None, nightmare_effect="spuchlina")
    assert [(p.what, p.column) for p in out][-3:] == [("nightmare", 5), ("extra", 5), ("fear", 5)]


def test_refill_zniszczona_extra_problem_goes_with_the_complication():
    out = refill([0] * 6, next_round=3, complication_at=2, nightmare_effect="zniszczona")
    assert [(p.what, p.column) for p in out][-2:] == [("complication", 2), ("extra", 2)]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"cards": []}, "at least one card"),
        ({"cards": [{"total": -1}]}, r"cards\[0\].total: must be a whole number"),
        ({"cards": [{"total": 2, "needs": {"moon": 1}}]}, r"cards\[0\].needs.moon: not one of"),
        ({"cards": [{"total": 2}], "stack": [{"kind": "ojojanie", "symbols": ["star"]}]},
         r"stack\[0\].symbols\[0\]: 'star' is not one of"),
        ({"cards": [{"total": 2}], "stack": [{"kind": "shoe"}]}, "not one of ojojanie, fox, greykit"),
        ({"cards": [{"total": 2}], "stack": [{"kind": "fox", "symbols": ["crown"]}]}, "a fox shows 2 symbols"),
        ({"cards": [{"total": 2}], "markers": ["hat"]}, r"markers\[0\]"),
        ({"cards": [{"kind": "monster", "total": 2}]}, "kind: 'monster'"),
    ],
)
def test_bad_input(body, message):
    with pytest.raises(LiskiError, match=message):
        check_json(body)


def test_a_list_of_columns_gives_a_list_of_answers():
    out = check_json([{"cards": [{"total": 1}]}, {"cards": [{"total": 0}]}])
    assert [o["beaten"] for o in out] == [False, True]


def test_cli_example_file_matches(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"cards": [PENCIL]}))
    assert check_json(json.loads(Path(path).read_text()))["missing"] == {"crown": 1, "flower": 1, "any": 1}
