"""Movement and turning templates (templates.yaml): which strips to print and how they look."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.errors import Location
from printkit.layout.units import UNIT_POINTS
from printkit.load.schema import Either, Field, Id, Length, ListOf, Number, Record, Str
from printkit.model.wording import labels_field

TEMPLATE_LABELS = labels_field(
    "template labels",
    {
        "move_help": (
            "MOVE: lay START at the model's rear and move the model until its rear reaches END.",
            "the first how-to line at the top of every sheet",
        ),
        "turn_help": (
            "TURN: keep the inside rear corner on the ● and swing the model until its rear edge "
            "lies on the angle line.  Joined strips: tape each piece over the grey overlap of "
            "the next, its end on the join line.",
            "the second how-to line",
        ),
        "start": ("START", "across the start of a strip"),
        "end": ("END", "across the end of a strip"),
        "move": ("MOVE", "beside the speed of a strip in one piece"),
        "piece_of": ("PIECE {n} OF {of}", "beside the speed of a strip in pieces"),
        "straight": ("STRAIGHT ONLY", "beside the speed of a strip without a fan"),
        "turn_up_to": ("TURN UP TO {angle}°", "beside the speed; {angle}: the fan's angle"),
        "covered": ("PIECE {n}", "in the overlap zone, first line; {n}: the piece before"),
        "covered_2": ("GOES OVER HERE", "in the overlap zone, second line"),
        "to_next": ("OVER PIECE {n}", "at the end of a piece; {n}: the next piece"),
        "turn_left": ("TURN LEFT", "inside the left fan"),
        "turn_right": ("TURN RIGHT", "inside the right fan"),
    },
)


@dataclass
class StripSpec:
    speed: float
    fan: float | None  # None: the largest turn any card of this speed allows


@dataclass
class FanSpec:
    step: float
    radius: float
    max: float


@dataclass
class TicksSpec:
    whole: float
    half: float
    quarter: float


@dataclass
class Calibration:
    length: float
    label: str


@dataclass
class TemplatesSpec:
    speed_field: str
    turn_field: str
    strips: list
    fan: FanSpec
    ticks: TicksSpec
    overlap: float
    gap: float
    calibration: Calibration
    labels: Any = None


STRIP = Record(
    "strip",
    {
        "speed": Field(Number(0.5, 200), required=True, doc="the move, in the speed field's unit"),
        "fan": Field(
            Number(0, 180, "degrees"), doc="the largest turn drawn (default: from the deck)"
        ),
    },
    cls=StripSpec,
)

TEMPLATES = Record(
    "templates",
    {
        "speed_field": Field(Id(), default="speed", doc="the deck field giving a card's move"),
        "turn_field": Field(
            Id(), default="turn", doc="the deck field giving a card's largest turn"
        ),
        "strips": Field(
            ListOf(Either((Number(0.5, 200), STRIP)), 1, 50),
            required=True,
            doc="one strip per speed: a number, or {speed, fan}",
        ),
        "fan": Field(
            Record(
                "fan",
                {
                    "step": Field(
                        Number(1, 90, "degrees"), default=15, doc="degrees between the lines"
                    ),
                    "radius": Field(Length(10, 300), required=True, doc="length of the lines"),
                    "max": Field(Number(0, 90, "degrees"), default=90, doc="the widest fan drawn"),
                },
                cls=FanSpec,
            ),
            required=True,
            doc="the turning fan beside the END, pivoting on the model's inside rear corner",
        ),
        "ticks": Field(
            Record(
                "ticks",
                {
                    "whole": Field(
                        Length(1, 30), required=True, doc="tick length at each whole unit"
                    ),
                    "half": Field(
                        Length(0, 30, allow_zero=True), required=True, doc="at each half (0: none)"
                    ),
                    "quarter": Field(
                        Length(0, 30, allow_zero=True),
                        required=True,
                        doc="at each quarter (0: none)",
                    ),
                },
                cls=TicksSpec,
            ),
            required=True,
            doc="tick marks along both long edges of every strip",
        ),
        "overlap": Field(
            Length(5, 60), required=True, doc="overlap between segments of a long strip"
        ),
        "gap": Field(
            Length(0, 50, allow_zero=True), default=8 * 72 / 25.4, doc="space between pieces"
        ),
        "calibration": Field(
            Record(
                "calibration",
                {
                    "length": Field(Length(20, 180), required=True, doc="the bar's printed length"),
                    "label": Field(Str(1, 120), required=True, doc="the words beside the bar"),
                },
                cls=Calibration,
            ),
            required=True,
            doc="the bar on every sheet that proves the print is at 100 %",
        ),
        "labels": TEMPLATE_LABELS,
    },
    cls=TemplatesSpec,
)


def strip_specs(spec: TemplatesSpec) -> list[StripSpec]:
    """Every strip as a StripSpec (a bare number in the data is a strip with a default fan)."""
    out = []
    for item in spec.strips:
        out.append(item if isinstance(item, StripSpec) else StripSpec(float(item), None))
    return out


@dataclass
class Strip:
    speed: float
    fan: float  # the largest turn drawn, degrees
    length: float  # points
    where: Location


@dataclass
class Templates:
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


@dataclass(frozen=True)
class Piece:
    strip: Strip
    number: int  # 1-based
    of: int
    start: float  # along the strip
    end: float

    @property
    def last(self) -> bool:
        return self.number == self.of
