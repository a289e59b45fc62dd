"""Photo bytes to an upright image: checks, EXIF orientation, a working size."""

from __future__ import annotations

import struct

import cv2
import numpy as np

MAX_PIXELS = 50_000_000  # a phone photo is 12–48 MP; more is refused before decoding
WORK_SIDE = 2000  # the recognisers work at about this long side


class PhotoError(ValueError):
    """A file that cannot be used as a photo; the message says why in one line."""


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a JPEG or PNG header, without decoding the pixels."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        w, h = struct.unpack(">II", data[16:24])
        return w, h
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                i += 1
                continue
            marker = data[i + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                i += 2
                continue
            length = struct.unpack(">H", data[i + 2:i + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD,
                          0xCE, 0xCF):
                h, w = struct.unpack(">HH", data[i + 5:i + 9])
                return w, h
            i += 2 + length
    return None


def decode(data: bytes, work_side: int = WORK_SIDE) -> np.ndarray:
    """Decode a photo (EXIF orientation applied) and scale it to the working size."""
    if not data:
        raise PhotoError("The file is empty.")
    size = image_size(data)
    if size and size[0] * size[1] > MAX_PIXELS:
        mp = size[0] * size[1] / 1e6
        raise PhotoError(f"The photo is too large ({mp:.0f} megapixels; at most "
                         f"{MAX_PIXELS // 1_000_000}). Take it with the phone's normal camera.")
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
        raise PhotoError("This file is not a photo OpenCV can read (send a JPEG, PNG or WebP).")
    if img.shape[0] * img.shape[1] > MAX_PIXELS:
        raise PhotoError(f"The photo is too large (at most {MAX_PIXELS // 1_000_000} megapixels).")
    if min(img.shape[:2]) < 200:
        raise PhotoError("The photo is too small: take it closer, at least 640 pixels across.")
    scale = work_side / max(img.shape[:2])
    if scale < 1:
        img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return img
