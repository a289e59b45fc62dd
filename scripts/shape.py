#!/usr/bin/env python3
"""The code's shape in figures: import circles, imports inside functions, branches on op names,
the longest store module and JavaScript file (issue 23's measures).

    .venv/bin/python scripts/shape.py        # prints each figure and what it counts
tests/test_shape.py holds the code to these figures. Standard library only: it reads the
source as text and syntax trees, and runs none of it.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "assistant"
OP_NAME = re.compile(r"^[a-z_]+\.[a-z_.]+$|^undo$")  # "zone.add", "board.lib.save", "undo"
OUR_JS = ROOT / "static" / "js"
OP_CONSTANTS = {"UNDO"}  # names that stand for an op name (a comparison with one counts)


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _targets(node: ast.AST, here: str, is_package: bool, known: set[str]) -> set[str]:
    """The package modules one import statement loads."""
    out: set[str] = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in known:
                out.add(alias.name)
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = here.split(".")
            base = base if is_package else base[:-1]
            base = base[: len(base) - node.level + 1]
            mod = ".".join(base + ([node.module] if node.module else []))
        else:
            mod = node.module or ""
        subs = {f"{mod}.{alias.name}" for alias in node.names} & known
        out |= subs
        if mod in known and len(subs) < len(node.names):
            out.add(mod)  # a name defined in the module itself (not one of its submodules)
    return out


def _imports(tree: ast.AST) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement (type-only ones too: a circle is one however it is dodged) and
    whether it sits inside a function."""
    out: list[tuple[ast.Import | ast.ImportFrom, bool]] = []
    todo: list[tuple[ast.AST, bool]] = [(tree, False)]
    while todo:
        node, in_function = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                out.append((child, in_function))
                continue
            fn = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            todo.append((child, in_function or fn))
    return out


def import_graph() -> tuple[dict[str, set[str]], list[tuple[str, int, str]]]:
    """Module -> the modules it imports (anywhere in it); and every import inside a function."""
    mods = modules()
    known = set(mods)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    inside: list[tuple[str, int, str]] = []
    for name, path in mods.items():
        text = path.read_text()
        for node, in_function in _imports(ast.parse(text, str(path))):
            if in_function:
                line = text.splitlines()[node.lineno - 1].strip()
                inside.append((str(path.relative_to(ROOT)), node.lineno, line))
            # A circle counts even when an import inside a function dodges it at load time.
            graph[name] |= _targets(node, name, path.name == "__init__.py", known)
        # A submodule's parent packages load first: importing a.b.c runs a/__init__, a/b/__init__.
        for target in list(graph[name]):
            parts = target.split(".")
            for i in range(1, len(parts)):
                parent = ".".join(parts[:i])
                if parent in known and parent != name and not name.startswith(parent + "."):
                    graph[name].add(parent)
    return graph, sorted(inside)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def op_branches() -> list[tuple[str, int, str]]:
    """Comparisons of a variable named op (or .op) with an op name (or a constant standing
    for one), in the package."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Compare):
                continue
            names = [node.left, *node.comparators]
            is_op = any(isinstance(n, ast.Name) and n.id == "op" or
                        isinstance(n, ast.Attribute) and n.attr == "op" for n in names)
            parts = [c for n in names for c in ast.walk(n)]
            named = any(isinstance(c, ast.Constant) and isinstance(c.value, str)
                        and OP_NAME.match(c.value) or isinstance(c, ast.Name)
                        and c.id in OP_CONSTANTS for c in parts)
            if is_op and named:
                line = path.read_text().splitlines()[node.lineno - 1].strip()
                out.append((str(path.relative_to(ROOT)), node.lineno, line))
    return out


def longest(paths: list[Path]) -> tuple[int, str]:
    """The longest file's line count and path."""
    counted = [(len(p.read_text().splitlines()), str(p.relative_to(ROOT))) for p in paths]
    return max(counted) if counted else (0, "")


def store_modules() -> list[Path]:
    """The store's modules (a package, or the one module it was)."""
    folder = PACKAGE / "store"
    return sorted(folder.glob("*.py")) if folder.is_dir() else [PACKAGE / "store.py"]


def our_js() -> list[Path]:
    """Our JavaScript (not the vendored libraries)."""
    return sorted(p for p in OUR_JS.rglob("*.js") if "vendor" not in p.parts)


def main() -> int:
    graph, inside = import_graph()
    found = circles(graph)
    branches = op_branches()
    print(f"import circles: {len(found)}")
    for group in found:
        print("   ", " <-> ".join(group))
    print(f"imports inside functions: {len(inside)}")
    for where, line, text in inside:
        print(f"    {where}:{line}: {text}")
    print(f"branches on op names: {len(branches)}")
    for where, line, text in branches:
        print(f"    {where}:{line}: {text}")
    lines, where = longest(store_modules())
    print(f"longest store module: {lines} lines ({where})")
    lines, where = longest(our_js())
    print(f"longest JavaScript file of ours: {lines} lines ({where})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
