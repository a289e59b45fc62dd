"""The Pisanki table: players in seating order, the scoring cards, the Bunny, every grid.

A cell in the table state is {} (not entered yet), {"down": true} (face down), or a card
{"cloth", "egg", "double", "flowers"} that may still be partly entered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant.games import pisanki as pg
from assistant.messages import N_, Message
from assistant.reducers import (
    MAX_PLAYERS,
    NAME,
    EditError,
    Op,
    Reducer,
    State,
    player_index,
)
from assistant.reducers.schema import Bool, Choice, Int, ListOf, Nullable, Obj, edit

MAX_ROWS, MAX_COLS = 4, 6
SLOTS = (*(f"egg:{e}" for e in pg.EGGS), "flowers", "tablecloths", "display")
SLOT_WORDS = {"flowers": N_("Flowers"), "tablecloths": N_("Tablecloths"),
              "display": N_("Display table")}  # the other slots' names, for the history


@dataclass(frozen=True)
class Cell(Obj):
    """A table cell: its parts checked by type, then put in its one form by the rules
    (games.pisanki.entry_cell); an unfinished card is kept, an impossible one refused."""

    def clean(self, value: Any) -> dict[str, Any]:
        try:
            return pg.entry_cell(super().clean(value))
        except pg.CardError as exc:
            raise EditError(exc.problem.message) from None


CELL = Cell(msg="That is not a card.", fields={
    "down": Bool(msg="A card is face down or not."),
    "cloth": Choice(msg="That is not a tablecloth.", values=pg.CLOTHS),
    "egg": Choice(msg="That is not an egg.", values=pg.EGGS),
    "double": Bool(msg="A card has a double egg or not."),
    "flowers": ListOf(msg="A card has at most 2 flowers.",
                      item=Choice(msg="Unknown flower.", values=pg.FLOWERS), max_len=2),
})
GRID = ListOf(msg=Message("The photo's table has at most %(rows)d × %(cols)d cards.",
                          rows=MAX_ROWS, cols=MAX_COLS),
              item=ListOf(msg=Message("The photo's table has at most %(rows)d × %(cols)d cards.",
                                      rows=MAX_ROWS, cols=MAX_COLS),
                          item=Nullable(inner=CELL), max_len=MAX_COLS), max_len=MAX_ROWS)
PLAYER = Int(msg="Pick a player.", lo=0, hi=MAX_PLAYERS - 1, required=True)


def whole_grid(d: dict[str, Any]) -> set[str]:
    """A player's whole table: conflicts with any cell of it."""
    return {f"grid:{d['player']}",
            *(f"cell:{d['player']}:{r}:{c}" for r in range(MAX_ROWS) for c in range(MAX_COLS))}


def slot_word(slot: str) -> Message:
    """A scoring card slot in words, for the history."""
    return pg.egg_word(slot[4:]) if slot.startswith("egg:") else Message(SLOT_WORDS[slot])


def empty_grid() -> list[list[dict[str, Any]]]:
    """A 4×6 grid of cells not entered yet (smaller tables use its top-left part)."""
    return [[{} for _ in range(MAX_COLS)] for _ in range(MAX_ROWS)]


def grid_size(players: int) -> tuple[int, int]:
    """Rows and columns of a display table for this many players."""
    return pg.GRID_SIZES.get(min(max(players, 2), 5))


def clean_cell(raw: Any) -> dict[str, Any]:
    """A cell as the entry page or a photo sends it (null = not entered), in its one form."""
    return {} if raw is None else CELL.clean(raw)


