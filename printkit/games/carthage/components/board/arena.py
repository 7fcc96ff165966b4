"""Drawing a ring-track board: wall, lanes of squares with symbols, the central barrier with its
rows of slots, legend.

Everything comes from the board model (games/carthage/components/board/model.py): its words (`labels`), its measures
(`layout`, with the generic defaults of model.board.ArenaLayout) and the arena geometry
(games/carthage/components/board/geometry.py). Symbols are drawn in each square's own frame: +x is the direction of travel,
+y points to the inside of the ring, so letters read upright from the nearest edge of the board.
`avoid()` lists every symbol, badge, slot and legend entry, for the tiler's seams to miss.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.api import (
    BUILTIN,
    Colours,
    IconLibrary,
    Rect,
    arrow_head,
    colour,
    draw_emblem,
    draw_line_fitted,
    font,
    shade,
    tint,
)
from printkit.games.carthage.components.board.barrier import ArenaBarrier
from printkit.games.carthage.components.board.geometry import (
    Arena,
    heading,
    point,
    square_inner_size,
    square_outline,
)
from printkit.games.carthage.components.board.legend import ArenaFurniture, fitted_size, word_boxes
from printkit.games.carthage.components.board.model import Board, SquareKind


class ArenaPainter(ArenaBarrier, ArenaFurniture):
    """The arena itself: wall, lanes and their squares, infield, stones, start line, barrier;
    the barrier comes from ArenaBarrier (games/carthage/components/board/barrier.py), the legend and bands around it
    from ArenaFurniture (games/carthage/components/board/legend.py)."""

    def __init__(
        self,
        board: Board,
        arena: Arena,
        icons: IconLibrary = BUILTIN,
        fonts: Mapping[str, str] | None = None,
    ) -> None:
        self.board = board
        self.fonts = dict(fonts or {})  # the kit's own fonts, measured with as they are drawn
        self.arena = arena
        self.palette = board.palette
        self.icons = icons  # the built-in icons and the kit's own (kit.yaml `icons:`)
        self._squares = {(sq.track, sq.at): sq for sq in board.squares}

    # -- positions ---------------------------------------------------------------------------
    def sector(self, at: int) -> int:
        """The ring sector of position `at` (1 = the first square after the start line)."""
        return (self.board.arrival_at + at - 1) % self.board.lap

    def symbol_centre(self, sector: int, lane: int) -> tuple[float, float]:
        return point(self.arena, sector + 0.5, lane + 0.56)

    def symbol_size(self, sector: int, lane: int) -> float:
        return square_inner_size(self.arena, sector, lane) * 0.66

    # -- what seams should miss --------------------------------------------------------------
    def avoid(self) -> list[Rect]:
        boxes = []
        for sq in self.board.squares:
            lane = self.board.track_index(sq.track) if sq.track in self.board.tracks else 0
            s = self.sector(sq.at)
            x, y = self.symbol_centre(s, lane)
            size = self.symbol_size(s, lane) * 1.1
            boxes.append(Rect(x - size / 2, y - size / 2, size, size))
        for lane in range(len(self.board.tracks)):
            x, y = point(self.arena, self.board.arrival_at, lane + 0.5)
            r = self.board.layout.badge_radius * 1.15
            boxes.append(Rect(x - r, y - r, 2 * r, 2 * r))
        boxes += [r for _, r in self._slot_rects()]
        boxes += self._legend_extents()
        # the words of the bottom band, one box each: a seam may pass between two words
        for text, face, size, x, y, width, align, least in self._bottom_lines():
            fitted = fitted_size(text, face, size, width, least)
            boxes += word_boxes(text, face, fitted, x, y, width, align)
        for cell in self._emblem_cells():  # the tile and its caption below
            drop = cell.w * 0.36
            boxes.append(Rect(cell.x, cell.y - drop, cell.w, cell.h + drop))
        return boxes

    # -- the whole board ---------------------------------------------------------------------
    def draw(self, c: Canvas, bleed: float) -> None:
        w, h = self.board.size.width, self.board.size.height
        c.setFillColor(colour(self.palette.ground))
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        self._frame(c)
        self._wall(c)
        self._lanes(c)
        self._infield(c)
        self._stones(c)
        self._arrival(c)
        self._spina(c)
        self._legend(c)
        self._title(c)

    def _frame(self, c: Canvas) -> None:
        w, h = self.board.size.width, self.board.size.height
        m, g = self.board.layout.frame_inset, self.board.layout.frame_gap
        c.setStrokeColor(colour(self.palette.wall))
        c.setLineWidth(2.2)
        c.rect(m, m, w - 2 * m, h - 2 * m, stroke=1, fill=0)
        c.setLineWidth(0.6)
        c.rect(m + g, m + g, w - 2 * (m + g), h - 2 * (m + g), stroke=1, fill=0)

    def _stadium(self, c: Canvas, lane_edge: float, extra: float = 0.0) -> Any:
        a = self.arena
        r = a.radius(lane_edge) + extra
        p = c.beginPath()
        left, right = a.cx - a.half_straight, a.cx + a.half_straight
        p.moveTo(left, a.cy - r)
        p.lineTo(right, a.cy - r)
        p.arcTo(right - r, a.cy - r, right + r, a.cy + r, -90, 180)
        p.lineTo(left, a.cy + r)
        p.arcTo(left - r, a.cy - r, left + r, a.cy + r, 90, 180)
        p.close()
        return p

    def _wall(self, c: Canvas) -> None:
        lanes = len(self.board.tracks)
        c.setFillColor(colour(self.palette.wall))
        c.drawPath(self._stadium(c, lanes, self.board.wall), stroke=0, fill=1)
        # a thin light line along the middle of the wall, like a coping stone
        c.setStrokeColor(tint(self.palette.wall, 0.35))
        c.setLineWidth(0.5)
        c.drawPath(self._stadium(c, lanes, self.board.wall * 0.5), stroke=1, fill=0)

    def _lanes(self, c: Canvas) -> None:
        b, a = self.board, self.arena
        stones = {self.sector(s) for s in b.mileage_stones}
        for lane, track in enumerate(b.tracks):
            base = self.palette.sand if lane % 2 == 0 else self.palette.sand_alt
            for at in range(1, b.lap + 1):
                s = self.sector(at)
                sq = self._squares.get((track, at))
                kind = b.square_kinds[sq.kind] if sq else None
                fill = kind.fill if kind else base
                poly = square_outline(a, s, lane)
                p = c.beginPath()
                p.moveTo(*poly[0])
                for pt in poly[1:]:
                    p.lineTo(*pt)
                p.close()
                c.setFillColor(colour(fill))
                c.setStrokeColor(colour(self.palette.lines))
                c.setLineWidth(0.7)
                c.drawPath(p, stroke=1, fill=1)
                if s in stones and not kind:
                    self._stone_tint(c, s, lane)
                if kind:
                    self._symbol(c, kind, sq.card if sq else None, s, lane)
                self._number(c, at, s, lane, kind)

    def _stone_tint(self, c: Canvas, s: int, lane: int) -> None:
        x, y = point(self.arena, s + 0.5, lane + 0.56)
        size = self.symbol_size(s, lane) * 0.55
        draw_emblem(c, "pillar", x, y, size, tint(self.palette.lines, 0.55), self.icons)

    def _number(self, c: Canvas, at: int, s: int, lane: int, kind: SquareKind | None) -> None:
        x, y = point(self.arena, s + 0.5, lane + 0.13)
        ink = kind.ink if kind else self.palette.lines
        c.saveState()
        c.translate(x, y)
        c.rotate(heading(self.arena, s + 0.5))
        c.setFillColor(colour(ink))
        c.setFont(font(c, "heading"), 7.5)
        c.drawCentredString(0, -2.6, str(at))
        c.restoreState()

    # -- symbols -----------------------------------------------------------------------------
    def _symbol(self, c: Canvas, kind: SquareKind, card: str | None, s: int, lane: int) -> None:
        x, y = self.symbol_centre(s, lane)
        size = self.symbol_size(s, lane)
        c.saveState()
        c.translate(x, y)
        c.rotate(heading(self.arena, s + 0.5))
        self.symbol(c, kind, card, size)
        c.restoreState()

    def symbol(self, c: Canvas, kind: SquareKind, card: str | None, size: float) -> None:
        """Draw a kind's symbol centred on (0, 0), `size` across, travel along +x."""
        ink = colour(kind.ink)
        paper = colour(kind.fill)
        r = size / 2
        if kind.symbol == "letter":
            c.setFillColor(ink)
            c.circle(0, 0, r * 0.9, stroke=0, fill=1)
            c.setFillColor(paper)
            c.setFont(font(c, "display"), r * 1.25)
            c.drawCentredString(0, -r * 0.44, kind.text)
        elif kind.symbol == "arrows":
            backward = kind.move is not None and kind.move.steps < 0
            self._arrows(c, kind.count, r, ink, backward)
        elif kind.symbol == "stone":
            c.setStrokeColor(ink)
            c.setLineWidth(r * 0.16)
            c.line(-r * 0.95, 0, r * 0.05, 0)
            arrow_head(c, r * 0.4, 0, 0, r * 0.55, ink)
            draw_emblem(c, "pillar", r * 0.62, 0, r * 0.85, ink, self.icons)
        elif kind.symbol in ("card", "emblem"):
            if kind.symbol == "card":
                c.setFillColor(white)
                c.setStrokeColor(ink)
                c.setLineWidth(1.0)
                c.roundRect(-r * 0.72, -r, r * 1.44, r * 2, r * 0.18, stroke=1, fill=1)
            name = (
                self.board.card_emblems.get(card or "", "")
                if kind.symbol == "card"
                else kind.emblem
            )
            self._emblem(c, name, r * 1.3, ink)
        elif kind.symbol == "disc":  # the kind's emblem, in its fill colour on a disc of ink
            c.setFillColor(ink)
            c.circle(0, 0, r * 0.95, stroke=0, fill=1)
            self._emblem(c, kind.emblem, r * 1.45, paper)

    def _emblem(self, c: Canvas, name: str | None, size: float, ink: Color) -> None:
        """An icon the data names, centred at the origin (the board checks names first)."""
        if name and name in self.icons:
            self.icons.draw(c, name, 0, 0, size, Colours(ink))
        else:
            draw_emblem(c, name or "?", 0, 0, size, ink, self.icons)

    def _arrows(self, c: Canvas, n: int, r: float, ink: Color, backward: bool) -> None:
        c.saveState()
        if backward:
            c.rotate(180)
        c.setStrokeColor(ink)
        c.setFillColor(ink)
        if n == 1:
            c.setLineWidth(r * 0.22)
            c.line(-r * 0.95, 0, r * 0.35, 0)
            arrow_head(c, r * 0.98, 0, 0, r * 0.8, ink)
        else:
            c.setLineWidth(r * 0.24)
            c.setLineJoin(0)
            gap = r * 1.5 / n
            x0 = -gap * (n - 1) / 2
            for i in range(n):
                x = x0 + i * gap + r * 0.2
                p = c.beginPath()
                p.moveTo(x - r * 0.42, r * 0.62)
                p.lineTo(x, 0)
                p.lineTo(x - r * 0.42, -r * 0.62)
                c.drawPath(p, stroke=1, fill=0)
        c.restoreState()

    # -- infield, stones, start line -----------------------------------------------------------
    def _infield(self, c: Canvas) -> None:
        c.setFillColor(shade(self.palette.sand_alt, 0.08))
        c.setStrokeColor(colour(self.palette.wall))
        c.setLineWidth(2.0)
        c.drawPath(self._stadium(c, 0), stroke=1, fill=1)
        a = self.arena
        # direction arrows round each end of the infield
        ink = shade(self.palette.sand_alt, 0.45)
        head = self.board.layout.direction_arrow * 3.125
        for ox, start in ((a.cx + a.half_straight, -60), (a.cx - a.half_straight, 120)):
            r = a.inner_radius * 0.62
            c.setStrokeColor(ink)
            c.setLineWidth(self.board.layout.direction_arrow)
            p = c.beginPath()
            p.arc(ox - r, a.cy - r, ox + r, a.cy + r, start, 120)
            c.drawPath(p, stroke=1, fill=0)
            t = math.radians(start + 120)
            arrow_head(c, ox + r * math.cos(t), a.cy + r * math.sin(t), start + 120 + 90, head, ink)

    def _stones(self, c: Canvas) -> None:
        lanes = len(self.board.tracks)
        edge = lanes + (self.board.wall / 2) / self.arena.lane_width
        for at in self.board.mileage_stones:
            s = self.sector(at)
            x, y = point(self.arena, s + 0.5, edge)
            r = self.board.wall * 0.8
            c.setFillColor(colour(self.palette.stone))
            c.setStrokeColor(colour(self.palette.ink))
            c.setLineWidth(0.8)
            c.circle(x, y, r, stroke=1, fill=1)
            draw_emblem(c, "pillar", x, y, r * 1.3, colour(self.palette.ink), self.icons)

    def _arrival(self, c: Canvas) -> None:
        a, lanes = self.arena, len(self.board.tracks)
        s = self.board.arrival_at
        outer = lanes + self.board.wall / a.lane_width
        x0, y0 = point(a, s, -0.1)
        x1, y1 = point(a, s, outer + 0.15)
        red = colour(self.palette.arrival)
        c.saveState()
        c.setLineCap(0)
        c.setStrokeColor(white)
        c.setLineWidth(self.board.layout.line_width * 1.4)
        c.line(x0, y0, x1, y1)
        c.setStrokeColor(red)
        c.setLineWidth(self.board.layout.line_width)
        c.line(x0, y0, x1, y1)
        c.restoreState()
        br = self.board.layout.badge_radius
        for lane, track in enumerate(self.board.tracks):
            x, y = point(a, s, lane + 0.5)
            c.setFillColor(white)
            c.setStrokeColor(red)
            c.setLineWidth(1.4)
            c.circle(x, y, br, stroke=1, fill=1)
            c.setFillColor(colour(self.palette.ink))
            draw_line_fitted(
                c, track, font(c, "display"), br * 0.81, x - br * 0.85, y - br * 0.29, br * 1.7
            )
        # the label outside the wall, beside the line
        c.setFillColor(red)
        c.setFont(font(c, "heading"), 10)
        hx, hy = point(a, s, outer + 0.2)
        c.drawCentredString(hx, hy - self.board.layout.line_label_gap, self.board.labels.line)
