"""Home, tables, joining by code or QR, edits with undo, history and live polling."""

from __future__ import annotations

import functools
import io
import json
import secrets
import time
from typing import Any
from urllib.parse import quote

import qrcode
import qrcode.image.svg
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
from markupsafe import Markup, escape

from assistant.messages import Message
from assistant.reducers import EditError
from assistant.registry import find, games
from assistant.store import (
    StaleEdit,
    Table,
    TableNotFound,
    format_code,
    normalize_code,
    now_ms,
    undo_target,
)
from assistant.web import load, regions, store
from assistant.web.guard import database_health
from assistant.web.htmx import is_htmx, page_or_fragment
from assistant.web.i18n import player_name, tr
from assistant.web.security import device_id

bp = Blueprint("tables", __name__)

# Form fields that carry the edit's envelope rather than its data.
ENVELOPE = {"op", "v", "nonce", "csrf_token", "data"}

@bp.record_once
def _register_region(state) -> None:
    """Templates mark the regions a live update may send alone (assistant/web/regions.py)."""
    state.app.jinja_env.globals["region"] = regions.region


@bp.get("/")
def home():
    """The four games as big buttons and joining by code; this phone's tables come from
    its own browser (static/js/mytables.js): the server lists no table codes to anyone."""
    message = None
    if "missing" in request.args:  # a typed code that names no table, said in this phone's words
        typed = request.args.get("missing", "").strip()[:20]
        message = (Message("No table has the code %(code)s.", code=typed) if typed
                   else Message("Type the table's code first."))
    return render_template("home.html", games=list(games()), message=message)


@bp.post("/tables")
def create():
    """Start a new table for the chosen game."""
    try:
        game = find(request.form.get("game", ""))
    except LookupError:
        abort(400, description="Pick one of the four games.")
    table = store().create_table(game.slug)
    return redirect(url_for("tables.table", code=table.code), code=303)


@bp.get("/join")
def join():
    """Open a table from a typed code."""
    code = normalize_code(request.args.get("code", ""))
    try:
        store().get(code)
    except TableNotFound:
        typed = request.args.get("code", "").strip()[:20]
        return redirect(url_for("tables.home", missing=typed))
    return redirect(url_for("tables.table", code=code))


@bp.get("/t/<code>")
def table(code: str):
    """The game's page for one table."""
    t = load(code)
    return page_or_fragment(
        f"{t.game}/table.html", "tables/_main.html", **table_context(t)
    )


@bp.get("/t/<code>/main")
def main(code: str):
    """The live part of the table page (fetched again when another phone edits)."""
    t = load(code)
    return live_main(t)


@bp.post("/t/<code>/edit")
def edit(code: str):
    """The one way an edit arrives: append it, answer with the fresh table (and a message if
    it was refused). The phone's device id comes from its cookie, never from the form (an op
    that declares a `device` field, such as phone.name, gets it; the other ops drop it)."""
    data = {**edit_data(), "device": device_id()}
    return apply_edit(code, request.form.get("op", ""), data)


@bp.get("/t/<code>/history")
def history_page(code: str):
    """Older lines of the history, HISTORY_PAGE at a time, before the seq `before`."""
    t = load(code)
    try:
        before = int(request.args.get("before", ""))
    except ValueError:
        abort(400, description=_("Say which line the older edits come before."))
    lines, more = history_lines(t, before)
    return render_template("tables/_history_lines.html", t=t, history=lines, more=more,
                           me=device_id())


@bp.get("/t/<code>/poll")
def poll(code: str):
    """The table's version and the server clock; 304 when the phone's version is current."""
    version = store().version(code)
    etag = f'"v{version}"'
    if request.headers.get("If-None-Match") == etag:
        resp = current_app.response_class(status=304)
    else:
        resp = jsonify(version=version, **poll_extra(code))
    resp.headers["ETag"] = etag
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["X-Server-Ms"] = str(now_ms())
    resp.headers["Access-Control-Expose-Headers"] = "X-Server-Ms"
    return resp


@bp.get("/t/<code>/events")
def events(code: str):
    """Live push is served by assistant/asgi.py; here (no ASGI server) the phone polls."""
    load(code)
    resp = jsonify(error="live push is not served here: poll")
    resp.status_code = 503
    resp.headers["Retry-After"] = "30"
    return resp


@bp.get("/clock")
def clock():
    """The server's clock (assistant/asgi.py answers it without a thread)."""
    resp = jsonify(server_ms=round(time.time() * 1000, 2))
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/healthz")
def healthz():
    """Health: the app answers and the database can be read and written (else why not)."""
    problem = database_health(store().engine)
    if problem:
        return jsonify(ok=False, error=problem), 503
    return jsonify(ok=True)


