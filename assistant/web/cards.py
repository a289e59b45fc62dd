"""Card pictures for the pages: the reference deck's own drawings, as small JPEGs (cached)."""

from __future__ import annotations

import threading
from functools import cache

from flask import Blueprint, abort

from assistant import vision
from assistant.games import okoshki as ok
from assistant.games import pisanki as pg

bp = Blueprint("cards", __name__, url_prefix="/cards")
JPEG = {"Content-Type": "image/jpeg", "Cache-Control": "public, max-age=86400"}
# One drawing at a time: a page asks for a dozen cards at once, and without the lock every
# request drew the whole deck again before the cache held it (seconds of CPU on a busy Pi).
_DRAWING = threading.Lock()


@cache
def _pisanki_face(cloth: str, egg: str | None, double: bool, flowers: tuple[str, ...]) -> bytes:
    return vision.thumbs.jpeg(vision.deck.pisanki_face(cloth, egg, double, flowers))


@cache
def _back_face() -> bytes:
    return vision.thumbs.jpeg(vision.deck.pisanki_back())


@cache
def _okoshki_face(card_id: str) -> bytes:
    return vision.thumbs.jpeg(vision.deck.okoshki_faces()[card_id])


@bp.get("/pisanki/back.jpg")
def pisanki_back():
    """The back of a Pisanki card."""
    with _DRAWING:
        return _back_face(), 200, JPEG


@bp.get("/pisanki/<cloth>/<egg>/<int:double>/<flowers>.jpg")
def pisanki_card(cloth: str, egg: str, double: int, flowers: str):
    """One Pisanki face: /cards/pisanki/striped/red/0/pink-pink.jpg (`none` for no egg/flower)."""
    fl = () if flowers == "none" else tuple(flowers.split("-"))
    card_egg = None if egg == "none" else egg
    if (cloth not in pg.CLOTHS or (card_egg and card_egg not in pg.EGGS)
            or any(f not in pg.FLOWERS for f in fl) or len(fl) > 2):
        abort(404, description="No such card.")
    with _DRAWING:
        return _pisanki_face(cloth, card_egg, bool(double), fl), 200, JPEG


@bp.get("/okoshki/<card_id>.jpg")
def okoshki_card(card_id: str):
    """One Okoshki face by id, or the first card of a kind (`kind-owl`)."""
    if card_id.startswith("kind-"):
        kind = card_id[5:]
        card_id = next((c.id for c in ok.DECK if c.kind == kind), "")
    if card_id not in ok.CARDS:
        abort(404, description="No such card.")
    with _DRAWING:
        return _okoshki_face(card_id), 200, JPEG
