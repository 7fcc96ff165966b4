"""The kit manifest (kit.yaml): the kit's name, its components and their data files, variants."""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.load.schema import (
    Field,
    Id,
    Int,
    ListOf,
    MapOf,
    Record,
    Str,
)


@dataclass
class ComponentSpec:
    type: str
    file: str | None
    title: str | None
    uses: dict[str, str]
    id: str = ""


@dataclass
class Variant:
    description: str
    exclude_tags: list[str]
    exclude_cards: list[str]
    only_tags: list[str]
    counts: dict[str, int]
    markers: dict[str, str]
    overrides: dict[str, dict]
    only_cards: list[str] = field(default_factory=list)
    name: str = ""


@dataclass
class RulesSpec:
    module: str
    file: str | None


@dataclass
class KitManifest:
    name: str
    title: str
    description: str
    rules: RulesSpec | None
    components: dict[str, ComponentSpec]
    variants: dict[str, Variant] = field(default_factory=dict)
    fonts: dict[str, str] = field(default_factory=dict)
    icons: dict[str, str] = field(default_factory=dict)


def _component_types() -> tuple[str, ...]:
    from printkit.components import COMPONENT_TYPES

    return tuple(COMPONENT_TYPES)


class _AnyMap(MapOf):
    """Free-form overrides: a map of top-level keys to any YAML value (validated later)."""

    def validate(self, value, ctx, path):
        if not isinstance(value, dict):
            ctx.error(path, f"{path[-1]} must be a map of keys to values")
            return {}
        return value

    def describe(self) -> str:
        return "a map of keys to values"

    def json(self) -> dict:
        return {"type": "object"}


def component_schema() -> Record:
    from printkit.load.schema import Choice

    return Record(
        "component",
        {
            "type": Field(
                Choice(_component_types()), required=True, doc="what kind of component this is"
            ),
            "file": Field(Str(1, 255), doc="the data file, relative to the kit folder"),
            "title": Field(Str(1, 80), doc="shown on every page; defaults to the component id"),
            "uses": Field(
                MapOf(Id()),
                default=dict,
                doc="other components whose data this one needs, e.g. {deck: cards}",
            ),
        },
        cls=ComponentSpec,
    )


VARIANT = Record(
    "variant",
    {
        "description": Field(Str(0, 300), default="", doc="what the variant changes, for people"),
        "exclude_tags": Field(ListOf(Id()), default=list, doc="leave out cards with these tags"),
        "exclude_cards": Field(ListOf(Id()), default=list, doc="leave out these card ids"),
        "only_tags": Field(
            ListOf(Id()), default=list, doc="keep only cards with one of these tags"
        ),
        "only_cards": Field(
            ListOf(Id()), default=list, doc="keep only these card ids (with only_tags: either)"
        ),
        "counts": Field(
            MapOf(Int(0, 10_000)), default=dict, doc="card id -> new count (0 leaves it out)"
        ),
        "markers": Field(
            MapOf(Str(1, 12)), default=dict, doc="tag -> marker printed on those cards"
        ),
        "overrides": Field(
            MapOf(_AnyMap()),
            default=dict,
            doc="component id -> {key: value}: replaces top-level keys of that component's data",
        ),
    },
    cls=Variant,
)


def rules_schema() -> Record:
    from printkit.games import available_games
    from printkit.load.schema import Choice

    return Record(
        "rules",
        {
            "module": Field(Choice(tuple(available_games())), required=True, doc="the game"),
            "file": Field(Str(1, 255), doc="the rules data file: limits a club may change"),
        },
        cls=RulesSpec,
    )


def _font_role():
    from printkit.load.schema import Choice

    return Choice(("body", "bold", "italic", "condensed", "heading", "display", "serif-bold"))


def manifest_schema() -> Record:
    return Record(
        "kit",
        {
            "name": Field(Id(), required=True, doc="the kit's name, used on every page"),
            "title": Field(Str(1, 80), required=True, doc="the kit's full name, for people"),
            "description": Field(Str(0, 2000), default="", doc="a sentence or two about the kit"),
            "rules": Field(rules_schema(), doc="the game rules that check this kit"),
            "components": Field(
                MapOf(component_schema(), min_items=1),
                required=True,
                doc="component id -> what to print; each writes <id>.pdf",
            ),
            "variants": Field(
                MapOf(VARIANT),
                default=dict,
                doc="variant name -> changes to the card mix, chosen with --variant NAME",
            ),
            "fonts": Field(
                MapOf(Str(1, 255), key=_font_role()),
                default=dict,
                doc="font role -> a TrueType (.ttf) file in the kit folder that replaces the "
                "shipped font for that role, e.g. {display: fonts/MyFont.ttf}",
            ),
            "icons": Field(
                MapOf(Str(1, 255)),
                default=dict,
                doc="icon name -> a PNG, JPEG or SVG file in the kit folder: an icon every "
                "component may name, like the built-in ones (`printkit icons KIT` shows them)",
            ),
        },
        cls=KitManifest,
    )
