"""The damage chart: a record sheet with a row per piece (the bases' list), from the deck and
the rules.

Its columns are the damage categories the deck's cards name (in the order the rules file lists
them, each with as many boxes as its `out` limit), then the laps. A penalty table of the rules
(rows of a key and a value, e.g. speed -> cards lost) is printed beneath as a reference. The
chart's file names what it reads in the rules (`categories`, `laps`, `table`, `table_key`,
`table_value`), so any game's rules that have such values can feed it. Every word printed
besides the data is a `labels` key of the chart's file, with a generic default.

Chariot race's own type, registered in the game's entry_points.txt like an installed plug-in:
its model (`model.py`) and its drawing (`draw.py`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from printkit.api import (
    Component,
    ComponentType,
    Deck,
    Derived,
    Kit,
    Location,
    Progress,
    Record,
    data_inputs,
    fail,
    mark_own_sheet,
    new_canvas,
    record_of,
    sheet_label,
    start_sheet,
    to_mm,
    used_model,
    validate_document,
    where,
)
from printkit.games.chariot_race.components.bases.model import Bases
from printkit.games.chariot_race.components.damage_chart import draw as draw
from printkit.games.chariot_race.components.damage_chart.model import (
    Category,
    DamageChart,
    DamageChartFile,
)

SCHEMA: Record = record_of(DamageChartFile)


def load(kit: Kit, component_id: str) -> DamageChart:
    doc = kit.document(component_id)
    spec: DamageChartFile = validate_document(doc, SCHEMA)
    deck = used_model(kit, component_id, "deck", "deck", Deck)
    bases = used_model(kit, component_id, "bases", "bases", Bases)
    rules = _rules_values(kit, component_id)
    named: dict[str, int] = {}
    for card in deck.cards:
        value = card.get(spec.damage_field)
        if value is not None:
            named[value] = named.get(value, 0) + card.count
    limits = _rules_value(spec, rules, "categories", spec.categories, _is_categories)
    categories = [
        Category(name, cat["label"] or name.capitalize(), cat["out"], named[name])
        for name, cat in limits.items()
        if name in named
    ]
    key = deck.fields.get(spec.table_key)
    rows = _table_rows(spec, rules)
    chart = DamageChart(
        spec.title,
        spec.instructions,
        categories,
        list(bases.chariots),
        _rules_value(spec, rules, "laps", spec.laps, _is_count),
        [(row[spec.table_key], row[spec.table_value]) for row in rows],
        (key.unit if key else "") or "",
        doc.file,
        spec.labels,
        tuple(n for n, row in enumerate(rows) if row.get("source") == "ours"),
        spec.source == "ours",
    )
    _check_fits(kit, chart, where(kit.rules_data(), spec.categories, key=True))
    return chart


def _rules_values(kit: Kit, component_id: str) -> dict[str, Any]:
    """The kit's rules data as plain values (maps, lists, numbers), to read by the names the
    chart's file gives; an input error when the kit has no rules."""
    rules = kit.rules_data()
    if not dataclasses.is_dataclass(rules) or isinstance(rules, type):
        raise fail(
            where(kit.spec(component_id)) or Location(kit.manifest_file),
            f"component {component_id!r}: a damage chart takes its damage categories, laps and "
            "penalty table from the kit's rules file (`rules:` in kit.yaml), and this kit has "
            "none",
        )
    return dataclasses.asdict(rules)


def _rules_value(
    spec: DamageChartFile, rules: dict[str, Any], key: str, name: str, fits: Callable[[Any], bool]
) -> Any:
    """The rules' value `name`, which the chart's `key` gives, if it has the shape it needs; an
    input error at that key of the chart's file otherwise."""
    value = rules.get(name)
    if value is None or not fits(value):
        raise fail(
            where(spec, key) or where(spec) or Location("?"),
            f"the damage chart's {key} are the rules file's {name!r}, and the rules "
            f"{'have no ' + repr(name) if value is None else 'give it another shape'}: "
            f"{SHAPES[key]}",
        )
    return value


SHAPES = {
    "categories": "a map of category name -> `out` (a count of boxes) and `label`",
    "laps": "a whole number of lap boxes",
    "table": "a list of rows, each with a number under `table_key` and one under `table_value`",
}


def _is_categories(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(c, dict) and _is_count(c.get("out")) and "label" in c for c in value.values()
    )


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table_rows(spec: DamageChartFile, rules: dict[str, Any]) -> list[dict[str, Any]]:
    """The penalty table's rows, each with a number under `table_key` and one under
    `table_value` (and a `source`: "seed", the game's rules, or "ours", the kit's own row)."""

    def is_table(rows: Any) -> bool:
        keys = (spec.table_key, spec.table_value)
        return isinstance(rows, list) and all(
            isinstance(r, dict) and all(isinstance(r.get(k), int | float) for k in keys)
            for r in rows
        )

    rows: list[dict[str, Any]] = _rules_value(spec, rules, "table", spec.table, is_table)
    return rows


def _check_fits(kit: Kit, chart: DamageChart, categories_at: Location | None) -> None:
    """Too many boxes for the page is an input error at the rules' damage categories."""
    sheet = kit.options.paper_size.rotated()
    cell = draw.table_cell(chart, sheet)
    if cell >= draw.MIN_BOX:
        return
    boxes = sum(cat.out for cat in chart.categories) + chart.laps
    raise fail(
        categories_at or Location(chart.file),
        f"the damage chart cannot fit its page: {len(chart.categories)} categories the deck "
        f"uses and {chart.laps} laps make {boxes} boxes per row, each {to_mm(cell):.1f} mm wide "
        f"on {kit.options.paper} paper (at least {to_mm(draw.MIN_BOX):g} mm is needed to tick one); lower some `out` "
        "limits, merge categories, or print on larger paper (--paper a3)",
    )


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return SCHEMA


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    chart = kit.model_as(component_id, DamageChart)
    sheet = kit.options.paper_size.rotated()
    title = kit.spec(component_id).title or component_id
    c = new_canvas(
        path, (sheet.width, sheet.height), f"{kit.manifest.title}: {title}", kit.name, kit.fonts()
    )
    start_sheet(c, sheet, kit.options.sheet_bleed)
    draw.page(c, sheet, chart, f"{sheet_label(kit)} · {title} · page 1 of 1")
    mark_own_sheet(c, sheet, chart.own)
    c.showPage()
    c.save()
    if progress:
        progress(1)
    return 1


def inputs(kit: Kit, component_id: str) -> list[Path]:
    """The files this component's output is drawn from: the kit's shared files, its data
    file and the data of the components it uses (deck, bases)."""
    return data_inputs(kit, component_id, "deck", "bases")


class DamageChartType(Component):
    """`type: damage-chart`: this module's functions (printkit/api.py says when each is called)."""

    load = staticmethod(load)
    inputs = staticmethod(inputs)
    schema = staticmethod(schema)
    render = staticmethod(render)


COMPONENT: ComponentType = DamageChartType()  # checked against the protocol by mypy
