"""One name per meaning across commands (the old names kept as aliases), and `check --format
github` annotations for CI."""

from __future__ import annotations

import re

from tests.conftest import edit, line_of


def test_only_picks_components_on_deck_and_export(cli, tmp_path):
    new = cli("deck", "chariot-race", "--only", "cards")
    old = cli("deck", "chariot-race", "--component", "cards")
    assert new.exit_code == old.exit_code == 0 and new.stdout == old.stdout
    r = cli("export", "chariot-race", "--cards", "csv", "--only", "cards", "--out", tmp_path)
    assert r.exit_code == 0 and (tmp_path / "chariot-race" / "cards.csv").is_file()


def test_simulate_draws_its_report_with_report(cli, tmp_path):
    r = cli("simulate", "chartae", "--runs", "20", "--report", tmp_path / "balance.png")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "balance.png").stat().st_size > 1000


def test_the_help_names_the_old_names_as_old(cli):
    assert "--component is its old name" in " ".join(cli("deck", "--help").stdout.split())
    assert "--out is its old name" in " ".join(cli("simulate", "--help").stdout.split())


def test_check_annotates_files_for_github(cli, kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "rules.yaml", "  max: 4 ", "  max: 16 ")  # more players than chariot bases
    r = cli("check", kit, "--format", "github")
    assert r.exit_code == 1, r.output
    errors = [line for line in r.stdout.splitlines() if line.startswith("::error ")]
    pattern = r"::error file=([^,]+),line=(\d+),col=(\d+),title=(CR\d+)::(.+)"
    found = [re.match(pattern, line) for line in errors]
    assert errors and all(found), errors
    at_max = [m for m in found if m and m.group(1) == str(kit / "rules.yaml")]
    assert at_max and int(at_max[0].group(2)) == line_of(kit / "rules.yaml", "max: 16")
    assert r.stdout.splitlines()[-1].startswith(f"{len(errors)} error")


def test_github_annotations_escape_what_the_syntax_reserves():
    from printkit.core.annotations import annotation
    from printkit.core.errors import Location

    line = annotation("warning", Location("a,b:c.yaml", 3, 4), "50 % of\nall", "X1")
    assert line == "::warning file=a%2Cb%3Ac.yaml,line=3,col=4,title=X1::50 %25 of%0Aall"
