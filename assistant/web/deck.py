"""Register your deck: photos of the real cards become the references the recogniser uses."""

from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for

from assistant import vision
from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.messages import N_
from assistant.reducers import EditError
from assistant.reducers.pisanki import GRID
from assistant.web.i18n import tr

bp = Blueprint("deck", __name__, url_prefix="/deck")


def folder() -> Path:
    """Where this server keeps a registered deck."""
    return Path(current_app.config["DECK_FOLDER"])


@bp.get("/")
def page(error=None):
    """How to register each game's deck, and what is registered now."""
    cols = vision.register.OKOSHKI_COLS
    order = [ok.DECK[i:i + cols] for i in range(0, len(ok.DECK), cols)]
    # photos of a refused try are kept (register_okoshki_adding): the page says so
    kept = len(list((folder() / vision.register.PENDING).glob("*.jpg")))
    return render_template("deck.html", status=vision.register.status(folder()), order=order,
                           ok=ok, kept=kept,
                           message=request.args.get("m"), error=error or request.args.get("e"))


def _photo() -> bytes | None:
    photo = request.files.get("photo")
    if photo is None:
        return None
    try:
        return photo.read()
    finally:
        photo.close()


@bp.post("/okoshki")
def okoshki():
    """Cut the 48 faces from a photo of the deck laid out in order, and use them."""
    photos = []
    for f in request.files.getlist("photo")[:4]:
        try:
            data = f.read()
        finally:
            f.close()
        if data:
            photos.append(data)
    if not photos:
        return redirect(url_for("deck.page", e=N_("Choose a photo of the 48 cards first.")),
                        code=303)
    try:
        # the photos of a refused try are kept: "add a photo of row 2 card 7" means just that
        vision.register.register_okoshki_adding(photos, folder())
    except (vision.decode.PhotoError, vision.register.RegisterError) as exc:
        # Shown at once (not through a redirect): the line has numbers to put in the phone's words.
        return page(error=exc.message), 400
    return redirect(url_for("deck.page", m=N_("Your Okoshki cards are registered.")), code=303)


@bp.post("/okoshki/learn")
def okoshki_learn():
    """Learn the real Okoshki cards from a zone photo whose cards the players accepted."""
    data = _photo()
    try:
        cards = json.loads(request.form.get("cards", ""))
    except (ValueError, RecursionError):
        cards = None
    return _learn(vision.register.learn_okoshki, data, cards)


def _learn(learn, data: bytes | None, confirmed):
    """Keep the confirmed cards of a photo as references: {"learned": n}, or a 400 with one line."""
    if not data:
        return jsonify(error=tr(N_("The photo is missing."))), 400
    try:
        n = learn(data, confirmed, folder())
    except (vision.decode.PhotoError, vision.register.RegisterError) as exc:
        return jsonify(error=tr(exc.message)), 400
    return jsonify(learned=n)


@bp.post("/pisanki")
def pisanki():
    """Learn the real Pisanki cards from a table photo the player has confirmed."""
    data = _photo()
    try:
        raw = json.loads(request.form.get("grid", ""))
        if not isinstance(raw, list):  # null, a number, an object: no table was sent
            raise ValueError(raw)
        grid = GRID.clean(raw)
    except EditError as exc:  # before ValueError: it is one
        return jsonify(error=tr(exc)), 400
    except (ValueError, RecursionError):
        return jsonify(error=tr(N_("The confirmed table is missing."))), 400
    if not grid or any(len(row) != len(grid[0]) for row in grid):
        return jsonify(error=tr(N_("The confirmed table must be 4×6, 3×6 or 3×5."))), 400
    cards = [c for row in grid for c in row if c is not None and not c.get("down")]
    # The one rule of a whole card (games/pisanki): a flower-only card has no egg.
    if any(pg.cell_issue(c) for c in cards):
        return jsonify(error=tr(N_("Every card of the confirmed table needs its tablecloth and "
                                   "egg."))), 400
    grid = [[None if c is None or c.get("down") else
             {"cloth": c["cloth"], "egg": c.get("egg"), "double": c.get("double", False),
              "flowers": c.get("flowers", [])} for c in row] for row in grid]
    # The outline the player dragged on the preview: the cells checked are the ones learned
    # (the outline found alone was the wrong one, or the player would not have dragged it).
    try:
        corners = vision.api.read_corners(json.loads(request.form["corners"])) \
            if request.form.get("corners") else None
    except vision.api.RecognitionError as exc:  # before ValueError: it is one
        return jsonify(error=tr(exc.message)), 400
    except (ValueError, RecursionError):
        return jsonify(error=tr(N_("The table's corners could not be read."))), 400
    return _learn(lambda d, g, f: vision.register.learn_pisanki(d, g, f, corners), data, grid)


@bp.post("/forget")
def forget():
    """Go back to the drawn deck."""
    vision.register.forget(folder())
    return redirect(url_for("deck.page", m=N_("Back to the drawn deck.")), code=303)
