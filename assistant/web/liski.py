"""The Liski table page: the shared timer and the board with live column verdicts."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request

from assistant.games import liski as lg
from assistant.store import Table
from assistant.tables.liski_board import ABILITIES, engine_column
from assistant.web.timer import poll_data, timer_context

bp = Blueprint("liski", __name__)


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
        })
    return out


def context(t: Table) -> dict[str, Any]:
    """Template context of the Liski page: timer, board, verdicts."""
    board = t.state["board"]
    return {
        **timer_context(t),
        "lg": lg,
        "board": board,
        "columns": column_views(board),
        "puchater_names": {p["id"]: p for p in board["puchaters"]},
        "abilities": ABILITIES,
        "transition_choices": TRANSITION_CHOICES,
        "library": {k: [c for c in board["library"] if c["kind"] == k]
                    for k in lg.REQUIREMENT_KINDS},
    }


def poll(t: Table) -> dict[str, Any]:
    """What each poll of a Liski table carries: the timer."""
    return poll_data(t)


def _symbols(name: str) -> list[str]:
    if name == "transition" and request.form.get("transition_pair") is not None:
        # one tap on a transition button lays the card
        return [s for s in request.form["transition_pair"].split("+") if s in lg.SYMBOLS]
    return [s for s in request.form.getlist(name) if s in lg.SYMBOLS]


# The transition buttons of the lay form: each symbol alone, each pair, and "not entered".
TRANSITION_CHOICES = [(s,) for s in lg.SYMBOLS] + [
    (a, b) for i, a in enumerate(lg.SYMBOLS) for b in lg.SYMBOLS[i + 1:]] + [()]


def _card() -> dict[str, Any]:
    needs = {}
    for s in lg.SYMBOLS:
        raw = request.form.get(f"need_{s}", "0").strip() or "0"
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 3):
            abort(400, description=f"The number of {lg.SYMBOL_NAMES[s]}s must be 0 or more.")
        if int(raw):
            needs[s] = int(raw)
    # The declared schema (assistant/tables/liski_board.CARD) checks the number itself.
    total_value: Any = request.form.get("total", "").strip() or None
    return {"kind": request.form.get("kind", "problem"), "name": request.form.get("name", ""),
            "total": total_value, "needs": needs, "transition": _symbols("transition")}


def _stack_item() -> dict[str, Any]:
    kind = request.form.get("kind", "ojojanie")
    if kind == "anyfox":
        return {"kind": "fox", "any": True}
    if kind == "greykit":
        return {"kind": "greykit"}
    return {"kind": kind, "symbols": _symbols("symbols"), "transition": _symbols("transition")}


@bp.post("/t/<code>/liski")
def edit(code: str):
    """Board edits from plain forms (checkbox lists and counters become the edit's data)."""
    from assistant.web.tables import apply_edit, load

    load(code)
    op = request.form.get("op", "")
    data: dict[str, Any] = {k: request.form.get(k) for k in
                            ("col", "index", "puchater", "name", "symbol", "ability", "pos",
                             "effect", "difficulty", "number", "delta", "from_hand")
                            if request.form.get(k) not in (None, "")}
    if op in ("board.card.add", "board.complication.set", "board.nightmare.set"):
        if request.form.get("library") not in (None, ""):
            lib = load(code).state["board"]["library"]
            try:
                data["card"] = lib[int(request.form["library"])]
            except (ValueError, IndexError):
                abort(400, description="That card is not in the library.")
        else:
            data["card"] = _card()
    elif op == "board.stack.add" and "from_hand" not in data:
        data["item"] = _stack_item()
    elif op == "board.fear.reveal":
        data["needs"] = _symbols("needs")
    elif op == "board.ability" and request.form.get("ability") == "fox":
        data["item"] = _stack_item() if request.form.get("kind") != "anyfox" else {"any": True}
    return apply_edit(code, op, data)
