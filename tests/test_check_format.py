"""printkit check as a linter (text and JSON Lines, exit codes) and printkit rules."""

from __future__ import annotations

import json

import pytest
from conftest import drop_game_kinds, edit, line_of

from printkit.checks import all_rule_sets


def jsonl(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def broken_rules_kit(kit_copy):
    """A copy with one CR001 error (speed 14) and a CR004 warning (reserve raised to 50)."""
    folder = kit_copy("chariot-race")
    cards = folder / "cards.yaml"
    edit(
        cards,
        'count: 2, speed: 4, turn: 90, crash: "Glancing',
        'count: 2, speed: 14, turn: 90, crash: "Glancing',
    )
    edit(folder / "rules.yaml", "reserve: 12", "reserve: 50")
    # a template for speed 14 too, so that only the stakes table is missing (no CR005)
    edit(folder / "templates.yaml", "  - {speed: 16,", "  - 14\n  - {speed: 16,")
    # and no Whip or Rein In, whose 16 and 7 in moves would add findings of their own (CR011)
    edit(cards, "add_speed: 2, max_speed: 20,", "")
    edit(cards, "speed_factor: 0.5,", "")
    return folder, cards


def test_clean_kit_json(cli):
    r = cli("check", "chariot-race", "--format", "json")
    assert r.exit_code == 0
    assert jsonl(r.stdout) == [
        {
            "type": "summary",
            "kits": ["chariot-race"],
            "errors": 0,
            "warnings": 0,
            "info": 0,
            "input_errors": 0,
            "exit_code": 0,
        }
    ]


def test_rules_findings_text_and_json_agree(cli, kit_copy):
    folder, cards = broken_rules_kit(kit_copy)
    line = line_of(cards, "speed: 14")
    col = cards.read_text(encoding="utf-8").splitlines()[line - 1].index("14") + 1
    first = line_of(cards, "  - {id:")

    text = cli("check", folder)
    assert text.exit_code == 1
    assert text.stdout.splitlines() == [
        f"{cards}:{line}:{col}: error [CR001] card 'm4-t90-a' has speed 14 in, which the "
        "outer-stakes table does not list (2, 3, 4, 5, 6, 8, 10, 12, 16, 18, 20); a marshal could "
        "not say how "
        "many cards it loses",
        f"{cards}:{first}:5: warning [CR004] after dealing 24 cards only 48 remain to draw "
        "(reserve: 50)",
        "1 error, 1 warning, 0 info",
    ]

    r = cli("check", folder, "--format", "json")
    assert r.exit_code == 1
    objects = jsonl(r.stdout)
    assert [o["type"] for o in objects] == ["finding", "finding", "summary"]
    error, warning, summary = objects
    assert error == {
        "type": "finding",
        "kit": "chariot-race",
        "file": str(cards),
        "line": line,
        "column": col,
        "severity": "error",
        "code": "CR001",
        "message": text.stdout.splitlines()[0].split("[CR001] ")[1],
    }
    assert (warning["code"], warning["severity"], warning["line"]) == ("CR004", "warning", first)
    assert summary == {
        "type": "summary",
        "kits": ["chariot-race"],  # as the findings name it, not the folder given
        "errors": 1,
        "warnings": 1,
        "info": 0,
        "input_errors": 0,
        "exit_code": 1,
    }


def test_warnings_alone_exit_zero(cli, kit_copy):
    folder = kit_copy("chariot-race")
    edit(folder / "rules.yaml", "reserve: 12", "reserve: 50")
    r = cli("check", folder)
    assert r.exit_code == 0
    assert r.stdout.splitlines()[-1] == "0 errors, 1 warning, 0 info"


def test_input_errors_in_json_are_findings_with_code_input(cli, kit_copy):
    folder = kit_copy("chariot-race")
    cards = folder / "cards.yaml"
    edit(cards, "{id: whip, kind: special,", "{id: whip, kind: special, speedd: 3,")
    line = line_of(cards, "speedd")
    r = cli("check", "chariot-race", folder, "nope", "--format", "json")
    assert r.exit_code == 2
    objects = jsonl(r.stdout)
    inputs = [o for o in objects if o.get("code") == "INPUT"]
    assert [(o["kit"], o["file"], o["line"]) for o in inputs] == [
        ("chariot-race", str(cards), line),  # the kit's name, as in its rules findings
        ("nope", "nope", 0),  # no kit.yaml was read: the name as given
    ]
    assert inputs[0]["message"].startswith("unknown key 'speedd' in card; did you mean 'speed'?")
    assert objects[-1]["input_errors"] == 2 and objects[-1]["exit_code"] == 2
    # text mode: the same errors on stderr, exit 2, no traceback
    r = cli("check", folder)
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0].startswith(f"{cards}:{line}:")
    assert "Traceback" not in r.output


