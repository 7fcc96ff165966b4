"""The cross-checks of issue 14: each fires on its mutation of a copied kit, at the right line,
and the built-in kits pass them (their own tests assert 0 errors, 0 warnings).

Most tests read the findings of the rules they are about through `check_rules` (check's own
rules, its output lines and exit code, without drawing every component); the forty-card deck
runs the whole `printkit check` end to end."""

from __future__ import annotations

import re

import pytest
from badkits import check_rules

from printkit.core.errors import display_path
from tests.conftest import edit, line_of


def findings(result, code: str) -> list[str]:
    return [line for line in result.stdout.splitlines() if f"[{code}]" in line]


def at_line(result, code: str, path, needle: str, severity: str = "error") -> list[str]:
    """The findings of `code` located on the line of `needle` in `path`; at least one."""
    prefix = f"{display_path(path)}:{line_of(path, needle)}:"
    found = [f for f in findings(result, code) if f.startswith(prefix)]
    assert found, (code, prefix, result.stdout)
    assert all(f" {severity} [{code}]" in f for f in found)
    return found


# -- chariot race -------------------------------------------------------------------------------
def test_whip_without_its_cap_makes_an_unmeasurable_22_in_move(kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, "add_speed: 2, max_speed: 20,", "add_speed: 2,")
    r = check_rules(kit, "CR011", "CR012")
    assert r.exit_code == 1
    (stakes,) = at_line(r, "CR011", cards, "id: whip")
    assert "makes a 22 in move, which the outer-stakes table does not list" in stakes
    template = at_line(r, "CR012", cards, "id: whip")
    assert any("a 22 in move, longer than every strip" in f for f in template)


def test_lean_without_its_cap_turns_beyond_the_fan(kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, "add_turn: 15, max_turn: 90,", "add_turn: 15,")
    r = check_rules(kit, "CR012")
    (found,) = at_line(r, "CR012", cards, "id: lean")
    assert "a 105° turn at 4 in, beyond the 90° fan of the 4 strip" in found


def test_rein_in_needs_rows_for_halved_speeds(kit_copy):
    kit = kit_copy("chariot-race")
    rules = kit / "rules.yaml"
    edit(rules, "  - {speed: 3, cards: 1, source: ours}\n", "")
    r = check_rules(kit, "CR011")
    (found,) = at_line(r, "CR011", kit / "cards.yaml", "id: rein-in")
    assert "'rein-in' makes a 3 in move" in found


def test_stakes_table_twice_and_cheaper_when_faster(kit_copy):
    kit = kit_copy("chariot-race")
    rules = kit / "rules.yaml"
    edit(rules, "{speed: 5, cards: 1, source: ours}", "{speed: 4, cards: 2}")
    edit(rules, "{speed: 18, cards: 3, source: ours}", "{speed: 18, cards: 1}")
    r = check_rules(kit, "CR013")
    assert r.exit_code == 1
    (twice,) = at_line(r, "CR013", rules, "{speed: 4, cards: 2}")
    assert "speed 4 is listed twice" in twice
    (cheaper,) = at_line(r, "CR013", rules, "{speed: 18, cards: 1}")
    assert "at 18 in a chariot loses 1 card, fewer than the 3 it loses at 16 in" in cheaper


def test_more_players_than_bases(kit_copy):
    kit = kit_copy("chariot-race")
    rules = kit / "rules.yaml"
    edit(rules, "max: 4 ", "max: 5 ")
    edit(kit / "cards.yaml", "count: 1, speed: 20", "count: 9, speed: 20")  # deal 35 cards
    r = check_rules(kit, "CR014")
    (found,) = at_line(r, "CR014", rules, "max: 5")
    assert "players.max is 5 but" in found and "has 4 chariots" in found


