"""Photo-assisted entry (OpenCV, no Flask): bytes in, a typed recognition out."""

import importlib
import os

# OpenCV's own fence against image bombs: every decoder refuses a declared size above this
# before allocating (read at the first decode, so set before anything here decodes).
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", "50000000")

# The web app and the command line name the recognition modules through this package
# (`vision.api.recognise_pisanki`) and each is imported on first use (PEP 562): OpenCV and the
# reference deck cost ~30 MB and 0.3 s that a table which never takes a photo never pays.
_LAZY = ("api", "deck", "decode", "register", "thumbs")


def __getattr__(name: str):
    """A recognition module, imported the first time it is named."""
    if name in _LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
