"""Photo bytes to an upright image: checks, EXIF orientation, a working size."""

from __future__ import annotations

import io
import warnings

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from assistant.messages import MessageError

MAX_PIXELS = 50_000_000  # a phone photo is 12–48 MP; more is refused before decoding
# PNG and WebP are decoded whole before scaling (only JPEG scales while decoding): no phone
# camera writes them, so they are held to 16 MP (a screenshot is under 4)
MAX_PIXELS_LOSSLESS = 16_000_000
MAX_SIDE = 12_000  # nor a strip: no phone photo is longer than this
WORK_SIDE = 2000  # the recognisers work at about this long side


class PhotoError(MessageError):
    """A file that cannot be used as a photo; the message says why in one line."""


FORMATS = {"JPEG": "JPEG", "MPO": "JPEG", "PNG": "PNG", "WEBP": "WebP"}  # what the pages take


def image_size(data: bytes) -> tuple[str, int, int] | None:
    """Format, width and height read from the header by Pillow (no pixels decoded);
    None for a file Pillow cannot identify."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data)) as im:  # lazy: reads the header only
                return im.format or "", im.size[0], im.size[1]
        except Image.DecompressionBombError:  # Pillow's own fence: far over ours
            return "BOMB", MAX_SIDE + 1, MAX_SIDE + 1
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError):
            return None


def check_header(data: bytes) -> tuple[int, int]:
    """Refuse, before any decoding, what is not a JPEG, PNG or WebP photo or is too large."""
    head = image_size(data)
    if head is None:
        if data[4:12] in (b"ftypheic", b"ftypheix", b"ftypmif1", b"ftyphevc", b"ftypavif"):
            raise PhotoError("HEIC photos are not read: send a JPEG (on an iPhone: Settings › "
                             "Camera › Formats › Most Compatible).")
        raise PhotoError("This file is not a photo (send a JPEG, PNG or WebP).")
    fmt, w, h = head
    if fmt == "BOMB":
        raise PhotoError("The photo is too large (at most %(most)d megapixels). Take it with the "
                         "phone's normal camera.", most=MAX_PIXELS // 1_000_000)
    if fmt not in FORMATS:
        raise PhotoError("%(format)s images are not read: send a JPEG, PNG or WebP photo.",
                         format=fmt or "?")
    if w * h > MAX_PIXELS or max(w, h) > MAX_SIDE:
        raise PhotoError("The photo is too large (%(mp)d megapixels, %(w)d×%(h)d; at most "
                         "%(most)d). Take it with the phone's normal camera.",
                         mp=round(w * h / 1e6), w=w, h=h, most=MAX_PIXELS // 1_000_000)
    if FORMATS[fmt] != "JPEG" and w * h > MAX_PIXELS_LOSSLESS:
        raise PhotoError("The image is too large for a %(format)s (%(mp)d megapixels; at most "
                         "%(most)d): send the camera's JPEG.", format=FORMATS[fmt],
                         mp=round(w * h / 1e6), most=MAX_PIXELS_LOSSLESS // 1_000_000)
    return w, h


def decode(data: bytes, work_side: int = WORK_SIDE) -> np.ndarray:
    """Decode a photo (EXIF orientation applied) and scale it to the working size."""
    if not data:
        raise PhotoError("The file is empty.")
    size = check_header(data)
    buf = np.frombuffer(data, np.uint8)
    flag = cv2.IMREAD_COLOR
    if size:
        long_side = max(size)
        if long_side >= work_side * 4:
            flag = cv2.IMREAD_REDUCED_COLOR_4
        elif long_side >= work_side * 2:
            flag = cv2.IMREAD_REDUCED_COLOR_2
    img = cv2.imdecode(buf, flag)  # OpenCV applies the EXIF orientation tag
    if img is None:
        raise PhotoError("This photo could not be read (a damaged file?): send a JPEG, PNG or "
                         "WebP.")
    if img.shape[0] * img.shape[1] > MAX_PIXELS:
        raise PhotoError("The photo is too large (at most %(most)d megapixels).",
                         most=MAX_PIXELS // 1_000_000)
    if min(img.shape[:2]) < 200:
        raise PhotoError("The photo is too small: take it closer, at least 640 pixels across.")
    scale = work_side / max(img.shape[:2])
    if scale < 1:
        img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return img
