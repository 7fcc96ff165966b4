"""Plain YAML scalars mean what YAML 1.2 (core schema) says, in every file printkit reads."""

from __future__ import annotations

import math
import os

import pytest
from pypdf import PdfReader

from bench.synthetic import write_deck_kit
from printkit.core.errors import InputError
from printkit.load.yamlsafe import parse_yaml

CASES = [
    ("off", "off"),
    ("on", "on"),
    ("yes", "yes"),
    ("no", "no"),
    ("Off", "Off"),
    ("y", "y"),
    ("1:30", "1:30"),
    ("0o17", 15),
    ("0x1F", 31),
    ("1_000", "1_000"),
    ("0755", 755),  # decimal in 1.2 (octal in 1.1)
    ("+12", 12),
    ("-3", -3),
    ("1.5", 1.5),
    ("1e3", 1000.0),
    (".5", 0.5),
    (".inf", math.inf),
    ("-.Inf", -math.inf),
    ("+.INF", math.inf),
    ("true", True),
    ("True", True),
    ("FALSE", False),
    ("tRue", "tRue"),
    ("null", None),
    ("~", None),
    ("NULL", None),
    ("nil", "nil"),
    ("2026-01-01", "2026-01-01"),  # no timestamps in 1.2 core: the text as written
    ("0b101", "0b101"),
    ("0o8", "0o8"),
    ("'off'", "off"),
    ('"1:30"', "1:30"),
]


@pytest.mark.parametrize(("written", "expected"), CASES)
def test_plain_scalar_follows_yaml_1_2_core(written, expected):
    assert parse_yaml(f"v: {written}\n", "f.yaml").data["v"] == expected
    value = parse_yaml(f"- {written}\n", "f.yaml").data[0]  # the same in a list
    assert type(value) is type(expected)


def test_nan_and_empty_value():
    data = parse_yaml("a: .nan\nb: .NaN\nc:\n", "f.yaml").data
    assert math.isnan(data["a"]) and math.isnan(data["b"]) and data["c"] is None


def test_keys_follow_the_same_schema():
    assert parse_yaml("on: 1\nno: 2\n", "f.yaml").data == {"on": 1, "no": 2}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("v: !!int abc\n", "'abc' is not a valid !!int"),
        ("v: !!bool yes\n", "'yes' is not a valid !!bool"),
        ("<<: 3\n", "a merge key (<<) takes a map, or a list of maps"),
    ],
)
def test_explicit_tags_and_bad_merge_keys_are_refused_at_their_place(text, message):
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "f.yaml")
    assert message in str(caught.value)
    assert str(caught.value).startswith("f.yaml:1:")


def test_a_time_on_a_card_prints_as_written(tmp_path):
    """`crash: 1:30` was the number 90 (YAML 1.1 sexagesimal); it is printed as "1:30"."""
    kit = write_deck_kit(tmp_path / "kit", 2)
    deck = kit / "deck1.yaml"
    text = deck.read_text(encoding="utf-8")
    text = text.replace('text: "{text}"', 'text: "Crash {crash}"')
    text = text.replace("kinds:", "fields:\n  crash: {type: text}\nkinds:")
    text = text.replace('text: "Move', 'crash: 1:30, text: "Move')
    deck.write_text(text, encoding="utf-8")
    from printkit.build.pipeline import build_kits
    from printkit.kit import load_kit

    build_kits([load_kit(str(kit))], tmp_path / "out")
    page = PdfReader(tmp_path / "out" / "bench-deck" / "deck1.pdf").pages[0]
    words = page.extract_text()
    assert words.count("Crash 1:30") == 2
    assert "90" not in words


def test_duplex_off_in_the_settings_file_is_accepted(cli, tmp_path):
    folder = tmp_path / "settings"
    folder.mkdir()
    (folder / "config.yaml").write_text("duplex: off\nprofile: shop\n", encoding="utf-8")
    os.environ["PRINTKIT_CONFIG_DIR"] = str(folder)  # restored by conftest's monkeypatch
    r = cli("config", "get", "duplex")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "off"
    from printkit.cli.settings import resolve_options

    options = resolve_options(paper=None, profile=None, duplex=None, back_offset_mm=None)
    assert options.duplex == "off"


def test_a_yaml_1_1_boolean_word_where_true_or_false_is_expected_says_why(cli, kit_copy):
    from tests.conftest import edit, line_of

    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, 'unit: in, doc: "Distance', 'unit: in, required: yes, doc: "Distance')
    line = line_of(cards, "required: yes")
    col = cards.read_text(encoding="utf-8").splitlines()[line - 1].index("yes") + 1
    r = cli("check", kit)
    assert r.exit_code == 2
    assert (
        f'{cards}:{line}:{col}: error: required must be true or false; got "yes" '
        "(YAML 1.2 reads it as text: write true or false)"
    ) in r.stderr


def test_merge_keys_merge_and_keep_the_positions_where_values_were_written():
    """`<<: *defaults` (or a list of maps) fills the keys a map does not set itself; each merged
    value keeps its own line and column, so an error in it points where it was written."""
    text = (
        "base: &b\n  colour: red\n  size: 3\n"
        "more: &m\n  <<: *b\n  size: 4\n"
        "x:\n  <<: [*m, {extra: 1}]\n  colour: blue\n"
    )
    doc = parse_yaml(text, "f.yaml")
    assert doc.data["x"] == {"colour": "blue", "size": 4, "extra": 1}
    assert doc.data["more"] == {"size": 4, "colour": "red"}
    assert str(doc.where(("x", "size"))) == "f.yaml:6:9"  # written in `more`
    assert str(doc.where(("x", "colour"))) == "f.yaml:9:11"  # its own key wins
    assert str(doc.where(("more", "colour"))) == "f.yaml:2:11"  # written in `base`
