"""The board's central barrier: a stone strip with turning posts at both ends, its label, and a
row of numbered slots per colour (`spina.cue_rows` in the board file).

A mixin of ArenaPainter (games/carthage/components/board/arena.py); its measures are the board's `layout` (barrier_row,
barrier_pad, barrier_inset, barrier_chip, slot_gap).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from printkit.api import Rect, colour, draw_line_fitted, font, shade, tint

if TYPE_CHECKING:
    from printkit.games.carthage.components.board.geometry import Arena
    from printkit.games.carthage.components.board.model import Board, CueRow, Palette


def luminance(hex_text: str) -> float:
    c = colour(hex_text)
    return float(0.299 * c.red + 0.587 * c.green + 0.114 * c.blue)


class ArenaBarrier:
    """The central barrier of a ring-track board and its slots."""

    arena: Arena
    board: Board
    palette: Palette

    def _spina_rect(self) -> Rect:
        a = self.arena
        rows = len(self.board.spina.cue_rows)
        lay = self.board.layout
        hgt = min(2 * a.inner_radius * 0.7, rows * lay.barrier_row + lay.barrier_pad)
        length = 2 * a.half_straight + a.inner_radius * 0.6
        return Rect(a.cx - length / 2, a.cy - hgt / 2, length, hgt)

    def _slot_rects(self) -> list[tuple[str, Rect]]:
        sp = self._spina_rect()
        rows = list(self.board.spina.cue_rows.items())
        lay = self.board.layout
        left = lay.barrier_inset + lay.barrier_chip + lay.slot_gap
        right = lay.barrier_inset + lay.slot_gap
        bottom, top = lay.barrier_inset, lay.barrier_pad / 2
        inner = Rect(sp.x + left, sp.y + bottom, sp.w - left - right, sp.h - bottom - top)
        half = lay.slot_gap / 2
        row_h = inner.h / len(rows)
        out = []
        for i, (cid, row) in enumerate(rows):
            y = inner.y1 - (i + 1) * row_h
            slot_w = inner.w / row.slots
            for k in range(row.slots):
                out.append(
                    (
                        cid,
                        Rect(
                            inner.x + k * slot_w + half,
                            y + half,
                            slot_w - lay.slot_gap,
                            row_h - lay.slot_gap,
                        ),
                    )
                )
        return out

    def _spina(self, c: Canvas) -> None:
        """The barrier: its slab and end posts, its label, then one row of slots per colour."""
        sp = self._spina_rect()
        self._slab(c, sp)
        c.setFillColor(colour(self.palette.ink))
        c.setFont(font(c, "heading"), 8)
        barrier = self.board.spina
        label = " · ".join(part for part in (barrier.label, barrier.subtitle) if part)
        c.drawCentredString(sp.cx, sp.y1 - self.board.layout.barrier_pad * 0.36, label)
        slots = self._slot_rects()
        for cid, row in self.board.spina.cue_rows.items():
            self._slot_row(c, sp, row, [rect for k, rect in slots if k == cid])

    def _slab(self, c: Canvas, sp: Rect) -> None:
        """The stone slab with its shadow, and three turning posts on a plinth at each end."""
        lay = self.board.layout
        e = lay.barrier_inset * 0.375  # the shadow's reach
        stone = colour(self.palette.stone)
        c.setFillColor(shade(self.palette.stone, 0.25))
        c.roundRect(
            sp.x - e, sp.y - e, sp.w + 2 * e, sp.h + 2 * e, lay.barrier_inset, stroke=0, fill=1
        )
        c.setFillColor(stone)
        c.setStrokeColor(colour(self.palette.ink))
        c.setLineWidth(0.8)
        c.roundRect(sp.x, sp.y, sp.w, sp.h, lay.barrier_inset * 0.75, stroke=1, fill=1)
        for side in (-1, 1):
            mx = sp.cx + side * (sp.w / 2 + e)
            r = min(sp.h * 0.32, lay.barrier_row * 0.75)
            p = c.beginPath()
            p.moveTo(mx, sp.cy - r)
            p.arcTo(mx - r, sp.cy - r, mx + r, sp.cy + r, -90, 180 if side > 0 else -180)
            p.close()
            c.setFillColor(stone)
            c.setStrokeColor(colour(self.palette.ink))
            c.setLineWidth(0.8)
            c.drawPath(p, stroke=1, fill=1)
            for k in (-1, 0, 1):
                t = math.radians(k * 50)
                px = mx + side * r * 0.5 * math.cos(t)
                py = sp.cy + r * 0.55 * math.sin(t)
                self._cone(c, px, py, r * 0.22)

    def _slot_row(self, c: Canvas, sp: Rect, row: CueRow, slots: list[Rect]) -> None:
        """A colour's chip with its name, then its slots numbered I, II, III..."""
        lay = self.board.layout
        first = slots[0]
        chip = Rect(sp.x + lay.barrier_inset, first.y, lay.barrier_chip, first.h)
        c.setFillColor(colour(row.colour))
        c.setStrokeColor(colour(self.palette.ink))
        c.setLineWidth(0.6)
        c.roundRect(chip.x, chip.y, chip.w, chip.h, lay.barrier_inset * 0.375, stroke=1, fill=1)
        c.setFillColor(colour(self.palette.ink) if luminance(row.colour) > 0.55 else white)
        left, width = chip.x + lay.slot_gap / 2, chip.w - lay.slot_gap
        draw_line_fitted(c, row.label, font(c, "heading"), 8.5, left, chip.cy - 3, width)
        pale = luminance(row.colour) >= 0.8
        for k, slot in enumerate(slots, start=1):
            c.setFillColor(tint(row.colour, 0.78))
            c.setStrokeColor(colour(self.palette.ink) if pale else colour(row.colour))
            c.setLineWidth(0.9)
            c.setDash(2, 1.2)
            c.roundRect(slot.x, slot.y, slot.w, slot.h, lay.slot_gap * 0.6, stroke=1, fill=1)
            c.setDash()
            c.setFillColor(colour(self.palette.ink) if pale else shade(row.colour, 0.3))
            c.setFont(font(c, "heading"), 6.5)
            c.drawCentredString(slot.cx, slot.cy - 2.2, _roman(k))

    def _cone(self, c: Canvas, x: float, y: float, r: float) -> None:
        """A turning post seen from above: a dark cone with a light tip."""
        c.setFillColor(colour(self.palette.wall))
        c.setStrokeColor(colour(self.palette.ink))
        c.setLineWidth(0.5)
        c.circle(x, y, r, stroke=1, fill=1)
        c.setFillColor(tint(self.palette.stone, 0.4))
        c.circle(x, y, r * 0.35, stroke=0, fill=1)


def _roman(n: int) -> str:
    numerals = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for value, letters in numerals:
        while n >= value:
            out += letters
            n -= value
    return out
