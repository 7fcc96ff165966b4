"""The map component: a generic board of any size (hex or square grid, tracks, connections, and
every card element), one shop page with bleed or tiled at 1:1 over home sheets, never a back.

This package owns the map type whole: its model (`model.py`, with the grids of `grid.py` and
the tracks and connections of `routes.py`), its drawing (`face.py`, over `draw_grid.py`,
`terrain.py` and `draw_routes.py`), and the checks of every name a grid's features use (cells,
terrain letters, line and symbol styles, icons), made here at the place it is written.
Printing goes through render/tiled.py, whose seams avoid the places and track spaces.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from printkit.api import Component, ComponentType, Derived, ItemList, Progress
from printkit.components.map.draw_routes import track_spaces
from printkit.components.map.face import BoardOverflow, BoardPainter, box_of, grid_origin
from printkit.components.map.grid import (
    EdgeFeature,
    HexGrid,
    PathFeature,
    PointFeature,
    SquareGrid,
)
from printkit.components.map.model import MapBoard, MapItem, item_names
from printkit.components.map.routes import ConnectionsElement, TrackElement
from printkit.components.map.terrain import texture_marks
from printkit.core import limits
from printkit.core.errors import Collector, InputError, Location, fail
from printkit.draw.elements import ElementOverflow
from printkit.draw.images import define_image_forms
from printkit.draw.sketch import SketchCanvas
from printkit.kit import Kit
from printkit.layout.geometry import Rect
from printkit.layout.hexgrid import BoardGrid, Cell, ring_cells
from printkit.layout.units import format_mm, to_mm
from printkit.load.images import load_image
from printkit.load.records import record_of
from printkit.load.schema import Record, validate_document, where
from printkit.load.yamlsafe import Document
from printkit.model.face import Element
from printkit.render.links import data_inputs
from printkit.render.tiled import render_plan

MAP: Record = record_of(MapBoard)


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return MAP


def load(kit: Kit, component_id: str) -> MapBoard:
    doc = kit.document(component_id)
    m: MapBoard = validate_document(doc, MAP)
    m.file = doc.file
    errors = Collector()
    library = kit.icons()
    for index, e in enumerate(m.face):
        if isinstance(e, HexGrid | SquareGrid):
            _check_grid(m, e, errors, library, partial(_row_at, doc, index))
            m.items += _cell_items(doc, index, e)
        elif isinstance(e, TrackElement):
            _check_track(m, e, errors)
            m.items += [_space_item(e, n) for n in range(e.first, e.first + e.spaces)]
        elif isinstance(e, ConnectionsElement):
            _check_links(e, errors)
            m.items += [_point_item(e, name) for name in e.points]
        elif isinstance(e, Element):
            for key, name in e.icons():
                if "{" not in name and name not in library:
                    errors.add(where(e, key) or where(e), library.unknown(name))
    errors.raise_if_any()
    _check_marks(m)
    m.images = _images(kit, m)
    return m


def _check_marks(m: MapBoard) -> None:
    """The terrain textures of every grid of the map make at most MAX_MAP_MARKS marks,
    counted from the cells each terrain covers and its pattern_spacing before anything is
    drawn (a 300 x 300 grid of patterned squares once drew for minutes, out of memory);
    refused at the grid that passes the limit, naming its densest terrain."""
    total = 0
    for e in m.face:
        if not isinstance(e, HexGrid | SquareGrid):
            continue
        layout = e.layout()
        xs, ys = zip(*layout.corners((0, 0)), strict=True)
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        covered = Counter(e.letters().values())
        marks = {
            letter: n * texture_marks(t.pattern, w, h, t.pattern_spacing)
            for letter, t in e.terrain.items()
            if (n := covered.get(letter, 0))
        }
        total += sum(marks.values())
        if total > limits.MAX_MAP_MARKS:
            letter = max(marks, key=lambda k: marks[k])
            t = e.terrain[letter]
            raise fail(
                where(t, "pattern_spacing") or where(t, "pattern") or where(e) or Location(m.file),
                f"the map's terrain textures would draw {total:,} marks ({covered[letter]:,} "
                f"cells of {t.name!r} make {marks[letter]:,} with a pattern_spacing of "
                f"{format_mm(t.pattern_spacing)}); the limit (MAX_MAP_MARKS) is "
                f"{limits.MAX_MAP_MARKS:,}: space the marks wider, or leave some terrain plain",
            )


def _images(kit: Kit, m: MapBoard) -> dict[str, Any]:
    errors, images = Collector(), dict[str, Any]()
    for e in m.face:
        for image in e.images() if isinstance(e, Element) else ():
            try:
                images[image] = load_image(
                    kit.root, image, where(e, "image") or Location(m.file), log=kit.reads
                )
            except InputError as exc:
                for d in exc.diagnostics:
                    errors.add(d.where, d.message)
    errors.raise_if_any()
    return images


def inputs(kit: Kit, component_id: str) -> list[Path]:
    """The files the map is drawn from: the kit's shared files, its data file and every
    picture its face shows."""
    m = kit.model_as(component_id, MapBoard)
    return list(dict.fromkeys([*data_inputs(kit, component_id), *(kit.root / p for p in m.images)]))


# -- checks ------------------------------------------------------------------------------------


def _outside(m: MapBoard, r: Rect) -> bool:
    return r.x < -1e-6 or r.y < -1e-6 or r.x1 > m.width + 1e-6 or r.y1 > m.height + 1e-6


def _row_at(doc: Document, index: int, row: int) -> Location:
    """Where row `row` of the `cells` of face element `index` is written."""
    return doc.where(("face", index, "cells", row))


def _check_grid(
    m: MapBoard,
    g: HexGrid | SquareGrid,
    errors: Collector,
    library: Any,
    row_at: Callable[[int], Location],
) -> None:
    layout = g.layout()
    x, top = grid_origin(m, g)
    if _outside(m, Rect(x, top, layout.width, layout.height)):
        errors.add(
            where(g, "at") or where(g),
            f"the grid ({format_mm(layout.width)} x {format_mm(layout.height)} at "
            f"{to_mm(x):g}, {to_mm(top):g} mm) reaches outside the {format_mm(m.width)} x "
            f"{format_mm(m.height)} map",
        )
    if g.coordinates == "A1" and g.first_column < 1:
        errors.add(where(g, "first_column"), "A1 names need a first_column of 1 (A) or more")
    _check_rows(g, errors, row_at)
    _check_styles(g, errors, library)
    _check_features(g, errors)


def _check_rows(
    g: HexGrid | SquareGrid, errors: Collector, row_at: Callable[[int], Location]
) -> None:
    if g.cells and len(g.cells) != g.rows:
        errors.add(where(g, "cells"), f"`cells` has {len(g.cells)} rows; the grid has {g.rows}")
    for row, text in enumerate(g.cells):
        letters = "".join(text.split())
        if len(letters) != g.columns:
            errors.add(
                row_at(row),
                f"row {row + 1} of `cells` has {len(letters)} cells; the grid has {g.columns} columns",
            )
        unknown = sorted({ch for ch in letters if ch != "." and ch not in g.terrain})
        if unknown:
            errors.add(
                row_at(row),
                f"row {row + 1} of `cells` uses {', '.join(repr(u) for u in unknown)}, which "
                f"`terrain` does not have; it has: {', '.join(g.terrain) or 'nothing'}",
            )


def _check_styles(g: HexGrid | SquareGrid, errors: Collector, library: Any) -> None:
    features: list[EdgeFeature | PathFeature] = [*g.edges, *g.paths]
    for feature in features:
        if feature.line not in g.lines:
            errors.add(where(feature, "line"), _unknown("line style", feature.line, g.lines))
    for point in g.points:
        if point.symbol and point.symbol not in g.symbols:
            errors.add(where(point, "symbol"), _unknown("symbol", point.symbol, g.symbols))
    icons = [(t, t.icon) for t in g.terrain.values()] + [(s, s.icon) for s in g.symbols.values()]
    for owner, name in icons:
        if name and name not in library:
            errors.add(where(owner, "icon"), library.unknown(name))


def _unknown(what: str, name: str, known: dict[str, Any]) -> str:
    return f"no {what} {name!r} in this grid; it has: {', '.join(known) or 'none'}"


def _check_features(g: HexGrid | SquareGrid, errors: Collector) -> None:
    layout = g.layout()

    def not_a_cell(name: str) -> str:
        return f"{name!r} is not a cell of grid {g.name!r}"

    for edge in g.edges:
        for side in edge.sides:
            a, _, b = side.partition("/")
            ends = [g.position(a), g.position(b)]
            if None in ends or all(g.cell_named(n) is None for n in (a, b)):
                wrong = next((n for n, e in zip((a, b), ends, strict=True) if e is None), a)
                errors.add(where(edge, "sides"), not_a_cell(wrong))
            elif layout.side(*ends) is None:  # type: ignore[arg-type]
                errors.add(where(edge, "sides"), f"{a} and {b} share no side ({side})")
    for path in g.paths:
        _check_path(g, path, errors, not_a_cell)
    for point in g.points:
        if g.cell_named(point.at) is None:
            errors.add(where(point, "at"), not_a_cell(point.at))


def _check_path(
    g: HexGrid | SquareGrid, path: PathFeature, errors: Collector, not_a_cell: Callable[[str], str]
) -> None:
    """Every cell of a path is on the map (its first and last may be just off it, where the
    line leaves the map) and a neighbour of the one before."""
    layout = g.layout()
    last = len(path.cells) - 1
    cells: list[Cell | None] = []
    for i, name in enumerate(path.cells):
        cell = g.cell_named(name)
        if cell is None and i in (0, last) and last > 0:
            cell = g.outer_cell(name)
        if cell is None:
            errors.add(where(path, "cells"), not_a_cell(name))
        cells.append(cell)
    for i in range(last):
        a, b = cells[i], cells[i + 1]
        if a is not None and b is not None and not layout.neighbours(a, b):
            errors.add(
                where(path, "cells"),
                f"{path.cells[i]} and {path.cells[i + 1]} are not neighbours: each cell of a "
                f"{path.line} path must touch the one before (step {i + 1} of {last})",
            )


def _check_track(m: MapBoard, t: TrackElement, errors: Collector) -> None:
    if t.path == "edge":
        box = box_of(m, t)
        try:
            ring_cells(box.w, box.h, t.spaces)
        except ValueError as exc:
            errors.add(where(t, "spaces"), str(exc))
    if t.path == "polyline" and len(t.points) < 2:
        errors.add(where(t, "points") or where(t), "a polyline track needs at least two `points`")
    for mark in t.marks:
        if not t.first <= mark.at < t.first + t.spaces:
            errors.add(where(mark, "at"), f"the track has no space {mark.at}")


def _check_links(n: ConnectionsElement, errors: Collector) -> None:
    for link in n.link_ends():
        for end in link:
            if end not in n.points:
                errors.add(
                    where(n, "links"),
                    f"link {' - '.join(link)!r}: no point {end!r}; points: {', '.join(n.points)}",
                )


# -- items for rules data ---------------------------------------------------------------------


def _cell_items(doc: Document, index: int, g: HexGrid | SquareGrid) -> list[MapItem]:
    names = g.names()
    places: dict[Cell | None, PointFeature] = {}
    for p in g.points:  # a cell's place is its first labelled feature
        cell = g.cell_named(p.at)
        if cell not in places or (p.label and not places[cell].label):
            places[cell] = p
    kind = "hex" if isinstance(g, HexGrid) else "square"
    out = []
    for cell, letter in g.letters().items():
        terrain = g.terrain.get(letter)
        place = places.get(cell)
        fields = {"grid": g.name, "terrain": terrain.name if terrain else "", "letter": letter,
                  "place": place.label if place else "", "column": cell[0] + g.first_column,
                  "row": cell[1] + g.first_row}  # fmt: skip
        at = _row_at(doc, index, cell[1]) if g.cells else where(g)
        out.append(MapItem(names.label(cell), kind, fields).located(at))
    for p in g.points:
        cell = g.cell_named(p.at) or (-1, -1)
        cell_terrain = g.terrain.get(g.letters().get(cell, ""))
        fields = {"grid": g.name, "at": names.label(cell), "label": p.label,
                  "terrain": cell_terrain.name if cell_terrain else ""}  # fmt: skip
        out.append(MapItem(p.label or p.at, p.symbol or "label", fields).located(where(p)))
    return out


def _space_item(t: TrackElement, n: int) -> MapItem:
    return MapItem(str(n), "space", {"track": t.name, "number": n}).located(where(t))


def _point_item(n: ConnectionsElement, name: str) -> MapItem:
    links = sum(1 for link in n.link_ends() if name in link)
    return MapItem(name, "point", {"network": n.name, "links": links}).located(where(n, "points"))


# -- printing ---------------------------------------------------------------------------------


def avoid(m: MapBoard) -> list[Rect]:
    """What the tiling seams should not cut: places with their labels, and track spaces."""
    out: list[Rect] = []
    for g in m.grids():
        x, top = grid_origin(m, g)
        for p in g.points:
            place = g.place_of(p)
            if place is None:
                continue
            cx, cy = place
            half = g.size * 0.5
            out.append(Rect(x + cx - half, m.height - top - cy - half, 2 * half, 2 * half))
    for t in m.tracks():
        out += [
            Rect(s.cx - s.w / 2, s.cy - s.h / 2, s.w, s.h) for s in track_spaces(t, box_of(m, t))
        ]
    return out


def preflight(kit: Kit, derived: Derived, component_id: str) -> None:
    """Draw the map on a measuring canvas: every text must fit its box (an input error at the
    element, as a build would find)."""
    m = kit.model_as(component_id, MapBoard)
    with fitting_text():
        BoardPainter(m, kit.icons(), m.images).draw(
            SketchCanvas(io.BytesIO(), role_fonts=kit.fonts()), 0.0
        )


@contextmanager
def fitting_text() -> Iterator[None]:
    """Text that cannot fit its box, as an input error at the element that holds it."""
    try:
        yield
    except (ElementOverflow, BoardOverflow) as exc:
        e, overflow = exc.element, exc.overflow
        raise fail(
            where(e, "text") or where(e, "label") or where(e),
            f"text {overflow.text!r} of this {e.element} element does not fit its space even at "
            f"{overflow.min_size:g} pt; shorten it or enlarge the element",
        ) from None


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    m = kit.model_as(component_id, MapBoard)
    painter = BoardPainter(m, kit.icons(), m.images)
    with fitting_text():
        return render_plan(
            kit,
            component_id,
            path,
            m.size,
            painter.draw,
            avoid=avoid(m),
            overlap=m.glue_overlap,
            progress=progress,
            forms=lambda c: define_image_forms(c, m.images, m.images, set()),
            own=m.source == "ours",
        )


def board_grids(kit: Kit, component_id: str) -> list[BoardGrid]:
    """The map is a board: its grids, for a table-top program's board (export --vassal)."""
    m = kit.model_as(component_id, MapBoard)
    return [BoardGrid(g.name, *grid_origin(m, g), g.layout(), g.names()) for g in m.grids()]


def map_names(data: object) -> dict[str, tuple[str, list[str]]]:
    """The item kinds (with the map's symbols) and item fields a data check may name."""
    kinds, fields = item_names(data)
    return {"kind": ("item kinds", kinds), "field": ("item fields", fields)}


class MapType(Component):
    """`type: map`: this module's functions (printkit/api.py says when each is called)."""

    item_list: ClassVar[ItemList | None] = ItemList(
        "face", "map item", "map items", "map", names=map_names
    )

    load = staticmethod(load)
    inputs = staticmethod(inputs)
    schema = staticmethod(schema)
    render = staticmethod(render)
    preflight = staticmethod(preflight)
    board_grids = staticmethod(board_grids)


COMPONENT: ComponentType = MapType()  # checked against the protocol by mypy
