"""Faces from the card's own data: styling from fields, `when:` conditions, generated cards,
and the located errors `check` gives when any of them names something that is not there."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from printkit.load.types import Invalid
from printkit.model.condition_tree import tokens
from printkit.model.conditions import parse_condition
from tests.conftest import edit, line_of

KITS = Path(__file__).resolve().parent / "kits"


@pytest.fixture
def cards(tmp_path) -> Path:
    kit = tmp_path / "playing-cards"
    shutil.copytree(KITS / "playing-cards", kit)
    return kit


@pytest.mark.parametrize(
    ("text", "values", "holds"),
    [
        ("pick == 2", {"pick": 2}, True),
        ("pick = 2", {"pick": 3}, False),
        ("rank in [2, 3]", {"rank": "3"}, True),
        ("rank not in [J, Q, K]", {"rank": "Q"}, False),
        ("not elite", {}, True),
        ("strength >= 3 and side != back", {"strength": 3, "side": "front"}, True),
        ("(a or b) and not c", {"b": "x", "c": 0}, True),
        ('name == "two words"', {"name": "two words"}, True),
        ("strength < 3", {}, False),  # a missing field compares neither less nor greater
        # the boundary of each order, where a card shows one face or the other
        ("strength <= 3", {"strength": 3}, True),
        ("strength < 3", {"strength": 3}, False),
        ("strength >= 3", {"strength": 3}, True),
        ("strength > 3", {"strength": 3}, False),
        ("strength <= 3", {"strength": 4}, False),
        ("strength >= 3", {"strength": 2}, False),
    ],
)
def test_conditions_hold_as_written(text, values, holds):
    assert parse_condition(text).holds(values) is holds


@pytest.mark.parametrize(
    "text", ["pick ==", "== 2", "pick == 2 2", "a in b", "pick @ 2", "", "__import__('os')"]
)
def test_a_condition_that_says_nothing_is_refused(text):
    with pytest.raises(Invalid):
        parse_condition(text)


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("(" * 200 + "a" + ")" * 200, "MAX_CONDITION_DEPTH"),
        ("not " * 400 + "a", "MAX_CONDITION_DEPTH"),
        ("not " * 5_000 + "a", "MAX_CONDITION_CHARS"),
        ("a == 1 and " * 100_000 + "a == 1", "MAX_CONDITION_CHARS"),
    ],
    ids=["200-parentheses", "400-nots", "5000-nots", "1-MB"],
)
def test_a_condition_past_its_limits_is_refused_by_name(text, limit):
    """Issue 33: these were a RecursionError (exit 3), or a minute of tokenizing."""
    with pytest.raises(Invalid, match=limit):
        parse_condition(text)


@pytest.mark.slow  # a megabyte of condition tokenized
def test_a_condition_is_tokenized_in_linear_time():
    """Each token is matched in place: a megabyte of condition tokenizes in well under a
    second (the tokenizer that copied the rest of the text for every token took minutes)."""
    started = time.process_time()
    assert len(tokens("a == 1 and " * 100_000)) == 400_000
    assert time.process_time() - started < 5


def test_a_deeply_nested_condition_is_a_located_error(cli, cards):
    nested = "(" * 200 + "rank" + ")" * 200
    edit(cards / "cards.yaml", 'when: "rank in [2, 3]"', f'when: "{nested}"')
    r = cli("check", cards)
    line = line_of(cards / "cards.yaml", "((((")
    assert r.exit_code == 2 and f"cards.yaml:{line}:" in r.stderr, r.output
    assert "MAX_CONDITION_DEPTH" in r.stderr


def test_a_condition_naming_an_unknown_field_is_located(cli, cards):
    edit(cards / "cards.yaml", 'when: "rank in [2, 3]"', 'when: "rnak in [2, 3]"')
    r = cli("check", cards)
    line = line_of(cards / "cards.yaml", "rnak in")
    assert r.exit_code == 2 and f"cards.yaml:{line}:" in r.output
    assert "condition rnak in kind 'card' names no card field" in r.output


def test_a_condition_on_a_value_the_field_never_takes_is_located(cli, cards):
    edit(cards / "cards.yaml", "when: {layout: court}}", "when: {layout: cort}}")
    r = cli("check", cards)
    line = line_of(cards / "cards.yaml", "layout: cort")
    assert r.exit_code == 2 and f"cards.yaml:{line}:" in r.output
    assert "'cort' is not one of layout's choices" in r.output


def test_a_property_placeholder_naming_no_field_is_located(cli, cards):
    edit(
        cards / "cards.yaml",
        'colour: "{suit_colour}", when: {layout: ace}',
        'colour: "{suit_color}", when: {layout: ace}',
    )
    r = cli("check", cards)
    line = line_of(cards / "cards.yaml", "{suit_color}")
    assert r.exit_code == 2 and f"cards.yaml:{line}:" in r.output
    assert "placeholder {suit_color} in kind 'card' names no card field" in r.output


def test_a_field_that_fills_a_property_with_no_value_of_it_is_located_at_the_value(cli, cards):
    """The colour comes from the suit: a misspelt colour is an error where it is written."""
    edit(
        cards / "cards.yaml",
        'hearts: {symbol: "♥", suit_colour: "#c8102e"}',
        'hearts: {symbol: "♥", suit_colour: "crimson"}',
    )
    r = cli("check", cards)
    line = line_of(cards / "cards.yaml", '"crimson"')
    assert r.exit_code == 2 and f"cards.yaml:{line}:" in r.output
    assert "card 'A-hearts': colour '{suit_colour}' of a text element gives 'crimson'" in r.output


def test_a_generator_by_value_not_in_each_is_located(cli, cards):
    edit(
        cards / "cards.yaml",
        "        J: {layout: court, court: JACK}",
        "        Jack: {layout: court, court: JACK}",
    )
    r = cli("check", cards)
    line = line_of(cards / "cards.yaml", "Jack: {layout")
    assert r.exit_code == 2 and f"cards.yaml:{line}:" in r.output
    assert "by: 'Jack' is not one of rank's values in `each`" in r.output


def test_a_generated_card_with_a_bad_field_points_into_the_generator(cli, cards):
    edit(cards / "cards.yaml", "      rank: [A, 2, 3,", "      rank: [A, 1, 3,")
    r = cli("check", cards)
    line = line_of(cards / "cards.yaml", "rank: [A, 1, 3,")
    assert r.exit_code == 2 and f"cards.yaml:{line}:17:" in r.output  # the 1 itself
    assert "must be one of" in r.output


def test_a_table_cell_too_long_for_its_box_is_located(cli, tmp_path):
    kit = tmp_path / "hexwar"
    shutil.copytree(KITS / "hexwar", kit)
    edit(
        kit / "charts.yaml",
        '["1", AE, AR,',
        '["1", "AE and then a very long explanation of what happens", AR,',
    )
    r = cli("check", kit)
    line = line_of(kit / "charts.yaml", "- element: table")
    assert r.exit_code == 2 and f"charts.yaml:{line}:" in r.output, r.output
    assert "does not fit" in r.output


def test_a_deck_with_no_card_written_or_generated_is_located(cli, cards):
    text = (cards / "cards.yaml").read_text(encoding="utf-8")
    head = text[: text.index("cards:\n  - {id: joker-red")]
    (cards / "cards.yaml").write_text(head + "cards: []\n", encoding="utf-8")
    r = cli("check", cards)
    assert r.exit_code == 2 and "a deck needs at least one card" in r.output, r.output


def _recolour_joker(cards: Path, colour: str, new: str) -> None:
    """Give the joker written with suit colour `colour` the suit colour `new` instead."""
    edit(
        cards / "cards.yaml",
        f'symbol: "*", suit_colour: "{colour}"}}',
        f'symbol: "*", suit_colour: "{new}"}}',
    )


def test_a_bad_value_is_reported_at_every_card_that_gives_it_and_only_there(cli, cards):
    """Elements are bound once per set of values (face_checks.Bindings): two cards sharing a
    bad value are each reported at their own row, and the cards between them are not."""
    _recolour_joker(cards, "#c8102e", "crimson")  # joker-red
    _recolour_joker(cards, "#1d1a16", "crimson")  # joker-black
    r = cli("check", cards)
    assert r.exit_code == 2, r.output
    rows = {
        card: line_of(cards / "cards.yaml", f"id: {card},") for card in ("joker-red", "joker-black")
    }
    lines = [line for line in r.output.splitlines() if "gives 'crimson'" in line]
    for card, row in rows.items():
        mine = [line for line in lines if f"card {card!r}:" in line]
        assert mine and all(f"cards.yaml:{row}:" in line for line in mine), r.output
    assert not [line for line in r.output.splitlines() if "hearts" in line or "spades" in line]


def test_one_card_changed_among_cards_sharing_its_values_gives_that_card_alone(cli, cards):
    """The 52 generated cards share their suit's values; a written card given another bad
    value is the only one reported, as it was when every card was bound on its own."""
    _recolour_joker(cards, "#1d1a16", "redd")  # joker-black
    r = cli("check", cards)
    line = line_of(cards / "cards.yaml", "id: joker-black,")
    shown = [row for row in r.output.splitlines() if "gives 'redd'" in row]
    assert r.exit_code == 2 and shown, r.output
    assert all(f"cards.yaml:{line}:" in row and "card 'joker-black':" in row for row in shown)
