"""The Liski board as table edits: columns, stacks, markers, fear, cheese, the two phases.

Pure: the handlers take the state and the edit, and use assistant.games.liski for the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from assistant.games import liski as lg
from assistant.messages import N_, Message, join
from assistant.reducers import MAX_NAME, NAME_TOO_LONG, EditError, Op, State
from assistant.reducers.ops import Handler
from assistant.reducers.schema import Bool, Choice, Int, Joined, ListOf, MapOf, Obj, Str, edit

ABILITIES = {  # shown with _(): what a puchater can do for 1 cheese (not history lines)
    "fear": N_("remove a fear token"),
    "cluster": N_("remove a problem from a cluster"),
    "greykit": N_("adopt a grey kit"),
    "fox3": N_("draw 3 foxes and adopt 1"),
    "fox": N_("adopt a fox from the board"),
    "draw": N_("draw 3 ojojanie cards"),
}
# Rulebook, Puchater Characters: the three boards it prints, each with its marker symbol and
# its three abilities. The other boards are named by the players and offer every ability
# until their own are entered.
BOARDS = {
    "Lisia Kapitanka": ("boat", ("greykit", "fox3", "fox")),
    "Lisia Łotryni": ("flower", ("draw", "cluster", "fox")),
    "Lisi Mag": ("pot", ("cluster", "greykit", "fox")),
}

# The rulebook's named cards, preloaded into every table's card library. Rozbity kubek and
# Skołtunione futro as RULES.md (Fear tokens [reading]) gives them: the cards as printed,
# whose examples come out right once their symbol fear token is revealed.
NAMED_CARDS = [
    {"kind": "problem", "name": "Pogryziony ołówek", "total": 3,
     "needs": {"crown": 1, "flower": 1}, "transition": ["crown", "pot"]},
    {"kind": "problem", "name": "Rozbity kubek", "total": 4, "needs": {"crown": 1},
     "transition": []},
    {"kind": "problem", "name": "Skołtunione futro", "total": 4, "needs": {"pot": 1, "leaf": 1},
     "transition": []},
    {"kind": "complication", "name": "Kanapka z koszmarem", "total": 6,
     "needs": {"crown": 2, "boat": 2}, "transition": []},
    {"kind": "nightmare", "name": "Zmarzlin", "total": 15, "needs": {}, "transition": []},
]


def new_board() -> dict[str, Any]:
    """An empty board: six columns, the complication row, no nightmare yet."""
    return {
        "columns": [{"cards": [], "stack": [], "markers": [], "fear": []}
                    for _ in range(lg.COLUMNS)],
        "complications": [None] * (lg.COLUMNS - 1),
        "nightmare": None,
        "puchaters": [],
        "library": [dict(c) for c in NAMED_CARDS],
        "presets": [],
        "next_id": 1,
        "report": None,
        "outcome": None,
        "set_up": False,
    }


def _within(items: list[Any], index: int | None, what: str) -> int:
    """`index` when `items` has it (the schema checked it is a number), else "Pick <what>"."""
    if index is None or index >= len(items):
        raise EditError("Pick %(what)s.", what=Message(what))
    return index


def _col(board: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    if "col" not in data:  # optional only for the abilities that need no column
        raise EditError("Pick %(what)s.", what=Message(N_("a column from 1 to 6")))
    return board["columns"][data["col"]]


def _card_of(board: dict[str, Any], data: dict[str, Any], kind: str | None = None
             ) -> dict[str, Any]:
    """The edit's card: picked from the table's library by name, or entered (`kind` forced)."""
    if data.get("library"):  # an empty name: the card is entered
        for c in board["library"]:
            if c["name"] == data["library"]:
                return read_card(c if kind is None else {**c, "kind": kind})
        raise EditError("That card is not in the library (any more).")
    raw = data.get("card")
    return read_card(raw if kind is None or raw is None else {**raw, "kind": kind})


def read_card(raw: Any) -> dict[str, Any]:
    """A requirement card from an edit, checked with the rules' reader."""
    if not isinstance(raw, dict):
        raise EditError("Enter the card: its number and the symbols it needs.")
    if raw.get("total") is None:
        raise EditError("Type the card's number (the total of symbols it needs).")
    try:
        req = lg.read_column({"cards": [raw]}).cards[0]
    except lg.LiskiError as exc:
        raise EditError("This card is not valid (%(why)s).",
                        why=str(exc).replace("column.cards[0].", "")) from None
    specific = sum(req.needs.values())
    if req.total < specific:
        raise EditError("The card's number (%(total)d) is smaller than its specific symbols "
                        "(%(specific)d): check the number printed on the card.",
                        total=req.total, specific=specific)
    return {"kind": req.kind, "name": " ".join(req.name.split())[:40], "total": req.total,
            "needs": dict(req.needs), "transition": list(req.transition)}


