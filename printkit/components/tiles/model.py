"""Edge tiles: square tiles whose border is split into half-edges, each showing one terrain.

A tile set file declares its terrains (name, one-letter code, colours, texture), the tile size,
and the tiles. Each tile gives its 8 half-edges as letters, read clockwise from the top-left
corner (top: left then right; right: top then bottom; bottom: right then left; left: bottom then
top), e.g. "SS SL LL LS". A tile whose terrain lies in separate pieces lists the half-edges of
each piece. Nothing here is specific to one game.

Loading accepts any well-formed set; `tile_problems` says what cannot be a real tile (a half-edge
in no piece or in two, a piece whose terrain disagrees with its half-edges, pieces that cannot lie
side by side on a square). The game's checks report them as findings and the painter refuses to
draw them, both from this one function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from printkit.components.tiles.edgetile import ShapeError, coasts
from printkit.core import limits
from printkit.core.errors import Location
from printkit.core.fieldwise import fieldwise
from printkit.layout.shapes import Shape
from printkit.layout.sizes import Size
from printkit.layout.units import mm
from printkit.load.records import record, record_of, schema_fields, spec
from printkit.load.schema import (
    Bool,
    Choice,
    Color,
    Id,
    Int,
    Length,
    ListOf,
    MapOf,
    Number,
    Record,
    Str,
    where,
)
from printkit.model.cards import SOURCES
from printkit.model.edges import EdgeLookSpec
from printkit.model.face import BACK, ELEMENT, Back, Element, plain_back
from printkit.model.shape import SHAPE, SHAPE_KINDS_DOC, ShapeSpec, as_shape

HALF_EDGES = 8
TEXTURES = ("plain", "waves", "hills", "dots")


LETTER = Str(1, 1, pattern=r"[A-Z]", pattern_words="one capital letter")


@record("terrain")
@fieldwise(kw_only=True)
class Terrain:
    letter: str = spec(
        LETTER, required=True, doc="the letter tiles use for this terrain in their edges"
    )
    colour: str = spec(Color(), required=True, doc="the terrain's fill")
    ink: str = spec(Color(), required=True, doc="the colour of its texture and marks")
    texture: str = spec(
        Choice(TEXTURES),
        default="plain",
        doc="a pattern that tells terrains apart in greyscale too",
    )
    name: str = ""


@record("piece")
@fieldwise
class Piece:
    terrain: str = spec(Id(), required=True, doc="the terrain of this piece")
    halves: list[int] = spec(
        ListOf(Int(0, HALF_EDGES - 1), 1, HALF_EDGES),
        required=True,
        doc="the half-edges (0-7, clockwise from the top-left) this piece touches",
    )


EDGES_WORDS = 'eight terrain letters, clockwise from the top-left, like "SS SL LL LS"'
ORNAMENT_DOC = (
    "an icon drawn small where the tile has room, on the terrain `ornaments` names for it "
    "(`printkit icons` lists the icons)"
)


@record("tile")
@fieldwise(kw_only=True)
class Tile:
    id: str = spec(Id(), required=True, doc="the tile's name, printed small on its face")
    edges: str = spec(
        Str(8, 40, pattern=r"[A-Za-z ]+", pattern_words=EDGES_WORDS),
        required=True,
        doc="half-edges 0-7 clockwise from the top-left corner, one letter each",
    )
    flags: list[str] = spec(
        ListOf(Id(), 0, 20),
        default=list,
        doc="names this tile is marked with, for the game's rules and the drawing (a start "
        "tile, a tile with a compass rose: `rose_on`); a data check reads each as a field, "
        "true on the tiles that have it",
    )
    pieces: list[Piece] | None = spec(
        ListOf(record_of(Piece), 1, HALF_EDGES),
        doc="only for a tile with one terrain in separate pieces: each piece's half-edges",
    )
    ornament: str | None = spec(Str(1, 80), doc=ORNAMENT_DOC)  # an icon name
    count: int = spec(Int(1, 100), default=1, doc="how many copies of this tile are printed")
    back: Back | None = spec(
        BACK, doc="this tile's own back (default: the tile set's `back`), e.g. a start tile's"
    )
    features: str | None = spec(
        Str(1, 400),
        doc="what each edge carries, clockwise from the top, one word each: 4 words (top, "
        'right, bottom, left) or 8 (half-edges 0-7), e.g. "door wall open wall"; drawn by '
        "the tile set's `edge_looks`, read by data checks as the fields top, right, bottom, left",
    )
    source: str | None = spec(
        Choice(SOURCES),
        doc="ours: this tile's layout or values are the kit's own, not the game's (a discreet "
        "mark prints on it); seed: the game's (default: the tile set's `source`)",
    )
    halves: tuple[str, ...] = ()  # terrain name of each half-edge 0..7, set by load_tiles

    def feature_words(self) -> list[str]:
        """The words of `features`, one per edge or half-edge (none without features)."""
        return (self.features or "").split()

    def get(self, name: str) -> Any:
        """What a face's `{name}` placeholder reads: the tile's id, edges or ornament."""
        return {"id": self.id, "edges": self.edges, "ornament": self.ornament}.get(name)

    def resolved_pieces(self) -> list[Piece]:
        """The pieces as given, or one piece per terrain when the tile lists none."""
        if self.pieces:
            return self.pieces
        out: dict[str, Piece] = {}
        for i, terrain in enumerate(self.halves):
            out.setdefault(terrain, Piece(terrain, [])).halves.append(i)
        return list(out.values())

    def piece_of(self) -> tuple[int, ...]:
        """For each half-edge, the index of its piece (valid tiles only)."""
        owner = [-1] * HALF_EDGES
        for index, piece in enumerate(self.resolved_pieces()):
            for h in piece.halves:
                owner[h] = index
        return tuple(owner)

    def problems(self) -> list[TileProblem]:
        """Why this tile cannot be a real tile (none when it can): `tile_problems`."""
        return tile_problems(self)


TILE_KEYS = frozenset(schema_fields(Tile))  # what a data check may read of a tile
EDGE_NAMES = ("top", "right", "bottom", "left")  # a tile's features, as data checks read them


def _feature(tile: Tile, side: int) -> str | None:
    """The feature word on edge `side` (0 top, clockwise) of a tile with one word per edge."""
    words = tile.feature_words()
    return words[side] if len(words) == len(EDGE_NAMES) else None


@record("coast")
@fieldwise(kw_only=True)
class Coast:
    colour: str = spec(Color(), default="#3b2a17", doc="the coastline's ink")
    width: float = spec(Length(0.05, 3), default=mm(0.45), doc="the coastline's width")
    roughness: float = spec(
        Number(0, 0.08), default=0.03, doc="how far the coast wanders, as a share of the tile"
    )
    waterlines: int = spec(Int(0, 8), default=3, doc="engraved lines following the coast")


@record("card section")
@fieldwise(kw_only=True)
class CardSection:
    heading: str = spec(Str(0, 60), default="", doc="the section's heading")
    text: str = spec(Str(1, 600), required=True, doc="what it says")


@record("card side")
@fieldwise(kw_only=True)
class CardSide:
    title: str = spec(Str(1, 40), required=True, doc="the side's title")
    sections: list[CardSection] = spec(
        ListOf(record_of(CardSection), 1, 8), required=True, doc="its paragraphs"
    )


@record("reference card")
@fieldwise(kw_only=True)
class ReferenceCard:
    front: CardSide = spec(
        record_of(CardSide), required=True, doc="the side with the turn and the two actions"
    )
    back: CardSide = spec(
        record_of(CardSide), required=True, doc="the other side: game end and scoring"
    )


BACK_DOC = (
    "the common back of every tile: a ground colour, a texture and face elements (as a deck's "
    "back; texts shrink to their min_size, default 6 pt); its colour and accent also dress the "
    "reference card"
)
ORNAMENTS_DOC = (
    "icon name -> the terrain a tile's ornament of that icon is drawn on (the roomiest spot of "
    "that terrain); an ornament not listed goes on the roomiest spot"
)


@record("tile set")
@fieldwise(kw_only=True)
class TileSet:
    tile_size: float = spec(Length(20, 300), default=mm(70), doc="the side of a square tile")
    shape: str | ShapeSpec = spec(
        SHAPE,
        default="rectangle",
        doc="the outline the tiles are cut along, in their tile_size square (e.g. {kind: "
        "rectangle, radius: 3mm} for rounded corners): " + SHAPE_KINDS_DOC,
    )
    corner_marks: bool = spec(Bool(), default=True, doc="print each tile's id small on its face")
    min_text_size: float = spec(
        Length(0.5, 30, allow_zero=False),
        default=6.0,
        doc="text on the reference card never shrinks below this",
    )
    terrains: dict[str, Terrain] = spec(
        MapOf(record_of(Terrain), min_items=2),
        required=True,
        doc="terrain name -> its letter in the edge data, colours and texture",
    )
    coast: Coast = spec(record_of(Coast), default=Coast, doc="how coastlines are drawn")
    back: Back = spec(BACK, default=plain_back, doc=BACK_DOC)
    face: list[Element] = spec(
        ListOf(ELEMENT, 0, limits.MAX_FACE_ELEMENTS),
        default=list,
        doc="elements drawn on every tile's face over its terrain, as on a card (a name, a "
        "number); placeholders read the tile: {id}",
    )
    # icon name -> terrain it sits on
    ornaments: dict[str, str] = spec(MapOf(Id()), default=dict, doc=ORNAMENTS_DOC)
    edge_looks: dict[str, EdgeLookSpec] = spec(
        MapOf(record_of(EdgeLookSpec)),
        default=dict,
        doc="a tile's `features` word -> how it is drawn on the edge (wall, door, road: as a "
        "deck kind's `edges: looks:`); a word not listed draws nothing",
    )
    rose_on: str | None = spec(
        Id(),
        doc="a flag: the tiles that have it carry a compass rose where they have most room "
        "(their id mark then leaves the corner to the rose's N)",
    )
    reference: ReferenceCard | None = spec(
        record_of(ReferenceCard), doc="a rules reference card printed with the tiles"
    )
    tiles: list[Tile] = spec(
        ListOf(record_of(Tile), 1, 200),
        required=True,
        doc="the tiles, each with its half-edge terrains",
    )
    source: str | None = spec(
        Choice(SOURCES),
        doc="ours: the tiles' layout or values and the reference card's rules text are the "
        "kit's own, not the game's (each tile prints a discreet mark and each sheet a one-line "
        "legend; a tile's own `source` overrides); seed or none: the game's",
    )
    file: str = ""
    icons: Any = None  # draw.icons.IconLibrary, set by the component's load
    raw: Any = field(default=None, repr=False)

    @property
    def size(self) -> Size:
        return Size(self.tile_size, self.tile_size)

    def cut(self) -> Shape:
        """The outline the tiles are cut along."""
        return as_shape(self.shape)

    def data_items(self) -> list[Tile]:
        """The items a data check reads (checks/data_items.ItemModel): the tiles."""
        return self.tiles

    def item_reader(self, field_name: str) -> Callable[[Tile], Any]:
        """Reads a key of a tile, or a flag (true on the tiles that have it) that some tile or
        `rose_on` names; None for any other name."""
        if field_name in TILE_KEYS:
            return attrgetter(field_name)
        if field_name in EDGE_NAMES:
            side = EDGE_NAMES.index(field_name)
            return lambda tile: _feature(tile, side)
        if field_name == self.rose_on or any(field_name in t.flags for t in self.tiles):
            return lambda tile: field_name in tile.flags
        return lambda _: None

    def own(self, item: Tile | None) -> bool:
        """Whether a tile (None: the reference card) is the kit's own (`source: ours`, the
        tile's or else the set's), marked so on paper."""
        source = item.source if item is not None else None
        return (source or self.source) == "ours"

    def has_rose(self, tile: Tile) -> bool:
        """Whether the tile carries the compass rose (its flag is `rose_on`)."""
        return self.rose_on is not None and self.rose_on in tile.flags

    def by_letter(self) -> dict[str, str]:
        return {t.letter: name for name, t in self.terrains.items()}


TERRAIN: Record = record_of(Terrain)
PIECE: Record = record_of(Piece)
TILE: Record = record_of(Tile)
COAST: Record = record_of(Coast)
SECTION: Record = record_of(CardSection)
SIDE: Record = record_of(CardSide)
REFERENCE: Record = record_of(ReferenceCard)
TILE_SET: Record = record_of(TileSet)


def parse_edges(edges: str, by_letter: dict[str, str]) -> tuple[str, ...] | str:
    """The terrain names of half-edges 0-7, or a sentence saying what is wrong."""
    letters = edges.replace(" ", "").upper()
    if len(letters) != HALF_EDGES:
        return f"edges must be {EDGES_WORDS}; got {len(letters)} letters in {edges!r}"
    unknown = sorted({ch for ch in letters if ch not in by_letter})
    if unknown:
        known = ", ".join(f"{k} ({v})" for k, v in by_letter.items())
        return f"edges use letter {unknown[0]!r}, which names no terrain; terrains are: {known}"
    return tuple(by_letter[ch] for ch in letters)


@dataclass(frozen=True)
class TileProblem:
    """Why a tile cannot be a real tile. kind: coverage, terrain or shape."""

    kind: str
    where: Location
    message: str


def tile_problems(tile: Tile) -> list[TileProblem]:
    """What makes this tile's pieces impossible; empty for a tile that can be drawn and scored."""
    out: list[TileProblem] = []
    here = where(tile, "pieces", key=True) or where(tile) or Location("?")
    pieces = tile.resolved_pieces()
    owners: dict[int, list[int]] = {h: [] for h in range(HALF_EDGES)}
    for index, piece in enumerate(pieces):
        at = where(piece) or here
        for h in sorted(set(piece.halves)):
            owners[h].append(index)
        wrong = [h for h in piece.halves if tile.halves[h] != piece.terrain]
        if wrong:
            shown = ", ".join(f"{h} ({tile.halves[h]})" for h in wrong)
            out.append(
                TileProblem(
                    "terrain",
                    where(piece, "terrain") or at,
                    f"tile {tile.id!r}: a {piece.terrain} piece lists half-edge{_s(wrong)} "
                    f"{shown}, which the edges {tile.edges!r} show as another terrain",
                )
            )
    for h, who in owners.items():
        if not who:
            out.append(
                TileProblem(
                    "coverage",
                    here,
                    f"tile {tile.id!r}: half-edge {h} belongs to no piece; every half-edge "
                    "must be in exactly one",
                )
            )
        elif len(who) > 1:
            at = where(pieces[who[1]]) or here
            out.append(
                TileProblem(
                    "coverage",
                    at,
                    f"tile {tile.id!r}: half-edge {h} is in {len(who)} pieces; every half-edge "
                    "must be in exactly one",
                )
            )
    if out:
        return out

    try:
        coasts(tile.halves, tile.piece_of())
    except ShapeError as exc:
        out.append(TileProblem("shape", here, f"tile {tile.id!r}: {exc}"))
    return out


def _s(items: list[Any]) -> str:
    return "s" if len(items) != 1 else ""
