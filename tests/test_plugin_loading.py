"""A plug-in is loaded safely: whatever its entry point names or its import does, printkit
reports it by name as an input error (exit 2), never a traceback (exit 3) and never the exit 0
of a plug-in that calls `sys.exit(0)` on import, which a CI job would take for a pass."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from printkit import plugins
from printkit.api import Component, ComponentType, Game
from printkit.plugins import COMPONENTS_GROUP, ENTRY_POINT_GROUP, REQUIRED_MEMBERS
from tests.conftest import edit


def _install(site: Path, group: str, name: str, value: str, code: str = "") -> None:
    """A package `hostile_plugin` whose module holds `code`, declaring `name = value`."""
    (site / "hostile_plugin").mkdir(parents=True)
    (site / "hostile_plugin" / "__init__.py").write_text(code, encoding="utf-8")
    info = site / "hostile_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: hostile-plugin\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[{group}]\n{name} = {value}\n", encoding="utf-8")
    plugins._installed.cache_clear()  # the kit fixture looked before it was installed


@pytest.fixture
def site(tmp_path, monkeypatch):
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    yield folder
    sys.modules.pop("hostile_plugin", None)


@pytest.fixture
def game_kit(cli, tmp_path):
    """A new kit whose rules name the game `hostile`."""
    folder = tmp_path / "game"
    assert cli("new", folder).exit_code == 0
    edit(folder / "kit.yaml", "rules:\n", "rules:\n  module: hostile\n")
    return folder


@pytest.fixture
def type_kit(cli, tmp_path):
    """A new kit with a component of the type `hostile`."""
    folder = tmp_path / "typed"
    assert cli("new", folder).exit_code == 0
    with (folder / "kit.yaml").open("a", encoding="utf-8") as f:
        f.write("  odd:\n    type: hostile\n    file: odd.yaml\n")
    (folder / "odd.yaml").write_text("{}\n", encoding="utf-8")
    return folder


def _refused(r, *words: str) -> None:
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and "internal error" not in r.output
    for word in words:
        assert word in r.stderr, r.stderr


@pytest.mark.parametrize("command", ["check", "build", "rules"])
def test_a_game_that_exits_on_import_is_an_input_error(cli, site, game_kit, command):
    _install(site, ENTRY_POINT_GROUP, "hostile", "hostile_plugin:GAME", "import sys\nsys.exit(0)\n")
    args = ["--out", game_kit / "out"] if command == "build" else []
    r = cli(command, game_kit, *args)
    _refused(r, "entry point hostile_plugin:GAME", "SystemExit")
    assert not (game_kit / "out").exists()


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_component_type_that_exits_on_import_is_an_input_error(cli, site, type_kit, command):
    _install(site, COMPONENTS_GROUP, "hostile", "hostile_plugin:T", "raise SystemExit(0)\n")
    args = ["--out", type_kit / "out"] if command == "build" else []
    _refused(cli(command, type_kit, *args), "entry point hostile_plugin:T", "SystemExit")


def test_an_entry_point_naming_no_component_type_is_refused_by_name(cli, site, type_kit):
    _install(site, COMPONENTS_GROUP, "hostile", "os:sep")
    r = cli("check", type_kit)
    _refused(r, "entry point os:sep", "is not a component type", "it names a str")


def test_an_entry_point_naming_no_game_is_refused_by_name(cli, site, game_kit):
    _install(site, ENTRY_POINT_GROUP, "hostile", "os:sep")
    _refused(cli("check", game_kit), "entry point os:sep", "is not a game")


def test_an_entry_point_naming_no_game_is_a_warning_when_listing_rules(cli, site):
    _install(site, ENTRY_POINT_GROUP, "hostile", "os:sep")
    r = cli("rules")
    assert r.exit_code == 0 and "warning: the installed game 'hostile'" in r.stderr, r.output


def test_the_required_members_are_those_the_api_gives_no_default():
    protocol = {n for n in vars(ComponentType) if not n.startswith("_")}
    protocol |= set(ComponentType.__annotations__)
    assert set(REQUIRED_MEMBERS[COMPONENTS_GROUP]) == protocol - set(dir(Component))
    assert set(REQUIRED_MEMBERS[ENTRY_POINT_GROUP]) <= {n for n in vars(Game)}
