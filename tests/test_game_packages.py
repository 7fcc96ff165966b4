"""Each game is one package under printkit/games/ (issue 20): the import-linter contract "each
game stands alone" covers every file of each, so a private helper imported from one game into
another breaks `lint-imports`; and a game is a plug-in like an installed one (issue 31): it
registers through an entry_points.txt of its own and imports only printkit.api, so a game
module reaching into the engine breaks `lint-imports` too. Shown on a copy of the tree with
such an import added."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import printkit
from printkit.plugins import GAMES_DIR, builtin_games

ROOT = Path(printkit.__file__).parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def _contracts(ids: set[str]) -> str:
    """The pyproject.toml contracts of these ids, as an import-linter config file of its own."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    linter = config["tool"]["importlinter"]
    lines = ["[importlinter]", f"root_package = {linter['root_package']}"]
    chosen = [c for c in linter["contracts"] if c["id"] in ids]
    assert {c["id"] for c in chosen} == ids
    for contract in chosen:
        lines += ["", f"[importlinter:contract:{contract['id']}]"]
        for key, value in contract.items():
            if key != "id" and isinstance(value, list):
                lines.append(f"{key} =" + "".join(f"\n    {item}" for item in value))
            elif key != "id":
                lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


CONTRACTS = {"independent-games", "game-helpers-know-no-game", "games-use-only-the-api"}


def _lint_copy(tmp_path: Path, edit: tuple[str, str] | None) -> subprocess.CompletedProcess:
    """lint-imports on a copy of printkit/ (Python files only), with `edit`'s line (module
    path, import line) added at the top of that module."""
    copy = tmp_path / "tree"
    shutil.copytree(
        ROOT / "printkit",
        copy / "printkit",
        ignore=lambda folder, names: [
            n for n in names if not n.endswith(".py") and not (Path(folder) / n).is_dir()
        ],
    )
    if edit is not None:
        module, line = edit
        target = copy / "printkit" / module
        text = target.read_text(encoding="utf-8")
        head, _, body = text.partition("from __future__ import annotations\n")
        target.write_text(f"{head}from __future__ import annotations\n\n{line}\n{body}")
    config = copy / "contracts.ini"
    config.write_text(_contracts(CONTRACTS))
    env = {**os.environ, "PYTHONPATH": str(copy)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(config), "--no-cache"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_every_builtin_game_is_a_package_with_no_private_underscore_files():
    assert builtin_games() == ["carthage", "chariot_race", "chartae"]
    loose = sorted(p.name for p in GAMES_DIR.glob("*.py") if p.name != "__init__.py")
    assert loose == []
    private = [p for p in GAMES_DIR.rglob("_*.py") if p.name != "__init__.py"]
    assert private == []
    assert sorted(p.parent.name for p in GAMES_DIR.glob("*/__init__.py")) == [
        "carthage",
        "chariot_race",
        "chartae",
        "common",
    ]


@pytest.mark.slow  # lint-imports run on a copy of the tree (.ci/run runs it on the tree itself)
def test_the_tree_as_it_is_keeps_the_games_apart(tmp_path):
    result = _lint_copy(tmp_path, None)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "each game stands alone KEPT" in result.stdout
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in result.stdout


def test_every_builtin_game_registers_like_an_installed_one():
    """The game and its own component types are entry points of its package's entry_points.txt,
    in the format of an installed distribution's."""
    for name in builtin_games():
        text = (GAMES_DIR / name / "entry_points.txt").read_text(encoding="utf-8")
        assert f"[printkit.games]\n{name} = printkit.games.{name}:GAME\n" in text


def test_a_game_reaching_into_the_engine_breaks_lint_imports(tmp_path):
    # chariot race's checks fitting text with the drawing module itself, not through the API
    edit = ("games/chariot_race/checks.py", "from printkit.draw.text import fit_text as _fit")
    result = _lint_copy(tmp_path, edit)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Contracts: 2 kept, 1 broken." in result.stdout
    assert "printkit.games.chariot_race.checks -> printkit.draw.text" in result.stdout


@pytest.mark.slow
def test_a_private_helper_of_one_game_imported_into_another_breaks_lint_imports(tmp_path):
    # the model of play of chariot race reaching into Carthage's kit readers
    edit = ("games/chariot_race/model.py", "from printkit.games.carthage import kit as _stranger")
    result = _lint_copy(tmp_path, edit)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "each game stands alone BROKEN" in result.stdout
    assert "printkit.games.chariot_race.model -> printkit.games.carthage.kit" in result.stdout


@pytest.mark.slow  # lint-imports run on a copy of the tree
def test_a_shared_helper_that_imports_a_game_breaks_lint_imports(tmp_path):
    edit = ("games/common/memo.py", "import printkit.games.chartae.engine")
    result = _lint_copy(tmp_path, edit)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "imports no game BROKEN" in result.stdout
