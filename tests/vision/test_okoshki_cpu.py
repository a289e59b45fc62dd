"""Issue 27 (Okoshki CPU per photo): the faster ways of working out a zone's numbers give
the very numbers of the plain ways they replace; a card under others is looked at again
without the hidden part only when its first close look is not sure."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import okoshki_zone, outlines, synth
from assistant.vision.decode import decode
from assistant.vision.okoshki_match import Match


def _lab_like(seed: int, h: int = 120, w: int = 160) -> np.ndarray:
    """A float32 image with the ranges of OpenCV's 8-bit Lab, smooth patches and grain."""
    rng = np.random.default_rng(seed)
    base = rng.uniform(0, 255, (h // 8, w // 8, 3)).astype(np.float32)
    img = cv2.resize(base, (w, h), interpolation=cv2.INTER_LINEAR)
    return img + rng.normal(0, 3, img.shape).astype(np.float32)


def test_the_table_distance_is_numpys_to_the_bit():
    for seed in range(5):
        lab = _lab_like(seed)
        centres = np.random.default_rng(100 + seed).uniform(0, 255, (8, 3)).astype(np.float32)
        plain = np.full(lab.shape[:2], np.inf, np.float32)
        for c in centres:
            plain = np.minimum(plain, np.sqrt(((lab - c) ** 2).sum(axis=2)))
        fast = outlines.table_distance(lab, centres)
        assert fast.dtype == np.float32
        assert np.array_equal(fast, plain)


def test_no_table_colour_is_infinitely_far():
    lab = _lab_like(9)
    far = outlines.table_distance(lab, np.zeros((0, 3), np.float32))
    assert far.shape == lab.shape[:2] and np.isinf(far).all()


def test_a_card_under_others_is_looked_at_again_only_when_not_sure(monkeypatch):
    data, _ = synth.okoshki_photo(6122, 16)  # three cards under others: two sure, one not
    img = decode(data)
    parts, again = [], []
    hidden_parts, settled = okoshki_zone._hidden_parts, okoshki_zone._settled

    def keeping(img, cards):
        parts.append((list(cards), hidden_parts(img, cards)))
        return parts[-1][1]

    def watching(img, m0, hidden=None):
        if hidden is not None:
            again.append(m0)
        return settled(img, m0, hidden)

    monkeypatch.setattr(okoshki_zone, "_hidden_parts", keeping)
    monkeypatch.setattr(okoshki_zone, "_settled", watching)
    read = okoshki_zone.read_zone(img)
    assert len(read) == 16
    cards, covered = parts[0]
    under = [(m, h) for m, h in zip(cards, covered, strict=True)
             if h.mean() >= okoshki_zone.HIDDEN_LOOK]
    sure = [m for m, h in under if okoshki_zone._sure(m, h)]
    assert len(under) == 3 and len(sure) == 2
    assert [id(m) for m in again] == [id(m) for m, h in under if not okoshki_zone._sure(m, h)]


def _match(margin: float, score: float, source: str = "features") -> Match:
    return Match("red-1", score, margin, margin, np.zeros((4, 2), np.float32), source=source)


def test_a_card_is_sure_by_its_margin_its_score_its_outline_and_what_shows_of_it():
    open_card = np.zeros((4, 10), bool)
    half_hidden = open_card.copy()
    half_hidden[:, :5] = True
    assert okoshki_zone._sure(_match(0.35, 0.75), open_card)
    assert not okoshki_zone._sure(_match(0.25, 0.75), open_card)  # a rival too near
    assert not okoshki_zone._sure(_match(0.35, 0.65), open_card)  # a poor likeness
    assert not okoshki_zone._sure(_match(0.35, 0.75, "corner"), open_card)  # a guessed outline
    assert okoshki_zone._sure(_match(0.35, 0.85, "corner"), open_card)
    assert not okoshki_zone._sure(_match(0.35, 0.75), half_hidden)  # too much of it hidden
