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
from dataclasses import dataclass, replace
from functools import cache

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.messages import Message, nmsg
from assistant.vision import deck, outlines, refcache
from assistant.vision.decode import decode

RW, RH = deck.W // 2, deck.H // 2  # reference size for features (about a card in the photo)
VW, VH = 50, 70  # colour comparison size
MIN_INLIERS = 10


@dataclass(frozen=True)
class CardFind:
    """One card found on the photo."""

    id: str
    kind: str
    confidence: float
    quad: list[list[float]]
    unsure: bool = False


@dataclass(frozen=True)
class ZoneRecognition:
    """The cards of a zone and their counts by kind."""

    cards: list[CardFind]
    zone: dict[str, int]
    warnings: list[str]
    seconds: float
    size: tuple[int, int] = (0, 0)  # width, height of the image the quads refer to


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
    folder = deck.REGISTERED["folder"]

    def build() -> dict[str, np.ndarray]:
        ids, kps, descs, thumbs = [], [], [], []
        sift = _sift()
        for cid, face in deck.okoshki_faces().items():
            small = cv2.resize(face, (RW, RH), interpolation=cv2.INTER_AREA)
            kp, d = sift.detectAndCompute(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), None)
            ids.append(cid)
            kps.append(np.float32([k.pt for k in kp]).reshape(-1, 2))
            descs.append(np.zeros((0, 128), np.float32) if d is None else d)
            thumbs.append(_thumb(_card_balanced(face)))
        return {"ids": np.array(ids), "counts": np.array([len(k) for k in kps]),
                "points": np.concatenate(kps), "descriptors": np.concatenate(descs),
                "thumbs": np.stack(thumbs)}

    pngs = [] if folder is None else list(folder.glob("*.png"))  # type: ignore[union-attr]
    z = refcache.kept("okoshki-sift", folder, pngs, build)  # type: ignore[arg-type]
    ends = np.cumsum(z["counts"])
    starts = ends - z["counts"]
    kps = [z["points"][a:b] for a, b in zip(starts, ends, strict=True)]
    descs = [z["descriptors"][a:b] if b > a else None for a, b in zip(starts, ends, strict=True)]
    return [str(i) for i in z["ids"]], kps, descs, z["thumbs"]


def _thumb(img: np.ndarray) -> np.ndarray:
    """A small, normalised Lab image for colour correlation."""
    small = cv2.resize(img, (VW, VH), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 0.7)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    # Lightness is normalised (exposure, glare, a shadow across the card); the colour axes
    # keep their absolute value, which is what tells a yellow curtain from a green one.
    light = lab[..., 0] + 8
    light = light / cv2.GaussianBlur(light, (0, 0), SHADE * VW / SW)
    lab[..., 0] = (light - light.mean()) / (light.std() + 1e-3)
    lab[..., 1:] = (lab[..., 1:] - 128) / 20
    v = lab.ravel()
    return v / (np.linalg.norm(v) + 1e-6)


def _card_balanced(flat: np.ndarray) -> np.ndarray:
    """White-balance a flat card on its cream frame (the brightest third of the frame)."""
    b = max(3, round((deck.BORDER - 3) * flat.shape[1] / deck.W))
    e = 2 * b
    strips = np.concatenate([flat[1:b, e:-e].reshape(-1, 3), flat[-b:-1, e:-e].reshape(-1, 3),
                             flat[e:-e, 1:b].reshape(-1, 3), flat[e:-e, -b:-1].reshape(-1, 3)])
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


FW, FH = 60, 84  # fine grey comparison size (bars, valance prints, clouds)
VIEWS_FILE = "okoshki-views.npz"
ACCEPT = 0.5  # a candidate outline is a card when its best face matches at least this well
SURE_MARGIN = 0.3  # the best card beats every other card by this much, or it is unsure
SURE_SCORE = 0.7  # and matches its view at least this well
SURE_GUESSED = 0.8  # as well as this when its outline was guessed from a corner
UNSURE = 0.3  # confidences below this are the cards marked unsure
SHORTLIST, SHORTLIST_GAP = 5, 0.1  # the cards the close comparison looks at


