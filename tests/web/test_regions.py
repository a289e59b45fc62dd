"""A live update sends only the regions of #table-main that changed (assistant/web/regions.py)."""

from __future__ import annotations

import re

import pytest

LIVE = {"HX-Request": "true", "X-Interact": "1"}
REGION_RE = re.compile(r'<[a-z]+ ([^>]*data-h="[0-9a-f]+"[^>]*)>')


def hashes(html: str) -> dict[str, str]:
    """The regions in `html`: id -> content hash, as interact.js reports them."""
    out = {}
    for attrs in REGION_RE.findall(html):
        rid = re.search(r'\bid="([^"]+)"', attrs).group(1)
        assert rid not in out, f"two regions with id {rid}"
        out[rid] = re.search(r'data-h="([0-9a-f]+)"', attrs).group(1)
    return out


def header(known: dict[str, str]) -> str:
    return " ".join(f"{k}:{v}" for k, v in known.items())


def liski_board(app, code: str) -> None:
    """Three puchaters, the board set up, a card and a fear token on each column."""
    store = app.extensions["store"]

    def edit(op, **data):
        store.append(code, op, data, base=store.version(code), author="other-phone")

    for name, symbol in (("Ala", "crown"), ("Bartek", "leaf"), ("Celina", "pot")):
        edit("board.puchater.add", name=name, symbol=symbol)
    edit("board.setup")
    for col in range(6):
        edit("board.card.add", col=col, card={"kind": "problem", "total": 4,
                                                "needs": {"crown": 1}, "transition": []})
        edit("board.fear.add", col=col)


def test_a_live_update_sends_only_the_changed_regions(app, phone):
    code = phone.new_table("liski")
    liski_board(app, code)
    full = phone.get(f"/t/{code}/main", headers=LIVE).get_data(as_text=True)
    known = hashes(full)
    assert {"table-main", "timer", "board", "col-0", "col-5", "history"} <= set(known)

    same = phone.get(f"/t/{code}/main", headers={**LIVE, "X-Regions": header(known)})
    assert same.headers["X-Regions-Sent"] == "0"
    assert same.get_data(as_text=True).startswith('<section id="table-main"')

    store = app.extensions["store"]
    store.append(code, "board.fear.add", {"col": 2}, base=store.version(code), author="other")
    live = phone.get(f"/t/{code}/main", headers={**LIVE, "X-Regions": header(known)})
    text = live.get_data(as_text=True)
    sent = set(hashes(text))
    assert "col-2" in sent and "history" in sent
    assert not sent & {"col-0", "col-1", "col-3", "col-4", "col-5", "board", "table-main"}
    assert f'data-version="{store.version(code)}" data-partial="1"' in text
    assert len(text) < len(full) / 3, (len(text), len(full))
    # What was sent is what a full render has now.
    now = hashes(phone.get(f"/t/{code}/main", headers=LIVE).get_data(as_text=True))
    assert all(now[rid] == h for rid, h in hashes(text).items())


def test_an_own_edit_is_answered_with_the_changed_regions(app, phone):
    code = phone.new_table("liski")
    liski_board(app, code)
    known = hashes(phone.get(f"/t/{code}/main", headers=LIVE).get_data(as_text=True))
    resp = phone.client.post(
        f"/t/{code}/edit", data={"op": "board.fear.add", "col": "4", "v": phone.version,
                                  "csrf_token": phone.token},
        headers={**LIVE, "X-CSRF-Token": phone.token, "X-Regions": header(known)})
    assert resp.status_code == 200 and resp.headers["X-Version"]
    assert "col-4" in hashes(resp.get_data(as_text=True))
    assert "col-3" not in hashes(resp.get_data(as_text=True))


@pytest.mark.parametrize("game", ["liski", "pisanki", "okoshki", "kitsune"])
def test_unknown_hashes_bring_all_of_the_table(phone, game):
    code = phone.new_table(game)
    full = phone.get(f"/t/{code}/main", headers=LIVE)
    assert full.headers.get("X-Regions-Sent") is None
    assert "table-main" in hashes(full.get_data(as_text=True))
    stale = phone.get(f"/t/{code}/main", headers={**LIVE, "X-Regions": "table-main:0 nope"})
    assert stale.headers["X-Regions-Sent"] == "all"
    assert hashes(stale.get_data(as_text=True)) == hashes(full.get_data(as_text=True))
