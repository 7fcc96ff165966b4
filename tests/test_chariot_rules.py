"""`printkit check chariot-race`: clean on the default data; each fault located, exit 1.

The shipped data and its variants go through `printkit check` end to end; each fault is read
through `check_rules` (check's own rules, lines and exit code, without drawing every card)."""

from __future__ import annotations

import re

import pytest
from badkits import check_rules

from tests.conftest import edit, line_of


def findings(output: str, code: str) -> list[str]:
    return [ln for ln in output.splitlines() if f"[{code}]" in ln]


def located(output: str, code: str, file: str, line: int) -> bool:
    return any(
        re.search(rf"{re.escape(file)}:{line}:\d+: error", f) for f in findings(output, code)
    )


def test_default_data_passes(cli):
    r = cli("check", "chariot-race")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().endswith("0 errors, 0 warnings, 0 info")


@pytest.mark.slow  # a simulation of races for each variant
def test_variants_pass(cli):
    for variant in ("serious", "gentle-start"):
        r = cli("check", "chariot-race", "--variant", variant)
        assert r.exit_code == 0, r.output


def test_speed_14_card(kit_copy):
    """14 in: neither in the stakes table (which lists 12 and 18 for the Whip) nor a strip."""
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(
        cards,
        "{id: m6-t60-c, kind: movement, count: 1, speed: 6,",
        "{id: m6-t60-c, kind: movement, count: 1, speed: 14,",
    )
    r = check_rules(kit, "CR001", "CR005")
    assert r.exit_code == 1, r.output
    line = line_of(cards, "id: m6-t60-c")
    assert located(r.output, "CR001", "cards.yaml", line)
    assert "outer-stakes table" in findings(r.output, "CR001")[0]
    assert located(r.output, "CR005", "cards.yaml", line)  # and no template for it


def test_no_card_can_jump_the_pit(kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    for speed in (10, 16, 20):
        text = cards.read_text(encoding="utf-8").replace(f"speed: {speed},", "speed: 8,")
        cards.write_text(text, encoding="utf-8")
    r = check_rules(kit, "CR002")
    assert r.exit_code == 1, r.output
    assert located(r.output, "CR002", "cards.yaml", line_of(cards, "id: m8-t45-a"))
    message = findings(r.output, "CR002")[0]
    assert "8.94 in" in message and "ramp" in message


def test_twenty_card_deck(kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    lines = cards.read_text(encoding="utf-8").splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("cards:"))
    kept = lines[: start + 1] + [
        ln.replace("count: 1,", "count: 2,") for ln in lines[start + 1 : start + 11]
    ]  # ten cards, two copies each
    cards.write_text("\n".join(kept) + "\n", encoding="utf-8")
    r = check_rules(kit, "CR003")
    assert r.exit_code == 1, r.output
    assert located(r.output, "CR003", "cards.yaml", start + 2)
    assert "20 cards" in findings(r.output, "CR003")[0]
    assert "need 24" in findings(r.output, "CR003")[0]


def test_speed_without_template(kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "templates.yaml", "  - {speed: 16, fan: 30}\n", "")
    r = check_rules(kit, "CR005")
    assert r.exit_code == 1, r.output
    assert located(r.output, "CR005", "cards.yaml", line_of(kit / "cards.yaml", "id: m16-t15-a"))
    assert len(findings(r.output, "CR005")) == 1


def test_turn_wider_than_its_fan(kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "templates.yaml", "{speed: 6, fan: 90}", "{speed: 6, fan: 45}")
    r = check_rules(kit, "CR006")
    assert r.exit_code == 1, r.output
    assert located(r.output, "CR006", "cards.yaml", line_of(kit / "cards.yaml", "id: m6-t60-a"))


def test_crash_effect_without_category(kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(
        cards, "damage: horses}\n  - {id: m4-t90-and2-a", "damage: harness}\n  - {id: m4-t90-and2-a"
    )
    edit(cards, ", damage: none}\n  - {id: m6-t60-and1-a", "}\n  - {id: m6-t60-and1-a")
    r = check_rules(kit, "CR007")
    assert r.exit_code == 1, r.output
    assert located(r.output, "CR007", "cards.yaml", line_of(cards, "id: m4-t90-b"))
    assert located(r.output, "CR007", "cards.yaml", line_of(cards, "id: m6-t60-c"))
    assert "'harness' is not on the damage chart" in r.output


def test_magic_card_with_a_speed(kit_copy):
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, "{id: evil-eye, kind: magic,", "{id: evil-eye, kind: magic, speed: 4,")
    r = check_rules(kit, "CR010")
    assert r.exit_code == 1, r.output
    assert located(r.output, "CR010", "cards.yaml", line_of(cards, "id: evil-eye"))


def test_grid_wider_than_the_track(kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "track.yaml", "  per_row: 4 ", "  per_row: 7 ")  # 280 mm > 10 in
    r = check_rules(kit, "CR009")
    assert r.exit_code == 1, r.output
    assert located(r.output, "CR009", "track.yaml", line_of(kit / "track.yaml", "per_row:"))


@pytest.mark.slow
def test_lap_pace_warning(kit_copy):
    kit = kit_copy("chariot-race")
    edit(kit / "track.yaml", "straight: 19.5in", "straight: 150in")
    r = check_rules(kit)  # every rule: a warning and no error
    assert r.exit_code == 0, r.output  # a warning only
    warnings = findings(r.output, "CR008")
    assert warnings and "warning" in warnings[0]
    assert f"track.yaml:{line_of(kit / 'track.yaml', 'straight:')}" in warnings[0]
    assert "outside the kit's range of 4 to 10 (rules.yaml lap_turns, ours" in warnings[0]
