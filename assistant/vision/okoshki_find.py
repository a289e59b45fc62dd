"""Okoshki cards found by local features: SIFT keypoints of the photo matched to every
reference face; RANSAC finds the cards each face can explain (several, since many cards look
alike in grey), each as a quadrilateral. The references are built once and kept on disk."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from assistant.vision import deck, refcache
from assistant.vision.okoshki_describe import _card_balanced, _thumb
from assistant.vision.okoshki_shape import _quad_ok, overlap

RW, RH = deck.W // 2, deck.H // 2  # reference size for features (about a card in the photo)

SHAPE_FILE = "okoshki-shape.txt"  # a registered deck's long side over its short side
DRAWN_ASPECT = deck.H / deck.W  # the drawn deck's cards are 5:7


def card_aspect(folder) -> float:
    """The long/short ratio of the cards of the deck registered in `folder` (the drawn 5:7
    when none is, or registration measured none)."""
    if folder is None:
        return DRAWN_ASPECT
    try:
        value = float((folder / SHAPE_FILE).read_text().strip())
    except (OSError, ValueError):
        return DRAWN_ASPECT
    # the faces are kept stretched to 5:7; a ratio outside what a card can be is a bad file
    return value if 1.1 <= value <= 1.9 else DRAWN_ASPECT


def ref_size(aspect: float) -> tuple[int, int]:
    """The feature references' width and height for cards of that long/short ratio: the
    photo's cards are a turned, scaled copy of them (a 2-point model), so their shape must
    be the card's own, not the 5:7 the faces are stored at."""
    return RW, int(round(RW * aspect))

MIN_INLIERS = 6  # matches a card's place must explain (rotation, scale and shift)
# A plain face of a flat full-bleed print has few keypoints (deck 8's plain faces 13-72 at
# ref_size, its prints 95-407): at 10, 9 of deck 8's 11 missed cards had no feature find, yet
# a face placed each of them with 6-9 inliers. Over deck 8's 12 zones, 447 of 479 finds of
# 6-9 inliers lay on a card (IoU > 0.7) and 14 on none; each find is still matched against
# the faces before it counts (ACCEPT). recognition2 --tables 0 --zones 12, 10 → 7 → 6: deck 8
# found 193 → 200 → 202/204, deck 4 202 → 204 → 204 (invented 1 → 0), decks 2 and 6 the same

INSTANCES = 8  # the cards one reference's matches are searched for, one after another
NO_CARDS = 8  # and how many fits that are no card (a collapsed scale) may come between them:
# a halftone-dot face's keypoints are alike, hundreds of its matches meet on one photo point,
# and a fit through them shrinks the card to that point. Counted as instances, two such fits
# of each reference left 11 of deck 12-flat+bigdots' 204 cards to no reference at all

NFEATURES = 12000
SIFT_SCALE = 0.5  # the photo's keypoints are found at this share of the working size
TILE, OVERLAP = 768, 128  # SIFT doubles the image first: tiles keep its memory near 150 MB


def _sift(nfeatures: int = NFEATURES):
    return cv2.SIFT_create(nfeatures=nfeatures, contrastThreshold=0.03)


