"""Drawing a movement-and-turning template piece: the strip, its ticks, its speed, its fans.

A piece is drawn with the strip running left to right (the direction of travel), so the
model's left is up the page. Its fans sit beside the END of the strip: the upper one for
turns to the left, pivoting on the left rear corner, the lower one for turns to the right.
A fan line at angle a is where the model's rear edge, extended past the pivot, lies after a
turn of a degrees. Everything is measured from the template data; nothing here is a game rule.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.api import Rect, draw_line_fitted, fill, font, fonts_of, mm, role_font, text_width
from printkit.games.chariot_race.components.templates.model import Piece, Strip, Templates

PAPER = Color(0.985, 0.965, 0.92)
FAN_FILL = Color(0.9, 0.9, 0.9)
OVERLAP_FILL = Color(0.72, 0.72, 0.72)
INK = Color(0.1, 0.09, 0.08)
WING_EXTRA = mm(6)  # the rim of the fan beyond its lines, holding the angle labels
UNIT_MARKS = {"in": "″", "cm": " cm", "mm": " mm"}
END_WORD = mm(4.8)  # START / END / OVER PIECE n from the cut: the text 3 mm inside it


def fan_angle(t: Templates, strip: Strip) -> float:
    """The fan drawn for a strip: its largest turn, no more than the template can show."""
    return min(strip.fan, t.spec.fan.max)


def speed_text(t: Templates, strip: Strip) -> str:
    return f"{strip.speed:g}{UNIT_MARKS.get(t.unit, ' ' + t.unit)}"


def instructions(c: Canvas, band: Rect, title: str, t: Templates) -> None:
    """The sheet's heading and the two how-to lines (the `labels` move_help and turn_help)."""
    c.saveState()
    c.setFillColor(INK)
    c.setFont(font(c, "heading"), 12)
    c.drawString(band.x, band.y1 - mm(4.5), title.upper())
    c.setFont(font(c, "body"), 7.4)
    lines = [line for line in (t.spec.labels.move_help, t.spec.labels.turn_help) if line]
    for i, line in enumerate(lines):
        draw_line_fitted(
            c, line, font(c, "body"), 7.4, band.x, band.y1 - mm(8) - i * 9.2, band.w, "left"
        )
    c.restoreState()


def piece(c: Canvas, t: Templates, p: Piece, x: float, y: float) -> None:
    """Draw piece `p` with its footprint's bottom-left corner at (x, y)."""
    angle = fan_angle(t, p.strip)
    wings = p.last and angle > 0
    r = t.spec.fan.radius + WING_EXTRA if wings else 0.0
    c.saveState()
    c.translate(x - p.start, y + r)  # strip coordinates: x along the strip, y across it
    _body(c, t, p)
    if p.number > 1:
        _overlap(c, t, p)
    _ticks(c, t, p)
    _labels(c, t, p, angle)
    if wings:
        length = p.strip.length
        _fan(c, t, length, t.width, angle, +1)
        _fan(c, t, length, 0.0, angle, -1)
    c.restoreState()


def _body(c: Canvas, t: Templates, p: Piece) -> None:
    c.setFillColor(PAPER)
    c.setStrokeColor(black)
    c.setLineWidth(0.8)
    c.rect(p.start, 0, p.end - p.start, t.width, stroke=1, fill=1)


def _overlap(c: Canvas, t: Templates, p: Piece) -> None:
    """The zone the previous piece covers, and the line its end must meet."""
    o = t.spec.overlap
    c.setFillColor(OVERLAP_FILL)
    c.rect(p.start, 0, o, t.width, stroke=0, fill=1)
    join = p.start + o
    c.setStrokeColor(black)
    c.setLineWidth(1.2)
    c.line(join, 0, join, t.width)
    for y, d in ((0, 1), (t.width, -1)):
        _triangle(c, join, y, d)
    c.saveState()
    c.translate(p.start + o / 2, t.width / 2)
    c.rotate(90)
    c.setFillColor(INK)
    room = t.width - 2 * (t.spec.ticks.whole + mm(1))  # between the ticks on the two edges
    words = t.spec.labels
    lines = (fill(words.covered, n=p.number - 1), fill(words.covered_2, n=p.number - 1))
    for line, dy in zip(lines, (mm(0.6), -mm(3.2)), strict=True):
        draw_line_fitted(c, line, font(c, "heading"), 7, -room / 2, dy, room)
    c.restoreState()


