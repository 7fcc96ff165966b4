"""A misspelt kit name, placeholder or file name is answered with the closest known one."""

from __future__ import annotations

from conftest import edit


def test_a_misspelt_kit_name(cli):
    r = cli("check", "chariot-rac")
    assert r.exit_code == 2
    assert "unknown kit 'chariot-rac'; did you mean 'chariot-race'?" in r.stderr


def test_a_misspelt_placeholder(cli, tmp_path):
    assert cli("new", tmp_path / "k").exit_code == 0
    edit(tmp_path / "k" / "cards.yaml", 'text: "{title}"', 'text: "{titel}"')
    r = cli("check", tmp_path / "k")
    assert r.exit_code == 2
    assert "placeholder {titel} in kind" in r.stderr
    assert "names no card field; did you mean {title}?" in r.stderr


def test_a_misspelt_file_name(cli, tmp_path):
    assert cli("new", tmp_path / "k").exit_code == 0
    edit(tmp_path / "k" / "kit.yaml", "file: cards.yaml", "file: card.yaml")
    r = cli("check", tmp_path / "k")
    assert r.exit_code == 2
    assert "file 'card.yaml' not found" in r.stderr and "did you mean 'cards.yaml'?" in r.stderr


def test_no_suggestion_when_nothing_is_close(cli):
    r = cli("check", "zzzz")
    assert r.exit_code == 2 and "did you mean" not in r.stderr
