"""The Pisanki pages: setup, entering each display table, the live score sheet with the why."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from flask import Blueprint, abort, make_response, render_template, request, url_for
from flask_babel import gettext as _

from assistant.games import pisanki as pg
from assistant.games import ranking
from assistant.messages import N_, Message
from assistant.reducers.pisanki import SLOT_WORDS, SLOTS, PisankiTable, grid_size
from assistant.registry import Edits, Game, register, seat_players
from assistant.store import Table
from assistant.web import load
from assistant.web.htmx import page_or_fragment
from assistant.web.i18n import tr
from assistant.web.tables import table_context

bp = Blueprint("pisanki", __name__)


# Brush words (shown with _()): the tablecloths, eggs and flowers as the painting tools name them.
CLOTH_NAMES = {"checked": N_("checked"), "striped": N_("striped"), "dotted": N_("dotted"),
               "neutral": N_("neutral")}
COLOUR_NAMES = {"purple": N_("purple"), "red": N_("red"), "orange": N_("orange"),
                "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"),
                "pink": N_("pink")}
SLOT_CARDS = {"flowers": pg.FLOWER_CARDS, "tablecloths": pg.TABLECLOTH_CARDS,
              "display": pg.DISPLAY_CARDS}


def slot_label(slot: str) -> str:
    """'Purple egg', 'Flowers', … in the phone's language."""
    word = pg.EGG_WORDS[slot[4:]] if slot.startswith("egg:") else SLOT_WORDS[slot]
    return _(word).capitalize()


def slot_cards(slot: str) -> dict[int, tuple[str, str]]:
    """The cards that can fill a slot."""
    return pg.EGG_CARDS if slot.startswith("egg:") else SLOT_CARDS[slot]


def table_grids(state: dict[str, Any]) -> tuple[int, int, list[list[list[dict[str, Any]]]]]:
    """Rows, columns and each player's grid cut to the table size for the player count."""
    rows, cols = grid_size(len(state["players"]))
    return rows, cols, [[row[:cols] for row in p["grid"][:rows]] for p in state["players"]]


def live_score(state: dict[str, Any]) -> pg.Result | None:
    """Score the game as entered so far (None until the nine cards and 2+ players are set)."""
    players = state["players"]
    if not 2 <= len(players) <= 5 or any(state["scoring"][s] is None for s in SLOTS):
        return None
    _, _, grids = table_grids(state)
    game = pg.Game(
        eggs={e: state["scoring"][f"egg:{e}"] for e in pg.EGGS},
        flowers=state["scoring"]["flowers"], tablecloths=state["scoring"]["tablecloths"],
        display=state["scoring"]["display"],
        players=tuple(pg.Player(p["name"], tuple(tuple(pg.cell_card(c) for c in row) for row in g))
                      for p, g in zip(players, grids, strict=True)),
        bunny=dict(state["bunny"]) if len(players) == 2 else None,
    )
    return pg.score(game)


def asked_player(t: Table) -> tuple[int, bool]:
    """The player whose table this phone is entering (?p=), kept in range, and whether the
    address asked for a player the table does not have (the page says so)."""
    try:
        p = int(request.args.get("p", 0))
    except ValueError:
        return 0, True
    last = len(t.state["players"]) - 1
    return max(0, min(p, last)) if last >= 0 else 0, not 0 <= p <= max(last, 0)


def selected_player(t: Table) -> int:
    """The player whose table this phone is entering (?p=), kept in range."""
    return asked_player(t)[0]


def sheet_context(t: Table) -> dict[str, Any]:
    """The score sheet: a row per scoring line, a column per player, totals and winners."""
    state = t.state
    result = live_score(state)
    rows, cols, grids = table_grids(state)
    missing = [sum(1 for row in g for c in row if pg.cell_issue(c)) for g in grids]
    lines = []
    if result:
        for key in pg.LINES:
            number = state["scoring"][key]
            caption = _(slot_cards(key)[number][0])
            cells = []
            for i, ps in enumerate(result.players):
                line = ps.lines[key]
                cells.append({
                    "points": line.points,
                    "why": [{"points": w.points, "text": tr(w.text),
                             "cells": " ".join(pg.cell_name(c) for c in w.cells)}
                            for w in line.why],
                    "id": f"why-{i}-{key.replace(':', '-')}",
                })
            lines.append({"key": key, "label": slot_label(key), "number": number,
                          "caption": caption, "cells": cells})
    return {"result": result, "sheet_lines": lines, "missing": missing,
            "readings": pg.READINGS, "p": selected_player(t)}


def cell_titles(grid: list[list[dict[str, Any]]]) -> list[list[str]]:
    """Per cell, what a partly entered card still lacks, in words ('' for the others)."""
    issues = [[pg.cell_issue(c) if c and not c.get("down") else None for c in row] for row in grid]
    return [[tr(Message(i)) if i else "" for i in row] for row in issues]


