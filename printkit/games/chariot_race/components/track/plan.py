"""The playing-area plan page: the track at a 1:N scale with dimension lines, a scale bar, and
a table of the key dimensions (the lap along the centre line first).
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.api import (
    KEEP_OUT,
    STROKE_ROOM,
    UNIT_POINTS,
    Rect,
    Size,
    draw_line_fitted,
    draw_page_label,
    draw_scale_bar,
    fill,
    font,
    mm,
    text_width,
    to_mm,
)
from printkit.games.chariot_race.components.bases.model import Bases
from printkit.games.chariot_race.components.track import draw as draw
from printkit.games.chariot_race.components.track.model import Track

INK = Color(0.1, 0.09, 0.08)
DIM = Color(0.2, 0.2, 0.2)
PANEL_W = mm(76)
DIM_ROOM = mm(12)  # around the plan, for dimension lines


def length_text(points: float) -> str:
    inches = points / UNIT_POINTS["in"]
    return f"{inches:.3g} in ({to_mm(points):.0f} mm)"


def feet_text(points: float) -> str:
    inches = points / UNIT_POINTS["in"]
    feet = int(inches // 12)
    return f"{inches:.1f} in = {feet} ft {inches - 12 * feet:.1f} in"


def choose_scale(track: Track, room: Rect) -> int:
    """The largest drawing (smallest N) among the data's 1:N scales that fits `room`."""
    board = track.board
    for n in sorted(track.plan.scales):
        if board.w / n <= room.w and board.h / n <= room.h:
            return n
    return max(track.plan.scales)


def key_dimensions(track: Track, bases: Bases) -> list[tuple[str, str]]:
    """(label, value) rows of the plan's table of measures; labels from the track's `labels`."""
    words = track.labels
    spacing = f"{track.stake_spacing / 72:.3g}"
    rows = [
        (words.lap_row, feet_text(track.lap)),
        (words.straight_row, length_text(track.straight)),
        (words.width_row, length_text(track.width)),
        (words.radius_row, length_text(track.inner_radius)),
        (words.radii_row, f"{track.centre_radius / 72:.3g} / {track.outer_radius / 72:.3g} in"),
        (words.bank_row, length_text(track.bank)),
        (words.edge_row, fill(words.edge_value, n=len(track.stakes()), spacing=spacing)),
    ]
    if track.pit is not None:
        p = track.pit
        size = f"{p.ramp / 72:.3g} + {p.length / 72:.3g} in, {p.width / 72:.3g} in wide"
        rows += [
            (words.hazard_row, length_text(p.at)),
            (words.hazard_size_row, size),
            (words.jump_row, length_text(p.jump(bases.length))),
        ]
    n, grid_rows = len(bases.chariots), track.grid_rows(len(bases.chariots))
    in_rows = f"{grid_rows} row{'s' if grid_rows > 1 else ''}"
    rows += [
        (words.grid_row, fill(words.grid_value, n=n, rows=in_rows, per_row=track.grid.per_row)),
        (words.bases_row, f"{to_mm(bases.width):.0f} × {to_mm(bases.length):.0f} mm"),
        (words.board_row, f"{track.board.w / 72:.3g} × {track.board.h / 72:.3g} in"),
    ]
    return rows


def plan_page(
    c: Canvas, sheet: Size, kit_label: str, track: Track, bases: Bases, grid: list[Any], title: str
) -> None:
    """The plan on the current page, which is `sheet` (the caller starts and ends the page)."""
    top = sheet.height - KEEP_OUT
    room = Rect(
        KEEP_OUT + DIM_ROOM,
        KEEP_OUT + mm(24) + DIM_ROOM,
        sheet.width - 2 * KEEP_OUT - PANEL_W - 2 * DIM_ROOM - mm(4),
        top - mm(14) - KEEP_OUT - mm(24) - 2 * DIM_ROOM,
    )
    n = choose_scale(track, room)
    k = 1 / n
    board = track.board
    w, h = board.w * k, board.h * k
    ox = room.x + (room.w - w) / 2 - board.x * k
    oy = room.y + (room.h - h) / 2 - board.y * k

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + x * k, oy + y * k

    _heading(c, top, title, fill(track.labels.plan_note, scale=n))
    c.saveState()
    c.translate(ox, oy)
    c.scale(k, k)
    draw.draw_track(c, track, n, grid)
    c.restoreState()
    _dimensions(c, track, at)
    _scale_bar(c, track, n, Rect(KEEP_OUT + mm(3), KEEP_OUT + mm(12), mm(120), mm(8)))
    _panel(
        c,
        track,
        bases,
        Rect(
            sheet.width - KEEP_OUT - STROKE_ROOM - PANEL_W,
            KEEP_OUT + mm(12),
            PANEL_W,
            top - mm(20) - KEEP_OUT - mm(12),
        ),
    )
    _footer(c, sheet, f"{kit_label} · {title} · plan at 1:{n}")


def _heading(c: Canvas, top: float, title: str, note: str) -> None:
    c.setFillColor(INK)
    c.setFont(font(c, "display"), 20)
    c.drawString(KEEP_OUT + mm(3), top - mm(8), title.upper())
    c.setFont(font(c, "body"), 9)
    c.drawString(KEEP_OUT + mm(3), top - mm(13), note)