def detect(gray: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """SIFT keypoint positions and descriptors of a photo, found tile by tile (with an
    overlap wider than a feature's reach) so that working memory stays bounded."""
    h, w = gray.shape
    pts, descs = [], []
    for y0 in range(0, h, TILE):
        for x0 in range(0, w, TILE):
            ya, yb = max(0, y0 - OVERLAP), min(h, y0 + TILE + OVERLAP)
            xa, xb = max(0, x0 - OVERLAP), min(w, x0 + TILE + OVERLAP)
            core = min(TILE, h - y0) * min(TILE, w - x0)
            sift = _sift(max(500, int(NFEATURES * core / (h * w))))
            kp, d = sift.detectAndCompute(gray[ya:yb, xa:xb], None)
            if not kp:  # OpenCV 4 gives None for no descriptors, OpenCV 5 an empty array
                continue
            xy = np.float32([k.pt for k in kp]) + (xa, ya)
            own = ((xy[:, 0] >= x0) & (xy[:, 0] < x0 + TILE)
                   & (xy[:, 1] >= y0) & (xy[:, 1] < y0 + TILE))
            pts.append(xy[own])
            descs.append(d[own])
    if not pts:
        return np.zeros((0, 2), np.float32), None
    return np.concatenate(pts), np.concatenate(descs)


@cache
def references() -> tuple[list[str], list, list[np.ndarray], np.ndarray]:
    """Keypoints and descriptors of every reference face, and their colour thumbnails (the
    keypoints at ref_size of the registered deck's card_aspect)."""
    folder = deck.REGISTERED["folder"]
    rw, rh = ref_size(card_aspect(folder))

    def build() -> dict[str, np.ndarray]:
        ids, kps, descs, thumbs = [], [], [], []
        sift = _sift()
        for cid, face in deck.okoshki_faces().items():
            small = cv2.resize(face, (rw, rh), interpolation=cv2.INTER_AREA)
            kp, d = sift.detectAndCompute(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), None)
            ids.append(cid)
            kps.append(np.float32([k.pt for k in kp]).reshape(-1, 2))
            descs.append(d if kp else np.zeros((0, 128), np.float32))  # None or empty: none
            thumbs.append(_thumb(_card_balanced(face)))
        return {"ids": np.array(ids), "counts": np.array([len(k) for k in kps]),
                "points": np.concatenate(kps), "descriptors": np.concatenate(descs),
                "thumbs": np.stack(thumbs)}

    pngs = [] if folder is None else [*folder.glob("*.png"), folder / SHAPE_FILE]  # type: ignore[union-attr]
    z = refcache.kept("okoshki-sift", folder, pngs, build)  # type: ignore[arg-type]
    ends = np.cumsum(z["counts"])
    starts = ends - z["counts"]
    kps = [z["points"][a:b] for a, b in zip(starts, ends, strict=True)]
    descs = [z["descriptors"][a:b] if b > a else None for a, b in zip(starts, ends, strict=True)]
    return [str(i) for i in z["ids"]], kps, descs, z["thumbs"]


def _pixels(xy: np.ndarray, shape: tuple) -> np.ndarray:
    """Points as the pixels of an image of `shape` they fall on (clipped to its edges)."""
    return np.clip(xy.astype(int), 0, [shape[1] - 1, shape[0] - 1])


def _inside_pixels(quad: np.ndarray, pix: np.ndarray, shape: tuple) -> np.ndarray:
    """Which pixels (`_pixels` of points on an image of `shape`) fall in the quad as
    fillConvexPoly draws it, drawn only over the quad's box (a whole-image mask per card
    found cost about a twentieth of the finding). A reference's matches are made pixels
    once, not again for each of the up to 8 cards it finds."""
    corners = quad.astype(np.int32)
    # the box clipped to the image in plain ints: np.clip on a pair took half of the call's
    # 90 µs (some 400 calls a deck 12 zone); the same box
    xs, ys = corners[:, 0].tolist(), corners[:, 1].tolist()
    w1, h1 = shape[1] - 1, shape[0] - 1
    x0, x1 = min(max(min(xs), 0), w1), min(max(max(xs), 0), w1)
    y0, y1 = min(max(min(ys), 0), h1), min(max(max(ys), 0), h1)
    box = np.zeros((y1 - y0 + 1, x1 - x0 + 1), np.uint8)
    cv2.fillConvexPoly(box, corners - np.int32([x0, y0]), 1)
    px, py = pix[:, 0], pix[:, 1]
    near = (px >= x0) & (px <= x1) & (py >= y0) & (py <= y1)
    out = np.zeros(len(pix), bool)
    out[near] = box[py[near] - y0, px[near] - x0] > 0
    return out


