"""Photo-assisted entry (OpenCV, no Flask): bytes in, a typed recognition out."""
