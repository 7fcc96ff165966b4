"""Drawing tokens: coloured counters with an emblem and label (and a back), and player aids.

Painters follow render/imposed.py's protocol: place_front(item, trim), place_back(item,
trim). Backgrounds run into the bleed; text is fitted, never clipped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.components.tokens.model import Aid, Diagram, Group, Piece
from printkit.draw.colour import colour, shade, tint
from printkit.draw.elements import ElementPainter, Palette
from printkit.draw.fonts import ascent_descent, font
from printkit.draw.icons import BUILTIN, Colours, IconLibrary
from printkit.draw.outline import outline_path
from printkit.draw.pictograms import arrow_head
from printkit.draw.text import draw_fitted, draw_line_fitted, fit_text
from printkit.layout.geometry import Rect
from printkit.layout.shapes import outline
from printkit.layout.units import mm
from printkit.model.face import Areas, Element

INK = "#1d1a16"
SAFE = mm(3)  # text stays this far inside the trim (a shop's safe area)
OUTLINE_MIN = mm(24)  # a frame on the safe area's edge only when this much lies inside it


class PiecePainter:
    def __init__(
        self, c: Canvas, group: Group, bleed: float, icons: IconLibrary | None = None
    ) -> None:
        self.canvas = c
        self.group = group
        self.bleed = bleed
        self.icons = icons or BUILTIN
        self.min_text = 6.0  # face elements' smallest text (an element's min_size may lower it)

    def place_front(self, piece: Piece, trim: Rect) -> None:
        if self.group.face:
            self.draw_face(piece, trim, self.group.face, colour(piece.colour))
        else:
            self._piece(piece, trim, self.group.emblem, piece.label, front=True)

    def place_back(self, piece: Piece, trim: Rect) -> None:
        back = self.group.back
        if back is None:
            self.place_front(piece, trim)
        elif back.face:
            self.draw_back_face(piece, trim)
        else:
            self._piece(piece, trim, back.emblem, back.label, front=False)

    def draw_back_face(self, piece: Piece, trim: Rect) -> None:
        """A back built from face elements (model/face.py) on a darker ground of the colour."""
        assert self.group.back is not None
        self.draw_face(piece, trim, self.group.back.face, shade(piece.colour, 0.18))

    def draw_face(self, piece: Piece, trim: Rect, elements: list[Element], ground: Color) -> None:
        """Face elements on a ground over the piece and its bleed; placeholders and conditions
        read the piece (Piece.get)."""
        c, b = self.canvas, self.bleed
        c.saveState()
        c.setFillColor(ground)
        c.rect(trim.x - b, trim.y - b, trim.w + 2 * b, trim.h + 2 * b, stroke=0, fill=1)
        c.translate(trim.x, trim.y)
        areas = Areas(trim.w, trim.h, min(trim.w, trim.h) * 0.07, 0.0, b)
        painter = ElementPainter(c, areas, self.icons, {}, self.min_text)
        palette = Palette(piece.colour, piece.ink, piece.colour, piece.ink, piece.ink)
        try:
            painter.draw_all(elements, piece, palette)
        finally:
            c.restoreState()

    def _piece(self, piece: Piece, trim: Rect, emblem: str, label: str, front: bool) -> None:
        c, b = self.canvas, self.bleed
        fill = colour(piece.colour)
        ink = colour(piece.ink)
        c.saveState()
        c.setFillColor(fill if front else shade(piece.colour, 0.18))
        c.rect(trim.x - b, trim.y - b, trim.w + 2 * b, trim.h + 2 * b, stroke=0, fill=1)
        inner = trim.inset(min(trim.w, trim.h) * 0.07)
        safe = trim.inset(SAFE)
        framed = self._outline(safe, ink)
        if framed:  # emblem and label inside the frame
            inner, safe = safe.inset(mm(1)), safe.inset(mm(1))
        size = mm(2.6)
        descent = ascent_descent(font(self.canvas, "heading"), size)[1]
        text_h = size + descent if label else 0.0
        span = min(inner.w, inner.h - 2 * text_h) * 0.78
        if emblem:
            self.icons.draw(c, emblem, trim.cx, trim.cy + text_h / 2, span, Colours(ink, fill))
        if label:
            c.setFillColor(ink)
            # fitted across the piece, centred: on a piece too small for the safe area the text
            # still prints, and check's PK001 warns that it comes near the cut
            draw_line_fitted(
                c,
                label,
                font(self.canvas, "heading"),
                size,
                inner.x,
                safe.y + descent,
                inner.w,
                min_size=4.5,
            )
        c.restoreState()

    def _outline(self, safe: Rect, ink: Color) -> bool:
        """The piece's frame, on the safe area's edge: a cut up to SAFE off the line never
        reaches it or makes its border look uneven. A piece too small for a frame there with
        its emblem and label inside has none (a frame nearer the cut shows every cut error)."""
        if min(safe.w, safe.h) < OUTLINE_MIN:
            return False
        c = self.canvas
        c.setStrokeColor(ink)
        c.setLineWidth(0.7)
        cut = self.group.cut()
        if not cut.rectangular:  # the cut's own outline, SAFE inside it
            c.drawPath(outline_path(c, outline(cut, safe.expand(SAFE), -SAFE)), stroke=1, fill=0)
        elif self.group.shape == "round":
            c.circle(safe.cx, safe.cy, min(safe.w, safe.h) / 2, stroke=1, fill=0)
        elif self.group.shape == "square":
            c.rect(safe.x, safe.y, safe.w, safe.h, stroke=1, fill=0)
        else:
            c.roundRect(safe.x, safe.y, safe.w, safe.h, mm(1.2), stroke=1, fill=0)
        return True


class AidPainter:
    """A player aid: a title band, then headed sections, each with text and a diagram."""

    def __init__(self, c: Canvas, aid: Aid, bleed: float) -> None:
        self.canvas = c
        self.aid = aid
        self.bleed = bleed

    def place_back(self, item: object, trim: Rect) -> None:  # aids are single-sided
        del item, trim

    def place_front(self, item: object, trim: Rect) -> None:
        c, b, aid = self.canvas, self.bleed, self.aid
        accent = colour(aid.colour)
        c.saveState()
        c.setFillColor(colour("#f7f0e1"))
        c.rect(trim.x - b, trim.y - b, trim.w + 2 * b, trim.h + 2 * b, stroke=0, fill=1)
        band = Rect(trim.x, trim.y1 - mm(11), trim.w, mm(11))
        c.setFillColor(accent)
        c.rect(band.x - b, band.y, band.w + 2 * b, band.h + b, stroke=0, fill=1)
        c.setFillColor(white)
        draw_line_fitted(
            c, aid.title, font(self.canvas, "display"), mm(5.5), band.x, band.y + mm(3), band.w
        )
        c.setStrokeColor(accent)
        c.setLineWidth(1)
        frame = trim.inset(SAFE)  # on the safe area's edge: no cut error reaches or skews it
        c.rect(frame.x, frame.y, frame.w, frame.h, stroke=1, fill=0)
        body = Rect(trim.x + mm(4), trim.y + mm(4), trim.w - mm(8), band.y - trim.y - mm(6))
        n = len(aid.sections)
        sh = body.h / n
        for i, section in enumerate(aid.sections):
            box = Rect(body.x, body.y1 - (i + 1) * sh, body.w, sh)
            if i:
                c.setStrokeColor(tint(aid.colour, 0.6))
                c.setLineWidth(0.5)
                c.line(box.x, box.y1, box.x1, box.y1)
            text_x = box.x
            if section.diagram:
                dbox = Rect(box.x, box.y + mm(1.5), min(mm(38), box.w * 0.45), box.h - mm(3))
                diagram(c, section.diagram, dbox, accent)
                text_x = dbox.x1 + mm(3)
            tw = box.x1 - text_x
            c.setFillColor(accent)
            draw_line_fitted(
                c,
                section.heading,
                font(self.canvas, "heading"),
                mm(3.4),
                text_x,
                box.y1 - mm(5),
                tw,
                "left",
            )
            fitted = fit_text(
                section.text, font(self.canvas, "body"), tw, box.h - mm(8), mm(2.9), 6.0
            )
            c.setFillColor(colour(INK))
            draw_fitted(c, fitted, text_x, box.y1 - mm(6.8), tw, "left")
        c.restoreState()


@dataclass(frozen=True)
class _DiagramGrid:
    """Where a move diagram's squares lie: lane 0 at the top, square 0 on the left."""

    x0: float
    y0: float
    cell: float
    lanes: int
    squares: int

    def centre(self, lane_sq: list[int]) -> tuple[float, float]:
        lane, sq = lane_sq
        top = self.y0 + self.cell * self.lanes
        return self.x0 + (sq + 0.5) * self.cell, top - (lane + 0.5) * self.cell

    def block(self, c: Canvas, lane_sq: list[int]) -> tuple[float, float]:
        """A piece on the square, in the current fill colour; returns the square's centre."""
        x, y = self.centre(lane_sq)
        cell, pad = self.cell, self.cell * 0.14
        c.roundRect(
            x - cell / 2 + pad, y - cell / 2 + pad, cell - 2 * pad, cell - 2 * pad, pad, 0, 1
        )
        return x, y