def test_blank_crash_text(kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(
        cards,
        'id: m6-t60-c, kind: movement, count: 1, speed: 6, turn: 60, crash: "Glancing blow – no damage."',
        'id: m6-t60-c, kind: movement, count: 1, speed: 6, turn: 60, crash: " "',
    )
    r = check_rules(kit, "CR015")
    (found,) = at_line(r, "CR015", cards, "id: m6-t60-c")
    assert "card 'm6-t60-c' has a blank crash effect" in found


def _forty_cards(cards) -> None:
    text = cards.read_text(encoding="utf-8").replace("count: 2,", "count: 1,")  # 45 cards
    drop = ("whip", "rein-in", "lean", "sidestep", "hold-the-line")  # 40
    lines = [ln for ln in text.splitlines() if not any(f"id: {d}," in ln for d in drop)]
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.slow  # a simulation of races
def test_forty_card_deck_warns_at_the_deck_file(cli, kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    _forty_cards(cards)
    r = cli("deck", kit)
    assert "40" in r.stdout
    r = cli("check", kit)
    assert r.exit_code == 0, r.output  # a warning, not an error
    (found,) = at_line(r, "CR016", cards, "cards:", "warning")
    m = re.search(r"reshuffled ([\d.]+) times a lap in 4-player races .*\(threshold 1\)", found)
    assert m and float(m.group(1)) > 1, found
    assert "only 16 cards are left after the deal" in found


@pytest.mark.slow  # a simulation of races
def test_without_the_reshuffle_rule_the_pile_runs_out(kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "rules.yaml", "reshuffle: discards", "reshuffle: none")
    r = check_rules(kit, "CR016")
    (found,) = at_line(r, "CR016", kit / "cards.yaml", "cards:", "warning")
    m = re.search(r"the draw pile runs out in (\d+) % of 4-player races .*\(threshold 5 %\)", found)
    assert m and int(m.group(1)) > 5, found
    r = check_rules(kit, "CR016", players=2)  # 58 cards left for two: the pile lasts
    assert not findings(r, "CR016"), r.stdout


# -- carthage -----------------------------------------------------------------------------------
def test_removing_green_for_three_players_is_inconsistent(kit_copy):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "remove_chariots: [white]", "remove_chariots: [green]")
    r = check_rules(kit)
    assert r.exit_code == 1
    (keeps,) = at_line(r, "CT013", rules, "remove_chariots: [green]")
    assert "removes the green chariot but keeps its malediction card 'malediction-green'" in keeps
    (drops,) = at_line(r, "CT013", rules, "fatum: [malediction-white]")
    assert (
        "leaves out 'malediction-white', the curse of the white chariot, which still races" in drops
    )
    text = "\n".join(findings(r, "CT013"))
    assert "the 3-player setup removes green, but its description does not say so" in text
    assert "the 3-player description names white, a chariot that still races" in text


def test_a_new_card_about_white_kept_for_three_players(kit_copy):
    kit = kit_copy("carthage")
    cur = kit / "curriculum.yaml"
    edit(
        cur,
        'text: "Move two squares straight forward, if the way is clear."}',
        'text: "The WHITE chariot moves two squares straight forward."}',
    )
    r = check_rules(kit)
    (found,) = at_line(r, "CT013", cur, "id: c01")
    assert "card 'c01' names WHITE, which the 3-player setup removes" in found


def test_symbol_card_without_a_square(kit_copy):
    kit = kit_copy("carthage")
    fatum = kit / "fatum.yaml"
    with fatum.open("a", encoding="utf-8") as f:
        f.write(
            '  - {id: owl, kind: symbol, title: OWL, emblem: eagle, text: "On an owl square: wait."}\n'
        )
    r = check_rules(kit)
    (found,) = at_line(r, "CT014", fatum, "id: owl")
    assert "FATUM symbol card 'owl' has no fatum square on the board" in found


def test_board_without_three_backward_squares(kit_copy):
    kit = kit_copy("carthage")
    board = kit / "board.yaml"
    text = board.read_text(encoding="utf-8")
    board.write_text(text.replace("kind: back3}", "kind: fwd1}"), encoding="utf-8")
    r = check_rules(kit)
    (found,) = at_line(r, "CT015", board, "squares:")
    assert "the board has no 'back3' square (THREE BACKWARD)" in found


def test_card_listed_twice_for_removal(kit_copy):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "curriculum: [7, 8, 9, 16, 24, 25]", "curriculum: [7, 8, 9, 16, 24,\n        24]")
    r = check_rules(kit)
    (found,) = at_line(r, "CT016", rules, "        24]")
    assert "lists 24 twice in remove_cards.curriculum" in found


def test_curriculum_gap_is_located_at_the_gap(kit_copy):
    kit = kit_copy("carthage")
    cur = kit / "curriculum.yaml"
    edit(cur, "number: 5,", "number: 26,")
    r = check_rules(kit)
    (found,) = at_line(r, "CT007", cur, "number: 6,")  # the card after the gap, not the last
    assert "skip 5" in found


# -- chartae ------------------------------------------------------------------------------------
def test_score_refuses_a_set_without_a_compass_tile(cli, kit_copy):
    kit = kit_copy("chartae")
    tiles = kit / "tiles.yaml"
    edit(tiles, "flags: [compass]}", "flags: []}")
    r = cli("score", kit, "B:1 compass E:1 / H D:2 F:2 / G A:2 C:3")
    assert r.exit_code == 2
    # the one-compass rule is a data check in chartae's rules.yaml (DR002, was CH002)
    assert "0 tiles with compass 'true'" in r.stderr and "[DR002]" in r.stderr
    assert r.stdout == ""


@pytest.mark.slow  # a simulation of games
def test_a_map_leaving_out_the_compass_tile_says_so(cli):
    r = cli("score", "chartae", "B:1 A E:1 / H D:2 F:2 / G A:2 C:3")
    assert r.exit_code == 2
    assert "the map leaves out tile compass" in r.stderr
