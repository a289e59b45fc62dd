"""Destructive steps get a one-tap undo (#11): the list the page carries is complete."""

from __future__ import annotations

import re
from pathlib import Path

from assistant.registry import reducer_for

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
STATIC = Path(__file__).resolve().parents[2] / "static" / "js"
# An op named in a template (envelope, the Liski edit form, one-tap button and its shared
# form macros) or sent by a script.
OP_RE = re.compile(r'(?:envelope\(t, |eform\(|tbtn\(|tap\(|tap_form\()"([a-z_.]+)"'
                   r'|post\((?:[^,()]+, )?"([a-z_.]+)"')
SOUNDS_FINAL = {"remove", "delete", "clear", "reset", "end", "bust", "tie", "next", "ran", "stop",
                "skip", "discard"}
GAMES = ("liski", "pisanki", "okoshki", "kitsune")
# Steps of the normal flow whose names sound final but throw nothing away.
NOT_DESTRUCTIVE = {"turn.end", "turn.stop", "timer.pause", "round.fix"}
DESTRUCTIVE_OPS = set().union(*(reducer_for(g).destructive() for g in GAMES))


def ops_on_pages() -> set[str]:
    text = "".join(p.read_text() for p in [*TEMPLATES.rglob("*.html"), *STATIC.glob("*.js")])
    return {a or b for a, b in OP_RE.findall(text)}


def test_the_destructive_steps_are_declared():
    assert DESTRUCTIVE_OPS == {
        "players.remove", "timer.end", "timer.reset", "phase.next", "round.next",
        "board.puchater.remove", "board.card.remove", "board.stack.remove", "board.lib.delete",
        "pisanki.clear", "call.stop", "round.tie", "turn.bust", "deck.ran_out"}


def test_every_step_that_throws_something_away_offers_undo():
    on_pages = ops_on_pages()
    assert {"players.remove", "timer.end", "phase.next", "round.tie"} <= on_pages
    final = {op for op in on_pages if SOUNDS_FINAL & set(re.split(r"[._]", op))}
    missing = final - DESTRUCTIVE_OPS - NOT_DESTRUCTIVE
    assert not missing, f"say whether these throw something away: {sorted(missing)}"


def test_the_page_tells_the_interaction_layer(phone):
    code = phone.new_table("kitsune")
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    listed = set(re.search(r'data-destructive="([^"]*)"', page).group(1).split())
    assert listed == reducer_for("kitsune").destructive()
    assert {"players.remove", "turn.bust", "deck.ran_out"} <= listed
