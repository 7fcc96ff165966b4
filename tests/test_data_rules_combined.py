"""Data checks that combine fields (issue 36): `when:` on any check (the one condition parser of
faces), `required`, `text` with the card's own fields, `count` over the cards a condition
selects, and messages that name the card by id and sheet row and say a missing value in words.
The solo room-tile kit (tests/kits/solo-rooms) writes its rules as data; each test breaks one on
a copy. On the code before, the rules file itself was refused (`when`, `required`, `text`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from badkits import check_rules

from printkit.core.errors import display_path
from tests.conftest import edit, line_of

KIT = Path(__file__).parent / "kits" / "solo-rooms"


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    dest = tmp_path / "solo-rooms"
    shutil.copytree(KIT, dest)
    return dest


def findings(result, code: str) -> list[str]:
    return [f for f in map(str, result.findings) if f"[{code}]" in f]


def test_the_shipped_solo_kit_passes_its_own_rules():
    r = check_rules(KIT)
    assert r.exit_code == 0 and r.findings == []


def test_every_room_has_a_door_only_rooms(kit):
    rooms = kit / "rooms.yaml"
    edit(rooms, "type: room, top: door,", "type: room, top: wall,")
    # a corridor without a door is not a room: the condition leaves it out
    edit(rooms, "top: open, right: wall, bottom: open", "top: open, right: wall, bottom: wall")
    r = check_rules(kit, "DR008")
    (message,) = findings(r, "DR008")
    assert message.startswith(f"{display_path(rooms)}:{line_of(rooms, 'id: hall')}:")
    assert "card 'hall' has 0 of top, right, bottom, left equal to 'door'" in message
    assert message.endswith("every room has a door")


def test_a_zombies_row_without_a_number_is_named_by_its_sheet_row(kit):
    rows = kit / "rows.csv"
    edit(rows, "r4,row,Horde,zombies,4,", "r4,row,Horde,zombies,,")
    r = check_rules(kit, "DR009")
    assert r.exit_code == 1
    (message,) = findings(r, "DR009")
    assert message.startswith(f"{display_path(rows)}:5:")
    assert "card 'r4' (row 5) has no number; the rules ask every card (where type == zombies)" in (
        message
    )
    assert "None" not in message and "cards[" not in message


def test_a_rows_text_must_name_its_type(kit):
    rows = kit / "rows.csv"
    edit(rows, "r2,row,Chest,loot,,Some LOOT in a chest", "r2,row,Chest,loot,,Some gold in a chest")
    r = check_rules(kit, "DR010")
    (message,) = findings(r, "DR010")
    assert message.startswith(f"{display_path(rows)}:3:")
    assert "card 'r2' (row 3) has text 'Some gold in a chest', which does not contain 'loot'" in (
        message
    )


def test_count_over_the_cards_a_condition_selects(kit):
    rows = kit / "rows.csv"
    edit(rows, "r1,row,Groans,zombies,2,", "r1,row,Groans,zombies,5,")
    edit(rows, "r3,row,Silence,quiet,,All is QUIET", "r3,row,Silence,zombies,3,3 ZOMBIES")
    r = check_rules(kit, "DR002")
    (message,) = findings(r, "DR002")
    assert (
        "deck 'rows' has 3 cards where type == zombies and number >= 3; the rules ask for at"
        in (message)
    )


def test_range_leaves_a_missing_optional_value_alone_and_says_a_wrong_one(kit):
    r = check_rules(kit, "DR005")
    assert r.findings == []  # r2 and r3 have no number: not this rule's to report
    edit(kit / "rows.csv", "r4,row,Horde,zombies,4,", "r4,row,Horde,zombies,8,")
    (message,) = findings(check_rules(kit, "DR005"), "DR005")
    assert "card 'r4' (row 5) has number 8; the rules ask for a number" in message


def test_a_condition_naming_no_field_of_the_deck_is_an_input_error(kit):
    rules = kit / "rules.yaml"
    edit(rules, "when: type == room", "when: typ == room")
    from printkit.core.errors import InputError

    with pytest.raises(InputError) as err:
        check_rules(kit)
    text = str(err.value)
    assert f"{display_path(rules)}:{line_of(rules, 'when: typ')}:" in text
    assert "has no field 'typ'; did you mean 'type'?" in text


def test_a_required_field_missing_is_said_in_words_naming_the_card(kit):
    # "cards[2].type is required" named the card by its index alone (issue 36)
    rooms = kit / "rooms.yaml"
    edit(rooms, 'type: {type: choice, choices: [room, corridor], doc',
         'type: {type: choice, required: true, choices: [room, corridor], doc')  # fmt: skip
    edit(rooms, "title: Cellar, type: room, ", "title: Cellar, ")
    from printkit.core.errors import InputError

    with pytest.raises(InputError) as err:
        check_rules(kit)
    text = str(err.value)
    assert f"{display_path(rooms)}:{line_of(rooms, 'id: cellar')}:" in text
    assert "card 'cellar' has no type (cards[2].type is required)" in text
