"""Grid elements of a board's face: `hex-grid` and `square-grid`, each cell styled from data.

A grid is placed by its top-left corner (`at`) and sized by its cells: `columns` x `rows` of
`size` (a hex's distance across the flats, a square's side). Its `cells` are rows of terrain
letters, one letter per cell ("." for no cell), each letter a key of `terrain` (a fill, a
pattern, an icon, a label). Cells are named as a wargame prints them: "0101" (column, row) or
"A1" (column letter, row); features name cells that way: rivers and borders along the sides two
cells share (`edges`, sides written "0305/0306"), roads through cell centres (`paths`), cities
and labels in a cell (`points`). Geometry is in layout/hexgrid.py, drawing in components/map/draw_grid.py.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from printkit.core.fieldwise import fieldwise
from printkit.layout.hexgrid import (
    NUMBER_FORMS,
    Cell,
    Coordinates,
    GridLayout,
    HexLayout,
    Point,
    SquareLayout,
    toward_border,
)
from printkit.layout.units import mm, parse_length
from printkit.load.records import record, record_of, spec
from printkit.load.schema import (
    Choice,
    Color,
    Id,
    Int,
    Invalid,
    Length,
    ListOf,
    MapOf,
    Number,
    Str,
    Type,
)
from printkit.model.face import BOX, BOX_DOC, FONT_ROLES, PATTERNS, BoxLength, Percent

TERRAIN_PATTERNS = (*PATTERNS, "trees", "hills", "waves", "tufts", "hatch")
PATTERN_DOC = "a texture over the cell, so terrain reads in greyscale: " + ", ".join(
    TERRAIN_PATTERNS
)
SYMBOL_SHAPES = ("circle", "square", "star", "dot", "icon")
SPOTS = ("centre", "n", "ne", "e", "se", "s", "sw", "w", "nw")
SPOT_ANGLES = {"e": 0.0, "se": 45.0, "s": 90.0, "sw": 135.0, "w": 180.0, "nw": 225.0,
               "n": 270.0, "ne": 315.0}  # fmt: skip
SPOT_DOC = (
    "where in its cell: centre, or a compass direction (n, ne, e, se, s, sw, w, nw), the point "
    "`spot_distance` of the way from the centre to the cell's border that way (on a flat-top "
    "hex e and w are corners, n and s the middles of sides)"
)


class CellNames(Type):
    """Cell names (or `a/b` sides) in one string split at spaces or commas, or a list."""

    doc = ""

    def __init__(self, sides: bool = False, doc: str = "") -> None:
        self.sides = sides
        self.doc = doc

    def convert(self, value: Any, ctx: Any, path: Any) -> Any:
        items = value if isinstance(value, list) else [value]
        out: list[str] = []
        for item in items:
            if isinstance(item, bool) or not isinstance(item, str | int):
                raise Invalid(self.describe())
            out += [part for part in re.split(r"[\s,]+", str(item)) if part]
        if not out or (self.sides and any(p.count("/") != 1 for p in out)):
            raise Invalid(self.describe())
        return out

    def describe(self) -> str:
        if self.sides:
            return 'sides written "0305/0306" (the two cells that share it), separated by spaces'
        return 'cell names like "0305" or "C4", separated by spaces (or a list)'

    def json(self) -> dict[str, Any]:
        item = {"type": ["string", "integer"]}
        return {"anyOf": [item, {"type": "array", "items": item, "minItems": 1}]}


class Shift(Type):
    """A signed length: a number (mm) or text with a unit, "-2mm" moving left or up."""

    doc = ""

    def convert(self, value: Any, ctx: Any, path: Any) -> Any:
        text = value.strip() if isinstance(value, str) else value
        negative = (isinstance(text, str) and text.startswith("-")) or (
            isinstance(text, int | float) and not isinstance(text, bool) and text < 0
        )
        magnitude = text[1:] if isinstance(text, str) and negative else text
        if negative and not isinstance(magnitude, str):
            magnitude = -magnitude
        pts = None if isinstance(magnitude, bool) else parse_length(magnitude)
        if pts is None or pts > mm(100):
            raise Invalid(self.describe())
        return -pts if negative else pts

    def describe(self) -> str:
        return 'a length like "2mm" or "-1.5mm" (plain numbers are mm), at most 100 mm either way'

    def json(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "number", "minimum": -100, "maximum": 100},
                          {"type": "string"}]}  # fmt: skip


class CellName(CellNames):
    """One cell's name ("0305"; an unquoted 0305 reads as the number 305 and is padded)."""

    def convert(self, value: Any, ctx: Any, path: Any) -> Any:
        names = super().convert(value, ctx, path)
        if len(names) != 1:
            raise Invalid(self.describe())
        return names[0]

    def describe(self) -> str:
        return 'a cell name like "0305" or "C4"'

    def json(self) -> dict[str, Any]:
        return {"type": ["string", "integer"]}


