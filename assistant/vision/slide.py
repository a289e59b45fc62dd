"""Each template's best place over one wide window: exactly the score and place that
cv2.matchTemplate(window, t, cv2.TM_CCOEFF_NORMED) and cv2.minMaxLoc give, for less CPU.

A Pisanki cell whose card was not found by its outline slides its 48 candidate views over
the whole margin (some 3,000 places). matchTemplate does each view alone: the window's
transforms, its sums and every view's three colour planes in double precision, then rounds
each plane's correlation to float32, and its score subtracts the window's mean from that
rounded product: the last digits of its scores are its own rounding, which any other product
gives otherwise (and the answers hang on the best view's score and place).

So here, per window: its transforms and sums once; per view: a float32 map of every place's
score (the three planes' spectra summed before one inverse transform; within about 1e-5 of
OpenCV's), the places whose score could be the best given both maps' rounding, and at those
only OpenCV's own numbers: views and windows hold integers (Lab from uint8, a and b doubled),
so each plane's correlation is an exact integer, and OpenCV's float32 of it is that integer
rounded, unless it lies just halfway between two float32s: then the rounding goes the way
OpenCV's double transform leans, and that plane is worked out as OpenCV does (about a third
of views, one plane). The score then follows OpenCV's formula step by step in double.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

# OpenCV's crossCorr: its block is the template's size times this, at least MIN_BLOCK
BLOCK_SCALE, MIN_BLOCK = 4.5, 256
FLT_EPS10 = float(np.float32(10) * np.finfo(np.float32).eps)  # its test of a flat window
LARGEST = 4096  # the largest value (in size) held: products and sums stay exact in double
FFT_ERROR = 1e-5  # the float32 map's error, as a share of |window| × |template| (seen: 1.5e-7)


class WideSlide:
    """One window (h, w, c float32) and templates of one size (th, tw), slid over it."""

    def __init__(self, window: np.ndarray, shape: tuple[int, int]) -> None:
        h, w, cn = window.shape
        th, tw = shape
        self.window, self.shape = window, (th, tw)
        self.ny, self.nx = h - th + 1, w - tw + 1
        self.whole = (_integral(window) and _one_block(window.shape, shape)
                      and bool(window.any()))
        if not self.whole:
            return  # matchTemplate view by view
        # the window flat, in double: a place's exact correlation (channels interleaved) is
        # one run of it against the template laid as wide as the window
        self.flat = window.astype(np.float64).ravel()
        self.laid = np.zeros((th, w, cn))
        self.run = ((th - 1) * w + tw) * cn
        # the map: the window less its mean in float32, transformed once; each template's
        # planes (less their means) go through `planes`, zero outside the template
        dh, dw = cv2.getOptimalDFTSize(h), cv2.getOptimalDFTSize(w)
        centred = window - window.reshape(-1, cn).mean(axis=0)
        self.norm = math.sqrt(float(np.einsum("ij,ij->", centred.reshape(-1, cn),
                                              centred.reshape(-1, cn), dtype=np.float64)))
        self.spectra = [cv2.dft(p, flags=0, nonzeroRows=h) for p in cv2.split(
            cv2.copyMakeBorder(centred, 0, dh - h, 0, dw - w, cv2.BORDER_CONSTANT))]
        self.planes = [np.zeros((dh, dw), np.float32) for _ in range(cn)]
        self.exact_spectra: dict[int, np.ndarray] = {}  # OpenCV's, for a halfway plane
        # every place's window sums and spread, as OpenCV's score works them out
        sums, squares = cv2.integral2(window, sdepth=cv2.CV_64F, sqdepth=cv2.CV_64F)
        self.sums = [_box(sums, th, tw)[..., k] for k in range(cn)]
        sq = _box(squares, th, tw)
        self.inv_area = 1.0 / (float(th) * tw)
        mean2 = np.zeros((self.ny, self.nx))
        for s in self.sums:
            mean2 += s * s
        mean2 *= self.inv_area
        total2 = np.zeros((self.ny, self.nx))
        for k in range(cn):
            total2 += sq[..., k]
        diff2 = np.maximum(total2 - mean2, 0)
        flat = diff2 <= np.minimum(0.5, FLT_EPS10 * total2)
        self.spread = np.where(flat, 0.0, np.sqrt(diff2))
        with np.errstate(divide="ignore"):
            self.inv_spread = np.where(flat, 0.0, 1 / self.spread)
        self.largest = float(np.abs(window).max())

    def best(self, t: np.ndarray) -> tuple[float, int, int]:
        """(score, x, y) of cv2.minMaxLoc(cv2.matchTemplate(window, t, TM_CCOEFF_NORMED)); the
        template must hold integers, as the window does (else matchTemplate is asked)."""
        th, tw = self.shape
        mean, sdv = (v.ravel() for v in cv2.meanStdDev(t))
        norm = 0.0
        for s in sdv:
            norm += s * s
        low, high, _, _ = cv2.minMaxLoc(t.reshape(th, -1))
        top = max(-low, high)
        if not self.whole or norm < np.finfo(np.float64).eps or top > LARGEST:
            return _opencv(self.window, t)  # (OpenCV: a flat template scores 1 everywhere)
        norm = math.sqrt(norm) / math.sqrt(self.inv_area)
        # (numpy's subtract of a pixel's three means, or its copy into a three-channel
        # buffer, costs ten times OpenCV's)
        centred = cv2.split(cv2.subtract(t, (*mean.tolist(), 0.0)[:4]))
        spec = None
        for k, (plane, buf) in enumerate(zip(centred, self.planes, strict=True)):
            buf[:th, :tw] = plane
            part = cv2.mulSpectrums(self.spectra[k], cv2.dft(buf, flags=0, nonzeroRows=th), 0,
                                    conjB=True)
            if spec is None:
                spec = part
            else:
                spec += part
        num = cv2.dft(spec, flags=cv2.DFT_INVERSE + cv2.DFT_SCALE,
                      nonzeroRows=self.ny)[:self.ny, :self.nx]
        # the map's numerator is off OpenCV's by at most its own error and OpenCV's rounding:
        # each place's channel correlations lie below 2^bits, and its roundings of the three
        # and of their sum come to at most 2.5 units of 2^(bits - 24) (float32). A place
        # whose score could reach the best's, or round to the same float32 (under 1 as
        # scores are: 2^-24 apart; minMaxLoc takes the first), is looked at exactly
        bits = math.frexp(self.largest * top * th * tw * len(mean))[1]
        slack = FFT_ERROR * self.norm * norm + 4 * 2.0 ** (bits - 24)
        lowest = ((num - slack) * self.inv_spread).max() - 2.0 ** -23 * norm
        near = np.flatnonzero((num + slack) * self.inv_spread >= lowest)  # minMaxLoc's order
        ys, xs = np.divmod(near, self.nx)
        found = self._exact(t, mean, norm, ys.tolist(), xs.tolist())
        return _opencv(self.window, t) if found is None else found

    def _exact(self, t: np.ndarray, mean: np.ndarray, norm: float, ys: list[int],
               xs: list[int]) -> tuple[float, int, int] | None:
        """OpenCV's score at the few places that could be best, and the best of them (None:
        the template holds other than integers)."""
        tw = self.shape[1]
        w, cn = self.window.shape[1:]
        self.laid[:, :tw] = t
        laid = self.laid.ravel()[:self.run]
        places = []  # each place's float32 plane correlations, as (low, high) roundings
        for y, x in zip(ys, xs, strict=True):
            at = (y * w + x) * cn
            planes = []
            for k in range(cn):
                exact = float(np.dot(self.flat[at + k:at + self.run:cn], laid[k::cn]))
                if exact != math.floor(exact):
                    return None
                planes.append(_roundings(exact))
            places.append(planes)
        lows = [self._score([p[0] for p in planes], mean, norm, y, x)
                for planes, y, x in zip(places, ys, xs, strict=True)]
        floor = max(lows)
        made: dict[int, np.ndarray] = {}
        scores = []
        for planes, y, x, low in zip(places, ys, xs, lows, strict=True):
            # the score rises with each plane's correlation: a place halfway somewhere that
            # could still be best is rounded OpenCV's way (a place scoring the same either
            # way needs nothing more)
            if (any(a != b for a, b in planes)
                    and self._score([p[1] for p in planes], mean, norm, y, x) >= floor):
                ours = []
                for k, (a, b) in enumerate(planes):
                    if a != b:
                        if k not in made:
                            made[k] = self._opencv_plane(t, k)
                        a = made[k][y, x]
                    ours.append(a)
                low = self._score(ours, mean, norm, y, x)
            scores.append(low)
        best = max(range(len(scores)), key=lambda j: (scores[j], -j))  # the first, as minMaxLoc
        return scores[best], xs[best], ys[best]

    def _score(self, corr_planes: list, mean: np.ndarray, norm: float, y: int, x: int) -> float:
        """OpenCV's score at (x, y) from its float32 plane correlations, step by step."""
        corr = corr_planes[0]
        for c in corr_planes[1:]:
            corr = np.float32(corr + c)
        num = float(corr)
        for k, s in enumerate(self.sums):
            num -= float(s[y, x]) * float(mean[k])
        den = float(self.spread[y, x]) * norm
        if abs(num) < den:
            num /= den
        elif abs(num) < den * 1.125:
            num = math.copysign(1.0, num)
        else:
            num = 0.0
        return float(np.float32(num))

    def _opencv_plane(self, t: np.ndarray, k: int) -> np.ndarray:
        """Template plane k's correlation over the window as OpenCV's crossCorr makes it (one
        block, double precision transforms), rounded to float32."""
        th, tw = self.shape
        h, w = self.window.shape[:2]
        dh, dw = _dft_size(self.window.shape, self.shape)
        if k not in self.exact_spectra:
            buf = np.zeros((dh, dw))
            buf[:h, :w] = self.window[..., k]
            self.exact_spectra[k] = cv2.dft(buf, flags=0, nonzeroRows=h)
        buf = np.zeros((dh, dw))
        buf[:th, :tw] = t[..., k]
        spec = cv2.mulSpectrums(self.exact_spectra[k], cv2.dft(buf, flags=0, nonzeroRows=th), 0,
                                conjB=True)
        out = cv2.dft(spec, flags=cv2.DFT_INVERSE + cv2.DFT_SCALE, nonzeroRows=self.ny)
        return out[:self.ny, :self.nx].astype(np.float32)


