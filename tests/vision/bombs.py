"""Image bombs: small files that declare huge images, in every format a decoder might take.

Each maker returns the bytes of a real, decodable file (not just a header), so a guard that
failed would show up as a decoder eating gigabytes, not as an early error.
"""

from __future__ import annotations

import io
import struct
import zlib

import cv2
import numpy as np
from PIL import Image


def tiff(w: int = 30000, h: int = 30000) -> bytes:
    """A bilevel TIFF, one PackBits strip of white rows (about 1.7 MB for 30000²)."""
    row_bytes = (w + 7) // 8
    row = bytearray()
    left = row_bytes
    while left:
        n = min(128, left)
        row += bytes([257 - n if n > 1 else 0, 0]) if n > 1 else b"\x00\x00"
        left -= n
    strip = bytes(row) * h
    entries = [(256, 4, 1, w), (257, 4, 1, h), (258, 3, 1, 1), (259, 3, 1, 32773),
               (262, 3, 1, 0), (273, 4, 1, 0), (277, 3, 1, 1), (278, 4, 1, h),
               (279, 4, 1, len(strip))]
    ifd_at = 8
    data_at = ifd_at + 2 + 12 * len(entries) + 4
    out = bytearray(b"II*\x00" + struct.pack("<I", ifd_at) + struct.pack("<H", len(entries)))
    for tag, typ, count, value in entries:
        if tag == 273:
            value = data_at
        packed = struct.pack("<HH", value, 0) if typ == 3 else struct.pack("<I", value)
        out += struct.pack("<HHI", tag, typ, count) + packed
    out += struct.pack("<I", 0)
    return bytes(out) + strip


class _Bits:
    """A little-endian bit writer (the VP8L bit order)."""

    def __init__(self) -> None:
        self.value, self.n = 0, 0

    def put(self, v: int, bits: int) -> None:
        self.value |= v << self.n
        self.n += bits

    def bytes(self) -> bytes:
        return self.value.to_bytes((self.n + 7) // 8, "little")


def webp(w: int = 16383, h: int = 16383) -> bytes:
    """A lossless WebP of one grey colour: every prefix code has one symbol, so each pixel
    costs no bits and the whole file is a few dozen bytes."""
    b = _Bits()
    b.put(0x2F, 8)
    b.put(w - 1, 14)
    b.put(h - 1, 14)
    b.put(0, 1)  # no alpha
    b.put(0, 3)  # version
    b.put(0, 1)  # no transform
    b.put(0, 1)  # no colour cache
    b.put(0, 1)  # no meta prefix codes
    for symbol in (128, 128, 128, 255, 0):  # green, red, blue, alpha, distance
        b.put(1, 1)  # simple code
        b.put(0, 1)  # one symbol
        b.put(1, 1)  # 8-bit symbol
        b.put(symbol, 8)
    payload = b.bytes()
    if len(payload) % 2:
        payload += b"\x00"
    chunk = b"VP8L" + struct.pack("<I", len(payload)) + payload
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_header(w: int = 100_000, h: int = 100_000) -> bytes:
    """A PNG that is all header: w×h declared, no pixels."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IEND", b"")


def png(w: int = 7000, h: int = 7000, depth: int = 8, colour: int = 0) -> bytes:
    """A PNG of one colour, deflated row by row (49 MP grey is about 50 KB)."""
    channels = {0: 1, 2: 3, 6: 4}[colour]
    row = b"\x00" + bytes(w * channels * depth // 8)
    comp = zlib.compressobj(1)
    body = b"".join(comp.compress(row) for _ in range(h)) + comp.flush()

    ihdr = struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", body)
            + _chunk(b"IEND", b""))


def jpeg(w: int = 7000, h: int = 7000, progressive: bool = True) -> bytes:
    """A (progressive) JPEG of one grey: every coefficient buffer at full size."""
    img = np.full((h, w), 128, np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 50,
                                         cv2.IMWRITE_JPEG_PROGRESSIVE, int(progressive)])
    assert ok
    return buf.tobytes()


def _patched(fmt: str, patches: list[tuple[int, str, tuple[int, ...]]]) -> bytes:
    out = io.BytesIO()
    Image.new("L", (1, 1)).save(out, fmt)
    data = bytearray(out.getvalue())
    for at, pattern, values in patches:
        struct.pack_into(pattern, data, at, *values)
    return bytes(data)


def gif(w: int = 65535, h: int = 65535) -> bytes:
    """A GIF whose screen and frame declare w×h."""
    data = bytearray(_patched("GIF", [(6, "<HH", (w, h))]))
    at = data.index(b"\x2c")  # the image descriptor
    struct.pack_into("<HH", data, at + 5, w, h)
    return bytes(data)


def bmp(w: int = 30000, h: int = 30000) -> bytes:
    """A BMP header declaring w×h."""
    return _patched("BMP", [(18, "<ii", (w, h))])


def pnm(w: int = 60000, h: int = 60000) -> bytes:
    """A binary PGM declaring w×h."""
    return f"P5 {w} {h} 255\n".encode() + bytes(4096)


def heic() -> bytes:
    """The start of an iPhone HEIC file."""
    return struct.pack(">I", 24) + b"ftypheic" + b"\x00\x00\x00\x00mif1heic" + bytes(64)


BOMBS = {  # name: (maker, "refused" or "read")
    "TIFF 30000x30000": (tiff, "refused"),
    "WebP 16383x16383": (webp, "refused"),
    "PNG 100000x100000": (png_header, "refused"),
    "GIF 65535x65535": (gif, "refused"),
    "BMP 30000x30000": (bmp, "refused"),
    "PGM 60000x60000": (pnm, "refused"),
    "HEIC": (heic, "refused"),
    "WebP 7000x7000 (49 MP)": (lambda: webp(7000, 7000), "refused"),
    "PNG 7000x7000 grey (49 MP)": (png, "refused"),
    "PNG 7000x7000 RGBA 16-bit (49 MP)": (lambda: png(7000, 7000, 16, 6), "refused"),
    "WebP 4000x4000 (16 MP)": (lambda: webp(4000, 4000), "read"),
    "PNG 4000x4000 RGBA 16-bit (16 MP)": (lambda: png(4000, 4000, 16, 6), "read"),
    "JPEG 7000x7000 progressive (49 MP)": (jpeg, "read"),
    "JPEG 8160x6120 baseline (50 MP)": (lambda: jpeg(8160, 6120, False), "read"),
}
