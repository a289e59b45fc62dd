"""References built once and kept on disk: the features of the drawn and registered decks.

Building the references (drawing the faces, SIFT on every Okoshki face, the features of every
Pisanki card and view) takes seconds of CPU; a server that starts afresh would spend them on
its first photo. Each set of references is kept as one .npz file named by a hash of what it
was built from: the recogniser's code (the source of the modules that draw and describe
cards), the OpenCV and NumPy versions, and the bytes of the registered deck's files. A file
whose name no longer matches (the deck or the code changed) is built again and the old one
removed. The references of a registered deck live beside it (`<deck>/.references/`), those
of the drawn deck in `instance/vision-cache/` (`$ASSISTANT_INSTANCE` moves instance/).
A disk that cannot be written only means building at each start.
"""

from __future__ import annotations

import hashlib
import os
import zipfile
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from assistant.config import ROOT

# the modules whose code decides what a reference is
CODE_FILES = ("deck.py", "pisanki.py", "okoshki.py", "okoshki_find.py", "okoshki_describe.py",
              "views.py", "flower_map.py", "refcache.py")
SUBFOLDER = ".references"
PLACE: dict[str, Path | None] = {"drawn": None}  # None: instance/vision-cache
BUILT: list[str] = []  # names built (not read from disk) in this process, for the tests


def drawn_place() -> Path:
    """Where the drawn deck's references are kept."""
    if PLACE["drawn"] is not None:
        return PLACE["drawn"]
    return Path(os.environ.get("ASSISTANT_INSTANCE", ROOT / "instance")) / "vision-cache"


@cache
def code_version() -> str:
    """A hash of the recogniser's code and the libraries that compute the references."""
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for name in CODE_FILES:
        h.update(name.encode() + b"\0" + (here / name).read_bytes())
    h.update(f"opencv {cv2.__version__} numpy {np.__version__}".encode())
    return h.hexdigest()


def digest(files: Iterable[Path]) -> str:
    """A hash of the names and bytes of the files that exist among `files`."""
    h = hashlib.sha256()
    for p in sorted(files):
        if p.is_file():
            h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def kept(name: str, folder: Path | None, inputs: Iterable[Path],
         build: Callable[[], dict[str, np.ndarray]],
         valid: Callable[[dict[str, np.ndarray]], bool] | None = None) -> dict[str, np.ndarray]:
    """The arrays `build` makes, read from disk when built before from the same code and the
    same input files; else built, written (atomically) and the stale files removed.
    `folder`: the registered deck's folder, or None for the drawn deck; `valid`: whether the
    arrays read are whole (else the file is damaged: built and written again)."""
    place = drawn_place() if folder is None else folder / SUBFOLDER
    key = hashlib.sha256((code_version() + name + digest(inputs)).encode()).hexdigest()[:20]
    path = place / f"{name}-{key}.npz"
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        if valid is None or valid(arrays):
            return arrays
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        pass  # not built yet, or damaged: build it
    arrays = build()
    BUILT.append(name)
    try:
        place.mkdir(parents=True, exist_ok=True)
        tmp = place / f".{name}-{key}.{os.getpid()}.tmp.npz"
        np.savez(tmp, **arrays)
        os.replace(tmp, path)
        for old in place.glob(f"{name}-*.npz"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only or full disk: the references are built again next start
    return arrays
