"""The Liski table page: the shared timer and the board with live column verdicts."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, g
from flask_babel import gettext as _
from flask_babel import pgettext

from assistant.games import liski as lg
from assistant.games import ranking
from assistant.messages import N_
from assistant.reducers.liski import LiskiTable
from assistant.reducers.liski_board import ABILITIES, BOARDS, engine_column, only_complications
from assistant.registry import Edits, Game, register, seat_players
from assistant.store import Table
from assistant.web.timer import poll_data, timer_context

bp = Blueprint("liski", __name__)


def symbol_word(s: str | None) -> str:
    """A symbol's name in this phone's language, looked up once a request (a board has ~2,400)."""
    words = g.get("liski_symbol_words")
    if words is None:
        words = g.liski_symbol_words = {
            "crown": pgettext("symbol", "crown"), "flower": pgettext("symbol", "flower"),
            "pot": pgettext("symbol", "pot"), "boat": pgettext("symbol", "boat"),
            "leaf": pgettext("symbol", "leaf"), None: _("any symbol")}
    return words.get(s, words[None])


@bp.record_once
def _register_symbol_word(state) -> None:
    """The symbol macros (templates/liski/_symbols.html) name symbols through symbol_word."""
    state.app.jinja_env.globals["symbol_word_of"] = symbol_word


def column_views(board: dict[str, Any]) -> list[dict[str, Any]]:
    """Each column with its verdict, per-card marks and what is missing, in words."""
    out = []
    for i, col in enumerate(board["columns"]):
        ec = engine_column(col, board["puchaters"])
        v = lg.check(ec) if ec else None
        marks = []
        for k in range(len(col["stack"])):
            if v and k in v.invalid:
                marks.append("bad")
            elif v and k in v.unchecked:
                marks.append("unchecked")
            else:
                marks.append("ok")
        out.append({
            "index": i, "col": col, "verdict": v, "marks": marks,
            "missing": lg.missing_text(v.missing) if v else "",
            "pending": sum(1 for c in col["cards"] if c.get("pending")),
            "hidden_fear": sum(1 for f in col["fear"] if not f["revealed"]),
            "fear_count": len(col["fear"]),
            "fear_danger": len(col["fear"]) >= lg.FEAR_TO_LOSE - 1,  # one more token loses
            "fear_lost": len(col["fear"]) >= lg.FEAR_TO_LOSE,
            "only_complications": only_complications(col),
        })
    return out


def kind_words() -> dict[str, str]:
    """The kinds of cards as the pages name them, in the phone's language."""
    return {"problem": pgettext("card kind", "problem"),
            "complication": pgettext("card kind", "complication"),
            "nightmare": pgettext("card kind", "nightmare")}


def context(t: Table) -> dict[str, Any]:
    """Template context of the Liski page: timer, board, verdicts."""
    board = t.state["board"]
    return {
        **timer_context(t),
        "last_round": t.state["round"] >= lg.ROUNDS,
        "lg": lg,
        "board": board,
        "columns": column_views(board),
        "puchater_names": {p["id"]: p for p in board["puchaters"]},
        "abilities": {k: _(v) for k, v in ABILITIES.items()},
        "symbol_words": lg.SYMBOL_NAMES,  # shown with _()
        "kind_words": kind_words(),
        "transition_choices": TRANSITION_CHOICES,
        "library": {k: [c for c in board["library"] if c["kind"] == k]
                    for k in lg.REQUIREMENT_KINDS},
        "marker_labels": marker_labels(board["puchaters"]),
        "boards": BOARDS,
    }


def marker_labels(puchaters: list[dict[str, Any]]) -> dict[int, str]:
    """A short label per puchater that tells boards apart ("Kapitanka", "Łotryni")."""
    short = {p["id"]: (p["name"].split()[-1] if p["name"].split() else "?")[:10]
             for p in puchaters}
    taken = list(short.values())
    return {pid: (label if taken.count(label) == 1 else
                  next(p["name"] for p in puchaters if p["id"] == pid)[:14])
            for pid, label in short.items()}


def poll(t: Table) -> dict[str, Any]:
    """What each poll of a Liski table carries: the timer."""
    return poll_data(t)


# The transition buttons of the lay form: each symbol alone, each pair, and "not entered".
TRANSITION_CHOICES = [(s,) for s in lg.SYMBOLS] + [
    (a, b) for i, a in enumerate(lg.SYMBOLS) for b in lg.SYMBOLS[i + 1:]] + [()]


def puchater_names(state: dict[str, Any]) -> list[str]:
    """The puchaters at a Liski table (the players' names when none are set up yet)."""
    puchaters = state.get("board", {}).get("puchaters") or []
    return [p["name"] for p in puchaters] or [p["name"] for p in state["players"]]


def standing(state: dict[str, Any]) -> ranking.Ranking:
    """A cooperative game: the table's outcome, won or lost together."""
    outcome = state.get("board", {}).get("outcome")
    won = None if not outcome else bool(outcome.get("won"))
    return ranking.liski(puchater_names(state), won, int(state.get("round", 1)))


def rematch(state: dict[str, Any], keep_scoring: bool) -> Edits:
    """The same players and puchaters (their boards and marker symbols)."""
    return seat_players(state, keep_scoring) + [
        ("board.puchater.add", {"name": p["name"], "symbol": p["symbol"]})
        for p in state.get("board", {}).get("puchaters", [])]


GAME = register(Game(
    slug="liski", title="Liski: Ojojanie", tagline=N_("Shared timer and column checks"),
    players=N_("1–5 players"), reducer=LiskiTable(), context=context, standing=standing,
    rematch=rematch, poll=poll, cooperative=True, blueprint=bp, check_json=lg.check_json))
