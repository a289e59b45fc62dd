"""Every sentence the web layer can answer with is in the catalogue (issue 26: the database's
busy / read-only / disk-full lines and the rate limits read English on a Polish phone)."""

from __future__ import annotations

import ast
import re

from assistant.config import ROOT
from tests.i18n.test_catalogue import messages

# A sentence a person reads: a capital, at least three words, an end mark.
SENTENCE = re.compile(r"^[A-Z][^\n]*\s\S+\s[^\n]*[.!?…)]$")
LOGS = {"debug", "info", "warning", "error", "exception", "critical"}  # for the operator


def sentences(source: str) -> list[tuple[int, str]]:
    """(line, text) of the sentence-like string literals, docstrings and log lines left out."""
    tree = ast.parse(source)
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            if ast.get_docstring(node):
                skip.add(id(node.body[0].value))
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") in LOGS:
            skip.update(id(a) for a in ast.walk(node))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip
            and SENTENCE.match(n.value)]


def test_the_scan_finds_sentences_not_docstrings_or_logs():
    src = '''"""A module."""\nX = "The disk is full: nothing saved."\nlog.warning("Lost a tap here.")\n'''
    assert sentences(src) == [(2, "The disk is full: nothing saved.")]


def test_every_line_the_web_layer_answers_with_is_in_the_catalogue():
    ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in messages()}
    missing = [f"{p.name}:{line}: {text}" for p in sorted((ROOT / "assistant/web").glob("*.py"))
               for line, text in sentences(p.read_text()) if text not in ids]
    assert not missing, missing


def test_a_full_disk_reads_polish_on_a_polish_phone(app):
    from assistant.web.errors import error_answer
    from assistant.web.guard import BUSY, DISK_FULL

    with app.test_request_context("/t/ABCDEFGH/edit", method="POST",
                                  headers={"Accept-Language": "pl", "HX-Request": "true"}):
        assert error_answer(507, DISK_FULL).get_data(as_text=True) == (
            "Dysk serwera jest pełny: nie da się niczego zapisać (stół nadal można odczytać).")
        assert error_answer(503, BUSY).get_data(as_text=True) == (
            "Stół jest zajęty: spróbuj ponownie za chwilę.")
