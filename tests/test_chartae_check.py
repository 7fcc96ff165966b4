"""printkit check chartae: the published set passes; seeded faults are flagged at their lines.

The published set goes through `printkit check` end to end; each seeded fault is read through
`check_rules` (check's own rules, lines and exit code, without drawing the tiles)."""

from __future__ import annotations

import re

import pytest
from badkits import check_rules

from tests.conftest import DATA, edit, line_of

H_BLOCK = """  - id: H                                                # strait: two separate lands
    edges: LL SL LS LL"""


def test_default_set_passes_with_the_balance_report(cli):
    r = cli("check", "chartae")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[-1] == "0 errors, 0 warnings, 2 info"
    tiles_line = line_of(DATA / "chartae" / "tiles.yaml", "tiles:")
    assert (
        f"data/chartae/tiles.yaml:{tiles_line}:1: info [CH010] half-edges of the 9 tiles: "
        "land 36, sea 36 of 72"
    ) in lines
    report = next(line for line in lines if "[CH011]" in line)
    assert report.startswith("data/chartae/rules.yaml:")
    m = re.search(
        r"1,000 random games \(seed 2020\): land wins ([\d.]+) %, sea wins ([\d.]+) %", report
    )
    assert m, report
    land, sea = float(m.group(1)), float(m.group(2))
    assert abs(land + sea - 100) < 0.15 and max(land, sea) <= 60


def findings(r, code: str) -> list[str]:
    return [line for line in r.stdout.splitlines() if f"[{code}]" in line]


def test_ten_tiles_flagged_at_the_tenth(kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "\nback:", "  - {id: J, edges: LL SS SS LL}   # one too many\n\nback:")
    r = check_rules(kit, "CH001")
    assert r.exit_code == 1, r.output
    (finding,) = findings(r, "CH001")
    assert finding.startswith(f"{_shown(tiles)}:{line_of(tiles, 'id: J')}:")
    assert "tile 'J' is tile 10 of 10, but a 3x3 map takes exactly 9" in finding


def test_eight_tiles_flagged_at_the_list(kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "  - {id: B, edges: LL LS SS SL}", "")
    r = check_rules(kit, "CH001")
    assert r.exit_code == 1
    (finding,) = findings(r, "CH001")
    assert finding.startswith(f"{_shown(tiles)}:{line_of(tiles, 'tiles:')}:")
    assert "the set has 8 tiles, but a 3x3 map takes exactly 9" in finding


def test_two_compass_tiles_flagged_at_the_second(kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "{id: A, edges: LL LS SS SL,", "{id: A, edges: LL LS SS SL, flags: [compass],")
    r = check_rules(kit, "DR002")
    assert r.exit_code == 1
    (finding,) = findings(r, "DR002")  # a data check in rules.yaml (was Python's CH002)
    assert finding.startswith(f"{_shown(tiles)}:{line_of(tiles, 'id: A')}:")
    assert (
        "tile set 'tiles' has 2 tiles with compass 'true'; the rules ask for exactly 1" in finding
    )
    assert finding.endswith("exactly one tile, the compass tile, starts the map")


def test_no_compass_tile(kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, ", flags: [compass]}", "}")
    r = check_rules(kit, "DR002")
    assert r.exit_code == 1
    (finding,) = findings(r, "DR002")
    assert finding.startswith(f"{_shown(tiles)}:{line_of(tiles, 'tiles:')}:")
    assert "has 0 tiles with compass 'true'; the rules ask for exactly 1" in finding


def test_all_sea_tile_flagged_at_its_edges(kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "{id: E, edges: LL LS SS SS,", "{id: E, edges: SS SS SS SS,")
    r = check_rules(kit, "CH003", "CH011")
    assert r.exit_code == 1
    (finding,) = findings(r, "CH003")
    assert finding.startswith(f"{_shown(tiles)}:{line_of(tiles, 'id: E')}:")
    assert "tile 'E' has no land on its edges (SS SS SS SS)" in finding
    assert not findings(r, "CH011")  # no balance report for an unplayable set


