"""Each Pisanki scoring card on small hand-worked boards (RULES.md, Pisanki)."""

from __future__ import annotations

import pytest

from assistant.games.pisanki import (
    Contender,
    egg_card,
    egg_total,
    flower_groups_value,
    majority,
    sets_of_three,
    shape_sets,
    tablecloth_card,
)
from tests.games.pisanki_boards import board

# The centre red egg has red eggs on three checked diagonals and a blue egg on a dotted one.
#      A    B      C
# 1    cR   sB     cR
# 2    dG   cR     nO
# 3    cR   s+pp   dB
A = board("cR sB cR", "dG cR nO", "cR s+pp dB")


@pytest.mark.parametrize(
    ("card", "points", "why"),
    [
        # 2: +2 per same-cloth diagonal. B2 has 3 checked diagonals (6); A1, C1, A3 one each.
        (2, 12, "B2 6 + A1 2 + C1 2 + A3 2"),
        # 3: +1 per different-cloth diagonal: only B2's dotted C3.
        (3, 1, "B2 sees dotted C3"),
        # 4: distinct cloths on diagonals: B2 {checked, dotted} = 2 -> 2; corners {checked} -> 1 each.
        (4, 5, "2 + 1 + 1 + 1"),
        # 5: +4 if a neutral orthogonal neighbour: B2 (C2) and C1 (C2).
        (5, 8, "B2 and C1 touch neutral C2"),
        # 6: +1 per flower orthogonally: B2 and A3 both touch the two-pink card B3.
        (6, 4, "2 + 2"),
        # 8: +2 per blue flower orthogonally: none.
        (8, 0, "no blue flowers"),
        # 9: pink above/below, purple left/right: B3 (2 pink) is below B2 -> 2; beside A3 -> 0.
        (9, 2, "B2 has 2 pink below"),
        # 10: +4 if a flowered orthogonal neighbour: B2 and A3.
        (10, 8, "B2 and A3"),
        # 14: +1 per other egg type on its diagonals: B2 sees blue (C3); corners see red only.
        (14, 1, "B2 sees blue"),
        # 17: +1 if an orthogonal neighbour also has a red egg: none touch.
        (17, 0, "reds only meet diagonally"),
    ],
)
def test_per_card_egg_rules_on_board_a(card, points, why):
    assert egg_card(A, "red", card).points == points, why


def test_card_8_counts_two_per_blue_flower_and_a_two_flower_card_twice():
    g = board("cR sB+bb", "d+b .")
    # A1 red: right B1 has 2 blue flowers (+4), below A2 has 1 blue (+2).
    assert egg_card(g, "red", 8).points == 6


def test_card_9_pink_vertical_purple_horizontal():
    g = board("sY+p cR sY+u", "dY+u . dY+p")
    # B1 red: left A1 pink (beside: 0), right C1 purple (beside: +1); below B2 is face down.
    assert egg_card(g, "red", 9).points == 1


def test_card_17_counts_each_card_once():
    g = board("cR cR cR")
    assert egg_card(g, "red", 17).points == 3


def test_card_14_counts_distinct_types_not_cards():
    g = board("cB . cB", ". cR .", "cG . cY")
    # B2 red: diagonals blue, blue, green, yellow -> 3 types.
    assert egg_card(g, "red", 14).points == 3


def test_face_down_neighbours_are_ignored():
    g = board(". .", "cR n+pp")
    assert egg_card(g, "red", 3).points == 0  # no face-up diagonal
    assert egg_card(g, "red", 5).points == 4  # B2 is neutral
    assert egg_card(g, "red", 4).points == 0