@record("terrain")
@fieldwise(kw_only=True)
class Terrain:
    """How cells of one terrain look (the key is the letter `cells` uses for it)."""

    name: str = spec(Str(1, 40), required=True, doc="the terrain's name (rules data reads it)")
    fill: str = spec(Color(), default="#f4f1e6", doc="the cell's colour")
    pattern: str = spec(Choice(TERRAIN_PATTERNS), default="plain", doc=PATTERN_DOC)
    pattern_colour: str | None = spec(Color(), doc="the texture's colour (default: a shade)")
    pattern_spacing: float = spec(Length(0.5, 50), default=mm(2), doc="between marks")
    pattern_width: float = spec(Length(0.05, 5), default=mm(0.25), doc="the marks' line width")
    icon: str = spec(Str(0, 80), default="", doc="an icon drawn in every cell of this terrain")
    label: str = spec(Str(0, 24), default="", doc="a word printed low in every such cell")


@record("line style")
@fieldwise(kw_only=True)
class LineStyle:
    """How a river, road or border is drawn."""

    name: str = spec(Str(0, 40), default="", doc="its name in the legend (default: its key)")
    colour: str = spec(Color(), required=True, doc="the line's colour")
    width: float = spec(Length(0.05, 20), default=mm(1), doc="the line's width")
    dash: list[float] = spec(
        ListOf(Length(0.1, 50), 0, 2), default=list, doc="[on, off] lengths for a dashed line"
    )
    casing: str | None = spec(Color(), doc="a wider line of this colour under it (an outline)")


@record("symbol")
@fieldwise(kw_only=True)
class Symbol:
    """How a point feature is drawn: a mark in the cell and its label beside it."""

    name: str = spec(Str(0, 40), default="", doc="its name in the legend (default: its key)")
    shape: str = spec(Choice(SYMBOL_SHAPES), default="square", doc="the mark's shape")
    icon: str = spec(Str(0, 80), default="", doc="shape icon: the icon's name")
    size: float = spec(Length(0.5, 100), default=mm(3), doc="the mark's width")
    fill: str = spec(Color(), default="#ffffff", doc="the mark's fill")
    stroke: str = spec(Color(), default="#1d1a16", doc="the mark's outline")
    label_size: float = spec(Length(0.5, 30), default=mm(2.6), doc="the label's type size")
    label_font: str = spec(Choice(FONT_ROLES), default="heading", doc="the label's typeface")
    label_colour: str = spec(Color(), default="#1d1a16", doc="the label's colour")


@record("edge feature")
@fieldwise(kw_only=True)
class EdgeFeature:
    """A line along cell sides: a river, a border, a wall."""

    line: str = spec(Id(), required=True, doc="its style: a key of the grid's `lines`")
    sides: list[str] = spec(CellNames(sides=True), required=True, doc="the sides, in order")


@record("path feature")
@fieldwise(kw_only=True)
class PathFeature:
    """A line from cell centre to cell centre: a road, a railway. Each cell is a neighbour of
    the one before; the first or last may be the cell just off the map, so the line leaves
    the map there (drawn to the map's edge, half a hex)."""

    line: str = spec(Id(), required=True, doc="its style: a key of the grid's `lines`")
    cells: list[str] = spec(
        CellNames(),
        required=True,
        doc="the cells it runs through, in order, each a neighbour of the one before (the "
        "first or last may be off the map: the line runs to the map's edge)",
    )


@record("point feature")
@fieldwise(kw_only=True)
class PointFeature:
    """A city, a town, a named place: a symbol in a cell and its label (or a label alone)."""

    at: str = spec(CellName(), required=True, doc="the cell")
    symbol: str = spec(
        Str(0, 64),
        default="",
        doc="its look: a key of the grid's `symbols` (none: the label alone)",
    )
    label: str = spec(Str(0, 40), default="", doc="its name, printed under the symbol")
    size: float = spec(
        Length(0.5, 30), default=mm(2.6), doc="a label alone: its type size (in italic)"
    )
    spot: str = spec(Choice(SPOTS), default="centre", doc=SPOT_DOC)
    spot_distance: float = spec(
        Number(0, 1),
        default=0.5,
        doc="a compass spot: how far out, from 0 (the centre) to 1 (the border)",
    )
    offset: list[float] = spec(
        ListOf(Shift(), 2, 2),
        default=lambda: [0.0, 0.0],
        doc="[right, down] from the spot, lengths (negative: left, up), so two features share a cell",
    )


