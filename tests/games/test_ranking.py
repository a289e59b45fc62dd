"""Final rankings and their ties, game by game (shared/RULES.md; shared/INTERFACE.md "Table results")."""

from __future__ import annotations

import pytest

from assistant.games import ranking
from assistant.games.kitsune import Area, result


def area(name, r=0, b=0, y=0, blocked=(0, 0, 0), age=None):
    return Area(name, age, {"red": r, "blue": b, "yellow": y},
                dict(zip(("red", "blue", "yellow"), blocked, strict=True)))


def table(r: ranking.Ranking):
    return [(p.name, p.score, p.rank) for p in r.places]


@pytest.mark.parametrize(("keys", "ranks"), [
    ([57, 41], [1, 2]),
    ([41, 57], [2, 1]),
    ([30, 30, 12], [1, 1, 3]),          # two tied firsts, the next is third (RULES.md Majority)
    ([5, 9, 9, 9, 1], [4, 1, 1, 1, 5]),
    ([0, 0], [1, 1]),
    ([], []),
])
def test_competition_ranks(keys, ranks):
    assert ranking.competition_ranks(keys) == ranks


# Pisanki: "Total = sum of the 6 egg cards + flower + tablecloth + display card. Highest total
# wins; a tie shares the win." (RULES.md Pisanki)
@pytest.mark.parametrize(("names", "totals", "places", "winners"), [
    (["Ala", "Olek"], [57, 41], [("Ala", 57, 1), ("Olek", 41, 2)], ("Ala",)),
    (["Ala", "Olek", "Ewa"], [40, 52, 52], [("Olek", 52, 1), ("Ewa", 52, 1), ("Ala", 40, 3)],
     ("Olek", "Ewa")),
    (["A", "B", "C", "D", "E"], [30, 30, 30, 30, 29],
     [("A", 30, 1), ("B", 30, 1), ("C", 30, 1), ("D", 30, 1), ("E", 29, 5)], ("A", "B", "C", "D")),
])
def test_pisanki_totals_and_shared_wins(names, totals, places, winners):
    r = ranking.pisanki(names, totals, finished=True)
    assert table(r) == places
    assert r.winners == winners
    assert r.finished


def test_pisanki_before_the_scoring_cards_are_chosen_nobody_is_placed():
    r = ranking.pisanki(["Ala", "Olek"], None, finished=False)
    assert table(r) == [("Ala", None, None), ("Olek", None, None)]
    assert r.winners == ()


# Okoshki: the totals over the rounds; "a tied total plays 1 more round" and, still tied
# after it, the win is shared [reading of RULES.md Okoshki, assistant.games.okoshki.standing].
@pytest.mark.parametrize(("totals", "finished", "places", "winners"), [
    ([26, 14], True, [("Ola", 26, 1), ("Jan", 14, 2)], ("Ola",)),
    ([14, 26], True, [("Jan", 26, 1), ("Ola", 14, 2)], ("Jan",)),
    ([20, 20], True, [("Ola", 20, 1), ("Jan", 20, 1)], ("Ola", "Jan")),   # tie after round 7
    ([0, 0], False, [("Ola", 0, 1), ("Jan", 0, 1)], ()),                  # nothing scored yet
    ([0, 12], False, [("Jan", 12, 1), ("Ola", 0, 2)], ("Jan",)),          # leading, not won yet
])
def test_okoshki(totals, finished, places, winners):
    r = ranking.okoshki(["Ola", "Jan"], totals, finished)
    assert table(r) == places
    assert r.winners == winners
    assert r.finished is finished


# Kitsune: players holding the goal win whatever else; at the second run-out "most kitsune
# wins, then most blocked, then the youngest" (RULES.md Kitsune).
KITSUNE_CASES = [
    # the goal wins even with fewer kitsune than another player
    ([area("Ala", 3, 3, 3, age=30), area("Bob", 5, 5, 0, age=9)], 0,
     [("Ala", 9, 1), ("Bob", 10, 2)], ("Ala",), "goal"),
    # second run-out: most kitsune
    ([area("Ala", 2, 2, 0, age=30), area("Bob", 3, 2, 0, age=40), area("Cy", 1, 0, 0, age=8)], 2,
     [("Bob", 5, 1), ("Ala", 4, 2), ("Cy", 1, 3)], ("Bob",), "deck"),
    # equal kitsune: most blocked
    ([area("Ala", 2, 2, 0, blocked=(1, 0, 0), age=30), area("Bob", 2, 1, 1, blocked=(1, 1, 0), age=40)], 2,
     [("Bob", 4, 1), ("Ala", 4, 2)], ("Bob",), "deck"),
    # equal kitsune and blocked: the youngest
    ([area("Ala", 2, 2, 0, age=30), area("Bob", 2, 1, 1, age=12), area("Cy", 4, 0, 0, age=50)], 2,
     [("Bob", 4, 1), ("Ala", 4, 2), ("Cy", 4, 3)], ("Bob",), "deck"),
    # no ages entered: equal players share the place and the win
    ([area("Ala", 2, 2, 0), area("Bob", 2, 1, 1)], 2,
     [("Ala", 4, 1), ("Bob", 4, 1)], ("Ala", "Bob"), "deck"),
    # two goal holders (a Renewal can give both the goal) share the win
    ([area("Ala", 3, 3, 3), area("Bob", 3, 3, 4), area("Cy", 1, 1, 1)], 0,
     [("Ala", 9, 1), ("Bob", 10, 1), ("Cy", 3, 3)], ("Ala", "Bob"), "goal"),
    # still playing: nobody has won, places by the same order
    ([area("Ala", 1, 0, 0, age=10), area("Bob", 2, 0, 0, age=11)], 1,
     [("Bob", 2, 1), ("Ala", 1, 2)], (), None),
]


@pytest.mark.parametrize(("areas", "runs_out", "places", "winners", "reason"), KITSUNE_CASES)
def test_kitsune(areas, runs_out, places, winners, reason):
    res = result(areas, runs_out)
    r = ranking.kitsune(areas, res)
    assert table(r) == places
    assert r.winners == winners
    assert r.finished is (reason is not None)
    assert res.reason == reason


def test_kitsune_ranking_agrees_with_the_rules_winners():
    # Whatever the engine names as winners is exactly rank 1 of the ranking.
    for areas, runs_out, *_ in KITSUNE_CASES:
        r = ranking.kitsune(areas, result(areas, runs_out))
        if r.winners:
            assert {p.name for p in r.places if p.rank == 1} == set(r.winners)


# Liski: cooperative; the rulebook's "you win together when the nightmare is beaten at the
# end of round 6" and "3 fear tokens under one column = the game is lost" (RULES.md Liski).
@pytest.mark.parametrize(("won", "outcome", "winners", "finished"), [
    (True, "won", ("Kapitanka", "Mag"), True),
    (False, "lost", (), True),
    (None, None, (), False),
])
def test_liski(won, outcome, winners, finished):
    r = ranking.liski(["Kapitanka", "Mag"], won, 4)
    assert [(p.name, p.score, p.rank) for p in r.places] == [("Kapitanka", None, 1), ("Mag", None, 1)]
    assert r.outcome == outcome
    assert r.winners == winners
    assert r.finished is finished
    assert r.places[0].note == "round 4"
