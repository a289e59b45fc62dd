"""How an Okoshki card looks, as numbers: the colour and grey descriptors of a flat card,
its white balance on its own frame, and the Lab images the close look compares."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import deck

VW, VH = 50, 70  # colour comparison size

FW, FH = 60, 84  # fine grey comparison size (bars, valance prints, clouds)

SW, SH = deck.W // 2, deck.H // 2  # the size candidates are compared at


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
    """White-balance a flat card on its light frame (the brightest third of a band along its
    edges, wide enough that a card cut a little inside its border, or at a keyline, still
    has paper in it); a frame whose light is a colour, not paper, sets only the brightness,
    and a card much lighter inside than its frame is balanced on its own lightest inks."""
    b = max(3, round(FRAME_BAND * flat.shape[1]))
    e = 2 * b
    strips = np.concatenate([flat[1:b, e:-e].reshape(-1, 3), flat[-b:-1, e:-e].reshape(-1, 3),
                             flat[e:-e, 1:b].reshape(-1, 3), flat[e:-e, -b:-1].reshape(-1, 3)])
    strips = strips.astype(np.float32)
    sums = strips.sum(axis=1)
    light = strips[sums >= np.percentile(sums, 66)]
    paper = np.median(light, axis=0) + 1
    cream = np.array(deck.CREAM, np.float32)
    # a frame's light that is a colour (a full-bleed card's side strip), not paper in some
    # light, gives the light's brightness but not its colour: an added glare pales a colour
    # but not paper, and a gain that brings a paled strip to cream turns the whole card; its
    # brightest channel is brought to cream's (brighter, that colour would be cut at white)
    colour = float(np.clip(((paper.max() - paper.min()) / paper.max() - PAPER_MOST)
                           / (COLOUR_LEAST - PAPER_MOST), 0, 1))
    gain = (1 - colour) * cream / paper + colour * float(cream.max() / paper.max())
    # limited as a whole, its channels' ratios kept (a gain is at least CREAM / 256, under 1
    # by little): a full-bleed card's frame is a colour (deck 8's purple strip), whose gain
    # runs past the limit in one channel by more the darker the card is photographed, and a
    # channel cut at the limit on its own left that frame purple in the registration's photo
    # and cream in a brighter zone's, which then read the card as another
    gain *= min(1.0, GAIN_MOST / float(gain.max()))
    # a frame much darker than the picture it holds (deck 10's navy stock round a light sky)
    # asks a gain that cut the sky and its clouds to one white, leaving the window's number
    # only in its small numeral: such a card is balanced on its own lightest inks instead
    # (its lightest hundredth to cream, channel by channel; a pale card's paper is its
    # lightest large part, and is balanced on its frame as before); measured on every other
    # pixel each way, as this runs for every outline a zone's look tries
    brightest = flat[::2, ::2].max(axis=2).reshape(-1)
    k = len(brightest) * 19 // 20
    inside = float(np.clip((float(np.partition(brightest, k)[k]) / float(paper.max())
                            - LIGHTER_FROM) / (LIGHTER_ALL - LIGHTER_FROM), 0, 1))
    if inside > 0:
        top = np.percentile(flat.reshape(-1, 3), KEPT_LIGHT, axis=0).astype(np.float32) + 1
        gain = (1 - inside) * gain + inside * np.minimum(cream / top, GAIN_MOST)
    return np.clip(flat.astype(np.float32) * gain, 0, 255).astype(np.uint8)


GAIN_MOST = 2.0  # the most the balance amplifies a channel
KEPT_LIGHT = 99.0  # percentile of a card's pixels (each channel) a dark-framed card's
# balance brings to cream
LIGHTER_FROM, LIGHTER_ALL = 1.2, 1.5  # how much lighter than its frame's light a card's
# lightest twentieth is (brightest channel) when it is balanced on its own lightest inks: not
# at all, wholly (registered faces of decks 2, 4 and 6 at most 1.04, deck 8's 1.00-1.60,
# deck 10's 1.52-1.97)
PAPER_MOST, COLOUR_LEAST = 0.25, 0.45  # a frame's light is paper up to this colourfulness
# ((max - min) / max of its channels) and a colour from that: registered faces of decks 2-6
# 0.00-0.18, deck 8's 0.24-0.84 (its print strips' cream diamonds 0.24-0.59)


FRAME_BAND = 0.06  # share of the card's width along each edge the balance looks at


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


DETAIL_MARGIN = 6  # pixels of the SW × SH face left out of the close comparison (the edge)


def _lab(img: np.ndarray) -> np.ndarray:
    """Lab with lightness standardised (exposure, glare) and colour in units of 20."""
    return _lab_done(_lab_raw(img))


def _lab_raw(img: np.ndarray) -> np.ndarray:
    """_lab before its lightness is standardised: an image that can be moved (warped) and
    then finished by _lab_done, which must see the moved image whole (its mean and spread)."""
    lab = cv2.cvtColor(cv2.GaussianBlur(img, (0, 0), 0.8), cv2.COLOR_BGR2LAB).astype(np.float32)
    # lightness + 8, colour (c - 128) / 20: OpenCV's operations on the whole image give the
    # very float32 numbers of NumPy's on channel slices (every 8-bit value checked), in a
    # fifth of the time (NumPy walks a channel slice slowly)
    return cv2.divide(cv2.subtract(lab, _LAB_SHIFT), _LAB_SCALE)


_LAB_SHIFT, _LAB_SCALE = (-8.0, 128.0, 128.0, 0.0), (1.0, 20.0, 20.0, 1.0)


def _lab_done(lab: np.ndarray) -> np.ndarray:
    """_lab_raw's lightness standardised (in place): shading taken out, then mean and spread."""
    light = lab[..., 0]
    light = light / _broad(light)  # a shadow or glare shades broadly
    lab[..., 0] = (light - light.mean()) / (light.std() + 1e-3)
    return lab


