"""Drawing a damage chart: a title, one row of tick boxes per named piece, a penalty table.

Sizes follow the page and the data (more categories or rows make smaller boxes), so that a new
category in the deck needs no change here; `table_cell()` tells the component when boxes would
be too small to tick. Every word printed comes from the chart's `labels` (components/damage_chart).
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.api import (
    KEEP_OUT,
    Rect,
    Size,
    colour,
    draw_fitted,
    draw_line_fitted,
    draw_page_label,
    draw_scale_bar,
    fill,
    fit_text,
    font,
    mm,
)
from printkit.games.chariot_race.components.bases.draw import ink_for
from printkit.games.chariot_race.components.damage_chart.model import DamageChart

INK = Color(0.1, 0.09, 0.08)
RULE = Color(0.55, 0.55, 0.55)
SHADE = Color(0.9, 0.9, 0.9)
OUT_FILL = Color(0.78, 0.78, 0.78)
UNIT_MARKS = {"in": "″"}
MIN_BOX = mm(4)  # a tick box smaller than this cannot be ticked with a pencil
STAKES_H = mm(30)  # the band under the table: the penalty table and the deck summary
SUMMARY_STEP = mm(4.6)  # between two lines of the deck summary, at most
SUMMARY_MIN_STEP = mm(3.4)


def _area(sheet: Size) -> Rect:
    """The printable area inside the sheet's keep-out and furniture (scale bar, label)."""
    x, y = KEEP_OUT + mm(3), KEEP_OUT + mm(9)
    return Rect(x, y, sheet.width - 2 * KEEP_OUT - mm(6), sheet.height - KEEP_OUT - mm(3) - y)


def page(c: Canvas, sheet: Size, chart: DamageChart, label: str) -> None:
    area = _area(sheet)
    y = _title(c, chart, area)
    table_y = area.y + STAKES_H + mm(4)
    table = Rect(area.x, table_y, area.w, y - mm(4) - table_y)
    _table(c, chart, table)
    _stakes(c, chart, Rect(area.x, area.y, area.w * 0.6, STAKES_H))
    _deck_summary(c, chart, Rect(area.x + area.w * 0.62, area.y, area.w * 0.38, STAKES_H))
    draw_scale_bar(c, Rect(KEEP_OUT, KEEP_OUT, sheet.width / 2, mm(6)), False, 50)
    draw_page_label(c, Rect(KEEP_OUT, KEEP_OUT, sheet.width - 2 * KEEP_OUT, mm(4.5)), False, label)


def _title(c: Canvas, chart: DamageChart, area: Rect) -> float:
    c.setFillColor(INK)
    c.setFont(font(c, "display"), 22)
    c.drawString(area.x, area.y1 - mm(8), chart.title.upper())
    y = area.y1 - mm(11)
    if chart.instructions:
        text_x = area.x + mm(95)
        fitted = fit_text(chart.instructions, font(c, "body"), area.x1 - text_x, mm(13), 9, 6)
        draw_fitted(c, fitted, text_x, area.y1, area.x1 - text_x, "left")
        y = min(y, area.y1 - fitted.height - mm(2))
    return y


def _groups(chart: DamageChart) -> list[tuple[str, int, bool]]:
    """(heading, boxes, is a damage category) per column group; the laps come last."""
    groups = [(cat.label, cat.out, True) for cat in chart.categories]
    groups.append((chart.labels.laps, chart.laps, False))
    return groups


def table_cell(chart: DamageChart, sheet: Size) -> float:
    """The side of one tick box when the chart is drawn on `sheet` (compare with MIN_BOX)."""
    area = _area(sheet)
    return _cell(chart, area.w, area.h - STAKES_H - mm(8) - mm(15))


def _cell(chart: DamageChart, width: float, height: float) -> float:
    groups = _groups(chart)
    name_w = min(mm(62), width * 0.28)
    total_boxes = sum(n for _, n, _ in groups)
    row_h = min(mm(24), (height - mm(11)) / max(1, len(chart.chariots)))
    room = width - name_w - mm(5) * (len(groups) + 1)
    return min(mm(10), row_h * 0.62, room / total_boxes)


