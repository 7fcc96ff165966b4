"""The track (track.yaml) and its geometry, as pure functions a test can call.

The circus is two straights joined by two semicircular turns round the spina. Coordinates are
points with the origin at the centre of the spina: the straights run along x, the home straight
is at the bottom (y < 0) and is raced left to right, so the race runs anticlockwise and every
turn is to the left. The finish line crosses the start of the home straight, the halfway line the
start of the back straight. Distances "round the course" are measured along the centre line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from printkit.layout.geometry import Rect
from printkit.load.schema import Field, Int, Length, ListOf, Record, Str
from printkit.model.wording import labels_field

DEFAULT_NOTES = (
    "Finish line: start of the home straight.",
    "Halfway line: start of the back straight.",
    "Grid: pole position (1) is front and inside.",
)


@dataclass
class Pit:
    at: float  # from the finish line to the foot of the ramp
    ramp: float
    length: float
    width: float  # across the track, from the stakes inward

    def jump(self, base_length: float) -> float:
        """The shortest single move that carries a base of this length up the ramp and clear."""
        return self.ramp + self.length + base_length


@dataclass
class Grid:
    per_row: int
    row_gap: float


@dataclass
class PlanSpec:
    scales: list[int]
    scale_bar: float


@dataclass
class Track:
    straight: float
    width: float
    inner_radius: float
    bank: float
    stake_spacing: float
    pit: Pit | None
    grid: Grid
    plan: PlanSpec
    notes: list[str] = field(default_factory=list)
    file: str = ""
    labels: Any = None

    # -- radii -----------------------------------------------------------------------------
    @property
    def outer_radius(self) -> float:
        return self.inner_radius + self.width

    @property
    def centre_radius(self) -> float:
        return self.inner_radius + self.width / 2

    @property
    def bank_radius(self) -> float:
        return self.outer_radius + self.bank

    # -- lengths ---------------------------------------------------------------------------
    def loop_length(self, radius: float) -> float:
        """Once round at `radius` from the turn centres: two straights and two half circles."""
        return 2 * self.straight + 2 * math.pi * radius

    @property
    def lap(self) -> float:
        """The lap along the centre line."""
        return self.loop_length(self.centre_radius)

    @property
    def board(self) -> Rect:
        """The whole playing area, bank included, in track coordinates."""
        r = self.bank_radius
        return Rect(-self.straight / 2 - r, -r, self.straight + 2 * r, 2 * r)

    # -- lines and places ------------------------------------------------------------------
    @property
    def finish_x(self) -> float:
        return -self.straight / 2

    @property
    def halfway_x(self) -> float:
        return self.straight / 2

    def pit_jump(self, base_length: float) -> float | None:
        """The shortest single move that carries a chariot up the ramp and clear of the pit."""
        return self.pit.jump(base_length) if self.pit is not None else None

    def ramp_rect(self) -> Rect | None:
        if self.pit is None:
            return None
        x = self.finish_x + self.pit.at
        return Rect(x, -self.outer_radius, self.pit.ramp, self.pit.width)

    def pit_rect(self) -> Rect | None:
        if self.pit is None:
            return None
        x = self.finish_x + self.pit.at + self.pit.ramp
        return Rect(x, -self.outer_radius, self.pit.length, self.pit.width)

    def grid_rows(self, chariots: int) -> int:
        return max(1, -(-chariots // self.grid.per_row))

    def grid_gap(self, base_width: float) -> float:
        """The space between bases abreast (and from the edges); negative if they do not fit."""
        n = self.grid.per_row
        return (self.width - n * base_width) / (n + 1)

    def grid_slots(self, chariots: int, base_width: float, base_length: float) -> list[Rect]:
        """Each chariot's base on the start grid, pole position first (front row, inside).

        The back row's rear is on the finish line, so the whole home straight lies ahead.
        """
        rows = self.grid_rows(chariots)
        gap = self.grid_gap(base_width)
        slots = []
        for i in range(chariots):
            row, place = divmod(i, self.grid.per_row)
            rear = self.finish_x + (rows - 1 - row) * (base_length + self.grid.row_gap)
            y = -self.inner_radius - gap - base_width - place * (base_width + gap)
            slots.append(Rect(rear, y, base_length, base_width))
        return slots

    def point_at(self, distance: float, radius: float) -> tuple[float, float, float]:
        """(x, y, heading in degrees) at `distance` round the loop of `radius`, from the finish."""
        s, r = self.straight, radius
        d = distance % self.loop_length(r)
        half_turn = math.pi * r
        if d <= s:
            return (-s / 2 + d, -r, 0.0)
        d -= s
        if d <= half_turn:
            a = -math.pi / 2 + d / r
            return (s / 2 + r * math.cos(a), r * math.sin(a), math.degrees(a) + 90)
        d -= half_turn
        if d <= s:
            return (s / 2 - d, r, 180.0)
        d -= s
        a = math.pi / 2 + d / r
        return (-s / 2 + r * math.cos(a), r * math.sin(a), math.degrees(a) + 90)

    def stakes(self) -> list[tuple[float, float]]:
        """Stake positions evenly round the outer edge, about `stake_spacing` apart."""
        total = self.loop_length(self.outer_radius)
        n = max(4, round(total / self.stake_spacing))
        return [self.point_at(total * i / n, self.outer_radius)[:2] for i in range(n)]


PIT = Record(
    "pit",
    {
        "at": Field(Length(0, 5000, allow_zero=True), required=True, doc="finish line to ramp"),
        "ramp": Field(Length(0, 1000, allow_zero=True), required=True, doc="the ramp's length"),
        "length": Field(Length(1, 1000), required=True, doc="the pit's length, along the track"),
        "width": Field(Length(1, 2000), required=True, doc="across the track from the stakes"),
    },
    cls=Pit,
)

GRID = Record(
    "grid",
    {
        "per_row": Field(Int(1, 16), default=4, doc="chariots abreast on the start grid"),
        "row_gap": Field(
            Length(0, 500, allow_zero=True), default=25.4 * 72 / 25.4, doc="between grid rows"
        ),
    },
    cls=Grid,
)

PLAN = Record(
    "plan",
    {
        "scales": Field(ListOf(Int(1, 1000), 1, 40), required=True, doc="1:N scales to try"),
        "scale_bar": Field(Length(10, 5000), required=True, doc="the plan's scale bar length"),
    },
    cls=PlanSpec,
)

TRACK_LABELS = labels_field(
    "track labels",
    {
        "stands": ("STANDS", "on the bank below the home straight"),
        "barrier": ("", "on the central barrier (nothing by default)"),
        "bank": ("BANK", "on the bank outside the edge markers"),
        "edge": ("TRACK EDGE", "along the ring of markers round the outer edge"),
        "hazard": ("HAZARD", "on the hole dug in the track (`pit`)"),
        "ramp": ("RAMP", "on the ramp before it"),
        "finish": ("FINISH", "beside the finish line"),
        "halfway": ("HALFWAY", "beside the halfway line"),
        "plan_note": (
            "Plan at 1:{scale}. Play runs anticlockwise; the dashed line is the centre line a "
            "lap is measured on.",
            "under the plan's title; {scale}: the plan's 1:N scale",
        ),
        "key_title": ("KEY DIMENSIONS", "heading of the plan's table of measures"),
        "lap": ("LAP (centre line)", "the table's first, large entry"),
        "lap_row": ("Lap, along the centre line", "the lap's row in the table"),
        "straight_row": ("Each straight", "table row"),
        "width_row": ("Track width", "table row"),
        "radius_row": ("Turn radius: inside", "table row"),
        "radii_row": ("  centre line / outside", "table row"),
        "bank_row": ("Bank outside the edge", "table row"),
        "edge_row": ("Edge markers", "table row: how many markers, how far apart"),
        "edge_value": ("{n}, about {spacing} in apart", "{n}: markers, {spacing}: inches"),
        "hazard_row": ("Hazard: from the finish line", "table row (tracks with a `pit`)"),
        "hazard_size_row": ("  ramp + hazard", "table row"),
        "jump_row": ("  a jump needs more than", "table row"),
        "grid_row": ("Start grid", "table row"),
        "grid_value": (
            "{n} models, {rows} of up to {per_row}",
            "{n}: models; {rows}: '1 row', '2 rows'...; {per_row}: models abreast",
        ),
        "bases_row": ("Bases", "table row"),
        "board_row": ("Board, with the bank", "table row"),
    },
)

TRACK = Record(
    "track",
    {
        "straight": Field(
            Length(1, 5000, allow_zero=True),
            required=True,
            doc="each straight, turn centre to centre",
        ),
        "width": Field(Length(10, 3000), required=True, doc="from the spina to the stakes"),
        "inner_radius": Field(Length(1, 3000), required=True, doc="the spina's rounded ends"),
        "bank": Field(
            Length(0, 1000, allow_zero=True), default=0.0, doc="the bank outside the stakes"
        ),
        "stake_spacing": Field(Length(5, 500), required=True, doc="between the outer stakes"),
        "pit": Field(PIT, doc="the pit and its ramp; null for no pit"),
        "grid": Field(GRID, default=lambda: Grid(4, 72.0), doc="the start grid"),
        "plan": Field(PLAN, required=True, doc="how the reduced plan is drawn"),
        "notes": Field(
            ListOf(Str(1, 120), 0, 8),
            default=lambda: list(DEFAULT_NOTES),
            doc="lines printed under the plan's table of measures",
        ),
        "labels": TRACK_LABELS,
    },
    cls=Track,
)
