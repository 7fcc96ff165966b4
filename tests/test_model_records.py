"""The converted data files: each model class is the class its file's schema builds, and each
field's type annotation agrees with the schema type beside it (what mypy reads and what the
validator makes cannot drift apart, as board `cue_rows` once did: a list to the model, a map to
its schema)."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import types
import typing
from collections.abc import Iterator

import pytest
from conftest import drop_game_kinds, edit

from printkit.core.errors import InputError
from printkit.games.carthage.components.board.model import (
    Board,
    CueRow,
    Palette,
    Spina,
    board_schema,
)
from printkit.games.chariot_race.components.bases import model as bases
from printkit.games.chariot_race.components.track import model as track
from printkit.games.chariot_race.rules import ChariotRules, Policy
from printkit.games.chartae.rules import ChartaeRules
from printkit.kit import component_of_type, load_kit
from printkit.layout.sizes import CARD, PAPER
from printkit.load.containers import Either, ListOf, MapOf
from printkit.load.records import KEY, RECORD, SPEC, record_of
from printkit.load.scalars import Bool, Choice, Int, Length, Number, Str
from printkit.load.schema import Record, Type, validate_document, where
from printkit.load.yamlsafe import parse_yaml
from printkit.model.cards import Card, Deck, FieldDecl
from printkit.model.face import BoxLength, Percent
from printkit.model.wording import labels_spec

PACKAGES = (
    "printkit.model",
    "printkit.elements",
    "printkit.games",
    "printkit.checks",
    "printkit.components",
)


def data_modules() -> Iterator[types.ModuleType]:
    """Every module that may define a data file's records (a new one is checked too)."""
    for package in PACKAGES:
        yield importlib.import_module(package)
        path = importlib.import_module(package).__path__
        for info in pkgutil.walk_packages(path, package + "."):
            yield importlib.import_module(info.name)


def record_classes() -> Iterator[type]:
    for module in data_modules():
        for value in vars(module).values():
            own = isinstance(value, type) and value.__module__ == module.__name__
            if own and RECORD in value.__dict__:
                yield value


def scalar_python_type(t: Type) -> type | None:
    if isinstance(t, Choice):
        return type(t.values[0])
    simple: list[tuple[type, type]] = [
        (Str, str),
        (Int, int),
        (Bool, bool),
        (Number, float),
        (Length, float),
    ]
    return next((py for kind, py in simple if isinstance(t, kind)), None)


