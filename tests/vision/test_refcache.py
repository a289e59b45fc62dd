"""References are built once and kept on disk; rebuilt when the deck or the code changes."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.games import okoshki as ok
from assistant.vision import deck, refcache, register
from assistant.vision import okoshki as vo
from assistant.vision import pisanki as vp


@pytest.fixture(autouse=True)
def own_cache(tmp_path):
    """The drawn deck's references in a folder of this test's own; a fresh process each time
    (the in-memory caches cleared)."""
    before = refcache.PLACE["drawn"]
    refcache.PLACE["drawn"] = tmp_path / "drawn-cache"
    register.use_folder(None)
    refcache.BUILT.clear()
    yield
    refcache.PLACE["drawn"] = before
    register.use_folder(None)


def restart(folder=None):
    """As a new server process would start: nothing in memory, only what is on disk."""
    register.use_folder(folder)
    refcache.BUILT.clear()


def test_drawn_references_are_built_once_then_read_from_disk(tmp_path):
    feats = vp.references()[1]
    sift = vo.references()
    assert {"pisanki-drawn", "okoshki-sift", "okoshki-drawn"} <= set(refcache.BUILT)
    assert len(list((tmp_path / "drawn-cache").glob("*.npz"))) == 3
    restart()
    again = vp.references()[1]
    sift2 = vo.references()
    assert refcache.BUILT == []  # nothing built: all read from disk
    assert np.array_equal(feats, again)
    assert sift[0] == sift2[0]
    for a, b in zip(sift[2], sift2[2], strict=True):
        assert (a is None and b is None) or np.array_equal(a, b)
    assert np.array_equal(deck.okoshki_faces()["red-2"], deck.okoshki_face(ok.CARDS["red-2"]))


def registered_faces(folder, tint):
    """A registered Okoshki deck: every face saved as a tinted photo of the card would be."""
    folder.mkdir(exist_ok=True)
    for c in ok.DECK:
        face = np.clip(deck.okoshki_face(c).astype(np.float32) * tint, 0, 255).astype(np.uint8)
        cv2.imwrite(str(folder / f"{c.id}.png"), face)


def test_registered_references_are_rebuilt_when_the_deck_changes(tmp_path):
    folder = tmp_path / "deck"
    registered_faces(folder, (0.9, 1.0, 1.1))
    restart(folder)
    first = vo.references()
    assert "okoshki-sift" in refcache.BUILT
    kept = list((folder / refcache.SUBFOLDER).glob("okoshki-sift-*.npz"))
    assert len(kept) == 1
    restart(folder)
    vo.references()
    assert "okoshki-sift" not in refcache.BUILT  # the same deck: read from disk
    registered_faces(folder, (1.1, 1.0, 0.85))  # the player registers again
    restart(folder)
    second = vo.references()
    assert "okoshki-sift" in refcache.BUILT
    assert not np.array_equal(first[3], second[3])  # built from the new faces
    now = list((folder / refcache.SUBFOLDER).glob("okoshki-sift-*.npz"))
    assert len(now) == 1 and now != kept  # the stale file is gone
    register.forget(folder)
    assert not list((folder / refcache.SUBFOLDER).glob("*.npz"))


def test_learned_pisanki_views_are_kept_and_rebuilt_when_more_are_learned(tmp_path, drawn):
    from assistant.vision import synth, views

    folder = tmp_path / "deck"
    data, truth = drawn(synth.pisanki_photo, 7, 3, 5, 1)
    register.learn_pisanki(data, truth["grid"], folder)
    assert "pisanki-views" in refcache.BUILT  # indexed as the table is learned
    restart(folder)
    built = views.load(folder)
    restart(folder)
    read = views.load(folder)
    assert "pisanki-views" not in refcache.BUILT
    assert read.cards == built.cards and np.array_equal(read.coarse, built.coarse)
    assert all(np.array_equal(a, b) for a, b in zip(read.templates, built.templates, strict=True))
    register.learn_pisanki(data, truth["grid"], folder)
    assert "pisanki-views" in refcache.BUILT
    restart(folder)
    assert len(views.load(folder).cards) == 2 * len(built.cards)
    assert "pisanki-views" not in refcache.BUILT
    assert len(list((folder / refcache.SUBFOLDER).glob("pisanki-views-*.npz"))) == 1


def test_a_learned_table_extends_the_index_as_a_whole_rebuild_would(tmp_path, drawn):
    """Learning indexes only the new views; the index kept equals one built from scratch
    (so the next photo need not index the whole store again)."""
    from assistant.vision import synth, views

    folder = tmp_path / "deck"
    for seed in (7, 8):
        data, truth = drawn(synth.pisanki_photo, seed, 3, 5, 1)
        register.learn_pisanki(data, truth["grid"], folder)
    restart(folder)
    extended = views.load(folder)
    assert "pisanki-views" not in refcache.BUILT  # kept when learned, not built at the photo
    for old in (folder / refcache.SUBFOLDER).glob("pisanki-views-*.npz"):
        old.unlink()
    restart(folder)
    whole = views.load(folder)
    assert "pisanki-views" in refcache.BUILT
    assert extended.cards == whole.cards and np.array_equal(extended.turned, whole.turned)
    assert np.array_equal(extended.coarse, whole.coarse)
    assert np.array_equal(extended.colours, whole.colours)
    assert all(np.array_equal(a, b) for a, b in zip(extended.templates, whole.templates,
                                                    strict=True))


def test_a_new_version_of_the_code_or_a_damaged_file_builds_again(tmp_path, monkeypatch):
    vp.references()
    restart()
    (path,) = (tmp_path / "drawn-cache").glob("pisanki-drawn-*.npz")
    path.write_bytes(b"not an npz")
    vp.references()
    assert refcache.BUILT == ["pisanki-drawn"]
    restart()
    monkeypatch.setattr(refcache, "code_version", lambda: "another version")
    vp.references()
    assert refcache.BUILT == ["pisanki-drawn"]
    assert len(list((tmp_path / "drawn-cache").glob("pisanki-drawn-*.npz"))) == 1


def test_a_place_that_cannot_be_written_only_means_building_again(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    refcache.PLACE["drawn"] = blocker / "sub"  # a folder inside a file cannot be made
    feats = vp.references()[1]
    restart()
    refcache.PLACE["drawn"] = blocker / "sub"
    assert np.array_equal(vp.references()[1], feats) and refcache.BUILT == ["pisanki-drawn"]
