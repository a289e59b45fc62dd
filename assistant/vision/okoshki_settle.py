"""The close look: the best few cards' views moved onto the photographed card (ECC), then
every two compared only where they differ; the card nearer the photo there wins."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.games import okoshki as ok
from assistant.vision.okoshki_describe import (
    DETAIL_MARGIN,
    FORGIVE,
    SH,
    SW,
    _coarse,
    _grey_half,
    _lab,
    _lab_done,
    _length,
    _outside_power,
    _span,
)
from assistant.vision.okoshki_match import SURE_MARGIN, Match
from assistant.vision.okoshki_shape import balanced_flat
from assistant.vision.okoshki_spots import spot_lean
from assistant.vision.okoshki_twins import aligned, print_lean
from assistant.vision.okoshki_views import TWINS, _end, _view_grey, view_table

OUTSIDE_GAP = 0.03  # a card out of the close look this near (first look) makes the best unsure
PAIR_DIFFER = 1.2  # two views differ at a pixel by this much (standardised Lab)


COARSE_DIFFER = 0.25  # two blurred views differ at a pixel by this much (standardised Lab)
COLOUR_ONLY = 0.5  # the weight of a pair told apart by colour alone


def _gap(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pixel, the Lab distance of two aligned images."""
    return _length(cv2.subtract(a, b))


def _apart(a: np.ndarray, b: np.ndarray, span_b, span_a) -> np.ndarray:
    """Per pixel, how far two aligned Lab images differ, forgiving a small shift: what
    either has that the other lacks nearby (a print, a bar) counts; a detail a pixel or two
    off does not."""
    return cv2.sqrt(cv2.max(_outside_power(a, span_b), _outside_power(b, span_a)))
PAIR_MIN_PIXELS = 40
TWIN_NEAR = 0.3  # a twin the close look put less far behind (share) is looked at in print
TWIN_FLIP = 0.3  # and the print (okoshki_twins) must say it this clearly to change the answer
PRINT_SURE = 0.5  # a print agreeing with the close look this clearly puts the twin SURE_MARGIN
# behind (decks 2, 4, 6, 8: 114 right ids leaned 0.5 or more, 16 0.3-0.5; of the 15 wrong ids
# with a print look, the 2 at 0.5 or more had the right print but the wrong window or colour,
# which the close look's own margin still marks)
UNSEEN_MOST = 0.1  # a twin's view that never showed more of the card than this is no match
VIEWS_TRIED = 2  # views of each card moved onto the photo in the close look
FITS_WELL = 0.3  # a view that fits the photo this well (mean) needs no other tried
SLID = 1.25  # a view this many times further from the photo moved than unmoved slid off
# (deck 6's close looks: 6 of 2,094 views moved that badly, one the true card's at 2.4 times,
# and its sibling won, sure; a true card's move made it 10-25 % further in 8 of 203)
FAR, FAR_BY = 2.0, 0.15  # a view unmoved this much (times, and plus) worse than the best
# unmoved one is not moved onto the photo (mean distance, standardised Lab)
MOVE_STEPS = 10  # ECC steps of a view's move: on deck 6's zones half the moves had settled by
# 10 and a third never did by 30 or 60 (a rival's view creeping on); 30 steps cost 2.3 times
# the CPU (benchmarks/okoshki_ecc_steps.py) and read the nine decks of recognition2.py within
# one card each way, with no wrong id newly left unmarked


def _move(flat_grey: np.ndarray, ref_grey: np.ndarray, seen: np.ndarray | None = None
          ) -> np.ndarray:
    """The move (photo's flat frame → the view's) that lays a card's view onto the
    photographed card (ECC, affine, found at half size; none when that fails or would move
    it far). `seen`: the photographed card's pixels to align on (half size, uint8)."""
    warp = np.eye(2, 3, dtype=np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, MOVE_STEPS, 1e-3)
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
    return warp


