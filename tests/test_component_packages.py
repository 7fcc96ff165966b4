"""Each component type is one package, registered like an installed plug-in (issue 31).

- The engine needs no game: on a copy of the tree without printkit/games/, a kit `printkit new`
  makes and every kit of tests/kits/ build and check.
- A type is one package: on a copy of the tree without one type's package, every kit that does
  not use that type still builds, and a kit that uses it is told the type is unknown (exit 2).
- Our own types work as installed ones: with the built-in registrations set aside, every type
  of a kit is found through an installed distribution's entry points (importlib.metadata, the
  path a third-party type takes) and the kit prints the same bytes.

The copies run printkit in a child process whose import path starts at the copy.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import printkit
from printkit import plugins
from printkit.plugins import COMPONENTS_GROUP, ENTRY_POINTS_FILE
from tests.conftest import install_fixture, untextured

ROOT = Path(printkit.__file__).resolve().parent.parent
TEST_KITS = sorted(p.parent for p in (ROOT / "tests" / "kits").glob("*/kit.yaml"))
BUILTIN_KITS = sorted(p.parent for p in (ROOT / "data").glob("*/kit.yaml"))


def types_of(kit: Path) -> set[str]:
    manifest = yaml.safe_load((kit / "kit.yaml").read_text(encoding="utf-8"))
    return {spec["type"] for spec in manifest["components"].values()}


def copy_tree(to: Path, drop: list[str]) -> Path:
    """printkit/ and data/ copied to `to`, without the folders `drop` names (relative to the
    repository) and without bytecode."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in ("printkit", "data"):
        shutil.copytree(ROOT / part, to / part, ignore=skip)
    for folder in drop:
        shutil.rmtree(to / folder)
    return to


