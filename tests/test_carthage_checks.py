"""`printkit check carthage`: clean on the shipped data; each seeded fault found at its line.

The shipped data and the input errors go through `printkit check` end to end; each rules fault
is read through `check_rules` (every carthage rule, check's lines and exit code, no drawing)."""

from __future__ import annotations

from badkits import check_rules

from printkit.core.errors import display_path
from tests.conftest import DATA, edit, line_of


def check(cli, kit, *args):
    return cli("check", str(kit), *args)


def finding_lines(result, code: str) -> list[str]:
    return [line for line in result.stdout.splitlines() if f"[{code}]" in line]


def test_default_data_passes(cli):
    r = cli("check", "carthage")
    assert r.exit_code == 0, r.output
    assert "0 errors, 0 warnings, 3 info" in r.stdout
    cards = line_of(DATA / "carthage" / "fatum.yaml", "cards:")
    at = f"data/carthage/fatum.yaml:{cards}:1: info [CT009] "
    lines = r.stdout.splitlines()
    assert (
        at + "4 players: 14 FATUM cards deal 4, 4, 3, 3 (uneven, from the dealer's left)" in lines
    )
    assert at + "3 players: 13 FATUM cards deal 5, 4, 4 (uneven, from the dealer's left)" in lines
    assert at + "2 players, teams blue+red against green+white: 14 FATUM cards deal 7, 7" in lines


def test_players_option_reports_that_count():
    r = check_rules("carthage", players=3)
    assert r.exit_code == 0
    cards = line_of(DATA / "carthage" / "fatum.yaml", "cards:")
    assert finding_lines(r, "CT009") == [
        f"data/carthage/fatum.yaml:{cards}:1: info [CT009] 3 players: 13 FATUM cards deal "
        "5, 4, 4 (uneven, from the dealer's left)"
    ]


def test_fatum_square_naming_a_missing_card(kit_copy):
    kit = kit_copy("carthage")
    board = kit / "board.yaml"
    edit(board, "kind: fatum, card: whip}", "kind: fatum, card: lion}")
    line = line_of(board, "card: lion}")
    r = check_rules(kit)
    assert r.exit_code == 1
    (found,) = finding_lines(r, "CT002")
    assert found.startswith(f"{display_path(board)}:{line}:")
    assert "names FATUM card 'lion', which the FATUM deck does not have" in found


def test_two_wreck_cards(kit_copy):
    kit = kit_copy("carthage")
    fatum = kit / "fatum.yaml"
    edit(
        fatum,
        "  - {id: epone-goddess,",
        '  - {id: wreck-2, kind: wreck, title: WRECK, emblem: broken-wheel, text: "Again."}\n'
        "  - {id: epone-goddess,",
    )
    r = check_rules(kit)
    assert r.exit_code == 1
    (found,) = finding_lines(r, "DR002")  # a data check in rules.yaml (was Python's CT003)
    assert found.startswith(f"{display_path(fatum)}:{line_of(fatum, 'wreck-2')}:")
    assert "2 cards of kind 'wreck'; the rules ask for exactly 1" in found


def test_wreck_card_printed_twice(kit_copy):
    kit = kit_copy("carthage")
    fatum = kit / "fatum.yaml"
    edit(fatum, "{id: wreck, kind: wreck,", "{id: wreck, kind: wreck, count: 2,")
    r = check_rules(kit)
    assert r.exit_code == 1
    (found,) = finding_lines(r, "DR002")
    assert found.startswith(f"{display_path(fatum)}:{line_of(fatum, 'count: 2')}:")


def test_looping_pair_of_symbol_squares(kit_copy):
    kit = kit_copy("carthage")
    board = kit / "board.yaml"
    # "to the stone" from I 9 reaches the stone at I 12; "three backward" there returns to I 9.
    edit(
        board,
        "  - {track: I, at: 10, kind: C}",
        "  - {track: I, at: 9, kind: stone}\n"
        "  - {track: I, at: 10, kind: C}\n"
        "  - {track: I, at: 12, kind: back3}",
    )
    r = check_rules(kit)
    assert r.exit_code == 1
    (found,) = finding_lines(r, "CT010")
    assert found.startswith(f"{display_path(board)}:{line_of(board, 'at: 9, kind: stone')}:")
    assert (
        "track I 9 (up to the next mileage stone) -> track I 12 (3 backward (up to 3 tracks aside))"
        " -> back to track I 9" in found
    )


def test_removal_list_naming_card_26(kit_copy):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "curriculum: [7, 8, 9, 16, 24, 25]", "curriculum: [7, 8, 9, 16, 24, 26]")
    r = check_rules(kit)
    assert r.exit_code == 1
    (found,) = finding_lines(r, "CT006")
    assert found.startswith(f"{display_path(rules)}:{line_of(rules, '24, 26]')}:")
    assert "removes curriculum card 26, which does not exist" in found