def _broad(light: np.ndarray) -> np.ndarray:
    """The lightness blurred by SHADE, worked out at a quarter size: so broad a blur has no
    detail a quarter size loses, and costs a third as much there."""
    h, w = light.shape
    small = cv2.resize(light, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
    return cv2.resize(cv2.GaussianBlur(small, (0, 0), SHADE / 4), (w, h),
                      interpolation=cv2.INTER_LINEAR)


SHADE = 14.0  # pixels (of SW × SH): lightness changes broader than this are taken as shading


COARSE = 2.0  # pixels (of SW × SH): the blur of the coarse comparison


def _coarse(img: np.ndarray) -> np.ndarray:
    """A blurred Lab view of a card: fine prints become their average colour."""
    return _lab(cv2.GaussianBlur(img, (0, 0), COARSE))


def _coarse_raw(img: np.ndarray) -> np.ndarray:
    """_coarse before its lightness is standardised (see _lab_raw)."""
    return _lab_raw(cv2.GaussianBlur(img, (0, 0), COARSE))


FORGIVE = 5  # pixels (of SW × SH): the window a misfit may shift a detail within


def _span(lab: np.ndarray, size: int = FORGIVE) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's neighbourhood range (size × size), channel by channel (lowest, highest)."""
    k = np.ones((size, size), np.uint8)
    return cv2.erode(lab, k), cv2.dilate(lab, k)


def _power(d: np.ndarray) -> np.ndarray:
    """Per pixel, the squared length of a three-channel difference."""
    # OpenCV's own operations (squares summed across the channels by a 1 × 3 transform):
    # the same numbers as NumPy's, or as two magnitudes, in half the time per small image
    return cv2.transform(cv2.multiply(d, d), _SUM)


_SUM = np.ones((1, 3), np.float32)


def _length(d: np.ndarray) -> np.ndarray:
    """Per pixel, the length of a three-channel difference (its Lab distance)."""
    return cv2.sqrt(_power(d))


def _outside(a: np.ndarray, span: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """How far each pixel of `a` lies outside another image's range around it (`_span`)."""
    return cv2.sqrt(_outside_power(a, span))


def _outside_power(a: np.ndarray, span: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """_outside squared (a square root taken once of the larger of two is the same number
    as the larger of their roots: the root is correctly rounded, and keeps the order)."""
    lo, hi = span
    # lo ≤ hi: `a` less itself clipped to the range is, channel by channel, minus (lo - a)
    # below it, a - hi above it and 0 within: the same squares as max(lo - a, a - hi, 0),
    # in three operations on the image instead of four
    return _power(cv2.subtract(a, cv2.min(cv2.max(a, lo), hi)))


def _grey_half(img: np.ndarray) -> np.ndarray:
    """A blurred grey copy at half size: what ECC aligns."""
    g = cv2.resize(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), (SW // 2, SH // 2),
                   interpolation=cv2.INTER_AREA).astype(np.float32) + 8
    g = g / cv2.GaussianBlur(g, (0, 0), SHADE / 2)  # without broad shading (shadow, glare)
    return cv2.GaussianBlur(g, (0, 0), 0.8)
