"""Route elements of a board's face: a `track` of numbered spaces and point-to-point `connections`.

A track lays `spaces` numbered spaces along a path inside its box: `straight` (along the box's
longer side), `edge` (round the box's edge, clockwise from its top-left corner: a score track
round a board) or `polyline` (evenly along the `points` given, for a race course). Spaces may
carry a note (`marks`: "reinforcements" on turn 3). Connections are named points (in mm from
the box's top-left) and the lines between them, for point-to-point maps.
"""

from __future__ import annotations

from printkit.core.fieldwise import fieldwise
from printkit.layout.units import mm
from printkit.load.records import record, record_of, spec
from printkit.load.schema import Choice, Color, Id, Int, Length, ListOf, MapOf, Str
from printkit.model.face import AREAS, BOX, BOX_DOC, FONT_ROLES, WITHIN_DOC, Percent

POINT = ListOf(Length(0, 3000, allow_zero=True), 2, 2, doc="[x, y] from the box's top-left")


@record("track mark")
@fieldwise(kw_only=True)
class TrackMark:
    """A note on one space of a track."""

    at: int = spec(Int(-999, 9999), required=True, doc="the space's number")
    text: str = spec(Str(0, 40), default="", doc="a few words printed small in the space")
    fill: str | None = spec(Color(), doc="the space's colour instead of the track's")


@record("track element")
@fieldwise(kw_only=True)
class TrackElement:
    """Numbered spaces along a path: a turn, score or race track."""

    element: str = spec(Choice(("track",)), required=True, doc="track")
    box: list[float | Percent] = spec(BOX, required=True, doc=BOX_DOC)
    within: str = spec(Choice(AREAS), default="trim", doc=WITHIN_DOC)
    name: str = spec(Id(), default="track", doc="the track's name: rules data finds its spaces")
    spaces: int = spec(Int(1, 500), required=True, doc="how many spaces")
    first: int = spec(Int(-999, 9999), default=1, doc="the first space's number")
    path: str = spec(
        Choice(("straight", "edge", "polyline")),
        default="straight",
        doc="straight (along the box), edge (round the box's edge), polyline (along `points`)",
    )
    points: list[list[float]] = spec(
        ListOf(POINT, 0, 200),
        default=list,
        doc="polyline: the path's corners, from the box's top-left",
    )
    space: float | None = spec(
        Length(1, 300), doc="polyline: a space's width (default: as the spacing allows)"
    )
    shape: str = spec(Choice(("square", "circle")), default="square", doc="a space's outline")
    label: str = spec(Str(0, 40), default="{n}", doc="each space's text; {n} is its number")
    font: str = spec(Choice(FONT_ROLES), default="heading", doc="the numbers' typeface")
    size: float = spec(Length(1, 100), default=mm(4), doc="the numbers' largest type size")
    fill: str = spec(Color(), default="#ffffff", doc="a space's colour")
    stroke: str = spec(Color(), default="#1d1a16", doc="a space's outline")
    colour: str = spec(Color(), default="#1d1a16", doc="the numbers' colour")
    line_width: float = spec(Length(0.05, 5), default=mm(0.3), doc="the outline's width")
    marks: list[TrackMark] = spec(
        ListOf(record_of(TrackMark), 0, 500), default=list, doc="notes on single spaces"
    )


@record("connections element")
@fieldwise(kw_only=True)
class ConnectionsElement:
    """Named points and the lines between them: a point-to-point map."""

    element: str = spec(Choice(("connections",)), required=True, doc="connections")
    box: list[float | Percent] = spec(BOX, required=True, doc=BOX_DOC)
    within: str = spec(Choice(AREAS), default="trim", doc=WITHIN_DOC)
    name: str = spec(Id(), default="network", doc="the network's name, for rules data")
    points: dict[str, list[float]] = spec(
        MapOf(POINT, key=Str(1, 40), min_items=1),
        required=True,
        doc="name -> [x, y] in the box; the name is printed by the point",
    )
    links: list[str] = spec(
        ListOf(Str(3, 90), 0, 2000),
        default=list,
        doc='lines between points, each "a - b" (two point names and a dash)',
    )
    radius: float = spec(Length(0.5, 50), default=mm(3), doc="a point's circle")
    fill: str = spec(Color(), default="#ffffff", doc="a point's colour")
    stroke: str = spec(Color(), default="#1d1a16", doc="a point's outline")
    line: str = spec(Color(), default="#6b665c", doc="the links' colour")
    line_width: float = spec(Length(0.05, 10), default=mm(0.8), doc="the links' width")
    font: str = spec(Choice(FONT_ROLES), default="heading", doc="the names' typeface")
    size: float = spec(Length(0.5, 30), default=mm(2.6), doc="the names' type size")
    colour: str = spec(Color(), default="#1d1a16", doc="the names' colour")

    def link_ends(self) -> list[tuple[str, str]]:
        return [_ends(link) for link in self.links]


def _ends(link: str) -> tuple[str, str]:
    a, _, b = link.partition(" - ")
    if not b:
        a, _, b = link.partition("-")
    return a.strip(), b.strip()


TRACK_ELEMENT = record_of(TrackElement)
CONNECTIONS = record_of(ConnectionsElement)
