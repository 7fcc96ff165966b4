"""The `table` kind: rows and columns of text from data, for combat results, terrain effects
and reference cards.

The element's box is split into equal rows and into columns in proportion to `widths`; the
first `header` rows are headings on the face's colour; other rows are striped with `fill` when
it is given; `rules` says which lines are drawn. Every cell is fitted by the one text-fitting
routine (draw/text.py, through the element painter), so a cell that cannot fit at the minimum
size is the same located error as any other text.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw.colour import colour
from printkit.draw.fonts import font
from printkit.layout.geometry import Rect
from printkit.layout.units import mm
from printkit.load.records import spec
from printkit.load.schema import Choice, Int, ListOf, Number, Str
from printkit.model.face import (
    Element,
    Sized,
    align_key,
    colour_key,
    element_kind,
    fill_key,
    font_key,
    line_width_key,
    max_lines_key,
    valign_key,
)
from printkit.model.fromdata import fill_placeholders

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

    from printkit.draw.elements import ElementPainter, Palette

TABLE_RULES = ("grid", "rows", "columns", "none")
ROWS_DOC = (
    "its rows, each a list of cells (text, which may use {field} placeholders and inline "
    "icons); the first `header` rows are headings"
)
WIDTHS_DOC = (
    "the columns' widths, in proportion to each other (default: equal); as many as the "
    "widest row has cells"
)
RULES_DOC = "the lines drawn between cells: grid (all, and a frame), rows, columns or none"
CELL = Str(0, 120, doc="a table cell")


@element_kind("table", "rows and columns of fitted text, with heading rows and rules")
@fieldwise(kw_only=True)
class Table(Sized):
    """A grid of cells from data: heading rows on the face's colour, other rows in the ink
    (every other one on `fill`), and the rules `rules` asks for in `stroke`."""

    rows: list[list[str]] = spec(ListOf(ListOf(CELL, 1, 30), 0, 60), default=list, doc=ROWS_DOC)
    header: int = spec(Int(0, 10), default=1, doc="how many first rows are headings")
    widths: list[float] = spec(ListOf(Number(0.01, 1000), 0, 30), default=list, doc=WIDTHS_DOC)
    rules: str = spec(Choice(TABLE_RULES), default="grid", doc=RULES_DOC)
    font: str = font_key()
    align: str = align_key()
    colour: str | None = colour_key("the cells' text colour (default: the ink)")
    max_lines: int = max_lines_key()
    valign: str = valign_key()
    fill: str | None = fill_key("the ground of every other row (default: none)")
    stroke: str | None = fill_key("the rules' colour (default: the face's colour)")
    line_width: float = line_width_key("the rules' width")

    def placeholder_texts(self) -> Iterator[tuple[str, str]]:
        for row in self.rows:
            for cell in row:
                if cell:
                    yield "rows", cell

    def problems(self, place: str) -> Iterator[tuple[str | None, str]]:
        """A table has rows, and no more widths than its widest row has cells."""
        if not self.rows:
            yield None, f"a table element in {place} needs `rows: [[...], ...]`"
            return
        columns = max(len(row) for row in self.rows)
        if self.widths and len(self.widths) != columns:
            yield (
                "widths",
                f"a table in {place} has {columns} columns but {len(self.widths)} widths",
            )

    def column_edges(self, box: Rect) -> list[float]:
        """The x of each column's left edge, and the table's right edge last."""
        n = max((len(row) for row in self.rows), default=0)
        shares = list(self.widths) if len(self.widths) == n else [1.0] * n
        total = sum(shares) or 1.0
        edges, x = [box.x], box.x
        for share in shares:
            x += box.w * share / total
            edges.append(x)
        edges[-1] = box.x1
        return edges

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        """The table in `box`, its text at most its size: headings in the text on the face's
        colour, other cells in its colour or the ink."""
        main, on_main = palette.colour, palette.on_colour
        size = painter.text_size(self)
        c = painter.canvas
        edges = self.column_edges(box)
        row_h = box.h / max(len(self.rows), 1)
        pad = min(mm(0.8), row_h * 0.12)
        for r, row in enumerate(self.rows):
            top = box.y1 - r * row_h
            heading = r < self.header
            striped = self.fill if self.fill and (r - self.header) % 2 else None
            ground = main if heading else striped
            if ground:
                painter.set_fill(colour(ground))
                c.rect(box.x, top - row_h, box.w, row_h, stroke=0, fill=1)
            painter.set_fill(colour(on_main if heading else (self.colour or palette.ink)))
            face = font(c, "heading") if heading else font(c, self.font)
            for k, cell in enumerate(row):
                text = fill_placeholders(cell, values) if cell else ""
                if not text.strip():
                    continue
                inner = Rect(edges[k] + pad, top - row_h + pad, edges[k + 1] - edges[k] - 2 * pad,
                             row_h - 2 * pad)  # fmt: skip
                painter.text(self, "rows", text, face, inner, size, self.align, self.max_lines,
                             self.valign)  # fmt: skip
        self._rules(c, box, edges, row_h, self.stroke or main)

    def _rules(self, c: Canvas, box: Rect, edges: list[float], row_h: float, ink: str) -> None:
        """The lines between cells that `rules` asks for (grid: all, and a frame)."""
        if self.rules == "none":
            return
        c.setStrokeColor(colour(ink))
        c.setLineWidth(self.line_width)
        if self.rules in ("grid", "rows"):
            for r in range(1, len(self.rows)):
                y = box.y1 - r * row_h
                c.line(box.x, y, box.x1, y)
        if self.rules in ("grid", "columns"):
            for x in edges[1:-1]:
                c.line(x, box.y, x, box.y1)
        if self.rules == "grid":
            c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)


KINDS: tuple[type[Element], ...] = (Table,)
