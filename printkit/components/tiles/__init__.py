"""`type: tiles`: square edge tiles (terrain per half-edge) with a common back.

This package owns the tiles type whole: its model (`model.py`), the geometry of a tile's
terrains (`edgetile.py`, `tilespots.py`), its drawing (`draw.py`) and the members below.

Loading validates the tile set file with its schema and reads each tile's edge letters; it
accepts tiles that cannot be real (a half-edge in two pieces, say) so that `printkit check` can
report them as rules findings. Rendering refuses such tiles with located input errors, then hands
the tiles (and the optional rules reference card, a piece of the same size with its own two
sides) to the shared imposition in render/imposed.py.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from reportlab.pdfgen.canvas import Canvas

from printkit.api import Component, ComponentType, Derived, ItemList, PieceGroup, Progress
from printkit.checks import Finding
from printkit.components.tiles.draw import (
    BackOverflow,
    ReferenceOverflow,
    ReferenceSide,
    TilePainter,
    back_key,
)
from printkit.components.tiles.model import TILE_SET, Tile, TileSet, parse_edges, tile_problems
from printkit.core.errors import Collector, InputError, Location, fail
from printkit.draw.fonts import KitCanvas
from printkit.draw.text import INLINE_ICON
from printkit.kit import Kit
from printkit.load.schema import Record, located, validate_document, where
from printkit.render.face_checks import at
from printkit.render.imposed import home_grid, render_groups, safe_area
from printkit.render.links import data_inputs


def load(kit: Kit, component_id: str) -> TileSet:
    doc = kit.document(component_id)
    tiles: TileSet = validate_document(doc, TILE_SET)
    tiles.file = doc.file
    errors = Collector()
    for name, terrain in tiles.terrains.items():
        terrain.name = name
    letters = [t.letter for t in tiles.terrains.values()]
    for name, terrain in tiles.terrains.items():
        if letters.count(terrain.letter) > 1:
            errors.add(
                where(terrain, "letter"),
                f"terrain {name!r} uses letter {terrain.letter!r}, which another terrain uses too",
            )
    errors.raise_if_any()
    seen: dict[str, Location] = {}
    by_letter = tiles.by_letter()
    for tile in tiles.tiles:
        halves = parse_edges(tile.edges, by_letter)
        if isinstance(halves, str):
            errors.add(where(tile, "edges"), f"tile {tile.id!r}: {halves}")
        else:
            tile.halves = halves
        if tile.id in seen:
            errors.add(
                where(tile, "id"),
                f"duplicate tile id {tile.id!r} (first at line {seen[tile.id].line})",
            )
        seen.setdefault(tile.id, located(tile, "id"))
        words = tile.feature_words()
        if words and len(words) not in (4, 8):
            errors.add(
                where(tile, "features"),
                f"tile {tile.id!r} gives {len(words)} feature words; give one per edge (4: top, "
                "right, bottom, left) or one per half-edge (8)",
            )
    errors.raise_if_any()
    tiles.icons = kit.icons()
    _check_ornaments(tiles, errors)
    errors.raise_if_any()
    if kit.options.profile == "home":
        home_grid(kit, tiles.size, doc.where(("tile_size",)), tiles.cut())
    return tiles


def _check_ornaments(tiles: TileSet, errors: Collector) -> None:
    """Ornaments and back icons name known icons; `ornaments` names known terrains."""
    library = tiles.icons
    for tile in tiles.tiles:
        if tile.ornament and tile.ornament not in library:
            errors.add(at(tile, "ornament"), f"tile {tile.id!r}: {library.unknown(tile.ornament)}")
    for name, terrain in tiles.ornaments.items():
        if name not in library:
            errors.add(where(tiles, "ornaments") or Location(tiles.file), library.unknown(name))
        if terrain not in tiles.terrains:
            errors.add(
                where(tiles, "ornaments") or Location(tiles.file),
                f"ornament {name!r} sits on terrain {terrain!r}, which is not one of the "
                f"terrains: {', '.join(sorted(tiles.terrains))}",
            )
    for element in tiles.back.elements():
        texts = [text for key, text in element.placeholder_texts() if key == "text"]
        for name in [name for _, name in element.icons()] + INLINE_ICON.findall("".join(texts)):
            if name not in library:
                errors.add(at(element, "icon"), library.unknown(name))


def preflight(kit: Kit, derived: Derived, component_id: str) -> None:
    """Draw the common back, each tile's own back and the reference card on a canvas never
    saved: their texts must fit (as in a build)."""
    tiles = kit.model_as(component_id, TileSet)
    painter = TilePainter(KitCanvas(io.BytesIO(), role_fonts=kit.fonts()), tiles, 0)
    try:
        painter.draw_back()
        for tile in tiles.tiles:
            if tile.back is not None:
                painter.draw_back(tile.back)
        if tiles.reference is not None:
            painter.draw_reference(tiles.reference.front)
            painter.draw_reference(tiles.reference.back)
    except BackOverflow as exc:
        raise _back_error(exc) from None
    except ReferenceOverflow as exc:
        raise _reference_error(tiles, exc) from None


def _back_error(exc: BackOverflow) -> InputError:
    return fail(
        where(exc.element, "text") or where(exc.element) or Location("?"),
        f"the tile {exc.attr} does not fit its box even at the smallest size "
        "(min_size or min_text_size); shorten it or enlarge the box",
    )


def _reference_error(tiles: TileSet, exc: ReferenceOverflow) -> InputError:
    where_ = where(tiles, "reference", key=True) or Location(tiles.file)
    return fail(where_, f"{exc}; shorten it, or lower min_text_size")


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return TILE_SET


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    """Draw every tile face, the common back and the reference card into `path`."""
    tiles = kit.model_as(component_id, TileSet)
    _refuse_impossible(tiles)
    try:
        return render_groups(kit, component_id, path, piece_groups(kit, component_id), progress)
    except BackOverflow as exc:
        raise _back_error(exc) from None
    except ReferenceOverflow as exc:
        raise _reference_error(tiles, exc) from None


def _refuse_impossible(tiles: TileSet) -> None:
    """Tiles that cannot be drawn (the rules' findings) are input errors once drawing starts."""
    problems = [p for tile in tiles.tiles for p in tile_problems(tile)]
    if problems:
        errors = Collector()
        for p in problems:
            errors.add(p.where, p.message + " (run `printkit check` for every rule)")
        errors.raise_if_any()


def piece_groups(kit: Kit, component_id: str) -> list[PieceGroup]:
    """Every tile, then the reference card (a piece of the same size)."""
    tiles = kit.model_as(component_id, TileSet)
    items: list[Tile | ReferenceSide] = [t for t in tiles.tiles for _ in range(t.count)]
    if tiles.reference is not None:
        items.append(ReferenceSide(tiles.reference))

    def locate(item: Tile | ReferenceSide) -> Location:
        if isinstance(item, ReferenceSide):
            return where(tiles, "reference", key=True) or Location(tiles.file)
        return where(item) or Location(tiles.file)

    def describe(item: Tile | ReferenceSide) -> str:
        return "the reference card" if isinstance(item, ReferenceSide) else f"tile {item.id!r}"

    def painter(c: Canvas, bleed: float) -> TilePainter:
        return TilePainter(c, tiles, bleed)

    def own(item: Tile | ReferenceSide) -> bool:
        return tiles.own(None if isinstance(item, ReferenceSide) else item)

    group = PieceGroup(
        items,
        tiles.size,
        painter,
        Location(tiles.file),
        locate=locate,
        describe=describe,
        shape=tiles.cut(),
        design=lambda item: "reference" if isinstance(item, ReferenceSide) else item.id,
        back_key=lambda item: back_key(tiles, item),
        own=own,
    )
    return [group]


def print_findings(kit: Kit, derived: Derived, component_id: str) -> list[Finding]:
    """What only drawing finds, for `printkit check`: text outside a piece's safe area. Tiles
    that cannot be drawn are the rules' findings, and are not drawn here."""
    (group,) = piece_groups(kit, component_id)
    drawable = [i for i in group.items if isinstance(i, ReferenceSide) or not tile_problems(i)]
    try:
        return safe_area([replace(group, items=drawable)], kit)
    except ReferenceOverflow:
        return []  # reported as an input error by the build


def cut_pieces(kit: Kit, derived: Derived, component_id: str) -> list[PieceGroup]:
    """The tiles and the reference card for gang sheets; tiles that cannot be drawn refused."""
    _refuse_impossible(kit.model_as(component_id, TileSet))
    return piece_groups(kit, component_id)


class TilesType(Component):
    """`type: tiles`: this module's functions (printkit/api.py says when each is called)."""

    item_list: ClassVar[ItemList | None] = ItemList("tiles", "tile", "tiles", "tile set")
    has_pieces = True
    gangs_by_default = True
    exports_pieces = True

    load = staticmethod(load)
    inputs = staticmethod(data_inputs)  # the kit's shared files and its data file
    schema = staticmethod(schema)
    render = staticmethod(render)
    preflight = staticmethod(preflight)
    print_findings = staticmethod(print_findings)
    piece_groups = staticmethod(cut_pieces)


COMPONENT: ComponentType = TilesType()  # checked against the protocol by mypy
