"""The `shared` and `shared_folder` fixtures (tests/conftest.py): an expensive setup made once a
run, each test given its own copy."""

from __future__ import annotations

import uuid

import pytest


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


def test_shared_folder_is_filled_once_and_each_caller_gets_its_own_copy(shared_folder,
                                                                        tmp_path):
    calls = []

    def fill(folder):
        calls.append(folder)
        (folder / "face.png").write_bytes(b"\x89PNG")
        (folder / "views").mkdir()
        (folder / "views" / "shape.txt").write_text("1.4\n")

    key = f"selftest-folder-{uuid.uuid4().hex}"
    first = shared_folder(key, fill, tmp_path / "a")
    second = shared_folder(key, fill, tmp_path / "b")
    assert len(calls) == 1 and first == tmp_path / "a" and second == tmp_path / "b"
    for copy in (first, second):
        assert (copy / "face.png").read_bytes() == b"\x89PNG"
        assert (copy / "views" / "shape.txt").read_text() == "1.4\n"
    (first / "face.png").unlink()  # a test that changes its copy changes no one else's
    third = shared_folder(key, fill, tmp_path / "c")
    assert (third / "face.png").exists() and (second / "face.png").exists()


def test_a_failed_fill_is_made_again_by_the_next_caller(shared_folder, tmp_path):
    key = f"selftest-fail-{uuid.uuid4().hex}"

    def broken(folder):
        (folder / "half").write_text("x")
        raise RuntimeError("no deck")

    with pytest.raises(RuntimeError):
        shared_folder(key, broken, tmp_path / "a")
    got = shared_folder(key, lambda folder: (folder / "whole").write_text("y"), tmp_path / "b")
    assert sorted(p.name for p in got.iterdir()) == ["whole"]