def read_stack_item(raw: Any) -> dict[str, Any]:
    """A stack card from an edit, checked with the rules' reader."""
    if not isinstance(raw, dict):
        raise EditError("Pick the card's symbols.")
    try:
        item = lg.read_column({"cards": [{"total": 0}], "stack": [raw]}).stack[0]
    except lg.LiskiError as exc:
        raise EditError("This card is not valid (%(why)s).",
                        why=str(exc).replace("column.stack[0].", "")) from None
    return {"kind": item.kind, "symbols": list(item.symbols), "transition": list(item.transition),
            "any": item.any}


def engine_column(col: dict[str, Any], puchaters: list[dict[str, Any]]) -> lg.Column | None:
    """The rules' view of a board column (None when it holds no entered card)."""
    cards = [c for c in col["cards"] if not c.get("pending")]
    if not cards:
        return None
    symbol = {p["id"]: p["symbol"] for p in puchaters}
    return lg.Column(
        cards=tuple(lg.Requirement(c["kind"], c["total"], c["needs"], tuple(c["transition"]),
                                   c["name"]) for c in cards),
        fear=tuple(lg.Fear(f.get("number", 0), f.get("needs", {}))
                   for f in col["fear"] if f["revealed"]),
        markers=tuple(symbol[m] for m in col["markers"] if m in symbol),
        stack=tuple(lg.StackCard(s["kind"], tuple(s["symbols"]), tuple(s["transition"]),
                                 s.get("any", False)) for s in col["stack"]),
    )


def _new_id(board: dict[str, Any]) -> int:
    board["next_id"] += 1
    return board["next_id"]


LIBRARY_KEYS = ("kind", "name", "total", "needs", "transition")


def _remember(board: dict[str, Any], card: dict[str, Any]) -> None:
    """Keep a named card in the table's library; entering a known name again updates it."""
    if not card["name"]:
        return
    entry = {k: card[k] for k in LIBRARY_KEYS}
    for i, c in enumerate(board["library"]):
        if c["name"].casefold() == card["name"].casefold():
            board["library"][i] = entry
            return
    board["library"].append(entry)


def only_complications(col: dict[str, Any]) -> bool:
    """Only complications in the column (a problem placeholder is a problem card)."""
    kinds = [c["kind"] for c in col["cards"]]
    return bool(kinds) and all(k == "complication" for k in kinds)


# -- handlers (each takes the whole table state) ----------------------------------------------
def setup(state: State, data: dict[str, Any], _at: int) -> None:
    """Set up the board: a problem placeholder per column and the first complication on it."""
    board = state["board"]
    if board["set_up"]:
        raise EditError("The board is already set up.")
    if not board["puchaters"]:
        raise EditError("Add at least one puchater first (the rulebook plays with 4 or more).")
    for col in board["columns"]:
        col["cards"].append({"id": _new_id(board), "kind": "problem", "pending": True})
    first = board["complications"][0]
    if first:
        board["columns"][0]["cards"].append({**first, "id": _new_id(board)})
    else:  # revealed at setup: the players choose it on the column
        board["columns"][0]["cards"].append(
            {"id": _new_id(board), "kind": "complication", "pending": True})
    board["complications"][0] = None
    _nightmare_extra(board, 0)
    board["set_up"] = True


def _nightmare_extra(board: dict[str, Any], column: int) -> None:
    effect = (board["nightmare"] or {}).get("effect")
    if effect in ("zniszczona", "spuchlina"):
        counts = [len(c["cards"]) for c in board["columns"]]
        target = lg.place_card(counts, column)
        board["columns"][target]["cards"].append(
            {"id": _new_id(board), "kind": "problem", "pending": True})
        if effect == "spuchlina":
            board["columns"][target]["fear"].append({"revealed": False})


