"""Issue 27 (Okoshki CPU per photo): the faster ways of working out a zone's numbers give
the very numbers of the plain ways they replace (the table distance, a view's colour cast,
a photo's balanced flat cards kept while it is read, a blob's own mask over its box alone);
a card under others is looked at again without the hidden part only when its first close
look is not sure."""

from __future__ import annotations

import contextlib

import cv2
import numpy as np

from assistant.vision import okoshki as vo
from assistant.vision import okoshki_settle, okoshki_shape, okoshki_zone, outlines, synth
from assistant.vision.decode import decode
from assistant.vision.okoshki_describe import _card_balanced, _lab
from assistant.vision.okoshki_match import Match
from assistant.vision.okoshki_shape import flatten
from assistant.vision.okoshki_views import view_table


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

    def keeping(img, cards, fits=None):
        parts.append((list(cards), hidden_parts(img, cards, fits)))
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


def _a_card(drawn, seed: int = 6101, cards: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """A zone photo's working image and its first card's outline on it (`drawn`: the
    fixture, which draws it once a run)."""
    data, truth = drawn(synth.okoshki_photo, seed, cards)
    img = decode(data)
    return img, np.float32(truth["cards"][0]["quad"]) * img.shape[1] / synth.PHOTO_W


def test_the_row_medians_are_numpys_to_the_bit():
    rng = np.random.default_rng(3)
    for n in (1, 2, 7, 8, 4379, 4380):  # odd and even lengths: one middle value or two
        x = rng.normal(0, 0.6, (2, n)).astype(np.float32)
        assert np.array_equal(okoshki_settle._row_medians(x), np.median(x, axis=1))
        assert okoshki_settle._row_medians(x).dtype == np.float32


def test_the_cast_of_a_real_card_is_the_plain_median_of_its_differences(drawn):
    img, quad = _a_card(drawn)
    flat = _card_balanced(flatten(img, quad))
    photo = _lab(flat)
    flats = view_table()[4]
    for view in (0, 9, 30):  # one view of the card's own and two others', unmoved
        ref = _lab(flats[view])
        for step in (4, 5):  # an even and an odd count of sampled pixels
            sample = np.flatnonzero(np.arange(photo.shape[0] * photo.shape[1]) % step == 0)
            ab = okoshki_settle._sampled(photo, sample)
            plain = np.median(photo.reshape(-1, 3)[sample, 1:3]
                              - ref.reshape(-1, 3)[sample, 1:3], axis=0)
            c = np.clip(plain, -okoshki_settle.CAST_MOST, okoshki_settle.CAST_MOST)
            assert okoshki_settle._cast(ab, ref, sample) == (0.0, float(c[0]), float(c[1]), 0.0)


def test_a_balanced_flat_card_is_kept_only_for_its_photo_and_only_within_the_block(drawn):
    img, quad = _a_card(drawn)
    plain = _card_balanced(flatten(img, quad))
    # outside the block nothing is kept: each call works it out again, as before
    assert okoshki_shape.balanced_flat(img, quad) is not okoshki_shape.balanced_flat(img, quad)
    other = img.copy()
    with okoshki_shape.flats_kept(img):
        first = okoshki_shape.balanced_flat(img, quad)
        assert np.array_equal(first, plain)
        assert okoshki_shape.balanced_flat(img, quad.astype(np.float64)) is first  # same corners
        assert not first.flags.writeable  # shared: a caller cannot change it for the next
        moved = quad + np.float32([1, 0])
        assert np.array_equal(okoshki_shape.balanced_flat(img, moved),
                              _card_balanced(flatten(img, moved)))
        # another image (a copy drawn on, another photo) is never given this one's cards
        other[:] = 0
        assert not okoshki_shape.balanced_flat(other, quad).any()
    assert okoshki_shape.balanced_flat(img, quad) is not first


def test_a_zone_reads_the_same_with_its_flat_cards_kept_or_not(monkeypatch, drawn):
    data, _ = drawn(synth.okoshki_photo, 6100, 8)
    kept = vo.recognise(data).cards
    monkeypatch.setattr(vo, "flats_kept", lambda img: contextlib.nullcontext())
    plain = vo.recognise(data).cards
    assert len(kept) == 8 and kept == plain


def test_a_blobs_own_mask_is_its_pixels_where_they_lie():
    whole = np.zeros((600, 800), np.uint8)
    cards = [(60, 80, 100, 140), (400, 300, 110, 154)]  # x, y, width, height
    for x, y, w, h in cards:
        whole[y:y + h, x:x + w] = 255
    found = outlines._blobs(whole, 2, 40)
    assert len(found) == 2
    for (x, y, w, h), (quad, own, (ox, oy)) in zip(
            cards, sorted(found, key=lambda f: f[2]), strict=True):
        placed = np.zeros_like(whole)
        placed[oy:oy + own.shape[0], ox:ox + own.shape[1]] = own
        alone = np.zeros_like(whole)
        alone[y:y + h, x:x + w] = 255
        # the card opened by the parting's disc (its corners rounded by two pixels), in place
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
        assert np.array_equal(placed, cv2.morphologyEx(alone, cv2.MORPH_OPEN, disc))
        assert np.allclose(np.sort(quad[:, 0]), [x, x, x + w - 1, x + w - 1], atol=1)
