"""printkit's own source, read and parsed once per test process for every static code rule
(tests/test_code_rules.py, tests/test_architecture.py): import it from tests."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import printkit

PACKAGE = Path(printkit.__file__).parent


@functools.cache
def modules() -> tuple[tuple[str, str, ast.Module], ...]:
    """(path in the package, source, syntax tree) of every module, parsed once per process."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found.append((path.relative_to(PACKAGE).as_posix(), text, ast.parse(text)))
    return tuple(found)


@functools.cache
def walked(tree: ast.AST) -> tuple[ast.AST, ...]:
    """Every node of a tree, in ast.walk's order, walked once per process and tree."""
    return tuple(ast.walk(tree))


def outermost_functions(node: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The functions under `node` that no other function holds (methods included)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            yield child
        else:
            yield from outermost_functions(child)