def run(tree: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """`python -m printkit ARGS` importing printkit from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "printkit", *map(str, args)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def imports_from(tree: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = "import printkit; print(printkit.__file__)"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True
    )
    return done.stdout.strip()


def test_the_copies_import_the_copy(tmp_path):
    """The child processes below run the copied tree, not the checkout (or they prove nothing)."""
    tree = copy_tree(tmp_path / "tree", ["printkit/games"])
    assert imports_from(tree) == str(tree / "printkit" / "__init__.py")


@pytest.mark.slow
def test_without_the_games_new_kits_and_the_test_kits_build_and_check(tmp_path):
    tree = copy_tree(tmp_path / "tree", ["printkit/games"])
    assert not (tree / "printkit" / "games").exists()
    new = tmp_path / "fresh"
    made = run(tree, "new", new)
    assert made.returncode == 0, made.stderr
    for kit in [new, *TEST_KITS]:
        built = run(tree, "build", kit, "--out", tmp_path / "out", "-j", "1")
        assert built.returncode == 0, (kit.name, built.stderr)
        checked = run(tree, "check", kit)
        assert checked.returncode == 0, (kit.name, checked.stdout, checked.stderr)
        assert list((tmp_path / "out" / kit_name(kit)).glob("*.pdf")), kit.name


@pytest.mark.slow
def test_without_a_game_a_kit_that_plays_it_is_told_so(tmp_path):
    tree = copy_tree(tmp_path / "tree", ["printkit/games"])
    refused = run(tree, "build", tree / "data" / "chartae", "--out", tmp_path / "out")
    assert refused.returncode == 2, refused.stderr
    assert "Traceback" not in refused.stderr


def kit_name(kit: Path) -> str:
    return str(yaml.safe_load((kit / "kit.yaml").read_text(encoding="utf-8"))["name"])


@pytest.mark.slow
def test_without_one_type_every_kit_not_using_it_still_builds(tmp_path):
    """The map type's package removed: its registration goes with it."""
    tree = copy_tree(tmp_path / "tree", ["printkit/components/map"])
    kits = [tree / "data" / k.name for k in BUILTIN_KITS] + TEST_KITS
    using = [k for k in kits if "map" in types_of(k)]
    assert [k.name for k in using] == ["hexwar"]  # the test removes a type some kit uses
    for kit in kits:
        built = run(tree, "build", kit, "--out", tmp_path / "out", "-j", "1")
        if kit in using:
            assert built.returncode == 2, (kit.name, built.stderr)
            assert "map" in built.stderr and "Traceback" not in built.stderr
        else:
            assert built.returncode == 0, (kit.name, built.stderr)


def builtin_entry_points() -> str:
    """Every entry point our packages register, joined as one distribution's entry_points.txt."""
    return "\n".join(
        path.read_text(encoding="utf-8")
        for folder in plugins.BUILTIN_FOLDERS
        for path in sorted(folder.glob(f"*/{ENTRY_POINTS_FILE}"))
    )


@pytest.fixture
def only_installed(tmp_path, monkeypatch):
    """The built-in registrations set aside, and our own types installed as a distribution
    ("printkit-own-types") whose entry_points.txt is theirs."""
    fixture = tmp_path / "fixture"
    (fixture / "printkit_own_types").mkdir(parents=True)
    (fixture / "printkit_own_types" / "__init__.py").write_text("", encoding="utf-8")
    site = install_fixture(tmp_path / "site", fixture, "printkit-own-types", builtin_entry_points())
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(plugins, "BUILTIN_FOLDERS", ())
    for cached in (plugins._builtin, plugins._builtin_files, plugins._installed):
        cached.cache_clear()
    yield
    for cached in (plugins._builtin, plugins._builtin_files, plugins._installed):
        cached.cache_clear()


@pytest.mark.parametrize(
    "kit",
    # a whole built-in kit built twice is the slow suite's; the test kit's shaped pieces are quick
    [pytest.param("chariot-race", marks=pytest.mark.slow), "tests/kits/hex-island"],
)
def test_our_types_loaded_as_installed_ones_print_the_same(cli, tmp_path, kit, only_installed):
    from importlib.metadata import EntryPoint

    assert plugins.builtin_component_types() == []
    found = plugins._installed(COMPONENTS_GROUP, tuple(sys.path))
    folder = ROOT / kit if "/" in kit else ROOT / "data" / kit
    if "/" in kit:  # the same bytes either way, textures or none: a copy without them
        folder = untextured(Path(shutil.copytree(folder, tmp_path / "kit" / folder.name)))
    for name in types_of(folder):
        assert isinstance(found[name], EntryPoint), name  # importlib.metadata's, as pip's
    installed = cli("build", folder, "--out", tmp_path / "installed", "--force")
    assert installed.exit_code == 0, installed.output
    plugins.BUILTIN_FOLDERS = (ROOT / "printkit" / "components", plugins.GAMES_DIR)
    for cached in (plugins._builtin, plugins._builtin_files, plugins._installed):
        cached.cache_clear()
    builtin = cli("build", folder, "--out", tmp_path / "builtin", "--force")
    assert builtin.exit_code == 0, builtin.output
    pdfs = sorted(
        p.relative_to(tmp_path / "installed") for p in (tmp_path / "installed").rglob("*.pdf")
    )
    assert pdfs
    for pdf in pdfs:
        same = (tmp_path / "installed" / pdf).read_bytes() == (
            tmp_path / "builtin" / pdf
        ).read_bytes()
        assert same, pdf


def test_the_example_plugins_import_only_the_api():
    """The installed examples (tests/fixtures/) need nothing of printkit but printkit.api, as a
    game package does (the contract games-use-only-the-api)."""
    import ast

    found = []
    for path in sorted((ROOT / "tests" / "fixtures").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("printkit"):
                found += [] if node.module == "printkit.api" else [f"{path.name}: {node.module}"]
            elif isinstance(node, ast.Import):
                found += [
                    f"{path.name}: {a.name}" for a in node.names if a.name.startswith("printkit")
                ]
    assert found == []


def test_our_entry_points_read_as_a_distributions_are_read():
    """Each package's entry_points.txt means to printkit what it means to importlib.metadata."""
    from importlib.metadata import EntryPoints, PathDistribution

    files = [p for f in plugins.BUILTIN_FOLDERS for p in sorted(f.glob(f"*/{ENTRY_POINTS_FILE}"))]
    assert len(files) >= 9  # every generic type and every game
    for path in files:
        ours = plugins.read_entry_points(path.read_text(encoding="utf-8"))
        theirs: EntryPoints = PathDistribution(path.parent).entry_points
        assert [(e.name, e.value, e.group) for e in theirs] == [tuple(e) for e in ours], path
