"""Rules as data: each kind of check in a rules file fires at the data that breaks it.

The kit is the blank one `printkit new` writes (a deck of 24 cards, rules.yaml with checks):
each test breaks one rule and reads the finding's code, severity and file:line:col. The clean
kit and the input errors go through `printkit check` end to end; a broken rule's finding is read
through `check_rules` (check's own rules, lines and exit code, without drawing the cards).
"""

from __future__ import annotations

import pytest
from badkits import check_rules

from printkit.core.errors import display_path
from tests.conftest import edit, line_of


@pytest.fixture
def kit(cli, tmp_path):
    folder = tmp_path / "game"
    r = cli("new", folder)
    assert r.exit_code == 0, r.output
    return folder


def findings(result, code: str) -> list[str]:
    return [line for line in result.stdout.splitlines() if f"[{code}]" in line]


def at(path, needle: str, value: str | None = None) -> str:
    """'file:line:col' of `needle`'s line, the column of `value` in it (or of the line's start
    of content)."""
    line = line_of(path, needle)
    text = path.read_text(encoding="utf-8").splitlines()[line - 1]
    col = text.index(value) + 1 if value else len(text) - len(text.lstrip()) + 1
    return f"{display_path(path)}:{line}:{col}"


def add_check(kit, line: str) -> None:
    edit(kit / "rules.yaml", "checks:\n", f"checks:\n  - {line}\n")


def test_the_blank_kit_checks_clean_and_lists_its_data_rules(cli, kit):
    r = cli("check", kit)
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "0 errors, 0 warnings, 0 info"
    listed = cli("rules", kit).stdout
    for code in ("DR001", "DR002", "DR003", "DR005", "DR007"):
        assert code in listed
    assert "a game needs 20 to 60 cards" in listed


def test_total(kit):
    edit(kit / "rules.yaml", "{rule: total, min: 20, max: 60,", "{rule: total, min: 30, max: 60,")
    r = check_rules(kit)
    assert r.exit_code == 1
    (found,) = findings(r, "DR001")
    assert found.startswith(at(kit / "cards.yaml", "cards:") + ": error [DR001]")
    assert "has 24 cards; the rules ask for at least 30 and at most 60" in found
    assert found.endswith("; a game needs 20 to 60 cards")


def test_count_too_many_is_at_the_card_past_the_limit(kit):
    edit(
        kit / "rules.yaml",
        "{rule: count, kind: action, max: 12,",
        "{rule: count, kind: action, max: 5,",
    )
    r = check_rules(kit)
    (found,) = findings(r, "DR002")
    # trade (3) + build (3) = 6 > 5: the build card takes the actions past the limit
    assert found.startswith(at(kit / "cards.yaml", "id: build", "3, cost") + ":")
    assert "has 8 cards of kind 'action'; the rules ask for at most 5" in found


def test_count_per_field_value(kit):
    add_check(kit, "{rule: count, field: cost, min: 3, severity: warning}")
    r = check_rules(kit)
    assert r.exit_code == 0  # warnings only
    (found,) = findings(r, "DR002")
    # cost 3 (the 2 raid cards) falls short; cost 0, 1 and 2 have 12, 7 and 3 cards
    assert found.startswith(at(kit / "cards.yaml", "id: raid", "raid") + ": warning [DR002]")
    assert "has 2 cards with cost '3'; the rules ask for at least 3" in found


def test_unique(kit):
    edit(kit / "cards.yaml", "title: Raid,", "title: Build,")
    r = check_rules(kit)
    (found,) = findings(r, "DR003")
    assert found.startswith(at(kit / "cards.yaml", "id: raid", "Build") + ":")
    assert "like card 'build'" in found


def test_values(kit):
    add_check(kit, "{rule: values, kind: action, field: icon, values: [horse, pillar]}")
    r = check_rules(kit)
    (found,) = findings(r, "DR004")
    assert found.startswith(at(kit / "cards.yaml", "id: raid", "sword") + ":")
    assert "allowed: horse, pillar" in found


def test_range(kit):
    edit(kit / "cards.yaml", "count: 2, cost: 3,", "count: 2, cost: 5,")
    r = check_rules(kit)
    (found,) = findings(r, "DR005")
    assert found.startswith(at(kit / "cards.yaml", "id: raid", "5,") + ":")
    assert "at least 0 and at most 3" in found


def test_refers_to_another_files_map(kit):
    (kit / "icons.yaml").write_text(
        "names:\n  palm: grain\n  torch: timber\n  laurel: gold\n  horse: trade\n  pillar: x\n",
        encoding="utf-8",
    )
    add_check(kit, "{rule: refers, field: icon, file: icons.yaml, key: names}")
    r = check_rules(kit)
    (found,) = findings(r, "DR006")
    assert found.startswith(at(kit / "cards.yaml", "id: raid", "sword") + ":")
    assert "icons.yaml names does not have" in found


def test_refers_to_a_missing_map_is_an_input_error(cli, kit):
    (kit / "icons.yaml").write_text("names: [palm]\n", encoding="utf-8")
    add_check(kit, "{rule: refers, field: icon, file: icons.yaml, key: names}")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert r.stderr.startswith(at(kit / "rules.yaml", "icons.yaml", "names}") + ":")
    assert "no map of names at 'names'" in r.stderr


def test_deal(kit):
    edit(
        kit / "rules.yaml", "{rule: deal, players: 4, hand: 4,", "{rule: deal, players: 4, hand: 5,"
    )
    r = check_rules(kit)
    assert r.exit_code == 0  # the blank kit's deal check is a warning
    (found,) = findings(r, "DR007")
    assert found.startswith(at(kit / "cards.yaml", "cards:") + ": warning [DR007]")
    assert "leaves 4 to draw (reserve: 6)" in found


def test_an_incomplete_check_is_an_input_error_at_its_line(cli, kit):
    add_check(kit, "{rule: unique}")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert r.stderr.startswith(at(kit / "rules.yaml", "{rule: unique}", "{") + ":")
    assert "a `unique` check needs `field`" in r.stderr


def test_a_check_naming_no_deck_is_an_input_error(cli, kit):
    add_check(kit, "{rule: unique, field: title, deck: dekc}")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert "deck 'dekc' is not a deck, tile set or map of this kit; it has: cards" in r.stderr


def test_printkit_deck_shows_the_data_deal(cli, kit):
    import json

    edit(
        kit / "rules.yaml", "{rule: deal, players: 4, hand: 4,", "{rule: deal, players: 3, hand: 7,"
    )
    r = cli("deck", kit, "--format", "json")
    assert r.exit_code == 0, r.output
    deal = json.loads(r.stdout)["decks"][0]["deal"]
    assert [(row["players"], row["dealt"], row["left"]) for row in deal] == [
        (1, 7, 17),
        (2, 14, 10),
        (3, 21, 3),
    ]
    assert "below the reserve of 6" in deal[2]["note"]


def test_a_check_naming_an_unknown_kind_says_which_it_may_be(cli, kit):
    add_check(kit, "{rule: count, kind: acton, max: 3}")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert r.stderr.startswith(at(kit / "rules.yaml", "kind: acton", "acton") + ":")
    assert "deck 'cards' has no kind 'acton'; did you mean 'action'?" in r.stderr


def test_a_check_naming_an_unknown_field_says_which_it_may_be(cli, kit):
    add_check(kit, "{rule: unique, field: tilte}")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert r.stderr.startswith(at(kit / "rules.yaml", "field: tilte", "tilte") + ":")
    assert "deck 'cards' has no field 'tilte'; did you mean 'title'?" in r.stderr