@record("grid legend")
@fieldwise(kw_only=True)
class Legend:
    """A key to the grid's terrain, lines and symbols, in a box of its own."""

    box: list[float | Percent] = spec(BOX, required=True, doc=BOX_DOC)
    columns: int = spec(Int(1, 20), default=1, doc="entries side by side")
    size: float = spec(Length(1, 30), default=mm(2.6), doc="the names' type size")


AT = ListOf(BoxLength(0, 3000, allow_zero=True), 2, 2, doc="[x, y]")
AT_DOC = "the grid's top-left corner [x, y] from the board's top-left: lengths or \"10%\""


@dataclass(kw_only=True)
class GridParts:
    """The keys a hex grid and a square grid share."""

    name: str = spec(Id(), default="map", doc="the grid's name: rules data finds its cells by it")
    at: list[float | Percent] = spec(AT, required=True, doc=AT_DOC)
    columns: int = spec(Int(1, 300), required=True, doc="cells across")
    rows: int = spec(Int(1, 300), required=True, doc="cells down")
    terrain: dict[str, Terrain] = spec(
        MapOf(record_of(Terrain), key=Str(1, 1)),
        default=dict,
        doc="one letter -> how cells of that terrain look",
    )
    cells: list[str] = spec(
        ListOf(Str(0, 2000), 0, 300),
        default=list,
        doc='one text per row, a terrain letter per cell ("." for no cell; spaces ignored)',
    )
    coordinates: str = spec(
        Choice(NUMBER_FORMS),
        default="0101",
        doc="how cells are named and numbered: 0101, 01.01, A1 or 1-1 (data names cells so)",
    )
    coordinate_size: float = spec(
        Length(0, 20, allow_zero=True), default=mm(1.6), doc="the numbers' type size (0: none)"
    )
    coordinate_colour: str = spec(Color(), default="#4a463e", doc="the numbers' colour")
    coordinate_position: str = spec(
        Choice(("top", "bottom", "centre")), default="top", doc="where in the cell the name goes"
    )
    centre_dot: float = spec(
        Length(0, 10, allow_zero=True),
        default=0.0,
        doc="a dot of this width at every cell's centre, in the numbers' colour (0: none)",
    )
    first_column: int = spec(Int(0, 999), default=1, doc="the number of the first column")
    first_row: int = spec(Int(0, 999), default=1, doc="the number of the first row")
    outline: str = spec(Color(), default="#6b665c", doc="the cells' outline colour")
    outline_width: float = spec(Length(0, 5, allow_zero=True), default=mm(0.2), doc="its width")
    lines: dict[str, LineStyle] = spec(
        MapOf(record_of(LineStyle)), default=dict, doc="name -> a line style (river, road)"
    )
    symbols: dict[str, Symbol] = spec(
        MapOf(record_of(Symbol)), default=dict, doc="name -> a point style (city, town)"
    )
    edges: list[EdgeFeature] = spec(
        ListOf(record_of(EdgeFeature), 0, 500), default=list, doc="rivers, borders along sides"
    )
    paths: list[PathFeature] = spec(
        ListOf(record_of(PathFeature), 0, 500), default=list, doc="roads through cell centres"
    )
    points: list[PointFeature] = spec(
        ListOf(record_of(PointFeature), 0, 2000), default=list, doc="cities and named places"
    )
    legend: Legend | None = spec(
        record_of(Legend), doc="a key to the terrain, lines and symbols, where the box says"
    )

    def names(self) -> Coordinates:
        digits = max(2, len(str(self.first_column + self.columns - 1)),
                     len(str(self.first_row + self.rows - 1)))  # fmt: skip
        return Coordinates(self.coordinates, self.first_column, self.first_row, digits)

    def letters(self) -> dict[Cell, str]:
        """Each existing cell's terrain letter ("" where the grid gives no terrain); worked out
        once (a grid is not changed after it loads)."""
        cached = self.__dict__.get("_letters")
        if cached is None:
            cached = self._letters_of_rows()
            object.__setattr__(self, "_letters", cached)
        return cached

    def _letters_of_rows(self) -> dict[Cell, str]:
        out: dict[Cell, str] = {}
        rows = [re.sub(r"\s+", "", r) for r in self.cells]
        for cell in self.layout().cells():
            col, row = cell
            text = rows[row] if row < len(rows) else ""
            letter = text[col] if col < len(text) else ""
            if letter != ".":
                out[cell] = letter
        return out

    def cell_named(self, name: str) -> Cell | None:
        """The cell a data name means ("0305", or 305 as YAML reads it unquoted; "0305" on a
        grid numbered 03.05 or 3-5 too)."""
        spelt = self._spelt(name)
        cell = self.index().get(spelt)
        if cell is None and self.coordinates in ("01.01", "1-1"):
            at = self.names().position(spelt)
            cell = at if at in self.letters() else None
        return cell

    def _spelt(self, name: str) -> str:
        """A data name as the grid spells it (an unquoted 0305 padded; A1 names upper case)."""
        names = self.names()
        if names.form != "A1" and name.isdigit():
            return name.zfill(2 * names.digits)
        return name.upper() if names.form == "A1" else name

    def outer_cell(self, name: str) -> Cell | None:
        """The cell just off the map that a name means (outside the grid by one, or a "." of
        `cells`): a map-edge side or a path leaving the map names it. None for a cell of the
        map, or a name that is neither."""
        if self.cell_named(name) is not None:
            return None
        at = self.names().position(self._spelt(name))
        if at is None or not (-1 <= at[0] <= self.columns and -1 <= at[1] <= self.rows):
            return None
        return at

    def position(self, name: str) -> Cell | None:
        """A cell of the map, or the cell just off it, that a name means."""
        return self.cell_named(name) or self.outer_cell(name)

    def place_of(self, point: PointFeature) -> Point | None:
        """Where a point feature stands, from the grid's top-left (y down): its cell's centre,
        or its compass spot, moved by its offset (None if its cell is not on the map)."""
        cell = self.cell_named(point.at)
        if cell is None:
            return None
        layout = self.layout()
        x, y = layout.centre(cell)
        if point.spot != "centre":
            angle = SPOT_ANGLES[point.spot]
            x, y = toward_border((x, y), layout.corners(cell), angle, point.spot_distance)
        return x + point.offset[0], y + point.offset[1]

    def index(self) -> dict[str, Cell]:
        """Each existing cell by its name (worked out once)."""
        cached = self.__dict__.get("_index")
        if cached is None:
            names = self.names()
            cached = {names.label(cell): cell for cell in self.letters()}
            object.__setattr__(self, "_index", cached)
        return cached

    def layout(self) -> GridLayout:
        raise NotImplementedError