def _roundings(exact: float) -> tuple[np.float32, np.float32]:
    """An exact integer's float32, both ways when it lies halfway between two (low, high)."""
    f = np.float32(exact)
    if float(f) != exact:
        other = np.nextafter(f, np.float32(math.copysign(math.inf, exact - float(f))))
        if exact - float(f) == float(other) - exact:
            return min(f, other), max(f, other)
    return f, f


def _opencv(window: np.ndarray, t: np.ndarray) -> tuple[float, int, int]:
    """(score, x, y) as OpenCV finds it."""
    _, score, _, (x, y) = cv2.minMaxLoc(cv2.matchTemplate(window, t, cv2.TM_CCOEFF_NORMED))
    return float(score), int(x), int(y)


def _integral(img: np.ndarray) -> bool:
    """Whether an image holds float32 integers of at most LARGEST in size."""
    return (img.dtype == np.float32 and float(np.abs(img).max(initial=0)) <= LARGEST
            and bool(np.array_equal(img, np.rint(img))))


def _box(integral: np.ndarray, th: int, tw: int) -> np.ndarray:
    """Each place's sum (per channel) from an integral image, as OpenCV takes it."""
    return integral[th:, tw:] - integral[:-th, tw:] - integral[th:, :-tw] + integral[:-th, :-tw]


def _dft_size(window: tuple[int, ...], templ: tuple[int, int]) -> tuple[int, int]:
    """OpenCV crossCorr's transform size (rows, cols) for this window and template."""
    (h, w), (th, tw) = window[:2], templ
    bw = min(max(round(tw * BLOCK_SCALE), MIN_BLOCK - tw + 1), w - tw + 1)
    bh = min(max(round(th * BLOCK_SCALE), MIN_BLOCK - th + 1), h - th + 1)
    return cv2.getOptimalDFTSize(bh + th - 1), max(cv2.getOptimalDFTSize(bw + tw - 1), 2)


def _one_block(window: tuple[int, ...], templ: tuple[int, int]) -> bool:
    """Whether OpenCV correlates this window in one block (then _opencv_plane is its way)."""
    dh, dw = _dft_size(window, templ)
    (h, w), (th, tw) = window[:2], templ
    return dw - tw + 1 >= w - tw + 1 and dh - th + 1 >= h - th + 1