def _footer(c: Canvas, sheet: Size, label: str) -> None:
    """The 100 mm bar that proves the print's scale, and the page label."""
    draw_scale_bar(
        c,
        Rect(KEEP_OUT, KEEP_OUT, sheet.width - 2 * KEEP_OUT - mm(90), mm(6)),
        False,
        100,
        "must measure 100 mm – print at actual size / 100 %",
        size=7.5,
    )
    draw_page_label(c, Rect(KEEP_OUT, KEEP_OUT, sheet.width - 2 * KEEP_OUT, mm(4.5)), False, label)


def _dimensions(c: Canvas, track: Track, at: Any) -> None:
    b = track.board
    s = track.straight / 2
    gap = mm(6)
    # overall length, below
    x0, y0 = at(b.x, b.y)
    x1, _ = at(b.x1, b.y)
    dim_line(c, x0, y0 - gap, x1, y0 - gap, f"whole board {length_text(b.w)}", ext_from=y0)
    # overall depth, on the right
    xr, yb = at(b.x1, b.y)
    _, yt = at(b.x1, b.y1)
    dim_line(c, xr + gap, yb, xr + gap, yt, length_text(b.h), ext_from=xr, vertical=True)
    # the straight, above: between the turn centres
    xa, ytop = at(-s, b.y1)
    xb, _ = at(s, b.y1)
    dim_line(
        c, xa, ytop + gap, xb, ytop + gap, f"straight {length_text(track.straight)}", ext_from=ytop
    )
    # track width and inner radius across the right-hand turn
    cx, cy = at(s, 0)
    xi, _ = at(s + track.inner_radius, 0)
    xo, _ = at(s + track.outer_radius, 0)
    dim_line(c, cx, cy, xi, cy, f"r {track.inner_radius / 72:.3g} in", small=True)
    dim_line(c, xi, cy, xo, cy, f"width {track.width / 72:.3g} in", small=True)
    c.setFillColor(black)
    c.circle(cx, cy, 1.2, stroke=0, fill=1)


def dim_line(  # noqa: PLR0913
    c: Canvas,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    text: str,
    ext_from: float | None = None,
    vertical: bool = False,
    small: bool = False,
) -> None:
    """A dimension line with arrowheads, optional extension lines, and its text."""
    c.saveState()
    c.setStrokeColor(DIM)
    c.setFillColor(DIM)
    c.setLineWidth(0.5)
    if ext_from is not None:
        c.setLineWidth(0.3)
        if vertical:
            c.line(ext_from, y0, x0 + mm(1.5), y0)
            c.line(ext_from, y1, x1 + mm(1.5), y1)
        else:
            c.line(x0, ext_from, x0, y0 - mm(1.5) * (1 if y0 < ext_from else -1))
            c.line(x1, ext_from, x1, y1 - mm(1.5) * (1 if y1 < ext_from else -1))
        c.setLineWidth(0.5)
    c.line(x0, y0, x1, y1)
    angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
    for x, y, a in ((x1, y1, angle), (x0, y0, angle + 180)):
        draw.arrow(c, x, y, a, mm(2))
    size = 6.5 if small else 8
    c.translate((x0 + x1) / 2, (y0 + y1) / 2)
    c.rotate(angle)
    tw = text_width(text, font(c, "heading"), size)
    c.setFillColor(white)
    c.rect(-tw / 2 - 1.5, 1.2, tw + 3, size + 0.6, stroke=0, fill=1)
    c.setFillColor(INK)
    c.setFont(font(c, "heading"), size)
    c.drawCentredString(0, 2, text)
    c.restoreState()


def _scale_bar(c: Canvas, track: Track, n: int, r: Rect) -> None:
    """A chequered bar `plan.scale_bar` long in track units, at the plan's scale."""
    length = track.plan.scale_bar / n
    inches = track.plan.scale_bar / UNIT_POINTS["in"]
    step = 6 if inches % 6 == 0 else (inches / 4)
    parts = max(1, round(inches / step))
    seg = length / parts
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(0.6)
    for i in range(parts):
        c.setFillColor(black if i % 2 == 0 else white)
        c.rect(r.x + i * seg, r.y, seg, mm(2.5), stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(font(c, "heading"), 7.5)
    for i in range(parts + 1):
        c.drawCentredString(r.x + i * seg, r.y + mm(3.5), f"{i * inches / parts:g}")
    c.drawString(r.x + length + mm(3), r.y + mm(0.4), f"inches on the table · scale 1:{n}")
    c.restoreState()


def _panel(c: Canvas, track: Track, bases: Bases, r: Rect) -> None:
    c.saveState()
    c.setFillColor(Color(0.95, 0.95, 0.95))
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(font(c, "heading"), 11)
    c.drawString(r.x + mm(3), r.y1 - mm(7), track.labels.key_title)
    y = r.y1 - mm(13)
    c.setFont(font(c, "heading"), 9.5)
    c.drawString(r.x + mm(3), y, track.labels.lap)
    c.setFont(font(c, "display"), 15)
    y -= mm(6.5)
    c.drawString(r.x + mm(3), y, feet_text(track.lap))
    y -= mm(7)
    for label, value in key_dimensions(track, bases)[1:]:
        c.setFont(font(c, "condensed"), 8)
        c.drawString(r.x + mm(3), y, label)
        draw_line_fitted(c, value, font(c, "heading"), 8, r.x + mm(37), y, r.w - mm(39), "left")
        y -= mm(5.2)
    y -= mm(2)
    c.setFont(font(c, "condensed"), 7.5)
    for line in track.notes:
        if y < r.y + mm(3):
            break
        c.drawString(r.x + mm(3), y, line)
        y -= mm(4)
    c.restoreState()
