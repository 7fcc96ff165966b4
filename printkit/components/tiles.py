"""The tiles component: square edge tiles (terrain per half-edge) with a common back.

Loading validates the tile set file with its schema and reads each tile's edge letters; it
accepts tiles that cannot be real (a half-edge in two pieces, say) so that `printkit check` can
report them as rules findings. Rendering refuses such tiles with located input errors, then hands
the tiles (and the optional rules reference card, a piece of the same size with its own two
sides) to the shared imposition in components/imposed.py.
"""

from __future__ import annotations

from pathlib import Path

from printkit.components.imposed import home_grid, render_pieces
from printkit.draw.tiles import ReferenceOverflow, ReferenceSide, TilePainter
from printkit.errors import Collector, Location, fail
from printkit.kit import Kit
from printkit.load.schema import Record, validate_document, where
from printkit.model.tiles import TILE_SET, TileSet, parse_edges, tile_problems


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
        seen.setdefault(tile.id, where(tile, "id"))
    errors.raise_if_any()
    if kit.options.profile == "home":
        home_grid(kit, tiles.size, doc.where(("tile_size",)))
    return tiles


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return TILE_SET


def output_name(kit: Kit, component_id: str) -> str:
    return f"{component_id}.pdf"


def render(kit: Kit, component_id: str, path: Path, progress=None) -> int:
    """Draw every tile face, the common back and the reference card into `path`."""
    tiles: TileSet = kit.model(component_id)
    problems = [p for tile in tiles.tiles for p in tile_problems(tile)]
    if problems:
        errors = Collector()
        for p in problems:
            errors.add(p.where, p.message + " (run `printkit check` for every rule)")
        errors.raise_if_any()
    items: list = list(tiles.tiles)
    if tiles.reference is not None:
        items.append(ReferenceSide(tiles.reference))

    def painter(c, bleed: float) -> TilePainter:
        return TilePainter(c, tiles, bleed)

    try:
        return render_pieces(
            kit, component_id, path, items, tiles.size, painter, Location(tiles.file), progress
        )
    except ReferenceOverflow as exc:
        raise fail(
            where(tiles, "reference", key=True) or Location(tiles.file), f"{exc}; shorten it"
        ) from None