def cloth_tools() -> list[dict[str, Any]]:
    """The tablecloth brushes; the one whose cards are double eggs says why it takes no flowers."""
    refuse = _("A neutral card is a double egg: it has no flowers.")
    return [{"value": k, "name": _(CLOTH_NAMES[k]),
             "double_egg": refuse if k == pg.DOUBLE_CLOTH else None} for k in pg.CLOTHS]


@cache
def card_kinds() -> tuple[str, ...]:
    """Every card kind of the deck as its picture's path: a painted cell is a whole card
    when its path is one of these (the entry island asks this list, not a copy of the rule)."""
    return tuple(pg.card_key(c) for c in pg.card_kinds())


def page_data() -> dict[str, Any]:
    """What the entry island reads once per page: the card pictures' address and the kinds."""
    back = url_for("cards.pisanki_back")
    return {"base": back[: -len("back.jpg")], "kinds": card_kinds()}


def context(t: Table) -> dict[str, Any]:
    """Template context of the Pisanki page."""
    state = t.state
    rows, cols, grids = table_grids(state)
    p, no_such_player = asked_player(t)
    wrong = request.args.get("p", "") if no_such_player else ""
    slots = [{"slot": s, "label": slot_label(s), "number": state["scoring"][s],
              "cards": slot_cards(s)} for s in SLOTS]
    return {
        "pg": pg,
        "slots": slots,
        "chosen": sum(1 for s in slots if s["number"]),
        "rows": rows,
        "cols": cols,
        "grid_json": json.dumps(grids[p]) if grids else "[]",
        "cell_titles": cell_titles(grids[p]) if grids else [],
        # ?p= names no player of this table: said above the table shown instead.
        "no_such_player": Message("This table has no player ?p=%(asked)s: here is %(name)s's "
                                  "table.", asked=wrong[:4],
                                  name=state["players"][p]["name"])
        if no_such_player and state["players"] else None,
        "cloth_tools": cloth_tools(),
        "page_data": page_data(),
        "egg_words": pg.EGG_WORDS,
        "cloth_names": CLOTH_NAMES,
        "colour_names": COLOUR_NAMES,
        **sheet_context(t),
    }


@bp.get("/pisanki/colours.css")
def colours():
    """The eggs' and flowers' colours as a stylesheet, from the rules' one list (pages and the
    entry island paint with the classes egg-<colour> and flower-<colour>)."""
    rules = [f"ellipse.egg-{e}, .egg-dot.egg-{e} {{ fill: {c}; background: {c}; }}"
             for e, c in pg.EGG_COLOURS.items()]
    rules += [f".flower-{f} {{ fill: {c}; background: {c}; }}"
              for f, c in pg.FLOWER_COLOURS.items()]
    resp = make_response("\n".join(rules) + "\n")
    resp.mimetype = "text/css"
    resp.cache_control.max_age = 3600
    return resp


@bp.get("/t/<code>/pisanki/sheet")
def sheet(code: str):
    """The live score sheet alone (fetched after this phone's cell edits have landed)."""
    t = load(code)
    return page_or_fragment("pisanki/table.html", "pisanki/_sheet.html", **table_context(t))


@bp.get("/t/<code>/pisanki/choices")
def choices(code: str):
    """The cards that can fill one scoring slot (loaded when its row is opened)."""
    t = load(code)
    slot = request.args.get("slot", "")
    if slot not in SLOTS:
        abort(400, description=_("No such scoring card slot."))
    s = {"slot": slot, "label": slot_label(slot), "number": t.state["scoring"][slot],
         "cards": slot_cards(slot)}
    resp = render_template("pisanki/_choices.html", t=t, s=s)
    return resp, 200, {"Vary": "HX-Request"}


def standing(state: dict[str, Any]) -> ranking.Ranking:
    """Ranked by the total; finished once every card of every table is entered."""
    names = [p["name"] for p in state["players"]]
    result = live_score(state)
    _, _, grids = table_grids(state)
    complete = all(pg.cell_issue(c) is None for g in grids for row in g for c in row)
    totals = [p.total for p in result.players] if result else None
    return ranking.pisanki(names, totals, finished=bool(result) and complete)


def keeps_scoring(state: dict[str, Any]) -> bool:
    """Whether a rematch can keep this table's scoring cards (some are chosen)."""
    return any(state["scoring"].get(s) for s in SLOTS)


def rematch(state: dict[str, Any], keep_scoring: bool) -> Edits:
    """The same players; the same scoring cards when the players ask for them."""
    edits = seat_players(state, keep_scoring)
    if keep_scoring:
        edits += [("pisanki.scoring", {"slot": s, "number": n})
                  for s, n in state["scoring"].items() if n]
    return edits


GAME = register(Game(
    slug="pisanki", title="Pisanki", tagline=N_("End-of-game scores with the why"),
    players=N_("2–5 players"), reducer=PisankiTable(), context=context, standing=standing,
    sheet=sheet_context, rematch=rematch, can_keep_scoring=keeps_scoring, blueprint=bp,
    score_json=pg.score_json))
