"""The games this server plays: each game declares itself once, here, and nothing else
dispatches on a slug.

A declaration names the game's words, its reducer (which declares its ops), its page (view
context, templates folder, per-poll data), how it ranks its players, its final screen's
sheet, its rematch, and its JSON functions for the API and the command line. The four
built-in games declare themselves at the end of their page module (`assistant/web/<slug>.py`);
`BUILTIN` lists those modules, and they are imported the first time the registry is asked.
A game kept elsewhere (the tests' `tally`) calls `register` itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from assistant.games.ranking import Ranking
from assistant.reducers import Reducer, State


class Table(Protocol):
    """What a game's page functions read of a table (the store's Table has it; the registry
    names no store type, since the store asks the registry for each game's reducer)."""

    code: str
    game: str
    version: int
    state: State

BUILTIN = ("assistant.web.liski", "assistant.web.pisanki", "assistant.web.okoshki",
           "assistant.web.kitsune")
Edits = list[tuple[str, dict[str, Any]]]
JsonFn = Callable[[Any], Any]


def seat_players(state: State, keep_scoring: bool) -> Edits:
    """The usual rematch: the same players added again, in the same order."""
    return [("players.add", {"name": p["name"]}) for p in state["players"]]


def no_extra(_t: Table) -> dict[str, Any]:
    """A page or sheet that needs nothing more."""
    return {}


@dataclass(frozen=True)
class Game:
    """Everything the server knows of one game; `slug` names its templates folder too."""

    slug: str
    title: str  # the game's printed name (not translated)
    tagline: str  # what the assistant does for it, in a few words (translated where shown)
    players: str  # e.g. "2–5 players" (translated where shown)
    reducer: Reducer
    context: Callable[[Table], dict[str, Any]]  # the table page's template context
    standing: Callable[[State], Ranking]  # every player's place now (final screen, results)
    sheet: Callable[[Table], dict[str, Any]] = no_extra  # the final screen's sheet context
    rematch: Callable[[State, bool], Edits] = seat_players  # (state, keep scoring cards)
    poll: Callable[[Table], dict[str, Any]] | None = None  # per-game data in every poll
    can_keep_scoring: Callable[[State], bool] = lambda _s: False  # the rematch may keep it
    templates: Path | None = None  # a folder holding <slug>/…; None: the app's templates/
    cooperative: bool = False  # won or lost together: results carry the outcome
    player_ages: bool = False  # a new player's age is asked (a tie-break)
    players_panel: bool = True  # the common players list (else the board names them)
    score_json: JsonFn | None = None  # POST /api/<slug>/score and `assistant score`
    check_json: JsonFn | None = None  # POST /api/<slug>/check and `assistant check`
    blueprint: Any = None  # the game's own routes (a Flask Blueprint), if any


_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add a game (its slug must match its reducer's)."""
    if game.slug != game.reducer.slug:
        raise ValueError(f"{game.slug}: the reducer says it is '{game.reducer.slug}'")
    _GAMES[game.slug] = game
    return game


def unregister(slug: str) -> None:
    """Take a game out again (the tests' own games, after each test)."""
    _GAMES.pop(slug, None)


def _load_builtin() -> None:
    """Import the built-in games' modules once: each registers itself on import.

    By name (importlib), not by an import statement: those modules import this one.
    """
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN:
            importlib.import_module(module)


def games() -> Iterator[Game]:
    """Every registered game, in the order registered."""
    _load_builtin()
    return iter(list(_GAMES.values()))


def find(slug: str) -> Game:
    """The game with this slug, or LookupError."""
    _load_builtin()
    try:
        return _GAMES[slug]
    except KeyError:
        raise LookupError(f"unknown game '{slug}'") from None


def reducer_for(slug: str) -> Reducer:
    """A game's reducer, or LookupError."""
    return find(slug).reducer


def scorers() -> dict[str, JsonFn]:
    """Game slug -> its score function (`assistant score`, POST /api/<game>/score)."""
    return {g.slug: g.score_json for g in games() if g.score_json}


def checkers() -> dict[str, JsonFn]:
    """Game slug -> its check function (`assistant check`, POST /api/<game>/check)."""
    return {g.slug: g.check_json for g in games() if g.check_json}