def _fine(img: np.ndarray) -> np.ndarray:
    """A grey, normalised view of the card's inside (the white frame left out)."""
    h, w = img.shape[:2]
    inner = img[h // 14:h - h // 14, w // 14:w - w // 14]
    g = cv2.cvtColor(cv2.resize(inner, (FW, FH), interpolation=cv2.INTER_AREA),
                     cv2.COLOR_BGR2GRAY).astype(np.float32)
    g = cv2.GaussianBlur(g, (0, 0), 0.8) + 8
    g = g / cv2.GaussianBlur(g, (0, 0), SHADE * FW / SW)  # without broad shading
    g -= g.mean()
    v = g.ravel()
    return v / (np.linalg.norm(v) + 1e-6)


def describe(flat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Colour and grey descriptors of a flat card face (deck.W × deck.H)."""
    balanced = _card_balanced(flat)
    return _thumb(balanced), _fine(balanced)


def learned_views(folder) -> tuple[list[str], np.ndarray]:
    """The extra views of cards learned from confirmed zones: ids and flat faces."""
    none = [], np.zeros((0, deck.H, deck.W, 3), np.uint8)
    if folder is None or not (folder / VIEWS_FILE).exists():
        return none
    try:
        with np.load(folder / VIEWS_FILE, allow_pickle=False) as z:
            return [str(i) for i in z["ids"]], z["faces"]
    except (OSError, ValueError, KeyError):  # a damaged file: learn afresh
        return none


SW, SH = deck.W // 2, deck.H // 2  # the size candidates are compared at
# each card's twin: the same window of the same colour, plain or print (they differ in a
# print on the valance and a frame on the tag, which a first look at a glance may miss)
TWINS = {c.id: next(d.id for d in ok.DECK if d.window == c.window and d.suit != c.suit
                    and d.suit.split("-")[0] == c.suit.split("-")[0]) for c in ok.DECK}

SIBLINGS = {c.id: [d.id for d in ok.DECK if d.suit == c.suit and d.id != c.id] for c in ok.DECK}


@cache
def view_table() -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, list[np.ndarray]]:
    """Every view of every card (its face, plus views learned from confirmed zones), grouped
    by card: the card ids, where each card's views start, the colour and grey descriptors,
    and each view's flat face (SW × SH, white-balanced) for the close comparison."""
    faces = deck.okoshki_faces()
    extra_ids, extra = learned_views(deck.REGISTERED["folder"])
    views: dict[str, list[np.ndarray]] = {c.id: [faces[c.id]] for c in ok.DECK}
    for cid, face in zip(extra_ids, extra, strict=True):
        if cid in views:
            views[cid].append(face)
    ids, starts, colour, grey, flats = [], [], [], [], []
    for cid, vs in views.items():
        ids.append(cid)
        starts.append(len(colour))
        for face in vs:
            small = _card_balanced(cv2.resize(face, (SW, SH), interpolation=cv2.INTER_AREA))
            colour.append(_thumb(small))
            grey.append(_fine(small))
            flats.append(small)
    return ids, np.array(starts), np.stack(colour), np.stack(grey), flats


def flatten(img: np.ndarray, quad: np.ndarray, size: tuple[int, int] = (SW, SH)) -> np.ndarray:
    """The card at `quad` (TL, TR, BR, BL) warped flat to `size`."""
    w, h = size
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(img, m, (w, h), borderMode=cv2.BORDER_REPLICATE)


@dataclass(frozen=True)
class Match:
    """How a candidate outline matches the cards: best card, its score, the margins."""

    id: str
    score: float
    margin: float  # to the best other card
    kind_margin: float  # to the best card of another kind
    quad: np.ndarray  # turned so that the card's top is quad[0]→quad[1]
    order: tuple[str, ...] = ()  # the best few cards, best first
    view: tuple[int, ...] = ()  # the best view of each of them
    source: str = ""  # what proposed the outline: "features", "outline" or "corner"
    firsts: tuple[float, ...] = ()  # the first look's score of each card in `order`
    rest: float = -1.0  # the first look's best score among the cards not in `order`


@cache
def _squares() -> tuple[np.ndarray, np.ndarray]:
    """The view table's colour and grey descriptors squared (for the masked correlation)."""
    colour, grey = view_table()[2:4]
    return colour * colour, grey * grey


def _masked_scores(views: np.ndarray, v: np.ndarray, seen: np.ndarray,
                   squared: np.ndarray | None = None) -> np.ndarray:
    """Each view's correlation with `v` counting only the seen elements (a card lying over
    this one hides the rest); `squared`: the views squared, when already worked out."""
    vs = v * seen
    n = float(seen.sum())
    # einsum, not BLAS: a BLAS product wakes its threads, which on a busy machine costs
    # milliseconds of waiting for each of these small products
    sv, sp = np.einsum("ij,j->i", views, seen), float(vs.sum())
    cov = np.einsum("ij,j->i", views, vs) - sv * sp / n
    var_v = np.einsum("ij,j->i", views * views if squared is None else squared, seen) \
        - sv * sv / n
    var_p = float(np.dot(vs, vs)) - sp * sp / n
    return cov / np.sqrt(np.maximum(var_v * var_p, 1e-12))


def _seen_planes(hidden: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A hidden mask (SH × SW, in the card's flat frame) as the seen elements of the colour
    and the grey descriptors."""
    seen = (~hidden).astype(np.float32)
    colour = np.repeat(cv2.resize(seen, (VW, VH), interpolation=cv2.INTER_AREA).ravel() > 0.5, 3)
    h, w = seen.shape
    inner = seen[h // 14:h - h // 14, w // 14:w - w // 14]
    grey = cv2.resize(inner, (FW, FH), interpolation=cv2.INTER_AREA).ravel() > 0.5
    return colour.astype(np.float32), grey.astype(np.float32)


def match(img: np.ndarray, quad: np.ndarray, both_ways: bool = True,
          hidden: np.ndarray | None = None, extra: tuple[str, ...] = ()) -> Match:
    """The card whose views best match the outline (either way round), and how sure;
    `hidden`: the part of the card (flat frame) another card lies over, left out; `extra`:
    cards the close look must meet too."""
    ids, starts, colour, grey, _ = view_table()
    flat = _card_balanced(flatten(img, quad))
    seen = _seen_planes(hidden) if hidden is not None else None
    best: Match | None = None
    for turn in (0, 2) if both_ways else (0,):
        f = flat if turn == 0 else cv2.rotate(flat, cv2.ROTATE_180)
        if seen is None:
            scores = 0.5 * np.einsum("ij,j->i", colour, _thumb(f)) + 0.5 * np.einsum(
                "ij,j->i", grey, _fine(f))
        else:
            sq_colour, sq_grey = _squares()
            scores = 0.5 * _masked_scores(colour, _thumb(f), seen[0], sq_colour) + \
                0.5 * _masked_scores(grey, _fine(f), seen[1], sq_grey)
        per_card = np.maximum.reduceat(scores, starts)
        order = np.argsort(-per_card)
        top = int(order[0])
        kind = ok.CARDS[ids[top]].kind
        second = float(per_card[order[1]])
        other = max((float(per_card[k]) for k in order[1:] if ok.CARDS[ids[k]].kind != kind),
                    default=-1.0)
        ends = np.append(starts[1:], len(scores))
        near = [k for k in order[:SHORTLIST] if per_card[k] >= per_card[top] - SHORTLIST_GAP]
        # a first look can miss a print on the valance or a bar: the cards one such detail
        # away from the best (its other windows, each one's other print) get the close look too
        near += [ids.index(c) for c in (*SIBLINGS[ids[top]], *extra) if ids.index(c) not in near]
        for k in list(near):
            twin = ids.index(TWINS[ids[k]])
            if twin not in near:
                near.append(twin)
        views = tuple(int(starts[k] + np.argmax(scores[starts[k]:ends[k]])) for k in near)
        outside = np.ones(len(per_card), bool)
        outside[near] = False
        m = Match(ids[top], float(per_card[top]), float(per_card[top]) - second,
                  float(per_card[top]) - other, np.roll(quad, -turn, axis=0),
                  tuple(ids[k] for k in near), views, "",
                  tuple(float(per_card[k]) for k in near),
                  float(per_card[outside].max()) if outside.any() else -1.0)
        if best is None or m.score > best.score:
            best = m
    assert best is not None
    return best


def _detail(img: np.ndarray) -> np.ndarray:
    """A larger normalised Lab view than _thumb, for the close comparison."""
    lab = cv2.cvtColor(cv2.GaussianBlur(img, (0, 0), 0.6), cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 0] = (lab[..., 0] - lab[..., 0].mean()) / (lab[..., 0].std() + 1e-3)
    lab[..., 1:] = (lab[..., 1:] - 128) / 20
    m = DETAIL_MARGIN
    v = lab[m:-m, m:-m].ravel()
    return v / (np.linalg.norm(v) + 1e-6)


DETAIL_MARGIN = 6  # pixels of the SW × SH face left out of the close comparison (the edge)


def _lab(img: np.ndarray) -> np.ndarray:
    """Lab with lightness standardised (exposure, glare) and colour in units of 20."""
    lab = cv2.cvtColor(cv2.GaussianBlur(img, (0, 0), 0.8), cv2.COLOR_BGR2LAB).astype(np.float32)
    light = lab[..., 0] + 8
    light = light / cv2.GaussianBlur(light, (0, 0), SHADE)  # a shadow or glare shades broadly
    lab[..., 0] = (light - light.mean()) / (light.std() + 1e-3)
    lab[..., 1:] = (lab[..., 1:] - 128) / 20
    return lab


SHADE = 14.0  # pixels (of SW × SH): lightness changes broader than this are taken as shading


def _planes(d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two planes whose magnitude is the Lab distance: lightness and the colour distance."""
    return d[..., 0], cv2.magnitude(d[..., 1], d[..., 2])


def _grey_half(img: np.ndarray) -> np.ndarray:
    """A blurred grey copy at half size: what ECC aligns."""
    g = cv2.resize(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), (SW // 2, SH // 2),
                   interpolation=cv2.INTER_AREA).astype(np.float32) + 8
    g = g / cv2.GaussianBlur(g, (0, 0), SHADE / 2)  # without broad shading (shadow, glare)
    return cv2.GaussianBlur(g, (0, 0), 0.8)


@cache
def _view_grey(v: int) -> np.ndarray:
    """_grey_half of view v of the view table (worked out once per view)."""
    return _grey_half(view_table()[4][v])


def _onto(flat_grey: np.ndarray, ref: np.ndarray,
          seen: np.ndarray | None = None, ref_grey: np.ndarray | None = None
          ) -> tuple[np.ndarray, np.ndarray]:
    """A card's view moved onto the photographed card (ECC, affine, found at half size;
    unmoved when that fails or would move it far), and the move (photo's flat frame → the
    view's). `seen`: the photographed card's pixels to align on (half size, uint8);
    `ref_grey`: _grey_half(ref), when already worked out."""
    warp = np.eye(2, 3, dtype=np.float32)
    ref_grey = _grey_half(ref) if ref_grey is None else ref_grey
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 30, 1e-3)
    try:
        if seen is None:
            _, warp = cv2.findTransformECC(flat_grey, ref_grey, warp, cv2.MOTION_AFFINE,
                                           criteria, None, 1)
        else:  # ECC masks the moved image: move the photo onto the view, then invert
            _, back = cv2.findTransformECC(ref_grey, flat_grey, warp, cv2.MOTION_AFFINE,
                                           criteria, seen, 1)
            warp = cv2.invertAffineTransform(back).astype(np.float32)
    except cv2.error:
        warp = np.eye(2, 3, dtype=np.float32)
    warp[:, 2] *= 2  # back to full size
    if np.abs(warp[:, :2] - np.eye(2)).max() > 0.15 or np.abs(warp[:, 2]).max() > 0.12 * SW:
        warp = np.eye(2, 3, dtype=np.float32)
    return cv2.warpAffine(ref, warp, (SW, SH), flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE), warp


def settle(img: np.ndarray, m: Match, hidden: np.ndarray | None = None) -> Match:
    """Close comparison of the best few cards: each one's best view is moved onto the
    photographed card (ECC), then every two are compared only where they differ (a print on
    the valance, a bar, a cloud): the card nearer the photo there wins. The margin is how
    much nearer the winner is than the runner-up, as a share. `hidden`: the part another
    card lies over, left out."""
    _, _, _, _, flats = view_table()
    flat = _card_balanced(flatten(img, m.quad))
    fg = _grey_half(flat)
    ids = list(m.order)
    seen = None
    if hidden is not None:
        seen = cv2.resize((~hidden).astype(np.uint8), (fg.shape[1], fg.shape[0]),
                          interpolation=cv2.INTER_NEAREST)
    photo = _lab(flat)
    e = DETAIL_MARGIN
    inner = np.zeros(photo.shape[:2], bool)
    inner[e:-e, e:-e] = True
    if hidden is not None:
        inner &= ~hidden
    # ECC leaves a pixel or two of misfit (a bar, a cloud's edge): every comparison forgives
    # a shift that small, so that only what one image has and the other lacks counts
    around = _span(photo)
    all_ids, starts = view_table()[:2]

    def fitted(v: int) -> tuple:
        """A view moved onto the card: the move, the view in Lab, its span, the distance."""
        mv = _onto(fg, flats[v], seen, _view_grey(v))
        ref = _lab(mv[0])
        span = _span(ref)
        return mv, ref, span, _apart(photo, ref, span, around)

    looks = [fitted(v) for v in m.view]
    fit = [float(d[inner].mean()) for *_, d in looks]
    for i, cid in enumerate(ids):
        # a view cut a little askew from a layout photo cannot be moved onto the card
        # everywhere at once: when a close contender's view fits only so-so, its card's
        # other registered view may fit better
        if fit[i] < FITS_WELL or fit[i] > 1.5 * min(fit):
            continue
        k = all_ids.index(cid)
        for t in range(starts[k], min(starts[k] + VIEWS_TRIED, _end(k))):
            if t != m.view[i]:
                other = fitted(t)
                f = float(other[3][inner].mean())
                if f < fit[i]:
                    looks[i], fit[i] = other, f
    moved = [x[0] for x in looks]
    refs = [x[1] for x in looks]
    spans = [x[2] for x in looks]
    dist = [x[3] for x in looks]
    # where a view moved a long way has nothing of its own (the edge repeated), it tells
    # nothing: such pixels are left out of its comparisons
    ones = np.ones((SH, SW), np.uint8)
    covers = [cv2.erode(cv2.warpAffine(ones, w, (SW, SH), flags=cv2.INTER_NEAREST
                                       + cv2.WARP_INVERSE_MAP, borderValue=0),
                        np.ones((FORGIVE, FORGIVE), np.uint8)) > 0 for _, w in moved]
    shares: dict[tuple[int, int], float] = {}

    def share(i: int, j: int) -> float:
        """How much nearer the photo card i is than card j where the two differ (> 0: i)."""
        if (i, j) not in shares:
            differ = ((_apart(refs[i], refs[j], spans[j], spans[i]) > PAIR_DIFFER) & inner
                      & covers[i] & covers[j])
            s = 0.0  # where the two hardly differ (or that part is hidden), no telling
            if differ.sum() >= PAIR_MIN_PIXELS:
                da, db = float(dist[i][differ].mean()), float(dist[j][differ].mean())
                s = (db - da) / (da + db + 1e-6)
            shares[(i, j)], shares[(j, i)] = s, -s
        return shares[(i, j)]

    # winner stays: the first look's order, each challenger against the best so far; the
    # winner must then beat every card (else all pairs are counted)
    n = len(ids)
    best_k = 0
    for k in range(1, n):
        if share(k, best_k) > 0:
            best_k = k
    if any(share(best_k, k) < 0 for k in range(n) if k != best_k):
        wins = [sum(share(i, j) for j in range(n) if j != i) for i in range(n)]
        best_k = int(np.argmax(wins))
    best = ids[best_k]
    margin = min((share(best_k, k) for k in range(n) if k != best_k), default=1.0)
    kind = ok.CARDS[best].kind
    kind_margin = min((share(best_k, k) for k in range(n)
                       if k != best_k and ok.CARDS[ids[k]].kind != kind), default=m.kind_margin)
    score = m.score if best == m.id else m.score - max(0.0, -share(best_k, ids.index(m.id)))
    # the outline the winner's view says: its corners taken back to the photo
    warp = moved[best_k][1]
    corners = np.float32([[0, 0], [SW, 0], [SW, SH], [0, SH]])
    in_flat = cv2.transform(corners[None], cv2.invertAffineTransform(warp))[0]
    to_flat = cv2.getPerspectiveTransform(m.quad.astype(np.float32), corners)
    quad = cv2.perspectiveTransform(in_flat[None], np.linalg.inv(to_flat))[0]
    # the close look only weighed the first look's few best cards: a card left out of it
    # that the first look found nearly as good is a rival the margin never met
    if m.firsts:
        margin = min(margin, (m.firsts[best_k] - m.rest) / OUTSIDE_GAP * SURE_MARGIN)
    return Match(best, score, margin, kind_margin, quad.astype(np.float32), m.order, m.view,
                 m.source, m.firsts, m.rest)


OUTSIDE_GAP = 0.03  # a card out of the close look this near (first look) makes the best unsure
PAIR_DIFFER = 1.2  # two views differ at a pixel by this much (standardised Lab)
FORGIVE = 5  # pixels (of SW × SH): the window a misfit may shift a detail within


def _span(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's neighbourhood range, channel by channel (lowest, highest)."""
    k = np.ones((FORGIVE, FORGIVE), np.uint8)
    return cv2.erode(lab, k), cv2.dilate(lab, k)


def _outside(a: np.ndarray, span: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """How far each pixel of `a` lies outside the other image's range around it."""
    lo, hi = span
    return cv2.magnitude(*_planes(np.maximum(lo - a, 0) + np.maximum(a - hi, 0)))


def _apart(a: np.ndarray, b: np.ndarray, span_b, span_a) -> np.ndarray:
    """Per pixel, how far two aligned Lab images differ, forgiving a small shift: what
    either has that the other lacks nearby (a print, a bar) counts; a detail a pixel or two
    off does not."""
    return np.maximum(_outside(a, span_b), _outside(b, span_a))
PAIR_MIN_PIXELS = 40
VIEWS_TRIED = 2  # views of each card moved onto the photo in the close look
FITS_WELL = 0.3  # a view that fits the photo this well (mean) needs no other tried


def _end(k: int) -> int:
    """Where card k's views end in the view table."""
    starts = view_table()[1]
    return int(starts[k + 1]) if k + 1 < len(starts) else len(view_table()[4])


def identify(img: np.ndarray, quad: np.ndarray) -> tuple[str, float]:
    """The face whose views best match the card at `quad`, and how sure that is."""
    m = match(img, quad, both_ways=False)
    return m.id, _confidence(m)


def _confidence(m: Match) -> float:
    return round(float(np.clip(0.5 + (m.margin - SURE_MARGIN) * 5 + (m.score - SURE_SCORE),
                               0, 1)), 3)


def _covered(mask: np.ndarray, quad: np.ndarray) -> float:
    """The share of a quadrilateral that lies on a mask (sampled on a 9 × 13 grid)."""
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


def find_matches(img: np.ndarray) -> list[Match]:
    """Every candidate outline that matches a card: SIFT finds (a face's homography, the
    right way round), then light card-shaped blobs (either way round) and, where cards lie
    over one another, guesses from the square corners of the blob; a candidate on a card
    already matched is not tried again."""
    found: list[Match] = []

    def covered(quad: np.ndarray, share: float) -> bool:
        return any(overlap(quad, m.quad) >= share for m in found)

    fits = _Fits(img, found)

    def consider(quad: np.ndarray, both: bool, source: str) -> None:
        if _quad_ok(quad, img.shape):
            m = match(img, quad, both)
            if m.score < ACCEPT and source != "features":
                # a card half under others matches badly as a whole: leave out where a card
                # already found lies over it, and look again
                hidden = _under_found(img, quad, found, fits)
                if hidden is not None and hidden.mean() <= HIDDEN_MOST:
                    m = match(img, quad, both, hidden)
            if m.score >= ACCEPT:
                found.append(replace(m, source=source))

    sift = find_cards(img)
    for quad, _n in sift:
        consider(quad, False, "features")
    blobs = outlines.light_blobs(img)
    unexplained = blobs[1].copy()
    for m in found:
        cv2.fillConvexPoly(unexplained, m.quad.astype(np.int32), 0)
    sides = [min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1])) for q, _ in sift]
    if sides and np.count_nonzero(unexplained) < 0.5 * 1.4 * float(np.median(sides)) ** 2:
        return found  # the features explain every light blob: no card is left to find
    left: list[np.ndarray] = []
    singles = outlines.card_quads(img, left=left, blobs=blobs)
    for quad in singles:
        if not covered(quad, 0.6):
            consider(quad, True, "outline")
    sides = [min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1]))
             for q in [q for q, _ in sift] + singles]
    short = float(np.median(sides)) if sides else 0.085 * max(img.shape[:2])
    if left:
        for quad in outlines.corner_quads(left[0], short):
            if _covered(left[0], quad) >= 0.85 and not covered(quad, 0.4):
                consider(quad, True, "corner")
    return found