def card_add(state: State, data: dict[str, Any], _at: int) -> None:
    """Add a requirement card to a column (or fill in a placeholder)."""
    board = state["board"]
    col = _col(board, data)
    card = _card_of(board, data)
    _remember(board, card)
    pending = [c for c in col["cards"] if c.get("pending") and c["kind"] == card["kind"]]
    if pending:
        pending[0].update(card)
        pending[0].pop("pending")
    else:
        col["cards"].append({**card, "id": _new_id(board)})


def card_edit(state: State, data: dict[str, Any], _at: int) -> None:
    """Correct a card on a column: its number, symbols and transition symbols."""
    board = state["board"]
    col = _col(board, data)
    i = _within(col["cards"], data["index"], N_("a card of the column"))
    card = _card_of(board, data, col["cards"][i]["kind"])
    _remember(board, card)
    col["cards"][i] = {**card, "id": col["cards"][i]["id"]}


def card_remove(state: State, data: dict[str, Any], _at: int) -> None:
    """Take a requirement card off a column."""
    col = _col(state["board"], data)
    del col["cards"][_within(col["cards"], data["index"], N_("a card of the column"))]


def stack_add(state: State, data: dict[str, Any], _at: int) -> None:
    """Lay a card under a column (from the table, or from a puchater's adopted cards)."""
    board = state["board"]
    col = _col(board, data)
    if not [c for c in col["cards"] if not c.get("pending")]:
        raise EditError("Enter the column's problem card before laying cards under it.")
    if "from_hand" in data:
        p = _puchater(board, data["from_hand"])
        item = p["hand"].pop(_within(p["hand"], data.get("index"), N_("an adopted card")))
    else:
        item = read_stack_item(data.get("item"))
    col["stack"].append({**item, "id": _new_id(board)})
    if item["kind"] == "ojojanie" and item["transition"]:
        preset = {"symbols": item["symbols"], "transition": sorted(item["transition"])}
        board["presets"] = [preset] + [p for p in board["presets"] if p != preset][:11]


def stack_edit(state: State, data: dict[str, Any], _at: int) -> None:
    """Correct a laid card's symbols and transition symbols."""
    board = state["board"]
    col = _col(board, data)
    i = _within(col["stack"], data["index"], N_("a card of the stack"))
    item = read_stack_item(data.get("item"))
    col["stack"][i] = {**item, "id": col["stack"][i]["id"]}


def library_save(state: State, data: dict[str, Any], _at: int) -> None:
    """Add a named card to the library, or update the one with that name."""
    card = _card_of(state["board"], data)
    if not card["name"]:
        raise EditError("Give the card its name, to find it in the library.")
    _remember(state["board"], card)


def library_delete(state: State, data: dict[str, Any], _at: int) -> None:
    """Delete a card from the library (cards on the board stay)."""
    lib = state["board"]["library"]
    name = data.get("name", "")
    for i, c in enumerate(lib):
        if c["name"] == name:
            del lib[i]
            return
    if not name:
        raise EditError("That card is not in the library.")
    raise EditError("%(name)s is not in the library.", name=name)


def stack_remove(state: State, data: dict[str, Any], _at: int) -> None:
    """Take a card back from under a column."""
    col = _col(state["board"], data)
    del col["stack"][_within(col["stack"], data["index"], N_("a card of the stack"))]


def _puchater(board: dict[str, Any], pid: int) -> dict[str, Any]:
    for p in board["puchaters"]:
        if p["id"] == pid:
            return p
    raise EditError("Pick a puchater.")


def puchater_add(state: State, data: dict[str, Any], _at: int) -> None:
    """A puchater joins, with the symbol of its marker."""
    board = state["board"]
    name = " ".join(data.get("name", "").split())
    if len(name) > MAX_NAME:  # refused with a word, never cut short
        raise EditError(NAME_TOO_LONG)
    known = BOARDS.get(name)
    symbol = data.get("symbol") or (known[0] if known else None)
    if not name:
        raise EditError("Type the puchater's name.")
    if symbol is None:
        raise EditError("Pick the symbol on the puchater's marker.")
    if any(p["name"] == name for p in board["puchaters"]):
        raise EditError("%(name)s is already at the table.", name=name)
    abilities = list(known[1]) if known else _abilities(data.get("abilities", []))
    board["puchaters"].append({"id": _new_id(board), "name": name, "symbol": symbol,
                               "cheese": 0, "hand": [], "abilities": abilities})


