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


def test_a_placeholder_left_open_is_said_at_its_text(cli, tmp_path):
    """ "{title" (its closing brace forgotten) would print the brace and the word on every card:
    exit 2 at the text, saying how to close it; "{ a brace before no field name" stays text."""
    assert cli("new", tmp_path / "k").exit_code == 0
    cards = tmp_path / "k" / "cards.yaml"
    edit(cards, 'text: "{title}"', 'text: "{title"')
    line = next(n for n, t in enumerate(cards.read_text().splitlines(), 1) if '"{title"' in t)
    for command in ("check", "build"):
        r = cli(command, tmp_path / "k", *(["--out", tmp_path / "o"] if command == "build" else []))
        assert r.exit_code == 2
        assert f"cards.yaml:{line}:" in r.stderr
        assert "placeholder {title in kind" in r.stderr
        assert "is not closed: write {title} to print the card's title" in r.stderr
    assert not (tmp_path / "o").exists()
    edit(cards, 'text: "{title"', 'text: "{ or {x, the {title}"')
    assert cli("check", tmp_path / "k").exit_code == 0


def test_a_misspelt_file_name(cli, tmp_path):
    assert cli("new", tmp_path / "k").exit_code == 0
    edit(tmp_path / "k" / "kit.yaml", "file: cards.yaml", "file: card.yaml")
    r = cli("check", tmp_path / "k")
    assert r.exit_code == 2
    assert "file 'card.yaml' not found" in r.stderr and "did you mean 'cards.yaml'?" in r.stderr


def test_no_suggestion_when_nothing_is_close(cli):
    r = cli("check", "zzzz")
    assert r.exit_code == 2 and "did you mean" not in r.stderr
