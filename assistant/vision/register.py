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
from assistant.messages import N_, Message, MessageError, join, nmsg
from assistant.vision import deck, views
from assistant.vision import okoshki as vo
from assistant.vision import pisanki as vp
from assistant.vision.decode import decode

OKOSHKI_ROWS, OKOSHKI_COLS = 6, 8


class RegisterError(MessageError):
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


GLARE_SHARE = 0.06  # a card with more of its face blown out than this is retaken
BLUR_SHARE = 0.35  # a card far less sharp than the layout's median card is retaken


def cell_faults(cells: list[np.ndarray]) -> list[str | None]:
    """For each cut card: None when usable, else what is wrong with it (glare, blur)."""
    sharp = []
    for cell in cells:
        gray = cv2.cvtColor(cell, cv2.COLOR_BGR2GRAY)
        sharp.append(float(cv2.Laplacian(gray, cv2.CV_32F).var()))
    median = float(np.median(sharp)) if sharp else 0.0
    out: list[str | None] = []
    for cell, s in zip(cells, sharp, strict=True):
        inner = cell[deck.BORDER:-deck.BORDER, deck.BORDER:-deck.BORDER]
        blown = float((inner.min(axis=2) > 245).mean())
        if blown > GLARE_SHARE:
            out.append(N_("glare"))
        elif s < BLUR_SHARE * median:
            out.append(N_("blurred"))
        elif min(cell.shape[:2]) == 0 or float(cell.max(axis=2).mean()) < 25:
            out.append(N_("cut off"))
        else:
            out.append(None)
    return out


def _cut_off(data: bytes) -> set[int]:
    """Cells of the 6×8 layout that fall partly outside the photo."""
    img = decode(data)
    quad = vp.find_table(img)
    if quad is None:
        return set()
    quad = vp.refine_quad(img, quad)
    h, w = img.shape[:2]
    src = np.float32([[0, 0], [OKOSHKI_COLS, 0], [OKOSHKI_COLS, OKOSHKI_ROWS], [0, OKOSHKI_ROWS]])
    m = cv2.getPerspectiveTransform(src, quad)
    out = set()
    for r in range(OKOSHKI_ROWS):
        for c in range(OKOSHKI_COLS):
            pts = np.float32([[[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]]])
            xy = cv2.perspectiveTransform(pts, m)[0]
            if (xy[:, 0] < 2).any() or (xy[:, 1] < 2).any() or (xy[:, 0] > w - 3).any() \
                    or (xy[:, 1] > h - 3).any():
                out.add(r * OKOSHKI_COLS + c)
    return out


def register_okoshki_photos(photos: list[bytes], folder: Path) -> list[str]:
    """Register the 48 faces from 1–3 photos of the deck laid out in order: each card is
    taken from the photo where it is usable (no glare, not blurred, not cut off); when a
    card is usable on none, one line says which cells to retake."""
    if not 1 <= len(photos) <= 3:
        raise RegisterError("Send one to three photos of the 48 cards laid out in 6 rows of 8.")
    best: list[np.ndarray | None] = [None] * len(ok.DECK)
    faults: list[str | None] = [N_("missing")] * len(ok.DECK)
    for data in photos:
        cells = _table_cells(data, OKOSHKI_ROWS, OKOSHKI_COLS, (deck.W, deck.H))
        found = cell_faults(cells)
        for i in _cut_off(data):
            found[i] = N_("cut off")
        for i, (cell, fault) in enumerate(zip(cells, found, strict=True)):
            if best[i] is None or (faults[i] is not None and fault is None):
                best[i], faults[i] = cell, fault
    bad = [(i, f) for i, f in enumerate(faults) if f is not None]
    if bad:
        names = join(*(Message("row %(row)d card %(card)d (%(fault)s)", row=i // OKOSHKI_COLS + 1,
                               card=i % OKOSHKI_COLS + 1, fault=Message(f)) for i, f in bad[:8]))
        if len(bad) > 8:
            more = nmsg("and %(num)d more card", "and %(num)d more cards", len(bad) - 8)
            names = join(names, more, sep=" ")
        raise RegisterError("Retake (or add a photo of) %(cells)s: nothing was saved.",
                            cells=names)
    folder.mkdir(parents=True, exist_ok=True)
    for card, cell in zip(ok.DECK, best, strict=True):
        cv2.imwrite(str(folder / f"{card.id}.png"), cell)
    use_folder(folder)
    return [c.id for c in ok.DECK]


def register_okoshki(data: bytes, folder: Path) -> list[str]:
    """Save the 48 faces cut from one photo of the deck laid out in order; return their ids."""
    return register_okoshki_photos([data], folder)


def learn_pisanki(data: bytes, grid: list[list[dict | None]], folder: Path,
                  corners: list | None = None) -> int:
    """Keep every cell of a confirmed table photo as an extra reference of its card."""
    if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
        raise RegisterError("The confirmed table must be rows of cards (4×6, 3×6 or 3×5).")
    rows, cols = len(grid), len(grid[0])
    if any(len(r) != cols for r in grid):
        raise RegisterError("The confirmed table must be 4×6, 3×6 or 3×5.")
    if (rows, cols) not in set(pg.GRID_SIZES.values()):
        raise RegisterError("The confirmed table must be 4×6, 3×6 or 3×5.")
    wants = [c for row in grid for c in row]
    try:
        for i, want in enumerate(wants):
            pg.read_card(want, f"grid[{i // cols}][{i % cols}]")
    except pg.PisankiError as exc:
        # the game's own check names the cell (English: only the CLI can send a bad grid)
        raise RegisterError("The confirmed table has a card that cannot be: %(error)s",
                            error=str(exc)) from None
    img = decode(data)
    if corners is not None:
        quad = vp._order(np.float32(corners))
    else:
        try:
            quad = vp.locate(img, rows, cols)[0]
        except vp.NoCardsFound:
            raise RegisterError("No cards found: lay them edge to edge on a plain table and "
                                "take the photo from above.") from None
    cells = [vp.rectify(img, quad, rows, cols)[r * vp.CH:(r + 1) * vp.CH,
                                                  c * vp.CW:(c + 1) * vp.CW]
             for r in range(rows) for c in range(cols)]
    table, pad = vp.padded_table(img, quad, rows, cols)
    cut = views.cells(table, rows, cols, pad)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "pisanki.json"
    saved = json.loads(path.read_text()) if path.exists() else []
    for cell, want in zip(cells, wants, strict=True):
        saved.append({"card": want, "features": vp.features(vp._balanced(cell)).round(3).tolist()})
    path.write_text(json.dumps(saved))
    views.save(folder, [views.view_of(c) for c in cut], wants)
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
    for p in list(folder.glob("*.png")) + list(folder.glob("pisanki.json")) + list(
            folder.glob(views.VIEWS_FILE)):
        p.unlink()
    views.load.cache_clear()
    use_folder(None)


def status(folder: Path) -> dict[str, int]:
    """How many registered faces there are of each game."""
    pis = folder / "pisanki.json"
    return {"okoshki": len(list(folder.glob("*.png"))) if folder.exists() else 0,
            "pisanki": len(json.loads(pis.read_text())) if pis.exists() else 0}