def _near_matches(idx: np.ndarray, dist: np.ndarray, ref_pts: np.ndarray, pts: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The (reference point, photo point) pairs of a reference's k nearest neighbours (`idx`,
    their distances `dist`: one row per reference keypoint, as knnMatch's DMatch rows) that
    lie within max(180, 1.15 × the nearest's distance) of its keypoint's nearest."""
    found = idx >= 0  # FLANN marks a neighbour it did not find by -1 (knnMatch leaves it out)
    rows = found[:, 0]
    if not rows.any():
        return np.zeros((0, 2), np.float32), np.zeros((0, 2), np.float32)
    first = np.where(rows, dist[:, 0], np.inf).astype(np.float64)
    keep = found & (dist.astype(np.float64) <= np.maximum(180.0, first * 1.15)[:, None])
    q, k = np.nonzero(keep)  # row by row, nearest first: the order RANSAC is handed them
    return ref_pts[q].astype(np.float32), pts[idx[q, k]].astype(np.float32)


def _neighbours(desc: np.ndarray, refs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each reference descriptor's 4 nearest photo descriptors (indices, -1 for none) and
    their L2 distances, as FlannBasedMatcher.knnMatch finds them, but in one search and as
    arrays (some 35,000 DMatch objects a zone otherwise)."""
    index = cv2.flann.Index(desc, {"algorithm": 1, "trees": 4})
    k = min(4, len(desc))  # knnMatch finds no more neighbours than the photo has points
    idx, sq = index.knnSearch(refs, k, params={"checks": 48})
    idx, sq = idx.reshape(len(refs), k), sq.reshape(len(refs), k)  # k = 1 comes back flat
    # knnMatch hands back the root of FLANN's squared distance, in float32
    return idx, np.sqrt(sq.astype(np.float32))


def find_cards(img: np.ndarray, aspect: float = DRAWN_ASPECT) -> list[tuple[np.ndarray, int]]:
    """Card outlines (quads) found by feature matching, with their inlier counts (`aspect`:
    card_aspect of the deck the references were built from)."""
    ids, ref_kps, ref_descs, _ = references()
    rw, rh = ref_size(aspect)
    cv2.setRNGSeed(20261129)  # RANSAC draws at random: the same photo gives the same answer
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    if SIFT_SCALE != 1:
        # SIFT doubles the image it is given before its first octave: at half the working
        # size its finest scale is still the working image's own (the finer one it would add
        # is grain and JPEG noise), at a quarter of the cost
        small = cv2.resize(gray, None, fx=SIFT_SCALE, fy=SIFT_SCALE,
                           interpolation=cv2.INTER_AREA)
        pts, desc = detect(small)
        pts = (pts + 0.5) / SIFT_SCALE - 0.5
    else:
        pts, desc = detect(gray)
    if desc is None or len(pts) < MIN_INLIERS:
        return []
    counts = [0 if d is None else len(d) for d in ref_descs]
    nn_idx, nn_dist = _neighbours(desc, np.concatenate([d for d in ref_descs if d is not None]))
    ends = np.cumsum(counts)
    corners = np.float32([[0, 0], [rw, 0], [rw, rh], [0, rh]]).reshape(-1, 1, 2)
    found: list[tuple[np.ndarray, int]] = []
    for r, rdesc in enumerate(ref_descs):
        if rdesc is None:
            continue
        # Several near neighbours each: a reference may be on the photo more than once in grey.
        rows = slice(ends[r] - counts[r], ends[r])
        src, dst = _near_matches(nn_idx[rows], nn_dist[rows], ref_kps[r], pts)
        pix = _pixels(dst, img.shape)
        cards = 0
        for _ in range(INSTANCES + NO_CARDS):  # find the instances one after another
            if cards == INSTANCES or len(src) < MIN_INLIERS:
                break
            # Cards lie flat and the phone looks down: rotation, scale and shift (a 2-point
            # model) explain a card, and RANSAC needs far fewer tries than for a homography.
            a, inl = cv2.estimateAffinePartial2D(src, dst, method=cv2.RANSAC,
                                                 ransacReprojThreshold=4.0, maxIters=600,
                                                 confidence=0.995)
            if a is None or inl is None or inl.sum() < MIN_INLIERS:
                break
            quad = cv2.transform(corners, a).reshape(4, 2)
            if _quad_ok(quad, img.shape):
                found.append((quad, int(inl.sum())))
                cards += 1
            # the fit's matches are used, and every other match inside this card too (the
            # dropped need no asking); the rest kept in their order, as RANSAC had them
            keep = inl.ravel() == 0
            keep[keep] = ~_inside_pixels(quad, pix[keep], img.shape)
            src, dst, pix = src[keep], dst[keep], pix[keep]
    return _merged(found)


def _merged(found: list[tuple[np.ndarray, int]]) -> list[tuple[np.ndarray, int]]:
    """Finds of the same card merged: most inliers first, a find that covers 0.45 or more
    of a kept one (or is so covered) is that card again."""
    # a deck whose faces share a picture (deck 12's house front) has every face find every
    # card: some 330 finds a zone, each once compared with every card kept (38,000 overlaps
    # over 12 zones, a tenth of finding). Outlines whose boxes do not meet overlap by
    # nothing: only those whose boxes meet are measured, the same answer
    found = sorted(found, key=lambda f: -f[1])
    kept: list[tuple[np.ndarray, int]] = []
    boxes = np.zeros((len(found), 4), np.float32)  # the kept outlines' x0, y0, x1, y1
    for quad, n in found:
        lo, hi = quad.min(axis=0), quad.max(axis=0)
        b = boxes[:len(kept)]
        meet = np.nonzero((b[:, 0] < hi[0]) & (lo[0] < b[:, 2])
                          & (b[:, 1] < hi[1]) & (lo[1] < b[:, 3]))[0]
        if all(overlap(quad, kept[k][0]) < 0.45 for k in meet):
            boxes[len(kept)] = (*lo, *hi)
            kept.append((quad, n))
    return kept
