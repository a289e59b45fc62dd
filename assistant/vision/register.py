"""Register a player's real deck from photos, so recognition works with the real cards.

Okoshki: the 48 cards laid face up in 6 rows of 8 in deck order (each curtain suit's four
windows, plain then print, suits in the order of deck.py) and photographed 1–3 times; each
card is found by its own outline (gaps, small turns, rounded borders are fine) and becomes
that card's reference face; cards of accepted zone photos add views. Pisanki: any
photographed display table whose cards the player has confirmed on the entry page; each cell
is kept as an extra reference of its card.
Registered faces live in a folder (the app's instance/deck); nothing here knows of Flask.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.games import pisanki as pg
from assistant.messages import N_, Message, join, nmsg
from assistant.vision import deck, layout_match, outlines, refcache, views
from assistant.vision import okoshki as vo
from assistant.vision import pisanki as vp
from assistant.vision.decode import decode
from assistant.vision.layout import RegisterError, layout_cards, recut
from assistant.vision.layout_fit import OKOSHKI_COLS

SHAPE_LEAST = 12  # card outlines a layout photo needs for the cards' shape to be measured


def register_okoshki_photos(photos: list[bytes], folder: Path,
                            laid_out: list[bytes] | None = None) -> list[str]:
    """Register the 48 faces from 1–3 photos of the deck laid out in order: each card is
    found by its own outline and taken from the photo where it is usable (no glare, not
    blurred, not cut off); when a card is usable on none, one line says which cells to
    retake. `laid_out` (when given) receives the photos that showed a layout."""
    if not 1 <= len(photos) <= 3:
        raise RegisterError("Send one to three photos of the 48 cards laid out in 6 rows of 8.")
    best: list[np.ndarray | None] = [None] * len(ok.DECK)
    faults: list[str | None] = [N_("missing")] * len(ok.DECK)
    more_views: list[tuple[str, np.ndarray]] = []  # a card usable on several photos: each a view
    cut, refused, layouts = [], None, []
    fitted: list[list] = []  # each layout's outlines fitted in its table's grid (if any)
    cuts: list[list] = []  # each layout's outlines its faces were cut at (if cut card by card)
    for data in photos:  # a photo with no layout on it is left out while another has one
        try:
            fitted.append([])
            cuts.append([])
            cut.append(layout_cards(data, quads_out=fitted[-1], cuts_out=cuts[-1]))
            layouts.append(data)
            if laid_out is not None:
                laid_out.append(data)
        except RegisterError as exc:
            fitted.pop()
            cuts.pop()
            refused = refused or exc
    if not cut and refused is not None:
        raise refused
    cut = _cut_alike(layouts, cut, cuts)
    for cells, found in cut:
        for i, (cell, fault) in enumerate(zip(cells, found, strict=True)):
            if best[i] is None or (faults[i] is not None and fault is None):
                best[i], faults[i] = cell, fault
            elif fault is None:
                more_views.append((ok.DECK[i].id, cell))
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
    # the faces are kept at 5:7: the cards' own shape is kept beside them, for the finder
    quads = outlines.card_quads(decode(layouts[0]))
    if len(quads) < SHAPE_LEAST and fitted[0]:
        quads = fitted[0]  # no light outlines (full bleed, dark stock): the fitted ones
    # cards laid edge to edge give few outlines of their own: then none is trusted
    shape = outlines.long_short(quads) if len(quads) >= SHAPE_LEAST else None
    (folder / vo.SHAPE_FILE).unlink(missing_ok=True)
    if shape is not None:
        (folder / vo.SHAPE_FILE).write_text(f"{shape:.4f}\n")
    # views learned of an earlier deck are forgotten; the other photos' cards are views
    _save_views(folder, [c for c, _ in more_views],
                [cv2.resize(v, (vo.SW, vo.SH), interpolation=cv2.INTER_AREA)
                 for _, v in more_views])
    use_folder(folder)
    return [c.id for c in ok.DECK]


def _cut_alike(layouts: list[bytes], cut: list[tuple], cuts: list[list]) -> list[tuple]:
    """The layouts' faces, those of the photos that give fewer faces recut as the photo that
    gives the most (the faces registered come from the first photo where they are usable): a
    deck's faces all cut alike, whichever photo each comes from."""
    if len(cut) < 2:
        return cut
    given = [0] * len(cut)
    for i in range(len(ok.DECK)):
        usable = [k for k, (_, found) in enumerate(cut) if found[i] is None]
        given[usable[0] if usable else 0] += 1
    ref = max(range(len(cut)), key=lambda k: (given[k], -k))
    out = list(cut)
    for k, (faces, found) in enumerate(cut):
        if k == ref or not cuts[k]:
            continue
        mine = [f if bad is None else None for f, bad in zip(faces, found, strict=True)]
        theirs = [f if bad is None else None for f, bad in zip(*cut[ref], strict=True)]
        move = layout_match.cut_move(theirs, mine)
        if move is not None:
            size = (faces[0].shape[1], faces[0].shape[0])
            out[k] = recut(layouts[k], [layout_match.moved_quad(q, move, size)
                                        for q in cuts[k]])
    return out


