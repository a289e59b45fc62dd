"""Card pictures for the pages: a drawn face as a small JPEG."""

from __future__ import annotations

import cv2
import numpy as np

SIZE = (125, 175)  # width, height: about a card's size on a phone's page


def jpeg(face: np.ndarray) -> bytes:
    """A card face shrunk to the page's size, as JPEG bytes."""
    small = cv2.resize(face, SIZE, interpolation=cv2.INTER_AREA)
    return cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 88])[1].tobytes()
