"""The JSON API (INTERFACE.md): the same pure functions as the pages and the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, jsonify, request

from assistant import vision
from assistant.interface import JsonFn, load_json, run
from assistant.messages import one_line
from assistant.registry import checkers, scorers
from assistant.web.i18n import tr

bp = Blueprint("api", __name__, url_prefix="/api")
PAGE_HEADER = "X-Assistant-Page"  # sent by the pages' photo upload: answer in the phone's language


def json_body() -> Any:
    """The request's JSON, or a 400 with one clear line."""
    if not request.is_json:
        abort(400, description="send JSON with Content-Type: application/json")
    try:
        return load_json(request.get_data(cache=True))
    except ValueError as exc:
        abort(400, description=str(exc))


def answer(fn: JsonFn | None, game: str):
    """Call a game's JSON function; ValueError becomes a 400 with its one line."""
    if fn is None:
        abort(404, description=f"no such game here: {game[:20]}")
    try:
        return jsonify(run(fn, json_body()))
    except ValueError as exc:
        return jsonify(error=one_line(exc)), 400


@bp.post("/<game>/score")
def score(game: str):
    """POST /api/{pisanki,okoshki,kitsune}/score."""
    return answer(scorers().get(game), game)


@bp.post("/<game>/recognize")
def recognize(game: str):
    """POST /api/{pisanki,okoshki}/recognize: multipart `photo` (and `rows`, `cols`)."""
    if game not in ("pisanki", "okoshki"):
        abort(404, description=f"no photo recognition for {game[:20]}")
    photo = request.files.get("photo")
    if photo is None:
        return jsonify(error="send the photo as multipart/form-data in the field 'photo'"), 400
    try:
        data = photo.read()
    finally:
        photo.close()  # the upload's temporary file
    # the deck folder as it is now: another process of a hosted server may have changed it
    vision.register.follow(Path(current_app.config["DECK_FOLDER"]))
    try:
        if game == "pisanki":
            try:
                rows = int(request.form.get("rows", 4))
                cols = int(request.form.get("cols", 6))
            except ValueError:
                return jsonify(error="rows and cols must be whole numbers"), 400
            try:  # the four corners the player dragged on the preview, when the outline was off
                corners = json.loads(request.form["corners"]) if "corners" in request.form else None
            except ValueError:
                return jsonify(error="corners: four [x, y] points as JSON"), 400
            out = vision.api.recognise_pisanki(data, rows, cols, corners)
        else:
            out = vision.api.recognise_okoshki(data)
    except vision.api.RecognitionError as exc:
        return jsonify(error=in_page_language(exc.message)), 400
    out["warnings"] = [in_page_language(w) for w in out["warnings"]]
    return jsonify(out)


def in_page_language(message: Any) -> str:
    """English for API clients; the phone's language when a page asks (X-Assistant-Page: 1),
    as photo.js does: the API's words stay English (INTERFACE.md), a player reads their own."""
    if request.headers.get(PAGE_HEADER) == "1":
        return tr(message)
    return str(message)


@bp.post("/<game>/check")
def check(game: str):
    """POST /api/liski/check."""
    return answer(checkers().get(game), game)
