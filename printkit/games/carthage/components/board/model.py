"""Ring-track boards (a circus, a racecourse): lanes of squares aligned in sectors, special squares.

The board file declares its own square kinds (label, symbol, legend text, and the forced move a
square makes, if any), so the engine stays generic: a game module gives the kinds their meaning
in its checks, the board component only draws what the data says.

Each @record dataclass is also the schema of its part of the file (load/records.py); only the
squares' `kind` is checked against the kinds each file declares (`board_schema`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit.api import (
    PAPER,
    Bool,
    Choice,
    Color,
    Field,
    Id,
    Int,
    Length,
    ListOf,
    MapOf,
    Record,
    Size,
    Str,
    fieldwise,
    labels_spec,
    mm,
    record,
    record_of,
    spec,
    word,
)

SYMBOLS = ("letter", "arrows", "stone", "emblem", "card", "disc", "plain")


@record("board size")
@dataclass(frozen=True, kw_only=True)
class BoardSize(Size):
    width: float = spec(Length(100, 3000), required=True, doc="the finished board's width")
    height: float = spec(Length(100, 3000), required=True, doc="the finished board's height")


@record("forced move")
@fieldwise
class Move:
    """A forced move: `steps` squares along the track (negative: backward), changing up to
    `lanes` tracks sideways on the way; or, with `to_stone`, up to the next mileage stone."""

    steps: int = spec(Int(-50, 50), default=0, doc="squares along the track; negative: backward")
    lanes: int = spec(Int(0, 12), default=0, doc="tracks the chariot may change on the way")
    to_stone: bool = spec(Bool(), default=False, doc="move up to the next mileage stone")


SYMBOL_DOC = (
    "how the square is drawn: letter (its text on a disc), arrows (count of them; "
    "backward when its move goes back), stone (an arrow to a mileage stone), emblem, "
    "card (the named card's emblem on a card), disc (its emblem on a disc), plain"
)


@record("square kind")
@fieldwise(kw_only=True)
class SquareKind:
    label: str = spec(Str(1, 40), required=True, doc="name in the legend")
    symbol: str = spec(Choice(SYMBOLS), required=True, doc=SYMBOL_DOC)
    text: str = spec(Str(0, 3), default="", doc="letter symbol: the letter")
    emblem: str = spec(Str(0, 24), default="", doc="emblem and disc symbols: the pictogram's name")
    count: int = spec(Int(1, 6), default=1, doc="arrows symbol: how many arrows")
    fill: str = spec(Color(), default="#f3e7c8", doc="the square's background colour")
    ink: str = spec(Color(), default="#1d1a16", doc="the symbol's colour")
    legend: str = spec(Str(0, 300), default="", doc="what the square does, for the legend")
    move: Move | None = spec(record_of(Move), doc="the forced move a chariot stopping here makes")
    names_card: bool = spec(Bool(), default=False, doc="each square of this kind names a card")


@record("square")
@fieldwise(kw_only=True)
class Square:
    track: str = spec(Str(1, 8), required=True, doc="one of the board's tracks")
    at: int = spec(Int(1, 1000), required=True, doc="position on the track, 1 = after the line")
    kind: str = spec(Id(), required=True, doc="one of the square kinds")
    card: str | None = spec(Id(), doc="the card this square names (kinds with names_card)")


@record("cue row")
@fieldwise(kw_only=True)
class CueRow:
    colour: str = spec(Color(), required=True, doc="the row's colour on the spina")
    label: str = spec(
        Str(1, 20), required=True, doc="the colour's name, printed at the row's start"
    )
    slots: int = spec(Int(1, 30), required=True, doc="cue slots in the row (one per lap to win)")


@record("spina")
@fieldwise(kw_only=True)
class Spina:
    label: str = spec(Str(0, 40), default="", doc="the name on the spina")
    subtitle: str = spec(Str(0, 60), default="", doc="a smaller line under it")
    cue_rows: dict[str, CueRow] = spec(
        MapOf(record_of(CueRow), min_items=1), required=True, doc="colour id -> row"
    )


def measure(default: float, doc: str) -> Any:
    """One measure of the arena drawing (a `layout:` key): a length, 0 allowed."""
    return spec(Length(0, 500, allow_zero=True), default=default, doc=doc)


@record("arena layout")
@fieldwise(kw_only=True)
class ArenaLayout:
    """The arena drawing's own measures (points); each is a board `layout:` key, all optional.

    The defaults suit an A2 board with four 25 mm tracks; a board that is much smaller or larger
    can scale them in its data file.
    """

    frame_inset: float = measure(mm(4), "the double frame, in from the trim")
    frame_gap: float = measure(mm(1.6), "between its outer and inner line")
    line_width: float = measure(mm(3), "the start line (a white edge runs either side)")
    line_label_gap: float = measure(mm(5), "the line's label, below its outer end")
    badge_radius: float = measure(mm(5.2), "the track names on the start line")
    direction_arrow: float = measure(mm(1.6), "width of the arrows round the infield")
    barrier_row: float = measure(mm(12), "height of one row of slots on the central barrier")
    barrier_pad: float = measure(mm(10), "the barrier's height beyond its rows (its label above)")
    barrier_inset: float = measure(mm(4), "the rows' inset from the barrier's ends")
    barrier_chip: float = measure(mm(20), "width of the coloured chip that starts each row")
    slot_gap: float = measure(mm(2), "between two slots")
    legend_top: float = measure(mm(13), "from the top edge to the first legend row")
    legend_tile: float = measure(mm(17), "the square drawn beside each legend entry")
    legend_gap: float = measure(mm(2.5), "between a legend tile and its words")
    legend_title_at: float = measure(mm(11.5), "the legend's heading, down from the top edge")
    strip_tile: float = measure(mm(14), "each card symbol's square in the bottom strip")
    strip_step: float = measure(mm(20), "from one card symbol to the next")
    strip_title_at: float = measure(mm(11), "the strip's heading, down from the bottom band's top")
    title_size: float = measure(mm(11), "the board title's type size")
    subtitle_size: float = measure(mm(3.2), "the subtitle's type size")
    notes_width: float = measure(mm(130), "the notes' column, bottom right")
    notes_step: float = measure(mm(4), "between two note lines")


@record("palette")
@fieldwise(kw_only=True)
class Palette:
    ground: str = spec(Color(), default="#2f2a24", doc="outside the arena")
    sand: str = spec(Color(), default="#ecdcb4", doc="the track")
    sand_alt: str = spec(
        Color(), default="#e3cf9e", doc="alternate sectors of the track, for counting squares"
    )
    lines: str = spec(Color(), default="#6b5533", doc="square outlines and numbers")
    wall: str = spec(Color(), default="#7a2e1c", doc="the arena wall, titles and headings")
    stone: str = spec(Color(), default="#c9c1b0", doc="mileage stones and the spina")
    ink: str = spec(Color(), default="#1d1a16", doc="text")
    arrival: str = spec(Color(), default="#c8102e", doc="the start and arrival line")


@record("board labels")
@fieldwise(kw_only=True)
class BoardLabels:
    line: str = word("START · FINISH", "printed outside the wall beside the start line")
    line_legend_label: str = word("START LINE", "the start line's entry in the legend")
    line_legend: str = word("", "what crossing the start line does, for the legend")
    stone_legend_label: str = word("MARKER", "the mileage stones' entry in the legend")
    stone_legend: str = word("", "what a mileage stone marks, for the legend")


def band(max_mm: float, default: float, doc: str) -> Any:
    """A space round the arena: a length, 0 allowed."""
    return spec(Length(0, max_mm, allow_zero=True), default=default, doc=doc)


SQUARES_DOC = "the special squares, each at (track, position); the rest are plain"


@record("board")
@fieldwise(kw_only=True)
class Board:
    size: Size = spec(record_of(BoardSize), doc="the finished board; default A2 landscape")
    margin: float = band(200, mm(12), "left and right")
    top_band: float = band(500, mm(50), "above the arena: the legend")
    bottom_band: float = band(500, mm(40), "below the arena: the title")
    wall: float = spec(Length(1, 100), default=mm(8), doc="the arena's outer wall")
    glue_overlap: float = spec(
        Length(5, 40), default=mm(12), doc="home tiling: the glue band on every seam"
    )
    title: str = spec(Str(0, 60), default="", doc="the board's title, printed below the arena")
    subtitle: str = spec(Str(0, 80), default="", doc="a smaller line under the title")
    source: str | None = spec(
        Choice(("seed", "ours")),
        doc="ours: the board's layout and printed words are the kit's own, not the game's (the "
        "board prints the mark of the kit's own and its legend in its lower right corner); seed "
        "or none: the game's",
    )
    tracks: list[str] = spec(ListOf(Str(1, 8), 1, 12), required=True, doc="inside to outside")
    straight_sectors: int = spec(Int(1, 100), required=True, doc="sectors on each straight")
    end_sectors: int = spec(Int(1, 100), required=True, doc="sectors round each end")
    lane_width: float = spec(
        Length(5, 300), required=True, doc="the width of one track (a square's depth)"
    )
    inner_radius: float = spec(Length(5, 1000), required=True, doc="of the innermost track")
    arrival_at: int = spec(
        Int(0, 1000),
        default=0,
        doc="ring sector after the line (0 = the left end of the bottom straight)",
    )
    mileage_stones: list[int] = spec(ListOf(Int(1, 1000)), default=list, doc="positions")
    square_kinds: dict[str, SquareKind] = spec(
        MapOf(record_of(SquareKind), min_items=1),
        required=True,
        doc="kind id -> how squares of that kind look and what they do",
    )
    squares: list[Square] = spec(ListOf(record_of(Square)), default=list, doc=SQUARES_DOC)
    spina: Spina = spec(
        record_of(Spina), required=True, doc="the central barrier and its cue slots"
    )
    palette: Palette = spec(record_of(Palette), default=lambda: None, doc="the board's colours")
    legend_title: str = spec(
        Str(0, 40), default="THE SQUARES", doc="heading of the legend of square kinds"
    )
    symbols_title: str = spec(
        Str(0, 40),
        default="CARD SYMBOLS",
        doc="heading of the strip that shows each symbol a card-naming square uses",
    )
    notes: list[str] = spec(
        ListOf(Str(1, 120), 0, 6), default=list, doc="lines printed bottom right"
    )
    labels: BoardLabels = labels_spec(BoardLabels)
    layout: ArenaLayout = spec(
        record_of(ArenaLayout),
        default=ArenaLayout,
        doc="the drawing's measures (frame, barrier, legend, strips); all optional",
    )
    # not keys of the file: filled in by the loader (games/carthage/components/board)
    card_deck: str | None = None
    file: str = ""
    card_emblems: dict[str, str] = field(default_factory=dict)
    card_titles: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # the file may leave these out (the schema's default is none, as its docs say)
        if self.size is None:
            self.size = PAPER["a2"].rotated()
        if self.palette is None:
            self.palette = Palette()

    @property
    def lap(self) -> int:
        """Squares per lap on every track (= sectors)."""
        return 2 * (self.straight_sectors + self.end_sectors)

    def track_index(self, name: str) -> int:
        return self.tracks.index(name)


MOVE: Record = record_of(Move)
KIND: Record = record_of(SquareKind)
SQUARE: Record = record_of(Square)
CUE_ROW: Record = record_of(CueRow)
SPINA: Record = record_of(Spina)
PALETTE: Record = record_of(Palette)
LAYOUT: Record = record_of(ArenaLayout)
SIZE: Record = record_of(BoardSize)


def board_schema(kinds: tuple[str, ...]) -> Record:
    """The board file's schema; squares' kinds are checked against the file's own kinds (any
    identifier when they are not known, as in the generic reference docs)."""
    kind_type = Choice(kinds) if kinds else Id()
    square = SQUARE.with_fields(
        {"kind": Field(kind_type, required=True, doc="one of the square kinds")}
    )
    squares = Field(ListOf(square), default=list, doc=SQUARES_DOC)
    return record_of(Board).with_fields({"squares": squares})
