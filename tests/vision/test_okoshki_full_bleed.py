"""Okoshki registration of full-bleed cards on a dark stock (issue 27, deck 8): no light
border or rim shows where a card ends, so the light-blob outlines find none of them; the
layout's own outline (everything unlike the table) gives the grid, each card is fitted where
its colour edges are, and the cards' shape is measured from those fits."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.games import okoshki as ok
from assistant.vision import okoshki_find, okoshki_shape, okoshki_zone, outlines, register, synth
from benchmarks import deck8


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def _layout(seed: int) -> tuple[bytes, dict]:
    grid = [[c.id for c in ok.DECK][r * 8:(r + 1) * 8] for r in range(6)]
    faces = deck8.okoshki_faces()
    return synth.hand_table_photo(seed, grid, lambda cid: faces[cid], (deck8.W, deck8.H),
                                  deck8.mask(), turned=0.0, gap=(0.02, 0.05), ground="cloth")


def test_full_bleed_dark_cards_register_with_their_own_shape(tmp_path):
    # before: no outline was found, the shape was not measured and zones were read as 5:7
    data, _ = _layout(7500)
    assert len(outlines.card_quads(register.decode(data))) < register.SHAPE_LEAST
    register.register_okoshki_photos([data], tmp_path)
    shape = okoshki_find.card_aspect(tmp_path)
    assert abs(shape - deck8.H / deck8.W) < 0.05 * deck8.H / deck8.W, shape


def test_full_bleed_dark_cards_are_each_cut_at_their_card():
    data, truth = _layout(7501)
    quads: list = []
    _, faults = register.layout_cards(data, quads_out=quads)
    assert sum(f is None for f in faults) >= 44, faults
    assert len(quads) == 48
    # each outline lies on its card as laid (truth at the photo's full size)
    scale = register.decode(data).shape[1] / synth.PHOTO_W
    ious = [okoshki_shape.iou(np.float32(t) * scale, q) for t, q in
            zip(truth["cards"], quads, strict=True)]
    print(f"outline on its card: median {np.median(ious):.3f} min {min(ious):.3f}")
    assert np.median(ious) > 0.85 and min(ious) > 0.75, ious


def test_a_layouts_outline_is_not_pulled_by_glare_beside_it():
    mask = np.zeros((1500, 2000), np.uint8)
    want = cv2.boxPoints(((1000, 750), (900, 1100), 8.0))
    cv2.fillConvexPoly(mask, want.astype(np.int32), 255)
    cv2.circle(mask, (1520, 700), 80, 255, -1)  # a patch of glare on the table at its side
    quad = outlines.layout_quad(mask)
    assert quad is not None
    err = [min(np.linalg.norm(want - p, axis=1)) for p in quad]
    assert max(err) < 8, err


def test_full_bleed_dark_cards_in_a_zone_are_found_by_how_unlike_the_table_they_are(tmp_path):
    # The features miss some cards; the light blobs the finder then looks for cover a
    # quarter of a dark full-bleed card at most, so it found none of those: 15 of 17 here.
    register.register_okoshki_photos([_layout(7500)[0]], tmp_path)
    faces = deck8.okoshki_faces()
    photo, truth = synth.okoshki_photo(7607, 17, faces, deck8.mask())
    img = register.decode(photo)
    found = okoshki_zone.find_matches(img, okoshki_find.card_aspect(tmp_path))
    scale = img.shape[1] / synth.PHOTO_W
    seen = [any(okoshki_shape.iou(m.quad, np.float32(t["quad"]) * scale) > 0.5 for m in found)
            for t in truth["cards"]]
    assert sum(seen) == len(truth["cards"]) == 17, seen
    assert okoshki_zone._light_share(outlines.light_blobs(img)[1], found) < 0.5
