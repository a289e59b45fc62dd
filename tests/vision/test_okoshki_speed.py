"""The Okoshki recogniser's shortcuts give what the long way gives: one OpenCV thread while a
zone is read (and the caller's count back after), a second close look at one outline reusing
the views already moved onto it, the broad shading worked out at a quarter size; a corner's
guess that the frame fit takes off its blob is looked at as guessed; and the matches dropped
inside a card found are those a whole-image mask drops; and the near matches of one FLANN
search for all references are those the matcher finds reference by reference."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision import okoshki as vo
from assistant.vision import okoshki_find, okoshki_settle, okoshki_zone, synth
from assistant.vision.decode import decode
from assistant.vision.okoshki_describe import SHADE, SW, _broad, _lab


def test_a_zone_is_read_on_one_thread_and_the_count_is_given_back(monkeypatch, two_threads, drawn):
    seen = []
    read = okoshki_zone.read_zone

    def counting(img, aspect):
        seen.append(cv2.getNumThreads())
        return read(img, aspect)

    monkeypatch.setattr(vo, "read_zone", counting)
    data, _ = drawn(synth.okoshki_photo, 6100, 8)
    res = vo.recognise(data)
    assert seen == [1]
    assert cv2.getNumThreads() == 2
    assert len(res.cards) == 8


def test_the_count_is_given_back_when_reading_fails(monkeypatch, two_threads, drawn):
    def broken(img, aspect):
        raise RuntimeError("no zone")

    monkeypatch.setattr(vo, "read_zone", broken)
    data, _ = drawn(synth.okoshki_photo, 6100, 8)
    with pytest.raises(RuntimeError):
        vo.recognise(data)
    assert cv2.getNumThreads() == 2


def test_a_second_look_at_one_outline_moves_each_view_onto_it_once(monkeypatch, drawn):
    data, truth = drawn(synth.okoshki_photo, 6101, 6)
    img = decode(data)
    quad = np.float32(truth["cards"][0]["quad"]) * img.shape[1] / synth.PHOTO_W
    m = vo.match(img, quad, both_ways=False)
    plain = vo.settle(img, m)
    calls = []
    move = okoshki_settle._move

    def counting(*args):
        calls.append(1)
        return move(*args)

    monkeypatch.setattr(okoshki_settle, "_move", counting)
    memo: dict = {}
    first = vo.settle(img, m, None, memo)
    moved = len(calls)
    again = vo.settle(img, m, None, memo)
    # (a view far off the photo as it lies is not moved at all)
    assert 1 <= moved and len(calls) == moved  # nothing moved a second time
    for got in (first, again):
        assert (got.id, got.score, got.margin) == (plain.id, plain.score, plain.margin)
        assert np.array_equal(got.quad, plain.quad)
    # another outline (the look moved it) starts afresh
    other = vo.match(img, quad + np.float32([3, 0]), both_ways=False, framed=True)
    vo.settle(img, other, None, memo)
    assert len(calls) > moved


def test_the_broad_shading_at_a_quarter_size_is_the_full_blur():
    # a shadow band and a glare spot across a card: broad lightness changes
    y, x = np.mgrid[0:175, 0:125].astype(np.float32)
    light = 60 + 40 * (x / 125) + 30 * np.exp(-((x - 80) ** 2 + (y - 60) ** 2) / (2 * 30**2))
    full = cv2.GaussianBlur(light, (0, 0), SHADE)
    inside = (slice(SW // 10, -SW // 10),) * 2
    assert np.abs(_broad(light) - full)[inside].max() < 0.01 * full.min()


def test_a_shadow_band_across_a_card_leaves_its_close_look_lightness_nearly_as_it_was():
    card = np.full((175, 125, 3), 215, np.uint8)
    card[40:130, 30:95] = (60, 120, 200)  # a curtain
    card[60:70, 40:85] = (30, 40, 60)  # a bar
    shade = np.ones((175, 125, 1), np.float32)
    shade[:, 50:] = 0.6  # a shadow band over the right part, blurred at its edge
    shaded = np.clip(card * cv2.GaussianBlur(shade, (0, 0), 6)[..., None], 0, 255)
    a, b = _lab(card), _lab(shaded.astype(np.uint8))
    # the bar stands out of the curtain as much in the shadow as without it
    bar, curtain = (slice(62, 68), slice(60, 80)), (slice(90, 120), slice(60, 80))
    contrast = lambda lab: lab[bar][..., 0].mean() - lab[curtain][..., 0].mean()  # noqa: E731
    assert abs(contrast(a) - contrast(b)) < 0.25 * abs(contrast(a))


BLOB = np.zeros((1000, 1000), np.uint8)
BLOB[200:600, 200:500] = 255
GUESS = np.float32([[200, 200], [400, 200], [400, 480], [200, 480]])


def zone_of_one_blob(monkeypatch, matching) -> list:
    """Find the matches of a zone whose only outline is a guess at one corner of one blob."""
    monkeypatch.setattr(okoshki_zone, "find_cards", lambda img_, aspect: [])
    monkeypatch.setattr(okoshki_zone.outlines, "light_blobs",
                        lambda img_: (np.zeros_like(BLOB), BLOB))
    monkeypatch.setattr(okoshki_zone.outlines, "card_quads",
                        lambda img_, left=None, blobs=None, **kw: left.append(BLOB) or [])
    monkeypatch.setattr(okoshki_zone.outlines, "corner_quads", lambda mask, short, **kw: [GUESS])
    monkeypatch.setattr(okoshki_zone, "match", matching)
    return okoshki_zone.find_matches(np.zeros((1000, 1000, 3), np.uint8))


def test_a_corner_guess_that_the_frame_fit_takes_off_its_blob_is_looked_at_as_guessed(
        monkeypatch):
    # a blob of cards over one another, and a guess at one corner of it; the frame fit (a
    # search for the card's printed layout) locks onto a place off the blob, where some other
    # card matches a little: the guess as it is must be what is kept
    off = GUESS + np.float32([500, 300])

    def matching(img_, quad, both_ways=True, hidden=None, extra=(), framed=False):
        q = np.float32(quad) if framed else off  # the fit moves the guess off the blob
        return vo.Match("red-1" if framed else "red-2", 0.6 if framed else 0.7, 0.5, 0.5, q)

    found = zone_of_one_blob(monkeypatch, matching)
    assert [(m.id, m.source) for m in found] == [("red-1", "corner")]
    assert np.array_equal(found[0].quad, GUESS)


def test_a_corner_guess_that_the_frame_fit_keeps_on_its_blob_is_fitted(monkeypatch):
    fitted = GUESS + np.float32([20, 30])

    def matching(img_, quad, both_ways=True, hidden=None, extra=(), framed=False):
        return vo.Match("red-1", 0.6 if framed else 0.8, 0.5, 0.5,
                        np.float32(quad) if framed else fitted)

    found = zone_of_one_blob(monkeypatch, matching)
    assert len(found) == 1 and np.array_equal(found[0].quad, fitted)


def _whole_image_inside(quad, xy, shape):
    """The long way: the quad drawn on a mask of the whole image, looked up at each point."""
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, quad.astype(np.int32), 1)
    pix = np.clip(xy.astype(int), 0, [shape[1] - 1, shape[0] - 1])
    return mask[pix[:, 1], pix[:, 0]] > 0


@pytest.mark.parametrize("where", ["inside", "over an edge", "over a corner", "outside"])
def test_the_matches_inside_a_card_found_are_those_a_whole_image_mask_gives(where):
    shape = (300, 400, 3)
    rng = np.random.default_rng(7)
    centre = {"inside": (200, 150), "over an edge": (390, 150), "over a corner": (-5, 295),
              "outside": (-90, -90)}[where]
    # a card turned and scaled, and points over the image and beyond its edges (clipped)
    a = np.deg2rad(23)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    quad = (np.float32([[-40, -55], [40, -55], [40, 55], [-40, 55]]) @ rot.T + centre)
    xy = rng.uniform([-30, -30], [430, 330], (5000, 2)).astype(np.float32)
    want = _whole_image_inside(quad.astype(np.float32), xy, shape)
    got = okoshki_find._inside_pixels(quad.astype(np.float32),
                                      okoshki_find._pixels(xy, shape), shape)
    assert (got == want).all()
    assert want.any() or where == "outside"


def _matcher_pairs(desc, ref_desc, ref_pts, pts):
    """The long way: FlannBasedMatcher.knnMatch's DMatch rows, kept as find_cards kept them."""
    index = cv2.FlannBasedMatcher({"algorithm": 1, "trees": 4}, {"checks": 48})
    index.add([desc])
    index.train()
    src, dst = [], []
    for row in index.knnMatch(ref_desc, k=4):
        for m in row:
            if m.distance <= max(180.0, row[0].distance * 1.15):
                src.append(ref_pts[m.queryIdx])
                dst.append(pts[m.trainIdx])
    return np.float32(src).reshape(-1, 2), np.float32(dst).reshape(-1, 2)


