"""Edge tiles drawn from their half-edge data, in the manner of an old engraved sea chart.

The painter knows no tile by name: every coastline comes from layout.edgetile, which computes
each piece's outline from the half-edges, so a new tile in the data draws itself. Terrains differ
in colour and in texture (waves, hills, dots), so they stay apart in a greyscale print too. The
sea near a coast carries engraved water lines; a tile flagged `rose_on` carries a compass rose
where it has most room; each tile's id sits small in its top-left corner, upright, so a player can write down a
finished map (`printkit score`). Faces and the common back are form XObjects, drawn once each.
The pictograms themselves (waves, hills, ship, rose...) are in draw/mapmarks.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.components.tiles.edgetile import Point, TileShape, tile_shape
from printkit.components.tiles.model import CardSide, Terrain, Tile, TileSet
from printkit.components.tiles.tilespots import jitter, open_spot, scatter, stipple_dots
from printkit.draw.backs import back_palette, back_values, draw_back
from printkit.draw.colour import colour, shade, tint
from printkit.draw.edges import EdgeLook, draw_edges
from printkit.draw.elements import ElementOverflow, ElementPainter, Palette
from printkit.draw.fonts import font, place_form
from printkit.draw.icons import BUILTIN, Colours
from printkit.draw.mapmarks import compass_rose, hill_mark, trees_mark, wave_mark
from printkit.draw.sketch import paints_shapes
from printkit.draw.text import TextOverflow, draw_fitted, draw_line_fitted, fit_text
from printkit.layout.geometry import Rect
from printkit.layout.units import mm
from printkit.model.backs import piece_back
from printkit.model.face import Areas, Back

BACK_MIN_TEXT = 6.0  # pt: the back's texts, unless an element gives its own min_size
ORNAMENT_SCALE = 2.5  # an ornament's icon size, in radii of the room found for it


TILE_BACK = "tile-back"  # the key of the common back (model/backs.piece_back), its form's name
REFERENCE_BACK = "ref-back"  # the reference card's back, its form's name


def back_key(tiles: TileSet, item: Tile | ReferenceSide) -> str:
    """The key of the back behind a tile (its own, else the set's) or the reference card: the
    name of its form in the PDF and of its picture in the exports."""
    if isinstance(item, ReferenceSide):
        return REFERENCE_BACK
    return piece_back(item.back, tiles.back, item.id, TILE_BACK)[0]


class ReferenceOverflow(ValueError):
    """The reference card's text does not fit even at the smallest allowed size."""


class BackOverflow(ValueError):
    """A text of the tile back does not fit its box even at the smallest allowed size."""

    def __init__(self, overflow: ElementOverflow) -> None:
        super().__init__(str(overflow))
        self.element = overflow.element
        self.attr = overflow.attr


class ReferenceSide:
    """An item for the imposition: the rules reference card (front and back differ)."""

    def __init__(self, card: Any) -> None:
        self.card = card


class TilePainter:
    """Draws a tile set's faces, its common back and its reference card as forms on one canvas."""

    def __init__(self, c: Canvas, tiles: TileSet, bleed: float) -> None:
        self.canvas = c
        self.tiles = tiles
        self.bleed = bleed
        self.size = tiles.tile_size
        self._forms: set[str] = set()

    # -- placing ---------------------------------------------------------------------------
    def place_front(self, item: Tile | ReferenceSide, trim: Rect) -> None:
        if isinstance(item, ReferenceSide):
            self._place("ref-front", trim, lambda: self.draw_reference(item.card.front))
        else:
            self._place(f"tile-{item.id}", trim, lambda: self.draw_face(item))

    def place_back(self, item: Tile | ReferenceSide, trim: Rect) -> None:
        if isinstance(item, ReferenceSide):
            self._place(REFERENCE_BACK, trim, lambda: self.draw_reference(item.card.back))
        else:
            name, back = piece_back(item.back, self.tiles.back, item.id, TILE_BACK)
            self._place(name, trim, lambda: self.draw_back(back))

    def _place(self, name: str, trim: Rect, draw: Callable[[], None]) -> None:
        c, b = self.canvas, self.bleed
        if name not in self._forms:
            c.beginForm(name, -b, -b, self.size + b, self.size + b)
            draw()
            c.endForm()
            self._forms.add(name)
        place_form(c, name, trim.x, trim.y)

    # -- a tile's face ---------------------------------------------------------------------
    def shape(self, tile: Tile) -> TileShape:
        return tile_shape(
            tile.halves,
            tile.piece_of(),
            self.size,
            self.bleed,
            self.tiles.coast.roughness,
            tile.id,
        )

    def draw_face(self, tile: Tile) -> None:
        c, s = self.canvas, self.size
        shape = self.shape(tile)
        rose = self._rose_spot(shape) if self.tiles.has_rose(tile) else None
        # the id marks the tile's upright corner; on the start tile the rose's N does that
        label = (mm(4.2), s - mm(4.2)) if self.tiles.corner_marks and not rose else None
        avoid = [(rose[0], rose[1] + mm(1.5))] if rose else []
        if label:
            avoid.append((label, mm(4.5)))
        ornament = self._ornament_spot(shape, tile, avoid)
        if ornament:
            avoid.append((ornament[0], ornament[1] + mm(1)))
        for terrain_name, outline in shape.regions:
            terrain = self.tiles.terrains[terrain_name]
            c.saveState()
            _clip(c, outline)
            c.setFillColor(colour(terrain.colour))
            c.rect(-self.bleed, -self.bleed, s + 2 * self.bleed, s + 2 * self.bleed, 0, 1)
            self._shore(shape, terrain)
            self._texture(shape, tile, terrain_name, terrain, avoid)
            c.restoreState()
        self._coastlines(shape)
        if tile.features and self.tiles.edge_looks:
            self._features(tile)
        if rose:
            compass_rose(c, rose[0], rose[1], self._ink(), self._paper(), self._accent())
        if ornament and tile.ornament:
            self._ornament(tile.ornament, *ornament)
        if label:
            self._corner_label(tile.id, label)
        if self.tiles.face:
            self._face_elements(tile)

    def _features(self, tile: Tile) -> None:
        """What each edge carries (a wall, a door mid-edge, a road), from the tile's
        `features` words and the set's `edge_looks` (draw/edges.py)."""
        looks = {
            word: EdgeLook(look.draw, look.colour, look.width, look.length, look.wall)
            for word, look in self.tiles.edge_looks.items()
        }
        s = self.size
        self.canvas.saveState()
        draw_edges(self.canvas, Rect(0, 0, s, s), 4, tile.feature_words(), looks)
        self.canvas.restoreState()

    def _face_elements(self, tile: Tile) -> None:
        """The tile set's `face` elements over the terrain, reading the tile's values."""
        s = self.size
        back = self.tiles.back
        painter = ElementPainter(
            self.canvas, Areas(s, s, mm(4), 0.0, self.bleed), self.tiles.icons or BUILTIN, {},
            BACK_MIN_TEXT,
        )  # fmt: skip
        palette = Palette(back.accent, back.colour, back.colour, back.ink, back.accent)
        try:
            painter.draw_all(self.tiles.face, tile, palette)
        except ElementOverflow as exc:
            raise BackOverflow(exc) from None

    def _ink(self) -> Color:
        return colour(self.tiles.coast.colour)

    def _paper(self) -> Color:
        land = [t for t in self.tiles.terrains.values() if t.texture != "waves"]
        return tint((land or list(self.tiles.terrains.values()))[0].colour, 0.55)

    def _accent(self) -> Color:
        return colour(self.tiles.back.accent)

    def _rose_spot(self, shape: TileShape) -> tuple[Point, float]:
        sea = [n for n, t in self.tiles.terrains.items() if t.texture == "waves"]
        (p, room) = open_spot(shape, self.size, sea[0] if sea else None)
        if room < self.size * 0.12:
            (p, room) = open_spot(shape, self.size)
        return p, min(room - mm(2), self.size * 0.19)

    def _ornament_spot(
        self, shape: TileShape, tile: Tile, avoid: list[tuple[Point, float]]
    ) -> tuple[Point, float] | None:
        """Where the tile's ornament goes: the roomiest spot of the terrain `ornaments` names
        for its icon (or of any terrain), if there is room."""
        if not tile.ornament:
            return None
        p, room = open_spot(shape, self.size, self.tiles.ornaments.get(tile.ornament))
        if any(math.dist(p, centre) < r + mm(5) for centre, r in avoid):
            return None
        radius = min(room - mm(1.5), mm(6.5))
        return (p, radius) if radius >= mm(4) else None

    def _ornament(self, name: str, at: Point, radius: float) -> None:
        """The ornament's icon in the coast's ink, the land's paper, the host terrain's ink."""
        host = self.tiles.terrains.get(self.tiles.ornaments.get(name, ""))
        accent = colour(host.ink) if host else self._ink()
        library = self.tiles.icons or BUILTIN
        colours = Colours(self._ink(), self._paper(), accent)
        library.draw(self.canvas, name, at[0], at[1], radius * ORNAMENT_SCALE, colours)

    def _shore(self, shape: TileShape, terrain: Terrain) -> None:
        """Bands along the coast: engraved water lines in the sea, a darker rim on land."""
        c = self.canvas
        c.setLineJoin(1)
        c.setLineCap(1)
        if terrain.texture == "waves":
            shallow = tint(terrain.colour, 0.3)
            bands = ((mm(34), 0.05), (mm(27), 0.09), (mm(20), 0.14), (mm(14), 0.2), (mm(11), 0.3))
            for width, amount in bands:
                c.setStrokeColor(tint(terrain.colour, amount))  # deeper water further out
                c.setLineWidth(width)
                for line in shape.coastlines:
                    _stroke(c, line)
            n = self.tiles.coast.waterlines
            width = mm(0.2)
            for i in range(n, 0, -1):
                d = mm(0.9) + mm(1.15) * (i - 1) * (1 + 0.18 * (i - 1))
                for line in shape.coastlines:
                    c.setStrokeColor(tint(terrain.ink, 0.12 + 0.5 * (i - 1) / max(n, 1)))
                    c.setLineWidth(2 * d + width)
                    _stroke(c, line)
                    c.setStrokeColor(shallow if d < mm(5.5) else colour(terrain.colour))
                    c.setLineWidth(2 * d - width)
                    _stroke(c, line)
        else:
            c.setStrokeColor(shade(terrain.colour, 0.12))
            c.setLineWidth(mm(3.2))
            for line in shape.coastlines:
                _stroke(c, line)
            c.setStrokeColor(shade(terrain.colour, 0.06))
            c.setLineWidth(mm(6))
            for line in shape.coastlines:
                _stroke(c, line)
            c.setStrokeColor(shade(terrain.colour, 0.12))
            c.setLineWidth(mm(2.6))
            for line in shape.coastlines:
                _stroke(c, line)

    def _texture(
        self,
        shape: TileShape,
        tile: Tile,
        name: str,
        terrain: Terrain,
        avoid: list[tuple[Point, float]],
    ) -> None:
        c, s = self.canvas, self.size
        if not paints_shapes(c):
            return  # marks and dots only: nothing to measure
        ink = colour(terrain.ink)
        if terrain.texture == "waves":
            spots = scatter(shape, s, name, mm(5.2), mm(5.5), f"{tile.id}:{name}", avoid)
            for x, y in spots:
                wave_mark(c, x, y, mm(3.4), ink, jitter(tile.id, x, y))
        elif terrain.texture == "hills":
            spots = scatter(shape, s, name, mm(8.5), mm(5.0), f"{tile.id}:{name}", avoid)
            for x, y in spots:
                j = jitter(tile.id, x, y)
                if j < 0.45:
                    hill_mark(c, x, y, mm(4.4 + 2.0 * j), ink, colour(terrain.colour))
                elif j < 0.8:
                    trees_mark(c, x, y, mm(0.95 + 0.3 * j), ink, tint(terrain.colour, 0.0))
            self._stipple(shape, tile, name, tint(terrain.ink, 0.55))
        elif terrain.texture == "dots":
            self._stipple(shape, tile, name, ink)

    def _stipple(self, shape: TileShape, tile: Tile, name: str, ink: Color) -> None:
        """Fine dots over the whole tile (one path of round-capped dots); the caller's clip
        keeps them inside the terrain."""
        c = self.canvas
        p = c.beginPath()
        for x, y in stipple_dots(tile.id, name, self.size):
            p.moveTo(x, y)
            p.lineTo(x + 0.1, y)
        c.saveState()
        c.setStrokeColor(ink)
        c.setLineCap(1)
        c.setLineWidth(mm(0.25))
        c.drawPath(p, stroke=1, fill=0)
        c.restoreState()

    def _coastlines(self, shape: TileShape) -> None:
        c = self.canvas
        c.saveState()
        c.setLineJoin(1)
        c.setLineCap(1)
        c.setStrokeColor(self._ink())
        c.setLineWidth(self.tiles.coast.width)
        for line in shape.coastlines:
            _stroke(c, _extend(line, self.bleed, self.size))
        c.restoreState()

    def _corner_label(self, text: str, at: Point) -> None:
        c = self.canvas
        r = mm(2.6)
        c.saveState()
        c.setFillColor(self._paper())
        c.setStrokeColor(self._ink())
        c.setLineWidth(0.5)
        c.circle(at[0], at[1], r, stroke=1, fill=1)
        c.setFillColor(self._ink())
        size = mm(2.6) if len(text) <= 2 else mm(1.6)
        draw_line_fitted(
            c,
            text,
            font(self.canvas, "display"),
            size,
            at[0] - r,
            at[1] - size * 0.36,
            2 * r,
            min_size=3,
        )
        c.restoreState()

    # -- the common back -------------------------------------------------------------------
    def draw_back(self, back: Back | None = None) -> None:
        """A back (the tile set's common back unless given: model/backs.piece_back decides) as
        a face drawn from its elements."""
        s, back = self.size, back or self.tiles.back
        draw_back(self.canvas, back, s, s, self.bleed)
        areas = Areas(s, s, mm(4), 0.0)
        library = self.tiles.icons or BUILTIN
        painter = ElementPainter(self.canvas, areas, library, {}, BACK_MIN_TEXT)
        try:
            painter.draw_all(back.elements(), back_values(""), back_palette(back))
        except ElementOverflow as exc:
            raise BackOverflow(exc) from None

    # -- the reference card ----------------------------------------------------------------
    def draw_reference(self, side: CardSide) -> None:
        """One side of the rules card: a title and headed paragraphs on parchment."""
        c, s, b = self.canvas, self.size, self.bleed
        back = self.tiles.back
        paper = self._paper()
        c.setFillColor(colour(back.colour))
        c.rect(-b, -b, s + 2 * b, s + 2 * b, stroke=0, fill=1)
        inset = mm(2.6)
        c.setFillColor(paper)
        c.setStrokeColor(colour(back.accent))
        c.setLineWidth(0.8)
        c.roundRect(inset, inset, s - 2 * inset, s - 2 * inset, mm(1.5), stroke=1, fill=1)
        ink = self._ink()
        c.setFillColor(colour(back.colour))
        title_h = mm(7)
        draw_line_fitted(
            c,
            side.title,
            font(self.canvas, "display"),
            mm(4.4),
            inset,
            s - inset - mm(5.6),
            s - 2 * inset,
        )
        c.setStrokeColor(colour(back.accent))
        c.setLineWidth(0.6)
        c.line(inset + mm(3), s - inset - title_h, s - inset - mm(3), s - inset - title_h)
        bottom = inset + mm(2.0)
        top = s - inset - title_h - mm(1.2)
        self._sections(
            side, Rect(inset + mm(2.2), bottom, s - 2 * inset - mm(4.4), top - bottom), ink
        )

    def _sections(self, side: CardSide, box: Rect, ink: Color) -> None:
        """Headings and text, at the largest common size that fits the box."""
        c = self.canvas
        min_size = self.tiles.min_text_size
        size = mm(3.2)
        while True:
            blocks = []
            total = 0.0
            for section in side.sections:
                try:
                    fitted = fit_text(
                        section.text, font(self.canvas, "body"), box.w, 1e6, size, size
                    )
                except TextOverflow:
                    raise ReferenceOverflow(
                        f"a word of {section.text[:30]!r}... is wider than the reference card"
                    ) from None
                head = size * 1.25 if section.heading else 0.0
                blocks.append((section, fitted, head))
                total += head + fitted.height + size * 0.45
            if total <= box.h or size <= min_size:
                break
            size = max(min_size, size - 0.25)
        if total > box.h:
            raise ReferenceOverflow(f"the reference card text does not fit even at {min_size:g} pt")
        y = box.y1 - (box.h - total) / 2
        for section, fitted, head in blocks:
            if section.heading:
                c.setFillColor(colour(self.tiles.back.colour))
                c.setFont(font(self.canvas, "heading"), size * 1.05)
                c.drawString(box.x, y - size * 0.95, section.heading.upper())
                y -= head
            c.setFillColor(ink)
            draw_fitted(c, fitted, box.x, y, box.w, "left")
            y -= fitted.height + size * 0.45


# -- helpers -------------------------------------------------------------------------------


def _path(c: Canvas, points: list[Point], close: bool) -> Any:
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        p.lineTo(*pt)
    if close:
        p.close()
    return p


def _clip(c: Canvas, outline: list[Point]) -> None:
    c.clipPath(_path(c, outline, True), stroke=0, fill=0)


def _stroke(c: Canvas, line: list[Point]) -> None:
    c.drawPath(_path(c, line, False), stroke=1, fill=0)


def _extend(line: list[Point], bleed: float, size: float) -> list[Point]:
    """The coastline carried straight on into the bleed, so it is not cut short at the trim."""
    if bleed <= 0:
        return line

    def out(p: Point, q: Point) -> Point:
        dx, dy = p[0] - q[0], p[1] - q[1]
        n = math.hypot(dx, dy) or 1.0
        return (p[0] + dx / n * bleed * 1.5, p[1] + dy / n * bleed * 1.5)

    return [out(line[0], line[1]), *line, out(line[-1], line[-2])]
