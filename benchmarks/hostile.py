"""Issue 15 figures: what hostile edits store and echo, and how database faults answer.

Prints figures; asserts nothing (the tests check the behaviour). Run:
    .venv/bin/python benchmarks/hostile.py
"""

from __future__ import annotations

import os
import re
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant import create_app  # noqa: E402
from tests.conftest import Phone  # noqa: E402


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    db = folder / "b.db"
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{db}", "TESTING": True,
                      "DECK_FOLDER": str(folder / "deck")})
    phone = Phone(app.test_client())
    code = phone.new_table("okoshki")

    size0 = os.path.getsize(db) + _wal(db)
    for _ in range(3):
        phone.edit(code, "zone.add", player="0", kind="sky", junk="x" * 15_000_000)
    grown = os.path.getsize(db) + _wal(db) - size0
    print(f"three 15 MB zone.add edits: database grew by {grown / 1e6:.3f} MB "
          f"(issue: 59 MB)")

    resp = app.test_client().post("/api/liski/check",
                                  json={"cards": [{"total": "x" * 100_000}]})
    print(f"error line for a 100,000-character bad value: {len(resp.get_json()['error'])} "
          f"characters (issue: up to 100,040)")
    text = phone.edit(code, "players.rename", index="0", name="y" * 100_000).get_data(
        as_text=True)
    m = re.search(r'flash-error" role="alert">(.*?)</p>', text, re.S)
    line = m.group(1).strip() if m else "?"
    print(f"edit refusal for a 100,000-character name: {len(line)} characters: {line}")

    lock = sqlite3.connect(db)
    lock.execute("BEGIN EXCLUSIVE")
    t0 = time.monotonic()
    resp = phone.edit(code, "zone.add", player="0", kind="sky")
    took = time.monotonic() - t0
    lock.rollback()
    lock.close()
    print(f"locked database: {resp.status_code} after {took:.1f} s: "
          f"{resp.get_data(as_text=True)} (issue: generic 500 after 15 s)")
    app.extensions["store"].dispose()

    ro = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///file:{db}?mode=ro&uri=true",
                     "TESTING": True, "DECK_FOLDER": str(folder / "deck")})
    health = ro.test_client().get("/healthz")
    print(f"read-only database: /healthz {health.status_code} {health.get_json()}")
    ro.extensions["store"].dispose()


def _wal(db: Path) -> int:
    wal = Path(f"{db}-wal")
    return wal.stat().st_size if wal.exists() else 0


if __name__ == "__main__":
    main()
