"""The Okoshki table page: both zones, their sets, Game on / Stop, the score sheet."""

from __future__ import annotations

from typing import Any

from flask import request
from flask_babel import gettext as _

from assistant.games import okoshki as ok
from assistant.reducers.okoshki import DEFAULT_NAMES, game_on_points, game_standing, open_round
from assistant.store import Table

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
                     "points": pts, "result": res})
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
        "zones": [zone_view(zones[p], rnd, p) for p in (0, 1)],
        "standing": standing,
        "dealer": standing.next_dealer,
        "sheet": sheet(state),
        "game_on_said": bool(rnd and any(c["call"] == "game_on" for c in rnd["calls"])),
        "rounds_total": max(ok.ROUNDS, len(state["rounds"])),
        "face_to_face": request.cookies.get(FACE_COOKIE) == "1",
    }
