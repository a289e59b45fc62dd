"""What makes a Pisanki card: the one rule (games.pisanki.card_problem) the API, the edits and
the entry page share.

RULES.md (Pisanki catalogue): "The 75 exhibition cards: 45 one egg; 12 one egg + 1 flower; 6 one
egg + 2 flowers of one kind; 6 two flowers of one kind (no egg); 6 double eggs (two identical
eggs, always on the neutral tablecloth) ... a neutral card is always a double egg without
flowers, and no other card is neutral." Rulebook (pisanki.txt): "Cards with a neutral
tablecloth show 2 identical eggs."
"""

from __future__ import annotations

from itertools import product

import pytest

from assistant.games import pisanki as pg

# (cloth, egg, double, flowers) -> None (a card), "unfinished" (more taps make a card), or the
# impossible part's field.
CASES = [
    # "45 one egg; 12 one egg + 1 flower; 6 one egg + 2 flowers of one kind"
    (("striped", "red", False, ()), None),
    (("dotted", "blue", False, ("pink",)), None),
    (("checked", "green", False, ("yellow", "yellow")), None),
    # "6 two flowers of one kind (no egg)"
    (("dotted", None, False, ("blue", "blue")), None),
    # "6 double eggs (two identical eggs, always on the neutral tablecloth)"
    (("neutral", "purple", True, ()), None),
    # "2 flowers of one kind": never three, never two kinds
    (("checked", "red", False, ("pink", "pink", "pink")), "flowers"),
    (("checked", "red", False, ("pink", "blue")), "flowers"),
    # a double egg is two identical eggs on the neutral cloth, without flowers
    (("neutral", None, True, ()), "double"),
    (("striped", "red", True, ()), "double"),
    (("neutral", "red", True, ("pink",)), "flowers"),
    # "a neutral card is always a double egg": one egg on neutral is impossible as a card
    (("neutral", "red", False, ()), ""),
    # still being entered: no cloth yet, neutral without its egg, no egg and not 2 flowers
    ((None, "red", False, ()), "unfinished"),
    (("neutral", None, False, ()), "unfinished"),
    (("neutral", None, False, ("pink", "pink")), "unfinished"),
    (("dotted", None, False, ()), "unfinished"),
    (("dotted", None, False, ("pink",)), "unfinished"),
]


@pytest.mark.parametrize(("parts", "want"), CASES)
def test_card_problem_follows_the_catalogue(parts, want):
    problem = pg.card_problem(*parts)
    if want is None:
        assert problem is None
    elif want == "unfinished":
        assert problem is not None and problem.unfinished
    else:
        assert problem is not None and not problem.unfinished and problem.field == want


def test_the_card_kinds_are_exactly_the_cards_without_a_problem():
    """Every combination of parts is a kind of the deck if and only if it has no problem."""
    flowers = [(), *((f,) for f in pg.FLOWERS), *((f, f) for f in pg.FLOWERS),
               ("blue", "pink")]
    fine = {pg.Card(c, e, d, f)
            for c, e, d, f in product(pg.CLOTHS, (None, *pg.EGGS), (False, True), flowers)
            if pg.card_problem(c, e, d, f) is None}
    kinds = pg.card_kinds()
    assert len(kinds) == len(set(kinds)) == 180
    assert fine == set(kinds)


@pytest.mark.parametrize(("cell", "entered"), [
    ({}, {}),
    ({"down": True, "cloth": "dotted"}, {"down": True}),
    # RULES.md: "the page can simply make a neutral card a double egg of the chosen colour"
    ({"cloth": "neutral", "egg": "red"}, {"cloth": "neutral", "egg": "red", "double": True,
                                          "flowers": []}),
    ({"egg": "red"}, {"egg": "red", "double": False, "flowers": []}),
])
def test_entry_cell_puts_a_cell_in_its_one_form(cell, entered):
    assert pg.entry_cell(cell) == entered


def test_entry_cell_refuses_an_impossible_card_with_its_message():
    with pytest.raises(pg.CardError) as err:
        pg.entry_cell({"cloth": "striped", "egg": "red", "double": True})
    assert err.value.problem.message == "Double eggs are only on the neutral tablecloth."


@pytest.mark.parametrize(("cell", "issue", "card"), [
    ({}, "not entered", None),
    ({"down": True}, None, None),
    ({"cloth": "dotted", "egg": None, "double": False, "flowers": []},
     "no egg (a card without an egg has 2 flowers)", None),
    ({"cloth": "dotted", "egg": "red", "double": False, "flowers": []}, None,
     pg.Card("dotted", "red")),
])
def test_a_cell_is_a_card_or_says_what_it_lacks(cell, issue, card):
    assert pg.cell_issue(cell) == issue
    assert pg.cell_card(cell) == card
