"""Photo-assisted entry (OpenCV, no Flask): bytes in, a typed recognition out."""

import os

# OpenCV's own fence against image bombs: every decoder refuses a declared size above this
# before allocating (read at the first decode, so set before anything here decodes).
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", "50000000")