def _table(c: Canvas, chart: DamageChart, box: Rect) -> None:
    groups = _groups(chart)
    name_w = min(mm(62), box.w * 0.28)
    head_h = mm(11)
    rows = max(1, len(chart.chariots))
    row_h = min(mm(24), (box.h - head_h) / rows)
    cell = _cell(chart, box.w, box.h)
    least = min(mm(14), (box.w - name_w) / len(groups) * 0.8)
    group_w = [max(n * cell, least) for _, n, _ in groups]
    spare = box.w - name_w - sum(group_w)
    gap = spare / (len(groups))
    xs = []
    x = box.x + name_w + gap / 2
    for w in group_w:
        xs.append(x)
        x += w + gap
    # header
    head_y = box.y1 - head_h
    c.setFillColor(INK)
    c.setFont(font(c, "heading"), 9)
    draw_line_fitted(
        c, chart.labels.names, font(c, "heading"), 9, box.x, head_y + mm(3), name_w, "left"
    )
    words = chart.labels
    for (label, n, damage), gx, gw in zip(groups, xs, group_w, strict=True):
        room = gw + gap * 0.9  # a heading may use most of the gap to its neighbours
        left = gx + (gw - room) / 2
        draw_line_fitted(c, label.upper(), font(c, "heading"), 10.5, left, head_y + mm(5.5), room)
        sub = fill(words.out_note if damage else words.laps_note, n=n)
        draw_line_fitted(c, sub, font(c, "condensed"), 7, left, head_y + mm(1.8), room)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.line(box.x, head_y, box.x1, head_y)
    for i, chariot in enumerate(chart.chariots):
        y = head_y - (i + 1) * row_h
        if i % 2 == 0:
            c.setFillColor(SHADE)
            c.rect(box.x, y, box.w, row_h, stroke=0, fill=1)
        _name_cell(c, i + 1, chariot, Rect(box.x, y, name_w, row_h))
        for (_, n, damage), gx, gw in zip(groups, xs, group_w, strict=True):
            bx = gx + (gw - n * cell) / 2
            by = y + (row_h - cell) / 2
            for k in range(n):
                last = damage and k == n - 1
                box_at = Rect(bx + k * cell, by, cell, cell)
                _tick_box(c, box_at, words.out_mark if last else "", None if damage else k + 1)
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.line(box.x, y, box.x1, y)


def _name_cell(c: Canvas, number: int, chariot: Any, r: Rect) -> None:
    d = min(r.h * 0.62, mm(13))
    cx, cy = r.x + mm(2) + d / 2, r.cy
    c.setFillColor(colour(chariot.colour))
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.circle(cx, cy, d / 2, stroke=1, fill=1)
    c.setFillColor(ink_for(chariot.colour))
    c.setFont(font(c, "display"), d * 0.6)
    c.drawCentredString(cx, cy - d * 0.21, str(number))
    tx = cx + d / 2 + mm(2.5)
    c.setFillColor(INK)
    draw_line_fitted(
        c,
        chariot.name.upper(),
        font(c, "heading"),
        min(12, r.h * 0.4),
        tx,
        cy + mm(0.8),
        r.x1 - tx - mm(2),
        "left",
    )
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(tx, cy - mm(4.5), r.x1 - mm(3), cy - mm(4.5))


def _tick_box(c: Canvas, r: Rect, out: str, number: int | None) -> None:
    """One box; the last of a category is shaded and carries the `out` mark."""
    inset = r.w * 0.1
    b = r.inset(inset)
    c.setFillColor(OUT_FILL if out else white)
    c.setStrokeColor(black)
    c.setLineWidth(1.4 if out else 0.8)
    c.rect(b.x, b.y, b.w, b.h, stroke=1, fill=1)
    c.setFillColor(INK)
    if out:
        draw_line_fitted(c, out, font(c, "heading"), b.h * 0.36, b.x, b.y + b.h * 0.34, b.w)
    elif number is not None:
        c.setFillColor(Color(0.6, 0.6, 0.6))
        c.setFont(font(c, "heading"), b.h * 0.4)
        c.drawCentredString(b.cx, b.y + b.h * 0.32, str(number))


