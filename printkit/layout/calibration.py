"""Geometry of the duplex calibration sheet: where its targets, marks and labels go.

The front is a grid of cells, each with a crosshair target at its centre. Each cell stands for
one back offset (dx, dy) in mm, in the back page's own coordinates: exactly what
`--back-offset` and the `back-offset` setting mean. The back page carries, for each cell, a
cross at the cell's mirrored centre (the same `mirror` that places card backs) shifted by that
offset. If the printer shifts the back by (-dx, -dy), the cross of the cell labelled dx,dy lands
exactly on its target: that cell's label is the offset to use.

Cells are ordered so that, seen from the front against the light, a cell's cross sits displaced
from its target by (column - centre, row - centre) steps, whatever the flip: the crosses point
away from the cell that lines up.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT, Duplex, mirror
from printkit.layout.sizes import Size
from printkit.layout.units import mm, to_mm

Point = tuple[float, float]

HEADER_HEIGHT = mm(36)  # title and instructions at the top of the front
FOOTER_HEIGHT = mm(12)  # the 100 % scale bar at the bottom of the front
SIDE_MARGIN = mm(8)
LABEL_BAND = mm(3.2)  # at the bottom of each cell (front) and the top (back, seen through)
TARGET_ARM = mm(3.5)  # front crosshair half-length
TARGET_RING = mm(1.5)
MARK_ARM = mm(2.0)  # back cross half-length


@dataclass(frozen=True)
class Cell:
    """One calibration cell: the offset it stands for, and where its pieces go."""

    offset_mm: Point  # the back offset this cell stands for, in mm (back-page coordinates)
    column: int  # 0 = left on the front
    row: int  # 0 = bottom on the front
    front: Rect  # the cell on the front page
    target: Point  # crosshair centre on the front page
    mark: Point  # cross centre on the back page
    front_label: Rect  # on the front: bottom band of the cell
    back_label: Rect  # on the back page: behind the top band of the front cell

    @property
    def label(self) -> str:
        return offset_label(self.offset_mm)


@dataclass(frozen=True)
class CalibrationSheet:
    sheet: Size
    duplex: Duplex
    step_mm: float
    centre_mm: Point
    cells: tuple[Cell, ...]
    grid: Rect  # the cells' area on the front
    header: Rect  # front: title and instructions
    footer: Rect  # front: scale bar
    back_header: Rect  # back page: behind the front's header

    @property
    def per_side(self) -> int:
        return round(len(self.cells) ** 0.5)


def offset_label(offset_mm: Point) -> str:
    """'+0.5,-1': ready to type after `--back-offset` or `config set back-offset`."""

    def one(v: float) -> str:
        v = round(v, 3) + 0.0
        return "0" if v == 0 else f"{v:+g}"

    return f"{one(offset_mm[0])},{one(offset_mm[1])}"


def mirror_point(p: Point, sheet: Size, duplex: Duplex) -> Point:
    """Where a point of the front lies on the back page after the flip."""
    r = mirror(Rect(p[0], p[1], 0.0, 0.0), sheet, duplex)
    return (r.x, r.y)


def calibration_sheet(
    paper: Size,
    duplex: Duplex,
    step_mm: float = 0.5,
    steps: int = 6,
    centre_mm: Point = (0.0, 0.0),
) -> CalibrationSheet:
    """The calibration sheet for a portrait `paper`: (2 * steps + 1)² cells, `step_mm` apart.

    `centre_mm` is the offset of the middle cell, to refine around an earlier reading.
    Raises ValueError when the cells would be too small to read on this paper.
    """
    sheet = paper if not paper.landscape else paper.rotated()
    n = 2 * steps + 1
    top = sheet.height - KEEP_OUT - HEADER_HEIGHT
    bottom = KEEP_OUT + FOOTER_HEIGHT
    grid = Rect(SIDE_MARGIN, bottom, sheet.width - 2 * SIDE_MARGIN, top - bottom)
    cw, ch = grid.w / n, grid.h / n
    room = min(cw / 2, ch / 2 - LABEL_BAND) - MARK_ARM  # for a back cross around its target
    if mm(steps * step_mm) > room:
        largest = int(to_mm(room) / steps * 100) / 100
        raise ValueError(
            f"{n} x {n} cells of {to_mm(cw):.1f} x {to_mm(ch):.1f} mm are too small for steps of "
            f"{step_mm:g} mm; on this paper the step can be at most {largest:g} mm"
        )
    cells = []
    for row in range(n):
        for column in range(n):
            front = Rect(grid.x + column * cw, grid.y + row * ch, cw, ch)
            cells.append(_cell(front, column, row, steps, step_mm, centre_mm, sheet, duplex))
    safe = Rect(0, 0, sheet.width, sheet.height).inset(KEEP_OUT)
    if not all(safe.contains(Rect(*c.mark, 0, 0).expand(MARK_ARM)) for c in cells):
        raise ValueError(
            f"a centre offset of {offset_label(centre_mm)} mm pushes the back marks off the "
            "printable area; this sheet can be centred at most a few mm away from 0,0"
        )
    shift = (mm(centre_mm[0]), mm(centre_mm[1]))
    header = Rect(SIDE_MARGIN, top, grid.w, HEADER_HEIGHT)
    back_header = mirror(header, sheet, duplex).shift(*shift)
    footer = Rect(SIDE_MARGIN, KEEP_OUT, grid.w, FOOTER_HEIGHT)
    return CalibrationSheet(
        sheet, duplex, step_mm, centre_mm, tuple(cells), grid, header, footer, back_header
    )


def _cell(
    front: Rect,
    column: int,
    row: int,
    steps: int,
    step_mm: float,
    centre_mm: Point,
    sheet: Size,
    duplex: Duplex,
) -> Cell:
    target = (front.cx, front.cy)
    # The displacement this cell should show, seen from the front, and the back-page offset
    # that produces it: mirror the displaced target and compare with the mirrored target.
    seen = (mm((column - steps) * step_mm), mm((row - steps) * step_mm))
    base = mirror_point(target, sheet, duplex)
    moved = mirror_point((target[0] + seen[0], target[1] + seen[1]), sheet, duplex)
    relative = (to_mm(moved[0] - base[0]), to_mm(moved[1] - base[1]))
    offset = tuple(round(centre_mm[i] + relative[i], 6) + 0.0 for i in (0, 1))
    mark = (base[0] + mm(offset[0]), base[1] + mm(offset[1]))
    front_label = Rect(front.x, front.y, front.w, LABEL_BAND)
    top_band = Rect(front.x, front.y1 - LABEL_BAND, front.w, LABEL_BAND)
    return Cell(
        (offset[0], offset[1]),
        column,
        row,
        front,
        target,
        mark,
        front_label,
        mirror(top_band, sheet, duplex).shift(mm(centre_mm[0]), mm(centre_mm[1])),
    )
