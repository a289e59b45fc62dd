"""Issue 27 (Okoshki CPU per photo), fifth pass: finding's bookkeeping done with less work
gives the very answers of the plain ways it replaces, on a real zone photo's finds."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import okoshki_find, outlines, synth
from assistant.vision.decode import decode
from assistant.vision.okoshki_shape import _covered, overlap


def _plain_merged(found):
    """The former merge: most inliers first, each find measured against every card kept."""
    found = sorted(found, key=lambda f: -f[1])
    kept = []
    for quad, n in found:
        if all(overlap(quad, k) < 0.45 for k, _ in kept):
            kept.append((quad, n))
    return kept


def _zone():
    data, truth = synth.okoshki_photo(6101, 6)
    img = decode(data)
    scale = img.shape[1] / synth.PHOTO_W
    return img, [np.float32(c["quad"]) * scale for c in truth["cards"]]


def _same(a, b) -> bool:
    return len(a) == len(b) and all(np.array_equal(qa, qb) and na == nb
                                    for (qa, na), (qb, nb) in zip(a, b, strict=True))


def finds_before_merge(img: np.ndarray, monkeypatch) -> list:
    """find_cards' finds on `img` as they reach the merge (every face's, overlapping)."""
    seen = []
    merged = okoshki_find._merged

    def kept_aside(found):
        seen.append(list(found))
        return merged(found)

    monkeypatch.setattr(okoshki_find, "_merged", kept_aside)
    okoshki_find.find_cards(img)
    (finds,) = seen
    return finds


def test_the_merge_keeps_what_measuring_every_kept_card_kept(monkeypatch):
    img, _ = _zone()
    finds = finds_before_merge(img, monkeypatch)
    assert len(finds) > 20  # every face finds more than its own card
    assert _same(okoshki_find._merged(finds), _plain_merged(finds))
    # crowded and near the threshold: copies of each find moved by up to a card's width,
    # some just touching a kept card's box, with inlier counts that tie
    rng = np.random.default_rng(5)
    crowd = []
    for quad, n in finds:
        side = float(np.linalg.norm(quad[1] - quad[0]))
        for _ in range(6):
            move = rng.uniform(-1.1, 1.1, 2).astype(np.float32) * side
            crowd.append((quad + move, int(n) - int(rng.integers(0, 3))))
    width = finds[0][0][:, 0].max() - finds[0][0][:, 0].min()
    crowd.append((finds[0][0] + np.float32([width, 0]), 10_000))  # boxes that just touch
    crowd.append((finds[0][0], 10_000))
    merged = okoshki_find._merged(crowd)
    assert _same(merged, _plain_merged(crowd))
    assert len(merged) < len(crowd)


def test_which_points_lie_inside_is_the_same_from_pixels_made_once():
    img, quads = _zone()
    rng = np.random.default_rng(9)
    xy = rng.uniform([-20, -20], [img.shape[1] + 20, img.shape[0] + 20], (4000, 2))
    xy = xy.astype(np.float32)
    pix = okoshki_find._pixels(xy, img.shape)
    live = np.nonzero(rng.random(len(xy)) < 0.6)[0]
    for quad in quads:
        want = okoshki_find._inside_pixels(
            quad, okoshki_find._pixels(xy[live], img.shape), img.shape)
        assert want.any()
        assert (okoshki_find._inside_pixels(quad, pix[live], img.shape) == want).all()


def _plain_covered(mask, quad):
    """The former _covered, its sample grid made on every call."""
    u, v = np.meshgrid(np.linspace(0.08, 0.92, 9), np.linspace(0.08, 0.92, 13))
    src = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    pts = cv2.perspectiveTransform(np.float32(np.stack([u, v], -1).reshape(-1, 1, 2)), m)
    xy = pts.reshape(-1, 2).round().astype(int)
    h, w = mask.shape
    inside = (xy[:, 0] >= 0) & (xy[:, 0] < w) & (xy[:, 1] >= 0) & (xy[:, 1] < h)
    hits = np.zeros(len(xy), bool)
    hits[inside] = mask[xy[inside, 1], xy[inside, 0]] > 0
    return float(hits.mean())


def test_the_share_of_a_guess_on_light_is_the_plain_ways():
    img, quads = _zone()
    light = outlines.light_blobs(img)[1]
    rng = np.random.default_rng(11)
    shares = set()
    for quad in quads:
        side = float(np.linalg.norm(quad[1] - quad[0]))
        for _ in range(8):  # on its card, half off it, off the photo's edge
            moved = quad + rng.uniform(-0.8, 0.8, 2).astype(np.float32) * side
            got = _covered(light, moved)
            assert got == _plain_covered(light, moved)
            shares.add(got)
    assert len(shares) > 5 and max(shares) > 0.8
