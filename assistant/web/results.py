"""A table's standing as the four games rank it: for the final screen, result.json/csv, history."""

from __future__ import annotations

import base64
import hashlib
import hmac
from datetime import UTC, datetime
from typing import Any

from flask import current_app
from flask_babel import format_date, ngettext
from flask_babel import gettext as _

from assistant.games import ranking
from assistant.registry import find
from assistant.store import Table
from assistant.web.i18n import and_join, player_name


def standing(t: Table) -> ranking.Ranking:
    """Every player's place, score and the winners, now (during or after the game)."""
    return find(t.game).standing(t.state)


def iso(ms: int) -> str:
    """'2026-11-30T21:04:00Z' from epoch milliseconds."""
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def result_json(t: Table) -> dict[str, Any]:
    """INTERFACE.md "Table results": the standing now, for any game."""
    r = standing(t)
    out: dict[str, Any] = {
        "game": t.game, "code": t.code, "finished": r.finished,
        "players": [{"name": p.name, "score": p.score, "rank": p.rank} for p in r.places],
        "winners": list(r.winners), "updated": iso(t.updated_ms),
    }
    if find(t.game).cooperative:
        out["outcome"] = r.outcome
    return out


CSV_FIELDS = ("game", "code", "finished", "rank", "name", "score", "winner", "outcome", "updated")


def result_rows(t: Table) -> list[dict[str, Any]]:
    """result.json as one CSV row per player."""
    j = result_json(t)
    return [{"game": j["game"], "code": j["code"], "finished": str(j["finished"]).lower(),
             "rank": "" if p["rank"] is None else p["rank"], "name": p["name"],
             "score": "" if p["score"] is None else p["score"],
             "winner": str(p["name"] in j["winners"]).lower(),
             "outcome": j.get("outcome") or "", "updated": j["updated"]}
            for p in j["players"]]


# -- result ids: the history links a game without giving its table code away -----------------
def result_id(code: str) -> str:
    """An unguessable id of a table's read-only result (an HMAC of the code with the secret key).

    The table code is the only key to a table (anyone holding it may edit), so the history
    never shows it: its links carry this id instead, from which the code cannot be worked out.
    """
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, b"result:" + code.encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode().lower()


def share_text(game_title: str, r: ranking.Ranking, when_ms: int) -> str:
    """A short text of the result to share: '★ Ala wins Pisanki (30 Nov 2026): 1. Ala 57 …'."""
    day = format_date(datetime.fromtimestamp(when_ms / 1000, UTC), "d MMM y")
    places = ", ".join(
        f"{p.rank}. {player_name(p.name)}" + ("" if p.score is None else f" {p.score}")
        for p in r.places
    )
    if r.outcome:
        head = (_("%(game)s (%(day)s): won together", game=game_title, day=day)
                if r.outcome == "won" else
                _("%(game)s (%(day)s): lost together", game=game_title, day=day))
    elif r.winners and r.finished:
        head = "★ " + ngettext("%(names)s wins %(game)s (%(day)s)",
                               "%(names)s win %(game)s (%(day)s)", len(r.winners),
                               names=and_join(map(player_name, r.winners)), game=game_title,
                               day=day)
    else:
        head = _("%(game)s (%(day)s), in progress", game=game_title, day=day)
    return f"{head}: {places}" if places else head