def test_half_edge_in_two_pieces_and_missing(kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "{terrain: sea, halves: [2, 3, 4, 5]}", "{terrain: sea, halves: [0, 3, 4, 5]}")
    r = check_rules(kit, "CH004")
    assert r.exit_code == 1
    twice, missing = sorted(findings(r, "CH004"), key=lambda f: "no piece" in f)
    assert twice.startswith(f"{_shown(tiles)}:{line_of(tiles, 'halves: [0, 3, 4, 5]')}:")
    assert "tile 'G': half-edge 0 is in 2 pieces" in twice
    assert "tile 'G': half-edge 2 belongs to no piece" in missing
    assert f":{line_of(tiles, '    pieces:')}:" in missing


def test_piece_terrain_disagrees_with_half_edges(kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "{terrain: land, halves: [3, 4]}", "{terrain: sea, halves: [3, 4]}")
    r = check_rules(kit, "CH005")
    assert r.exit_code == 1
    (finding,) = findings(r, "CH005")
    assert finding.startswith(f"{_shown(tiles)}:{line_of(tiles, 'terrain: sea, halves: [3, 4]')}:")
    assert "a sea piece lists half-edges 3 (land), 4 (land)" in finding


def test_pieces_that_would_cross(kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, H_BLOCK, "  - id: H\n    edges: LL SL LS LL")
    edit(
        tiles,
        "      - {terrain: sea, halves: [2, 5]}\n"
        "      - {terrain: land, halves: [0, 1, 6, 7]}\n"
        "      - {terrain: land, halves: [3, 4]}",
        "      - {terrain: sea, halves: [2, 5]}\n      - {terrain: land, halves: [0, 1, 6, 7, 3, 4]}",
    )
    r = check_rules(kit, "CH006")
    assert r.exit_code == 1
    (finding,) = findings(r, "CH006")
    assert "tile 'H': its pieces cannot lie side by side on a square" in finding


@pytest.mark.slow  # a simulation of games
def test_unfair_set_warns_over_the_threshold(kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    for old in ("{id: A, edges: LL LS SS SL", "{id: B, edges: LL LS SS SL"):
        edit(tiles, old, old.replace("LL LS SS SL", "LL LL LS SL"))
    edit(kit / "rules.yaml", "games: 1000 ", "games: 1000000 ")  # the schema's maximum
    r = check_rules(kit)  # every rule: warnings and no error
    assert r.exit_code == 0, r.output  # warnings only
    (totals,) = findings(r, "CH010")
    assert "warning [CH010] half-edges of the 9 tiles: land 40, sea 32 of 72" in totals
    (rates,) = findings(r, "CH011")
    assert "warning [CH011] 1,000 random games (seed 2020)" in rates  # check stays bounded
    assert rates.endswith("; land wins more than 60 %")


def _shown(path) -> str:
    from printkit.core.errors import display_path

    return display_path(path)


def test_checks_doc_says_the_balance_report_is_info_until_unbalanced():
    """docs/checks.md (generated from the rules) tells a designer why a fair set shows info."""
    text = (DATA.parent / "docs" / "checks.md").read_text(encoding="utf-8")
    for code in ("CH010", "CH011"):
        section = text.split(f"#### {code}:", 1)[1].split("####", 1)[0]
        assert "`info` while" in section and "`warning` when" in section, code


@pytest.mark.parametrize("command", ["check", "build"])
def test_chartae_is_for_the_seeds_two_players(cli, tmp_path, command):
    """The seed's two players ("Decide which territory each of you will play (land or sea)"),
    as `players:` in rules.yaml: check and build refuse --players 3 at that record, like the
    other kits, and write nothing; --players 2 passes."""
    out = tmp_path / "out"
    r = cli(
        command, "chartae", "--players", "3", *(["--out", str(out)] if command == "build" else [])
    )
    assert r.exit_code == 2, r.output
    line = line_of(DATA / "chartae" / "rules.yaml", "players: {min: 2, max: 2}")
    assert f"rules.yaml:{line}:" in r.stderr
    assert "kit 'chartae' is for exactly 2 players (its rules' `players:`)" in r.stderr
    assert "--players 3 is not possible" in r.stderr
    assert not out.exists() or not any(out.rglob("*.pdf"))
    assert cli("check", "chartae", "--players", "2").exit_code == 0