def agrees(hint: object, t: Type) -> bool:
    """Whether a value `t` validates to fits annotation `hint` (None aside: an optional key)."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    known = (Either, ListOf, MapOf, Record, Str, Int, Bool, Number, Length, Choice)
    if not isinstance(t, known):
        return True  # a game's own type (a card reference): its annotation is its own say
    if isinstance(t, BoxLength):  # a length, or a share of the area it is measured in
        return set(args) == {float, Percent}
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        if isinstance(t, Either):
            return all(any(agrees(a, o) for a in args) for o in t.options)
        return len(args) == 1 and agrees(args[0], t)
    origin = typing.get_origin(hint)
    if isinstance(t, Choice) and origin is typing.Literal:  # the very words the choice offers
        return set(typing.get_args(hint)) == set(t.values)
    if isinstance(t, ListOf):
        return origin is list and agrees(args[0], t.item)
    if isinstance(t, MapOf):
        return origin is dict and args[0] is str and agrees(args[1], t.value)
    if isinstance(t, Record):
        built = getattr(t.cls, "__wrapped__", t.cls)  # a builder made by @record wraps its class
        return isinstance(hint, type) and isinstance(built, type) and issubclass(built, hint)
    python = scalar_python_type(t)
    return hint is python or (python is int and hint is float)


# keys whose other forms never reach the model: a deck's `cards:` naming a spreadsheet is read
# into the list of cards before the file is validated (components/deck/sources.py)
READ_BEFORE_VALIDATION = {"Deck.cards"}
# keys whose values are kept as written, to be validated later (a variant's overrides of a
# component's keys are checked against that component's schema when they are applied)
KEPT_AS_WRITTEN = {"Variant.overrides": dict[str, dict[str, typing.Any]]}


@pytest.mark.parametrize("cls", list(record_classes()), ids=lambda c: c.__name__)
def test_every_field_annotation_agrees_with_its_schema_type(cls):
    hints = typing.get_type_hints(cls)  # each class of its MRO read in its own module
    fields = [f for f in dataclasses.fields(cls) if SPEC in f.metadata]
    names = {f.metadata.get(KEY, f.name): f.name for f in fields}
    for key, spec_field in record_of(cls).fields.items():
        hint = hints[names[key]]
        if f"{cls.__name__}.{names[key]}" in KEPT_AS_WRITTEN:
            assert hint == KEPT_AS_WRITTEN[f"{cls.__name__}.{names[key]}"]
            continue
        if f"{cls.__name__}.{names[key]}" in READ_BEFORE_VALIDATION:
            assert isinstance(spec_field.type, Either)
            assert any(agrees(hint, option) for option in spec_field.type.options)
            continue
        assert agrees(hint, spec_field.type), f"{cls.__name__}.{names[key]}: {hint}"


def test_the_check_catches_a_list_annotated_as_a_map():
    cue_rows = record_of(Spina).fields["cue_rows"].type
    assert agrees(dict[str, CueRow], cue_rows)
    assert not agrees(list[CueRow], cue_rows)
    assert not agrees(dict[str, Palette], cue_rows)


def test_the_converted_files_cover_every_record():
    names = {c.__name__ for c in record_classes()}
    assert {"Board", "Track", "TemplatesSpec", "Bases", "DamageChartFile"} <= names
    assert {"ChariotRules", "CarthageRules", "ChartaeRules", "Policy"} <= names
    assert {"DataCheck", "ChecksOnlyRules"} <= names
    assert {
        "Deck",
        "Card",
        "Kind",
        "FieldDecl",
        "Text",
        "Table",
        "Back",
        "Tokens",
        "TileSet",
    } <= names
    assert {"KitManifest", "ComponentSpec", "Variant", "RulesSpec", "PrintSpec"} <= names


def test_chariot_race_models_are_the_record_classes_with_positions():
    kit = load_kit("chariot-race")
    base_model = kit.model(component_of_type(kit, "bases"))
    assert isinstance(base_model, bases.Bases)
    assert isinstance(base_model.chariots[0], bases.Chariot)
    assert isinstance(base_model.labels, bases.BaseLabels) and base_model.labels.front
    assert where(base_model.chariots[0], "name").line > 0
    track_model = kit.model(component_of_type(kit, "track"))
    assert isinstance(track_model, track.Track) and isinstance(track_model.plan, track.PlanSpec)
    assert where(track_model.plan, "scales").file.endswith(".yaml")
    rules = kit.rules_as(ChariotRules)
    assert rules is kit.rules_data()
    assert isinstance(rules.simulation.policy, Policy)
    assert where(rules.players, "max").line > 0
    with pytest.raises(LookupError, match="not ChartaeRules"):
        kit.rules_as(ChartaeRules)


def test_a_board_without_size_or_palette_is_a2_landscape_with_the_default_palette():
    text = (
        "tracks: [I]\nstraight_sectors: 4\nend_sectors: 2\nlane_width: 20mm\n"
        "inner_radius: 40mm\nsquare_kinds: {W: {label: Wreck, symbol: letter}}\n"
        "spina: {cue_rows: {red: {colour: '#aa0000', label: RED, slots: 2}}}\n"
    )
    read = validate_document(parse_yaml(text, "board.yaml"), board_schema(("W",)))
    assert isinstance(read, Board)
    assert read.size == PAPER["a2"].rotated() and read.palette == Palette()
    assert isinstance(read.spina.cue_rows["red"], CueRow)
    by_hand = Board(
        tracks=["I"],
        straight_sectors=4,
        end_sectors=2,
        lane_width=read.lane_width,
        inner_radius=read.inner_radius,
        square_kinds=read.square_kinds,
        spina=read.spina,
    )
    assert by_hand == read


def test_labels_spec_gives_each_file_its_own_typed_words():
    words = record_of(bases.BaseLabels)
    assert set(words.fields) == {"front", "pivot"}
    assert labels_spec(bases.BaseLabels).metadata[SPEC].type is words


def test_a_damage_chart_needs_rules_that_give_its_penalties(kit_copy):
    folder = kit_copy("chariot-race")
    edit(folder / "kit.yaml", "  module: chariot_race\n", "")
    (folder / "rules.yaml").write_text("checks: []\n", encoding="utf-8")
    drop_game_kinds(folder)  # fan and drift are the game's own element kinds
    kit = load_kit(str(folder))
    with pytest.raises(InputError, match="the rules file's 'damage', and the rules have no"):
        kit.model("damage-chart")


def test_a_deck_is_read_straight_into_its_record_classes():
    kit = load_kit("chariot-race")
    deck = kit.model(component_of_type(kit, "deck"))
    assert isinstance(deck, Deck) and deck.size == CARD["poker"]
    assert isinstance(deck.fields["speed"], FieldDecl) and deck.fields["speed"].unit == "in"
    card = next(c for c in deck.cards if c.get("speed") is not None)
    assert isinstance(card, Card)
    # only the declared fields the card gives, in the order the deck declares them
    order = list(deck.fields)
    assert list(card.values) == sorted(card.values, key=order.index)
    assert None not in card.values.values() and "id" not in card.values
    assert where(card, "speed").file.endswith("cards.yaml")
    assert where(card, "speed").line >= where(card).line
    assert deck.icon_files == {} and deck.icons is not None  # the library the loader adds


def test_a_components_model_is_given_typed_or_refused():
    """Kit.model_as gives a component's model as its type's class, and refuses another class."""
    from printkit.components.tiles.model import TileSet
    from printkit.model.cards import Deck

    kit = load_kit("chariot-race")
    cid = component_of_type(kit, "deck")
    assert cid is not None
    deck = kit.model_as(cid, Deck)
    assert isinstance(deck, Deck) and deck is kit.model(cid) and deck.cards
    with pytest.raises(TypeError, match=rf"component '{cid}' is a deck, not a TileSet"):
        kit.model_as(cid, TileSet)
