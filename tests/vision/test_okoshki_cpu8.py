"""Okoshki's close look done once where it was done twice (issue 27, CPU per zone): a second
look at the same outline compares no pair of views again, and an outline the first look's
best card's view moves far is looked at only where that view says, unless that look is in
doubt."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from assistant.vision import deck, okoshki_settle, okoshki_zone, synth
from assistant.vision import okoshki as vo
from assistant.vision.decode import decode
from assistant.vision.okoshki_describe import _lab_done
from assistant.vision.okoshki_views import view_table

TRUE_QUAD = np.float32([[600, 300], [800, 330], [760, 610], [560, 580]])  # on 1600 px


def one_card(card: str = "purple-2") -> tuple[np.ndarray, np.ndarray]:
    """A zone photo's working image with one drawn card on cloth, and the card's outline."""
    canvas = np.full((1200, 1600, 3), (60, 90, 40), np.float32)
    synth._paste(canvas, deck.okoshki_faces()[card], TRUE_QUAD)
    data = cv2.imencode(".jpg", np.clip(canvas, 0, 255).astype(np.uint8))[1].tobytes()
    img = decode(data)
    return img, TRUE_QUAD * img.shape[1] / 1600


def off_outline(quad: np.ndarray, grown: float) -> np.ndarray:
    """The outline grown about its middle (a card's print cut inside its outline, or a
    guess a little too large)."""
    middle = quad.mean(axis=0)
    return (middle + (quad - middle) * grown).astype(np.float32)


def counting(monkeypatch, module, name: str) -> list:
    """Each call of module.name recorded (its arguments), the function itself still run."""
    calls: list = []
    real = getattr(module, name)

    def wrapped(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapped)
    return calls


def same(a: vo.Match, b: vo.Match) -> bool:
    """Two close looks' answers are the same numbers."""
    return (a.id, a.score, a.margin, a.kind_margin) == (b.id, b.score, b.margin,
                                                       b.kind_margin) and \
        np.array_equal(a.quad, b.quad)


def test_a_second_look_at_the_same_outline_compares_no_pair_again(monkeypatch):
    img, quad = one_card()
    m = vo.match(img, quad, both_ways=False)
    assert len(m.order) >= 3
    memo: dict = {}
    first = vo.settle(img, m, None, memo)
    apart = counting(monkeypatch, okoshki_settle, "_apart")
    again = vo.settle(img, m, None, memo)
    assert apart == []  # every view's distance and every pair's share were kept
    assert same(again, first)
    assert same(vo.settle(img, m), first)  # a fresh look says the same


def test_an_unmoved_views_coarse_lab_is_worked_out_once_the_same():
    img, quad = one_card()
    vo.settle(img, vo.match(img, quad, both_ways=False))
    kept = view_table()[10]
    assert kept  # the close look compared some views unmoved
    for v, lab in kept.items():
        assert np.array_equal(lab, _lab_done(view_table()[8][v].copy()))


def test_an_outline_the_best_view_moves_far_is_looked_at_once_where_it_says(monkeypatch):
    img, quad = one_card()
    off = off_outline(quad, 1.12)
    assert np.abs(off - quad).max() > okoshki_zone.MOVED
    m0 = replace(vo.match(img, off, both_ways=False, framed=True), source="outline")
    assert len(m0.order) >= 2
    looks = counting(monkeypatch, okoshki_zone, "settle")
    m = okoshki_zone._settled(img, m0)
    assert len(looks) == 1  # the look at the outline as it was is skipped
    assert np.abs(looks[0][1].quad - m0.quad).max() > okoshki_zone.MOVED
    assert m.id == "purple-2" and m.margin >= vo.SURE_MARGIN and m.source == "outline"
    assert np.abs(m.quad - quad).max() < 0.5 * okoshki_zone.MOVED  # the card's own outline


def test_a_doubtful_look_where_the_best_view_says_is_decided_as_before(monkeypatch):
    img, quad = one_card()
    m0 = replace(vo.match(img, off_outline(quad, 1.12), both_ways=False, framed=True),
                 source="outline")
    monkeypatch.setattr(okoshki_zone, "SURE_MARGIN", 2.0)  # no look is that sure
    looks = counting(monkeypatch, okoshki_zone, "settle")
    m = okoshki_zone._settled(img, m0)
    # the look where the best view says, then as before the look at the outline as it was;
    # its winner (the best card) says the same place again, which is not looked at twice
    assert len(looks) == 2
    assert np.array_equal(looks[1][1].quad, m0.quad)
    there = vo.settle(img, vo.match(img, looks[0][1].quad, both_ways=False, framed=True))
    assert same(m, there)
    assert m.id == "purple-2" and np.abs(m.quad - quad).max() < 0.5 * okoshki_zone.MOVED
