"""Check gaps closed by issue 36, each on a mutated copy of a built-in kit that passed before:
the C and F squares' roles swapped, TO THE STONE squares with no mileage stone. (The serious
variant under `--variant serious` and CR003's first-turn draw are in test_seed_gaps.py.)"""

from __future__ import annotations

from badkits import check_rules

from printkit.core.errors import display_path
from tests.conftest import edit, line_of


def findings(result, code: str) -> list[str]:
    return [f for f in map(str, result.findings) if f"[{code}]" in f]


def test_c_and_f_square_roles_swapped_are_an_error_at_the_rules_line(kit_copy):
    kit = kit_copy("carthage")
    rules = kit / "rules.yaml"
    edit(rules, "curriculum_square: C ", "curriculum_square: F ")
    edit(rules, "swap_square: F ", "swap_square: C ")
    r = check_rules(kit, "CT021")
    assert r.exit_code == 1
    cur, swap = findings(r, "CT021")
    assert cur.startswith(f"{display_path(rules)}:{line_of(rules, 'curriculum_square:')}:")
    assert "curriculum_square names square kind 'F', whose squares are marked 'F', not 'C'" in cur
    assert "The squares marked C send you back to the CURRICULUM" in cur
    assert swap.startswith(f"{display_path(rules)}:{line_of(rules, 'swap_square:')}:")
    assert check_rules("carthage", "CT021").findings == []


def test_stone_squares_without_mileage_stones_are_an_error(kit_copy):
    kit = kit_copy("carthage")
    board = kit / "board.yaml"
    edit(board, "mileage_stones: [6, 12, 18, 24]", "mileage_stones: []")
    r = check_rules(kit, "CT022")
    assert r.exit_code == 1
    (message,) = findings(r, "CT022")
    assert message.startswith(f"{display_path(board)}:{line_of(board, 'mileage_stones: []')}:")
    assert "moves up to the next mileage stone, but mileage_stones is empty" in message
    assert check_rules("carthage", "CT022").findings == []


def test_a_drift_card_stating_neither_or_nor_and_is_an_error(kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, "turn: 60, drift: 3, drift_mode: or,", "turn: 60, drift: 3,")
    r = check_rules(kit, "CR018")
    assert r.exit_code == 1
    (message,) = findings(r, "CR018")
    assert message.startswith(f"{display_path(cards)}:{line_of(cards, 'id: m4-t60-or3-a')}:")
    assert 'card \'m4-t60-or3-a\' drifts 3 in but states neither "or" nor "and"' in message
    assert check_rules("chariot-race", "CR018").findings == []


def test_a_seed_stakes_row_changed_is_an_error_unless_marked_ours(kit_copy):
    kit = kit_copy("chariot-race")
    rules = kit / "rules.yaml"
    edit(rules, "  - {speed: 6, cards: 1}", "  - {speed: 6, cards: 2}")
    r = check_rules(kit, "CR019")
    assert r.exit_code == 1
    (message,) = findings(r, "CR019")
    assert message.startswith(f"{display_path(rules)}:{line_of(rules, '{speed: 6, cards: 2}')}:")
    assert "the outer-stakes row for 6 in costs 2 cards, not the seed's 1" in message
    edit(rules, "  - {speed: 6, cards: 2}", "  - {speed: 6, cards: 2, source: ours}")
    assert check_rules(kit, "CR019").exit_code == 0  # a house rule, said so
    assert check_rules("chariot-race", "CR019").findings == []


def test_a_seed_stakes_row_relabelled_ours_is_not_printed_as_the_kits_own(kit_copy, cli):
    kit = kit_copy("chariot-race")
    rules = kit / "rules.yaml"
    edit(rules, "  - {speed: 6, cards: 1}", "  - {speed: 6, cards: 1, source: ours}")
    r = check_rules(kit, "CR019")
    assert r.exit_code == 1
    (message,) = findings(r, "CR019")
    assert "is the seed's (1 card) but is marked `source: ours`" in message
    assert "print it as this kit's own row" in message
    built = cli("build", str(kit), "--out", str(kit / "out"))
    assert built.exit_code == 1 and "[CR019]" in built.output  # the rules gate: nothing printed
    assert not list((kit / "out").glob("**/*.pdf"))


def test_a_chartae_map_other_than_three_by_three_is_an_error_unless_marked_ours(kit_copy):
    kit = kit_copy("chartae")
    rules = kit / "rules.yaml"
    edit(rules, "map: {columns: 3, rows: 3}", "map: {columns: 2, rows: 2}")
    r = check_rules(kit, "CH012")
    assert r.exit_code == 1
    (message,) = findings(r, "CH012")
    assert message.startswith(f"{display_path(rules)}:{line_of(rules, 'map: {')}:")
    assert 'the map is 2 x 2 tiles; the seed: "a map that is 3x3 tiles in size"' in message
    edit(rules, "map: {columns: 2, rows: 2}", "map: {columns: 2, rows: 2, source: ours}")
    assert check_rules(kit, "CH012").exit_code == 0
    assert check_rules("chartae", "CH012").findings == []
