"""The Okoshki table page: both zones, their sets, Game on / Stop, the score sheet."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, request, url_for
from flask_babel import gettext as _

from assistant.games import okoshki as ok
from assistant.games import ranking
from assistant.messages import N_
from assistant.reducers.okoshki import (
    DEFAULT_NAMES,
    OkoshkiTable,
    game_on_points,
    game_standing,
    open_round,
)
from assistant.registry import Edits, Game, register
from assistant.store import Table

bp = Blueprint("okoshki", __name__)

FACE_COOKIE = "okoshki_face"  # face to face is a choice of each phone, not of the table


def zone_view(zone: dict[str, int], rnd: dict[str, Any] | None, player: int) -> dict[str, Any]:
    """One player's zone: counts by group, sets, points, hints and whether Stop is allowed."""
    found = ok.sets(zone)
    pts = sum(s.points for s in found)
    said = game_on_points(rnd, player) if rnd else None
    allowed, reason = ok.may_stop(pts, said)
    return {
        "zone": zone,
        "groups": [(name, kinds) for name, kinds in ok.GROUPS.items()],
        "sets": found,
        "points": pts,
        "hints": ok.near_sets(zone),
        "game_on_points": said,
        "may_stop": allowed,
        "stop_reason": reason,
        "cards": sum(zone.values()),
    }


def sheet(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The score sheet's rows: round, dealer, who said Game on, each player's points."""
    rows = []
    played = [r for r in state["rounds"] if r["result"] is not None]
    for i, rnd in enumerate(played):
        res = rnd["result"]
        dealer = ok.standing([r["result"] for r in played[:i]], state["first_dealer"]).next_dealer
        game_on = sorted({c["player"] for c in rnd["calls"] if c["call"] == "game_on"})
        pts = [0, 0]
        if res["winner"] is not None:
            pts[res["winner"]] = res["total"]
        rows.append({"index": i, "number": i + 1, "dealer": dealer, "game_on": game_on,
                     "points": pts, "result": res, "tie_break": i >= ok.ROUNDS})
    return rows


def context(t: Table) -> dict[str, Any]:
    """Template context of the Okoshki page."""
    state = t.state
    rnd = open_round(state)
    standing = game_standing(state)
    zones = rnd["zones"] if rnd else state["rounds"][-1]["zones"]
    names = [p["name"] for p in state["players"]]
    return {
        "names": [_(n) if n in DEFAULT_NAMES else n for n in names],
        "stored_names": names,  # what edits carry: a default name is translated where shown
        "ok": ok,
        "rnd": rnd,
        "round_number": len(state["rounds"]),
        "rounds": ok.ROUNDS,
        "tie_break": len(state["rounds"]) > ok.ROUNDS,
        "zones": [zone_view(zones[p], rnd, p) for p in (0, 1)],
        "standing": standing,
        "dealer": standing.next_dealer,
        "sheet": sheet(state),
        "game_on_said": bool(rnd and any(c["call"] == "game_on" for c in rnd["calls"])),
        "rounds_total": max(ok.ROUNDS, len(state["rounds"])),
        "face_to_face": request.cookies.get(FACE_COOKIE) == "1",
    }


def standing(state: dict[str, Any]) -> ranking.Ranking:
    """The two players ranked by their totals over the rounds."""
    s = game_standing(state)
    return ranking.okoshki([p["name"] for p in state["players"]], list(s.totals), s.over)


def final_sheet(t: Table) -> dict[str, Any]:
    """The final screen's score sheet."""
    return {"sheet": sheet(t.state), "totals": game_standing(t.state).totals}


def rematch(state: dict[str, Any], _keep_scoring: bool) -> Edits:
    """The same two names at the new table (it starts with both players)."""
    return [("players.rename", {"index": i, "name": p["name"]})
            for i, p in enumerate(state["players"])]


@bp.get("/okoshki/face")
def face():
    """Turn this phone's Okoshki face-to-face layout on or off (a cookie), then go back."""
    back = request.args.get("next", "")
    if not back.startswith("/t/") or "//" in back or "\\" in back:
        back = url_for("tables.home")
    resp = redirect(back, code=303)
    on = request.args.get("on") == "1"
    resp.set_cookie(FACE_COOKIE, "1" if on else "0", max_age=365 * 24 * 3600, samesite="Lax",
                    httponly=True)
    return resp


GAME = register(Game(
    slug="okoshki", title="Okoshki", tagline=N_("Sets, Game on / Stop, score sheet"),
    players=N_("2 players"), reducer=OkoshkiTable(), context=context, standing=standing,
    sheet=final_sheet, rematch=rematch, players_panel=False, blueprint=bp,
    score_json=ok.score_json))
