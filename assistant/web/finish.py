"""The end of a game: result.json/csv, the final screen, the history of games, the rematch."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from assistant.reducers import EditError
from assistant.registry import find, games
from assistant.store import StaleEdit, Table
from assistant.web import load, store
from assistant.web.results import (
    CSV_FIELDS,
    result_id,
    result_json,
    result_rows,
    share_text,
    standing,
)
from assistant.web.security import device_id

bp = Blueprint("finish", __name__)

HISTORY_LIMIT = 500  # tables read for the history page, newest first


@bp.get("/t/<code>/result.json")
def result_json_view(code: str):
    """INTERFACE.md "Table results" as JSON (no cookie needed)."""
    resp = jsonify(result_json(load(code)))
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@bp.get("/t/<code>/result.csv")
def result_csv_view(code: str):
    """The same as one CSV row per player."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(result_rows(load(code)))
    resp = current_response(buf.getvalue(), "text/csv")  # werkzeug adds "; charset=utf-8" once
    resp.headers["Content-Disposition"] = f'inline; filename="{code}-result.csv"'
    return resp


def current_response(body: str, mimetype: str):
    """A plain answer with a body and a content type."""
    resp = current_app.response_class(body, mimetype=mimetype)
    resp.headers["Cache-Control"] = "no-cache"
    return resp


def final_context(t: Table, own: bool) -> dict[str, Any]:
    """What the final screen shows: ranking, winners, the game's sheet, the share text."""
    r = standing(t)
    game = find(t.game)
    rid = result_id(t.code)
    share_url = url_for("finish.shared", rid=rid, _external=True)
    ctx: dict[str, Any] = {
        "t": t, "state": t.state, "game": game, "r": r, "own": own, "rid": rid,
        "share_text": share_text(game.title, r, t.updated_ms),
        "share_url": share_url,
        "can_keep_scoring": game.can_keep_scoring(t.state),
    }
    ctx.update(game.sheet(t))
    return ctx


@bp.get("/t/<code>/final")
def final(code: str):
    """The final screen of a table: everyone ranked, the winners, the sheet, share, rematch."""
    t = load(code)
    return render_template("results/final.html", **final_context(t, own=True))


@bp.get("/r/<rid>")
def shared(rid: str):
    """The read-only final screen of a past game, opened by its result id (never the code)."""
    t = find_by_result_id(rid)
    if t is None:
        abort(404, description=_("No game has this result link."))
    return render_template("results/final.html", **final_context(t, own=False))


def find_by_result_id(rid: str) -> Table | None:
    """The table whose result id this is (the id cannot be turned back into a code)."""
    rid = rid.strip().lower()
    if not rid.isalnum() or len(rid) > 32:
        return None
    for row in store().recent(limit=100_000):
        if result_id(row["code"]) == rid:
            return store().get(row["code"])
    return None


# -- history ----------------------------------------------------------------------------------
def played(t: Table) -> bool:
    """Whether anything beyond naming players was ever done at this table (its recent events
    are enough: a table with more events than those kept surely was played)."""
    return any(not e.op.startswith("players.") and not e.is_undo for e in t.events)


def history_games(game: str = "", player: str = "") -> list[dict[str, Any]]:
    """This server's games with players, newest first, filtered by game and player name."""
    wanted = player.strip().casefold()
    known = {g.slug: g for g in games()}
    out = []
    rows = sorted(store().recent(limit=HISTORY_LIMIT),
                  key=lambda row: (row["updated_ms"], row["id"]), reverse=True)
    for row in rows:
        if row["game"] not in known or (game and row["game"] != game):
            continue
        t = store().get(row["code"])
        r = standing(t)
        if not r.places or not played(t):
            continue  # a table nobody played (opened, perhaps named, never scored)
        if wanted and not any(wanted in p.name.casefold() for p in r.places):
            continue
        out.append({"rid": result_id(t.code), "game": known[t.game], "r": r,
                    "when": datetime.fromtimestamp(t.updated_ms / 1000, UTC),
                    "updated_ms": t.updated_ms})
    return out


def tallies(games: list[dict[str, Any]], player: str = "") -> list[dict[str, Any]]:
    """Per player (names compared without case): finished games played and won, per game."""
    wanted = player.strip().casefold()
    by_name: dict[str, dict[str, Any]] = {}
    for g in games:
        if not g["r"].finished:
            continue
        won = {w.casefold() for w in g["r"].winners}
        for p in g["r"].places:
            key = p.name.casefold()
            if wanted and wanted not in key:
                continue
            entry = by_name.setdefault(key, {"name": p.name, "games": {}, "played": 0, "won": 0})
            per = entry["games"].setdefault(g["game"].slug, {"played": 0, "won": 0})
            per["played"] += 1
            entry["played"] += 1
            if key in won:
                per["won"] += 1
                entry["won"] += 1
    return sorted(by_name.values(), key=lambda e: (-e["won"], -e["played"], e["name"].casefold()))


@bp.get("/history")
def history():
    """Past games of this server, newest first, filterable; players' tallies."""
    all_games = list(games())
    game = request.args.get("game", "")
    if game not in {g.slug for g in all_games}:
        game = ""
    player = request.args.get("player", "")[:24]
    played = history_games(game, player)
    return render_template("results/history.html", games=played, tallies=tallies(played, player),
                           all_games=all_games, game=game, player=player)


# -- rematch ----------------------------------------------------------------------------------
def rematch_edits(t: Table, keep_scoring: bool) -> list[tuple[str, dict[str, Any]]]:
    """The edits that seat the same players (names, order, ages) at a new table."""
    return find(t.game).rematch(t.state, keep_scoring)


@bp.post("/t/<code>/rematch")
def rematch(code: str):
    """A new table with the same players; the old table tells its phones to follow."""
    old = load(code)
    new = store().create_table(old.game)
    author = device_id()
    for op, data in rematch_edits(old, keep_scoring=request.form.get("keep_scoring") == "1"):
        try:
            new = store().append(new.code, op, data, base=new.version, author=author)
        except EditError:
            continue  # a player the new table refuses (cannot happen with a valid old table)
    try:
        store().append(old.code, "table.next", {"code": new.code}, base=old.version,
                       author=author)
    except (EditError, StaleEdit):
        pass  # the old table refused the pointer: the new table stands anyway
    return redirect(url_for("tables.table", code=new.code), code=303)
