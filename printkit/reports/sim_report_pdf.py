"""A simulation report (printkit.reports.sim_report.SimReport) drawn as one A4 page: the headline
figures, bar charts, and the model of play in small print. Generic: every word comes from the
report. Hand-drawn bars in our embedded fonts, so the PDF embeds no Helvetica.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.colour import colour
from printkit.draw.fonts import font, shipped_font
from printkit.draw.text import draw_line_fitted, wrap
from printkit.reports.sim_report import Chart, SimReport, fmt

PAGE = (210 * mm, 297 * mm)
MARGIN = 14 * mm
INK = "#1d1a16"
MUTED = "#6b6259"
BAR = "#7a1f12"
MARK = "#1f4e9c"
RULE = "#d8d0c4"


def draw_page(c: Canvas, report: SimReport) -> None:
    width, height = PAGE
    inner = width - 2 * MARGIN
    y = height - MARGIN
    c.setFillColor(colour(INK))
    draw_line_fitted(c, report.title, font(c, "display"), 20, MARGIN, y - 18, inner, "left")
    c.setFillColor(colour(MUTED))
    sub = report.heading().split(": ", 1)[-1]
    draw_line_fitted(c, sub, font(c, "body"), 9.5, MARGIN, y - 31, inner, "left")
    y -= 40
    y = _figures(c, report, MARGIN, y, inner)
    footer_top = _footer_height(report, inner) + MARGIN
    _chart_grid(c, report.charts, MARGIN, footer_top + 6 * mm, inner, y - 4 * mm)
    _footer(c, report, MARGIN, footer_top, inner)


def _figures(c: Canvas, report: SimReport, x: float, top: float, width: float) -> float:
    """The headline numbers in two columns; returns the y below them."""
    rows = report.figures
    half = (len(rows) + 1) // 2
    col_w = (width - 6 * mm) / 2
    line = 11.5
    c.setStrokeColor(colour(RULE))
    c.setLineWidth(0.6)
    c.line(x, top, x + width, top)
    for i, fig in enumerate(rows):
        cx = x + (i // half) * (col_w + 6 * mm)
        cy = top - 10 - (i % half) * (line + 7)
        c.setFillColor(colour(MUTED))
        draw_line_fitted(c, fig.label, font(c, "condensed"), 8, cx, cy, col_w * 0.45, "left")
        c.setFillColor(colour(INK))
        draw_line_fitted(
            c, fig.value, font(c, "heading"), 10.5, cx + col_w * 0.46, cy, col_w * 0.54, "left"
        )
        if fig.note:
            c.setFillColor(colour(MUTED))
            draw_line_fitted(
                c, fig.note, font(c, "italic"), 6.8, cx + col_w * 0.46, cy - 8, col_w * 0.54, "left"
            )
    bottom = top - 10 - half * (line + 7)
    c.line(x, bottom, x + width, bottom)
    return bottom


def _chart_grid(
    c: Canvas, charts: list[Chart], x: float, bottom: float, width: float, top: float
) -> None:
    if not charts:
        return
    cols = 2 if len(charts) > 1 else 1
    rows = (len(charts) + cols - 1) // cols
    gap = 8 * mm
    cell_w = (width - (cols - 1) * gap) / cols
    cell_h = min(80 * mm, (top - bottom - (rows - 1) * gap) / rows)
    for i, chart in enumerate(charts):
        cx = x + (i % cols) * (cell_w + gap)
        cy = top - (i // cols + 1) * cell_h - (i // cols) * gap
        draw_chart(c, chart, cx, cy, cell_w, cell_h)


def draw_chart(c: Canvas, chart: Chart, x: float, y: float, w: float, h: float) -> None:
    """One bar chart in the box (x, y) lower-left, w x h: title, bars, value and axis labels."""
    c.setFillColor(colour(INK))
    draw_line_fitted(c, chart.title, font(c, "heading"), 10, x, y + h - 10, w, "left")
    c.setFillColor(colour(MUTED))
    draw_line_fitted(c, chart.unit, font(c, "condensed"), 7, x, y + h - 19, w, "left")
    plot_top, plot_bottom = y + h - 32, y + 20
    n = len(chart.values)
    if not n:
        draw_line_fitted(
            c, "nothing to show", font(c, "italic"), 8, x, (plot_top + plot_bottom) / 2, w
        )
        return
    top = max(chart.values) or 1.0
    slot = w / n
    bar_w = slot * 0.72
    c.setStrokeColor(colour(RULE))
    c.setLineWidth(0.6)
    c.line(x, plot_bottom, x + w, plot_bottom)
    every = max(1, -(-n // max(1, int(w / 18))))  # label every bar while they fit
    for i, (label, value) in enumerate(zip(chart.labels, chart.values, strict=True)):
        bx = x + i * slot + (slot - bar_w) / 2
        bh = (plot_top - plot_bottom) * value / top
        c.setFillColor(colour(BAR))
        c.rect(bx, plot_bottom, bar_w, bh, stroke=0, fill=1)
        c.setFillColor(colour(INK))
        if n <= 12 or value == top:
            draw_line_fitted(
                c, fmt(value), font(c, "condensed"), 6.5, bx - 4, plot_bottom + bh + 2, bar_w + 8
            )
        if i % every == 0:
            c.setFillColor(colour(MUTED))
            draw_line_fitted(
                c, label, font(c, "condensed"), 6.5, x + i * slot, plot_bottom - 9, slot * every
            )
    c.setFillColor(colour(MUTED))
    draw_line_fitted(c, chart.axis, font(c, "italic"), 7, x, y + 2, w)
    if chart.mark is not None:
        _mark(c, chart, x, slot, plot_bottom, plot_top)


def _mark(c: Canvas, chart: Chart, x: float, slot: float, bottom: float, top: float) -> None:
    """A dashed line where chart.mark falls among the (numeric) labels."""
    if chart.mark is None:
        return
    mark: float = chart.mark
    pos = None
    for i, label in enumerate(chart.labels):
        lo, _, hi = label.partition("-")
        if float(lo) <= mark <= float(hi or lo):
            pos = x + (i + 0.5) * slot
    if pos is None:
        first = float(chart.labels[0].partition("-")[0])
        pos = x if mark < first else x + len(chart.labels) * slot
    c.setStrokeColor(colour(MARK))
    c.setDash(3, 2)
    c.line(pos, bottom, pos, top + 4)
    c.setDash()
    c.setFillColor(colour(MARK))
    c.setFont(font(c, "condensed"), 7)
    text = f"{mark:g} {chart.mark_label}"
    c.drawString(pos + 2, top - 4, text)


def _notes(report: SimReport) -> list[str]:
    return ["Model of play: " + report.policy] + ["• " + a for a in report.assumptions]


def _footer_height(report: SimReport, width: float) -> float:
    lines = sum(len(wrap(n, shipped_font("body"), 6.8, width) or [n]) for n in _notes(report))
    return lines * 8.4 + 6


def _footer(c: Canvas, report: SimReport, x: float, top: float, width: float) -> None:
    c.setStrokeColor(colour(RULE))
    c.line(x, top, x + width, top)
    c.setFillColor(colour(MUTED))
    c.setFont(font(c, "body"), 6.8)
    y = top - 9
    for note in _notes(report):
        for line in wrap(note, font(c, "body"), 6.8, width) or [note]:
            c.drawString(x, y, line)
            y -= 8.4
