"""Bad input: exit 2, a message naming file:line:column, every error at once, nothing written."""

import os
import shutil

import pytest

from tests.conftest import edit, line_of


def _located(output: str, path, line: int, col: int | None = None) -> bool:
    name = str(path)
    prefix = f"{name}:{line}:" if col is None else f"{name}:{line}:{col}:"
    return any(prefix in ln for ln in output.splitlines())


def test_yaml_syntax_error_names_file_line_and_column(cli, kit_copy, tmp_path):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, "card_size: poker", "card_size: [poker")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "YAML syntax error" in r.stderr
    assert str(cards) in r.stderr and "Traceback" not in r.output


def test_wrong_type_gives_expected_and_found(cli, kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(
        cards,
        "{id: m6-t60-a, kind: movement, count: 2",
        "{id: m6-t60-a, kind: movement, count: lots",
    )
    line = line_of(cards, "count: lots")
    col = cards.read_text(encoding="utf-8").splitlines()[line - 1].index("lots") + 1
    r = cli("check", kit)
    assert r.exit_code == 2
    assert (
        f'{cards}:{line}:{col}: error: count must be a whole number from 1 to 10000; got "lots"'
        in r.stderr
    )


def test_unknown_key_suggests_the_right_one(cli, kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(
        cards,
        "{id: m8-t45-a, kind: movement, count: 2, speed: 8",
        "{id: m8-t45-a, kind: movement, count: 2, speedd: 8",
    )
    line = line_of(cards, "speedd")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert _located(r.stderr, cards, line)
    assert "unknown key 'speedd' in card; did you mean 'speed'?" in r.stderr


def test_all_errors_of_a_run_are_reported_together(cli, kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, "count: 2, speed: 6", "count: -1, speed: 6")
    edit(cards, "turn: 45, crash", "turn: steep, crash")
    edit(kit / "rules.yaml", "laps: 2", "laps: two")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "count must be" in r.stderr and "turn must be" in r.stderr and "laps must be" in r.stderr
    assert "3 input errors" in r.stderr


def test_missing_required_key(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "kit.yaml", "name: chariot-race\n", "")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "name is required but missing" in r.stderr
    assert f"{kit / 'kit.yaml'}:" in r.stderr


def test_duplicate_keys_are_an_error(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "rules.yaml", "laps: 2", "laps: 2\nlaps: 3")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "duplicate key 'laps'" in r.stderr
    assert _located(r.stderr, kit / "rules.yaml", line_of(kit / "rules.yaml", "laps: 3"), 1)


def test_tab_indentation_is_explained(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "rules.yaml", "  max: 4", "\tmax: 4")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "tab character used for indentation" in r.stderr


def test_object_tags_are_refused(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "rules.yaml", "laps: 2", "laps: !!python/object/apply:os.system ['echo pwned']")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "is not allowed" in r.stderr and "pwned" not in r.stdout


def test_unknown_kit_lists_the_known_ones(cli):
    r = cli("check", "chariot-rase")
    assert r.exit_code == 2
    assert "unknown kit 'chariot-rase'" in r.stderr and "chariot-race" in r.stderr


def test_text_that_cannot_fit_names_the_card(cli, kit_copy, tmp_path):
    kit = kit_copy("chariot-race")
    edit(
        kit / "cards.yaml",
        "Add 2″ to one of your movement cards this turn (never beyond 20″).",
        "word " * 110,
    )
    r = cli("build", kit, "--out", tmp_path / "out")
    assert r.exit_code == 2
    assert "card 'whip'" in r.stderr and "does not fit" in r.stderr
    assert not (tmp_path / "out" / "chariot-race" / "cards.pdf").exists()


def test_a_failed_build_leaves_previous_outputs_untouched(cli, kit_copy, tmp_path, built_kit):
    kit = kit_copy("chariot-race")
    out = tmp_path / "out"
    # the previous outputs: a copy of the shared build of the very same kit
    shutil.copytree(built_kit("chariot-race"), out / "chariot-race")
    pdf = out / "chariot-race" / "cards.pdf"
    before = pdf.read_bytes()
    edit(
        kit / "cards.yaml",
        "Add 2″ to one of your movement cards this turn (never beyond 20″).",
        "word " * 110,
    )
    assert cli("build", kit, "--out", out).exit_code == 2
    assert pdf.read_bytes() == before
    assert sorted(os.listdir(out / "chariot-race")) == sorted(
        ["cards.pdf", "templates.pdf", "damage-chart.pdf", "playing-area.pdf", "bases.pdf"]
    )


def test_an_exception_mid_render_leaves_no_file_behind(cli, tmp_path, monkeypatch):
    import printkit.components.deck as deck

    def boom(*args, **kwargs):
        raise OSError(5, "simulated failure while writing")

    monkeypatch.setattr(deck, "render_groups", boom)
    out = tmp_path / "out"
    r = cli("build", "chariot-race", "--out", out)
    assert r.exit_code == 3
    assert "Traceback" not in r.output
    assert not any(p.is_file() for p in out.rglob("*"))


@pytest.mark.parametrize(
    "flag", ["--paper a5", "--duplex sideways", "--back-offset 1", "--bleed -2"]
)
def test_bad_options_are_usage_errors(cli, flag):
    r = cli("build", "chariot-race", *flag.split())
    assert r.exit_code == 2
