"""The damage chart: a record sheet with a row per chariot, built from the deck and the rules.

Its columns are the damage categories the deck's crash effects name (in the order the rules
file lists them, each with as many boxes as its `out` limit), then the laps. The rules' table
of cards lost on hitting the outer stakes is printed beneath as a reference.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.components.links import used_model
from printkit.draw import damage_chart as draw
from printkit.errors import Location, fail
from printkit.kit import Kit
from printkit.load.schema import Field, Id, Record, Str, validate_document, where
from printkit.model.bases import Bases, Chariot
from printkit.model.deck import Deck
from printkit.output import new_canvas

SCHEMA = Record(
    "damage chart",
    {
        "title": Field(Str(1, 60), default="Damage Chart", doc="printed large at the top"),
        "instructions": Field(Str(0, 600), default="", doc="how to fill the chart in"),
        "damage_field": Field(Id(), default="damage", doc="the deck field naming a category"),
    },
)


@dataclass(frozen=True)
class Category:
    name: str
    label: str
    out: int
    cards: int  # cards in the deck whose crash effect ticks it


@dataclass
class DamageChart:
    title: str
    instructions: str
    categories: list[Category]
    chariots: list[Chariot]
    laps: int
    stakes: list[tuple[float, int]]  # (speed, cards lost)
    speed_unit: str
    file: str


def load(kit: Kit, component_id: str) -> DamageChart:
    doc = kit.document(component_id)
    spec = validate_document(doc, SCHEMA)
    deck: Deck = used_model(kit, component_id, "deck", "deck")
    bases: Bases = used_model(kit, component_id, "chariots", "bases")
    rules = kit.rules_data()
    if rules is None or not all(hasattr(rules, k) for k in ("damage", "laps", "outer_stakes")):
        raise fail(
            where(kit.spec(component_id)) or Location(kit.manifest_file),
            f"component {component_id!r}: a damage chart takes its damage categories, laps and "
            "outer-stakes table from the kit's rules file (`rules:` in kit.yaml, e.g. "
            "chariot_race with rules.yaml), and this kit has none that gives them",
        )
    named: dict[str, int] = {}
    for card in deck.cards:
        value = card.get(spec.damage_field)
        if value is not None:
            named[value] = named.get(value, 0) + card.count
    categories = [
        Category(name, cat.label or name.capitalize(), cat.out, named[name])
        for name, cat in rules.damage.items()
        if name in named
    ]
    unit = deck.fields["speed"].unit if "speed" in deck.fields else ""
    return DamageChart(
        spec.title,
        spec.instructions,
        categories,
        list(bases.chariots),
        rules.laps,
        [(row.speed, row.cards) for row in rules.outer_stakes],
        unit,
        doc.file,
    )


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return SCHEMA


def output_name(kit: Kit, component_id: str) -> str:
    return f"{component_id}.pdf"


def render(kit: Kit, component_id: str, path: Path, progress=None) -> int:
    chart: DamageChart = kit.model(component_id)
    sheet = kit.options.paper_size.rotated()
    title = kit.spec(component_id).title or component_id
    c = new_canvas(path, (sheet.width, sheet.height), f"{kit.manifest.title}: {title}", kit.name)
    c.setTrimBox((0, 0, sheet.width, sheet.height))
    c.setBleedBox((0, 0, sheet.width, sheet.height))
    draw.page(c, sheet, chart, f"{kit.label} · {title} · page 1 of 1")
    c.showPage()
    c.save()
    if progress:
        progress(1)
    return 1
