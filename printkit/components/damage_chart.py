"""The damage chart: a record sheet with a row per piece (the bases' list), from the deck and
the rules.

Its columns are the damage categories the deck's cards name (in the order the rules file lists
them, each with as many boxes as its `out` limit), then the laps. The rules' penalty table
(`outer_stakes`: speed -> cards lost) is printed beneath as a reference. Every word printed
besides the data is a `labels` key of the chart's file, with a generic default.
"""

from __future__ import annotations

from pathlib import Path

from printkit.api import Component, Progress
from printkit.components.links import used_model
from printkit.components.pages import start_sheet
from printkit.core.errors import Location, fail
from printkit.draw import damage_chart as draw
from printkit.kit import Kit
from printkit.layout.units import to_mm
from printkit.load.records import record_of
from printkit.load.schema import Record, validate_document, where
from printkit.model.bases import Bases
from printkit.model.damage_chart import Category, DamageChart, DamageChartFile, PenaltyRules
from printkit.model.deck import Deck
from printkit.output import new_canvas

SCHEMA: Record = record_of(DamageChartFile)


def load(kit: Kit, component_id: str) -> DamageChart:
    doc = kit.document(component_id)
    spec: DamageChartFile = validate_document(doc, SCHEMA)
    deck = used_model(kit, component_id, "deck", "deck", Deck)
    bases = used_model(kit, component_id, "bases", "bases", Bases)
    rules = kit.rules_data()
    if not isinstance(rules, PenaltyRules):
        raise fail(
            where(kit.spec(component_id)) or Location(kit.manifest_file),
            f"component {component_id!r}: a damage chart takes its damage categories, laps and "
            "penalty table (`outer_stakes`) from the kit's rules file (`rules:` in kit.yaml, e.g. "
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
    chart = DamageChart(
        spec.title,
        spec.instructions,
        categories,
        list(bases.chariots),
        rules.laps,
        [(row.speed, row.cards) for row in rules.outer_stakes],
        unit,
        doc.file,
        spec.labels,
    )
    _check_fits(kit, chart, rules)
    return chart


def _check_fits(kit: Kit, chart: DamageChart, rules: PenaltyRules) -> None:
    """Too many boxes for the page is an input error at the rules' damage categories."""
    sheet = kit.options.paper_size.rotated()
    cell = draw.table_cell(chart, sheet)
    if cell >= draw.MIN_BOX:
        return
    boxes = sum(cat.out for cat in chart.categories) + chart.laps
    raise fail(
        where(rules, "damage", key=True) or Location(chart.file),
        f"the damage chart cannot fit its page: {len(chart.categories)} categories the deck "
        f"uses and {chart.laps} laps make {boxes} boxes per row, each {to_mm(cell):.1f} mm wide "
        f"on {kit.options.paper} paper (at least {to_mm(draw.MIN_BOX):g} mm is needed to tick one); lower some `out` "
        "limits, merge categories, or print on larger paper (--paper a3)",
    )


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return SCHEMA


def render(kit: Kit, component_id: str, path: Path, progress=None) -> int:
    chart = kit.model_as(component_id, DamageChart)
    sheet = kit.options.paper_size.rotated()
    title = kit.spec(component_id).title or component_id
    c = new_canvas(path, (sheet.width, sheet.height), f"{kit.manifest.title}: {title}", kit.name)
    start_sheet(c, sheet, kit.options.sheet_bleed)
    draw.page(c, sheet, chart, f"{kit.label} · {title} · page 1 of 1")
    c.showPage()
    c.save()
    if progress:
        progress(1)
    return 1


class DamageChartType(Component):
    """`type: damage-chart` (see printkit/api.py for when each member is called)."""

    def load(self, kit: Kit, component_id: str) -> DamageChart:
        return load(kit, component_id)

    def schema(self, kit: Kit | None = None, component_id: str | None = None) -> Record:
        return schema(kit, component_id)

    def render(
        self, kit: Kit, component_id: str, path: Path, progress: Progress | None = None
    ) -> int:
        return render(kit, component_id, path, progress)


COMPONENT = DamageChartType()
