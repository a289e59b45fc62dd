"""Register your deck: photos of the real cards become the references the recogniser uses."""

from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for

from assistant.games import okoshki as ok
from assistant.messages import N_
from assistant.web.i18n import tr

bp = Blueprint("deck", __name__, url_prefix="/deck")


def folder() -> Path:
    """Where this server keeps a registered deck."""
    return Path(current_app.config["DECK_FOLDER"])


@bp.get("/")
def page(error=None):
    """How to register each game's deck, and what is registered now."""
    from assistant.vision.register import OKOSHKI_COLS, status

    order = [ok.DECK[i:i + OKOSHKI_COLS] for i in range(0, len(ok.DECK), OKOSHKI_COLS)]
    return render_template("deck.html", status=status(folder()), order=order, ok=ok,
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
    from assistant.vision.decode import PhotoError
    from assistant.vision.register import RegisterError, register_okoshki_adding

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
        register_okoshki_adding(photos, folder())
    except (PhotoError, RegisterError) as exc:
        # Shown at once (not through a redirect): the line has numbers to put in the phone's words.
        return page(error=exc.message), 400
    return redirect(url_for("deck.page", m=N_("Your Okoshki cards are registered.")), code=303)


@bp.post("/okoshki/learn")
def okoshki_learn():
    """Learn the real Okoshki cards from a zone photo whose cards the players accepted."""
    from assistant.vision.register import learn_okoshki

    data = _photo()
    try:
        cards = json.loads(request.form.get("cards", ""))
    except (ValueError, RecursionError):
        cards = None
    return _learn(learn_okoshki, data, cards)


def _learn(learn, data: bytes | None, confirmed):
    """Keep the confirmed cards of a photo as references: {"learned": n}, or a 400 with one line."""
    from assistant.vision.decode import PhotoError
    from assistant.vision.register import RegisterError

    if not data:
        return jsonify(error=tr(N_("The photo is missing."))), 400
    try:
        n = learn(data, confirmed, folder())
    except (PhotoError, RegisterError) as exc:
        return jsonify(error=tr(exc.message)), 400
    return jsonify(learned=n)


@bp.post("/pisanki")
def pisanki():
    """Learn the real Pisanki cards from a table photo the player has confirmed."""
    from assistant.reducers import EditError
    from assistant.reducers.pisanki import GRID
    from assistant.vision.register import learn_pisanki

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
    # a flower-only card has no egg: the cleaned grid drops its "egg": null, so an egg is
    # asked of a card only when it has no flowers (learn_pisanki checks the card itself)
    if any("cloth" not in c or ("egg" not in c and not c.get("flowers")) for c in cards):
        return jsonify(error=tr(N_("Every card of the confirmed table needs its tablecloth and "
                                   "egg."))), 400
    grid = [[None if c is None or c.get("down") else
             {"cloth": c["cloth"], "egg": c.get("egg"), "double": c.get("double", False),
              "flowers": c.get("flowers", [])} for c in row] for row in grid]
    return _learn(learn_pisanki, data, grid)


@bp.post("/forget")
def forget():
    """Go back to the drawn deck."""
    from assistant.vision.register import forget as forget_deck

    forget_deck(folder())
    return redirect(url_for("deck.page", m=N_("Back to the drawn deck.")), code=303)