@pytest.mark.parametrize(
    ("rows", "card", "sets"),
    [
        (("cR cR cR", "cR cR cR"), 7, 1),                  # 2x3: two squares overlap
        (("cR cR cR cR", "cR cR cR cR"), 7, 2),
        (("cR cR cR", "cR cR cR", "cR cR cR"), 7, 1),
        # Most, not first: the square at B1 would block both B2..A3 and C2..D3.
        ((". cR cR .", "cR cR cR cR", "cR cR cR cR"), 7, 2),
        (("cR cR cR", "cR cR cR", "cR cR cR"), 12, 1),     # both diagonals share B2
        (("cR cR cR cR", "cR cR cR cR", "cR cR cR cR"), 12, 2),
        ((". cR .", "cR cR cR", ". cR ."), 13, 1),         # a plus: every T uses the centre
        (("cR cR cR", ". cR ."), 13, 1),
        (("cR cR cR cR", "cR cR cR cR"), 15, 2),           # two Ls fill a 2x4
        (("cR cR", "cR ."), 15, 0),
        (("cR cB cR", "cR cR cR"), 7, 0),
    ],
)
def test_shape_cards_count_the_most_disjoint_sets(rows, card, sets):
    g = board(*rows)
    found = shape_sets(g, "red", card)
    assert len(found) == sets
    cells = [c for s in found for c in s]
    assert len(cells) == len(set(cells))  # each card in at most one set
    assert egg_card(g, "red", card).points == sets * {7: 6, 12: 4, 13: 6, 15: 6}[card]


@pytest.mark.parametrize(
    ("values", "card", "players", "points"),
    [
        # 3 players: 1st 12, 2nd 6, 3rd nothing.
        ([(4, 5), (4, 6), (2, 2)], 1, 3, [6, 12, 0]),
        # Tie on both stages: both first (12); the next is third, which 3 players don't score.
        ([(4, 5), (4, 5), (2, 2)], 1, 3, [12, 12, 0]),
        # 4 players, sport places 1, 1, 3, 3: card 11 pays 10, 10, 2, 2.
        ([(5, 5), (5, 5), (3, 3), (3, 3)], 11, 4, [10, 10, 2, 2]),
        # 5 players, card 16: 14 / 7 / 3 / 0 / 0.
        ([(6, 6), (5, 5), (4, 4), (3, 3), (2, 2)], 16, 5, [14, 7, 3, 0, 0]),
        # A value of 0 never scores.
        ([(0, 0), (0, 0), (0, 0)], 1, 3, [0, 0, 0]),
        ([(2, 2), (0, 0), (0, 0), (0, 0)], 1, 4, [12, 0, 0, 0]),
    ],
)
def test_majority_places(values, card, players, points):
    cons = [Contender(v, t) for v, t in values]
    assert majority(cons, card, players) == points


@pytest.mark.parametrize(
    ("a", "b", "bunny", "points"),
    [
        ((3, 3), (2, 2), 3, [12, 0, 0]),   # the Bunny loses its tie with A
        ((3, 3), (2, 2), 4, [0, 0, 0]),    # the Bunny takes 1st; 2nd does not score with 2
        ((3, 3), (3, 4), 0, [0, 12, 0]),   # tie count decides between the players
        ((2, 2), (2, 2), 1, [12, 12, 0]),
    ],
)
def test_majority_with_the_bunny(a, b, bunny, points):
    cons = [Contender(*a), Contender(*b), Contender(bunny, bunny, True)]
    assert majority(cons, 1, 2) == points


def test_flower_group_value_counts_flowers_not_cards():
    g = board("c+pp sR+p .", "dB . n+bb")
    # A1 (2) and B1 (1) touch: 3; C2 (2) stands alone.
    assert flower_groups_value(g)[0] == 3


@pytest.mark.parametrize(("counts", "sets"), [((3, 3, 3, 0), 3), ((6, 1, 1, 0), 1),
                                               ((2, 2, 2, 2), 2), ((5, 5, 0, 0), 0),
                                               ((4, 4, 4, 4), 5)])
def test_sets_of_three_different(counts, sets):
    assert sets_of_three(counts) == sets


def test_tablecloth_cards():
    g = board("cR cR sB", "cG dY sO", ". nR2 nP2")
    # groups: checked {A1,B1,A2} 3; striped {C1,C2} 2; dotted {B2} 1; neutral {B3,C3} 2.
    assert tablecloth_card(g, 1).points == 3
    assert tablecloth_card(g, 3).points == 2  # smallest group: 1 card x 2
    # counts checked 3, striped 2, dotted 1, neutral 2 -> 8 cards, sets of 3 different: 2
    assert tablecloth_card(g, 2).points == 2


def test_eggs_counted_with_double_as_two():
    assert egg_total(board("cR nR2", ". d+pp")) == 3
