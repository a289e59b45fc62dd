"""The Pisanki table: players in seating order, the scoring cards, the Bunny, every grid.

A cell in the table state is {} (not entered yet), {"down": true} (face down), or a card
{"cloth", "egg", "double", "flowers"} that may still be partly entered.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assistant.games import pisanki as pg
from assistant.messages import N_, Message
from assistant.reducers import NAME, PLAYER_INDEX, EditError, Reducer, State, player_index, register
from assistant.reducers.schema import Bool, Choice, Int, ListOf, Nullable, Obj, edit

MAX_ROWS, MAX_COLS = 4, 6
SLOTS = (*(f"egg:{e}" for e in pg.EGGS), "flowers", "tablecloths", "display")
SLOT_WORDS = {"flowers": N_("Flowers"), "tablecloths": N_("Tablecloths"),
              "display": N_("Display table")}  # the other slots' names, for the history


CELL = Obj(msg="That is not a card.", fields={
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
SCHEMAS = {
    "pisanki.scoring": edit(slot=Choice(msg="Pick a scoring card slot.", values=SLOTS),
                            number=Int(msg="Pick a scoring card.", lo=1, hi=17)),
    "pisanki.bunny": edit(egg=Choice(msg="Pick an egg type.", values=pg.EGGS),
                          count=Int(msg="The Bunny has from 0 to 48 eggs of a type.", lo=0,
                                    hi=48)),
    "pisanki.cell": edit(player=PLAYER_INDEX, name=NAME,
                         r=Int(msg="Pick a cell of the table.", lo=0, hi=MAX_ROWS - 1),
                         c=Int(msg="Pick a cell of the table.", lo=0, hi=MAX_COLS - 1),
                         cell=CELL),
    "pisanki.clear": edit(player=PLAYER_INDEX, name=NAME),
    "pisanki.grid": edit(player=PLAYER_INDEX, name=NAME, grid=GRID),
}


def empty_grid() -> list[list[dict[str, Any]]]:
    """A 4×6 grid of cells not entered yet (smaller tables use its top-left part)."""
    return [[{} for _ in range(MAX_COLS)] for _ in range(MAX_ROWS)]


def grid_size(players: int) -> tuple[int, int]:
    """Rows and columns of a display table for this many players."""
    return pg.GRID_SIZES.get(min(max(players, 2), 5))


def clean_cell(raw: Any) -> dict[str, Any]:
    """A cell as the entry page sends it, checked; partly entered cards are allowed."""
    if raw in (None, {}):
        return {}
    if not isinstance(raw, dict):
        raise EditError("That is not a card.")
    if raw.get("down"):
        return {"down": True}
    cell: dict[str, Any] = {}
    cloth = raw.get("cloth")
    if cloth is not None:
        if cloth not in pg.CLOTHS:
            raise EditError("That is not a tablecloth.")
        cell["cloth"] = cloth
    egg = raw.get("egg")
    if egg is not None and egg not in pg.EGGS:
        raise EditError("That is not an egg.")
    cell["egg"] = egg
    cell["double"] = bool(raw.get("double"))
    flowers = raw.get("flowers") or []
    if not isinstance(flowers, list) or any(f not in pg.FLOWERS for f in flowers):
        raise EditError("Unknown flower.")
    if len(flowers) > 2:
        raise EditError("A card has at most 2 flowers.")
    if len(set(flowers)) > 1:
        raise EditError("The two flowers of a card are of one kind.")
    cell["flowers"] = list(flowers)
    if cell.get("cloth") == "neutral" and egg is not None and not cell["double"]:
        # RULES.md: a neutral card is always a double egg without flowers, so an egg painted
        # on neutral is the double egg of that colour (older entries of a single egg on
        # neutral read so too).
        cell["double"] = True
        cell["flowers"] = flowers = []
    if cell["double"]:
        if egg is None:
            raise EditError("A double egg needs an egg.")
        if cell.get("cloth", "neutral") != "neutral":
            raise EditError("Double eggs are only on the neutral tablecloth.")
        if flowers:
            raise EditError("Double-egg cards have no flowers.")
    return cell


class PisankiTable(Reducer):
    """Edits of a Pisanki table."""

    slug = "pisanki"
    version = 1  # REDUCER VERSION: bump when the same events would fold differently
    max_players = 5

    def __init__(self) -> None:
        super().__init__()
        self.handlers.update({
            "pisanki.scoring": self._scoring,
            "pisanki.bunny": self._bunny,
            "pisanki.cell": self._cell,
            "pisanki.clear": self._clear,
            "pisanki.grid": self._grid,
        })
        self.schemas.update(SCHEMAS)

    def initial_state(self) -> State:
        return {**super().initial_state(), "scoring": dict.fromkeys(SLOTS),
                "bunny": dict.fromkeys(pg.EGGS, 0)}

    def new_player(self, name: str) -> dict[str, Any]:
        return {"name": name, "grid": empty_grid()}

    def keys(self, op: str, data: dict[str, Any]) -> Iterable[str]:
        if op == "pisanki.cell":
            return {f"cell:{data.get('player')}:{data.get('r')}:{data.get('c')}"}
        if op == "pisanki.scoring":
            return {f"scoring:{data.get('slot')}"}
        if op == "pisanki.bunny":
            return {f"bunny:{data.get('egg')}"}
        if op in ("pisanki.clear", "pisanki.grid"):
            return {f"grid:{data.get('player')}",
                    *(f"cell:{data.get('player')}:{r}:{c}" for r in range(4) for c in range(6))}
        return super().keys(op, data)

    def describe(self, op: str, data: dict[str, Any]) -> str:
        if op == "pisanki.cell":
            pos = pg.cell_name((int(data.get("r", 0)), int(data.get("c", 0))))
            return Message("%(name)s: %(cell)s", name=data.get("name", ""), cell=pos)
        if op == "pisanki.scoring":
            slot = str(data.get("slot", ""))
            word = pg.egg_word(slot[4:]) if slot.startswith("egg:") else Message(
                SLOT_WORDS.get(slot, slot))
            return Message("scoring card, %(slot)s: %(number)s", slot=word,
                           number=data.get("number"))
        if op == "pisanki.bunny":
            return Message("Bunny, %(egg)s: %(count)s", egg=pg.egg_word(str(data.get("egg"))),
                           count=data.get("count"))
        if op == "pisanki.clear":
            return Message("cleared the table of %(name)s", name=data.get("name", ""))
        if op == "pisanki.grid":
            return Message("%(name)s: the table from a photo", name=data.get("name", ""))
        return super().describe(op, data)

    def _scoring(self, state: State, data: dict[str, Any], _at: int) -> None:
        slot = str(data.get("slot"))
        if slot not in SLOTS:
            raise EditError("Pick a scoring card slot.")
        top = 17 if slot.startswith("egg:") else 3
        try:
            number = int(data.get("number"))
        except (TypeError, ValueError):
            raise EditError("Pick a scoring card.") from None
        if not 1 <= number <= top:
            raise EditError("That slot takes a card from 1 to %(top)d.", top=top)
        state["scoring"][slot] = number

    def _bunny(self, state: State, data: dict[str, Any], _at: int) -> None:
        egg = str(data.get("egg"))
        if egg not in pg.EGGS:
            raise EditError("Pick an egg type.")
        try:
            count = int(data.get("count"))
        except (TypeError, ValueError):
            raise EditError("Type how many eggs the Bunny has.") from None
        if not 0 <= count <= 48:
            raise EditError("The Bunny has from 0 to 48 eggs of a type.")
        state["bunny"][egg] = count

    def _player(self, state: State, data: dict[str, Any]) -> dict[str, Any]:
        i = player_index(state, data.get("player"))
        p = state["players"][i]
        if data.get("name") not in (None, "", p["name"]):
            raise EditError("The players changed meanwhile: this table belongs to someone else.")
        return p

    def _cell(self, state: State, data: dict[str, Any], _at: int) -> None:
        p = self._player(state, data)
        rows, cols = grid_size(len(state["players"]))
        try:
            r, c = int(data.get("r")), int(data.get("c"))
        except (TypeError, ValueError):
            raise EditError("Pick a cell of the table.") from None
        if not (0 <= r < rows and 0 <= c < cols):
            raise EditError("The table is %(rows)d × %(cols)d: no cell %(cell)s.", rows=rows,
                            cols=cols, cell=pg.cell_name((r, c)))
        cell = clean_cell(data.get("cell"))
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
        cells = [[clean_cell(c) for c in row] for row in raw]
        if sum(1 for row in cells for c in row if c.get("double")) > pg.MAX_DOUBLES:
            raise EditError("A table holds at most %(num)d double eggs.", num=pg.MAX_DOUBLES)
        grid = empty_grid()
        for r in range(rows):
            for c in range(cols):
                grid[r][c] = cells[r][c]
        p["grid"] = grid

    def _clear(self, state: State, data: dict[str, Any], _at: int) -> None:
        self._player(state, data)["grid"] = empty_grid()


register(PisankiTable())