def test_missing_rescue_card_and_five_tracks(kit_copy):
    kit = kit_copy("carthage")
    edit(
        kit / "rules.yaml",
        "rescue_cards: [epone-goddess, victory, sword]",
        "rescue_cards: [epone-goddess, victory, shield]",
    )
    board = kit / "board.yaml"
    edit(board, "tracks: [I, II, III, IV]", "tracks: [I, II, III, IV, V]")
    edit(board, "inner_radius: 48", "inner_radius: 25")
    r = check_rules(kit)
    assert r.exit_code == 1
    assert "rescue card 'shield' is not in the FATUM deck" in r.stdout
    (tracks,) = finding_lines(r, "CT001")
    assert tracks.startswith(f"{display_path(board)}:{line_of(board, 'tracks: [I')}:")
    assert "the arena has 5 tracks" in tracks


def test_curriculum_gap_and_cue_count(kit_copy):
    kit = kit_copy("carthage")
    cur = kit / "curriculum.yaml"
    edit(cur, "number: 25,", "number: 27,")
    tokens = kit / "tokens.yaml"
    edit(tokens, 'ink: "#ffffff", count: 7}', 'ink: "#ffffff", count: 6}')
    r = check_rules(kit)
    assert r.exit_code == 1
    (gap,) = finding_lines(r, "CT007")
    assert gap.startswith(f"{display_path(cur)}:{line_of(cur, 'number: 27,')}:")
    assert "skip 25, 26" in gap
    (cues,) = finding_lines(r, "CT008")
    assert cues.startswith(f"{display_path(tokens)}:{line_of(tokens, 'count: 6}')}:")
    assert "6 wood cues for blue" in cues


def test_curriculum_number_twice_is_the_data_unique_check(kit_copy):
    kit = kit_copy("carthage")
    cur = kit / "curriculum.yaml"
    edit(cur, "number: 25,", "number: 24,")
    r = check_rules(kit)
    assert r.exit_code == 1
    (twice,) = finding_lines(r, "DR003")
    assert twice.startswith(f"{display_path(cur)}:{line_of(cur, 'id: c25,')}:")
    assert "like card 'c24'" in twice


def test_square_on_unknown_track_is_an_input_error(cli, kit_copy):
    kit = kit_copy("carthage")
    board = kit / "board.yaml"
    edit(board, "{track: IV, at: 22, kind: C}", "{track: V, at: 22, kind: C}")
    r = check(cli, kit)
    assert r.exit_code == 2
    line = line_of(board, "{track: V,")
    assert f"{display_path(board)}:{line}:" in r.stderr
    assert "track must be one of I, II, III, IV; got 'V'" in r.stderr
    assert "Traceback" not in r.output


def test_rules_naming_a_missing_component_is_an_input_error(cli, kit_copy):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "  fatum: fatum\n", "  fatum: destiny\n")
    r = check(cli, kit)
    assert r.exit_code == 2
    line = line_of(rules, "fatum: destiny")
    assert f"{display_path(rules)}:{line}:" in r.stderr
    assert "fatum must name a deck component of this kit; 'destiny' is not one" in r.stderr


def test_teams_naming_a_stranger_twice_a_chariot_and_missing_one(kit_copy):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "teams: [[blue, red], [green, white]]", "teams: [[blue, red], [red, purple]]")
    line = line_of(rules, "teams: [[blue, red], [red, purple]]")
    r = check_rules(kit, players=2)
    assert r.exit_code == 1
    shown = display_path(rules)
    text = rules.read_text(encoding="utf-8").splitlines()[line - 1]
    red, purple = text.index("[red") + 2, text.index("purple") + 1
    found = finding_lines(r, "CT012")
    assert (
        f"{shown}:{line}:{red}: error [CT012] chariot 'red' is in team 1 and team 2 of the "
        "2-player setup; each chariot has one player"
    ) in found
    assert any(
        f"{shown}:{line}:{purple}: error [CT012] team 2 " in f and "'purple'" in f for f in found
    )
    assert any("no team of the 2-player setup runs green, white" in f for f in found)


def test_teams_fewer_than_players(kit_copy):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "teams: [[blue, red], [green, white]]", "teams: [[blue, red, green, white]]")
    r = check_rules(kit)
    assert r.exit_code == 1
    (finding,) = finding_lines(r, "CT012")
    assert finding.startswith(f"{display_path(rules)}:{line_of(rules, 'teams:')}:")
    assert "the 2-player setup has 1 teams; it needs one per player" in finding
