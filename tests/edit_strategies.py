"""Hypothesis strategies: random edits of every game, many valid and some refused."""

from __future__ import annotations

from hypothesis import strategies as st

from assistant.games import kitsune as kg
from assistant.games import liski as lg
from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.registry import reducer_for

GAMES = ("liski", "kitsune", "okoshki", "pisanki")
NAMES = ("Ala", "Bo", "Cy", "Di", "Ed", "Fu")

pisanki_cell = st.one_of(
    st.just({}),
    st.just({"down": True}),
    st.builds(
        lambda cloth, egg, n, flower: {"cloth": cloth, "egg": egg, "flowers": [flower] * n},
        st.sampled_from(pg.CLOTHS), st.sampled_from(pg.EGGS), st.integers(0, 2),
        st.sampled_from(pg.FLOWERS),
    ),
    st.builds(lambda egg: {"cloth": "neutral", "egg": egg, "double": True},
              st.sampled_from(pg.EGGS)),
)

liski_card = st.builds(
    lambda kind, total, sym: {"kind": kind, "total": total, "needs": {sym: min(total, 2)}},
    st.sampled_from(("problem", "nightmare", "complication")), st.integers(1, 6),
    st.sampled_from(lg.SYMBOLS),
)
liski_item = st.one_of(
    st.just({"kind": "greykit"}),
    st.just({"kind": "fox", "any": True}),
    st.builds(lambda s: {"kind": "fox", "symbols": [s]}, st.sampled_from(lg.SYMBOLS)),
)

# Every field any game's edit reads, with small values: a random subset goes into each edit.
FIELDS = {
    "name": st.sampled_from(NAMES),
    "index": st.integers(0, 3),
    "player": st.integers(0, 4),
    "col": st.integers(0, 5),
    "r": st.integers(0, 3),
    "c": st.integers(0, 5),
    "colour": st.sampled_from(kg.COLOURS),
    "puchater": st.integers(0, 3),
    "ability": st.sampled_from(("fear", "cluster", "greykit", "fox", "draw")),
    "symbol": st.sampled_from(lg.SYMBOLS),
    "slot": st.sampled_from(("egg:red", "flowers", "tablecloths", "display")),
    "number": st.integers(0, 17),
    "egg": st.sampled_from(pg.EGGS),
    "count": st.integers(0, 6),
    "cell": pisanki_cell,
    "kind": st.sampled_from(ok.KINDS),
    "delta": st.sampled_from(("1", "-1")),
    "by": st.integers(0, 3),
    "with": st.integers(0, 3),
    "age": st.integers(5, 80),
    "round": st.integers(0, 3),
    "on": st.sampled_from(("1", "0")),
    "winner": st.sampled_from(("0", "1")),
    "total": st.integers(0, 40),
    "length": st.integers(30, 300),
    "pos": st.integers(0, 4),
    "difficulty": st.integers(1, 3),
    "from_hand": st.integers(0, 2),
    "code": st.sampled_from(("KQ7MX4PA", "")),
}
# Fields every edit of a game carries (each game's edits mostly name a player).
GAME_REQUIRED = {
    "okoshki": {"player": st.integers(0, 1), "kind": st.sampled_from(ok.KINDS)},
    "kitsune": {"player": st.integers(0, 3)},
}


# Fields whose type differs between games (each game's validation refuses the other shapes).
GAME_FIELDS = {
    "liski": {"card": liski_card, "item": liski_item},
    "kitsune": {"card": st.sampled_from(kg.COLOURS + ("kitsune",)), "item": st.integers(0, 2),
                "colour": st.sampled_from(("red", "blue", "yellow"))},
}


def edit_data(game: str, op: str) -> st.SearchStrategy[dict]:
    """Data for one edit: the fields its game commonly reads, some present, some not."""
    if op == "pisanki.cell":
        return st.fixed_dictionaries({"player": st.integers(0, 4), "r": st.integers(0, 3),
                                      "c": st.integers(0, 5), "cell": pisanki_cell})
    if op == "players.add":
        return st.fixed_dictionaries({"name": st.sampled_from(NAMES)},
                                     optional={"age": st.integers(5, 80)})
    required = GAME_REQUIRED.get(game, {})
    optional = {k: v for k, v in {**FIELDS, **GAME_FIELDS.get(game, {})}.items()
                if k not in required}
    return st.fixed_dictionaries(required, optional=optional)


@st.composite
def steps(draw, game: str, max_size: int = 30) -> list[tuple[str, dict]]:
    """A game's random edits, players first; ("undo", {"pick": k}) undoes an earlier one."""
    reducer = reducer_for(game)
    ops = sorted(reducer.ops)
    out: list[tuple[str, dict]] = []
    if "players.add" in reducer.ops:
        for name in NAMES[: draw(st.integers(2, reducer.max_players if game != "kitsune" else 4))]:
            out.append(("players.add", {"name": name}))
    if game == "liski":
        out.append(("board.setup", {}))
    for _ in range(draw(st.integers(0, max_size))):
        if draw(st.integers(0, 5)) == 0:
            out.append(("undo", {"pick": draw(st.integers(0, 1000))}))
        else:
            op = draw(st.sampled_from(ops))
            out.append((op, draw(edit_data(game, op))))
    return out
