"""Drawing the damage chart: a title, the chariot rows of tick boxes, the outer-stakes table.

Sizes follow the page and the data (more categories or chariots make smaller boxes), so that a
new category in the deck needs no change here.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.bases import ink_for
from printkit.draw.colour import colour
from printkit.draw.fonts import font
from printkit.draw.sheet import draw_page_label, draw_scale_bar
from printkit.draw.text import draw_fitted, draw_line_fitted, fit_text
from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT
from printkit.layout.sizes import Size
from printkit.layout.units import mm
from printkit.model.damage_chart import DamageChart

INK = Color(0.1, 0.09, 0.08)
RULE = Color(0.55, 0.55, 0.55)
SHADE = Color(0.9, 0.9, 0.9)
OUT_FILL = Color(0.78, 0.78, 0.78)
UNIT_MARKS = {"in": "″"}


def page(c: Canvas, sheet: Size, chart: DamageChart, label: str) -> None:
    area = Rect(KEEP_OUT + mm(3), KEEP_OUT + mm(9), sheet.width - 2 * KEEP_OUT - mm(6), 0)
    top = sheet.height - KEEP_OUT - mm(3)
    area = Rect(area.x, area.y, area.w, top - area.y)
    y = _title(c, chart, area)
    stakes_h = mm(30)
    table = Rect(area.x, area.y + stakes_h + mm(4), area.w, y - mm(4) - (area.y + stakes_h + mm(4)))
    _table(c, chart, table)
    _stakes(c, chart, Rect(area.x, area.y, area.w * 0.6, stakes_h))  # left of the summary
    _deck_summary(c, chart, Rect(area.x + area.w * 0.62, area.y, area.w * 0.38, stakes_h))
    draw_scale_bar(c, Rect(KEEP_OUT, KEEP_OUT, sheet.width / 2, mm(6)), False, 50)
    draw_page_label(c, Rect(KEEP_OUT, KEEP_OUT, sheet.width - 2 * KEEP_OUT, mm(4.5)), False, label)


def _title(c: Canvas, chart: DamageChart, area: Rect) -> float:
    c.setFillColor(INK)
    c.setFont(font("display"), 22)
    c.drawString(area.x, area.y1 - mm(8), chart.title.upper())
    y = area.y1 - mm(11)
    if chart.instructions:
        text_x = area.x + mm(95)
        fitted = fit_text(chart.instructions, font("body"), area.x1 - text_x, mm(13), 9, 6)
        draw_fitted(c, fitted, text_x, area.y1, area.x1 - text_x, "left")
        y = min(y, area.y1 - fitted.height - mm(2))
    return y


def _table(c: Canvas, chart: DamageChart, box: Rect) -> None:
    groups = [(cat.label, cat.out, True) for cat in chart.categories]
    groups.append(("Laps", chart.laps, False))
    name_w = min(mm(62), box.w * 0.28)
    total_boxes = sum(n for _, n, _ in groups)
    pad = mm(5)
    head_h = mm(11)
    rows = max(1, len(chart.chariots))
    row_h = min(mm(24), (box.h - head_h) / rows)
    cell = min(mm(10), row_h * 0.62, (box.w - name_w - pad * (len(groups) + 1)) / total_boxes)
    group_w = [max(n * cell, mm(14)) for _, n, _ in groups]
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
    c.setFont(font("heading"), 9)
    c.drawString(box.x, head_y + mm(3), "CHARIOT  ·  CHARIOTEER")
    for (label, n, damage), gx, gw in zip(groups, xs, group_w, strict=True):
        c.setFont(font("heading"), 10.5)
        c.drawCentredString(gx + gw / 2, head_y + mm(5.5), label.upper())
        c.setFont(font("condensed"), 7)
        sub = f"{n} = out" if damage else f"{n} laps to race"
        c.drawCentredString(gx + gw / 2, head_y + mm(1.8), sub)
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
                _tick_box(c, Rect(bx + k * cell, by, cell, cell), last, None if damage else k + 1)
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.line(box.x, y, box.x1, y)


def _name_cell(c: Canvas, number: int, chariot, r: Rect) -> None:
    d = min(r.h * 0.62, mm(13))
    cx, cy = r.x + mm(2) + d / 2, r.cy
    c.setFillColor(colour(chariot.colour))
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.circle(cx, cy, d / 2, stroke=1, fill=1)
    c.setFillColor(ink_for(chariot.colour))
    c.setFont(font("display"), d * 0.6)
    c.drawCentredString(cx, cy - d * 0.21, str(number))
    tx = cx + d / 2 + mm(2.5)
    c.setFillColor(INK)
    draw_line_fitted(
        c,
        chariot.name.upper(),
        font("heading"),
        min(12, r.h * 0.4),
        tx,
        cy + mm(0.8),
        r.x1 - tx - mm(2),
        "left",
    )
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(tx, cy - mm(4.5), r.x1 - mm(3), cy - mm(4.5))


def _tick_box(c: Canvas, r: Rect, out: bool, number: int | None) -> None:
    inset = r.w * 0.1
    b = r.inset(inset)
    c.setFillColor(OUT_FILL if out else white)
    c.setStrokeColor(black)
    c.setLineWidth(1.4 if out else 0.8)
    c.rect(b.x, b.y, b.w, b.h, stroke=1, fill=1)
    c.setFillColor(INK)
    if out:
        draw_line_fitted(c, "OUT", font("heading"), b.h * 0.36, b.x, b.y + b.h * 0.34, b.w)
    elif number is not None:
        c.setFillColor(Color(0.6, 0.6, 0.6))
        c.setFont(font("heading"), b.h * 0.4)
        c.drawCentredString(b.cx, b.y + b.h * 0.32, str(number))


def _stakes(c: Canvas, chart: DamageChart, r: Rect) -> None:
    c.setFillColor(INK)
    c.setFont(font("heading"), 11)
    c.drawString(r.x, r.y1 - mm(4), "HIT THE OUTER STAKES: CARDS LOST")
    c.setFont(font("body"), 7.5)
    c.drawString(
        r.x, r.y1 - mm(8), "from the hand, then from the deck; each card's crash effect applies."
    )
    n = len(chart.stakes)
    head_w = mm(22)
    col = min(mm(20), (r.w - head_w) / max(n, 1))
    y0 = r.y
    row = mm(8)
    mark = UNIT_MARKS.get(chart.speed_unit, chart.speed_unit)
    c.setLineWidth(0.6)
    c.setStrokeColor(INK)
    for j, (label, values) in enumerate(
        (
            ("SPEED", [f"{s:g}{mark}" for s, _ in chart.stakes]),
            ("CARDS", [str(k) for _, k in chart.stakes]),
        )
    ):
        y = y0 + row * (1 - j)
        c.setFillColor(INK if j == 0 else white)
        c.rect(r.x, y, head_w + col * n, row, stroke=1, fill=1)
        c.setFillColor(white if j == 0 else INK)
        c.setFont(font("heading"), 9)
        c.drawString(r.x + mm(2), y + mm(2.6), label)
        c.setFont(font("heading"), 12)
        for i, v in enumerate(values):
            x = r.x + head_w + i * col
            c.line(x, y, x, y + row)
            c.drawCentredString(x + col / 2, y + mm(2.2), v)


def _deck_summary(c: Canvas, chart: DamageChart, r: Rect) -> None:
    """How many of the deck's cards tick each category: what a marshal can expect."""
    c.setFillColor(INK)
    c.setFont(font("heading"), 11)
    c.drawString(r.x, r.y1 - mm(4), "CRASH EFFECTS IN THIS DECK")
    y = r.y1 - mm(10)
    for cat in chart.categories:
        c.setFont(font("body"), 9)
        c.drawString(r.x, y, cat.label)
        c.setFont(font("heading"), 9)
        c.drawRightString(r.x + mm(50), y, f"{cat.cards} cards")
        c.setFont(font("condensed"), 8)
        c.drawString(r.x + mm(53), y, f"out at {cat.out}")
        y -= mm(4.6)
