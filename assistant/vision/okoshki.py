"""Recognise the loose cards of an Okoshki zone: local features, a homography per card,
verified by colour correlation against every reference face.

SIFT keypoints of the photo are matched to each reference face; RANSAC finds the cards that
face can explain (several, since many cards look alike in grey), each as a quadrilateral.
Every quadrilateral is then warped flat and compared in colour with all 48 faces: the best
correlation names the card (curtain colour and print, window pips, scene), the margin to
the best face of another kind is the confidence. Overlapping finds of one card are merged.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.messages import Message, nmsg
from assistant.vision import deck
from assistant.vision.decode import decode

RW, RH = deck.W // 2, deck.H // 2  # reference size for features (about a card in the photo)
VW, VH = 50, 70  # colour comparison size
MIN_INLIERS = 10
UNSURE = 0.3


@dataclass(frozen=True)
class CardFind:
    """One card found on the photo."""

    id: str
    kind: str
    confidence: float
    quad: list[list[float]]


@dataclass(frozen=True)
class ZoneRecognition:
    """The cards of a zone and their counts by kind."""

    cards: list[CardFind]
    zone: dict[str, int]
    warnings: list[str]
    seconds: float
    size: tuple[int, int] = (0, 0)  # width, height of the image the quads refer to


NFEATURES = 12000
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
            if d is None:
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
    """Keypoints and descriptors of every reference face, and their colour thumbnails."""
    ids, kps, descs, thumbs = [], [], [], []
    sift = _sift()
    for cid, face in deck.okoshki_faces().items():
        small = cv2.resize(face, (RW, RH), interpolation=cv2.INTER_AREA)
        kp, d = sift.detectAndCompute(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), None)
        ids.append(cid)
        kps.append(np.float32([k.pt for k in kp]))
        descs.append(d)
        thumbs.append(_thumb(_card_balanced(face)))
    return ids, kps, descs, np.stack(thumbs)


def _thumb(img: np.ndarray) -> np.ndarray:
    """A small, normalised Lab image for colour correlation."""
    small = cv2.resize(img, (VW, VH), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 0.7)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    # Lightness is normalised (exposure, glare); the colour axes keep their absolute value,
    # which is what tells a yellow curtain from a green one.
    lab[..., 0] = (lab[..., 0] - lab[..., 0].mean()) / (lab[..., 0].std() + 1e-3)
    lab[..., 1:] = (lab[..., 1:] - 128) / 20
    v = lab.ravel()
    return v / (np.linalg.norm(v) + 1e-6)


def _card_balanced(flat: np.ndarray) -> np.ndarray:
    """White-balance a flat card on its cream frame (the brightest third of the frame)."""
    b = deck.BORDER - 3
    strips = np.concatenate([flat[2:b, 6:-6].reshape(-1, 3), flat[-b:-2, 6:-6].reshape(-1, 3),
                             flat[6:-6, 2:b].reshape(-1, 3), flat[6:-6, -b:-2].reshape(-1, 3)])
    strips = strips.astype(np.float32)
    light = strips[strips.sum(axis=1) >= np.percentile(strips.sum(axis=1), 66)]
    gain = np.clip(np.array(deck.CREAM, np.float32) / (np.median(light, axis=0) + 1), 0.5, 2)
    return np.clip(flat.astype(np.float32) * gain, 0, 255).astype(np.uint8)


def _quad_ok(quad: np.ndarray, img_shape: tuple[int, ...]) -> bool:
    """A plausible card outline: convex, card-shaped, of a sensible size."""
    if not cv2.isContourConvex(quad.astype(np.int32)):
        return False
    w = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    h = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    if w < 40 or h < 56:
        return False
    ratio = h / w
    side = max(img_shape[:2])
    return 1.1 < ratio < 1.8 and w < side * 0.5


def iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex quadrilaterals."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    ua = cv2.contourArea(a.astype(np.float32)) + cv2.contourArea(b.astype(np.float32)) - inter
    return float(inter / ua) if ua > 0 else 0.0


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """How much of the smaller of two quadrilaterals the other covers."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    small = min(cv2.contourArea(a.astype(np.float32)), cv2.contourArea(b.astype(np.float32)))
    return float(inter / small) if small > 0 else 0.0


