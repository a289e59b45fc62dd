"""`-p tests.cputime`: each test's own CPU seconds, listed slowest first and written out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = """
import time

def test_busy():
    end = time.process_time() + 0.3
    while time.process_time() < end:
        pass

def test_idle():
    time.sleep(0.3)
"""


def test_cpu_seconds_count_work_not_waiting(tmp_path):
    (tmp_path / "test_two.py").write_text(TESTS)
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "tests.cputime",
                          "-p", "no:cacheprovider", "-p", "no:randomly", "test_two.py"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "CPU seconds per test (2 tests" in out.stdout
    rows = [line.split("\t") for line in (tmp_path / "cputime.tsv").read_text().splitlines()]
    cpu = {name: float(value) for value, name in rows}
    assert list(cpu) == ["test_two.py::test_busy", "test_two.py::test_idle"]  # slowest first
    assert cpu["test_two.py::test_busy"] >= 0.3 > 0.1 > cpu["test_two.py::test_idle"]
