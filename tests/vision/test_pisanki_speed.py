"""The Pisanki recogniser's shortcuts give what the long way gives: one OpenCV thread and one
BLAS thread while a table is read (and the caller's counts back after); a finalist's colour
shifts and their medians worked out inside its box, as over the whole cell."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from assistant.vision import pisanki as vp
from assistant.vision import synth, views


def _blas_threads() -> set[int]:
    return {lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"}


def test_a_table_is_read_on_one_thread_and_the_count_is_given_back(monkeypatch, two_threads):
    seen = []
    find = vp.cards.find

    def counting(img):
        seen.append((cv2.getNumThreads(), _blas_threads()))
        return find(img)

    monkeypatch.setattr(vp.cards, "find", counting)
    data, truth = synth.pisanki_photo(7, 3, 5, 1)
    with threadpool_limits(limits=2, user_api="blas"):
        res = vp.recognise(data, 3, 5)
        assert (cv2.getNumThreads(), _blas_threads()) == (2, {2})
    assert seen == [(1, {1})]
    assert len(res.grid) == 3


def test_the_count_is_given_back_when_reading_fails(monkeypatch, two_threads):
    def broken(img):
        raise RuntimeError("no table")

    monkeypatch.setattr(vp.cards, "find", broken)
    data, _ = synth.pisanki_photo(7, 3, 5, 1)
    with pytest.raises(RuntimeError):
        vp.recognise(data, 3, 5)
    assert cv2.getNumThreads() == 2


@pytest.mark.parametrize("n", [1, 2, 7, 5185, 5186])
def test_the_channel_by_channel_median_is_numpys(n):
    values = np.random.default_rng(n).normal(200, 30, (n, 2)).astype(np.float32)
    got = views._median(values)
    assert got.dtype == np.float32
    assert np.array_equal(got, np.median(values, axis=0))


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