PENDING = "okoshki-pending"  # the deck folder's photos of a registration not finished yet


def pending_photos(folder: Path) -> list[bytes]:
    """The layout photos kept from refused registrations (oldest first)."""
    where = folder / PENDING
    return [p.read_bytes() for p in sorted(where.glob("*.jpg"))] if where.is_dir() else []


def _keep_pending(folder: Path, photos: list[bytes]) -> None:
    where = folder / PENDING
    clear_pending(folder)
    where.mkdir(parents=True, exist_ok=True)
    for k, data in enumerate(photos):
        (where / f"{k}.jpg").write_bytes(data)


def clear_pending(folder: Path) -> None:
    """Forget the photos kept from refused registrations."""
    where = folder / PENDING
    if where.is_dir():
        for p in where.iterdir():
            p.unlink()
        where.rmdir()


def register_okoshki_adding(photos: list[bytes], folder: Path) -> list[str]:
    """Register the 48 faces from new layout photos together with the ones a refused
    registration kept (the newest three): a player told to retake or add a photo of some
    cards sends just that photo. A refusal keeps the photos that showed a layout; success
    (or a new photo that is not one) forgets them."""
    kept = pending_photos(folder)
    fresh = [p for p in photos if p not in kept]
    together = (kept + fresh)[-3:]
    laid_out: list[bytes] = []
    try:
        ids = register_okoshki_photos(together, folder, laid_out)
    except RegisterError:
        _keep_pending(folder, laid_out)
        raise
    clear_pending(folder)
    return ids


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
    found = vp.find_cards(img, rows, cols)
    if corners is not None:
        quad = vp._order(np.float32(corners))
    else:
        try:
            quad = vp.locate(img, rows, cols, found)[0]
        except vp.NoCardsFound:
            raise RegisterError("No cards found: lay them edge to edge on a plain table and "
                                "take the photo from above.") from None
    cells = [vp.rectify(img, quad, rows, cols)[r * vp.CH:(r + 1) * vp.CH,
                                                  c * vp.CW:(c + 1) * vp.CW]
             for r in range(rows) for c in range(cols)]
    cut = vp.table_cells(img, quad, rows, cols, found)[0]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "pisanki.json"
    saved = json.loads(path.read_text()) if path.exists() else []
    for cell, want in zip(cells, wants, strict=True):
        saved.append({"card": want, "features": vp.features(vp._balanced(cell)).round(3).tolist()})
    path.write_text(json.dumps(saved))
    views.save(folder, [views.view_of(c) for c in cut], wants)
    use_folder(folder)
    return rows * cols


MAX_VIEWS = 6  # learned views kept per Okoshki card (the newest)


