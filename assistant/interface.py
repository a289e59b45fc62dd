"""JSON in, JSON out: the INTERFACE.md shapes, shared by the command line and the API.

Each function takes the decoded JSON body and returns the JSON answer; bad input raises
ValueError with one line that names what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from assistant.messages import plain

JsonFn = Callable[[Any], Any]
MAX_DEPTH = 32  # no INTERFACE.md shape nests deeper than 5


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def depth(value: Any) -> int:
    """How deeply lists and objects nest in a decoded JSON value (without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, dict | list):
            deepest = max(deepest, d)
            if d <= MAX_DEPTH:
                todo.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def load_json(text: str | bytes, where: str = "the body is") -> Any:
    """Decode JSON input; ValueError with one line when it is not JSON, holds NaN or
    Infinity, or nests deeper than any shape does (`where` begins the line: 'FILE:')."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError(f"{where} nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where} not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError(f"{where} not valid JSON ({str(exc)[:80]})") from None
    if depth(data) > MAX_DEPTH:
        raise ValueError(f"{where} nested deeper than {MAX_DEPTH} levels")
    return data


def run(fn: JsonFn, data: Any) -> Any:
    """Call a game's JSON function; every bad shape becomes a ValueError with one line."""
    try:
        return plain(fn(data))  # the API and the CLI stay English (INTERFACE.md)
    except ValueError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        raise ValueError(f"the input does not have the expected shape ({type(exc).__name__})") \
            from None
