"""Drawing a looped track from a Track model: bank, edge markers, track, central barrier, a
hole dug in the track and its ramp, finish and halfway lines, start grid. Every word printed
is a `labels` key of the track file (games/chariot_race/components/track/model.py, generic defaults).

`draw_track` draws in track coordinates (points, origin at the barrier's centre) into whatever
transform the caller set up, so the same drawing serves the reduced plan and the 1:1 tiles.
`px` is the size of one paper point in track units: line widths and lettering are multiplied
by it, so they look the same at any scale.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.api import Rect, colour, font
from printkit.games.chariot_race.components.bases.draw import ink_for
from printkit.games.chariot_race.components.track.model import Track

BANK = Color(0.80, 0.75, 0.64)
SAND = Color(0.96, 0.92, 0.82)
CENTRE = Color(0.55, 0.51, 0.44)  # the barrier the track runs round
PIT = Color(0.22, 0.2, 0.18)
RAMP = Color(0.68, 0.68, 0.68)
INK = Color(0.1, 0.09, 0.08)


def loop_path(c: Canvas, track: Track, r: float) -> Any:
    """The stadium shape at distance r from the turn centres."""
    s = track.straight / 2
    p = c.beginPath()
    p.moveTo(-s, -r)
    p.lineTo(s, -r)
    p.arcTo(s - r, -r, s + r, r, -90, 180)
    p.lineTo(-s, r)
    p.arcTo(-s - r, -r, -s + r, r, 90, 180)
    p.close()
    return p


def draw_track(
    c: Canvas,
    track: Track,
    px: float,
    grid: list[tuple[Rect, str, str]],
    background: Rect | None = None,
) -> None:
    """The whole playing area. `grid`: (slot, number, colour) for each start position."""
    c.saveState()
    if background is not None:
        c.setFillColor(white)
        c.rect(background.x, background.y, background.w, background.h, stroke=0, fill=1)
    c.setStrokeColor(INK)
    c.setLineWidth(0.8 * px)
    c.setFillColor(BANK)
    c.drawPath(loop_path(c, track, track.bank_radius), stroke=1, fill=1)
    _stadium(c, track, px)
    c.setFillColor(SAND)
    c.setLineWidth(1.2 * px)
    c.drawPath(loop_path(c, track, track.outer_radius), stroke=1, fill=1)
    c.setFillColor(CENTRE)
    c.drawPath(loop_path(c, track, track.inner_radius), stroke=1, fill=1)
    _spina_label(c, track, px)
    c.saveState()
    c.setStrokeColor(Color(0.45, 0.42, 0.36))
    c.setLineWidth(0.6 * px)
    c.setDash(6 * px, 4 * px)
    c.drawPath(loop_path(c, track, track.centre_radius), stroke=1, fill=0)
    c.restoreState()
    _stakes(c, track, px)
    _ring_labels(c, track, px)
    _pit(c, track, px)
    _lines(c, track, px)
    _grid(c, grid, px)
    _direction(c, track, px)
    c.restoreState()


def _label(
    c: Canvas, text: str, x: float, y: float, size: float, role: str = "heading", angle: float = 0
) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.setFont(font(c, role), size)
    c.drawCentredString(0, -size * 0.35, text)
    c.restoreState()


def _stadium(c: Canvas, track: Track, px: float) -> None:
    """Tiers of seats in the bank along the home straight."""
    if track.bank <= 0:
        return
    s = track.straight / 2
    c.saveState()
    c.setStrokeColor(Color(0.55, 0.5, 0.4))
    c.setLineWidth(0.5 * px)
    n = 4
    for i in range(1, n + 1):
        y = -track.outer_radius - track.bank * i / (n + 1)
        c.line(-s, y, s, y)
    c.setFillColor(INK)
    size = min(9 * px, track.bank * 0.5)
    _label(c, track.labels.stands, 0, -track.outer_radius - track.bank / 2, size)
    c.restoreState()


def _spina_label(c: Canvas, track: Track, px: float) -> None:
    c.setFillColor(white)
    size = min(14 * px, track.inner_radius * 0.5)
    _label(c, track.labels.barrier, 0, 0, size, "display")


def _stakes(c: Canvas, track: Track, px: float) -> None:
    c.saveState()
    c.setFillColor(black)
    r = max(1.3 * px, track.stake_spacing * 0.06)
    for x, y in track.stakes():
        c.circle(x, y, r, stroke=0, fill=1)
    c.restoreState()


def _ring_labels(c: Canvas, track: Track, px: float) -> None:
    """Name the bank and the ring of edge markers along the back straight."""
    c.setFillColor(INK)
    size = 6.5 * px
    words = track.labels
    if track.bank > size * 1.2:
        _label(c, words.bank, -track.straight / 4, track.outer_radius + track.bank / 2, size)
    _label(c, words.edge, -track.straight / 4, track.outer_radius - size * 1.3, size)


def _pit(c: Canvas, track: Track, px: float) -> None:
    ramp, pit = track.ramp_rect(), track.pit_rect()
    if ramp is None or pit is None:
        return
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.8 * px)
    c.setFillColor(RAMP)
    c.rect(ramp.x, ramp.y, ramp.w, ramp.h, stroke=1, fill=1)
    # chevrons up the ramp, in the direction of travel
    c.setStrokeColor(Color(0.5, 0.5, 0.5))
    c.setLineWidth(1.0 * px)
    steps = 3
    for i in range(steps):
        x = ramp.x + ramp.w * (i + 0.5) / (steps + 0.5)
        d = ramp.w / (steps + 1)
        c.line(x, ramp.y + ramp.h * 0.2, x + d, ramp.cy)
        c.line(x + d, ramp.cy, x, ramp.y1 - ramp.h * 0.2)
    c.setStrokeColor(INK)
    c.setFillColor(PIT)
    c.rect(pit.x, pit.y, pit.w, pit.h, stroke=1, fill=1)
    c.setFillColor(white)
    size = min(10 * px, pit.w * 0.3)
    _label(c, track.labels.hazard, pit.cx, pit.cy, size, angle=90 if pit.h > pit.w else 0)
    c.setFillColor(INK)
    _label(c, track.labels.ramp, ramp.cx, ramp.cy, min(7 * px, ramp.w * 0.45), angle=90)
    c.restoreState()


def _lines(c: Canvas, track: Track, px: float) -> None:
    """The finish line (chequered) and the halfway line (dashed), with their names."""
    y0, y1 = -track.outer_radius, -track.inner_radius
    x = track.finish_x
    n = 10
    cell = (y1 - y0) / n
    c.saveState()
    for col in range(2):
        for i in range(n):
            c.setFillColor(black if (i + col) % 2 else white)
            c.rect(x - (col + 1) * cell * 0.5, y0 + i * cell, cell * 0.5, cell, stroke=0, fill=1)
    c.setStrokeColor(black)
    c.setLineWidth(0.6 * px)
    c.rect(x - cell, y0, cell, y1 - y0, stroke=1, fill=0)
    c.setFillColor(INK)
    size = 7.5 * px
    _label(c, track.labels.finish, x - cell - size, (y0 + y1) / 2, size, angle=90)
    hx = track.halfway_x
    c.setLineWidth(2.2 * px)
    c.setDash(5 * px, 3 * px)
    c.line(hx, track.inner_radius, hx, track.outer_radius)
    c.setDash()
    _label(c, track.labels.halfway, hx + size * 1.1, track.centre_radius, size, angle=90)
    c.setFont(font(c, "condensed"), size * 0.8)
    c.restoreState()


def _grid(c: Canvas, grid: list[tuple[Rect, str, str]], px: float) -> None:
    c.saveState()
    for slot, number, hex_colour in grid:
        c.setFillColor(colour(hex_colour))
        c.setStrokeColor(INK)
        c.setLineWidth(0.7 * px)
        c.rect(slot.x, slot.y, slot.w, slot.h, stroke=1, fill=1)
        ink = ink_for(hex_colour)
        c.setFillColor(ink)
        # the front: a triangle at the leading end
        tip = slot.x1 - slot.h * 0.1
        p = c.beginPath()
        p.moveTo(tip, slot.cy)
        p.lineTo(tip - slot.h * 0.35, slot.cy + slot.h * 0.3)
        p.lineTo(tip - slot.h * 0.35, slot.cy - slot.h * 0.3)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        _label(c, number, slot.x + slot.w * 0.4, slot.cy, min(slot.h * 0.6, 12 * px), "display")
    c.restoreState()


def _direction(c: Canvas, track: Track, px: float) -> None:
    """Arrows round the centre line on both straights: the race runs anticlockwise."""
    c.saveState()
    c.setFillColor(Color(0.45, 0.42, 0.36))
    size = min(track.width * 0.12, 10 * px)
    quarter = math.pi * track.centre_radius / 2
    for d in (track.straight + quarter / 2, 2 * track.straight + 3 * quarter + quarter / 2):
        x, y, heading = track.point_at(d, track.centre_radius)
        t = math.radians(heading)
        p = c.beginPath()
        p.moveTo(x + size * math.cos(t), y + size * math.sin(t))
        nx, ny = -math.sin(t), math.cos(t)
        bx, by = x - size * math.cos(t), y - size * math.sin(t)
        p.lineTo(bx + nx * size * 0.6, by + ny * size * 0.6)
        p.lineTo(bx - nx * size * 0.6, by - ny * size * 0.6)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def arrow(c: Canvas, x: float, y: float, direction_deg: float, size: float) -> None:
    """A small filled arrowhead with its tip at (x, y)."""
    t = math.radians(direction_deg)
    bx, by = x - size * math.cos(t), y - size * math.sin(t)
    nx, ny = -math.sin(t) * size * 0.35, math.cos(t) * size * 0.35
    p = c.beginPath()
    p.moveTo(x, y)
    p.lineTo(bx + nx, by + ny)
    p.lineTo(bx - nx, by - ny)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
