"""Ring-track boards (a circus, a racecourse): lanes of squares aligned in sectors, special squares.

The board file declares its own square kinds (label, symbol, legend text, and the forced move a
square makes, if any), so the engine stays generic: a game module gives the kinds their meaning
in its checks, the board component only draws what the data says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from typing import Any, cast

from printkit.layout.sizes import Size
from printkit.layout.units import mm
from printkit.load.schema import (
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
    Str,
    describe,
)
from printkit.model.wording import labels_field

SYMBOLS = ("letter", "arrows", "stone", "emblem", "card", "disc", "plain")


@dataclass
class Move:
    """A forced move: `steps` squares along the track (negative: backward), changing up to
    `lanes` tracks sideways on the way; or, with `to_stone`, up to the next mileage stone."""

    steps: int = 0
    lanes: int = 0
    to_stone: bool = False


@dataclass
class SquareKind:
    label: str
    symbol: str
    text: str
    emblem: str
    count: int
    fill: str
    ink: str
    legend: str
    move: Move | None
    names_card: bool


@dataclass
class Square:
    track: str
    at: int
    kind: str
    card: str | None


@dataclass
class CueRow:
    colour: str
    label: str
    slots: int


@dataclass
class Spina:
    label: str
    subtitle: str
    cue_rows: dict[str, CueRow]  # colour id -> row


@dataclass
class ArenaLayout:
    """The arena drawing's own measures (points); each is a board `layout:` key, all optional
    (LAYOUT_DOCS says what each measures).

    The defaults suit an A2 board with four 25 mm tracks; a board that is much smaller or larger
    can scale them in its data file.
    """

    frame_inset: float = mm(4)
    frame_gap: float = mm(1.6)
    line_width: float = mm(3)
    line_label_gap: float = mm(5)
    badge_radius: float = mm(5.2)
    direction_arrow: float = mm(1.6)
    barrier_row: float = mm(12)
    barrier_pad: float = mm(10)
    barrier_inset: float = mm(4)
    barrier_chip: float = mm(20)
    slot_gap: float = mm(2)
    legend_top: float = mm(13)
    legend_tile: float = mm(17)
    legend_gap: float = mm(2.5)
    legend_title_at: float = mm(11.5)
    strip_tile: float = mm(14)
    strip_step: float = mm(20)
    strip_title_at: float = mm(11)
    title_size: float = mm(11)
    subtitle_size: float = mm(3.2)
    notes_width: float = mm(130)
    notes_step: float = mm(4)


@dataclass
class Palette:
    ground: str
    sand: str
    sand_alt: str
    lines: str
    wall: str
    stone: str
    ink: str
    arrival: str


@dataclass
class Board:
    size: Size
    margin: float
    top_band: float
    bottom_band: float
    wall: float
    glue_overlap: float
    title: str
    subtitle: str
    tracks: list[str]
    straight_sectors: int
    end_sectors: int
    lane_width: float
    inner_radius: float
    arrival_at: int
    mileage_stones: list[int]
    square_kinds: dict[str, SquareKind]
    squares: list[Square]
    spina: Spina
    palette: Palette
    legend_title: str
    notes: list[str]
    symbols_title: str = "CARD SYMBOLS"
    layout: ArenaLayout = field(default_factory=ArenaLayout)
    labels: Any = None
    card_deck: str | None = None
    file: str = ""
    card_emblems: dict[str, str] = field(default_factory=dict)
    card_titles: dict[str, str] = field(default_factory=dict)

    @property
    def lap(self) -> int:
        """Squares per lap on every track (= sectors)."""
        return 2 * (self.straight_sectors + self.end_sectors)

    def track_index(self, name: str) -> int:
        return self.tracks.index(name)


SIZE = Record(
    "board size",
    {
        "width": Field(Length(100, 3000), required=True),
        "height": Field(Length(100, 3000), required=True),
    },
)

MOVE = Record(
    "forced move",
    {
        "steps": Field(Int(-50, 50), default=0, doc="squares along the track; negative: backward"),
        "lanes": Field(Int(0, 12), default=0, doc="tracks the chariot may change on the way"),
        "to_stone": Field(Bool(), default=False, doc="move up to the next mileage stone"),
    },
    cls=Move,
)

KIND = Record(
    "square kind",
    {
        "label": Field(Str(1, 40), required=True, doc="name in the legend"),
        "symbol": Field(
            Choice(SYMBOLS),
            required=True,
            doc="how the square is drawn: letter (its text on a disc), arrows (count of them; "
            "backward when its move goes back), stone (an arrow to a mileage stone), emblem, "
            "card (the named card's emblem on a card), disc (its emblem on a disc), plain",
        ),
        "text": Field(Str(0, 3), default="", doc="letter symbol: the letter"),
        "emblem": Field(
            Str(0, 24), default="", doc="emblem and disc symbols: the pictogram's name"
        ),
        "count": Field(Int(1, 6), default=1, doc="arrows symbol: how many arrows"),
        "fill": Field(Color(), default="#f3e7c8"),
        "ink": Field(Color(), default="#1d1a16"),
        "legend": Field(Str(0, 300), default="", doc="what the square does, for the legend"),
        "move": Field(MOVE, doc="the forced move a chariot stopping here makes"),
        "names_card": Field(Bool(), default=False, doc="each square of this kind names a card"),
    },
    cls=SquareKind,
)

SQUARE = Record(
    "square",
    {
        "track": Field(Str(1, 8), required=True, doc="one of the board's tracks"),
        "at": Field(Int(1, 1000), required=True, doc="position on the track, 1 = after the line"),
        "kind": Field(Id(), required=True, doc="one of the square kinds"),
        "card": Field(Id(), doc="the card this square names (kinds with names_card)"),
    },
    cls=Square,
)

CUE_ROW = Record(
    "cue row",
    {
        "colour": Field(Color(), required=True),
        "label": Field(Str(1, 20), required=True),
        "slots": Field(Int(1, 30), required=True),
    },
    cls=CueRow,
)

SPINA = Record(
    "spina",
    {
        "label": Field(Str(0, 40), default=""),
        "subtitle": Field(Str(0, 60), default=""),
        "cue_rows": Field(MapOf(CUE_ROW, min_items=1), required=True, doc="colour id -> row"),
    },
)

PALETTE = Record(
    "palette",
    {
        "ground": Field(Color(), default="#2f2a24"),
        "sand": Field(Color(), default="#ecdcb4"),
        "sand_alt": Field(Color(), default="#e3cf9e"),
        "lines": Field(Color(), default="#6b5533"),
        "wall": Field(Color(), default="#7a2e1c"),
        "stone": Field(Color(), default="#c9c1b0"),
        "ink": Field(Color(), default="#1d1a16"),
        "arrival": Field(Color(), default="#c8102e"),
    },
    cls=Palette,
)


LAYOUT_DOCS = {
    "frame_inset": "the double frame, in from the trim",
    "frame_gap": "between its outer and inner line",
    "line_width": "the start line (a white edge runs either side)",
    "line_label_gap": "the line's label, below its outer end",
    "badge_radius": "the track names on the start line",
    "direction_arrow": "width of the arrows round the infield",
    "barrier_row": "height of one row of slots on the central barrier",
    "barrier_pad": "the barrier's height beyond its rows (its label above)",
    "barrier_inset": "the rows' inset from the barrier's ends",
    "barrier_chip": "width of the coloured chip that starts each row",
    "slot_gap": "between two slots",
    "legend_top": "from the top edge to the first legend row",
    "legend_tile": "the square drawn beside each legend entry",
    "legend_gap": "between a legend tile and its words",
    "legend_title_at": "the legend's heading, down from the top edge",
    "strip_tile": "each card symbol's square in the bottom strip",
    "strip_step": "from one card symbol to the next",
    "strip_title_at": "the strip's heading, down from the bottom band's top",
    "title_size": "the board title's type size",
    "subtitle_size": "the subtitle's type size",
    "notes_width": "the notes' column, bottom right",
    "notes_step": "between two note lines",
}


def _layout_record() -> Record:
    """`layout:`: every ArenaLayout measure, each optional with its default."""
    fields = {}
    for f in dataclass_fields(ArenaLayout):
        default = cast(float, f.default)
        fields[f.name] = Field(
            Length(0, 500, allow_zero=True), default=default, doc=LAYOUT_DOCS[f.name]
        )
    return Record("arena layout", fields, cls=ArenaLayout)


LAYOUT = _layout_record()

BOARD_LABELS = labels_field(
    "board labels",
    {
        "line": ("START · FINISH", "printed outside the wall beside the start line"),
        "line_legend_label": ("START LINE", "the start line's entry in the legend"),
        "line_legend": ("", "what crossing the start line does, for the legend"),
        "stone_legend_label": ("MARKER", "the mileage stones' entry in the legend"),
        "stone_legend": ("", "what a mileage stone marks, for the legend"),
    },
)


describe(SIZE, {"width": "the finished board's width", "height": "the finished board's height"})
describe(KIND, {"fill": "the square's background colour", "ink": "the symbol's colour"})
describe(
    CUE_ROW,
    {
        "colour": "the row's colour on the spina",
        "label": "the colour's name, printed at the row's start",
        "slots": "cue slots in the row (one per lap to win)",
    },
)
describe(SPINA, {"label": "the name on the spina", "subtitle": "a smaller line under it"})
describe(
    PALETTE,
    {
        "ground": "outside the arena",
        "sand": "the track",
        "sand_alt": "alternate sectors of the track, for counting squares",
        "lines": "square outlines and numbers",
        "wall": "the arena wall, titles and headings",
        "stone": "mileage stones and the spina",
        "ink": "text",
        "arrival": "the start and arrival line",
    },
)
BOARD_DOCS = {
    "title": "the board's title, printed below the arena",
    "subtitle": "a smaller line under the title",
    "lane_width": "the width of one track (a square's depth)",
    "square_kinds": "kind id -> how squares of that kind look and what they do",
    "squares": "the special squares, each at (track, position); the rest are plain",
    "spina": "the central barrier and its cue slots",
    "palette": "the board's colours",
    "legend_title": "heading of the legend of square kinds",
}


WORDS_AND_MEASURES = {
    "legend_title": Field(Str(0, 40), default="THE SQUARES"),
    "symbols_title": Field(
        Str(0, 40),
        default="CARD SYMBOLS",
        doc="heading of the strip that shows each symbol a card-naming square uses",
    ),
    "notes": Field(ListOf(Str(1, 120), 0, 6), default=list, doc="lines printed bottom right"),
    "labels": BOARD_LABELS,
    "layout": Field(
        LAYOUT,
        default=ArenaLayout,
        doc="the drawing's measures (frame, barrier, legend, strips); all optional",
    ),
}


def board_schema(kinds: tuple[str, ...]) -> Record:
    """The board file's schema; squares' kinds are checked against the file's own kinds (any
    identifier when they are not known, as in the generic reference docs)."""
    kind_type = Choice(kinds) if kinds else Id()
    square = SQUARE.with_fields(
        {"kind": Field(kind_type, required=True, doc="one of the square kinds")}
    )
    board = Record(
        "board",
        {
            "size": Field(SIZE, doc="the finished board; default A2 landscape"),
            "margin": Field(Length(0, 200, allow_zero=True), default=mm(12), doc="left and right"),
            "top_band": Field(
                Length(0, 500, allow_zero=True), default=mm(50), doc="above the arena: the legend"
            ),
            "bottom_band": Field(
                Length(0, 500, allow_zero=True), default=mm(40), doc="below the arena: the title"
            ),
            "wall": Field(Length(1, 100), default=mm(8), doc="the arena's outer wall"),
            "glue_overlap": Field(
                Length(5, 40), default=mm(12), doc="home tiling: the glue band on every seam"
            ),
            "title": Field(Str(0, 60), default=""),
            "subtitle": Field(Str(0, 80), default=""),
            "tracks": Field(ListOf(Str(1, 8), 1, 12), required=True, doc="inside to outside"),
            "straight_sectors": Field(Int(1, 100), required=True, doc="sectors on each straight"),
            "end_sectors": Field(Int(1, 100), required=True, doc="sectors round each end"),
            "lane_width": Field(Length(5, 300), required=True),
            "inner_radius": Field(Length(5, 1000), required=True, doc="of the innermost track"),
            "arrival_at": Field(
                Int(0, 1000),
                default=0,
                doc="ring sector after the line (0 = the left end of the bottom straight)",
            ),
            "mileage_stones": Field(ListOf(Int(1, 1000)), default=list, doc="positions"),
            "square_kinds": Field(MapOf(KIND, min_items=1), required=True),
            "squares": Field(ListOf(square), default=list),
            "spina": Field(SPINA, required=True),
            "palette": Field(PALETTE, default=lambda: None),
            **WORDS_AND_MEASURES,
        },
    )
    return describe(board, BOARD_DOCS)