def _abilities(chosen: list[str]) -> list[str]:
    """The chosen abilities in the board's order."""
    return [a for a in ABILITIES if a in chosen]


def puchater_abilities(state: State, data: dict[str, Any], _at: int) -> None:
    """Enter the abilities printed on a board the rulebook does not show (none = all)."""
    p = _puchater(state["board"], data["puchater"])
    p["abilities"] = _abilities(data.get("abilities", []))


def puchater_remove(state: State, data: dict[str, Any], _at: int) -> None:
    """Take a puchater off the table before setup."""
    board = state["board"]
    if board["set_up"]:
        raise EditError("Puchaters leave only before setup.")
    p = _puchater(board, data["puchater"])
    board["puchaters"].remove(p)


def marker(state: State, data: dict[str, Any], _at: int) -> None:
    """Place a puchater's marker on a column, move it, or take it back (tap again)."""
    board = state["board"]
    col = _col(board, data)
    p = _puchater(board, data["puchater"])
    was_here = p["id"] in col["markers"]
    for c in board["columns"]:
        if p["id"] in c["markers"]:
            c["markers"].remove(p["id"])
    if not was_here:
        col["markers"].append(p["id"])


def fear_add(state: State, data: dict[str, Any], _at: int) -> None:
    """A face-down fear token under a column."""
    _col(state["board"], data)["fear"].append({"revealed": False})


def fear_reveal(state: State, data: dict[str, Any], _at: int) -> None:
    """Reveal a fear token: a number token adds to the total; a symbol token says how many of
    the required symbols are that symbol (RULES.md, Fear tokens [reading]), never both."""
    col = _col(state["board"], data)
    i = _within(col["fear"], data["index"], N_("a fear token"))
    number = data["number"]
    if data["kind"] == "symbol":
        if "symbol" not in data:
            raise EditError("Tap the symbol on the token.")
        col["fear"][i] = {"revealed": True, "number": 0, "needs": {data["symbol"]: number}}
    else:
        col["fear"][i] = {"revealed": True, "number": number, "needs": {}}


def fear_remove(state: State, data: dict[str, Any], _at: int) -> None:
    """Take a fear token away (by hand; the ability spends cheese)."""
    col = _col(state["board"], data)
    del col["fear"][_within(col["fear"], data["index"], N_("a fear token"))]


def cheese(state: State, data: dict[str, Any], _at: int) -> None:
    """Correct a puchater's cheese by hand."""
    p = _puchater(state["board"], data["puchater"])
    delta = -1 if data.get("delta") == -1 else 1
    if p["cheese"] + delta < 0:
        raise EditError("%(name)s has no cheese.", name=p["name"])
    p["cheese"] += delta


def ability(state: State, data: dict[str, Any], _at: int) -> None:
    """Spend 1 cheese on an ability and record its effect where the app can."""
    board = state["board"]
    p = _puchater(board, data["puchater"])
    kind = data["ability"]
    if p.get("abilities") and kind not in p["abilities"]:
        raise EditError("%(name)s's board does not offer that ability.", name=p["name"])
    if p["cheese"] < 1:
        raise EditError("%(name)s has no cheese to spend.", name=p["name"])
    if kind == "fear":
        col = _col(board, data)
        if not col["fear"]:
            raise EditError("That column has no fear token.")
        col["fear"].pop()
    elif kind == "cluster":
        col = _col(board, data)
        i = _within(col["cards"], data.get("index"), N_("a problem card"))
        if col["cards"][i]["kind"] != "problem":
            raise EditError("Only a problem card can be removed, not a complication or nightmare.")
        if sum(1 for c in col["cards"] if c["kind"] == "problem") < 2:
            raise EditError("Only from a column with more than one problem card.")
        del col["cards"][i]
    elif kind == "greykit":
        p["hand"].append({"kind": "greykit", "symbols": [], "transition": [], "any": False})
    elif kind in ("fox", "fox3"):
        p["hand"].append(read_stack_item({**(data.get("item") or {}), "kind": "fox"}))
    p["cheese"] -= 1


def complication_set(state: State, data: dict[str, Any], _at: int) -> None:
    """Put a complication card on the row above the columns."""
    board = state["board"]
    card = _card_of(board, data, "complication")
    _remember(board, card)
    board["complications"][data["pos"]] = card


