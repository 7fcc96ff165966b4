"""Movement and turning templates (templates.yaml): which strips to print and how they look.

Each @record dataclass is also the schema of its part of the file (load/records.py)."""

from __future__ import annotations

from typing import NamedTuple

from printkit.api import (
    UNIT_POINTS,
    Choice,
    Either,
    Id,
    Length,
    ListOf,
    Location,
    Number,
    Record,
    Str,
    fieldwise,
    labels_spec,
    record,
    record_of,
    spec,
    word,
)


@record("template labels")
@fieldwise(kw_only=True)
class TemplateLabels:
    move_help: str = word(
        "MOVE: lay START at the model's rear and move the model until its rear reaches END.",
        "the first how-to line at the top of every sheet",
    )
    turn_help: str = word(
        "TURN: keep the inside rear corner on the ● and swing the model until its rear edge lies on the angle line.  Joined strips: tape each piece over the grey overlap of the next, its end on the join line.",
        "the second how-to line",
    )
    start: str = word("START", "across the start of a strip")
    end: str = word("END", "across the end of a strip")
    move: str = word("MOVE", "beside the speed of a strip in one piece")
    piece_of: str = word("PIECE {n} OF {of}", "beside the speed of a strip in pieces")
    straight: str = word("STRAIGHT ONLY", "beside the speed of a strip without a fan")
    turn_up_to: str = word("TURN UP TO {angle}°", "beside the speed; {angle}: the fan's angle")
    covered: str = word("PIECE {n}", "in the overlap zone, first line; {n}: the piece before")
    covered_2: str = word("GOES OVER HERE", "in the overlap zone, second line")
    to_next: str = word("OVER PIECE {n}", "at the end of a piece; {n}: the next piece")
    turn_left: str = word("TURN LEFT", "inside the left fan")
    turn_right: str = word("TURN RIGHT", "inside the right fan")


@record("strip")
@fieldwise(kw_only=True)
class StripSpec:
    speed: float = spec(Number(0.5, 200), required=True, doc="the move, in the speed field's unit")
    fan: float | None = spec(
        Number(0, 180, "degrees"), doc="the largest turn drawn (default: from the deck)"
    )  # None: the largest turn any card of this speed allows


@record("fan")
@fieldwise(kw_only=True)
class FanSpec:
    step: float = spec(Number(1, 90, "degrees"), default=15, doc="degrees between the lines")
    radius: float = spec(Length(10, 300), required=True, doc="length of the lines")
    max: float = spec(Number(0, 90, "degrees"), default=90, doc="the widest fan drawn")


@record("ticks")
@fieldwise(kw_only=True)
class TicksSpec:
    whole: float = spec(Length(1, 30), required=True, doc="tick length at each whole unit")
    half: float = spec(Length(0, 30, allow_zero=True), required=True, doc="at each half (0: none)")
    quarter: float = spec(
        Length(0, 30, allow_zero=True), required=True, doc="at each quarter (0: none)"
    )


@record("calibration")
@fieldwise(kw_only=True)
class Calibration:
    length: float = spec(Length(20, 180), required=True, doc="the bar's printed length")
    label: str = spec(Str(1, 120), required=True, doc="the words beside the bar")


@record("templates")
@fieldwise(kw_only=True)
class TemplatesSpec:
    speed_field: str = spec(Id(), default="speed", doc="the deck field giving a card's move")
    turn_field: str = spec(Id(), default="turn", doc="the deck field giving a card's largest turn")
    strips: list[float | StripSpec] = spec(
        ListOf(Either((Number(0.5, 200), record_of(StripSpec))), 1, 50),
        required=True,
        doc="one strip per speed: a number, or {speed, fan}",
    )
    fan: FanSpec = spec(
        record_of(FanSpec),
        required=True,
        doc="the turning fan beside the END, pivoting on the model's inside rear corner",
    )
    ticks: TicksSpec = spec(
        record_of(TicksSpec),
        required=True,
        doc="tick marks along both long edges of every strip",
    )
    overlap: float = spec(
        Length(5, 60), required=True, doc="overlap between segments of a long strip"
    )
    gap: float = spec(
        Length(0, 50, allow_zero=True), default=8 * 72 / 25.4, doc="space between pieces"
    )
    calibration: Calibration = spec(
        record_of(Calibration),
        required=True,
        doc="the bar on every sheet that proves the print is at 100 %",
    )
    labels: TemplateLabels = labels_spec(TemplateLabels)
    source: str | None = spec(
        Choice(("seed", "ours")),
        doc="ours: the templates' layout or values (the fans' turns) are the kit's own, not the "
        "game's (every sheet prints the mark of the kit's own and its legend, above its "
        "calibration bar); seed or none: the game's",
    )


STRIP: Record = record_of(StripSpec)
TEMPLATES: Record = record_of(TemplatesSpec)


def strip_specs(spec: TemplatesSpec) -> list[StripSpec]:
    """Every strip as a StripSpec (a bare number in the data is a strip with a default fan)."""
    out = []
    for item in spec.strips:
        out.append(item if isinstance(item, StripSpec) else StripSpec(speed=float(item), fan=None))
    return out


class Strip(NamedTuple):
    speed: float
    fan: float  # the largest turn drawn, degrees
    length: float  # points
    where: Location


class Templates(NamedTuple):
    spec: TemplatesSpec
    strips: list[Strip]
    width: float  # the base width: every strip's width
    unit: str  # the speed field's unit, e.g. "in"
    file: str

    @property
    def unit_points(self) -> float:
        return UNIT_POINTS[self.unit]

    def strip_for(self, speed: float) -> Strip | None:
        return next((s for s in self.strips if abs(s.speed - speed) < 1e-9), None)


class Piece(NamedTuple):
    strip: Strip
    number: int  # 1-based
    of: int
    start: float  # along the strip
    end: float

    @property
    def last(self) -> bool:
        return self.number == self.of