@pytest.mark.parametrize("photo_points", [okoshki_find.MIN_INLIERS, 900])
def test_the_near_matches_found_in_one_search_are_the_matchers_in_its_order(photo_points, drawn):
    # a zone's SIFT descriptors against two references' (one search for all references, as
    # arrays): the same pairs in the same order, which RANSAC's draws depend on; a photo of
    # as few points as find_cards looks at too. FLANN's trees are drawn by OpenCV's RNG, as
    # find_cards seeds it
    data, _ = drawn(synth.okoshki_photo, 6101, 10)
    gray = cv2.cvtColor(decode(data), cv2.COLOR_BGR2GRAY)
    pts, desc = okoshki_find.detect(cv2.resize(gray, None, fx=0.5, fy=0.5))
    pts, desc = pts[:photo_points], desc[:photo_points]
    _, ref_pts, ref_descs, _ = okoshki_find.references()
    refs = np.concatenate(ref_descs[:2])
    cv2.setRNGSeed(5)
    idx, dist = okoshki_find._neighbours(desc, refs)
    n = len(ref_descs[0])
    for rows, r in ((slice(0, n), 0), (slice(n, len(refs)), 1)):
        cv2.setRNGSeed(5)
        want = _matcher_pairs(desc, ref_descs[r], ref_pts[r], pts)
        got = okoshki_find._near_matches(idx[rows], dist[rows], ref_pts[r], pts)
        assert len(want[0]) > 0
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