GRID_KEYS = tuple(f.name for f in dataclasses.fields(GridParts))


@record("hex grid", keys=("element", *GRID_KEYS[:4], "size", "orientation", "offset",
                          *GRID_KEYS[4:]))  # fmt: skip
@fieldwise(kw_only=True)
class HexGrid(GridParts):
    """A grid of hexes, numbered the way wargames number them."""

    element: str = spec(Choice(("hex-grid",)), required=True, doc="hex-grid")
    size: float = spec(Length(2, 500), required=True, doc="a hex's width across the flats")
    orientation: str = spec(
        Choice(("flat", "pointy")),
        default="flat",
        doc="flat: flat tops, columns of hexes; pointy: pointed tops, rows of hexes",
    )
    offset: str = spec(
        Choice(("even", "odd")),
        default="even",
        doc="which columns (flat) or rows (pointy), counted from 1, sit half a hex lower (right)",
    )

    def layout(self) -> HexLayout:
        return HexLayout(
            self.columns, self.rows, self.size, self.orientation == "pointy", self.offset
        )


@record("square grid", keys=("element", *GRID_KEYS[:4], "size", *GRID_KEYS[4:]))
@fieldwise(kw_only=True)
class SquareGrid(GridParts):
    """A grid of squares (areas, a chequered board), named A1 or 0101."""

    element: str = spec(Choice(("square-grid",)), required=True, doc="square-grid")
    size: float = spec(Length(2, 500), required=True, doc="a square's side")

    def layout(self) -> SquareLayout:
        return SquareLayout(self.columns, self.rows, self.size)


Grid = HexGrid | SquareGrid
HEX_GRID = record_of(HexGrid)
SQUARE_GRID = record_of(SquareGrid)
