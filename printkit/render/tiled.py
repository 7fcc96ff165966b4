"""Printing one large plan (a board, a full-size track): one shop page, or tiled home sheets.

A component supplies the plan's size and a function that draws it with its origin at the
plan's bottom-left (painting its background `bleed` beyond the edges). This module owns:
- shop profile: one page of plan + bleed, TrimBox = the plan, BleedBox = the page;
- home profile: an assembly map page, then one sheet per tile with the plan clipped to the
  tile's window, a shaded glue band on the seams it keeps, dashed cut lines on the seams it is
  trimmed along, registration marks in every glue band, a 50 mm scale bar, and a row/column
  label with the neighbours. The plan is drawn once, as a form, and placed on every sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import font, text_width
from printkit.draw.sheet import draw_own_corner, draw_page_label, draw_scale_bar
from printkit.kit import Kit
from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT, STROKE_ROOM
from printkit.layout.sizes import Size
from printkit.layout.tiling import (
    EDGE,
    LABEL_ROOM,
    Tile,
    TilePlan,
    plan_tiles,
    registration_guides,
)
from printkit.layout.units import mm, to_mm
from printkit.output import new_canvas
from printkit.render.pages import chosen_sheet_margin, sheet_label, start_sheet

DrawPlan = Callable[[Canvas, float], None]
GLUE = Color(0.55, 0.55, 0.55, alpha=0.35)
FORM = "plan"


def render_plan(  # noqa: PLR0913
    kit: Kit,
    component_id: str,
    path: Path,
    size: Size,
    draw: DrawPlan,
    *,
    avoid: Sequence[Rect] = (),
    overlap: float = mm(12),
    tiled: bool | None = None,
    progress: Callable[[int], None] | None = None,
    lead: Callable[[Canvas], None] | None = None,
    forms: Callable[[Canvas], None] | None = None,
    own: bool = False,
    free_corner: float = 0.0,
) -> int:
    """Write the plan to `path`; returns the number of pages.

    `tiled` defaults to the home profile; pass False to print a reduced or single-page version.
    `lead` writes one whole page (start_sheet, drawing, showPage) before the plan, e.g. a
    dimensioned overview; it counts in the pages returned. `forms` defines, on the new canvas
    before anything is drawn, the forms the drawing places (a kit's images: draw/images.py).
    `own`: the plan's layout or rules are the kit's own (`source: ours`), so the plan carries the
    mark and its legend in its lower right corner (`own_corner`), `free_corner` inside the trim
    when the artwork runs closer to the trim there (a frame: the distance to its inner line).
    """
    opts = kit.options
    if own:
        draw = own_corner(draw, size, free_corner)
    title = f"{kit.manifest.title}: {kit.spec(component_id).title or component_id}"
    if opts.profile == "shop" or tiled is False:
        return _single_page(
            path, size, draw, opts.bleed, (title, kit.name), (forms, lead), kit.fonts()
        )
    margin = chosen_sheet_margin(kit)  # a sheet margin asked for keeps the plan further in
    edge = EDGE if margin is None else max(EDGE, margin + STROKE_ROOM)
    plan = plan_tiles(size, opts.paper_size, overlap, list(avoid), edge=edge)
    c = new_canvas(path, (plan.sheet.width, plan.sheet.height), title, kit.name, kit.fonts())
    if forms is not None:
        forms(c)
    if lead is not None:
        lead(c)
    pages = tile_onto(c, plan, draw, f"{sheet_label(kit)} · {title}", progress=progress)
    c.save()
    return pages + (lead is not None)


def own_corner(draw: DrawPlan, size: Size, free: float = 0.0) -> DrawPlan:
    """`draw`, then the mark of the kit's own with its legend in the plan's lower right corner,
    `free` inside the trim, in the safe area (draw/sheet.draw_own_corner), drawn with the plan
    so that it is tiled, bled and placed with it."""
    corner = Rect(0, 0, size.width, size.height)

    def marked(c: Canvas, bleed: float) -> None:
        c.saveState()  # a drawing may leave its origin moved (a track's plan is translated)
        draw(c, bleed)
        c.restoreState()
        draw_own_corner(c, corner, free)

    return marked


def tile_onto(
    c: Canvas,
    plan: TilePlan,
    draw: DrawPlan,
    title: str,
    form: str = FORM,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Add the plan's pages to `c`: the assembly map (when there are several sheets), then
    one sheet per tile; returns their number. The drawing becomes the form `form` (a name of its own for each drawing of a file;
    a form already defined is placed again, not drawn again)."""
    if not c.hasForm(form):
        _define_form(c, plan.content, draw, form)
    maps = len(plan.tiles) > 1  # a plan that fits one sheet needs no assembly map
    if maps:
        _assembly_map(c, plan, title, form)
    for tile in plan.tiles:
        _tile_page(c, plan, tile, title, form)
        if progress:
            progress(1)
    return maps + len(plan.tiles)


def _single_page(
    path: Path,
    size: Size,
    draw: DrawPlan,
    bleed: float,
    named: tuple[str, str],
    before: tuple[Callable[[Canvas], None] | None, Callable[[Canvas], None] | None],
    fonts: Mapping[str, str],
) -> int:
    """The plan on one page with its bleed; `before` are the forms' definitions and a lead
    page (render_plan)."""
    forms, lead = before
    page = (size.width + 2 * bleed, size.height + 2 * bleed)
    c = new_canvas(path, page, *named, fonts)
    if forms is not None:
        forms(c)
    if lead is not None:
        lead(c)
        c.setPageSize(page)
    c.setTrimBox((bleed, bleed, bleed + size.width, bleed + size.height))
    c.setBleedBox((0, 0, page[0], page[1]))
    c.translate(bleed, bleed)
    draw(c, bleed)
    c.showPage()
    c.save()
    return 1 + (lead is not None)


def _define_form(c: Canvas, size: Size, draw: DrawPlan, form: str) -> None:
    c.beginForm(form, 0, 0, size.width, size.height)
    draw(c, 0.0)
    c.endForm()


def _tile_page(c: Canvas, plan: TilePlan, tile: Tile, title: str, form: str) -> None:
    c.setPageSize((plan.sheet.width, plan.sheet.height))
    on_sheet = tile.to_sheet(tile.window)
    c.setTrimBox(on_sheet.box())
    c.setBleedBox(on_sheet.box())
    c.saveState()
    p = c.beginPath()
    p.rect(on_sheet.x, on_sheet.y, on_sheet.w, on_sheet.h)
    c.clipPath(p, stroke=0, fill=0)
    c.translate(*tile.origin)
    c.doForm(form)
    _glue_bands(c, plan, tile)
    _cut_lines(c, plan, tile)
    _registration_marks(c, plan, tile)
    c.restoreState()
    c.setStrokeColor(black)
    c.setLineWidth(0.3)
    c.rect(on_sheet.x, on_sheet.y, on_sheet.w, on_sheet.h, stroke=1, fill=0)
    _label_strip(c, plan, tile, title)
    c.showPage()


def _glue_bands(c: Canvas, plan: TilePlan, tile: Tile) -> None:
    """Shade the bands this piece keeps for gluing under its left and lower neighbours."""
    c.saveState()
    c.setFillColor(GLUE)
    for band in glue_bands(plan, tile):
        c.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
        c.setFillColor(black)
        c.setFont(font(c, "heading"), 7)
        if band.w < band.h:
            c.saveState()
            c.translate(band.cx + 2.5, band.y + band.h / 2)
            c.rotate(90)
            c.drawCentredString(0, 0, "GLUE UNDER NEIGHBOUR")
            c.restoreState()
        else:
            c.drawCentredString(band.x + band.w / 2, band.cy - 2.5, "GLUE UNDER NEIGHBOUR")
        c.setFillColor(GLUE)
    c.restoreState()


def glue_bands(plan: TilePlan, tile: Tile) -> list[Rect]:
    """The glue bands a tile keeps, in content coordinates: left of its left seam, below its bottom."""
    bands = []
    if tile.col > 0:
        bands.append(Rect(tile.cut.x - plan.overlap, tile.window.y, plan.overlap, tile.window.h))
    if tile.row < plan.rows - 1:
        bands.append(Rect(tile.window.x, tile.cut.y - plan.overlap, tile.window.w, plan.overlap))
    return bands


def _cut_lines(c: Canvas, plan: TilePlan, tile: Tile) -> None:
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(0.5)
    c.setDash(3, 2)
    if tile.col < plan.cols - 1:
        c.line(tile.cut.x1, tile.window.y, tile.cut.x1, tile.window.y1)
    if tile.row > 0:
        c.line(tile.window.x, tile.cut.y1, tile.window.x1, tile.cut.y1)
    c.restoreState()


def _registration_marks(c: Canvas, plan: TilePlan, tile: Tile) -> None:
    """Crosses in the glue bands this tile keeps, each with a guide line that ends exactly on
    the seam: the neighbour's trimmed edge goes on the guide lines' ends and hides them, and the
    picture then continues across the seam with no gap and no doubled strip. A tile never shows
    a cross on the part it keeps in view (its cut rectangle), so none stays on the board."""
    r = mm(2.5)
    for (x, y), (sx, sy) in registration_guides(plan):
        mark = Rect(x - r, y - r, 2 * r, 2 * r)
        if _overlaps(tile.cut, mark) or not tile.window.contains(mark):
            continue
        c.saveState()
        c.setLineCap(0)  # butt ends: the guide ends exactly on the seam, where the edge goes
        for colour, width in ((white, 1.6), (black, 0.4)):
            c.setStrokeColor(colour)
            c.setLineWidth(width)
            _crosshair(c, x, y, r)
            c.line(x + (r if sx != x else 0), y + (r if sy != y else 0), sx, sy)
        c.restoreState()


def _overlaps(a: Rect, b: Rect) -> bool:
    return a.x < b.x1 and b.x < a.x1 and a.y < b.y1 and b.y < a.y1


def _crosshair(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(x, y, r * 0.6, stroke=1, fill=0)
    c.line(x - r, y, x + r, y)
    c.line(x, y - r, x, y + r)


def _label_strip(c: Canvas, plan: TilePlan, tile: Tile, title: str) -> None:
    """The sheet's label, its neighbours and the scale bar in a strip along the bottom, or up
    the left margin when the plan fills the sheet's height (`side_label`)."""
    if not plan.side_label:
        _strip(c, plan, tile, title, Rect(KEEP_OUT, KEEP_OUT, plan.sheet.width - 2 * KEEP_OUT,
                                          LABEL_ROOM))  # fmt: skip
        return
    c.saveState()
    c.translate(KEEP_OUT + LABEL_ROOM, KEEP_OUT)
    c.rotate(90)  # reads upwards; the strip's foot is the sheet's left edge
    _strip(c, plan, tile, title, Rect(0, 0, plan.sheet.height - 2 * KEEP_OUT, LABEL_ROOM))
    c.restoreState()


def _strip(c: Canvas, plan: TilePlan, tile: Tile, title: str, strip: Rect) -> None:
    c.setFillColor(black)
    c.setFont(font(c, "heading"), 14)
    c.drawString(strip.x, strip.y + mm(1.2), tile.label)
    where = _whereabouts(plan, tile)
    lines = (where, title) if where else (title,)
    face = font(c, "condensed")
    x = strip.x + mm(12)
    bar_width = _bar_width(strip, x, max(text_width(t, face, LABEL_SIZE) for t in lines))
    room = strip.x1 - bar_width - LABEL_GAP - x
    c.setFont(face, LABEL_SIZE)
    for line, y in zip(lines, (strip.y + mm(3.6), strip.y + mm(0.6))[-len(lines) :], strict=True):
        _label_line(c, line, face, x, y, room)
    bar = Rect(strip.x1 - bar_width, strip.y + mm(0.6), bar_width, mm(4))
    draw_scale_bar(c, bar, vertical=False, label="50 mm at 100 %")


LABEL_SIZE = 7.5  # pt, a tiled sheet's row, neighbours and title
LABEL_MIN_SIZE = 5.0  # pt, the least a label is shrunk to before it is shortened
LABEL_GAP = mm(3)  # between the label's words and the scale bar
BAR_ROOM = mm(100)  # the scale bar's band at the strip's right end, when the words leave it
BAR_LEAST = mm(72)  # the 50 mm bar and its words "50 mm at 100 %"


def _bar_width(strip: Rect, x: float, widest: float) -> float:
    """The scale bar's band: BAR_ROOM when the label's words end before it, else as much as
    they leave but never less than the bar and its own words need (the words then shrink)."""
    if x + widest + LABEL_GAP <= strip.x1 - BAR_ROOM:
        return BAR_ROOM
    return max(BAR_LEAST, strip.x1 - (x + widest + LABEL_GAP))


def _label_line(c: Canvas, text: str, face: str, x: float, y: float, room: float) -> None:
    """One line of a tiled sheet's label, never into the scale bar: as it is when it fits
    `room`, else smaller (down to LABEL_MIN_SIZE), else shortened with an ellipsis."""
    if text_width(text, face, LABEL_SIZE) <= room:
        c.drawString(x, y, text)
        return
    size = max(LABEL_MIN_SIZE, LABEL_SIZE * room / text_width(text, face, LABEL_SIZE) - 0.01)
    if text_width(text, face, size) > room:  # too long even at the least size
        while text and text_width(text + "…", face, size) > room:
            text = text[:-1]
        text = text.rstrip() + "…"
    c.saveState()
    c.setFont(face, size)
    c.drawString(x, y, text)
    c.restoreState()


def _whereabouts(plan: TilePlan, tile: Tile) -> str:
    """Where a sheet goes among the others: its row and column and its neighbours' labels;
    "" for a plan that fits one sheet (there is nothing to assemble)."""
    if plan.rows * plan.cols == 1:
        return ""
    neighbours = []
    if tile.col > 0:
        neighbours.append(f"left: {plan.tile(tile.row, tile.col - 1).label}")
    if tile.col < plan.cols - 1:
        neighbours.append(f"right: {plan.tile(tile.row, tile.col + 1).label}")
    if tile.row > 0:
        neighbours.append(f"above: {plan.tile(tile.row - 1, tile.col).label}")
    if tile.row < plan.rows - 1:
        neighbours.append(f"below: {plan.tile(tile.row + 1, tile.col).label}")
    row = tile.label[: -len(str(tile.col + 1))]
    info = f"row {row}, column {tile.col + 1} of {plan.rows} x {plan.cols}"
    return " · ".join([info, *neighbours])


INSTRUCTION_LEADING = 11  # pt between the assembly map's lines of instructions


def _assembly_instructions(c: Canvas, plan: TilePlan) -> float:
    """The map's heading and how to trim and glue the sheets; returns the height below the
    sheet's top that they take (the map goes under it)."""
    sheet = plan.sheet
    c.setFillColor(black)
    c.setFont(font(c, "heading"), 16)
    c.drawString(KEEP_OUT + mm(5), sheet.height - KEEP_OUT - mm(10), "Assembly map")
    c.setFont(font(c, "body"), 9)
    lines = (
        f"{plan.rows * plan.cols} sheets: {plan.rows} rows (A, B, ...) x {plan.cols} columns "
        "(1, 2, ...). Print at 100 %.",
        "Trim each sheet along its dashed lines. Glue its shaded band under the neighbour,",
        "whose trimmed edge covers the crosses' guide lines exactly. Row by row, then the rows.",
        f"Glue bands are {to_mm(plan.overlap):g} mm wide.",
    )
    for i, line in enumerate(lines):
        baseline = sheet.height - KEEP_OUT - mm(16) - i * INSTRUCTION_LEADING
        c.drawString(KEEP_OUT + mm(5), baseline, line)
    return KEEP_OUT + mm(16) + (len(lines) - 1) * INSTRUCTION_LEADING + mm(5)


def _sheet_labels(c: Canvas, plan: TilePlan, x0: float, y0: float, scale: float) -> None:
    """Each sheet's label (A1, A2...) in the middle of its part of the reduced plan."""
    for tile in plan.tiles:
        cx = x0 + tile.cut.cx * scale
        cy = y0 + tile.cut.cy * scale
        c.setFillColor(Color(1, 1, 1, alpha=0.85))
        c.roundRect(cx - mm(7), cy - mm(4.5), mm(14), mm(9), mm(2), stroke=0, fill=1)
        c.setFillColor(black)
        c.setFont(font(c, "heading"), 14)
        c.drawCentredString(cx, cy - mm(1.8), tile.label)


def _assembly_map(c: Canvas, plan: TilePlan, title: str, form: str) -> None:
    """Page 1: the whole plan reduced, with the seams and each sheet's label."""
    sheet = plan.sheet
    start_sheet(c, sheet)
    top = _assembly_instructions(c, plan)  # the map goes below the instructions, clear of them
    bottom = KEEP_OUT + mm(25)
    area = Rect(
        KEEP_OUT + mm(5), bottom, sheet.width - 2 * KEEP_OUT - mm(10), sheet.height - top - bottom
    )
    scale = min(area.w / plan.content.width, area.h / plan.content.height)
    w, h = plan.content.width * scale, plan.content.height * scale
    x0, y0 = area.x + (area.w - w) / 2, area.y + (area.h - h) / 2
    c.saveState()
    c.translate(x0, y0)
    c.scale(scale, scale)
    c.doForm(form)
    c.restoreState()
    c.setStrokeColor(black)
    c.setLineWidth(1.2)
    c.rect(x0, y0, w, h, stroke=1, fill=0)
    c.setDash(4, 3)
    for x in plan.x_seams:
        c.line(x0 + x * scale, y0, x0 + x * scale, y0 + h)
    for y in plan.y_seams:
        c.line(x0, y0 + y * scale, x0 + w, y0 + y * scale)
    c.setDash()
    _sheet_labels(c, plan, x0, y0, scale)
    draw_page_label(
        c,
        Rect(KEEP_OUT, KEEP_OUT, sheet.width - 2 * KEEP_OUT, mm(8)),
        False,
        f"{title} · assembly map",
    )
    c.showPage()