def nightmare_set(state: State, data: dict[str, Any], _at: int) -> None:
    """Choose the nightmare, its difficulty and its effect (Zniszczona, Spuchlina)."""
    board = state["board"]
    card = _card_of(board, data, "nightmare")
    _remember(board, card)
    board["nightmare"] = {**card, "effect": data.get("effect"),
                          "difficulty": data.get("difficulty", 1)}


def complications_fear(state: State, _at: int) -> None:
    """Ojojanie phase: a column holding only complications gets a face-down fear token."""
    for col in state["board"]["columns"]:
        if only_complications(col):
            col["fear"].append({"revealed": False})


def problems(state: State, data: dict[str, Any], _at: int) -> None:
    """The problems phase in one go: cheese, discards, fear, cards back in hand, the outcome."""
    board = state["board"]
    if board["outcome"]:
        raise EditError("The game is over.")
    rnd = state.get("round", 1)
    if board.get("resolved") == rnd:
        raise EditError("The problems phase of round %(num)d is already resolved.", num=rnd)
    board["resolved"] = rnd
    names = {p["id"]: p for p in board["puchaters"]}
    report = []
    for i, col in enumerate(board["columns"]):
        ec = engine_column(col, board["puchaters"])
        if ec is None or any(c.get("pending") for c in col["cards"]):
            if col["cards"]:
                report.append({"col": i, "skipped": True})
            continue
        v = lg.check(ec)
        back = [col["stack"][k] for k in v.invalid]
        line = {"col": i, "beaten": v.beaten, "cheese": {}, "rest": 0,
                "back": [_item_text(b) for b in back]}
        if v.beaten:
            share, rest = lg.share_cheese(v.cheese, [names[m]["name"] for m in col["markers"]])
            for m in col["markers"]:
                names[m]["cheese"] += share[names[m]["name"]]
            line["cheese"], line["rest"] = share, rest
            nightmare = any(c["kind"] == "nightmare" for c in col["cards"] if not c.get("pending"))
            line["nightmare"] = nightmare
            col["cards"] = [c for c in col["cards"] if c.get("pending")]
            col["stack"], col["markers"] = [], []
            col["fear"] = [f for f in col["fear"] if not f["revealed"]]
            if nightmare:
                board["outcome"] = {"won": True, "why": Message("The nightmare is beaten!")}
        else:
            col["fear"].append({"revealed": False})
            col["stack"] = [s for k, s in enumerate(col["stack"]) if k not in v.invalid]
            line["missing"] = lg.missing_text(v.missing)
            if len(col["fear"]) >= lg.FEAR_TO_LOSE and not board["outcome"]:
                board["outcome"] = {"won": False,
                                    "why": Message("A third fear token under column %(num)d.",
                                                   num=i + 1)}
        report.append(line)
    if state.get("round", 1) >= lg.ROUNDS and not board["outcome"]:
        board["outcome"] = {"won": False,
                            "why": Message("The nightmare was not beaten in round 6.")}
    board["report"] = {"round": state.get("round", 1), "columns": report}


def _item_text(item: dict[str, Any]) -> Message:
    """A card back to the hand, in words the page translates ("lis: korona+łódka")."""
    if item["kind"] == "greykit":
        return Message("grey kit")
    if item.get("any"):
        return Message("fox: any")
    kind = Message("fox") if item["kind"] == "fox" else Message("ojojanie")
    return Message("%(kind)s %(symbols)s", kind=kind,
                   symbols=join(*(Message(lg.SYMBOL_NAMES[s]) for s in item["symbols"]), sep="+"))


