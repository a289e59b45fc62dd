"""Recognition answers in the INTERFACE.md shapes (for the command line and the API)."""

from __future__ import annotations

from typing import Any

from assistant.games import pisanki as pg
from assistant.messages import MessageError
from assistant.vision import okoshki as vo
from assistant.vision import pisanki as vp
from assistant.vision.decode import PhotoError


class RecognitionError(MessageError):
    """A photo that cannot be recognised; one line says why."""


def read_corners(raw: Any) -> list[list[float]] | None:
    """The table's four corners dragged by the player ([[x, y]] × 4 in the working image
    the previous answer's `size` names), or None."""
    if raw is None:
        return None
    ok = (isinstance(raw, list) and len(raw) == 4 and all(
        isinstance(p, list) and len(p) == 2 and all(
            isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 20000
            for v in p) for p in raw))
    if not ok:
        raise RecognitionError("corners: four [x, y] points inside the photo")
    return [[float(v) for v in p] for p in raw]


def recognise_pisanki(data: bytes, rows: int = 4, cols: int = 6,
                      corners: Any = None) -> dict[str, Any]:
    """INTERFACE.md Recognition for a Pisanki display table (the outline the player dragged
    replaces the one found when `corners` is given)."""
    if (rows, cols) not in set(pg.GRID_SIZES.values()):
        raise RecognitionError("rows/cols: a display table is 4×6, 3×6 or 3×5, not "
                               "%(rows)s×%(cols)s", rows=rows, cols=cols)
    try:
        res = vp.recognise(data, rows, cols, read_corners(corners))
    except (PhotoError, vp.NoCardsFound) as exc:
        raise RecognitionError(exc.message) from None
    return {
        "grid": [[{"card": None if g.card is None else {
            "cloth": g.card.cloth, "egg": g.card.egg, "double": g.card.double,
            "flowers": list(g.card.flowers)}, "confidence": g.confidence, "unsure": g.unsure}
            for g in row]
            for row in res.grid],
        "warnings": res.warnings,
        "seconds": res.seconds,
        "quad": res.quad,
        "size": res.size,
    }


def recognise_okoshki(data: bytes) -> dict[str, Any]:
    """INTERFACE.md Recognition for an Okoshki zone."""
    try:
        res = vo.recognise(data)
    except PhotoError as exc:
        raise RecognitionError(exc.message) from None
    return {
        "cards": [{"id": c.id, "kind": c.kind, "confidence": c.confidence, "quad": c.quad,
                   "unsure": c.unsure} for c in res.cards],
        "zone": res.zone,
        "warnings": res.warnings,
        "seconds": res.seconds,
        "size": res.size,
    }