def read_zone(img: np.ndarray) -> list[tuple[Match, bool]]:
    """The cards on a zone's working image, each with whether it is unsure."""
    found = find_matches(img)
    # best first; an outline mostly inside a better one is the same card (cards overlap
    # each other by a quarter at most)
    found.sort(key=lambda f: -f.score)
    kept: list[Match] = []
    for m in found:
        if all(overlap(m.quad, k.quad) < 0.4 for k in kept):
            kept.append(m)
    kept = [_nudged(img, m) if m.source == "corner" else m for m in kept]
    settled = [_settled(img, m0) for m0 in kept]
    covered = _hidden_parts(img, settled)
    for k, hidden in enumerate(covered):
        if hidden.mean() >= HIDDEN_LOOK:  # another card lies over this one: look again
            settled[k] = _settled(img, settled[k], hidden)
    out = []
    for m, hidden in zip(settled, covered, strict=True):
        # each card is in the deck once: when two finds say the same card, both need a look
        twice = sum(1 for k in settled if k.id == m.id) > 1
        doubtful = m.source == "corner" and m.score < SURE_GUESSED  # the outline may be off
        out.append((m, bool(m.margin < SURE_MARGIN or m.score < SURE_SCORE or twice or doubtful
                            or hidden.mean() > HIDDEN_MOST)))
    return out