def find_cards(img: np.ndarray) -> list[tuple[np.ndarray, int]]:
    """Card outlines (quads) found by feature matching, with their inlier counts."""
    ids, ref_kps, ref_descs, _ = references()
    cv2.setRNGSeed(20261129)  # RANSAC draws at random: the same photo gives the same answer
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    pts, desc = detect(gray)
    if desc is None or len(pts) < MIN_INLIERS:
        return []
    index = cv2.FlannBasedMatcher({"algorithm": 1, "trees": 4}, {"checks": 48})
    index.add([desc])
    index.train()
    corners = np.float32([[0, 0], [RW, 0], [RW, RH], [0, RH]]).reshape(-1, 1, 2)
    found: list[tuple[np.ndarray, int]] = []
    for r, rdesc in enumerate(ref_descs):
        if rdesc is None:
            continue
        # Several near neighbours each: a reference may be on the photo more than once in grey.
        matches = index.knnMatch(rdesc, k=4)
        src, dst = [], []
        for m_list in matches:
            if not m_list:
                continue
            best = m_list[0].distance
            for m in m_list:
                if m.distance <= max(180.0, best * 1.15):
                    src.append(ref_kps[r][m.queryIdx])
                    dst.append(pts[m.trainIdx])
        src_a, dst_a = np.float32(src), np.float32(dst)
        alive = np.ones(len(src_a), bool)
        for _ in range(8):  # find the instances one after another
            if alive.sum() < MIN_INLIERS:
                break
            # Cards lie flat and the phone looks down: rotation, scale and shift (a 2-point
            # model) explain a card, and RANSAC needs far fewer tries than for a homography.
            a, inl = cv2.estimateAffinePartial2D(src_a[alive], dst_a[alive], method=cv2.RANSAC,
                                                 ransacReprojThreshold=4.0, maxIters=600,
                                                 confidence=0.995)
            if a is None or inl is None or inl.sum() < MIN_INLIERS:
                break
            quad = cv2.transform(corners, a).reshape(4, 2)
            idx = np.nonzero(alive)[0]
            alive[idx[inl.ravel().astype(bool)]] = False
            if _quad_ok(quad, img.shape):
                found.append((quad, int(inl.sum())))
            # drop every remaining match inside this card too
            mask = np.zeros(img.shape[:2], np.uint8)
            cv2.fillConvexPoly(mask, quad.astype(np.int32), 1)
            xy = np.clip(dst_a.astype(int), 0, [img.shape[1] - 1, img.shape[0] - 1])
            alive &= mask[xy[:, 1], xy[:, 0]] == 0
    # merge finds of the same card: keep the one with most inliers
    found.sort(key=lambda f: -f[1])
    kept: list[tuple[np.ndarray, int]] = []
    for quad, n in found:
        if all(overlap(quad, k) < 0.45 for k, _ in kept):
            kept.append((quad, n))
    return kept


def identify(img: np.ndarray, quad: np.ndarray) -> tuple[str, float]:
    """The face whose colours best match the card at `quad`, and how sure that is."""
    ids, _, _, thumbs = references()
    dst = np.float32([[0, 0], [deck.W, 0], [deck.W, deck.H], [0, deck.H]])
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    flat = cv2.warpPerspective(img, m, (deck.W, deck.H))
    balanced = _card_balanced(flat)
    t = _thumb(balanced)
    scores = thumbs @ t
    order = np.argsort(-scores)
    best = order[0]
    kind = ok.CARDS[ids[best]].kind
    other = next(i for i in order[1:] if ok.CARDS[ids[i]].kind != kind)
    margin = float(scores[best] - scores[other])
    confidence = float(np.clip(margin * 4 + (scores[best] - 0.5), 0, 1))
    return ids[best], round(confidence, 3)


def recognise(data: bytes) -> ZoneRecognition:
    """Photo bytes of a zone -> the cards found, each with its outline and confidence."""
    t0 = time.perf_counter()
    img = decode(data)
    finds = find_cards(img)
    cards: list[CardFind] = []
    taken: set[str] = set()
    for quad, _n in finds:
        cid, conf = identify(img, quad)
        if cid in taken:
            conf = min(conf, 0.1)  # each card is in the deck once: a second one needs a look
        taken.add(cid)
        cards.append(CardFind(cid, ok.CARDS[cid].kind, conf, quad.round(1).tolist()))
    zone = dict.fromkeys(ok.KINDS, 0)
    for c in cards:
        zone[c.kind] += 1
    warnings: list[Message] = []
    if not cards:
        warnings.append(Message("No cards found on this photo."))
    unsure = sum(1 for c in cards if c.confidence < UNSURE)
    if unsure:
        warnings.append(nmsg("%(num)d card to check: it is outlined in orange.",
                             "%(num)d cards to check: they are outlined in orange.", unsure))
    return ZoneRecognition(cards, zone, warnings, round(time.perf_counter() - t0, 3),
                           (img.shape[1], img.shape[0]))
