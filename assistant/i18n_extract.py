"""A pybabel extractor for Python: the usual keywords plus `msg="…"` of the declared schemas.

The validation layer (assistant/reducers/schema.py) gives each field its refusal as a `msg=`
keyword argument; babel's own extractor only reads positional ones, so this adds them.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Iterator
from typing import Any

from babel.messages.extract import extract_python


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: dict[str, Any]) -> Iterator:
    """Babel's Python messages, then every literal `msg=` (schemas) and `description=`
    (abort, shown translated on pages) keyword argument of a call."""
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if (kw.arg in ("msg", "description") and isinstance(kw.value, ast.Constant)
                        and isinstance(kw.value.value, str)):
                    yield kw.value.lineno, "N_", kw.value.value, []  # as if marked N_()
