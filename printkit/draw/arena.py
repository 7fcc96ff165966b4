"""Drawing a ring-track board: wall, lanes of squares with symbols, the central barrier with its
rows of slots, legend.

Everything comes from the board model (model/board.py): its words (`labels`), its measures
(`layout`, with the generic defaults of model.board.ArenaLayout) and the arena geometry
(layout/arena.py). Symbols are drawn in each square's own frame: +x is the direction of travel,
+y points to the inside of the ring, so letters read upright from the nearest edge of the board.
`avoid()` lists every symbol, badge, slot and legend entry, for the tiler's seams to miss.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.colour import colour, shade, tint
from printkit.draw.emblems import draw_emblem
from printkit.draw.fonts import font, text_width
from printkit.draw.pictograms import arrow_head
from printkit.draw.text import draw_fitted, draw_line_fitted, fit_text
from printkit.layout.arena import (
    Arena,
    heading,
    point,
    square_inner_size,
    square_outline,
)
from printkit.layout.geometry import Rect
from printkit.model.board import Board, SquareKind

LEGEND_LABEL_SIZE = 10.0  # points: a legend entry's label; its text sits below


def luminance(hex_text: str) -> float:
    c = colour(hex_text)
    return 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue


class ArenaPainter:
    def __init__(self, board: Board, arena: Arena) -> None:
        self.b = board
        self.a = arena
        self.p = board.palette
        self._squares = {(sq.track, sq.at): sq for sq in board.squares}

    # -- positions ---------------------------------------------------------------------------
    def sector(self, at: int) -> int:
        """The ring sector of position `at` (1 = the first square after the start line)."""
        return (self.b.arrival_at + at - 1) % self.b.lap

    def symbol_centre(self, sector: int, lane: int) -> tuple[float, float]:
        return point(self.a, sector + 0.5, lane + 0.56)

    def symbol_size(self, sector: int, lane: int) -> float:
        return square_inner_size(self.a, sector, lane) * 0.66

    # -- what seams should miss --------------------------------------------------------------
    def avoid(self) -> list[Rect]:
        boxes = []
        for sq in self.b.squares:
            lane = self.b.track_index(sq.track) if sq.track in self.b.tracks else 0
            s = self.sector(sq.at)
            x, y = self.symbol_centre(s, lane)
            size = self.symbol_size(s, lane) * 1.1
            boxes.append(Rect(x - size / 2, y - size / 2, size, size))
        for lane in range(len(self.b.tracks)):
            x, y = point(self.a, self.b.arrival_at, lane + 0.5)
            r = self.b.layout.badge_radius * 1.15
            boxes.append(Rect(x - r, y - r, 2 * r, 2 * r))
        boxes += [r for _, r in self._slot_rects()]
        boxes += self._legend_extents()
        # the words of the bottom band, one box each: a seam may pass between two words
        for text, face, size, x, y, width, align, least in self._bottom_lines():
            fitted = _fitted_size(text, face, size, width, least)
            boxes += _word_boxes(text, face, fitted, x, y, width, align)
        for cell in self._emblem_cells():  # the tile and its caption below
            drop = cell.w * 0.36
            boxes.append(Rect(cell.x, cell.y - drop, cell.w, cell.h + drop))
        return boxes

    # -- the whole board ---------------------------------------------------------------------
    def draw(self, c: Canvas, bleed: float) -> None:
        w, h = self.b.size.width, self.b.size.height
        c.setFillColor(colour(self.p.ground))
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
        w, h = self.b.size.width, self.b.size.height
        m, g = self.b.layout.frame_inset, self.b.layout.frame_gap
        c.setStrokeColor(colour(self.p.wall))
        c.setLineWidth(2.2)
        c.rect(m, m, w - 2 * m, h - 2 * m, stroke=1, fill=0)
        c.setLineWidth(0.6)
        c.rect(m + g, m + g, w - 2 * (m + g), h - 2 * (m + g), stroke=1, fill=0)

    def _stadium(self, c: Canvas, lane_edge: float, extra: float = 0.0):
        a = self.a
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
        lanes = len(self.b.tracks)
        c.setFillColor(colour(self.p.wall))
        c.drawPath(self._stadium(c, lanes, self.b.wall), stroke=0, fill=1)
        # a thin light line along the middle of the wall, like a coping stone
        c.setStrokeColor(tint(self.p.wall, 0.35))
        c.setLineWidth(0.5)
        c.drawPath(self._stadium(c, lanes, self.b.wall * 0.5), stroke=1, fill=0)

    def _lanes(self, c: Canvas) -> None:
        b, a = self.b, self.a
        stones = {self.sector(s) for s in b.mileage_stones}
        for lane, track in enumerate(b.tracks):
            base = self.p.sand if lane % 2 == 0 else self.p.sand_alt
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
                c.setStrokeColor(colour(self.p.lines))
                c.setLineWidth(0.7)
                c.drawPath(p, stroke=1, fill=1)
                if s in stones and not kind:
                    self._stone_tint(c, s, lane)
                if kind:
                    self._symbol(c, kind, sq.card, s, lane)
                self._number(c, at, s, lane, kind)

    def _stone_tint(self, c: Canvas, s: int, lane: int) -> None:
        x, y = point(self.a, s + 0.5, lane + 0.56)
        size = self.symbol_size(s, lane) * 0.55
        draw_emblem(c, "pillar", x, y, size, tint(self.p.lines, 0.55))

    def _number(self, c: Canvas, at: int, s: int, lane: int, kind: SquareKind | None) -> None:
        x, y = point(self.a, s + 0.5, lane + 0.13)
        ink = kind.ink if kind else self.p.lines
        c.saveState()
        c.translate(x, y)
        c.rotate(heading(self.a, s + 0.5))
        c.setFillColor(colour(ink))
        c.setFont(font("heading"), 7.5)
        c.drawCentredString(0, -2.6, str(at))
        c.restoreState()

    # -- symbols -----------------------------------------------------------------------------
    def _symbol(self, c: Canvas, kind: SquareKind, card: str | None, s: int, lane: int) -> None:
        x, y = self.symbol_centre(s, lane)
        size = self.symbol_size(s, lane)
        c.saveState()
        c.translate(x, y)
        c.rotate(heading(self.a, s + 0.5))
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
            c.setFont(font("display"), r * 1.25)
            c.drawCentredString(0, -r * 0.44, kind.text)
        elif kind.symbol == "arrows":
            backward = kind.move is not None and kind.move.steps < 0
            self._arrows(c, kind.count, r, ink, backward)
        elif kind.symbol == "stone":
            c.setStrokeColor(ink)
            c.setLineWidth(r * 0.16)
            c.line(-r * 0.95, 0, r * 0.05, 0)
            arrow_head(c, r * 0.4, 0, 0, r * 0.55, ink)
            draw_emblem(c, "pillar", r * 0.62, 0, r * 0.85, ink)
        elif kind.symbol in ("card", "emblem"):
            if kind.symbol == "card":
                c.setFillColor(white)
                c.setStrokeColor(ink)
                c.setLineWidth(1.0)
                c.roundRect(-r * 0.72, -r, r * 1.44, r * 2, r * 0.18, stroke=1, fill=1)
            name = self.b.card_emblems.get(card or "", "") if kind.symbol == "card" else kind.emblem
            draw_emblem(c, name or "?", 0, 0, r * 1.3, ink)
        elif kind.symbol == "disc":  # the kind's emblem, in its fill colour on a disc of ink
            c.setFillColor(ink)
            c.circle(0, 0, r * 0.95, stroke=0, fill=1)
            draw_emblem(c, kind.emblem or "?", 0, 0, r * 1.45, paper)

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
        c.setFillColor(shade(self.p.sand_alt, 0.08))
        c.setStrokeColor(colour(self.p.wall))
        c.setLineWidth(2.0)
        c.drawPath(self._stadium(c, 0), stroke=1, fill=1)
        a = self.a
        # direction arrows round each end of the infield
        ink = shade(self.p.sand_alt, 0.45)
        head = self.b.layout.direction_arrow * 3.125
        for ox, start in ((a.cx + a.half_straight, -60), (a.cx - a.half_straight, 120)):
            r = a.inner_radius * 0.62
            c.setStrokeColor(ink)
            c.setLineWidth(self.b.layout.direction_arrow)
            p = c.beginPath()
            p.arc(ox - r, a.cy - r, ox + r, a.cy + r, start, 120)
            c.drawPath(p, stroke=1, fill=0)
            t = math.radians(start + 120)
            arrow_head(c, ox + r * math.cos(t), a.cy + r * math.sin(t), start + 120 + 90, head, ink)

    def _stones(self, c: Canvas) -> None:
        lanes = len(self.b.tracks)
        edge = lanes + (self.b.wall / 2) / self.a.lane_width
        for at in self.b.mileage_stones:
            s = self.sector(at)
            x, y = point(self.a, s + 0.5, edge)
            r = self.b.wall * 0.8
            c.setFillColor(colour(self.p.stone))
            c.setStrokeColor(colour(self.p.ink))
            c.setLineWidth(0.8)
            c.circle(x, y, r, stroke=1, fill=1)
            draw_emblem(c, "pillar", x, y, r * 1.3, colour(self.p.ink))

    def _arrival(self, c: Canvas) -> None:
        a, lanes = self.a, len(self.b.tracks)
        s = self.b.arrival_at
        outer = lanes + self.b.wall / a.lane_width
        x0, y0 = point(a, s, -0.1)
        x1, y1 = point(a, s, outer + 0.15)
        red = colour(self.p.arrival)
        c.saveState()
        c.setLineCap(0)
        c.setStrokeColor(white)
        c.setLineWidth(self.b.layout.line_width * 1.4)
        c.line(x0, y0, x1, y1)
        c.setStrokeColor(red)
        c.setLineWidth(self.b.layout.line_width)
        c.line(x0, y0, x1, y1)
        c.restoreState()
        br = self.b.layout.badge_radius
        for lane, track in enumerate(self.b.tracks):
            x, y = point(a, s, lane + 0.5)
            c.setFillColor(white)
            c.setStrokeColor(red)
            c.setLineWidth(1.4)
            c.circle(x, y, br, stroke=1, fill=1)
            c.setFillColor(colour(self.p.ink))
            draw_line_fitted(
                c, track, font("display"), br * 0.81, x - br * 0.85, y - br * 0.29, br * 1.7
            )
        # the label outside the wall, beside the line
        c.setFillColor(red)
        c.setFont(font("heading"), 10)
        hx, hy = point(a, s, outer + 0.2)
        c.drawCentredString(hx, hy - self.b.layout.line_label_gap, self.b.labels.line)

    # -- the central barrier ------------------------------------------------------------------
    def _spina_rect(self) -> Rect:
        a = self.a
        rows = len(self.b.spina.cue_rows)
        lay = self.b.layout
        hgt = min(2 * a.inner_radius * 0.7, rows * lay.barrier_row + lay.barrier_pad)
        length = 2 * a.half_straight + a.inner_radius * 0.6
        return Rect(a.cx - length / 2, a.cy - hgt / 2, length, hgt)

    def _slot_rects(self) -> list[tuple[str, Rect]]:
        sp = self._spina_rect()
        rows = list(self.b.spina.cue_rows.items())
        lay = self.b.layout
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
        sp = self._spina_rect()
        lay = self.b.layout
        e = lay.barrier_inset * 0.375  # the shadow's reach
        stone = colour(self.p.stone)
        c.setFillColor(shade(self.p.stone, 0.25))
        c.roundRect(
            sp.x - e, sp.y - e, sp.w + 2 * e, sp.h + 2 * e, lay.barrier_inset, stroke=0, fill=1
        )
        c.setFillColor(stone)
        c.setStrokeColor(colour(self.p.ink))
        c.setLineWidth(0.8)
        c.roundRect(sp.x, sp.y, sp.w, sp.h, lay.barrier_inset * 0.75, stroke=1, fill=1)
        # three turning posts on a half-round plinth at each end
        for side in (-1, 1):
            mx = sp.cx + side * (sp.w / 2 + e)
            r = min(sp.h * 0.32, lay.barrier_row * 0.75)
            p = c.beginPath()
            p.moveTo(mx, sp.cy - r)
            p.arcTo(mx - r, sp.cy - r, mx + r, sp.cy + r, -90, 180 if side > 0 else -180)
            p.close()
            c.setFillColor(stone)
            c.setStrokeColor(colour(self.p.ink))
            c.setLineWidth(0.8)
            c.drawPath(p, stroke=1, fill=1)
            for k in (-1, 0, 1):
                t = math.radians(k * 50)
                px = mx + side * r * 0.5 * math.cos(t)
                py = sp.cy + r * 0.55 * math.sin(t)
                self._cone(c, px, py, r * 0.22)
        c.setFillColor(colour(self.p.ink))
        c.setFont(font("heading"), 8)
        barrier = self.b.spina
        label = " · ".join(part for part in (barrier.label, barrier.subtitle) if part)
        c.drawCentredString(sp.cx, sp.y1 - lay.barrier_pad * 0.36, label)
        rows = self.b.spina.cue_rows
        slots = self._slot_rects()
        for cid, row in rows.items():
            mine = [r for k, r in slots if k == cid]
            first = mine[0]
            chip = Rect(sp.x + lay.barrier_inset, first.y, lay.barrier_chip, first.h)
            c.setFillColor(colour(row.colour))
            c.setStrokeColor(colour(self.p.ink))
            c.setLineWidth(0.6)
            c.roundRect(chip.x, chip.y, chip.w, chip.h, e, stroke=1, fill=1)
            text_ink = colour(self.p.ink) if luminance(row.colour) > 0.55 else white
            c.setFillColor(text_ink)
            draw_line_fitted(
                c,
                row.label,
                font("heading"),
                8.5,
                chip.x + lay.slot_gap / 2,
                chip.cy - 3,
                chip.w - lay.slot_gap,
            )
            for k, r in enumerate(mine, start=1):
                c.setFillColor(tint(row.colour, 0.78))
                c.setStrokeColor(
                    colour(row.colour) if luminance(row.colour) < 0.8 else colour(self.p.ink)
                )
                c.setLineWidth(0.9)
                c.setDash(2, 1.2)
                c.roundRect(r.x, r.y, r.w, r.h, lay.slot_gap * 0.6, stroke=1, fill=1)
                c.setDash()
                c.setFillColor(
                    shade(row.colour, 0.3) if luminance(row.colour) < 0.8 else colour(self.p.ink)
                )
                c.setFont(font("heading"), 6.5)
                c.drawCentredString(r.cx, r.cy - 2.2, _roman(k))

    def _cone(self, c: Canvas, x: float, y: float, r: float) -> None:
        """A turning post seen from above: a dark cone with a light tip."""
        c.setFillColor(colour(self.p.wall))
        c.setStrokeColor(colour(self.p.ink))
        c.setLineWidth(0.5)
        c.circle(x, y, r, stroke=1, fill=1)
        c.setFillColor(tint(self.p.stone, 0.4))
        c.circle(x, y, r * 0.35, stroke=0, fill=1)

    # -- legend and title --------------------------------------------------------------------
    def _legend_entries(self) -> list[tuple[SquareKind | None, str, str, str]]:
        """(kind or None, label, text, extra) for each legend entry."""
        out: list[tuple[SquareKind | None, str, str, str]] = []
        for name, kind in self.b.square_kinds.items():
            out.append((kind, kind.label, kind.legend, name))
        words = self.b.labels
        if self.b.mileage_stones:
            out.append((None, words.stone_legend_label, words.stone_legend, "stone"))
        out.append((None, words.line_legend_label, words.line_legend, "arrival"))
        return out

    def _legend_cells(self) -> list[tuple[Rect, tuple]]:
        entries = self._legend_entries()
        w, h = self.b.size.width, self.b.size.height
        top = h - self.b.layout.legend_top
        band = Rect(
            self.b.margin, h - self.b.top_band, w - 2 * self.b.margin, top - (h - self.b.top_band)
        )
        cols = math.ceil(len(entries) / 2)
        cw = band.w / cols
        rh = band.h / 2
        cells = []
        for i, e in enumerate(entries):
            row, col = divmod(i, cols)
            cells.append((Rect(band.x + col * cw, band.y1 - (row + 1) * rh, cw, rh), e))
        return cells

    def _legend_layout(self):
        """Per legend entry: (cell, entry, icon tile, text x, text width, label size, text)."""
        tile_side, gap = self.b.layout.legend_tile, self.b.layout.legend_gap
        pad = gap * 0.4
        out = []
        for cell, entry in self._legend_cells():
            tile = Rect(cell.x + pad, cell.y1 - tile_side - pad, tile_side, tile_side)
            tx = tile.x1 + gap
            tw = cell.x1 - tx - gap * 1.2
            room = cell.h - LEGEND_LABEL_SIZE * 1.98  # below the entry's label
            fitted = fit_text(entry[2], font("body"), tw, room, 8.5, 6)
            out.append((cell, entry, tile, tx, tw, fitted))
        return out

    def _legend_extents(self) -> list[Rect]:
        """What each legend entry covers: its tile, and its label and text (to the longest line);
        a seam may pass through the gap between the two."""
        boxes = []
        for cell, (_, label, _, _), tile, tx, tw, fitted in self._legend_layout():
            label_w = min(text_width(label, font("heading"), 10), tw)
            text_w = max(text_width(line, fitted.font, fitted.size) for line in fitted.lines)
            boxes.append(tile)
            boxes.append(Rect(tx, cell.y, max(label_w, text_w), cell.h))
        return boxes

    def _legend(self, c: Canvas) -> None:
        for cell, (kind, label, _text, extra), tile, tx, tw, fitted in self._legend_layout():
            tile_side = tile.w
            fill = kind.fill if kind else self.p.sand
            c.setFillColor(colour(fill))
            c.setStrokeColor(colour(self.p.lines))
            c.setLineWidth(0.7)
            c.rect(tile.x, tile.y, tile.w, tile.h, stroke=1, fill=1)
            c.saveState()
            c.translate(tile.cx, tile.cy)
            if kind:
                card = next((sq.card for sq in self.b.squares if sq.kind == extra), None)
                self.symbol(c, kind, card, tile_side * 0.78)
            elif extra == "stone":
                c.setFillColor(colour(self.p.stone))
                c.setStrokeColor(colour(self.p.ink))
                c.circle(0, 0, tile_side * 0.36, stroke=1, fill=1)
                draw_emblem(c, "pillar", 0, 0, tile_side * 0.5, colour(self.p.ink))
            else:
                c.setStrokeColor(colour(self.p.arrival))
                c.setLineWidth(self.b.layout.line_width)
                c.line(0, -tile_side / 2, 0, tile_side / 2)
            c.restoreState()
            c.setFillColor(colour(self.p.wall))
            size = LEGEND_LABEL_SIZE
            draw_line_fitted(c, label, font("heading"), size, tx, cell.y1 - size * 1.3, tw, "left")
            c.setFillColor(colour(self.p.ink))
            draw_fitted(c, fitted, tx, cell.y1 - size * 1.87, tw, "left")
        c.setFillColor(colour(self.p.wall))
        c.setFont(font("display"), 12)
        top = self.b.size.height - self.b.layout.legend_title_at
        c.drawString(self.b.margin, top, self.b.legend_title)

    def _emblem_names(self) -> list[str]:
        """The cards named by board squares, in board order."""
        names: list[str] = []
        for sq in self.b.squares:
            if sq.card and sq.card not in names and self.b.square_kinds[sq.kind].names_card:
                names.append(sq.card)
        return names

    def _emblem_cells(self) -> list[Rect]:
        """Each card symbol's tile (its caption runs below it), left to right."""
        lay = self.b.layout
        side, step = lay.strip_tile, lay.strip_step
        y = self.b.bottom_band - (lay.strip_title_at + lay.legend_gap) - side
        return [
            Rect(self.b.margin + i * step, y, side, side) for i in range(len(self._emblem_names()))
        ]

    def _emblem_strip(self, c: Canvas) -> None:
        """The card symbols used on the board, each with its card's title."""
        names = self._emblem_names()
        if not names:
            return
        c.setFillColor(colour(self.p.wall))
        c.setFont(font("heading"), 10)
        heading_y = self.b.bottom_band - self.b.layout.strip_title_at
        c.drawString(self.b.margin, heading_y, self.b.symbols_title)
        step = self.b.layout.strip_step
        kind = next(k for k in self.b.square_kinds.values() if k.names_card)
        for cid, cell in zip(names, self._emblem_cells(), strict=True):
            x, y, side = cell.x, cell.y, cell.w
            c.setFillColor(colour(kind.fill))
            c.setStrokeColor(colour(self.p.lines))
            c.setLineWidth(0.7)
            c.rect(x, y, side, side, stroke=1, fill=1)
            c.saveState()
            c.translate(x + side / 2, y + side / 2)
            self.symbol(c, kind, cid, side * 0.8)
            c.restoreState()
            c.setFillColor(colour(self.p.ink))
            title = self.b.card_titles.get(cid, cid)
            caption_x = x - (step - side) / 2
            draw_line_fitted(c, title, font("heading"), 7.5, caption_x, y - side * 0.257, step)

    def _bottom_lines(self) -> list[tuple[str, str, float, float, float, float, str, float]]:
        """(text, font, size, x, baseline, width, align, least size) of the title and notes."""
        w, lay = self.b.size.width, self.b.layout
        y = self.b.bottom_band / 2
        tw = w * 0.4
        title_y = y - lay.title_size * 0.09
        lines = [
            (
                self.b.title,
                font("display"),
                lay.title_size,
                (w - tw) / 2,
                title_y,
                tw,
                "centre",
                4.0,
            )
        ]
        if self.b.subtitle:
            lines.append(
                (
                    self.b.subtitle,
                    font("heading"),
                    lay.subtitle_size,
                    (w - tw) / 2,
                    y - lay.title_size * 0.727,
                    tw,
                    "centre",
                    4.0,
                )
            )
        x1 = w - self.b.margin
        nw = lay.notes_width
        ny = self.b.bottom_band - lay.strip_title_at
        for i, line in enumerate(self.b.notes):
            face = font("heading") if i == 0 else font("body")
            lines.append((line, face, 10 if i == 0 else 8.5, x1 - nw, ny, nw, "right", 6.0))
            ny -= lay.notes_step * 1.15 if i == 0 else lay.notes_step
        return lines

    def _title(self, c: Canvas) -> None:
        title_lines = 2 if self.b.subtitle else 1
        for i, (text, face, size, x, y, width, align, least) in enumerate(self._bottom_lines()):
            # the title, then the notes' heading line, in the wall colour; the rest in ink
            strong = i == 0 or i == title_lines
            c.setFillColor(colour(self.p.wall) if strong else colour(self.p.ink))
            draw_line_fitted(c, text, face, size, x, y, width, align, least)
        self._emblem_strip(c)


def _fitted_size(text: str, face: str, size: float, width: float, min_size: float = 4.0) -> float:
    """The size draw_line_fitted uses for one line."""
    w = text_width(text, face, size)
    return max(min_size, size * width / w) if w > width else size


def _word_boxes(
    text: str, face: str, size: float, x: float, y: float, width: float, align: str
) -> list[Rect]:
    """One rectangle per word of a line drawn by draw_line_fitted."""
    full = text_width(text, face, size)
    left = {"left": x, "right": x + width - full}.get(align, x + (width - full) / 2)
    space = text_width(" ", face, size)
    boxes = []
    for word in text.split(" "):
        ww = text_width(word, face, size)
        if ww:
            boxes.append(Rect(left, y - size * 0.25, ww, size * 1.2))
        left += ww + space
    return boxes


def _roman(n: int) -> str:
    numerals = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for value, letters in numerals:
        while n >= value:
            out += letters
            n -= value
    return out
