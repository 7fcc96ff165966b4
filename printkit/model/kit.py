"""The kit manifest (kit.yaml): the kit's name, its components and their data files, variants.

Each @record dataclass is also the schema of its part of kit.yaml (load/records.py); the
component types and games that exist are given at run time (`manifest_schema`), so the model
knows neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printkit.core.fieldwise import fieldwise
from printkit.load.records import record, record_of, spec
from printkit.load.schema import (
    Bool,
    Choice,
    Color,
    Either,
    Field,
    Id,
    InkLimit,
    Int,
    Length,
    ListOf,
    MapOf,
    Record,
    Str,
)

COMPONENT_TYPE_DOC = (
    "what kind of component this is: built in, or from an installed package (entry point group "
    "printkit.components)"
)
RULES_MODULE_DOC = (
    "the game's rules module: built in, or from an installed package (entry point group "
    "printkit.games); none: the rules file holds only data checks"
)


@record("component")
@fieldwise(kw_only=True)
class ComponentSpec:
    type: str = spec(Id(), required=True, doc=COMPONENT_TYPE_DOC)  # one of the component types
    file: str | None = spec(Str(1, 255), doc="the data file, relative to the kit folder")
    title: str | None = spec(Str(1, 80), doc="shown on every page; defaults to the component id")
    uses: dict[str, str] = spec(
        MapOf(Id()),
        default=dict,
        doc="other components whose data this one needs, e.g. {deck: cards}",
    )
    id: str = ""  # not a key of the file: the component's id, set by the kit


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


def tag_list(doc: str) -> Any:
    """A list of card tags or ids."""
    return spec(ListOf(Id()), default=list, doc=doc)


@record("variant")
@fieldwise(kw_only=True)
class Variant:
    description: str = spec(Str(0, 300), default="", doc="what the variant changes, for people")
    exclude_tags: list[str] = tag_list("leave out cards with these tags")
    exclude_cards: list[str] = tag_list("leave out these card ids")
    only_tags: list[str] = tag_list("keep only cards with one of these tags")
    only_cards: list[str] = tag_list("keep only these card ids (with only_tags: either)")
    counts: dict[str, int] = spec(
        MapOf(Int(0, 10_000)), default=dict, doc="card id -> new count (0 leaves it out)"
    )
    markers: dict[str, str] = spec(
        MapOf(Str(1, 12)), default=dict, doc="tag -> marker printed on those cards"
    )
    overrides: dict[str, dict[str, Any]] = spec(
        MapOf(_AnyMap()),
        default=dict,
        doc="component id -> {key: value}: replaces top-level keys of that component's data",
    )
    name: str = ""  # not a key of the file: the variant's name, set by the kit


@record("rules")
@fieldwise(kw_only=True)
class RulesSpec:
    module: str | None = spec(Id(), doc=RULES_MODULE_DOC)  # one of the games
    file: str | None = spec(Str(1, 255), doc="the rules data file: limits a club may change")


RICH_BLACK_DOC = (
    "the black of large dark areas in CMYK (shop) files; near-black text and lines always print "
    "as 100 % K"
)


DEFAULT_MAX_INK = 300.0  # per cent: a common limit for coated offset (FOGRA39 profiles: 300-330)
MAX_INK_DOC = (
    "the most ink (total area coverage, per cent) the kit's printer allows in CMYK (shop) files, "
    "e.g. 240 (default 300; --max-ink wins)"
)


@record("print")
@fieldwise(kw_only=True)
class PrintSpec:
    rich_black: str = spec(Color(), default="cmyk(60,40,40,100)", doc=RICH_BLACK_DOC)
    max_ink: float | None = spec(InkLimit(), doc=MAX_INK_DOC)


FONT_ROLE = Choice(("body", "bold", "italic", "condensed", "heading", "display", "serif-bold"))
FONTS_DOC = (
    "font role -> a TrueType (.ttf) file in the kit folder that replaces the shipped font for "
    "that role, e.g. {display: fonts/MyFont.ttf}"
)
GANG_DOC = (
    "gang sheets (gang.pdf) in home builds: true gangs every build of the kit; a list of "
    "component ids (decks too) says which components --gang packs together (default: every "
    "component whose type gangs by default, e.g. tokens and tiles); false never gangs"
)
ICONS_DOC = (
    "icon name -> a PNG, JPEG or SVG file in the kit folder: an icon every component may name, "
    "like the built-in ones (`printkit icons KIT` shows them)"
)
COMPONENTS_DOC = "component id -> what to print; each writes <id>.pdf"
SHEET_MARGIN_DOC = (
    "home sheets: the least paper left between the sheet's edge and any piece (default 7mm; a "
    "map over several sheets keeps it when above 5.5mm); most home printers print to 3 to 5 "
    "mm, and 5mm fits 8 hexes of 76 mm on A4 where 7mm fits 6"
)


@record("kit")
@fieldwise(kw_only=True)
class KitManifest:
    name: str = spec(Id(), required=True, doc="the kit's name, used on every page")
    title: str = spec(Str(1, 80), required=True, doc="the kit's full name, for people")
    description: str = spec(Str(0, 2000), default="", doc="a sentence or two about the kit")
    rules: RulesSpec | None = spec(record_of(RulesSpec), doc="the game rules that check this kit")
    components: dict[str, ComponentSpec] = spec(
        MapOf(record_of(ComponentSpec), min_items=1), required=True, doc=COMPONENTS_DOC
    )
    variants: dict[str, Variant] = spec(
        MapOf(record_of(Variant)),
        default=dict,
        doc="variant name -> changes to the card mix, chosen with --variant NAME",
    )
    fonts: dict[str, str] = spec(MapOf(Str(1, 255), key=FONT_ROLE), default=dict, doc=FONTS_DOC)
    # see render/gang.py and docs/printing.md
    gang: bool | list[str] | None = spec(Either((Bool(), ListOf(Id(), min_items=1))), doc=GANG_DOC)
    print: PrintSpec = spec(record_of(PrintSpec), default=PrintSpec, doc="print-shop settings")
    sheet_margin: float | None = spec(Length(3, 30), doc=SHEET_MARGIN_DOC)
    icons: dict[str, str] = spec(MapOf(Str(1, 255)), default=dict, doc=ICONS_DOC)


VARIANT: Record = record_of(Variant)


def component_schema(component_types: Sequence[str]) -> Record:
    """A component of kit.yaml, whose `type` is one of `component_types`."""
    kind = Field(Choice(tuple(component_types)), required=True, doc=COMPONENT_TYPE_DOC)
    return record_of(ComponentSpec).with_fields({"type": kind})


def rules_schema(games: Sequence[str]) -> Record:
    """kit.yaml's `rules:`, whose `module` is one of `games`."""
    module = Field(Choice(tuple(games)), doc=RULES_MODULE_DOC)
    return record_of(RulesSpec).with_fields({"module": module})


def manifest_schema(component_types: Sequence[str], games: Sequence[str]) -> Record:
    """The schema of kit.yaml; the caller says which component types and games exist
    (printkit.kit.manifest_schema asks printkit.plugins)."""
    components = MapOf(component_schema(component_types), min_items=1)
    return record_of(KitManifest).with_fields(
        {
            "rules": Field(rules_schema(games), doc="the game rules that check this kit"),
            "components": Field(components, required=True, doc=COMPONENTS_DOC),
        }
    )