def refill(state: State, data: dict[str, Any], _at: int) -> None:
    """The refill phase in one go: new problem placeholders, the complication or nightmare
    moved by the overflow rule, the Zniszczona / Spuchlina extras."""
    board = state["board"]
    if board["outcome"]:
        raise EditError("The game is over.")
    next_round = state.get("round", 1) + 1
    if next_round > lg.ROUNDS:
        raise EditError("There is no refill after round 6.")
    if board.get("refilled") == next_round - 1:
        raise EditError("The board is already refilled for round %(num)d.", num=next_round)
    board["refilled"] = next_round - 1
    at = next_round - 1  # the complication of space `round` + 1 moves now
    comp = board["complications"][at] if at < len(board["complications"]) else None
    counts = [len(c["cards"]) for c in board["columns"]]
    effect = (board["nightmare"] or {}).get("effect")
    placed = lg.refill(counts, next_round, at if at < len(board["complications"]) else None,
                       effect)
    for pl in placed:
        col = board["columns"][pl.column]
        if pl.what in ("problem", "extra"):
            col["cards"].append({"id": _new_id(board), "kind": "problem", "pending": True})
        elif pl.what == "complication":
            # Complications lie face down until now: without one typed in, a placeholder.
            col["cards"].append({**comp, "id": _new_id(board)} if comp else
                                {"id": _new_id(board), "kind": "complication", "pending": True})
            board["complications"][at] = None
        elif pl.what == "nightmare":
            nm = ({k: board["nightmare"][k] for k in LIBRARY_KEYS} if board["nightmare"]
                  else {"kind": "nightmare", "pending": True})
            col["cards"].append({**nm, "id": _new_id(board)})
        elif pl.what == "fear":
            col["fear"].append({"revealed": False})
    board["report"] = {"refill": [{"what": p.what, "col": p.column, "meant": p.meant}
                                  for p in placed], "round": next_round}


# -- declared schemas (assistant/reducers/schema.py): what each edit may carry -------------------
COL = Int(msg="Pick a column from 1 to 6.", lo=0, hi=lg.COLUMNS - 1)
INDEX = Int(msg="Pick a card of the column.", lo=0, hi=999)
PUCHATER = Int(msg="Pick a puchater.", lo=0, hi=10**9)
SYMBOL = Choice(msg="Pick one of the five symbols.", values=lg.SYMBOLS)
# A transition button sends its symbols joined ("crown+flower"): one tap lays the card.
TRANSITION = Joined(msg="A card shows at most 5 transition symbols.", item=SYMBOL, max_len=5)
CARD = Obj(msg="Enter the card: its number and the symbols it needs.", fields={
    "kind": Choice(msg="Pick the card's kind.", values=lg.REQUIREMENT_KINDS),
    "name": Str(msg="A card's name has at most 40 letters.", max_len=80),
    "total": Int(msg="Type the card's number (a whole number from 0 to 99).", lo=0, hi=99),
    "needs": MapOf(msg="The symbols a card needs: each a number from 0 to 20.",
                   keys=lg.SYMBOLS, value=Int(msg="Type a number of symbols from 0 to 20.",
                                              lo=0, hi=20)),
    "transition": TRANSITION,
})


class StackItem(Obj):
    """A card under a column; the forms' kind "anyfox" is a fox that counts as any symbol."""

    def clean(self, value: Any) -> dict[str, Any]:
        if isinstance(value, Mapping) and value.get("kind") == "anyfox":
            value = {**value, "kind": "fox", "any": True}
        return super().clean(value)


ITEM = StackItem(msg="Pick the card's symbols.", fields={
    "kind": Choice(msg="Pick the card's kind.", values=lg.STACK_KINDS),
    "symbols": ListOf(msg="A card under a column shows at most 2 symbols.", item=SYMBOL,
                      max_len=2),
    "transition": TRANSITION,
    "any": Bool(msg="A fox is 'any' or not."),
})
ABILITY_LIST = ListOf(msg="Pick abilities from the list.",
                      item=Choice(msg="Pick abilities from the list.", values=tuple(ABILITIES)),
                      max_len=len(ABILITIES))
DELTA = Int(msg="Add or take away one.", lo=-1, hi=1)
LIBRARY = Str(msg="Pick a card of the library.", max_len=80)  # a library card, by its name


def need(f: Any) -> Any:
    """The field `f`, required: the handler reads it."""
    return replace(f, required=True)

WHOLE_BOARD = ("timer", "board", "board-meta", *(f"board:{i}" for i in range(lg.COLUMNS)))


def _column_keys(d: dict[str, Any]) -> set[str]:
    """A column edit touches its column; one without a column touches the board's other parts."""
    return {f"board:{d['col']}"} if d.get("col") is not None else {"board-meta"}


def _history(words: str):
    """A board edit's history line: its words, and the column when it names one."""
    def line(d: dict[str, Any]) -> Message:
        if d.get("col") is None:
            return Message(words)
        return Message("%(what)s (column %(col)d)", what=Message(words), col=d["col"] + 1)
    return line