def _moved(view: np.ndarray, warp: np.ndarray) -> np.ndarray:
    """An image in a view's frame (the view, its Lab) laid onto the photographed card."""
    return cv2.warpAffine(view, warp, (SW, SH), flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def _still(warp: np.ndarray) -> bool:
    """Whether a move moves nothing."""
    return bool(np.array_equal(warp, np.eye(2, 3, dtype=np.float32)))


def _onto(flat_grey: np.ndarray, ref: np.ndarray,
          seen: np.ndarray | None = None, ref_grey: np.ndarray | None = None
          ) -> tuple[np.ndarray, np.ndarray]:
    """A card's view moved onto the photographed card (_move), and the move. `ref_grey`:
    _grey_half(ref), when already worked out."""
    warp = _move(flat_grey, _grey_half(ref) if ref_grey is None else ref_grey, seen)
    return _moved(ref, warp), warp


def _opened(img: np.ndarray, m: Match, hidden: np.ndarray | None, memo: dict | None) -> dict:
    """The memo of the close look at m's outline (`memo` itself when it is of that outline and
    hidden part, else emptied for it, or a new one), with the photographed card's images."""
    # a second look at the same outline (another card won, so its own twin and windows are
    # met too) moves mostly the same views onto the same photo: each is worked out once
    key = (m.quad.astype(np.float32).tobytes(), None if hidden is None else hidden.tobytes())
    if memo is None or memo.get("key") != key:
        memo = {} if memo is None else memo
        memo.clear()
        memo["key"] = key
    if "photo" not in memo:  # the photographed card's own images: the same in every look
        memo["photo"] = _photo_look(img, m.quad, hidden)
    return memo


_STILL = np.eye(2, 3, dtype=np.float32)


def _lying(memo: dict, v: int, d: np.ndarray | None = None) -> tuple:
    """A view compared where it lies, unmoved (as _fitted gives it; `d`: its distance)."""
    _, _, _, photo, _, around, sample, _, photo_ab, _ = memo["photo"]
    if ("cast", v) not in memo:  # the view shifted by its cast, once per outline
        labs, view_spans = view_table()[7][1], view_table()[9]
        c = _cast(photo_ab, labs[v], sample)
        memo["cast", v] = cv2.add(labs[v], c), (cv2.add(view_spans[v][0], c),
                                                 cv2.add(view_spans[v][1], c))
    ref, span = memo["cast", v]
    if d is None:
        if ("apart", v) not in memo:
            memo["apart", v] = _apart(photo, ref, span, around)
        d = memo["apart", v]
    return _STILL, ref, span, d


def _fitted(memo: dict, v: int, d: np.ndarray | None = None) -> tuple:
    """A view moved onto the card: the move, the view in Lab, its span, the distance
    (`d`: the view's distance unmoved, when already worked out)."""
    if v not in memo:
        _, fg, seen, photo, inner, around, sample, _, photo_ab, _ = memo["photo"]
        # the view's Lab worked out once and moved (a move of a pixel or two: nearly the
        # same as the Lab of the moved view, for half the time); its lightness is
        # standardised after the move, on what the photo's card shows of it
        warp = _move(fg, _view_grey(v), seen)
        unmoved = _lying(memo, v, d)
        if _still(warp):
            memo[v] = unmoved
        else:
            ref = _lab_done(_moved(view_table()[7][0][v], warp))
            ref = cv2.add(ref, _cast(photo_ab, ref, sample))
            span = _span(ref)
            moved = warp, ref, span, _apart(photo, ref, span, around)
            # ECC aligns grey at half size: a move that leaves the view clearly further
            # from the photo than it lay unmoved slid off (a card under another, a print
            # pulling it) and is not taken
            slid = moved[3][inner].mean() > SLID * unmoved[3][inner].mean()
            memo[v] = unmoved if slid else moved
    return memo[v]


def _outline(quad: np.ndarray, warp: np.ndarray) -> np.ndarray:
    """The photo outline a view moved onto the card at `quad` by `warp` says: the view's
    corners taken back to the photo."""
    corners = np.float32([[0, 0], [SW, 0], [SW, SH], [0, SH]])
    in_flat = cv2.transform(corners[None], cv2.invertAffineTransform(warp))[0]
    to_flat = cv2.getPerspectiveTransform(quad.astype(np.float32), corners)
    return cv2.perspectiveTransform(in_flat[None], np.linalg.inv(to_flat))[0]


def best_outline(img: np.ndarray, m: Match, memo: dict) -> np.ndarray:
    """The outline the first look's best card's view says once moved onto the card (as the
    close look would move it), worked out in `memo` for a close look at m's outline."""
    memo = _opened(img, m, None, memo)
    return _outline(m.quad, _fitted(memo, m.view[0])[0])


def settle(img: np.ndarray, m: Match, hidden: np.ndarray | None = None,
           memo: dict | None = None) -> Match:
    """Close comparison of the best few cards: each one's best view is moved onto the
    photographed card (ECC), then every two are compared only where they differ (a print on
    the valance, a bar, a cloud): the card nearer the photo there wins. The margin is how
    much nearer the winner is than the runner-up, as a share. `hidden`: the part another
    card lies over, left out; `memo`: the views already moved onto this outline by an
    earlier look (a dict kept by the caller; filled here)."""
    memo = _opened(img, m, hidden, memo)
    flat, fg, seen, photo, inner, around, sample, photo_c, photo_ab, photo_c_ab = memo["photo"]
    ids = list(m.order)
    all_ids, starts = view_table()[:2]
    coarse = view_table()[8]

    chosen = list(m.view)
    # ECC is most of the close look's time, and a card far off the photo as it lies (a
    # curtain of another colour) is as far off once moved: such views are compared unmoved
    # (moving them hardly ever brought one within reach of the best on decks 2, 4 and 6)
    glance = [_lying(memo, v)[3] for v in chosen]
    rough = [float(d[inner].mean()) for d in glance]
    reach = max(FAR * min(rough), min(rough) + FAR_BY)
    looks = [_fitted(memo, v, d) if f <= reach else _lying(memo, v, d)
             for v, f, d in zip(chosen, rough, glance, strict=True)]
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
                other = _fitted(memo, t)
                f = float(other[3][inner].mean())
                if f < fit[i]:
                    looks[i], fit[i], chosen[i] = other, f, t
    warps = [x[0] for x in looks]
    refs = [x[1] for x in looks]
    # the same, blurred: a fine print (small crosses, dots) that a shift-forgiving pixel
    # comparison cannot tell from a plain curtain still makes the curtain lighter on average
    # (by view and move: a view compared unmoved in one look may be moved in another)
    # each card's looks below are kept in the memo by its view and move: a second look at
    # the outline meets mostly the same views moved the same way, and compares them again
    keys = [(v, w.tobytes()) for v, w in zip(chosen, warps, strict=True)]
    for v, w, kv in zip(chosen, warps, keys, strict=True):
        if ("coarse", kv) not in memo:
            # an unmoved view's coarse Lab is the same on every outline: worked out once
            ref_c = _coarse_lab(v) if _still(w) else _lab_done(_moved(coarse[v], w))
            memo["coarse", kv] = cv2.add(ref_c, _cast(photo_c_ab, ref_c, sample))
    refs_c = [memo["coarse", kv] for kv in keys]
    spans = [x[2] for x in looks]
    dist = [x[3] for x in looks]
    # where a view moved a long way has nothing of its own (the edge repeated), it tells
    # nothing: such pixels are left out of its comparisons; so is the band a face cut inside
    # its card at registration never showed (repeated when it was moved onto the frame)
    known = view_table()[6]
    for v, w, kv in zip(chosen, warps, keys, strict=True):
        if ("cover", kv) not in memo:
            memo["cover", kv] = cv2.erode(
                cv2.warpAffine(known[v].astype(np.uint8), w, (SW, SH),
                               flags=cv2.INTER_NEAREST + cv2.WARP_INVERSE_MAP, borderValue=0),
                np.ones((FORGIVE, FORGIVE), np.uint8)) > 0
    covers = [memo["cover", kv] for kv in keys]

    def gap_c(i: int) -> np.ndarray:
        """The blurred photo's distance to card i's blurred view (once per view and move)."""
        if ("gap_c", keys[i]) not in memo:
            memo["gap_c", keys[i]] = _gap(photo_c, refs_c[i])
        return memo["gap_c", keys[i]]

    inner_u8 = inner.view(np.uint8)

    def follows(i: int, where: np.ndarray) -> float:
        """How closely the photo follows card i's view at `where` (uint8 mask)."""
        if ("product", keys[i]) not in memo:
            memo["product", keys[i]] = cv2.multiply(photo, refs[i])
        return _follows(photo, refs[i], memo["product", keys[i]], where)

    def whole(i: int) -> float:
        """How closely the photo follows card i's view over the whole card."""
        if ("whole", keys[i]) not in memo:
            memo["whole", keys[i]] = follows(i, inner_u8)
        return memo["whole", keys[i]]

    def share(i: int, j: int) -> float:
        """How much nearer the photo card i is than card j where the two differ (> 0: i)."""
        if ("share", keys[i], keys[j]) not in memo:
            differ = ((_apart(refs[i], refs[j], spans[j], spans[i]) > PAIR_DIFFER) & inner
                      & covers[i] & covers[j])
            s = 0.0  # where the two hardly differ (or that part is hidden), no telling
            if np.count_nonzero(differ) >= PAIR_MIN_PIXELS:
                da, db = float(dist[i][differ].mean()), float(dist[j][differ].mean())
                s = (db - da) / (da + db + 1e-6)
                # distances count a zone's light twice over: a photo that renders a cloud
                # faint and a sky another blue is far from both cards there, and may be
                # nearer the card with sky (deck 6: ids of 3 clouds for 4). Which card's
                # pattern the photo follows there (cloud where it has its cloud) does not
                # care for contrast or cast: it is added, unless neither view lies on the card
                # (a pattern some pixels off follows another: deck 2, an outline 14 px off)
                if max(whole(i), whole(j)) >= FOLLOWS_LEAST:
                    near = cv2.dilate(differ.view(np.uint8), _AROUND) & inner_u8 \
                        & covers[i].view(np.uint8) & covers[j].view(np.uint8)
                    s = min(1.0, max(-1.0, s + (follows(i, near) - follows(j, near)) / 2))
            both = inner & covers[i] & covers[j]
            # no detail of one that the other lacks: a soft part (a pale cloud on a hatched
            # sky, deck 10's 3 and 4) can differ by less than PAIR_DIFFER, and the colours
            # below weigh every pixel the two registration photos' light differs at; such a
            # part is weighed on its own, fitted to the photo's light (okoshki_spots)
            spot = None if s else spot_lean(photo_c, refs_c[i], refs_c[j], both)
            coarse = (_gap(refs_c[i], refs_c[j]) > COARSE_DIFFER) & both
            if np.count_nonzero(coarse) >= PAIR_MIN_PIXELS:
                da = float(gap_c(i)[coarse].mean())
                db = float(gap_c(j)[coarse].mean())
                # colour alone (no detail of one the other lacks) is weaker evidence: the
                # light of the zone's photo and of the registration photo shift it as much
                # as a fine print does
                s = (s + (db - da) / (da + db + 1e-6)) / 2 if s else \
                    COLOUR_ONLY * (db - da) / (da + db + 1e-6)
            if spot is not None:
                s = (s + spot) / 2
            memo["share", keys[i], keys[j]], memo["share", keys[j], keys[i]] = s, -s
        return memo["share", keys[i], keys[j]]

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
    best_k, margin = _twin_look(memo, flat, ids, best_k, share, (chosen, warps, covers, inner))
    best = ids[best_k]
    kind = ok.CARDS[best].kind
    kind_margin = min((share(best_k, k) for k in range(n)
                       if k != best_k and ok.CARDS[ids[k]].kind != kind), default=m.kind_margin)
    score = m.score if best == m.id else m.score - max(0.0, -share(best_k, ids.index(m.id)))
    # the outline the winner's view says: its corners taken back to the photo
    quad = _outline(m.quad, warps[best_k])
    # the winner's twin (its print or plain card) may differ from it only in a print along
    # an edge: when the twin's registered face was cut well inside its card, the band it
    # never showed was not compared, and what was compared is a face stretched out of true,
    # so beating it there cannot make the winner sure
    if TWINS[best] in ids:
        margin = min(margin, _unseen_cap(inner, covers, best_k, ids.index(TWINS[best])))
    # the close look only weighed the first look's few best cards: a card left out of it
    # that the first look found nearly as good is a rival the margin never met
    if m.firsts:
        margin = min(margin, (m.firsts[best_k] - m.rest) / OUTSIDE_GAP * SURE_MARGIN)
    return Match(best, score, margin, kind_margin, quad.astype(np.float32), m.order, m.view,
                 m.source, m.firsts, m.rest)


def _photo_look(img: np.ndarray, quad: np.ndarray, hidden: np.ndarray | None) -> tuple:
    """What the close look compares of the photographed card at `quad` (the same in every
    look at that outline): its flat frame, grey half, seen pixels (half size), Lab, inner
    pixels, Lab span, sampled pixels, coarse Lab, and the a and b of both at the samples."""
    flat = balanced_flat(img, quad)
    fg = _grey_half(flat)
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
    sample = np.zeros_like(inner)
    sample[::CAST_STEP, ::CAST_STEP] = True
    sample = np.flatnonzero(sample & inner)  # taken by index: a mask is read whole each time
    photo_c = _coarse(flat)
    photo_ab, photo_c_ab = (_sampled(p, sample) for p in (photo, photo_c))
    return flat, fg, seen, photo, inner, around, sample, photo_c, photo_ab, photo_c_ab


def _coarse_lab(v: int) -> np.ndarray:
    """View v's coarse Lab, unmoved (_lab_done of its _coarse_raw), once per view: a view
    compared where it lies is the same on every outline (read only; kept with the view
    table, which a newly registered deck makes afresh)."""
    kept = view_table()[10]
    if v not in kept:
        kept[v] = _lab_done(view_table()[8][v].copy())
        kept[v].flags.writeable = False
    return kept[v]


PATTERN_AROUND = 3  # pixels around where two cards differ that show the pattern there
FOLLOWS_LEAST = 0.7  # the photo follows one of two views over the whole card this closely, or
# their patterns are not asked (deck 6's pairs turned right 0.87-0.94; deck 2's outline 14 px
# off, both views unmoved, 0.49 and 0.54)
_AROUND = np.ones((2 * PATTERN_AROUND + 1,) * 2, np.uint8)


def _follows(p: np.ndarray, r: np.ndarray, pr: np.ndarray, where: np.ndarray) -> float:
    """How closely the photo `p` follows a card's view `r` (Lab images; `pr`: their product)
    at `where` (uint8 mask): their correlation, every channel about its own mean (a cast
    shifts the means, a faded print shrinks the spread, neither changes the pattern); 0
    where either is flat."""
    mp, sp = cv2.meanStdDev(p, mask=where)
    mr, sr = cv2.meanStdDev(r, mask=where)
    together = float(sum(cv2.mean(pr, mask=where)[:3]) - float((mp * mr).sum()))
    return together / (float(np.sqrt((sp * sp).sum() * (sr * sr).sum())) + 1e-6)


CAST_MOST = 0.5  # the most a view's colour is shifted towards the photo's (units of 20 Lab)
CAST_STEP = 4  # the cast is the median over every CAST_STEP-th pixel each way


def _sampled(img: np.ndarray, sample: np.ndarray) -> np.ndarray:
    """An image's a and b at the sampled pixels (`sample`: flat indices), as two rows."""
    # one gather into two contiguous rows: a median along a row of a few thousand is a
    # third of the time of one down a column of an N × 2 array (_cast runs 300 times a zone)
    return np.take(img.reshape(-1), sample * img.shape[2] + np.array([[1], [2]]))


def _row_medians(x: np.ndarray) -> np.ndarray:
    """np.median(x, axis=1) of a 2-D float array without NaNs, the same numbers, faster."""
    n = x.shape[1]
    k = n // 2
    if n % 2:
        return np.partition(x, k, axis=1)[:, k]
    part = np.partition(x, (k - 1, k), axis=1)
    # np.median's mean of the two middle values, in the array's own type
    return (part[:, k - 1] + part[:, k]) / x.dtype.type(2)


def _cast(photo_ab: np.ndarray, ref: np.ndarray, sample: np.ndarray) -> tuple[float, ...]:
    """The colour shift (0, a, b; at most CAST_MOST each) that brings a view's colours to the
    photo's (`photo_ab`: the photo's a and b at the sampled pixels, `sample`: their flat
    indices): the median over the sampled pixels. A card's registered face and its photo are
    white-balanced each on its own cut's edge, which on a full-bleed card is no paper (a
    curtain, a sill, the dark stock) and moves with the cut: the true card's face can then
    lie further from the photo in colour than a rival's does (deck 8: purple-3's sky bluer
    than the photo's, purple-4's not). The median stays the card's own where a rival differs
    from it on less than half the card (another curtain's colour, a print)."""
    d = _row_medians(photo_ab - _sampled(ref, sample))
    c = np.clip(d, -CAST_MOST, CAST_MOST)
    return 0.0, float(c[0]), float(c[1]), 0.0  # a scalar, as cv2.add takes it


def _unseen_cap(inner: np.ndarray, covers: list[np.ndarray], best: int, twin: int) -> float:
    """The most the winner's margin can be when its twin's view never showed part of the card
    the winner's view shows: below SURE_MARGIN when that part is over UNSEEN_MOST of it."""
    unseen = float((inner & covers[best] & ~covers[twin]).sum()) / max(1.0, float(inner.sum()))
    return SURE_MARGIN * UNSEEN_MOST / unseen if unseen > UNSEEN_MOST else float("inf")


def _twin_look(memo: dict, flat: np.ndarray, ids: list[str], best_k: int, share,
               looks: tuple) -> tuple[int, float]:
    """The close look's winner, or its twin when the print says so clearly, and the margin.
    A changed answer loses its share to the card it replaced, and one the print disagrees
    with is unsure; when the print agrees clearly (PRINT_SURE), the print, not the colours,
    says how far the twin is behind. `share(i, j)`: the close look's comparison of two cards;
    `looks`: its chosen views, moves, covers and inner pixels."""
    n = len(ids)
    twin = ids.index(TWINS[ids[best_k]]) if TWINS[ids[best_k]] in ids else -1
    others = [k for k in range(n) if k != best_k]
    if twin < 0 or share(best_k, twin) >= TWIN_NEAR:
        return best_k, _ahead(memo, flat, best_k, others, share, looks)
    margin = min((share(best_k, k) for k in others), default=1.0)
    # print and plain twins differ in a print whose lines are about half a pixel wide here:
    # the close look's colours hardly tell them apart, the print's texture can
    lean = _detail_lean(memo, flat, best_k, twin, looks)
    if lean < -TWIN_FLIP:
        return twin, min(share(twin, k) for k in range(n) if k != twin)
    if lean < 0:
        margin = min(margin, SURE_MARGIN * (1 + lean / TWIN_FLIP) - 0.01)
    elif lean >= PRINT_SURE:
        # the colours put a print twin only a little behind (light shifts them as much as a
        # print does); both looks agree, and the print's word on the twin is the clearer one:
        # every other card must still be beaten, by the close look or by the detail look
        versus_twin = max(share(best_k, twin), SURE_MARGIN * lean / PRINT_SURE)
        rest = [k for k in others if k != twin]
        margin = min(versus_twin, _ahead(memo, flat, best_k, rest, share, looks))
    return best_k, margin


def _detail_lean(memo: dict, flat: np.ndarray, i: int, k: int, looks: tuple) -> float:
    """The print look (okoshki_twins.print_lean) at card i against card k: > 0 when the
    photo's fine detail is i's (once per pair of views and moves, kept in the memo)."""
    chosen, warps, covers, inner = looks
    flats = view_table()[4]
    key = ("print", chosen[i], chosen[k], warps[i].tobytes(), warps[k].tobytes())
    if key not in memo:
        exact = []
        for j in (i, k):  # each face's exact move onto this card, once per view and move
            at = ("aligned", chosen[j], warps[j].tobytes())
            if at not in memo:
                memo[at] = aligned(flat, flats[chosen[j]], warps[j])
            exact.append(memo[at])
        memo[key] = print_lean(flat, flats[chosen[i]], flats[chosen[k]], (warps[i], warps[k]),
                               inner & covers[i] & covers[k], (exact[0], exact[1]))
    return memo[key]


def _ahead(memo: dict, flat: np.ndarray, i: int, rivals: list[int], share,
           looks: tuple) -> float:
    """How far card i is ahead of every rival: the close look's share, except that a rival
    it put only a little behind (another window of the same curtain, the same scene on
    another curtain) is put SURE_MARGIN behind when the fine detail (a cloud, a window's
    number) agrees clearly with the close look (PRINT_SURE); nearest rivals first."""
    margin = 1.0
    for k in sorted(rivals, key=lambda k: share(i, k)):
        s = share(i, k)
        if 0 < s < SURE_MARGIN:
            lean = _detail_lean(memo, flat, i, k, looks)
            if lean < PRINT_SURE:
                return min(margin, s)  # the farther rivals cannot set a lower margin
            s = max(s, SURE_MARGIN * lean / PRINT_SURE)
        margin = min(margin, s)
        if s <= 0:
            break
    return margin
