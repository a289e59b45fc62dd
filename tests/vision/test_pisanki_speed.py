"""The Pisanki recogniser's shortcuts give what the long way gives: one OpenCV thread and one
BLAS thread while a table is read (and the caller's counts back after)."""

from __future__ import annotations

import cv2
import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from assistant.vision import pisanki as vp
from assistant.vision import synth


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