# -- helpers --------------------------------------------------------------------------------
def poll_extra(code: str) -> dict[str, Any]:
    """Per-game data that every poll carries (the timer adds its state)."""
    t = store().get(code)
    poll_fn = find(t.game).poll
    return poll_fn(t) if poll_fn else {}


MAX_FIELDS = 60  # an edit form never has more fields than this
MAX_DEPTH = 3


def edit_data() -> dict[str, Any]:
    """The edit's data from its form: `card.needs.crown` nests objects, `symbols[]` collects a
    list (its empty values dropped, so a hidden empty one sends an empty list), and a JSON
    `data` field (a button's value, a script island) is merged in last."""
    data: dict[str, Any] = {}
    keys = [k for k in request.form if k not in ENVELOPE]
    if len(keys) > MAX_FIELDS:
        abort(400, description="The edit has too many fields.")
    for key in keys:
        values = request.form.getlist(key)
        name, many = (key[:-2], True) if key.endswith("[]") else (key, False)
        path = name.split(".")
        if len(path) > MAX_DEPTH or not all(path):
            abort(400, description="The edit's fields do not fit together.")
        _put(data, path, [v for v in values if v != ""] if many else values[0])
    raw = request.form.get("data")
    if raw:
        try:
            extra = json.loads(raw)
        except ValueError:
            abort(400, description="The edit's data is not valid JSON.")
        if not isinstance(extra, dict):
            abort(400, description="The edit's data must be a JSON object.")
        data.update(extra)
    return data


def _put(data: dict[str, Any], path: list[str], value: Any) -> None:
    """Set data[a][b][c] = value, making the objects on the way (a clash is a 400)."""
    for part in path[:-1]:
        data = data.setdefault(part, {})
        if not isinstance(data, dict):
            abort(400, description="The edit's fields do not fit together.")
    if isinstance(data.get(path[-1]), dict):
        abort(400, description="The edit's fields do not fit together.")
    data[path[-1]] = value


def apply_edit(code: str, op: str, data: dict[str, Any]):
    """Append the edit against the version the phone saw and answer with the table."""
    try:
        base = int(request.form.get("v", ""))
    except ValueError:
        abort(400, description="The edit does not say which version it was made on.")
    nonce = request.form.get("nonce") or None
    try:
        done = store().append_edit(
            code, op, data, base=base, author=device_id(), nonce=nonce
        )
    except (EditError, StaleEdit) as exc:
        return respond(store().get(code), tr(exc), error=True)
    return respond(done.table, seq=done.seq)


def respond(t: Table, message: str | None = None, error: bool = False, seq: int | None = None):
    """The answer to an edit. The interaction layer (X-Interact) gets #table-main (only its
    changed regions when it says which it holds) with the version, the edit's seq and any
    message in headers, to show the message where the player is looking. A page without
    JavaScript gets a redirect to the table, or the table with the message when refused
    (an htmx request without the interaction layer: that table as a fragment)."""
    if request.headers.get("X-Interact") == "1":
        resp = live_main(t)
        resp.headers["X-Version"] = str(t.version)
        if message:
            resp.headers["X-Message"] = quote(message)
            resp.headers["X-Error"] = "1" if error else "0"
        elif t.events:
            # The edit's own seq (`seq`: a re-sent edit's is not the newest one's).
            mine = next((e for e in t.events if e.seq == seq), None) if seq else t.events[-1]
            resp.headers["X-Seq"] = str(seq or mine.seq)
            if mine is not None:
                resp.headers["X-Done"] = quote(done_sentence(t, mine))
        return resp
    if message or is_htmx():
        return page_or_fragment(
            f"{t.game}/table.html", "tables/_main.html",
            **table_context(t, message=message, error=error),
        )
    return redirect(url_for("tables.table", code=t.code), code=303)


def done_sentence(t: Table, ev: Any) -> str:
    """What an edit did, as a sentence for its toast ("Usunięto gracza Bartek."): its
    history line, not the imperative label of the button that was tapped."""
    text = tr(Message("undid: %(what)s", what=describe_target(t, ev)) if ev.is_undo
              else find(t.game).reducer.describe(ev.op, ev.data))
    text = text.strip().rstrip(".")
    return (text[:1].upper() + text[1:] + ".") if text else ""


def live_main(t: Table):
    """#table-main for the interaction layer: only its changed regions when X-Regions says."""
    regions.reset()
    resp = page_or_fragment(f"{t.game}/table.html", "tables/_main.html", **table_context(t))
    if is_htmx() and regions.client_hashes() is not None:
        body, sent = regions.partial(resp.get_data(as_text=True), t.version)
        resp.set_data(body)
        resp.headers["X-Regions-Sent"] = "all" if sent < 0 else str(sent)
    resp.vary.add("X-Regions")
    return resp


