"""The code keeps the shape of "one way through" (issue 23), measured by scripts/shape.py."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("shape", ROOT / "scripts" / "shape.py")
shape = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(shape)


def test_no_import_circles():
    graph, _inside = shape.import_graph()
    assert shape.circles(graph) == []


def test_the_circle_finder_finds_a_circle():
    assert shape.circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_few_imports_inside_functions_each_with_its_reason():
    _graph, inside = shape.import_graph()
    assert len(inside) <= 10, inside
    for where, line, text in inside:
        source = (ROOT / where).read_text().splitlines()
        said = "#" in text or source[line - 2].strip().startswith("#")
        assert said, f"{where}:{line}: say why this import waits ({text})"


def test_few_branches_on_op_names():
    branches = shape.op_branches()
    assert len(branches) <= 3, branches


def test_small_store_modules_and_scripts():
    lines, where = shape.longest(shape.store_modules())
    assert lines <= 300, where
    lines, where = shape.longest(shape.our_js())
    assert lines <= 300, where


def test_no_per_game_edit_endpoint(app):
    edits = [r.rule for r in app.url_map.iter_rules() if "POST" in r.methods
             and r.rule.startswith("/t/<code>/")]
    assert "/t/<code>/edit" in edits
    assert not [e for e in edits if e.endswith(("/liski", "/pisanki", "/okoshki", "/kitsune",
                                                "/undo", "/me"))], edits
