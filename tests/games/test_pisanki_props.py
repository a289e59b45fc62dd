"""Invariants of Pisanki scoring, checked on random valid games (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.games.pisanki import (
    CLOTHS,
    EGGS,
    FLOWERS,
    GRID_SIZES,
    Card,
    Game,
    Player,
    score,
)


@st.composite
def cards(draw):
    if draw(st.integers(0, 9)) == 0:
        return None  # face down
    cloth = draw(st.sampled_from(CLOTHS))
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return Card(cloth, None, False, (draw(st.sampled_from(FLOWERS)),) * 2)
    egg = draw(st.sampled_from(EGGS))
    if kind == 1 and cloth == "neutral":
        return Card(cloth, egg, True, ())
    n = draw(st.sampled_from((0, 0, 0, 1, 2)))
    return Card(cloth, egg, False, (draw(st.sampled_from(FLOWERS)),) * n)


@st.composite
def games(draw):
    n = draw(st.integers(2, 5))
    rows, cols = GRID_SIZES[n]
    players = []
    for i in range(n):
        grid = tuple(tuple(draw(cards()) for _ in range(cols)) for _ in range(rows))
        players.append(Player(f"P{i}", grid))
    eggs = {e: draw(st.integers(1, 17)) for e in EGGS}
    bunny = {e: draw(st.integers(0, 12)) for e in EGGS} if n == 2 else None
    return Game(eggs, draw(st.integers(1, 3)), draw(st.integers(1, 3)), draw(st.integers(1, 3)),
                tuple(players), bunny)


def totals(game):
    return [(p.total, {k: line.points for k, line in p.lines.items()}) for p in score(game).players]


def mirrored(game, lr=True):
    def flip(grid):
        return tuple(tuple(reversed(row)) for row in grid) if lr else tuple(reversed(grid))
    return Game(game.eggs, game.flowers, game.tablecloths, game.display,
                tuple(Player(p.name, flip(p.grid)) for p in game.players), game.bunny)


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(games())
def test_mirroring_left_right_changes_no_score(game):
    assert totals(mirrored(game, lr=True)) == totals(game)


@SETTINGS
@given(games())
def test_mirroring_top_bottom_changes_no_score(game):
    assert totals(mirrored(game, lr=False)) == totals(game)


@SETTINGS
@given(games(), st.data())
def test_a_face_down_card_never_raises_its_own_display_score(game, data):
    i = data.draw(st.integers(0, len(game.players) - 1))
    grid = game.players[i].grid
    up = [(r, c) for r, row in enumerate(grid) for c, card in enumerate(row) if card is not None]
    if not up:
        return
    r, c = data.draw(st.sampled_from(up))
    new_grid = tuple(tuple(None if (rr, cc) == (r, c) else card for cc, card in enumerate(row))
                     for rr, row in enumerate(grid))
    players = list(game.players)
    players[i] = Player(players[i].name, new_grid)
    after = Game(game.eggs, game.flowers, game.tablecloths, game.display, tuple(players),
                 game.bunny)
    assert (score(after).players[i].lines["display"].points
            <= score(game).players[i].lines["display"].points)


@SETTINGS
@given(games())
def test_total_is_the_sum_of_the_nine_lines_and_winners_have_the_best_total(game):
    result = score(game)
    for p in result.players:
        assert p.total == sum(line.points for line in p.lines.values())
        assert len(p.lines) == 9
    best = max(p.total for p in result.players)
    assert set(result.winners) == {p.name for p in result.players if p.total == best}


@settings(max_examples=80, deadline=None)
@given(st.integers(6, 5 * 6).flatmap(lambda n: st.sets(st.tuples(st.integers(0, 2), st.integers(0, 4)),
                                                          min_size=5, max_size=12)),
       st.sampled_from([7, 12, 13, 15]))
def test_shape_search_finds_as_many_sets_as_brute_force(reds, card_no):
    from itertools import combinations

    from assistant.games.pisanki import SHAPES, shape_sets

    grid = tuple(tuple(Card("checked", "red" if (r, c) in reds else "blue") for c in range(5))
                 for r in range(3))
    placements = {frozenset((r + dr, c + dc) for dr, dc in shape)
                  for shape in SHAPES[card_no][1] for r in range(3) for c in range(5)}
    placements = [p for p in placements if p <= reds]
    best = 0
    for k in range(1, len(placements) + 1):
        if any(all(not (a & b) for a, b in combinations(combo, 2))
               for combo in combinations(placements, k)):
            best = k
        else:
            break
    assert len(shape_sets(grid, "red", card_no)) == best
