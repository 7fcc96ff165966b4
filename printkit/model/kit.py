"""The kit manifest (kit.yaml): the kit's name, its components and their data files, variants."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from printkit.load.schema import (
    Bool,
    Choice,
    Color,
    Either,
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
    module: str | None
    file: str | None


@dataclass
class PrintSpec:
    rich_black: str = "cmyk(60,40,40,100)"


@dataclass
class KitManifest:
    name: str
    title: str
    description: str
    rules: RulesSpec | None
    components: dict[str, ComponentSpec]
    variants: dict[str, Variant] = field(default_factory=dict)
    fonts: dict[str, str] = field(default_factory=dict)
    gang: bool | list[str] | None = None  # see components/gang.py and docs/printing.md
    print: PrintSpec = field(default_factory=PrintSpec)
    icons: dict[str, str] = field(default_factory=dict)


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


def component_schema(component_types: Sequence[str]) -> Record:
    return Record(
        "component",
        {
            "type": Field(
                Choice(tuple(component_types)), required=True, doc="what kind of component this is"
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


def rules_schema(games: Sequence[str]) -> Record:
    return Record(
        "rules",
        {
            "module": Field(
                Choice(tuple(games)),
                doc="the game's rules module: built in, or from an installed package (entry "
                "point group printkit.games); none: the rules file holds only data checks",
            ),
            "file": Field(Str(1, 255), doc="the rules data file: limits a club may change"),
        },
        cls=RulesSpec,
    )


def _font_role() -> Choice:
    return Choice(("body", "bold", "italic", "condensed", "heading", "display", "serif-bold"))


def print_schema() -> Record:
    return Record(
        "print",
        {
            "rich_black": Field(
                Color(),
                default="cmyk(60,40,40,100)",
                doc="the black of large dark areas in CMYK (shop) files; near-black text and "
                "lines always print as 100 % K",
            ),
        },
        cls=PrintSpec,
    )


def manifest_schema(component_types: Sequence[str], games: Sequence[str]) -> Record:
    """The schema of kit.yaml; the caller says which component types and games exist
    (printkit.kit.manifest_schema asks printkit.plugins)."""
    return Record(
        "kit",
        {
            "name": Field(Id(), required=True, doc="the kit's name, used on every page"),
            "title": Field(Str(1, 80), required=True, doc="the kit's full name, for people"),
            "description": Field(Str(0, 2000), default="", doc="a sentence or two about the kit"),
            "rules": Field(rules_schema(games), doc="the game rules that check this kit"),
            "components": Field(
                MapOf(component_schema(component_types), min_items=1),
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
            "gang": Field(
                Either((Bool(), ListOf(Id(), min_items=1))),
                doc="gang sheets (gang.pdf) in home builds: true gangs every build of the kit; "
                "a list of component ids (decks too) says which components --gang packs "
                "together (default: every tokens, bases and tiles component); false never gangs",
            ),
            "print": Field(print_schema(), default=PrintSpec, doc="print-shop settings"),
            "icons": Field(
                MapOf(Str(1, 255)),
                default=dict,
                doc="icon name -> a PNG, JPEG or SVG file in the kit folder: an icon every "
                "component may name, like the built-in ones (`printkit icons KIT` shows them)",
            ),
        },
        cls=KitManifest,
    )
