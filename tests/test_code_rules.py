"""The code keeps its own rules (docs/architecture.md), read from the source: imports at the top
of a module, except in the command line, where each import inside a function says why; attributes
named for what they hold. (How large a function may grow is ruff's C901 complexity and PLR0913
argument count, pyproject.toml, run by .ci/run.)"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator

from codebase import modules, outermost_functions, walked

WHY_HERE = "# imported here, not at the top, so that `printkit --help` stays fast"
# where an import inside a function is allowed at all: the command line, whose modules every
# `printkit --help` loads, and the settings, which it reads before a command needs the rest
LAZY_MODULES = ("cli/",)
# an import an engine module keeps inside a function says so and why, in a comment starting
# with this (draw/icons.py: svglib and renderPDF, only for kits with SVG icons)
ONLY_WHEN = "# imported here, only when"
# coordinates of a point or a rectangle are one letter by long use
COORDINATES = {"x", "y", "w", "h"}


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
    """(file, line, imported module, the comment above) of every import inside a function
    (each once: a function's walk covers the functions nested in it)."""
    found = []
    for name, text, tree in modules():
        lines = text.splitlines()
        for fn in outermost_functions(tree):
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
    for node in walked(tree):
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


# The plug-in API (printkit/api.py): every member of a component type or a game is called, never
# looked for. A getattr/hasattr that names one, or that reads any attribute of a component type,
# a game or a module, is the probing the protocols replaced.
PROBES = ("getattr", "hasattr")
PLUGIN = re.compile(r"(^|\W)(_?module|game|component_type|component)(\(|$)")


def protocol_members() -> set[str]:
    from printkit.api import ComponentType, Game

    names: set[str] = set()
    for protocol in (ComponentType, Game):
        names |= {n for n in [*vars(protocol), *protocol.__annotations__] if not n.startswith("_")}
    return names


def probes(tree: ast.Module, text: str) -> Iterator[tuple[int, str]]:
    """(line, source) of each getattr/hasattr that probes a plug-in for a member."""
    members = protocol_members()
    for node in walked(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id not in PROBES or len(node.args) < 2:
            continue
        owner, name = node.args[0], node.args[1]
        named = isinstance(name, ast.Constant) and name.value in members
        if named or PLUGIN.search(ast.get_source_segment(text, owner) or ""):
            yield node.lineno, ast.get_source_segment(text, node) or ""


def type_name_tests(tree: ast.Module, text: str) -> Iterator[tuple[int, str]]:
    """(line, source) of each comparison of a component's type name (`kit.spec(cid).type`,
    `spec.type`) with a literal."""
    for node in walked(tree):
        if not isinstance(node, ast.Compare):
            continue
        left = node.left
        literal = any(
            isinstance(c, ast.Constant | ast.Tuple | ast.List | ast.Set) for c in node.comparators
        )
        of_spec = isinstance(left, ast.Attribute) and left.attr == "type"
        of_spec = of_spec and "spec" in (ast.get_source_segment(text, left.value) or "")
        if of_spec and literal:
            yield node.lineno, ast.get_source_segment(text, node) or ""


def test_no_plugin_member_is_probed_for():
    found = [
        f"{name}:{line}: {source}"
        for name, text, tree in modules()
        for line, source in probes(tree, text)
    ]
    assert found == [], "call the member (printkit/api.py) instead of probing for it"


def test_the_engine_asks_a_component_what_it_can_do_not_its_type_name():
    """`kit.component(cid).has_cards` (and item_list, has_pieces...), never `type == "deck"`:
    a type from an installed package can do the same. Games may know their own components."""
    found = [
        f"{name}:{line}: {source}"
        for name, text, tree in modules()
        if not name.startswith("games/")
        for line, source in type_name_tests(tree, text)
    ]
    assert found == [], "ask a capability of printkit/api.py's ComponentType"


def test_the_probe_scan_sees_a_probe():
    """The scans above find what they look for (so that their silence means something)."""
    text = (
        "def f(kit, cid):\n    m = component_type(kit.spec(cid).type)\n"
        '    if hasattr(m, "preflight"):\n        pass\n'
        '    for hook in ("a", "b"):\n        getattr(module, hook)\n'
        '    return kit.spec(cid).type == "deck"\n'
    )
    tree = ast.parse(text)
    assert [line for line, _ in probes(tree, text)] == [3, 6]
    assert [line for line, _ in type_name_tests(tree, text)] == [7]


def private_imports(tree: ast.Module) -> list[str]:
    """Names starting with _ that a module imports from another module of printkit."""
    return [
        alias.name
        for node in walked(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("printkit")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]


def test_no_module_imports_another_modules_private_names():
    """What two modules share is public: a private name (a leading _) stays in its module, so a
    file split only to be shorter shows up here (games/carthage/components/board/arena.py once took two from its legend)."""
    found = [f"{name}: {n}" for name, _, tree in modules() for n in private_imports(tree)]
    assert found == []


def test_the_private_import_scan_sees_one():
    tree = ast.parse("from printkit.games.carthage.components.board.legend import _fitted_size\n")
    assert private_imports(tree) == ["_fitted_size"]