def diagram(c: Canvas, d: Diagram, box: Rect, accent: Color) -> None:
    """A strip of squares (forward to the right, lanes stacked) with a piece and its moves.

    The path is drawn as a line through square centres ending in an arrow; other pieces are
    grey blocks; crossed squares are lost; a forbidden move is a dashed line struck through.
    """
    cap_h = mm(3) if d.caption else 0.0
    cell = min(box.w / d.squares, (box.h - cap_h) / d.lanes)
    gw, gh = cell * d.squares, cell * d.lanes
    x0 = box.x + (box.w - gw) / 2
    y0 = box.y + cap_h + (box.h - cap_h - gh) / 2
    grid = _DiagramGrid(x0, y0, cell, d.lanes, d.squares)
    c.saveState()
    _diagram_squares(c, grid)
    for cell_xy in d.blockers:
        c.setFillColor(colour("#6f675c"))
        grid.block(c, cell_xy)
    c.setFillColor(accent)
    x, y = grid.block(c, d.mover)
    arrow_head(c, x + cell * 0.24, y, 0, cell * 0.42, white)
    ink = colour(INK)
    for target in d.forbidden:
        tx, ty = grid.centre(target)
        c.setStrokeColor(ink)
        c.setLineWidth(0.9)
        c.setDash(2, 1.5)
        c.line(x, y, tx, ty)
        c.setDash()
        _cross(c, (x + tx) / 2, (y + ty) / 2, cell * 0.2)
    if d.path:
        _diagram_path(c, [grid.centre(d.mover)] + [grid.centre(p) for p in d.path], cell, ink)
    for cell_xy in d.crosses:
        _cross(c, *grid.centre(cell_xy), cell * 0.28)
    if d.caption:
        c.setFillColor(ink)
        draw_line_fitted(c, d.caption, font(c, "heading"), mm(2.5), box.x, box.y, box.w)
    c.restoreState()