HIDDEN_LOOK = 0.03  # a card this much under others is looked at again without that part
HIDDEN_MOST = 0.4  # and is unsure when more of it is hidden


NUDGES = (-0.06, -0.03, 0.0, 0.03, 0.06)  # shifts tried, as shares of the card's sides


def _nudged(img: np.ndarray, m: Match) -> Match:
    """An outline guessed from a corner, moved to where its card matches best (the guess
    takes the card's size from the others and may sit a few per cent off)."""
    q = m.quad.astype(np.float32)
    across, down = q[1] - q[0], q[3] - q[0]
    best = m
    for dx in NUDGES:
        for dy in NUDGES:
            if dx == dy == 0.0:
                continue
            moved = q + dx * across + dy * down
            if _quad_ok(moved, img.shape):
                cand = match(img, moved, both_ways=False)
                if cand.score > best.score + 0.01:
                    best = replace(cand, source=m.source)
    return best


def _settled(img: np.ndarray, m0: Match, hidden: np.ndarray | None = None) -> Match:
    """A candidate after the close look (again when the look moved its outline)."""
    if hidden is not None:
        m0 = replace(match(img, m0.quad, both_ways=False, hidden=hidden), source=m0.source)
    m = m0 if len(m0.order) < 2 else settle(img, m0, hidden)  # a lone candidate needs no look
    # the close look met the first look's best card's other windows and twin: when another
    # card won, its own are met too (the true card may be one detail away from the winner)
    missing = tuple(c for c in (*SIBLINGS[m.id], TWINS[m.id]) if c not in m0.order)
    if m.id != m0.id and missing:
        m0 = replace(match(img, m0.quad, both_ways=False, hidden=hidden, extra=(m.id, *missing)),
                     source=m0.source)
        m = settle(img, m0, hidden)
    if hidden is None and np.abs(m.quad - m0.quad).max() > 0.04 * SW * 2:
        again = match(img, m.quad, both_ways=False)  # the outline moved: look again
        m = again if len(again.order) < 2 else settle(img, again)
    return replace(m, source=m0.source)


