"""The code keeps its own rules (docs/architecture.md), read from the source: imports at the top
of a module, except in the command line, where each import inside a function says why; attributes
named for what they hold. (How large a function may grow is ruff's C901 complexity and PLR0913
argument count, pyproject.toml, run by .ci/run.)"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import printkit

PACKAGE = Path(printkit.__file__).parent
WHY_HERE = "# imported here, not at the top, so that `printkit --help` stays fast"
# where an import inside a function is allowed at all: the command line, whose modules every
# `printkit --help` loads, and the settings, which it reads before a command needs the rest
LAZY_MODULES = ("cli/",)
# an import an engine module keeps inside a function says so and why, in a comment starting
# with this (draw/icons.py: svglib and renderPDF, only for kits with SVG icons)
ONLY_WHEN = "# imported here, only when"
# coordinates of a point or a rectangle are one letter by long use
COORDINATES = {"x", "y", "w", "h"}


@functools.cache
def modules() -> tuple[tuple[str, str, ast.Module], ...]:
    """(path in the package, source, syntax tree) of every module, parsed once per process."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found.append((path.relative_to(PACKAGE).as_posix(), text, ast.parse(text)))
    return tuple(found)


def functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def comment_above(lines: list[str], line: int) -> str:
    """The comment line above an import group that starts or continues at `line` (1-based)."""
    index = line - 2
    while index >= 0:
        text = lines[index].strip()
        continues = text.startswith(("from ", "import ", ")")) or text.endswith(",")
        if text and not continues:
            return text
        index -= 1
    return ""


@functools.cache
def lazy_imports() -> tuple[tuple[str, int, str, str], ...]:
    """(file, line, imported module, the comment above) of every import inside a function."""
    found = []
    for name, text, tree in modules():
        lines = text.splitlines()
        for fn in functions(tree):
            for node in ast.walk(fn):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    module = node.module if isinstance(node, ast.ImportFrom) else None
                    imported = module or node.names[0].name
                    found.append((name, node.lineno, imported, comment_above(lines, node.lineno)))
    return tuple(found)


def test_imports_inside_functions_are_in_the_command_line_and_say_why():
    wrong = []
    for name, line, imported, comment in lazy_imports():
        in_cli = name.startswith(LAZY_MODULES)
        if (in_cli and comment != WHY_HERE) or (not in_cli and not comment.startswith(ONLY_WHEN)):
            wrong.append(f"{name}:{line}: {imported} (comment above: {comment!r})")
    assert wrong == []


def test_the_import_scan_sees_the_command_lines_imports():
    found = {(name, imported) for name, _, imported, _ in lazy_imports()}
    assert (
        "cli/commands/config.py",
        "printkit.cli",
    ) in found  # `from printkit.cli import settings`
    assert ("cli/app.py", "printkit.cli.settings") in found


def one_letter_attributes(tree: ast.Module) -> Iterator[str]:
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if (
                    isinstance(part, ast.Attribute)
                    and isinstance(part.value, ast.Name)
                    and part.value.id == "self"
                    and len(part.attr) == 1
                ):
                    yield part.attr
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                target_name = (
                    statement.target.id
                    if isinstance(statement, ast.AnnAssign)
                    and isinstance(statement.target, ast.Name)
                    else ""
                )
                if len(target_name) == 1:
                    yield target_name


def test_attributes_are_named_for_what_they_hold():
    found = [
        f"{name}: {attribute}"
        for name, _, tree in modules()
        for attribute in one_letter_attributes(tree)
        if attribute not in COORDINATES
    ]
    assert found == []