def _to_next(c: Canvas, t: Templates, p: Piece) -> None:
    """At the end of a piece that is not the last: which piece it is taped over."""
    c.setFillColor(INK)
    word = fill(t.spec.labels.to_next, n=p.number + 1)
    _side_word(c, p.end - END_WORD, t.width / 2, word, t.width)


def _triangle(c: Canvas, x: float, y: float, direction: int) -> None:
    s = mm(2.2)
    path = c.beginPath()
    path.moveTo(x, y + direction * s)
    path.lineTo(x - s * 0.6, y)
    path.lineTo(x + s * 0.6, y)
    path.close()
    c.setFillColor(black)
    c.drawPath(path, stroke=0, fill=1)


def _ticks(c: Canvas, t: Templates, p: Piece) -> None:
    """Quarter, half and whole unit ticks on both long edges; whole units numbered."""
    unit = t.unit_points
    ticks = t.spec.ticks
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    i = math.ceil(p.start / (unit / 4) - 1e-9)
    while i * unit / 4 <= p.end + 1e-6:
        x = i * unit / 4
        if i % 4 == 0:
            size, width = ticks.whole, 0.8
        elif i % 2 == 0:
            size, width = ticks.half, 0.5
        else:
            size, width = ticks.quarter, 0.4
        if size > 0 and 1e-6 < x < p.strip.length - 1e-6:
            c.setLineWidth(width)
            c.line(x, 0, x, size)
            c.line(x, t.width, x, t.width - size)
            covered = t.spec.overlap if p.number > 1 else 0.0  # the zone keeps its ticks only
            if i % 4 == 0 and x - p.start > covered + mm(3) and p.end - x > mm(3):
                c.setFont(font(c, "heading"), 8)
                c.drawCentredString(x, ticks.whole + mm(0.8), f"{i // 4}")
                c.drawCentredString(x, t.width - ticks.whole - mm(3.6), f"{i // 4}")
        i += 1


def _labels(c: Canvas, t: Templates, p: Piece, angle: float) -> None:
    w = t.width
    length = p.strip.length
    band_lo = t.spec.ticks.whole + mm(4.5)
    band_hi = w - t.spec.ticks.whole - mm(4.5)
    words = t.spec.labels
    c.setFillColor(INK)
    if p.number == 1:
        _side_word(c, p.start + END_WORD, w / 2, words.start, w)
    if p.last:
        _side_word(c, length - END_WORD, w / 2, words.end, w)
    else:
        _to_next(c, t, p)
    # the speed, large, in the free band between the tick numbers
    left = p.start + (t.spec.overlap if p.number > 1 else 0) + mm(8)
    right = p.end - mm(8)
    if right - left < mm(12):
        return
    text = speed_text(t, p.strip)
    size = min((band_hi - band_lo) * 1.3, mm(24))
    size = min(size, (right - left) * 0.5 / max(text_width(text, font(c, "display"), 1), 1e-6))
    c.setFont(font(c, "display"), size)
    base = band_lo + ((band_hi - band_lo) - size * 0.72) / 2
    mid = (left + right) / 2
    tw = text_width(text, font(c, "display"), size)
    c.drawCentredString(mid - mm(14) if right - left > tw + mm(60) else mid, base, text)
    if right - left > tw + mm(60):
        note = words.straight if angle <= 0 else fill(words.turn_up_to, angle=f"{angle:g}")
        extra = fill(words.piece_of, n=p.number, of=p.of) if p.of > 1 else words.move
        c.setFont(font(c, "heading"), 8)
        x_note = mid - mm(14) + tw / 2 + mm(4)
        c.drawString(x_note, base + size * 0.42, extra)
        c.drawString(x_note, base + size * 0.42 - mm(3.8), note)
    elif p.of > 1:
        c.setFont(font(c, "heading"), 7)
        c.drawCentredString(mid, band_lo - mm(0.5), fill(words.piece_of, n=p.number, of=p.of))


def _side_word(c: Canvas, x: float, y: float, word: str, w: float) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(90)
    c.setFont(font(c, "heading"), 7.5)
    c.drawCentredString(0, -mm(1), word)
    c.restoreState()


