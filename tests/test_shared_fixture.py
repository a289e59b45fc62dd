"""The `shared` fixture (tests/conftest.py): an expensive setup made once a run, each test
given its own copy."""

from __future__ import annotations

import uuid


def test_shared_makes_once_and_gives_each_caller_its_own_copy(shared):
    calls = []

    def make():
        calls.append(1)
        return {"photo": b"\x00\x01", "made": len(calls)}

    key = f"selftest-{uuid.uuid4().hex}"
    first = shared(key, make)
    second = shared(key, make)
    assert calls == [1]
    assert first == second == {"photo": b"\x00\x01", "made": 1}
    first["made"] = 2  # a test that changes its copy changes no one else's
    assert shared(key, make)["made"] == 1


def test_shared_keys_do_not_mix(shared):
    key = uuid.uuid4().hex
    assert shared(f"{key}-a", lambda: "a") == "a"
    assert shared(f"{key}-b", lambda: "b") == "b"
