"""Right cells look sure: an outline not fitted card by card no longer marks every cell."""

from __future__ import annotations

import pytest

from assistant.vision import cards, register, synth
from assistant.vision import pisanki as vp


@pytest.fixture(autouse=True)
def drawn_deck_after():
    yield
    register.use_folder(None)


def test_an_outline_found_by_edges_marks_only_the_cells_in_doubt(tmp_path, monkeypatch, drawn):
    data, truth = drawn(synth.pisanki_photo, 7, 3, 5, 1)
    register.learn_pisanki(data, truth["grid"], tmp_path)
    # the cards cannot be found one by one: the outline comes from the edges' density
    monkeypatch.setattr(cards, "table_fit", lambda *a, **k: None)
    res = vp.recognise(data, 3, 5)
    assert any("one by one" in str(w) for w in res.warnings)  # the player is still told
    got = [(synth.card_json(g.card), g.unsure) for row in res.grid for g in row]
    want = [c for row in truth["grid"] for c in row]
    right = [unsure for (card, unsure), w in zip(got, want, strict=True) if card == w]
    assert len(right) >= 13
    assert sum(right) < len(right) // 2  # most right cells look sure
    assert all(unsure for (card, unsure), w in zip(got, want, strict=True) if card != w)