def _fan(c: Canvas, t: Templates, x: float, y: float, angle: float, side: int) -> None:
    """A fan beside the END, pivoting on the corner (x, y); side +1 turns left, -1 right.

    Its 0 degree line continues the END line outward; the line for a turn of a degrees leans
    back along the strip by a degrees. The wedge reaches WING_EXTRA past the lines, so the
    angle labels and the turn's direction sit on the part that is cut out and kept.
    """
    f = t.spec.fan
    r = f.radius
    outer = r + WING_EXTRA
    start = 90 if side > 0 else 270 - angle  # reportlab arcs run anticlockwise from `start`
    c.saveState()
    c.setFillColor(FAN_FILL)
    c.setStrokeColor(black)
    c.setLineWidth(0.8)
    path = c.beginPath()
    path.moveTo(x, y)
    path.arcTo(x - outer, y - outer, x + outer, y + outer, start, angle)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    c.setLineWidth(0.4)
    c.arc(x - r, y - r, x + r, y + r, start, angle)
    lines = []
    a = 0.0
    while a <= angle + 1e-6:
        lines.append(a)
        direction = math.radians(90 + a if side > 0 else 270 - a)
        c.setStrokeColor(INK)
        c.setLineWidth(0.9 if a in (0, angle) else 0.6)
        c.line(x, y, x + r * math.cos(direction), y + r * math.sin(direction))
        a += f.step
    for a, shown in _label_spots(lines, angle, r + WING_EXTRA / 2, fonts_of(c)):
        _angle_label(c, x, y, r + WING_EXTRA / 2, a, shown, side)
    c.setFillColor(black)
    c.setStrokeColor(white)
    c.setLineWidth(0.8)
    c.circle(x, y, mm(1.6), stroke=1, fill=1)
    word = t.spec.labels.turn_left if side > 0 else t.spec.labels.turn_right
    _turn_word(c, x, y, r, min(f.step, angle) / 2, side, word)
    c.restoreState()


def _turn_word(
    c: Canvas, x: float, y: float, r: float, between: float, side: int, word: str
) -> None:
    """The turn's direction inside the fan, along the ray `between` degrees from its 0 line
    (between the first two lines), starting where the wedge is wide enough for the letters."""
    size = 7.0
    half = size * 0.5
    near = max(mm(5), (half + mm(0.6)) / max(math.sin(math.radians(between)), 1e-6))
    room = r - mm(2) - near
    if room < text_width(word, font(c, "heading"), 5.0):
        return  # too narrow a fan: the strip's own TURN UP TO note still says it
    direction = 90 + between if side > 0 else 270 - between
    c.saveState()
    c.translate(x, y)
    c.rotate(direction if side > 0 else direction - 180)
    c.setFillColor(INK)
    # left fan: text reads outward from the pivot; right fan: inward, so both read upward
    x0 = near if side > 0 else -near - room
    draw_line_fitted(c, word, font(c, "heading"), size, x0, -half * 0.72, room, "left", 5.0)
    c.restoreState()


LABEL_SIZE = 7.5


def _label_spots(
    lines: list[float], angle: float, radius: float, fonts: Mapping[str, str] | None = None
) -> list[tuple[float, float]]:
    """(angle, where its label goes) for the labels that fit: the first and last lines' labels
    are nudged inward so no letter hangs over the wedge's straight edges; a label that would
    then touch one already placed (first, last, then the rest in order) is left out."""
    spots: list[tuple[float, float, float]] = []  # (angle, shown at, half its width in degrees)
    order = lines[:1] + lines[-1:] + lines[1:-1] if len(lines) > 1 else lines
    for a in order:
        hw = text_width(f"{a:g}°", role_font(fonts or {}, "heading"), LABEL_SIZE) / 2 + mm(0.4)
        hh = LABEL_SIZE * 0.36 + mm(0.4)
        # clearance needed across the ray (the ray at a degrees runs at 90 + a from +x)
        across = hw * abs(math.cos(math.radians(a))) + hh * abs(math.sin(math.radians(a)))
        half = math.degrees(math.asin(min(1.0, across / radius)))
        shown = min(max(a, half), max(angle - half, half))
        if all(abs(shown - at) >= half + other for _, at, other in spots):
            spots.append((a, shown, half))
    return sorted((a, shown) for a, shown, _ in spots)


def _angle_label(  # noqa: PLR0913
    c: Canvas, x: float, y: float, radius: float, a: float, shown: float, side: int
) -> None:
    """The label of the line at `a` degrees, in the wedge's rim at `shown` degrees."""
    direction = math.radians(90 + shown if side > 0 else 270 - shown)
    lx = x + math.cos(direction) * radius
    ly = y + math.sin(direction) * radius - LABEL_SIZE * 0.35
    c.setFont(font(c, "heading"), LABEL_SIZE)
    c.setFillColor(INK)
    c.drawCentredString(lx, ly, f"{a:g}°")