def _op(name: str, schema: Obj, apply: Any, words: str, keys: Any = _column_keys,
        destructive: bool = False) -> Op:
    return Op(name, schema, apply, keys=keys, history=_history(words), destructive=destructive)


def board_ops(phase: Callable[[str, Handler], Handler] = lambda _action, apply: apply
              ) -> list[Op]:
    """Every board edit, declared once. The phase steps (setup, problems, refill, lay) go
    through `phase(action, handler)`: the Liski reducer's phase machine."""
    lib = ("board-lib",)
    col, index, who = need(COL), need(INDEX), need(PUCHATER)
    return [
        _op("board.setup", edit(), phase("setup", setup), N_("set up the board"),
            keys=WHOLE_BOARD),
        _op("board.problems", edit(), phase("resolve", problems),
            N_("resolved the problems phase"), keys=WHOLE_BOARD),
        _op("board.refill", edit(), phase("refill", refill), N_("refilled the board"),
            keys=WHOLE_BOARD),
        _op("board.card.add", edit(col=col, card=CARD, library=LIBRARY), card_add,
            N_("added a card")),
        _op("board.card.remove", edit(col=col, index=index), card_remove, N_("removed a card"),
            destructive=True),
        _op("board.card.edit", edit(col=col, index=index, card=CARD, library=LIBRARY), card_edit,
            N_("corrected a card")),
        _op("board.stack.add", edit(col=col, from_hand=PUCHATER, index=INDEX, item=ITEM),
            phase("lay", stack_add), N_("laid a card")),
        _op("board.stack.remove", edit(col=col, index=index), stack_remove,
            N_("took a card back"), destructive=True),
        _op("board.stack.edit", edit(col=col, index=index, item=ITEM), stack_edit,
            N_("corrected a laid card")),
        _op("board.puchater.add",
            edit(name=Str(msg="A name has at most 24 letters.", max_len=96), symbol=SYMBOL,
                 abilities=ABILITY_LIST),
            puchater_add, N_("added a puchater")),
        _op("board.puchater.abilities", edit(puchater=who, abilities=ABILITY_LIST),
            puchater_abilities, N_("entered a board's abilities")),
        _op("board.puchater.remove", edit(puchater=who), puchater_remove,
            N_("removed a puchater"), destructive=True),
        _op("board.lib.save", edit(card=CARD, library=LIBRARY), library_save,
            N_("saved a library card"), keys=lib),
        _op("board.lib.delete", edit(name=Str(msg="Pick a card of the library.", max_len=80)),
            library_delete, N_("deleted a library card"), keys=lib, destructive=True),
        _op("board.marker", edit(col=col, puchater=who), marker, N_("moved a marker")),
        _op("board.fear.add", edit(col=col), fear_add, N_("added a fear token")),
        _op("board.fear.reveal",
            edit(col=col, index=index,
                 kind=Choice(msg="Is it a number token or a symbol token?",
                             values=("number", "symbol"), required=True),
                 number=Int(msg="Pick the number on the token (1–9).", lo=1, hi=9,
                            required=True),
                 symbol=SYMBOL),
            fear_reveal, N_("revealed a fear token")),
        _op("board.fear.remove", edit(col=col, index=index), fear_remove,
            N_("removed a fear token")),
        _op("board.cheese", edit(puchater=who, delta=DELTA), cheese, N_("corrected cheese")),
        _op("board.ability",
            edit(puchater=who, ability=Choice(msg="Pick an ability.", values=tuple(ABILITIES),
                                              required=True),
                 col=COL, index=INDEX, item=ITEM),
            ability, N_("used an ability")),
        _op("board.complication.set",
            edit(pos=Int(msg="Pick a complication space.", lo=0, hi=lg.COLUMNS - 2,
                         required=True), card=CARD, library=LIBRARY),
            complication_set, N_("set a complication")),
        _op("board.nightmare.set",
            edit(card=CARD, library=LIBRARY,
                 effect=Choice(msg="Pick the nightmare's effect.",
                               values=("zniszczona", "spuchlina")),
                 difficulty=Int(msg="Pick a difficulty from 1 to 3.", lo=1, hi=3)),
            nightmare_set, N_("chose the nightmare")),
    ]