HISTORY_PAGE = 12


def phone_names(t: Table) -> dict[str, str]:
    """Who each phone said it is (op phone.name), by device id."""
    return dict(t.state.get("phones") or {})


def who(t: Table, author: str, me: str, names: dict[str, str]) -> str:
    """A history line's author in words: the phone's chosen name, 'you' for this phone."""
    name = names.get(author)
    name = player_name(name) if name else name  # "Gracz 1" on a Polish phone
    if author == me:
        return _("%(name)s (you)", name=name) if name else _("you")
    return name or _("phone %(id)s", id=author)


def history_lines(t: Table, before: int | None = None) -> tuple[list[dict[str, Any]], int]:
    """Up to HISTORY_PAGE lines, newest first, of the events before seq `before`; and the
    seq to ask for more with (0 when there are no older lines)."""
    reducer = find(t.game).reducer
    me = device_id()
    names = phone_names(t)
    events = [ev for ev in t.events if before is None or ev.seq < before]
    page = events[-HISTORY_PAGE:]
    lines = [
        {
            "seq": ev.seq,
            # Rendered now from the event's data, in this phone's language.
            "text": tr(Message("undid: %(what)s", what=describe_target(t, ev)))
            if ev.is_undo else tr(reducer.describe(ev.op, ev.data)),
            "undone": ev.seq in t.undone,
            "undoable": reducer.undoable(ev.op) and ev.seq not in t.undone,
            "author": ev.author,
            "who": who(t, ev.author, me, names),
            "mine": ev.author == me,
            "at_ms": ev.at_ms,
        }
        for ev in reversed(page)
    ]
    more = page[0].seq if page and len(events) > len(page) else 0
    return lines, more


def my_last_undoable(t: Table, device: str) -> Any:
    """This phone's most recent edit that can still be undone (not an undo, not undone)."""
    reducer = find(t.game).reducer
    for ev in reversed(t.events):
        if ev.author == device and reducer.undoable(ev.op) and ev.seq not in t.undone:
            return ev
    return None


def table_context(t: Table, message: str | None = None, error: bool = False) -> dict[str, Any]:
    """Everything a table template needs."""
    game = find(t.game)
    reducer = game.reducer
    history, more = history_lines(t)
    last = t.last_undoable()
    mine = my_last_undoable(t, device_id())
    ctx: dict[str, Any] = {
        "t": t,
        "game": game,
        "state": t.state,
        "pretty_code": format_code(t.code),
        "join_url": join_url(t.code),
        "qr_svg": qr_svg(join_url(t.code), _("QR code to join")),
        "history": history,
        "history_more": more,
        "me": device_id(),
        "my_name": phone_names(t).get(device_id(), ""),
        "my_last": mine,
        "my_last_text": reducer.describe(mine.op, mine.data) if mine else "",
        "last_undoable": last,
        "last_text": tr(reducer.describe(last.op, last.data)) if last else "",
        "message": message,
        "error": error,
        "nonce": secrets.token_urlsafe(9),
        "poll_ms": current_app.config["POLL_MS"],
        "can_add_player": len(t.state["players"]) < reducer.max_players
        and "players.add" in reducer.ops,
        "can_remove_player": "players.remove" in reducer.ops,
        # Steps that throw something away: the page offers a one-tap undo after them.
        "destructive_ops": " ".join(sorted(reducer.destructive())),
    }
    ctx.update(game.context(t))
    return ctx


def describe_target(t: Table, ev: Any) -> str | Message:
    """What an undo event took back (a Message, translated where shown)."""
    reducer = find(t.game).reducer
    seq = undo_target(ev.data)
    target = t.event(seq) if seq else None
    return reducer.describe(target.op, target.data) if target else Message("an edit")


def join_url(code: str) -> str:
    """The address a phone opens: the LAN address when this page was opened on localhost."""
    public = current_app.config.get("PUBLIC_URL")
    host = request.host.split(":")[0]
    if public and host in {"localhost", "127.0.0.1", "::1", "[::1]"}:
        return public.rstrip("/") + url_for("tables.table", code=code)
    return url_for("tables.table", code=code, _external=True)


@functools.lru_cache(maxsize=256)
def qr_svg(text: str, label: str) -> Markup:
    """A QR code of `text` as inline SVG (made on the server; no image to fetch), named
    `label` for a screen reader (in the phone's language)."""
    img = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    buf = io.BytesIO()
    img.save(buf)
    svg = buf.getvalue().decode("utf-8")
    svg = svg[svg.index("<svg"):]
    svg = svg.replace("<svg ", f'<svg class="qr" role="img" aria-label="{escape(label)}" ', 1)
    return Markup(svg)