def _stakes(c: Canvas, chart: DamageChart, r: Rect) -> None:
    words = chart.labels
    c.setFillColor(INK)
    draw_line_fitted(c, words.table_title, font(c, "heading"), 11, r.x, r.y1 - mm(4), r.w, "left")
    draw_line_fitted(c, words.table_note, font(c, "body"), 7.5, r.x, r.y1 - mm(8), r.w, "left")
    n = len(chart.table)
    head_w = mm(22)
    col = min(mm(20), (r.w - head_w) / max(n, 1))
    y0 = r.y
    row = mm(8)
    mark = UNIT_MARKS.get(chart.key_unit, chart.key_unit)
    c.setLineWidth(0.6)
    c.setStrokeColor(INK)
    own = [n in chart.own_rows for n in range(len(chart.table))]
    star = ["*" if o else "" for o in own]
    for j, (label, values) in enumerate(
        (
            (
                words.table_key,
                [f"{s:g}{mark}{st}" for (s, _), st in zip(chart.table, star, strict=True)],
            ),
            (words.table_value, [str(k) for _, k in chart.table]),
        )
    ):
        y = y0 + row * (1 - j)
        c.setFillColor(INK if j == 0 else white)
        c.rect(r.x, y, head_w + col * n, row, stroke=1, fill=1)
        c.setFillColor(white if j == 0 else INK)
        draw_line_fitted(
            c, label, font(c, "heading"), 9, r.x + mm(2), y + mm(2.6), head_w - mm(3), "left"
        )
        for i, v in enumerate(values):
            x = r.x + head_w + i * col
            if own[i] and j == 1:  # the kit's own rows, shaded apart from the seed's
                c.setFillColor(SHADE)
                c.rect(x, y, col, row, stroke=0, fill=1)
                c.setFillColor(INK)
            c.line(x, y, x, y + row)
            c.setFont(font(c, "body" if own[i] else "heading"), 10 if own[i] else 12)
            c.drawCentredString(x + col / 2, y + mm(2.2), v)
    if any(own):
        c.setFillColor(INK)
        draw_line_fitted(
            c, words.own_rows, font(c, "body"), 7, r.x, y0 + 2 * row + mm(1.8), r.w, "left"
        )


def _deck_summary(c: Canvas, chart: DamageChart, r: Rect) -> None:
    """How many of the deck's cards tick each category: what a marshal can expect. Many
    categories share the band in columns, so the summary never runs off its band."""
    words = chart.labels
    c.setFillColor(INK)
    draw_line_fitted(c, words.summary_title, font(c, "heading"), 11, r.x, r.y1 - mm(4), r.w, "left")
    cats = chart.categories
    room = r.h - mm(10)  # from the first line's baseline down to the band's foot
    per_column = max(1, int(room // SUMMARY_MIN_STEP) + 1)
    columns = max(1, -(-len(cats) // per_column))
    rows = -(-len(cats) // columns) if cats else 1
    step = min(SUMMARY_STEP, room / max(rows - 1, 1))
    col_w = r.w / columns
    size = min(9.0, 9.0 * step / SUMMARY_STEP + 1.0)  # closer lines, smaller type
    for i, cat in enumerate(cats):
        col, row = divmod(i, rows)
        _summary_line(c, chart, cat, r.x + col * col_w, r.y1 - mm(10) - row * step, col_w, size)


def _summary_line(
    c: Canvas, chart: DamageChart, cat: Any, x: float, y: float, w: float, size: float
) -> None:
    """One category: its name, how many cards tick it, and its out limit, fitted to `w`."""
    words = chart.labels
    wide = w >= mm(80)  # one column: the counts line up as a table; narrow columns share
    name_w, count_w = (w * 0.3, w * 0.195) if wide else (w * 0.46, w * 0.26)
    draw_line_fitted(c, cat.label, font(c, "body"), size, x, y, name_w - mm(1), "left")
    count = fill(words.summary_cards, n=cat.cards)
    draw_line_fitted(c, count, font(c, "heading"), size, x + name_w, y, count_w - mm(1), "right")
    out = fill(words.summary_out, n=cat.out)
    left = x + name_w + count_w + mm(1)
    draw_line_fitted(
        c, out, font(c, "condensed"), size - 1, left, y, w - (left - x) - mm(1), "left"
    )
