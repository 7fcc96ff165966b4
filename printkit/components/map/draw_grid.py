"""Drawing a hex or square grid (components/map/grid.py) on a board: terrain, outlines, features, numbers.

Layers, bottom to top: each cell's terrain (fill, texture clipped to the cell, icon, word), the
cells' outlines, roads (centre to centre), rivers and borders (along shared sides), the
coordinates, then the places (symbol and label, with a paper-coloured halo so they read over
any terrain). Positions come from layout/hexgrid.py, measured down from the grid's top-left;
`Flip` turns them into page points.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.components.map.grid import Grid, LineStyle, PointFeature, Symbol, Terrain
from printkit.components.map.terrain import terrain_texture
from printkit.draw import pictograms
from printkit.draw.colour import colour, shade
from printkit.draw.fonts import font
from printkit.draw.icons import Colours, IconLibrary
from printkit.draw.outlines import stroke_outline
from printkit.draw.sketch import paints_shapes
from printkit.layout.geometry import Rect
from printkit.layout.hexgrid import Cell, GridLayout, HexLayout, Point


@dataclass(frozen=True)
class Flip:
    """Grid points (y down from the grid's top-left at `x`, `top` from the page's top-left) as
    page points (y up) on a page of `height`."""

    x: float
    top: float
    height: float

    def __call__(self, p: Point) -> Point:
        return self.x + p[0], self.height - self.top - p[1]


class GridPainter:
    """Draws one grid; `cells` maps each existing cell to its terrain letter."""

    def __init__(self, c: Canvas, grid: Grid, flip: Flip, icons: IconLibrary) -> None:
        self.canvas = c
        self.grid = grid
        self.flip = flip
        self.icons = icons
        self.layout: GridLayout = grid.layout()
        self.cells = grid.letters()

    def draw(self) -> None:
        for cell, letter in self.cells.items():
            terrain = self.grid.terrain.get(letter)
            if terrain is not None:
                self._terrain(cell, terrain)
        self._outlines()
        for path in self.grid.paths:
            self._line(self.path_points(path.cells), self.grid.lines[path.line])
        for edge in self.grid.edges:
            self._sides(edge.sides, self.grid.lines[edge.line])
        self._centre_dots()
        self._coordinates()
        for point in self.grid.points:
            self._place(point, self.grid.symbols.get(point.symbol))

    # -- the legend ---------------------------------------------------------------------------
    def legend(self, box: Rect) -> None:
        """One entry per terrain, line style and symbol, in rows of the legend's columns, each
        drawn as on the map (a terrain's swatch is a whole cell at the map's scale)."""
        legend = self.grid.legend
        if legend is None:
            return
        entries = [("terrain", k) for k in self.grid.terrain]
        entries += [("line", k) for k in self.grid.lines] + [
            ("symbol", k) for k in self.grid.symbols
        ]
        rows = max(1, math.ceil(len(entries) / legend.columns))
        w, h = box.w / legend.columns, box.h / rows
        for i, (what, key) in enumerate(entries):
            cell = Rect(
                box.x + (i % legend.columns) * w, box.y1 - (i // legend.columns + 1) * h, w, h
            )
            self._entry(what, key, cell, legend.size)

    def _entry(self, what: str, key: str, cell: Rect, size: float) -> None:
        c = self.canvas
        mark = min(cell.h * 0.9, self.grid.size)
        mx = cell.x + mark / 2 + 1
        if what == "terrain":
            self._swatch(key, mx, cell.cy, mark)
            name = self.grid.terrain[key].name
        elif what == "line":
            self._line([(cell.x + 1, cell.cy), (cell.x + mark + 1, cell.cy)], self.grid.lines[key])
            name = self.grid.lines[key].name or key
        else:
            symbol = self.grid.symbols[key]
            self._symbol(symbol, mx, cell.cy)
            name = symbol.name or key
        c.setFillColor(colour(self.grid.coordinate_colour))
        c.setFont(font(self.canvas, "heading"), size)
        c.drawString(cell.x + mark + 1 + size * 0.6, cell.cy - size * 0.35, name)

    def _swatch(self, letter: str, cx: float, cy: float, mark: float) -> None:
        one = dataclasses.replace(self.grid, columns=1, rows=1, cells=[letter], size=mark,
                                  coordinate_size=0.0, centre_dot=0.0, edges=[], paths=[],
                                  points=[])  # fmt: skip
        layout = one.layout()
        flip = Flip(
            cx - layout.width / 2, self.flip.height - cy - layout.height / 2, self.flip.height
        )
        GridPainter(self.canvas, one, flip, self.icons).draw()

    # -- cells --------------------------------------------------------------------------------
    def _outline_path(self, cell: Cell) -> Any:
        p = self.canvas.beginPath()
        corners = [self.flip(q) for q in self.layout.corners(cell)]
        p.moveTo(*corners[0])
        for q in corners[1:]:
            p.lineTo(*q)
        p.close()
        return p

    def _bounds(self, cell: Cell) -> Rect:
        xs, ys = zip(*(self.flip(q) for q in self.layout.corners(cell)), strict=True)
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def _terrain(self, cell: Cell, terrain: Terrain) -> None:
        c = self.canvas
        c.saveState()
        c.setFillColor(colour(terrain.fill))
        c.clipPath(self._outline_path(cell), stroke=0, fill=1)
        ink = colour(terrain.pattern_colour) if terrain.pattern_colour else shade(terrain.fill, 0.4)
        c.setStrokeColor(ink)
        c.setFillColor(ink)
        bounds = self._bounds(cell)
        terrain_texture(c, terrain.pattern, bounds, terrain.pattern_spacing, terrain.pattern_width)
        c.restoreState()
        cx, cy = self.flip(self.layout.centre(cell))
        if terrain.icon:
            size = self.grid.size * 0.42
            self.icons.draw(c, terrain.icon, cx, cy, size, Colours(ink, colour(terrain.fill)))
        if terrain.label:
            at = (cx, cy - self.grid.size * 0.36)
            halo_text(c, terrain.label, font(self.canvas, "condensed"), self.grid.size * 0.13, at, ink,
                      colour(terrain.fill))  # fmt: skip

    def _outlines(self) -> None:
        if not self.grid.outline_width:
            return
        c = self.canvas
        c.saveState()
        c.setStrokeColor(colour(self.grid.outline))
        c.setLineWidth(self.grid.outline_width)
        c.setLineJoin(1)
        for cell in self.cells:
            c.drawPath(self._outline_path(cell), stroke=1, fill=0)
        c.restoreState()

    def _centre_dots(self) -> None:
        width = self.grid.centre_dot
        if not width:
            return
        c = self.canvas
        c.saveState()
        c.setFillColor(colour(self.grid.coordinate_colour))
        for cell in self.cells:
            c.circle(*self.flip(self.layout.centre(cell)), width / 2, stroke=0, fill=1)
        c.restoreState()

    def _coordinates(self) -> None:
        size = self.grid.coordinate_size
        if not size:
            return
        names = self.grid.names()
        face = font(self.canvas, "condensed")
        ink = colour(self.grid.coordinate_colour)
        rise = self._coordinate_rise(size)
        for cell, letter in self.cells.items():
            terrain = self.grid.terrain.get(letter)
            ground = colour(terrain.fill if terrain else "#ffffff")
            cx, cy = self.flip(self.layout.centre(cell))
            halo_text(self.canvas, names.label(cell), face, size, (cx, cy + rise), ink, ground)

    def _coordinate_rise(self, size: float) -> float:
        """How far above the cell's centre a name's baseline lies (negative: below)."""
        half = self.grid.size / 2
        if isinstance(self.layout, HexLayout) and self.layout.pointy:
            half = self.layout.radius * 0.62 + size * 0.85  # clear of the pointed top
        position = self.grid.coordinate_position
        if position == "centre":
            return -size * 0.35
        if position == "bottom":
            return -half + size * 0.45 + self.grid.outline_width
        return half - size * 1.05 - self.grid.outline_width

    # -- features -----------------------------------------------------------------------------
    def path_points(self, names: list[str]) -> list[Point]:
        """A path's page points: the centres of its cells; an end just off the map is the
        middle of the side it leaves by (a half-hex stub to the map's edge)."""
        g = self.grid
        cells = [g.position(name) for name in names]
        points: list[Point] = []
        for i, cell in enumerate(cells):
            if cell is None:
                continue
            if g.cell_named(names[i]) is not None:
                points.append(self.flip(self.layout.centre(cell)))
                continue
            inner = cells[i - 1] if i else (cells[1] if len(cells) > 1 else None)
            side = self.layout.side(inner, cell) if inner is not None else None
            if side is not None:
                (ax, ay), (bx, by) = side
                points.append(self.flip(((ax + bx) / 2, (ay + by) / 2)))
        return points

    def _stroke(self, style: LineStyle, casing: bool) -> None:
        c = self.canvas
        c.setLineCap(1)
        c.setLineJoin(1)
        c.setStrokeColor(colour(style.casing if casing and style.casing else style.colour))
        c.setLineWidth(style.width * (1.6 if casing else 1.0))
        c.setDash(list(style.dash) if style.dash and not casing else [])

    def _line(self, points: Sequence[Point], style: LineStyle) -> None:
        if len(points) < 2:
            return
        c = self.canvas
        for casing in (True, False) if style.casing else (False,):
            c.saveState()
            self._stroke(style, casing)
            p = c.beginPath()
            p.moveTo(*points[0])
            for q in points[1:]:
                p.lineTo(*q)
            c.drawPath(p, stroke=1, fill=0)
            c.restoreState()

    def _sides(self, sides: list[str], style: LineStyle) -> None:
        """Consecutive sides that meet are drawn as one line, so joins are smooth."""
        run: list[Point] = []
        for side in sides:
            ends = self.side_points(side)
            if ends is None:
                continue
            a, b = ends
            if run and _same(run[-1], b):
                a, b = b, a
            if run and _same(run[-1], a):
                run.append(b)
                continue
            self._line(run, style)
            run = [a, b]
        self._line(run, style)

    def side_points(self, side: str) -> tuple[Point, Point] | None:
        """The page points of a side written "0305/0306" (None if not a shared side)."""
        first, _, second = side.partition("/")
        a, b = self.grid.position(first), self.grid.position(second)
        ends = self.layout.side(a, b) if a is not None and b is not None else None
        return None if ends is None else (self.flip(ends[0]), self.flip(ends[1]))

    def _place(self, point: PointFeature, symbol: Symbol | None) -> None:
        place = self.grid.place_of(point)
        if place is None:
            return
        cx, cy = self.flip(place)
        if symbol is None:  # a name on the map: a region, a river, a forest
            halo_text(self.canvas, point.label, font(self.canvas, "italic"), point.size,
                      (cx, cy - point.size * 0.35), colour(self.grid.coordinate_colour),
                      colour("#ffffff"))  # fmt: skip
            return
        self._symbol(symbol, cx, cy)
        if point.label:
            self._label(point.label, symbol, cx, cy - symbol.size / 2 - symbol.label_size * 0.95)

    def _symbol(self, s: Symbol, cx: float, cy: float) -> None:
        c = self.canvas
        c.saveState()
        c.setFillColor(colour(s.fill))
        c.setStrokeColor(colour(s.stroke))
        c.setLineWidth(max(0.4, s.size * 0.08))
        half = s.size / 2
        if s.shape == "icon" and s.icon:
            self.icons.draw(c, s.icon, cx, cy, s.size, Colours(colour(s.stroke), colour(s.fill)))
        elif s.shape == "square":
            c.rect(cx - half, cy - half, s.size, s.size, stroke=1, fill=1)
            c.setFillColor(colour(s.stroke))
            c.rect(cx - half * 0.4, cy - half * 0.4, half * 0.8, half * 0.8, stroke=0, fill=1)
        elif s.shape == "star":
            c.setLineWidth(max(0.3, s.size * 0.05))
            c.setLineJoin(1)
            pictograms.star(c, cx, cy, half, stroke=True)
        else:
            radius = half * (0.5 if s.shape == "dot" else 1.0)
            c.circle(cx, cy, radius, stroke=int(s.shape != "dot"), fill=1)
        c.restoreState()

    def _label(self, text: str, s: Symbol, cx: float, baseline: float) -> None:
        halo_text(self.canvas, text, font(self.canvas, s.label_font), s.label_size, (cx, baseline),
                  colour(s.label_colour), colour("#ffffff"))  # fmt: skip


def halo_text(c: Canvas, text: str, face: str, size: float, at: Point, ink: Color,
              halo: Color) -> None:  # fmt: skip
    """`text` centred on `at`'s baseline in `ink`, over a stroked outline of `halo` that keeps
    it legible over any terrain or line. The outline is a path (the glyphs' outlines, under
    the letters exactly), not a second text run: the label is text once, for every reader."""
    x = at[0] - c.stringWidth(text, face, size) / 2
    if paints_shapes(c):  # the outline is a shape: a measuring canvas (`check`) skips it
        c.saveState()
        c.setStrokeColor(halo)
        stroke_outline(c, text, face, size, x, at[1], size * 0.22)
        c.restoreState()
    c.setFillColor(ink)
    c.setFont(face, size)
    c.drawString(x, at[1], text)


def _same(p: Point, q: Point) -> bool:
    return abs(p[0] - q[0]) < 1e-3 and abs(p[1] - q[1]) < 1e-3
