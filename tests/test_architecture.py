"""The architecture holds where import contracts cannot see: draw/ never decides pages.

lint-imports (.ci/run, contracts in pyproject.toml) checks who imports whom; this checks the
calls: only the renderer (render/), the component types (and `printkit calibrate`) set a page's size and boxes or end a page.
"""

import ast
import re
import tomllib
from pathlib import Path

from codebase import PACKAGE, modules, walked

PAGE_CALLS = {"showPage", "setPageSize", "setTrimBox", "setBleedBox", "setArtBox", "save"}


def page_calls(folder: Path) -> list[str]:
    """file:line: method for every call of a page-deciding canvas method under `folder`."""
    found = []
    under = folder.relative_to(PACKAGE).as_posix() + "/"
    for name, _, tree in modules():
        if not name.startswith(under):
            continue
        for node in walked(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in PAGE_CALLS
            ):
                found.append(f"{name}:{node.lineno}: {node.func.attr}")
    return found


def test_draw_never_decides_pages():
    assert page_calls(PACKAGE / "draw") == []


def test_the_scan_sees_page_calls_where_they_are():
    calls = page_calls(PACKAGE / "render")
    assert any(call.endswith(": showPage") for call in calls)
    assert any("pages.py" in call and call.endswith(": setTrimBox") for call in calls)


def test_a_rule_problem_without_a_position_is_placed_at_kit_yaml():
    """A rule may yield a problem about a value that was not read from a file (where() gives
    None for it): the finding is placed at the kit's kit.yaml, not at "None"."""
    from printkit.checks import RuleSet
    from printkit.core.errors import Location
    from printkit.kit import load_kit

    rules = RuleSet("test")

    @rules.rule("T001", "warning", "a problem with no position")
    def unplaced(kit):
        yield None, "no position for this one"

    kit = load_kit("chariot-race")
    [finding] = rules.run(kit)
    assert finding.where == Location(kit.manifest_file)
    assert str(finding).startswith(f"{kit.manifest_file}: warning [T001]")


def test_an_input_error_without_a_position_says_so():
    from printkit.core.errors import Collector, InputError, fail

    assert str(fail(None, "bad")) == "?: error: bad"
    errors = Collector()
    errors.add(None, "also bad")
    try:
        errors.raise_if_any()
    except InputError as exc:
        assert str(exc) == "?: error: also bad"
    else:
        raise AssertionError("no error raised")


def test_kit_yaml_offers_exactly_the_component_types_and_games_there_are():
    """model/ knows no component type or game: kit.yaml's schema is given them (plugins.py)."""
    from printkit.kit import manifest_schema
    from printkit.plugins import available_games, builtin_component_types

    schema = manifest_schema().json()
    component = schema["properties"]["components"]["additionalProperties"]
    assert component["properties"]["type"]["enum"] == builtin_component_types()
    games = schema["properties"]["rules"]["properties"]["module"]["enum"]
    assert [g for g in games if g is not None] == available_games()  # none: data rules only
    assert available_games() == ["carthage", "chariot_race", "chartae"]


def test_a_kit_without_rules_has_no_game(kit_copy):
    from printkit.kit import load_kit
    from printkit.plugins import game

    kit = load_kit("chariot-race")
    assert kit.game() is game("chariot_race")
    folder = kit_copy("chariot-race")
    text = (folder / "kit.yaml").read_text(encoding="utf-8")
    (folder / "kit.yaml").write_text(
        text.replace("rules:\n  module: chariot_race\n  file: rules.yaml\n", ""), encoding="utf-8"
    )
    bare = load_kit(str(folder))
    assert bare.manifest.rules is None and bare.game() is None
    assert bare.rules_data() is None and bare.rules_document() is None


def test_the_layer_diagram_in_the_docs_is_the_enforced_contract():
    """docs/architecture.md draws the layers exactly as lint-imports enforces them."""
    root = Path(__file__).resolve().parent.parent
    contracts = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(
        c["layers"] for c in contracts["tool"]["importlinter"]["contracts"] if c["id"] == "layers"
    )
    docs = (root / "docs" / "architecture.md").read_text(encoding="utf-8")
    diagram = docs.split("## The layers, enforced", 1)[1].split("```", 2)[1]
    drawn = [re.sub(r"\s*\((top|bottom)\)$", "", line).strip() for line in diagram.splitlines()]
    assert [line for line in drawn if line] == layers


TOP_LEVEL_MODULES = 5  # besides __init__.py and __main__.py: a handful, each documented


def test_the_tree_in_the_docs_is_the_tree():
    """docs/architecture.md's table names every module and package directly under printkit/,
    and nothing that is not there; the top level holds only a handful of modules."""
    root = Path(__file__).resolve().parent.parent
    docs = (root / "docs" / "architecture.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `printkit/([a-z_]+(?:\.py|/))`", docs, re.M))
    packages = {f"{p.name}/" for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    modules = {p.name for p in PACKAGE.glob("*.py")} - {"__init__.py", "__main__.py"}
    assert documented == packages | modules
    assert len(modules) <= TOP_LEVEL_MODULES, sorted(modules)


def _api_table(docs: str, heading: str) -> set[str]:
    """The member names in the first column of docs/architecture.md's table under `heading`."""
    section = docs.split(f"### {heading}\n", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    names: set[str] = set()
    for row in re.findall(r"^\| (.+?) \|", section, re.M):
        names |= set(re.findall(r"`([a-z_]+)[`(]", row))
    return names - {"member"}


def test_the_plugin_api_is_documented_member_by_member():
    """docs/architecture.md's tables name every member of the protocols in printkit/api.py,
    and nothing else; the base classes give a default for every member but the required."""
    from printkit.api import Component, ComponentType, Game, GameRules

    docs = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for protocol, base, required in (
        (ComponentType, Component, {"load", "schema", "render"}),
        (Game, GameRules, {"schema", "rules"}),
    ):
        members = {n for n in [*vars(protocol), *protocol.__annotations__] if n[0] != "_"}
        assert _api_table(docs, protocol.__name__) == members
        defaults = {n for n in dir(base) if n[0] != "_"}
        assert members - defaults <= required, members - defaults


def test_the_component_types_in_the_docs_are_the_registered_ones():
    """docs/architecture.md lists every component type we ship, each at its package."""
    from printkit.plugins import _builtin, builtin_component_types

    root = Path(__file__).resolve().parent.parent
    docs = (root / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = docs.split("## The component types", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z-]+)` \| `printkit/([a-z_/]+)/` \|", table, re.M)
    assert sorted(name for name, _ in rows) == sorted(builtin_component_types())
    for name, package in rows:
        module = _builtin("printkit.components")[name].value.split(":")[0]
        assert module == "printkit." + package.replace("/", "."), name


def test_the_engine_contract_covers_every_package_but_the_plugins():
    """Every module of printkit/ but the component types and the games is the engine, which the
    contract engine-knows-no-type-and-no-game keeps from importing them: a new package or
    top-level module must be listed there."""
    root = Path(__file__).resolve().parent.parent
    contracts = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    engine = next(
        c
        for c in contracts["tool"]["importlinter"]["contracts"]
        if c["id"] == "engine-knows-no-type-and-no-game"
    )
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    everything = {f"printkit.{name}" for name in packages | modules}
    plugins = {"printkit.components", "printkit.games"}
    assert set(engine["source_modules"]) == everything - plugins
    assert set(engine["forbidden_modules"]) == plugins