def _diagram_squares(c: Canvas, grid: _DiagramGrid) -> None:
    """The squares, lanes in alternating sand shades."""
    c.setStrokeColor(colour("#6b5533"))
    c.setLineWidth(0.5)
    cell, top = grid.cell, grid.y0 + grid.cell * grid.lanes
    for lane in range(grid.lanes):
        for sq in range(grid.squares):
            c.setFillColor(colour("#efdfb6") if lane % 2 == 0 else colour("#e6d1a0"))
            c.rect(grid.x0 + sq * cell, top - (lane + 1) * cell, cell, cell, stroke=1, fill=1)


def _diagram_path(c: Canvas, pts: list[tuple[float, float]], cell: float, ink: Color) -> None:
    """A line through the square centres `pts`, dots at the turns, an arrow at the end."""
    c.setStrokeColor(ink)
    c.setLineWidth(1.3)
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        c.line(ax, ay, bx, by)
    for px, py in pts[1:-1]:
        c.setFillColor(ink)
        c.circle(px, py, 1.3, stroke=0, fill=1)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    angle = math.degrees(math.atan2(by - ay, bx - ax))
    arrow_head(c, bx, by, angle, cell * 0.38, ink)


def _cross(c: Canvas, x: float, y: float, r: float) -> None:
    c.saveState()
    c.setStrokeColor(colour("#c8102e"))
    c.setLineWidth(1.8)
    c.line(x - r, y - r, x + r, y + r)
    c.line(x - r, y + r, x + r, y - r)
    c.restoreState()
