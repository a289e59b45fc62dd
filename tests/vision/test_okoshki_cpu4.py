"""Issue 27 (Okoshki CPU per photo), fourth pass: the close look's per-pixel numbers worked
out with fewer operations are the very numbers of the plain ways they replace, on a real
photographed card and its registered views (and on every 8-bit value, for the Lab scaling)."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import okoshki_describe, okoshki_settle, synth
from assistant.vision.decode import decode
from assistant.vision.okoshki_describe import _card_balanced, _lab, _length, _span
from assistant.vision.okoshki_shape import flatten
from assistant.vision.okoshki_views import view_table


def _plain_outside(a: np.ndarray, span: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The former _outside: how far a pixel lies below the range or above it, or 0."""
    lo, hi = span
    return _length(cv2.max(cv2.max(cv2.subtract(lo, a), cv2.subtract(a, hi)), 0))


def _photo_and_views() -> tuple[np.ndarray, list[np.ndarray]]:
    """A real zone photo's first card (flat, balanced, in Lab) and three registered views."""
    data, truth = synth.okoshki_photo(6101, 6)
    img = decode(data)
    quad = np.float32(truth["cards"][0]["quad"]) * img.shape[1] / synth.PHOTO_W
    photo = _lab(_card_balanced(flatten(img, quad)))
    flats = view_table()[4]
    return photo, [_lab(flats[v]) for v in (0, 9, 30)]


def _same(x: np.ndarray, y: np.ndarray) -> bool:
    """The same float32 numbers, bit for bit."""
    return x.dtype == y.dtype == np.float32 and np.array_equal(x.view(np.uint32),
                                                                y.view(np.uint32))


def test_outside_is_the_plain_ways_number_on_a_real_card():
    photo, views = _photo_and_views()
    for ref in views:
        for a, span in ((photo, _span(ref)), (ref, _span(photo)), (photo, _span(ref, 3))):
            fast = okoshki_describe._outside(a, span)
            assert _same(fast, _plain_outside(a, span))
            assert fast.max() > 0 and (fast == 0).any()  # pixels outside the range and in it


def test_apart_is_the_larger_of_the_plain_distances_on_a_real_card():
    photo, views = _photo_and_views()
    around = _span(photo)
    for ref in views:
        plain = np.maximum(_plain_outside(photo, _span(ref)), _plain_outside(ref, around))
        assert _same(okoshki_settle._apart(photo, ref, _span(ref), around), plain)
    a, b = views[0], views[1]
    plain = np.maximum(_plain_outside(a, _span(b)), _plain_outside(b, _span(a)))
    assert _same(okoshki_settle._apart(a, b, _span(b), _span(a)), plain)


def test_the_lab_scaling_is_numpys_for_every_8_bit_value():
    values = np.arange(256, dtype=np.uint8)
    # every value in every channel, with every other value beside it
    two = np.stack(np.meshgrid(values, values, indexing="ij"), -1)
    lab8 = np.concatenate([two, two[..., :1][::-1]], axis=-1)
    plain = lab8.astype(np.float32)
    plain[..., 0] += 8
    plain[..., 1:] = (plain[..., 1:] - 128) / 20
    fast = cv2.divide(cv2.subtract(lab8.astype(np.float32), okoshki_describe._LAB_SHIFT),
                      okoshki_describe._LAB_SCALE)
    assert _same(fast, plain)


def test_lab_raw_is_the_plain_ways_on_a_real_card():
    data, truth = synth.okoshki_photo(6101, 6)
    img = decode(data)
    quad = np.float32(truth["cards"][1]["quad"]) * img.shape[1] / synth.PHOTO_W
    flat = _card_balanced(flatten(img, quad))
    plain = cv2.cvtColor(cv2.GaussianBlur(flat, (0, 0), 0.8),
                         cv2.COLOR_BGR2LAB).astype(np.float32)
    plain[..., 0] += 8
    plain[..., 1:] = (plain[..., 1:] - 128) / 20
    assert _same(okoshki_describe._lab_raw(flat), plain)
