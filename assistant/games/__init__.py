"""The four games: pure rules, one module per game (no Flask, no OpenCV, no I/O, no clock)."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.messages import N_


@dataclass(frozen=True)
class Game:
    """What the pages need to know of a game."""

    slug: str
    title: str
    tagline: str
    players: str


GAMES: dict[str, Game] = {
    g.slug: g
    for g in (
        Game("liski", "Liski: Ojojanie", N_("Shared timer and column checks"), N_("1–5 players")),
        Game("pisanki", "Pisanki", N_("End-of-game scores with the why"), N_("2–5 players")),
        Game("okoshki", "Okoshki", N_("Sets, Game on / Stop, score sheet"), N_("2 players")),
        Game("kitsune", "Kitsune", N_("Win check and bust risk"), N_("2–6 players")),
    )
}


def find_game(slug: str) -> Game:
    """The game with this slug, or LookupError."""
    try:
        return GAMES[slug]
    except KeyError:
        raise LookupError(f"unknown game '{slug}'") from None
