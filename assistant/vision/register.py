"""Register a player's real deck from photos, so recognition works with the real cards.

Okoshki: the 48 cards laid face up in 6 rows of 8 in deck order (each curtain suit's four
windows, plain then print, suits in the order of deck.py) and photographed once; each cell
becomes that card's reference face. Pisanki: any photographed display table whose cards the
player has confirmed on the entry page; each cell is kept as an extra reference of its card.
Registered faces live in a folder (the app's instance/deck); nothing here knows of Flask.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.vision import deck
from assistant.vision import okoshki as vo
from assistant.vision import pisanki as vp
from assistant.vision.decode import decode

OKOSHKI_ROWS, OKOSHKI_COLS = 6, 8


class RegisterError(ValueError):
    """A registration photo that cannot be used; one line says why."""


def _table_cells(data: bytes, rows: int, cols: int, size: tuple[int, int]) -> list[np.ndarray]:
    img = decode(data)
    quad = vp.find_table(img)
    if quad is None:
        raise RegisterError("No cards found: lay them edge to edge on a plain table and take "
                            "the photo from above.")
    quad = vp.refine_quad(img, quad)
    w, h = size
    dst = np.float32([[0, 0], [cols * w, 0], [cols * w, rows * h], [0, rows * h]])
    table = cv2.warpPerspective(img, cv2.getPerspectiveTransform(quad, dst), (cols * w, rows * h))
    return [table[r * h:(r + 1) * h, c * w:(c + 1) * w] for r in range(rows) for c in range(cols)]


def register_okoshki(data: bytes, folder: Path) -> list[str]:
    """Save the 48 faces cut from a photo of the deck laid out in order; return their ids."""
    cells = _table_cells(data, OKOSHKI_ROWS, OKOSHKI_COLS, (deck.W, deck.H))
    folder.mkdir(parents=True, exist_ok=True)
    for card, cell in zip(ok.DECK, cells, strict=True):
        cv2.imwrite(str(folder / f"{card.id}.png"), cell)
    use_folder(folder)
    return [c.id for c in ok.DECK]


def learn_pisanki(data: bytes, grid: list[list[dict | None]], folder: Path) -> int:
    """Keep every cell of a confirmed table photo as an extra reference of its card."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    if (rows, cols) not in set(pg.GRID_SIZES.values()):
        raise RegisterError("The confirmed table must be 4×6, 3×6 or 3×5.")
    cells = _table_cells(data, rows, cols, (vp.CW, vp.CH))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "pisanki.json"
    saved = json.loads(path.read_text()) if path.exists() else []
    for cell, want in zip(cells, [c for row in grid for c in row], strict=True):
        saved.append({"card": want, "features": vp.features(vp._balanced(cell)).round(3).tolist()})
    path.write_text(json.dumps(saved))
    use_folder(folder)
    return rows * cols


def use_folder(folder: Path | None) -> None:
    """Recognise against the deck registered in `folder` (None: the drawn deck only)."""
    deck.REGISTERED["folder"] = folder
    deck.okoshki_faces.cache_clear()
    vo.references.cache_clear()
    vp.references.cache_clear()


def forget(folder: Path) -> None:
    """Delete a registered deck and go back to the drawn one."""
    for p in list(folder.glob("*.png")) + list(folder.glob("pisanki.json")):
        p.unlink()
    use_folder(None)


def status(folder: Path) -> dict[str, int]:
    """How many registered faces there are of each game."""
    pis = folder / "pisanki.json"
    return {"okoshki": len(list(folder.glob("*.png"))) if folder.exists() else 0,
            "pisanki": len(json.loads(pis.read_text())) if pis.exists() else 0}
