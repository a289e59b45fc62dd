"""`-p tests.cputime`: each test's CPU seconds in its own process (setup, call and teardown
together; a subprocess's or the browser's CPU is not counted), the slowest listed at the end
and all of them written to cputime.tsv (where to cut work: a test's wall time under xdist on
a busy machine is mostly waiting for a core)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

KEY = "cpu_seconds"
SHOWN = 30
_START = pytest.StashKey[float]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Time the whole protocol of one test (its setup, call and teardown)."""
    item.stash[_START] = time.process_time()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Put the CPU spent so far on the teardown's report (the last of the three)."""
    outcome = yield
    if call.when == "teardown":
        outcome.get_result().user_properties.append(
            (KEY, time.process_time() - item.stash[_START]))


class _Collect:
    """Gathers the figures where the reports arrive (the xdist controller, or the one process)."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = {}

    def pytest_runtest_logreport(self, report) -> None:
        for key, value in report.user_properties:
            if key == KEY:
                self.cpu[report.nodeid] = value

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if not self.cpu:
            return
        total = sum(self.cpu.values())
        terminalreporter.section(f"CPU seconds per test ({len(self.cpu)} tests, "
                                 f"{total:.0f} s in all)")
        for nodeid, value in sorted(self.cpu.items(), key=lambda kv: -kv[1])[:SHOWN]:
            terminalreporter.write_line(f"{value:8.2f}  {nodeid}")
        Path("cputime.tsv").write_text("".join(
            f"{v:.3f}\t{n}\n" for n, v in sorted(self.cpu.items(), key=lambda kv: -kv[1])))


def pytest_configure(config) -> None:
    """Register the collector once per run."""
    config.pluginmanager.register(_Collect(), "cputime-collect")