class PisankiTable(Reducer):
    """Edits of a Pisanki table."""

    slug = "pisanki"
    version = 1  # REDUCER VERSION: bump when the same events would fold differently
    max_players = 5

    def declare(self) -> list[Op]:
        return [
            *super().declare(),
            Op("pisanki.scoring",
               edit(slot=Choice(msg="Pick a scoring card slot.", values=SLOTS, required=True),
                    number=Int(msg="Pick a scoring card.", lo=1, hi=17, required=True)),
               self._scoring, keys=lambda d: {f"scoring:{d['slot']}"},
               history=lambda d: Message("scoring card, %(slot)s: %(number)s",
                                         slot=slot_word(d["slot"]), number=d["number"])),
            Op("pisanki.bunny",
               edit(egg=Choice(msg="Pick an egg type.", values=pg.EGGS, required=True),
                    count=Int(msg="The Bunny has from 0 to 48 eggs of a type.", lo=0, hi=48,
                              required=True)),
               self._bunny, keys=lambda d: {f"bunny:{d['egg']}"},
               history=lambda d: Message("Bunny, %(egg)s: %(count)s",
                                         egg=pg.egg_word(d["egg"]), count=d["count"])),
            Op("pisanki.cell",
               edit(player=PLAYER, name=NAME,
                    r=Int(msg="Pick a cell of the table.", lo=0, hi=MAX_ROWS - 1, required=True),
                    c=Int(msg="Pick a cell of the table.", lo=0, hi=MAX_COLS - 1, required=True),
                    cell=CELL),
               self._cell, keys=lambda d: {f"cell:{d['player']}:{d['r']}:{d['c']}"},
               history=lambda d: Message("%(name)s: %(cell)s", name=d.get("name", ""),
                                         cell=pg.cell_name((d["r"], d["c"])))),
            Op("pisanki.clear", edit(player=PLAYER, name=NAME), self._clear, keys=whole_grid,
               history=N_("cleared the table of %(name)s"), destructive=True),
            Op("pisanki.grid", edit(player=PLAYER, name=NAME, grid=GRID), self._grid,
               keys=whole_grid, history=N_("%(name)s: the table from a photo")),
        ]

    def initial_state(self) -> State:
        return {**super().initial_state(), "scoring": dict.fromkeys(SLOTS),
                "bunny": dict.fromkeys(pg.EGGS, 0)}

    def new_player(self, name: str) -> dict[str, Any]:
        return {"name": name, "grid": empty_grid()}

    def _scoring(self, state: State, data: dict[str, Any], _at: int) -> None:
        slot, number = data["slot"], data["number"]
        top = 17 if slot.startswith("egg:") else 3
        if not 1 <= number <= top:
            raise EditError("That slot takes a card from 1 to %(top)d.", top=top)
        state["scoring"][slot] = number

    def _bunny(self, state: State, data: dict[str, Any], _at: int) -> None:
        state["bunny"][data["egg"]] = data["count"]

    def _player(self, state: State, data: dict[str, Any]) -> dict[str, Any]:
        i = player_index(state, data.get("player"))
        p = state["players"][i]
        if data.get("name") not in (None, "", p["name"]):
            raise EditError("The players changed meanwhile: this table belongs to someone else.")
        return p

    def _cell(self, state: State, data: dict[str, Any], _at: int) -> None:
        p = self._player(state, data)
        rows, cols = grid_size(len(state["players"]))
        r, c = data["r"], data["c"]
        if not (0 <= r < rows and 0 <= c < cols):
            raise EditError("The table is %(rows)d × %(cols)d: no cell %(cell)s.", rows=rows,
                            cols=cols, cell=pg.cell_name((r, c)))
        cell = data.get("cell") or {}
        grid = p["grid"]
        others = [grid[rr][cc] for rr in range(rows) for cc in range(cols) if (rr, cc) != (r, c)]
        if cell.get("double") and sum(1 for o in others if o.get("double")) >= pg.MAX_DOUBLES:
            raise EditError("A table holds at most %(num)d double eggs (the deck has 6).",
                            num=pg.MAX_DOUBLES)
        grid[r][c] = cell

    def _grid(self, state: State, data: dict[str, Any], _at: int) -> None:
        """A whole table at once (a confirmed photo): one edit, one undo."""
        p = self._player(state, data)
        rows, cols = grid_size(len(state["players"]))
        raw = data.get("grid")
        if (not isinstance(raw, list) or len(raw) != rows
                or any(not isinstance(r, list) or len(r) != cols for r in raw)):
            raise EditError("The photo's table must be %(rows)d × %(cols)d.", rows=rows, cols=cols)
        cells = [[c or {} for c in row] for row in raw]
        if sum(1 for row in cells for c in row if c.get("double")) > pg.MAX_DOUBLES:
            raise EditError("A table holds at most %(num)d double eggs.", num=pg.MAX_DOUBLES)
        grid = empty_grid()
        for r in range(rows):
            for c in range(cols):
                grid[r][c] = cells[r][c]
        p["grid"] = grid

    def _clear(self, state: State, data: dict[str, Any], _at: int) -> None:
        self._player(state, data)["grid"] = empty_grid()

