"""Issue 27 (Okoshki CPU per photo), sixth pass: find_cards keeps a reference's remaining
matches as shrinking arrays, not as a mask over all of them read again for every fit; its
finds are the very ones of the masked loop it replaces, on a real zone photo."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import okoshki_find as of
from assistant.vision import synth
from assistant.vision.decode import decode
from tests.vision.test_okoshki_cpu5 import _same, finds_before_merge


def _masked_finds(img: np.ndarray, aspect: float = of.DRAWN_ASPECT):
    """The former loop: every match kept under a mask of the living ones, before the merge."""
    _ids, ref_kps, ref_descs, _ = of.references()
    rw, rh = of.ref_size(aspect)
    cv2.setRNGSeed(20261129)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(gray, None, fx=of.SIFT_SCALE, fy=of.SIFT_SCALE,
                       interpolation=cv2.INTER_AREA)
    pts, desc = of.detect(small)
    pts = (pts + 0.5) / of.SIFT_SCALE - 0.5
    counts = [0 if d is None else len(d) for d in ref_descs]
    nn_idx, nn_dist = of._neighbours(desc, np.concatenate([d for d in ref_descs if d is not None]))
    ends = np.cumsum(counts)
    corners = np.float32([[0, 0], [rw, 0], [rw, rh], [0, rh]]).reshape(-1, 1, 2)
    found = []
    for r, rdesc in enumerate(ref_descs):
        if rdesc is None:
            continue
        rows = slice(ends[r] - counts[r], ends[r])
        src_a, dst_a = of._near_matches(nn_idx[rows], nn_dist[rows], ref_kps[r], pts)
        pix_a = of._pixels(dst_a, img.shape)
        alive = np.ones(len(src_a), bool)
        cards = 0
        for _ in range(of.INSTANCES + of.NO_CARDS):
            if cards == of.INSTANCES or alive.sum() < of.MIN_INLIERS:
                break
            a, inl = cv2.estimateAffinePartial2D(src_a[alive], dst_a[alive], method=cv2.RANSAC,
                                                 ransacReprojThreshold=4.0, maxIters=600,
                                                 confidence=0.995)
            if a is None or inl is None or inl.sum() < of.MIN_INLIERS:
                break
            quad = cv2.transform(corners, a).reshape(4, 2)
            idx = np.nonzero(alive)[0]
            alive[idx[inl.ravel().astype(bool)]] = False
            if of._quad_ok(quad, img.shape):
                found.append((quad, int(inl.sum())))
                cards += 1
            live = np.nonzero(alive)[0]
            alive[live[of._inside_pixels(quad, pix_a[live], img.shape)]] = False
    return found


def test_the_finds_are_those_of_the_masked_loop(monkeypatch):
    img = decode(synth.okoshki_photo(6101, 6)[0])
    finds = finds_before_merge(img, monkeypatch)
    want = _masked_finds(img)
    assert len(want) > 20  # every face finds more than its own card
    assert _same(finds, want)


def test_the_box_in_plain_ints_is_the_clipped_box():
    # quads over every edge and corner of the image and wholly outside: the box, and so
    # which points lie inside, as np.clip gave it
    shape = (300, 400, 3)
    rng = np.random.default_rng(11)
    xy = rng.uniform([-40, -40], [440, 340], (3000, 2)).astype(np.float32)
    pix = of._pixels(xy, shape)
    square = np.float32([[-50, -60], [50, -60], [50, 60], [-50, 60]])
    for cx in (-60, -20, 0, 200, 399, 420, 470):
        for cy in (-70, -10, 0, 150, 299, 320, 370):
            quad = square + np.float32([cx, cy])
            corners = quad.astype(np.int32)
            x0, y0 = np.clip(corners.min(axis=0), 0, [shape[1] - 1, shape[0] - 1])
            x1, y1 = np.clip(corners.max(axis=0), 0, [shape[1] - 1, shape[0] - 1])
            box = np.zeros((y1 - y0 + 1, x1 - x0 + 1), np.uint8)
            cv2.fillConvexPoly(box, corners - [x0, y0], 1)
            near = (pix[:, 0] >= x0) & (pix[:, 0] <= x1) & (pix[:, 1] >= y0) & (pix[:, 1] <= y1)
            want = np.zeros(len(pix), bool)
            want[near] = box[pix[near, 1] - y0, pix[near, 0] - x0] > 0
            assert (of._inside_pixels(quad, pix, shape) == want).all()
