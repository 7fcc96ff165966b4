"""The playing area: a dimensioned plan of the track at a reduced scale, and, with --full-size,
the whole track at 1:1 tiled over home sheets (the API's render_plan) as a cutting guide.

Chariot race's own type, registered in the game's entry_points.txt like an installed plug-in:
its model (`model.py`), the track drawn (`draw.py`) and the plan page (`plan.py`).
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from printkit.api import (
    Component,
    ComponentType,
    Derived,
    Kit,
    Progress,
    Record,
    Rect,
    Size,
    data_inputs,
    fail,
    mark_own_sheet,
    new_canvas,
    render_plan,
    sheet_label,
    start_sheet,
    used_model,
    validate_document,
    where,
)
from printkit.games.chariot_race.components.bases.model import Bases
from printkit.games.chariot_race.components.track import draw as draw
from printkit.games.chariot_race.components.track import plan as track_plan
from printkit.games.chariot_race.components.track.model import TRACK, Track

FULL_SIZE_PX = 2.5  # line widths and lettering on the 1:1 tiles, in paper points


def load(kit: Kit, component_id: str) -> Track:
    doc = kit.document(component_id)
    track: Track = validate_document(doc, TRACK)
    track.file = doc.file
    used_model(kit, component_id, "bases", "bases", Bases)
    pit = track.pit
    if pit is not None:
        if pit.at + pit.ramp + pit.length > track.straight + 1e-6:
            raise fail(
                where(pit, "at"),
                "`pit`: the ramp and the hole run past the end of the home straight: "
                "at + ramp + length must be at most the straight",
            )
        if pit.width > track.width + 1e-6:
            raise fail(where(pit, "width"), "`pit`: the hole is wider than the track")
    return track


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return TRACK


def grid_items(track: Track, bases: Bases) -> list[tuple[Rect, str, str]]:
    slots = track.grid_slots(len(bases.chariots), bases.width, bases.length)
    return [
        (slot, str(i), ch.colour)
        for i, (slot, ch) in enumerate(zip(slots, bases.chariots, strict=True), start=1)
    ]


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    track = kit.model_as(component_id, Track)
    bases = used_model(kit, component_id, "bases", "bases", Bases)
    title = kit.spec(component_id).title or component_id
    grid = grid_items(track, bases)
    sheet = kit.options.paper_size.rotated()

    def plan_page(c: Canvas) -> None:
        start_sheet(c, sheet, kit.options.sheet_bleed)
        track_plan.plan_page(c, sheet, sheet_label(kit), track, bases, grid, title)
        mark_own_sheet(c, sheet, track.source == "ours")
        c.showPage()
        if progress:
            progress(1)

    if not kit.options.full_size:
        c = new_canvas(
            path,
            (sheet.width, sheet.height),
            f"{kit.manifest.title}: {title}",
            kit.name,
            kit.fonts(),
        )
        plan_page(c)
        c.save()
        return 1
    board = track.board

    def full(c: Canvas, bleed: float) -> None:
        c.translate(-board.x, -board.y)
        draw.draw_track(c, track, FULL_SIZE_PX, grid, board.expand(bleed))

    return render_plan(
        kit,
        component_id,
        path,
        Size(board.w, board.h),
        full,
        lead=plan_page,
        progress=progress,
        own=track.source == "ours",
    )


def inputs(kit: Kit, component_id: str) -> list[Path]:
    """The files this component's output is drawn from: the kit's shared files, its data
    file and the data of the components it uses (bases)."""
    return data_inputs(kit, component_id, "bases")


class TrackType(Component):
    """`type: track`: this module's functions (printkit/api.py says when each is called)."""

    load = staticmethod(load)
    inputs = staticmethod(inputs)
    schema = staticmethod(schema)
    render = staticmethod(render)


COMPONENT: ComponentType = TrackType()  # checked against the protocol by mypy
