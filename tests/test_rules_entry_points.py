"""Rules modules from outside: a package declares its game in the entry-point group
`printkit.games`, and a kit names it in kit.yaml.

The example package (tests/fixtures/club_rules) is "installed" the way pip lays out a wheel:
the package and a `club_rules-0.1.dist-info` folder with METADATA and entry_points.txt in a
site folder on sys.path, so importlib.metadata discovers it as it would any installed package.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.plugins import ENTRY_POINT_GROUP, available_games
from tests.conftest import edit, install_fixture, line_of

PACKAGE = Path(__file__).parent / "fixtures" / "club_rules"


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The example package, installed into a site folder on sys.path."""
    entry = f"[{ENTRY_POINT_GROUP}]\nclub = club_rules.game:GAME\n"
    site = install_fixture(tmp_path / "site", PACKAGE, "club-rules", entry)
    monkeypatch.syspath_prepend(str(site))
    yield site


@pytest.fixture
def club_kit(cli, tmp_path):
    folder = tmp_path / "game"
    assert cli("new", folder).exit_code == 0
    edit(folder / "kit.yaml", "rules:\n", "rules:\n  module: club\n")
    edit(folder / "rules.yaml", "checks:\n", "longest_title: 5\nchecks:\n")
    return folder


def test_the_pyproject_declares_what_the_test_installs():
    text = (PACKAGE / "pyproject.toml").read_text(encoding="utf-8")
    assert f'[project.entry-points."{ENTRY_POINT_GROUP}"]\nclub = "club_rules.game:GAME"' in text


def test_an_installed_game_is_found_and_its_rules_run(cli, installed, club_kit):
    assert "club" in available_games()
    r = cli("check", club_kit)
    assert r.exit_code == 1, r.output
    cards = club_kit / "cards.yaml"
    (found,) = [line for line in r.stdout.splitlines() if "[CLUB001]" in line]
    line = line_of(cards, "title: Timber")
    col = (cards.read_text(encoding="utf-8").splitlines()[line - 1]).index("Timber") + 1
    assert found.startswith(f"{cards}:{line}:{col}: error [CLUB001] title 'Timber'")
    listed = cli("rules", club_kit).stdout
    assert listed.splitlines()[0] == "club (installed package: club_rules.game:GAME)"
    assert "  CLUB001  error    card titles are short enough to read across the table" in listed


def test_the_game_schema_validates_its_rules_file(cli, installed, club_kit):
    edit(club_kit / "rules.yaml", "longest_title: 5", "longest_titel: 5")
    r = cli("check", club_kit)
    assert r.exit_code == 2
    assert "unknown key 'longest_titel' in club rules; did you mean 'longest_title'?" in r.stderr


def test_without_the_package_the_module_is_an_input_error(cli, club_kit):
    assert "club" not in available_games()
    r = cli("check", club_kit)
    assert r.exit_code == 2
    assert f"{club_kit / 'kit.yaml'}:" in r.stderr and "club" in r.stderr


@pytest.fixture
def broken(tmp_path, monkeypatch):
    """An installed package whose game module fails to import."""
    site = tmp_path / "broken-site"
    (site / "broken_rules").mkdir(parents=True)
    (site / "broken_rules" / "__init__.py").write_text("", encoding="utf-8")
    (site / "broken_rules" / "game.py").write_text(
        "import no_such_module_anywhere\n", encoding="utf-8"
    )
    info = site / "broken_rules-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: broken-rules\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\nbroken = broken_rules.game\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(site))
    yield site


def test_a_plugin_that_cannot_be_imported_is_a_warning_for_other_kits(cli, broken):
    assert "broken" in available_games()
    r = cli("rules", "chartae")
    assert r.exit_code == 0, r.output
    assert "CH" in r.stdout or "DR" in r.stdout
    r = cli("rules")
    assert r.exit_code == 0, r.output
    assert "warning: the installed game 'broken'" in r.stderr
    assert "broken_rules.game" in r.stderr and "no_such_module_anywhere" in r.stderr
    assert "Traceback" not in r.output
    assert cli("check", "chartae").exit_code == 0


def test_a_kit_naming_a_plugin_that_cannot_be_imported_is_an_input_error(cli, broken, club_kit):
    edit(club_kit / "kit.yaml", "module: club", "module: broken")
    edit(club_kit / "rules.yaml", "longest_title: 5\n", "")
    r = cli("check", club_kit)
    assert r.exit_code == 2, r.output
    assert "no_such_module_anywhere" in r.stderr and "Traceback" not in r.output
