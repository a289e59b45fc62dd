"""A compact way to write Pisanki boards in tests.

A row is a string of space-separated cells: the cloth letter (c checked, s striped,
d dotted, n neutral), then an egg letter (P purple, R red, O orange, Y yellow, G green,
B blue), `2` for a double egg, then `+` and flower letters (b blue, p pink, u purple,
y yellow). `.` is a face-down card. Example: "cR sB+p n R2 d+yy".
"""

from __future__ import annotations

from assistant.games.pisanki import Card

CLOTH = {"c": "checked", "s": "striped", "d": "dotted", "n": "neutral"}
EGG = {"P": "purple", "R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue"}
FLOWER = {"b": "blue", "p": "pink", "u": "purple", "y": "yellow"}


def cell(tok: str) -> Card | None:
    if tok == ".":
        return None
    body, _, fl = tok.partition("+")
    cloth = CLOTH[body[0]]
    egg = EGG[body[1]] if len(body) > 1 else None
    double = body.endswith("2")
    return Card(cloth, egg, double, tuple(FLOWER[f] for f in fl))


def board(*rows: str):
    return tuple(tuple(cell(t) for t in row.split()) for row in rows)


def as_json(grid) -> list:
    return [[None if c is None else {"cloth": c.cloth, "egg": c.egg, "double": c.double,
                                     "flowers": list(c.flowers)} for c in row] for row in grid]
