"""The board's furniture around the arena: the legend of square kinds (top band), the title,
notes and card-symbol strip (bottom band), and the boxes of their words for the tiler's seams.

A mixin of ArenaPainter (games/carthage/components/board/arena.py): it reads the same board model, its `labels` and its
`layout` measures (model.board.ArenaLayout).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from printkit.api import (
    IconLibrary,
    Rect,
    colour,
    draw_emblem,
    draw_fitted,
    draw_line_fitted,
    fit_text,
    font,
    role_font,
    text_width,
)
from printkit.games.carthage.components.board.model import SquareKind

if TYPE_CHECKING:
    from printkit.games.carthage.components.board.model import Board, Palette

LEGEND_LABEL_SIZE = 10.0  # points: a legend entry's label; its text sits below


class ArenaFurniture:
    """Legend, title, notes and the card-symbol strip of a ring-track board."""

    board: Board
    palette: Palette
    fonts: Mapping[str, str]  # the kit's own fonts (Kit.fonts()), for measuring without a canvas
    icons: IconLibrary  # the kit's icons (Kit.icons()): the built-in ones and the game's

    def symbol(self, c: Canvas, kind: SquareKind, card: str | None, size: float) -> Any:
        raise NotImplementedError  # drawn by ArenaPainter

    def _legend_entries(self) -> list[tuple[SquareKind | None, str, str, str]]:
        """(kind or None, label, text, extra) for each legend entry."""
        out: list[tuple[SquareKind | None, str, str, str]] = []
        for name, kind in self.board.square_kinds.items():
            out.append((kind, kind.label, kind.legend, name))
        words = self.board.labels
        if self.board.mileage_stones:
            out.append((None, words.stone_legend_label, words.stone_legend, "stone"))
        out.append((None, words.line_legend_label, words.line_legend, "arrival"))
        return out

    def _legend_cells(self) -> list[tuple[Rect, tuple[Any, ...]]]:
        entries = self._legend_entries()
        w, h = self.board.size.width, self.board.size.height
        top = h - self.board.layout.legend_top
        band = Rect(
            self.board.margin,
            h - self.board.top_band,
            w - 2 * self.board.margin,
            top - (h - self.board.top_band),
        )
        cols = math.ceil(len(entries) / 2)
        cw = band.w / cols
        rh = band.h / 2
        cells = []
        for i, e in enumerate(entries):
            row, col = divmod(i, cols)
            cells.append((Rect(band.x + col * cw, band.y1 - (row + 1) * rh, cw, rh), e))
        return cells

    def _legend_layout(self) -> list[tuple[Rect, tuple[Any, ...], Rect, float, float, Any]]:
        """Per legend entry: (cell, entry, icon tile, text x, text width, label size, text)."""
        tile_side, gap = self.board.layout.legend_tile, self.board.layout.legend_gap
        pad = gap * 0.4
        out = []
        for cell, entry in self._legend_cells():
            tile = Rect(cell.x + pad, cell.y1 - tile_side - pad, tile_side, tile_side)
            tx = tile.x1 + gap
            tw = cell.x1 - tx - gap * 1.2
            room = cell.h - LEGEND_LABEL_SIZE * 1.98  # below the entry's label
            fitted = fit_text(entry[2], role_font(self.fonts, "body"), tw, room, 8.5, 6)
            out.append((cell, entry, tile, tx, tw, fitted))
        return out

    def _legend_extents(self) -> list[Rect]:
        """What each legend entry covers: its tile, and its label and text (to the longest line);
        a seam may pass through the gap between the two."""
        boxes = []
        for cell, (_, label, _, _), tile, tx, tw, fitted in self._legend_layout():
            label_w = min(text_width(label, role_font(self.fonts, "heading"), 10), tw)
            text_w = max(text_width(line, fitted.font, fitted.size) for line in fitted.lines)
            boxes.append(tile)
            boxes.append(Rect(tx, cell.y, max(label_w, text_w), cell.h))
        return boxes

    def _legend(self, c: Canvas) -> None:
        for cell, (kind, label, _text, extra), tile, tx, tw, fitted in self._legend_layout():
            tile_side = tile.w
            fill = kind.fill if kind else self.palette.sand
            c.setFillColor(colour(fill))
            c.setStrokeColor(colour(self.palette.lines))
            c.setLineWidth(0.7)
            c.rect(tile.x, tile.y, tile.w, tile.h, stroke=1, fill=1)
            c.saveState()
            c.translate(tile.cx, tile.cy)
            if kind:
                card = next((sq.card for sq in self.board.squares if sq.kind == extra), None)
                self.symbol(c, kind, card, tile_side * 0.78)
            elif extra == "stone":
                c.setFillColor(colour(self.palette.stone))
                c.setStrokeColor(colour(self.palette.ink))
                c.circle(0, 0, tile_side * 0.36, stroke=1, fill=1)
                draw_emblem(
                    c, "pillar", 0, 0, tile_side * 0.5, colour(self.palette.ink), self.icons
                )
            else:
                c.setStrokeColor(colour(self.palette.arrival))
                c.setLineWidth(self.board.layout.line_width)
                c.line(0, -tile_side / 2, 0, tile_side / 2)
            c.restoreState()
            c.setFillColor(colour(self.palette.wall))
            size = LEGEND_LABEL_SIZE
            draw_line_fitted(
                c, label, font(c, "heading"), size, tx, cell.y1 - size * 1.3, tw, "left"
            )
            c.setFillColor(colour(self.palette.ink))
            draw_fitted(c, fitted, tx, cell.y1 - size * 1.87, tw, "left")
        c.setFillColor(colour(self.palette.wall))
        c.setFont(font(c, "display"), 12)
        top = self.board.size.height - self.board.layout.legend_title_at
        c.drawString(self.board.margin, top, self.board.legend_title)

    def _emblem_names(self) -> list[str]:
        """The cards named by board squares, in board order."""
        names: list[str] = []
        for sq in self.board.squares:
            if sq.card and sq.card not in names and self.board.square_kinds[sq.kind].names_card:
                names.append(sq.card)
        return names

    def _emblem_cells(self) -> list[Rect]:
        """Each card symbol's tile (its caption runs below it), left to right."""
        lay = self.board.layout
        side, step = lay.strip_tile, lay.strip_step
        y = self.board.bottom_band - (lay.strip_title_at + lay.legend_gap) - side
        return [
            Rect(self.board.margin + i * step, y, side, side)
            for i in range(len(self._emblem_names()))
        ]

    def _emblem_strip(self, c: Canvas) -> None:
        """The card symbols used on the board, each with its card's title."""
        names = self._emblem_names()
        if not names:
            return
        c.setFillColor(colour(self.palette.wall))
        c.setFont(font(c, "heading"), 10)
        heading_y = self.board.bottom_band - self.board.layout.strip_title_at
        c.drawString(self.board.margin, heading_y, self.board.symbols_title)
        step = self.board.layout.strip_step
        kind = next(k for k in self.board.square_kinds.values() if k.names_card)
        for cid, cell in zip(names, self._emblem_cells(), strict=True):
            x, y, side = cell.x, cell.y, cell.w
            c.setFillColor(colour(kind.fill))
            c.setStrokeColor(colour(self.palette.lines))
            c.setLineWidth(0.7)
            c.rect(x, y, side, side, stroke=1, fill=1)
            c.saveState()
            c.translate(x + side / 2, y + side / 2)
            self.symbol(c, kind, cid, side * 0.8)
            c.restoreState()
            c.setFillColor(colour(self.palette.ink))
            title = self.board.card_titles.get(cid, cid)
            caption_x = x - (step - side) / 2
            draw_line_fitted(c, title, font(c, "heading"), 7.5, caption_x, y - side * 0.257, step)

    def _bottom_lines(self) -> list[tuple[str, str, float, float, float, float, str, float]]:
        """(text, font, size, x, baseline, width, align, least size) of the title and notes."""
        w, lay = self.board.size.width, self.board.layout
        y = self.board.bottom_band / 2
        tw = w * 0.4
        title_y = y - lay.title_size * 0.09
        lines = [
            (
                self.board.title,
                role_font(self.fonts, "display"),
                lay.title_size,
                (w - tw) / 2,
                title_y,
                tw,
                "centre",
                4.0,
            )
        ]
        if self.board.subtitle:
            lines.append(
                (
                    self.board.subtitle,
                    role_font(self.fonts, "heading"),
                    lay.subtitle_size,
                    (w - tw) / 2,
                    y - lay.title_size * 0.727,
                    tw,
                    "centre",
                    4.0,
                )
            )
        x1 = w - self.board.margin
        nw = lay.notes_width
        ny = self.board.bottom_band - lay.strip_title_at
        for i, line in enumerate(self.board.notes):
            face = role_font(self.fonts, "heading") if i == 0 else role_font(self.fonts, "body")
            lines.append((line, face, 10 if i == 0 else 8.5, x1 - nw, ny, nw, "right", 6.0))
            ny -= lay.notes_step * 1.15 if i == 0 else lay.notes_step
        return lines

    def _title(self, c: Canvas) -> None:
        title_lines = 2 if self.board.subtitle else 1
        for i, (text, face, size, x, y, width, align, least) in enumerate(self._bottom_lines()):
            # the title, then the notes' heading line, in the wall colour; the rest in ink
            strong = i == 0 or i == title_lines
            c.setFillColor(colour(self.palette.wall) if strong else colour(self.palette.ink))
            draw_line_fitted(c, text, face, size, x, y, width, align, least)
        self._emblem_strip(c)


def fitted_size(text: str, face: str, size: float, width: float, min_size: float = 4.0) -> float:
    """The size draw_line_fitted uses for one line."""
    w = text_width(text, face, size)
    return max(min_size, size * width / w) if w > width else size


def word_boxes(
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