def test_rules_lists_every_registered_code(cli):
    registered = {r.code: r for _, rs in all_rule_sets() for r in rs.rules.values()}
    assert registered  # at least the chariot-race rules
    r = cli("rules")
    assert r.exit_code == 0
    listed = {line.split()[0] for line in r.stdout.splitlines() if line.startswith("  ")}
    assert listed == set(registered)
    for code, rule in registered.items():
        assert f"  {code}  {rule.severity:<7}  {rule.summary}" in r.stdout.splitlines()

    rows = json.loads(cli("rules", "--format", "json").stdout)
    assert {row["code"] for row in rows} == set(registered)
    assert all(row["details"] and row["summary"] for row in rows)


def test_rules_for_one_kit(cli, kit_copy):
    r = cli("rules", "chariot-race")
    assert r.stdout.splitlines()[0] == "chariot-race (games/chariot_race/)"
    assert "CR001" in r.stdout
    folder = kit_copy("chariot-race")
    edit(folder / "kit.yaml", "rules:\n  module: chariot_race\n  file: rules.yaml\n", "")
    drop_game_kinds(folder)  # fan and drift are the game's own element kinds
    r = cli("rules", folder)
    assert r.exit_code == 0
    assert r.stdout.startswith("this kit names no game rules")


def test_new_commands_are_listed_and_have_help(cli):
    top = cli("--help").stdout
    for command in ("new", "deck", "check", "rules", "schema"):
        assert f"\n  {command} " in top
        r = cli(command, "--help")
        assert r.exit_code == 0 and r.stdout.startswith("Usage: ")
    assert "3 a bug in printkit" in cli("check", "--help").stdout


def test_check_finds_text_that_cannot_fit_as_build_does(cli, tmp_path):
    """Found by laying out every card face, without writing anything: the same message, at the
    same place, as the build that would fail; every such card at once."""
    from badkits import MINI, copy_kit, position_of, shown

    kit = copy_kit(MINI, tmp_path / "mini")
    cards = kit / "cards.yaml"
    long_note = "Turn once. " * 30
    text = cards.read_text(encoding="utf-8").replace('"Turn once."', f'"{long_note}"')
    cards.write_text(text.replace('"Unicode: é Æ – ’ ×"', f'"{long_note}"'), encoding="utf-8")
    where = [position_of(cards, n, f'"{long_note}') for n in ("id: a,", "id: b,")]
    expected = [
        f"{shown(cards)}:{line}:{col}: error: card '{cid}': field 'note' does not fit its box "
        "(a band element's text) even at 6 pt (min_size or the deck's min_text_size); shorten "
        "the text, enlarge the box or lower the minimum"
        for cid, (line, col) in zip("ab", where, strict=True)
    ]
    r = cli("check", kit)
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [*expected, "printkit: 2 input errors"]  # check writes nothing
    rows = jsonl(cli("check", kit, "--format", "json").stdout)
    assert [(f["code"], f["line"]) for f in rows[:-1]] == [("INPUT", w[0]) for w in where]
    assert rows[-1]["exit_code"] == 2
    build = cli("build", kit, "--out", tmp_path / "out", "--jobs", "1")
    assert build.exit_code == 2 and build.stderr.splitlines()[0] == expected[0]


def test_json_summary_names_kits_as_their_findings_do(cli, kit_copy, tmp_path):
    """A kit in a folder named otherwise: findings and summary both use its kit.yaml name."""
    import json
    import shutil

    renamed = tmp_path / "renamed"
    shutil.copytree(kit_copy("chariot-race"), renamed)
    (renamed / "rules.yaml").write_text(
        (renamed / "rules.yaml").read_text(encoding="utf-8").replace("  max: 4 ", "  max: 16 "),
        encoding="utf-8",
    )
    r = cli("check", str(renamed) + "/", "no-such-kit", "--format", "json")
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    kits = {x["kit"] for x in lines if x["type"] == "finding"}
    assert kits == {"chariot-race", "no-such-kit"}
    assert lines[-1]["kits"] == ["chariot-race", "no-such-kit"]


def test_run_checks_runs_only_the_rules_asked_for_and_refuses_unknown_codes():
    """run_checks(kit, codes) gives the same findings of those codes as a full run, and none of
    any other code; a code the kit's rules lack is refused by name."""
    from printkit.checks import run_checks
    from printkit.kit import load_kit

    kit = load_kit("carthage")
    every = run_checks(kit)
    codes = {every[0].code}
    assert [f for f in every if f.code in codes] == run_checks(kit, codes)
    with pytest.raises(LookupError, match="no rule CR999"):
        run_checks(kit, {"CR999"})
