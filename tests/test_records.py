"""One definition per data file: a dataclass with spec() fields is both the model and the schema.

A record made from a dataclass must validate exactly as a hand-written Record does (positions,
did-you-mean, every error at once, defaults) and write the same JSON Schema, while the value it
returns is an instance of the dataclass.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from printkit.core.errors import InputError
from printkit.layout.units import mm
from printkit.load.records import record, record_of, spec
from printkit.load.schema import (
    Color,
    Field,
    Int,
    Length,
    ListOf,
    Record,
    Str,
    validate_document,
    where,
)
from printkit.load.yamlsafe import parse_yaml


@record("tip")
@dataclass(kw_only=True)
class Tip:
    size: float = spec(Length(1, 50), default=mm(3), doc="the tip's size")


@record("pen", doc="one pen")
@dataclass(kw_only=True)
class Pen:
    name: str = spec(Str(1, 20), required=True, doc="printed on the pen")
    ink: str = spec(Color(), default="#1d1a16", doc="the ink's colour")
    strokes: list[int] = spec(ListOf(Int(1, 9)), default=list, doc="stroke widths")
    tip: Tip = spec(record_of(Tip), default=Tip, doc="the nib")
    file: str = ""  # not a key of the file


HAND_TIP = Record("tip", {"size": Field(Length(1, 50), default=mm(3), doc="the tip's size")})
HAND_PEN = Record(
    "pen",
    {
        "name": Field(Str(1, 20), required=True, doc="printed on the pen"),
        "ink": Field(Color(), default="#1d1a16", doc="the ink's colour"),
        "strokes": Field(ListOf(Int(1, 9)), default=list, doc="stroke widths"),
        "tip": Field(HAND_TIP, default=lambda: None, doc="the nib"),
    },
    doc="one pen",
)


def validate(text: str, schema: Record):
    return validate_document(parse_yaml(text, "pen.yaml"), schema)


def errors_of(text: str, schema: Record) -> list[str]:
    with pytest.raises(InputError) as caught:
        validate(text, schema)
    return [str(d) for d in caught.value.diagnostics]


def test_a_record_from_a_dataclass_builds_the_dataclass_with_its_defaults():
    pen = validate("name: Quill\nstrokes: [1, 2]\ntip: {size: 2mm}\n", record_of(Pen))
    assert isinstance(pen, Pen) and isinstance(pen.tip, Tip)
    assert (pen.name, pen.ink, pen.strokes, pen.file) == ("Quill", "#1d1a16", [1, 2], "")
    assert pen.tip.size == pytest.approx(mm(2))
    bare = validate("name: Nib\n", record_of(Pen))
    assert bare.tip == Tip() and bare.strokes == []
    assert bare.strokes is not validate("name: Nib\n", record_of(Pen)).strokes


def test_the_dataclass_built_by_hand_has_the_same_defaults():
    assert Pen(name="Quill") == validate("name: Quill\n", record_of(Pen))


def test_positions_of_the_record_and_its_fields():
    pen = validate("# a pen\nname: Quill\nstrokes:\n  - 1\n", record_of(Pen))
    assert (where(pen, "name").line, where(pen, "name").col) == (2, 7)
    assert where(pen, "strokes").line == 4
    assert where(pen, "name", key=True).col == 1


def test_every_error_at_once_with_file_line_col_and_did_you_mean():
    found = errors_of("ink: red\nstrokes: [1, 12]\nnmae: x\n", record_of(Pen))
    assert found == errors_of("ink: red\nstrokes: [1, 12]\nnmae: x\n", HAND_PEN)
    text = "\n".join(found)
    assert "pen.yaml:1:6: error: ink must be a colour like" in text
    assert "pen.yaml:2:14: error: strokes must be a whole number from 1 to 9; got 12" in text
    assert "pen.yaml:3:1: error: unknown key 'nmae' in pen; did you mean 'name'?" in text
    assert "name is required but missing" in text


def test_the_json_schema_is_the_hand_written_records():
    assert record_of(Pen).json() == HAND_PEN.json()
    assert record_of(Pen).json()["properties"]["ink"]["default"] == "#1d1a16"


def test_keys_declared_at_run_time_gather_in_the_extra_field():
    @record("card", extra="values")
    @dataclass(kw_only=True)
    class Card:
        id: str = spec(Str(1, 9), required=True)
        values: dict[str, object] = dataclasses.field(default_factory=dict)

    schema = record_of(Card).with_fields({"speed": Field(Int(1, 9), default=1)})
    card = validate("id: a\nspeed: 4\n", schema)
    assert isinstance(card, Card) and card.values == {"speed": 4}
    assert validate("id: b\n", schema).values == {"speed": 1}
    assert where(card, "speed").line == 2


def test_a_field_neither_in_the_file_nor_defaulted_is_refused():
    with pytest.raises(TypeError, match="Broken.size needs a spec"):

        @record("broken")
        @dataclass(kw_only=True)
        class Broken:
            size: float

    with pytest.raises(TypeError, match="not a @record"):
        record_of(Tip.__mro__[1])


def test_a_check_spanning_keys_runs_once_the_fields_are_valid():
    def shorter_than_name(pen, ctx, path):
        if len(pen.nick) >= len(pen.name):
            ctx.error((*path, "nick"), "nick must be shorter than name")

    @record("named pen", check=shorter_than_name)
    @dataclass(kw_only=True)
    class NamedPen:
        name: str = spec(Str(1, 20), required=True)
        nick: str = spec(Str(1, 20), required=True)

    schema = record_of(NamedPen)
    assert validate("name: Quill\nnick: Q\n", schema).nick == "Q"
    assert errors_of("name: Q\nnick: Quill\n", schema) == [
        "pen.yaml:2:7: error: nick must be shorter than name"
    ]
    only_field_error = errors_of("name: Q\nnick: 7\nink: 1\n", schema)
    assert len(only_field_error) == 1 and "unknown key 'ink'" in only_field_error[0]


def test_a_key_named_apart_from_its_field_fills_that_field():
    @record("deckish", extra="rest")
    @dataclass(kw_only=True)
    class Deckish:
        icon_files: dict[str, str] = spec(ListOf(Str(1, 9)), default=list, key="icons")
        rest: dict[str, object] = dataclasses.field(default_factory=dict)
        icons: object = None  # the name the loader fills in

    schema = record_of(Deckish).with_fields({"speed": Field(Int(1, 9), default=1)})
    assert list(schema.fields) == ["icons", "speed"]
    assert list(schema.json()["properties"]) == ["icons", "speed"]
    got = validate("icons: [a, b]\nspeed: 3\n", schema)
    assert got.icon_files == ["a", "b"] and got.icons is None and got.rest == {"speed": 3}
    assert where(got, "icons").line == 1
    assert "unknown key 'icon_files'" in errors_of("icon_files: [a]\n", schema)[0]


def test_keys_order_the_file_while_the_fields_keep_their_positional_order():
    @record("mark", keys=("colour", "size", "label"))
    @dataclass
    class Mark:
        label: str = spec(Str(1, 9), required=True)
        size: float = spec(Length(1, 50), default=mm(3))
        colour: str = spec(Color(), default="#000000")

    assert list(record_of(Mark).json()["properties"]) == ["colour", "size", "label"]
    assert Mark("x", 2.0).size == 2.0  # built by position, in the fields' order
    assert validate("label: y\ncolour: '#ffffff'\n", record_of(Mark)) == Mark("y", mm(3), "#ffffff")
    with pytest.raises(TypeError, match="keys= must name each key once"):

        @record("broken", keys=("a",))
        @dataclass
        class Broken:
            b: int = spec(Int(1, 9), default=1)


def _pens(shared: bool) -> type:
    """Two declarations of one record: with the dataclass's own __eq__ and __repr__, or with
    those @record shares between records (`eq=False, repr=False`)."""

    @record("nib")
    @dataclass(kw_only=True, eq=not shared, repr=not shared)
    class Nib:
        size: float = spec(Length(1, 50), default=mm(3), doc="the nib's size")
        colour: str = spec(Color(), default="#000000", doc="its ink")
        note: str = dataclasses.field(default="", compare=False)
        memo: dict = dataclasses.field(default_factory=dict, repr=False)
        inner: object = None

    return Nib


def test_a_record_declared_without_eq_and_repr_compares_and_shows_as_a_dataclass_does():
    own, shared = _pens(shared=False), _pens(shared=True)
    assert "__eq__" in own.__dict__ and shared.__eq__ is not own.__eq__
    for nib in (own, shared):
        a, b = nib(size=4.0, note="a", memo={"x": 1}), nib(size=4.0, note="b", memo={"x": 1})
        assert a == b  # `note` is not compared
        assert a != nib(size=4.0, note="a")  # `memo` is
        assert a != nib(size=5.0, memo={"x": 1}) and a != nib(size=4.0, colour="#ffffff")
        assert a.__eq__(object()) is NotImplemented and a != (4.0, "#000000", {})
        with pytest.raises(TypeError):
            hash(a)  # mutable, with an __eq__: no hash, as a dataclass
        a.inner = a
        shown = repr(a).replace(nib.__qualname__, "Nib")
        assert shown == "Nib(size=4.0, colour='#000000', note='a', inner=...)"
        assert repr(nib()).replace(nib.__qualname__, "Nib") == repr(own()).replace(
            own.__qualname__, "Nib"
        )
    assert record_of(shared).validate({"size": "4mm"}, None, ()) == shared(size=mm(4))


def test_a_frozen_fieldwise_dataclass_hashes_compares_and_shows_as_a_dataclass_does():
    from printkit.core.fieldwise import fieldwise
    from printkit.layout.geometry import Rect

    def made(shared: bool) -> type:
        @dataclass(frozen=True, eq=not shared, repr=not shared)
        class Spot:
            x: float
            y: float = 0.0
            label: str = dataclasses.field(default="", compare=False)
            seen: int = dataclasses.field(default=0, hash=False)

        return fieldwise(Spot) if shared else Spot

    own, shared = made(False), made(True)
    assert "__hash__" in shared.__dict__ and shared.__eq__ is not own.__eq__
    for spot in (own, shared):
        a, b = spot(1.0, 2.0, "a", 3), spot(1.0, 2.0, "b", 3)  # the label is not compared
        assert a == b and len({a, b}) == 1
    assert hash(shared(1.0, 2.0, "a", 3)) == hash(own(1.0, 2.0, "z", 4)) == hash((1.0, 2.0))
    assert shared(1.0) != shared(1.0, seen=1) and shared(1.0) != own(1.0)
    assert repr(shared(1.0)).replace(shared.__qualname__, "S") == repr(own(1.0)).replace(
        own.__qualname__, "S"
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        shared(1.0).x = 2.0  # type: ignore[misc]
    assert Rect(1, 2, 3, 4) == Rect(1, 2, 3, 4) and hash(Rect(1, 2, 3, 4)) == hash((1, 2, 3, 4))
    assert repr(Rect(1, 2, 3, 4)) == "Rect(x=1, y=2, w=3, h=4)"
    from printkit.core.errors import Location

    spots = [Location("b"), Location("a", 2, 1), Location("a", 1, 9)]
    assert sorted(spots) == [spots[2], spots[1], spots[0]]  # by file, line, column...
    assert Location("a", 1) <= Location("a", 1) and not Location("a", 2) < Location("a", 1)
    with pytest.raises(TypeError):
        assert Location("a") < ("a", 0, 0, "", "")  # type: ignore[operator]


def test_a_fieldwise_class_is_made_and_refused_as_a_dataclass_would_be():
    """`@fieldwise` makes no method of its own: its __init__ takes what @dataclass's would,
    with the same defaults, fresh factories, init=False fields, __post_init__ and TypeErrors."""
    from printkit.core.fieldwise import fieldwise

    def made(shared: bool) -> tuple[type, type]:
        deco = fieldwise(frozen=True) if shared else dataclass(frozen=True)

        @deco
        class Spot:
            x: float
            y: float = 0.0
            tags: list = dataclasses.field(default_factory=list)
            area: float = dataclasses.field(default=-1.0, init=False)
            seen: list = dataclasses.field(default_factory=list, init=False)

            def __post_init__(self) -> None:
                object.__setattr__(self, "area", self.x * self.y)

        kw = fieldwise(kw_only=True) if shared else dataclass(kw_only=True)

        @kw
        class Pen:
            size: float
            colour: str = "#000000"

        return Spot, Pen

    (spot, pen), (own_spot, _) = made(True), made(False)
    compiled = [getattr(m, "__code__", None) for c in (spot, pen) for m in vars(c).values()]
    assert not [code for code in compiled if code and code.co_filename == "<string>"]
    for build in ((1.0,), (1.0, 2.0), (1.0, 2.0, ["a"]), (1.0,), ()):
        args: dict = {}
        if not build:
            args = {"x": 3.0, "tags": ["b"]}
        a, b = spot(*build, **args), own_spot(*build, **args)
        assert [getattr(a, f.name) for f in dataclasses.fields(a)] == [
            getattr(b, f.name) for f in dataclasses.fields(b)
        ]
    assert spot(1.0).tags is not spot(1.0).tags and spot(1.0).seen is not spot(1.0).seen
    assert spot(2.0, 3.0).area == 6.0 and dataclasses.replace(spot(2.0), y=5.0).area == 10.0
    assert pen(size=2.0).colour == "#000000" and pen(size=1.0, colour="#ff0000") == pen(
        size=1.0, colour="#ff0000"
    )
    for call in (
        lambda cls: cls(),
        lambda cls: cls(1.0, 2.0, [], 4.0),
        lambda cls: cls(1.0, x=2.0),
        lambda cls: cls(1.0, area=2.0),
        lambda cls: cls(1.0, nib=2.0),
    ):
        with pytest.raises(TypeError) as shared_error:
            call(spot)
        with pytest.raises(TypeError) as own_error:
            call(own_spot)
        said = ("missing 1 required positional", "positional arguments but", "multiple values")
        said += ("unexpected keyword argument",)
        assert [w in str(shared_error.value) for w in said] == [
            w in str(own_error.value) for w in said
        ]
        assert str(shared_error.value).split("'")[1:] == str(own_error.value).split("'")[1:]
    with pytest.raises(TypeError):
        pen(2.0)  # keyword only
    for change in (lambda s: setattr(s, "x", 2.0), lambda s: delattr(s, "x")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            change(spot(1.0))
    assert dataclasses.is_dataclass(spot) and spot.__dataclass_params__.frozen  # type: ignore[attr-defined]

    @dataclass(frozen=True)
    class Mark(spot):  # type: ignore[valid-type,misc]  # a plug-in's frozen dataclass below it
        label: str = ""

    assert Mark(1.0, 2.0, label="m").area == 2.0
    with pytest.raises(TypeError):

        @dataclass
        class Loose(spot):  # type: ignore[valid-type,misc]  # not frozen below a frozen one
            label: str = ""


def test_a_class_that_writes_its_own_init_makes_what_the_shared_one_makes():
    """The classes a build makes by the thousand write their own __init__ (core/fieldwise.py):
    given the same arguments, or none where a field has a default, it sets every field as the
    shared one does."""
    from printkit.core.fieldwise import fields_init
    from printkit.layout.geometry import Rect
    from printkit.layout.imposition import Page
    from printkit.layout.sizes import Size
    from printkit.load.scalars import Str as StrType
    from printkit.load.schema import Field as SchemaField
    from printkit.model.cards import Card

    def both(cls: type, *args: object, **kwargs: object) -> tuple[object, object]:
        shared = object.__new__(cls)
        fields_init(shared, *args, **kwargs)
        return cls(*args, **kwargs), shared

    cases = [
        both(Rect, 1.0, 2.0, 3.0, 4.0),
        both(Card, "c1", "move"),
        both(Card, "c1", "move", 2, "T", "x", ["t"], "ours", {"v": 1}, "m"),
        both(Page, Size(10, 20), "front"),
        both(Page, Size(10, 20), "back", [(1, Rect(0, 0, 1, 1))], None, None, 3, []),
        both(SchemaField, StrType()),
        both(SchemaField, StrType(1, 5), True, "d", "doc"),
        both(StrType),
        both(StrType, 1, 9, "[a-z]+", "letters", "a name"),
    ]
    for own, shared in cases:
        for f in dataclasses.fields(own):  # type: ignore[arg-type]
            assert getattr(own, f.name) == getattr(shared, f.name), (own, f.name)
        assert own == shared
    card, _ = both(Card, "c1", "move")
    assert card.tags == [] and card.tags is not Card("c2", "move").tags  # type: ignore[attr-defined]
