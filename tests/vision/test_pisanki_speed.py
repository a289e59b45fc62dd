"""The Pisanki recogniser's shortcuts give what the long way gives: one OpenCV thread and one
BLAS thread while a table is read (and the caller's counts back after); a finalist's colour
shifts and their medians worked out inside its box, as over the whole cell; the deck's badge
map kept on disk with the views' index (worked out when views are learned, read at the next
photo) is the map of all the views, and a damaged file of it is built again; a card located
at places a few pixels apart is compared over their windows' box at once, as window by
window."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from assistant.games import pisanki as pg
from assistant.vision import pisanki as vp
from assistant.vision import refcache, synth, views
from assistant.vision.flower_map import flower_map
from tests.vision.test_pisanki_badges import CLOTHS, EGGS, face
from tests.vision.view_cells import cut_cell


def _blas_threads() -> set[int]:
    return {lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"}


def test_a_table_is_read_on_one_thread_and_the_count_is_given_back(monkeypatch, two_threads, drawn):
    seen = []
    find = vp.cards.find

    def counting(img, shapes=None):
        seen.append((cv2.getNumThreads(), _blas_threads()))
        return find(img, shapes)

    monkeypatch.setattr(vp.cards, "find", counting)
    data, truth = drawn(synth.pisanki_photo, 7, 3, 5, 1)
    with threadpool_limits(limits=2, user_api="blas"):
        res = vp.recognise(data, 3, 5)
        assert (cv2.getNumThreads(), _blas_threads()) == (2, {2})
    assert seen == [(1, {1})]
    assert len(res.grid) == 3


def test_the_count_is_given_back_when_reading_fails(monkeypatch, two_threads, drawn):
    def broken(img, shapes=None):
        raise RuntimeError("no table")

    monkeypatch.setattr(vp.cards, "find", broken)
    data, _ = drawn(synth.pisanki_photo, 7, 3, 5, 1)
    with pytest.raises(RuntimeError):
        vp.recognise(data, 3, 5)
    assert cv2.getNumThreads() == 2


@pytest.mark.parametrize("n", [1, 2, 7, 5185, 5186])
def test_the_channel_by_channel_median_is_numpys(n):
    values = np.random.default_rng(n).normal(200, 30, (n, 2)).astype(np.float32)
    got = views._median(values)
    assert got.dtype == np.float32
    assert np.array_equal(got, np.median(values, axis=0))
    apart = views._medians([values[:, 0].copy(), values[:, 1].copy()])  # channel by channel
    assert apart.dtype == np.float32 and np.array_equal(apart, got)


@pytest.mark.parametrize("n", [1, 2, 50, 5160])
@pytest.mark.parametrize("q", [80, 95, 98])
def test_the_percentile_by_one_partial_sort_is_the_one_by_two(n, q):
    values = np.abs(np.random.default_rng(n + q).normal(0, 30, n)).astype(np.float32)
    pos = q / 100 * (n - 1)
    lo = int(np.floor(pos))
    hi = min(lo + 1, n - 1)
    part = np.partition(values, (lo, hi))  # as _top was first written
    assert views._top(values, q) == float(part[lo] + (part[hi] - part[lo]) * (pos - lo))
    assert views._top(values, q) == pytest.approx(np.percentile(values, q), rel=1e-6)


def _duelist_long_way(placed: np.ndarray, cell: np.ndarray) -> np.ndarray:
    """A finalist's shifted colour as first written: over the whole cell, numpy's medians."""
    valid = ~np.isnan(placed[..., 0])
    colour = cv2.GaussianBlur(np.nan_to_num(placed)[..., 1:], (0, 0), views.DUEL_BLUR)
    light = np.where(valid, np.nan_to_num(placed[..., 0]), -1)
    paper = valid & (light >= np.percentile(light[valid], views.PAPER))
    paper &= np.linalg.norm(colour - views.GREY, axis=2) < views.NEUTRAL
    if paper.sum() >= views.PAPER_SHARE * valid.sum():
        colour = colour + np.clip(np.median(cell[paper] - colour[paper], axis=0),
                                  -views.CAST, views.CAST).astype(np.float32)
    shift = np.median(cell[valid] - colour[valid], axis=0)
    hue = np.median(colour[valid], axis=0) - views.GREY
    hue /= float(np.linalg.norm(hue))
    along = float(shift @ hue)
    shift = shift - hue * (along - float(np.clip(along, -views.ALONG, views.ALONG)))
    return colour + np.clip(shift, -views.CAST, views.CAST).astype(np.float32)


@pytest.mark.parametrize("x, y", [(20, 25), (-6, 30), (50, 70)])  # inside; past each edge
def test_a_finalists_colour_shift_is_the_long_ways(x, y):
    rng = np.random.default_rng(x + 100 * y)
    lab = cv2.GaussianBlur(rng.random((148, 106, 3), dtype=np.float32) * 255, (0, 0), 2)
    lab[..., 1:] = lab[..., 1:] * 0.3 + 240  # near neutral: some of it is paper
    view = cv2.GaussianBlur(rng.random((85, 61, 3), dtype=np.float32) * 255, (0, 0), 2)
    view[..., 1:] = view[..., 1:] * 0.3 + 236
    placed = views._placed(lab, view, x, y)
    cell = cv2.GaussianBlur(lab[..., 1:], (0, 0), views.DUEL_BLUR)
    got = views._duelist(placed, cell)
    assert np.array_equal(got.valid, ~np.isnan(placed[..., 0]))
    assert np.allclose(got.colour, _duelist_long_way(placed, cell), rtol=0, atol=1e-4)


def _views(cloth: str, egg: str, flowers: range) -> tuple[list[np.ndarray], list[dict]]:
    """Two views (as learned from a table) of each card of one cloth and egg with `flowers`
    pink flowers, and their card JSON."""
    images, labels = [], []
    for n in flowers:
        for dx in (-0.6, 0.6):
            images.append(views.view_of(cut_cell(face(cloth, egg, n), dx)))
            labels.append(synth.card_json(pg.Card(cloth, egg, False, ("pink",) * n)))
    return images, labels


def _read(folder) -> views.Views:
    """The views as a fresh process reads them (nothing in memory)."""
    views.load.cache_clear()
    refcache.BUILT.clear()
    return views.load(folder)


def _no_map(*args):
    raise AssertionError("the badge map was worked out at the photo, not read from disk")


def _kept(folder):
    (path,) = (folder / refcache.SUBFOLDER).glob("pisanki-views-*.npz")
    return path


def test_the_badge_map_kept_when_views_are_learned_is_the_map_of_all_of_them(tmp_path,
                                                                             monkeypatch):
    folder = tmp_path / "deck"
    folder.mkdir()
    (cloth, egg), (cloth2, egg2) = list(zip(CLOTHS, EGGS, strict=True))[:2]
    views.save(folder, *_views(cloth, egg, range(1, 2)))  # one card: no twins, no map
    views.save(folder, *_views(cloth2, egg2, range(1, 2)))
    with monkeypatch.context() as m:
        m.setattr(views, "flower_map", _no_map)
        first = _read(folder)
    assert first.badges is None and "pisanki-views" not in refcache.BUILT
    views.save(folder, *_views(cloth, egg, range(3)))  # its twins learned: now a map
    with monkeypatch.context() as m:
        m.setattr(views, "flower_map", _no_map)
        second = _read(folder)
    assert "pisanki-views" not in refcache.BUILT  # read from disk, map and all
    fresh = flower_map(second.whole, second.cards, second.turned)
    assert fresh is not None and second.badges is not None
    assert np.array_equal(second.badges, fresh)  # not the stale map of the views before
    # and as a whole index built afresh from the stored views would have it
    _kept(folder).unlink()
    rebuilt = _read(folder)
    assert "pisanki-views" in refcache.BUILT
    assert np.array_equal(rebuilt.badges, second.badges)
    assert np.array_equal(rebuilt.flat, second.flat) and np.array_equal(rebuilt.norms,
                                                                        second.norms)


@pytest.mark.parametrize("damage", ["bytes", "no map", "short"])
def test_a_damaged_kept_index_is_built_and_written_again(tmp_path, monkeypatch, damage):
    folder = tmp_path / "deck"
    folder.mkdir()
    cloth, egg = next(iter(zip(CLOTHS, EGGS, strict=True)))
    views.save(folder, *_views(cloth, egg, range(3)))
    good = _read(folder)
    path = _kept(folder)
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    if damage == "bytes":
        path.write_bytes(b"not an npz")
    elif damage == "no map":  # an index kept without its map
        np.savez(path, **{k: v for k, v in arrays.items() if k != "badges"})
    else:  # views missing
        np.savez(path, **{k: v[:2] if k != "badges" else v for k, v in arrays.items()})
    again = _read(folder)
    assert "pisanki-views" in refcache.BUILT
    assert again.badges is not None and np.array_equal(again.badges, good.badges)
    assert len(again.cards) == len(good.cards) and np.array_equal(again.coarse, good.coarse)
    with monkeypatch.context() as m:  # written again whole: the next process only reads it
        m.setattr(views, "flower_map", _no_map)
        third = _read(folder)
    assert "pisanki-views" not in refcache.BUILT
    assert np.array_equal(third.badges, good.badges)


def test_templates_made_when_used_are_the_uint8_lab_scaled():
    images, labels = _views(*next(iter(zip(CLOTHS, EGGS, strict=True))), range(3))
    built = views.build(np.stack(images), [views.read_card(c) for c in labels])
    lab = built.templates.lab8
    for i in (0, 3, len(lab) - 1):
        want = lab[i].astype(np.float32)
        want[..., 1:] *= 2.0
        assert built.templates[i].dtype == np.float32
        assert np.array_equal(built.templates[i], want)
    want = lab.astype(np.float32)
    want[..., 1:] *= 2.0
    flat, norms = views.correlate.centred(want)
    assert np.array_equal(built.flat, flat) and np.array_equal(built.norms, norms)


@pytest.mark.parametrize("places", [[(18, 20), (21, 24)], [(18, 20), (21, 24), (17, 27)],
                                    [(0, 0), (4, 5)], [(2, 3), (30, 40)]])
def test_a_card_located_at_near_places_is_compared_over_their_windows_box_as_one_by_one(
        monkeypatch, places):
    images, labels = _views(*next(iter(zip(CLOTHS, EGGS, strict=True))), range(3))
    built = views.build(np.stack(images), [views.read_card(c) for c in labels])
    cell = cut_cell(face("striped", "purple", 1), 2.5)
    lab = views._lab(views._soft(cell))
    picks = np.arange(len(built.cards))
    found = iter(places * 2)  # the places the locating views find, in turn
    monkeypatch.setattr(views.cv2, "minMaxLoc", lambda _: (0, 0, 0, next(found)))
    got = {f[1]: f for f in views._located(lab, built, picks)}
    want: dict[int, tuple] = {}
    for x, y in places:  # each place's window alone, the best kept
        for f in views._near(lab, built, picks, x, y):
            if f[1] not in want or f[0] > want[f[1]][0]:
                want[f[1]] = f
    assert got.keys() == want.keys()
    for i, (score, _, x, y) in want.items():
        assert got[i][0] == pytest.approx(score, abs=1e-5)
        assert got[i][2:] == (x, y)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_cards_balance_by_partial_sorts_is_numpys(seed):
    rng = np.random.default_rng(seed)
    img = cv2.GaussianBlur(rng.integers(0, 256, (148, 106, 3), np.uint8), (0, 0), 2)
    by = img[20:130, 10:90]
    flat = by.reshape(-1, 3).astype(np.float32)
    light = flat.sum(axis=1)
    ref = np.median(flat[light >= np.percentile(light, 95)], axis=0) + 1
    gain = float(np.clip(235 / ref.mean(), 0.6, 2.5))
    want = np.clip(img.astype(np.float32) * gain, 0, 255).astype(np.uint8)
    assert np.array_equal(views.balance(img, by), want)


def test_a_templates_colour_is_its_a_and_b():
    images, labels = _views(*next(iter(zip(CLOTHS, EGGS, strict=True))), range(2))
    built = views.build(np.stack(images), [views.read_card(c) for c in labels])
    for i in range(len(built.cards)):
        want = built.templates[i][..., 1:]
        got = built.templates.colour(i)
        assert got.dtype == np.float32 and got.flags.c_contiguous
        assert np.array_equal(got, want)
