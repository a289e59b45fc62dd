"""benchmarks/deck_traits.py: deck 12 with one trait added at a time (a study for issue 27):
the plain variant is deck 12 itself, and each trait changes the cards the way its name says.

Only the drawing is checked here, never what a recogniser makes of it.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.games import okoshki as ok
from benchmarks import deck12
from benchmarks import deck_traits as dt

SOME = [c.id for c in ok.DECK][::12]


def test_the_plain_variant_is_deck_12_as_drawn():
    v = dt.variant("12")
    assert (v.W, v.H) == (deck12.W, deck12.H)
    assert np.array_equal(v.mask(), deck12.mask())
    for cid in SOME:
        assert np.array_equal(v.okoshki_face(cid), deck12.okoshki_face(cid))
    card = deck12.pisanki_deck()[50]
    assert np.array_equal(v.pisanki_face(card), deck12.pisanki_face(card))


def test_names():
    assert dt.parse("12-all") == frozenset(dt.TRAITS)
    assert dt.parse("12-round") == {"round"}
    assert dt.parse("12-flat-all") == {*dt.TRAITS, "flat"}
    assert dt.parse("12-flat+bigdots") == {"flat", "bigdots"}
    for name in ("12-glitter", "12-flat+", "13-round", "12-flat+glitter"):
        with pytest.raises(ValueError):
            dt.parse(name)


def test_a_miscut_moves_each_card_its_own_way_by_1_to_3_mm():
    shifts = [dt.miscut(c.id) for c in ok.DECK]
    lengths = np.hypot(*np.array(shifts).T) / dt.PX_PER_MM
    assert lengths.min() >= 0.8 and lengths.max() <= 3.2
    assert len(set(shifts)) > 30
    # the print moved, the card's outline not: the picture matches deck 12's where shifted back
    cid = SOME[1]
    dx, dy = dt.miscut(cid)
    cut = dt.variant("12-miscut").okoshki_face(cid).astype(np.int16)
    base = deck12.okoshki_face(cid).astype(np.int16)
    inner = (slice(40, 300), slice(40, 226))
    moved = np.roll(base, (dy, dx), (0, 1))
    assert np.abs(cut[inner] - moved[inner]).mean() < 0.5 * np.abs(cut[inner] - base[inner]).mean()


def test_very_round_corners():
    m = dt.variant("12-round").mask()
    r = round(dt.ROUND * m.shape[1])
    corner = m[:r, :r] < 128
    assert corner.sum() == pytest.approx(r * r * (1 - np.pi / 4), rel=0.1)
    assert (deck12.mask()[:r, :r] < 128).sum() < 0.5 * corner.sum()


def test_a_2_3_card_is_cropped_not_stretched_its_tab_kept():
    v = dt.variant("12-23")
    assert v.W / v.H == pytest.approx(2 / 3, abs=0.01)
    cid = SOME[2]
    face = v.okoshki_face(cid)
    assert face.shape == (v.H, v.W, 3) and v.mask().shape == (v.H, v.W)
    x0, y0, x1, y1 = deck12.TAB
    assert np.abs(face[y0:y1, x0:x1].astype(int)
                  - deck12.okoshki_face(cid)[y0:y1, x0:x1]).mean() < 6
    cut = (deck12.W - v.W) // 2  # the window's middle: deck 12's, shifted by the crop
    mid = deck12.okoshki_face(cid)[200:240, 100 + cut:160 + cut].astype(int)
    assert np.abs(face[200:240, 100:160] - mid).mean() < 20


def test_the_stock_takes_each_suits_colour():
    v = dt.variant("12-suitstock")
    margins = {}
    for c in ok.DECK:
        suit = c.suit.split("-")[0]
        if suit not in margins:
            margins[suit] = v.okoshki_face(c.id)[1:5, 60:200].reshape(-1, 3).mean(0)
    for suit, got in margins.items():
        assert np.abs(got - dt.SUIT_STOCK[suit]).max() < 30, suit
    assert np.abs(margins["blue"] - margins["red"]).max() > 60


def test_outlines_are_thick_and_black():
    cid = SOME[3]
    dark = (dt.variant("12-outline").okoshki_face(cid).max(2) < 60).mean()
    assert dark > 3 * (deck12.okoshki_face(cid).max(2) < 60).mean()
    face = dt.variant("12-outline").okoshki_face(cid)
    assert face[deck12.MARGIN + 1, 100:160].max(1).mean() < 70  # the rule round the picture


def test_halftone_shades_with_dots_and_fills_flat():
    img = np.zeros((60, 120, 3), np.uint8)
    img[:, :60] = (60, 120, 200)
    ramp = np.linspace(1, 0.4, 60)[None, :, None]
    img[:, 60:] = (np.array((60, 120, 200)) * ramp).astype(np.uint8)
    out = dt.halftone(img).astype(int)
    dots = out.sum(2) < 0.6 * out.sum(2).max()
    assert dots[:, :50].mean() < dots[:, 100:].mean() / 2  # darker: more ink
    assert len({tuple(p) for p in out[:, :50].reshape(-1, 3)}) <= 3  # flat, a few dots


def test_the_index_at_mid_height():
    cid = SOME[2]
    face = dt.variant("12-midindex").okoshki_face(cid)
    x0, y0, x1, y1 = deck12.TAB
    down = deck12.H // 2 - (y0 + y1) // 2
    base = deck12.okoshki_face(cid)
    assert np.abs(face[y0 + down:y1 + down, x0:x1].astype(int) - base[y0:y1, x0:x1]).mean() < 6
    assert np.abs(face[y0:y1, x0:x1].astype(int) - base[y0:y1, x0:x1]).mean() > 20


def test_big_dots_are_twice_as_far_apart():
    img = np.full((96, 96, 3), (60, 120, 200), np.uint8)
    for pitch in (6, 12):
        out = dt.halftone(img, pitch=pitch, screen=0.35).astype(int)
        row = out[48].sum(1) < 0.6 * out.sum(2).max()  # ink along one row
        starts = np.count_nonzero(row[1:] & ~row[:-1])
        assert starts == pytest.approx(96 / (np.sqrt(2) * pitch), abs=1.5)  # a 45° screen


def test_a_flat_scene_is_a_few_uniform_colours_its_blind_in_the_suits():
    cid = "purple-print-2"
    scene = deck12.okoshki_scene(cid)
    out = dt.flat(scene, deck12.BLIND["purple"])
    colours = {tuple(p) for p in out.reshape(-1, 3)}
    assert len(colours) <= dt.FLAT_COLOURS + 2  # the blind's two inks besides
    assert len({tuple(p) for p in scene.reshape(-1, 3)}) > 1000  # the painting: thousands
    x0, y0, x1, _ = deck12.GLASS
    cloth = (slice(y0 + 10, deck12.HEM - 2), slice(x0 + 2, x1 - 1))  # above the ivory fringe
    inks = {tuple(p) for p in out[cloth].reshape(-1, 3)}
    assert inks == {tuple(deck12.BLIND["purple"]), tuple(deck12.IVORY)}  # the print's two
    plain = dt.flat(deck12.okoshki_scene("purple-2"), deck12.BLIND["purple"])
    assert {tuple(p) for p in plain[cloth].reshape(-1, 3)} == {tuple(deck12.BLIND["purple"])}
    # no specks: a flat area's edge is clean (few pixels unlike all four neighbours)
    lone = ((out[1:-1, 1:-1] != out[:-2, 1:-1]).any(2) & (out[1:-1, 1:-1] != out[2:, 1:-1]).any(2)
            & (out[1:-1, 1:-1] != out[1:-1, :-2]).any(2) & (out[1:-1, 1:-1] != out[1:-1, 2:]).any(2))
    assert lone.mean() < 0.002


def test_flat_faces_lose_the_paintings_texture_and_keep_the_index():
    cid = SOME[2]
    face = dt.variant("12-flat").okoshki_face(cid).astype(np.float32)
    base = deck12.okoshki_face(cid).astype(np.float32)
    wall = (slice(62, 78), slice(60, 200))  # the stucco over the window: one fill, lit
    assert face[wall].std(axis=(0, 1)).max() < 0.3 * base[wall].std(axis=(0, 1)).max()
    x0, y0, x1, y1 = deck12.TAB
    assert np.abs(face[y0:y1, x0:x1] - base[y0:y1, x0:x1]).mean() < 12
    flatter = dt.flat(deck12.okoshki_scene(cid), deck12.BLIND["red"], *dt.FLATTER)
    assert len({tuple(p) for p in flatter.reshape(-1, 3)}) <= dt.FLATTER[0] + 2


def test_stock_traits_names_and_existing_drawings_kept():
    assert dt.parse("12-clothstock-all") == {*dt.TRAITS, "clothstock"}
    assert dt.parse("12-stockground+clothstock") == {"stockground", "clothstock"}
    assert "12-samevalue-all" in dt.NAMES
    # a stock trait draws no existing variant anew
    for suit in dt.SUIT_STOCK:
        assert dt.suit_stock(suit, frozenset({"suitstock"})) == dt.SUIT_STOCK[suit]
        assert dt.suit_stock(suit, frozenset({"miscut"})) is None


def test_a_cloth_coloured_stock_and_darker_paler_greyer_ones():
    v = dt.variant("12-clothstock")
    for cid in ("green-2", "blue-print-3"):
        suit = cid.split("-")[0]
        margin = v.okoshki_face(cid)[1:5, 60:200].reshape(-1, 3).mean(0)
        assert np.abs(margin - dt.TABLE_STOCK[suit]).max() < 25, cid
    lab = {t: cv2.cvtColor(np.uint8([[dt.suit_stock("red", frozenset({t}))]]),
                           cv2.COLOR_BGR2LAB)[0, 0].astype(int)
           for t in ("suitstock", "darkerstock", "greystock", "lightstock")}
    assert lab["darkerstock"][0] < lab["suitstock"][0] - 30
    assert lab["lightstock"][0] > 200
    chroma = {t: np.hypot(*(v[1:] - 128)) for t, v in lab.items()}
    assert chroma["greystock"] < 0.5 * chroma["suitstock"]


def test_the_stock_shows_through_the_background_and_one_value_prints():
    cid = SOME[1]
    suit = cid.split("-")[0]
    face = dt.variant("12-stockground+clothstock").okoshki_face(cid).astype(int)
    wall = (slice(62, 78), slice(60, 200))  # deck 12's stucco over the window
    assert np.abs(face[wall].reshape(-1, 3).mean(0) - dt.TABLE_STOCK[suit]).max() < 30
    grey = [cv2.cvtColor(dt.variant(n).okoshki_face(cid), cv2.COLOR_BGR2GRAY)[20:-20, 20:-20]
            for n in ("12-all", "12-samevalue-all")]
    assert grey[1].std() < 0.6 * grey[0].std()
