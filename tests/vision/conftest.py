"""Fixtures shared by the vision tests."""

from __future__ import annotations

import cv2
import pytest


@pytest.fixture
def two_threads():
    """OpenCV set to two threads for the test, the count before given back after."""
    before = cv2.getNumThreads()
    cv2.setNumThreads(2)
    yield
    cv2.setNumThreads(before)