def learn_okoshki(data: bytes, cards: list, folder: Path) -> int:
    """Keep each confirmed card of a zone photo as one more view of that card. `cards` are
    the recognition answer's cards the players accepted ({"id", "quad"} in the working
    image the answer's `size` names); returns how many views were kept."""
    if not isinstance(cards, list) or len(cards) > len(ok.DECK) or not all(
            isinstance(c, dict) and c.get("id") in ok.CARDS and _is_quad(c.get("quad"))
            for c in cards):
        raise RegisterError("The confirmed cards must be a list of cards, each with its id "
                            "and outline.")
    img = decode(data)
    ids, faces = vo.learned_views(folder)
    new_ids, new_faces = list(ids), list(faces)
    for c in cards:
        quad = np.float32(c["quad"])
        if not vo._quad_ok(quad, img.shape, vo.card_aspect(folder)):
            continue
        new_ids.append(c["id"])
        new_faces.append(vo.flatten(img, quad))  # SW × SH, as the views are compared
    keep = []  # the newest MAX_VIEWS of each card
    for i in range(len(new_ids) - 1, -1, -1):
        if sum(1 for k in keep if new_ids[k] == new_ids[i]) < MAX_VIEWS:
            keep.append(i)
    keep.reverse()
    folder.mkdir(parents=True, exist_ok=True)
    _save_views(folder, [new_ids[i] for i in keep], [new_faces[i] for i in keep])
    use_folder(folder)
    return len(new_ids) - len(ids)


def _save_views(folder: Path, ids: list[str], faces: list[np.ndarray]) -> None:
    np.savez_compressed(folder / vo.VIEWS_FILE, ids=np.array(ids, dtype=str),
                        faces=np.stack(faces) if faces
                        else np.zeros((0, vo.SH, vo.SW, 3), np.uint8))


def _is_quad(raw) -> bool:
    return (isinstance(raw, list) and len(raw) == 4 and all(
        isinstance(p, list) and len(p) == 2 and all(
            isinstance(v, int | float) and not isinstance(v, bool) and -1e4 <= v <= 1e5
            for v in p) for p in raw))


def holding(folder: Path) -> tuple:
    """What a deck folder holds now, cheaply: the name, size and time of each of its files."""
    if not folder.is_dir():
        return ()
    return tuple((p.name, st.st_size, st.st_mtime_ns) for p in sorted(folder.iterdir())
                 if p.is_file() and (st := p.stat()))


def follow(folder: Path) -> None:
    """Recognise against the deck in `folder` as it is on disk now (the drawn deck while it
    holds none). A hosted server runs several processes on one deck folder: the deck
    registered, learned or forgotten through one is read by all (each used to keep the deck it
    found at its start). Costs a listing of the folder when nothing changed."""
    seen = (str(folder), holding(folder))
    if deck.REGISTERED.get("seen") == seen:
        return
    registered = any(n.endswith(".png") or n == "pisanki.json" for n, _, _ in seen[1])
    use_folder(folder if registered else None)
    deck.REGISTERED["seen"] = seen


def use_folder(folder: Path | None) -> None:
    """Recognise against the deck registered in `folder` (None: the drawn deck only)."""
    deck.REGISTERED["folder"] = folder
    # what follow() compares with: the folder as this process last made its references
    deck.REGISTERED["seen"] = None if folder is None else (str(folder), holding(folder))
    deck.okoshki_faces.cache_clear()
    vo.references.cache_clear()
    vo.view_table.cache_clear()
    vo._squares.cache_clear()
    vo._view_grey.cache_clear()
    views.load.cache_clear()
    vp.references.cache_clear()


def forget(folder: Path) -> None:
    """Delete a registered deck and go back to the drawn one."""
    for p in list(folder.glob("*.png")) + list(folder.glob("pisanki.json")) + list(
            folder.glob(views.VIEWS_FILE)) + list(folder.glob(vo.VIEWS_FILE)) + list(
            folder.glob(vo.SHAPE_FILE)):
        p.unlink()
    clear_pending(folder)
    kept = folder / refcache.SUBFOLDER
    if kept.is_dir():  # the references built from the deck forgotten
        for p in kept.iterdir():
            p.unlink()
        kept.rmdir()
    views.load.cache_clear()
    use_folder(None)


def status(folder: Path) -> dict[str, int]:
    """How many registered faces there are of each game."""
    pis = folder / "pisanki.json"
    return {"okoshki": len(list(folder.glob("*.png"))) if folder.exists() else 0,
            "pisanki": len(json.loads(pis.read_text())) if pis.exists() else 0}
