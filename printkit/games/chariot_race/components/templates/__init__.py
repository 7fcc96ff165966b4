"""Movement and turning templates: one strip per speed at exact 1:1, long strips in segments.

The model (Templates) joins templates.yaml with the deck (speeds and turns) and the model
bases (the strip width). Pages are landscape home sheets; every one carries the calibration bar.
Chariot race's own type, registered in the game's entry_points.txt like an installed plug-in:
its model (`model.py`), strips cut to the sheet (`strips.py`) and its drawing (`draw.py`).
"""

from __future__ import annotations

from pathlib import Path

from printkit.api import (
    KEEP_OUT,
    STROKE_ROOM,
    UNIT_POINTS,
    Component,
    ComponentType,
    Deck,
    Derived,
    Kit,
    Location,
    Progress,
    Record,
    Rect,
    Size,
    data_inputs,
    draw_page_label,
    draw_scale_bar,
    fail,
    mark_own_sheet,
    mm,
    new_canvas,
    sheet_label,
    start_sheet,
    to_mm,
    used_model,
    validate_document,
    where,
)
from printkit.games.chariot_race.components.bases.model import Bases
from printkit.games.chariot_race.components.templates import draw as draw
from printkit.games.chariot_race.components.templates.model import (
    TEMPLATES,
    Piece,
    Strip,
    Templates,
    TemplatesSpec,
    strip_specs,
)
from printkit.games.chariot_race.components.templates.strips import (
    Placement,
    keep_groups_together,
    segments,
    shelf_pack,
)

HEADER = mm(13)  # instructions at the top of every sheet
FOOTER = mm(10)  # the calibration bar at the bottom


def load(kit: Kit, component_id: str) -> Templates:
    doc = kit.document(component_id)
    spec: TemplatesSpec = validate_document(doc, TEMPLATES)
    deck = used_model(kit, component_id, "deck", "deck", Deck)
    bases = used_model(kit, component_id, "bases", "bases", Bases)
    for name in ("speed_field", "turn_field"):
        field = getattr(spec, name)
        if field not in deck.fields:
            raise fail(
                where(spec, name),
                f"{name} {field!r} is not a field of the deck; its fields are: "
                + ", ".join(sorted(deck.fields)),
            )
    unit = deck.fields[spec.speed_field].unit or "in"
    unit = {'"': "in", "″": "in"}.get(unit, unit)
    if unit not in UNIT_POINTS:
        raise fail(
            where(spec, "speed_field"),
            f"the deck's {spec.speed_field} field has unit {unit!r}; a template needs a length "
            "unit (in, mm, cm)",
        )
    strips = []
    for i, item in enumerate(strip_specs(spec)):
        turns = [
            float(c.get(spec.turn_field) or 0)
            for c in deck.cards
            if c.get(spec.speed_field) is not None and float(c.get(spec.speed_field)) == item.speed
        ]
        fan = item.fan if item.fan is not None else max(turns, default=0.0)
        strips.append(
            Strip(item.speed, fan, item.speed * UNIT_POINTS[unit], doc.where(("strips", i)))
        )
    return Templates(spec, strips, bases.width, unit, doc.file)


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return TEMPLATES


def pieces(t: Templates, room: float) -> list[Piece]:
    out = []
    for strip in t.strips:
        cuts = segments(strip.length, room, t.spec.overlap)
        for k, (a, b) in enumerate(cuts, start=1):
            out.append(Piece(strip, k, len(cuts), a, b))
    return out


def piece_size(t: Templates, p: Piece) -> Size:
    fans = p.last and draw.fan_angle(t, p.strip) > 0
    wings = 2 * (t.spec.fan.radius + draw.WING_EXTRA) if fans else 0.0
    return Size(p.end - p.start, t.width + wings)


def sheet_area(sheet: Size) -> Rect:
    """Where pieces go: inside the printable area with room for their outlines' strokes."""
    edge = KEEP_OUT + STROKE_ROOM
    return Rect(
        edge,
        KEEP_OUT + FOOTER,
        sheet.width - 2 * edge,
        sheet.height - 2 * KEEP_OUT - FOOTER - HEADER,
    )


def layout(kit: Kit, t: Templates) -> tuple[Size, list[Piece], list[Placement]]:
    sheet = kit.options.paper_size.rotated()
    area = sheet_area(sheet)
    ps = pieces(t, area.w)
    sizes = [piece_size(t, p) for p in ps]
    try:
        placements = shelf_pack(sizes, Size(area.w, area.h), t.spec.gap)
    except ValueError:
        raise fail(
            Location(t.file),
            f"a template does not fit on {kit.options.paper.upper()} paper: the strip width "
            f"({to_mm(t.width):.0f} mm) plus two fans of {to_mm(t.spec.fan.radius):.0f} mm "
            f"needs {to_mm(max(s.height for s in sizes)):.0f} mm of the "
            f"{to_mm(area.h):.0f} mm available",
        ) from None
    groups: dict[int, list[int]] = {}
    for i, p in enumerate(ps):
        groups.setdefault(id(p.strip), []).append(i)
    return sheet, ps, keep_groups_together(placements, list(groups.values()))


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    t = kit.model_as(component_id, Templates)
    sheet, ps, placements = layout(kit, t)
    area = sheet_area(sheet)
    title = kit.spec(component_id).title or component_id
    n_pages = max(p.page for p in placements) + 1
    c = new_canvas(
        path, (sheet.width, sheet.height), f"{kit.manifest.title}: {title}", kit.name, kit.fonts()
    )
    for page in range(n_pages):
        start_sheet(c, sheet, kit.options.sheet_bleed)
        draw.instructions(c, Rect(area.x, area.y1, area.w, HEADER), title, t)
        for pl in (p for p in placements if p.page == page):
            piece = ps[pl.index]
            size = piece_size(t, piece)
            draw.piece(c, t, piece, area.x + pl.x, area.y1 - pl.y - size.height)
        cal = t.spec.calibration
        draw_scale_bar(
            c,
            Rect(KEEP_OUT, KEEP_OUT, sheet.width - 2 * KEEP_OUT, FOOTER - mm(2)),
            False,
            length_mm=to_mm(cal.length),
            label=cal.label,
            size=9,
        )
        draw_page_label(
            c,
            Rect(KEEP_OUT, KEEP_OUT, sheet.width - 2 * KEEP_OUT, mm(4.5)),
            False,
            f"{sheet_label(kit)} · {title} · page {page + 1} of {n_pages}",
        )
        mark_own_sheet(c, sheet, t.spec.source == "ours")
        c.showPage()
        if progress:
            progress(1)
    c.save()
    return n_pages


def inputs(kit: Kit, component_id: str) -> list[Path]:
    """The files this component's output is drawn from: the kit's shared files, its data
    file and the data of the components it uses (deck, bases)."""
    return data_inputs(kit, component_id, "deck", "bases")


class TemplatesType(Component):
    """`type: templates`: this module's functions (printkit/api.py says when each is called)."""

    load = staticmethod(load)
    inputs = staticmethod(inputs)
    schema = staticmethod(schema)
    render = staticmethod(render)


COMPONENT: ComponentType = TemplatesType()  # checked against the protocol by mypy