def _misfit(img: np.ndarray, m: Match) -> np.ndarray:
    """Per pixel of the card's flat frame, how far the photo is from the card's best view."""
    _, _, _, _, flats = view_table()
    flat = _card_balanced(flatten(img, m.quad))
    view = m.view[m.order.index(m.id)] if m.id in m.order else None
    if view is None:
        return np.zeros((SH, SW), np.float32)
    ref = _lab(_onto(_grey_half(flat), flats[view], None, _view_grey(view))[0])
    photo = _lab(flat)
    return _apart(photo, ref, _span(ref), _span(photo))


def _in_frame(poly: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """A photo polygon as a mask of a card's flat frame (SH × SW)."""
    corners = np.float32([[0, 0], [SW, 0], [SW, SH], [0, SH]])
    to_flat = cv2.getPerspectiveTransform(quad.astype(np.float32), corners)
    pts = cv2.perspectiveTransform(poly.reshape(-1, 1, 2).astype(np.float32), to_flat)
    mask = np.zeros((SH, SW), np.uint8)
    cv2.fillConvexPoly(mask, pts.reshape(-1, 2).round().astype(np.int32), 1)
    return mask > 0


def _overlap(a: np.ndarray, b: np.ndarray, least: float) -> np.ndarray | None:
    """Where two outlines overlap (a photo polygon), or None when that is under `least`."""
    area, poly = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return None if poly is None or area < least else poly


def _grown(mask: np.ndarray) -> np.ndarray:
    """A hidden part grown by two pixels: the card on top casts a border and a shadow a little
    beyond its outline."""
    return cv2.dilate(mask.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0


class _Fits:
    """Each card's misfit map, worked out when first asked for."""

    def __init__(self, img: np.ndarray, cards: list[Match]) -> None:
        self.img, self.cards, self.maps = img, cards, {}

    def __getitem__(self, k: int) -> np.ndarray:
        if k not in self.maps:
            self.maps[k] = _misfit(self.img, self.cards[k])
        return self.maps[k]


def _under_found(img: np.ndarray, quad: np.ndarray, found: list[Match],
                 fits: _Fits) -> np.ndarray | None:
    """The part of an outline (its flat frame) where a card already found shows (its view
    fits the photo there), or None when no found card overlaps it."""
    hidden = np.zeros((SH, SW), bool)
    for k, f in enumerate(found):
        poly = _overlap(quad, f.quad, 0.01 * cv2.contourArea(quad.astype(np.float32)))
        if poly is None:
            continue
        there = _in_frame(poly, f.quad)
        if there.any() and fits[k][there].mean() < FITS:
            hidden |= _grown(_in_frame(poly, quad))
    return hidden if hidden.any() else None


FITS = 0.8  # a card's view fits the photo where the two are this close (mean, standardised Lab)


def _hidden_parts(img: np.ndarray, cards: list[Match]) -> list[np.ndarray]:
    """For each card, the part of it (flat frame) that another card lies over: where two
    outlines overlap, the card whose view fits the photo there is the one on top."""
    hidden = [np.zeros((SH, SW), bool) for _ in cards]
    fits = _Fits(img, cards)
    areas = [cv2.contourArea(c.quad.astype(np.float32)) for c in cards]
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            poly = _overlap(cards[i].quad, cards[j].quad, 0.01 * min(areas[i], areas[j]))
            if poly is None:
                continue
            in_i, in_j = _in_frame(poly, cards[i].quad), _in_frame(poly, cards[j].quad)
            if not in_i.any() or not in_j.any():
                continue
            under = i if fits[i][in_i].mean() > fits[j][in_j].mean() else j
            hidden[under] |= _grown(in_i if under == i else in_j)
    return hidden


def recognise(data: bytes) -> ZoneRecognition:
    """Photo bytes of a zone -> the cards found, each with its outline and confidence."""
    t0 = time.perf_counter()
    img = decode(data)
    cards: list[CardFind] = []
    for m, unsure in read_zone(img):
        conf = _confidence(m)
        # the confidence tells the same as the flag: below UNSURE exactly when unsure
        conf = min(conf, UNSURE - 0.01) if unsure else max(conf, UNSURE)
        cards.append(CardFind(m.id, ok.CARDS[m.id].kind, conf, m.quad.round(1).tolist(), unsure))
    zone = dict.fromkeys(ok.KINDS, 0)
    for c in cards:
        zone[c.kind] += 1
    warnings: list[Message] = []
    if not cards:
        warnings.append(Message("No cards found on this photo."))
    unsure = sum(1 for c in cards if c.unsure)
    if unsure:
        warnings.append(nmsg("%(num)d card to check: it is outlined in orange.",
                             "%(num)d cards to check: they are outlined in orange.", unsure))
    return ZoneRecognition(cards, zone, warnings, round(time.perf_counter() - t0, 3),
                           (img.shape[1], img.shape[0]))
