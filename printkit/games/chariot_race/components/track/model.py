"""The track (track.yaml) and its geometry, as pure functions a test can call.

The circus is two straights joined by two semicircular turns round the spina. Coordinates are
points with the origin at the centre of the spina: the straights run along x, the home straight
is at the bottom (y < 0) and is raced left to right, so the race runs anticlockwise and every
turn is to the left. The race starts at the start of the home straight (the grid, "with the
full length of the straight ahead"); the finish line crosses the home straight halfway down it
(the seed's "card replenishment point"), the halfway line the back straight opposite, unless the
track says `finish_at: start` (both lines at the start of their straight). Distances "round the
course" are measured along the centre line.

Each @record dataclass is also the schema of its part of the file (load/records.py).
"""

from __future__ import annotations

import math

from printkit.api import (
    Choice,
    Int,
    Length,
    ListOf,
    Record,
    Rect,
    Str,
    fieldwise,
    labels_spec,
    record,
    record_of,
    spec,
    word,
)

DEFAULT_NOTES = (
    "Finish line: halfway down the home straight.",
    "Halfway line: halfway down the back straight.",
    "Grid: pole position (1) is front and inside.",
)


@record("pit")
@fieldwise(kw_only=True)
class Pit:
    at: float = spec(
        Length(0, 5000, allow_zero=True),
        required=True,
        doc="start of the home straight to the ramp",
    )
    ramp: float = spec(Length(0, 1000, allow_zero=True), required=True, doc="the ramp's length")
    length: float = spec(Length(1, 1000), required=True, doc="the pit's length, along the track")
    width: float = spec(Length(1, 2000), required=True, doc="across the track from the stakes")

    def jump(self, base_length: float) -> float:
        """The shortest single move that carries a base of this length up the ramp and clear."""
        return self.ramp + self.length + base_length


@record("grid")
@fieldwise(kw_only=True)
class Grid:
    per_row: int = spec(Int(1, 16), default=4, doc="chariots abreast on the start grid")
    row_gap: float = spec(
        Length(0, 500, allow_zero=True), default=25.4 * 72 / 25.4, doc="between grid rows"
    )


@record("plan")
@fieldwise(kw_only=True)
class PlanSpec:
    scales: list[int] = spec(ListOf(Int(1, 1000), 1, 40), required=True, doc="1:N scales to try")
    scale_bar: float = spec(Length(10, 5000), required=True, doc="the plan's scale bar length")


@record("track labels")
@fieldwise(kw_only=True)
class TrackLabels:
    stands: str = word("STANDS", "on the bank below the home straight")
    barrier: str = word("", "on the central barrier (nothing by default)")
    bank: str = word("BANK", "on the bank outside the edge markers")
    edge: str = word("TRACK EDGE", "along the ring of markers round the outer edge")
    hazard: str = word("HAZARD", "on the hole dug in the track (`pit`)")
    ramp: str = word("RAMP", "on the ramp before it")
    finish: str = word("FINISH", "beside the finish line")
    halfway: str = word("HALFWAY", "beside the halfway line")
    plan_note: str = word(
        "Plan at 1:{scale}. Play runs anticlockwise; the dashed line is the centre line a "
        "lap is measured on.",
        "under the plan's title; {scale}: the plan's 1:N scale",
    )
    key_title: str = word("KEY DIMENSIONS", "heading of the plan's table of measures")
    lap: str = word("LAP (centre line)", "the table's first, large entry")
    lap_row: str = word("Lap, along the centre line", "the lap's row in the table")
    straight_row: str = word("Each straight", "table row")
    width_row: str = word("Track width", "table row")
    radius_row: str = word("Turn radius: inside", "table row")
    radii_row: str = word("  centre line / outside", "table row")
    bank_row: str = word("Bank outside the edge", "table row")
    edge_row: str = word("Edge markers", "table row: how many markers, how far apart")
    edge_value: str = word("{n}, about {spacing} in apart", "{n}: markers, {spacing}: inches")
    hazard_row: str = word(
        "Hazard: from the start of the straight", "table row (tracks with a `pit`)"
    )
    hazard_size_row: str = word("  ramp + hazard", "table row")
    jump_row: str = word("  a jump needs more than", "table row")
    grid_row: str = word("Start grid", "table row")
    grid_value: str = word(
        "{n} models, {rows} of up to {per_row}",
        "{n}: models; {rows}: '1 row', '2 rows'...; {per_row}: models abreast",
    )
    bases_row: str = word("Bases", "table row")
    board_row: str = word("Board, with the bank", "table row")


@record("track")
@fieldwise(kw_only=True)
class Track:
    straight: float = spec(
        Length(1, 5000, allow_zero=True),
        required=True,
        doc="each straight, turn centre to centre",
    )
    width: float = spec(Length(10, 3000), required=True, doc="from the spina to the stakes")
    inner_radius: float = spec(Length(1, 3000), required=True, doc="the spina's rounded ends")
    bank: float = spec(
        Length(0, 1000, allow_zero=True), default=0.0, doc="the bank outside the stakes"
    )
    stake_spacing: float = spec(Length(5, 500), required=True, doc="between the outer stakes")
    finish_at: str = spec(
        Choice(("middle", "start")),
        default="middle",
        doc="where the finish and halfway lines cross their straights: middle (the seed: the "
        "card replenishment point is halfway down the straight) or start",
    )
    pit: Pit | None = spec(record_of(Pit), doc="the pit and its ramp; null for no pit")
    grid: Grid = spec(
        record_of(Grid), default=lambda: Grid(per_row=4, row_gap=72.0), doc="the start grid"
    )
    plan: PlanSpec = spec(record_of(PlanSpec), required=True, doc="how the reduced plan is drawn")
    notes: list[str] = spec(
        ListOf(Str(1, 120), 0, 8),
        default=lambda: list(DEFAULT_NOTES),
        doc="lines printed under the plan's table of measures",
    )
    labels: TrackLabels = labels_spec(TrackLabels)
    source: str | None = spec(
        Choice(("seed", "ours")),
        doc="ours: the track's measures and layout are the kit's own, not the game's (the plan "
        "sheet and the full-size track print the mark of the kit's own and its legend); seed or "
        "none: the game's",
    )
    file: str = ""

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
    def start_x(self) -> float:
        """The start of the home straight: the grid's rear, and where the pit is measured from."""
        return -self.straight / 2

    @property
    def finish_x(self) -> float:
        return 0.0 if self.finish_at == "middle" else -self.straight / 2

    @property
    def halfway_x(self) -> float:
        return 0.0 if self.finish_at == "middle" else self.straight / 2

    @property
    def finish_distance(self) -> float:
        """From the start of the home straight to the finish line, along the centre line."""
        return self.finish_x - self.start_x

    def pit_jump(self, base_length: float) -> float | None:
        """The shortest single move that carries a chariot up the ramp and clear of the pit."""
        return self.pit.jump(base_length) if self.pit is not None else None

    def ramp_rect(self) -> Rect | None:
        if self.pit is None:
            return None
        x = self.start_x + self.pit.at
        return Rect(x, -self.outer_radius, self.pit.ramp, self.pit.width)

    def pit_rect(self) -> Rect | None:
        if self.pit is None:
            return None
        x = self.start_x + self.pit.at + self.pit.ramp
        return Rect(x, -self.outer_radius, self.pit.length, self.pit.width)

    def grid_rows(self, chariots: int) -> int:
        return max(1, -(-chariots // self.grid.per_row))

    def grid_gap(self, base_width: float) -> float:
        """The space between bases abreast (and from the edges); negative if they do not fit."""
        n = self.grid.per_row
        return (self.width - n * base_width) / (n + 1)

    def grid_slots(self, chariots: int, base_width: float, base_length: float) -> list[Rect]:
        """Each chariot's base on the start grid, pole position first (front row, inside).

        The back row's rear is at the start of the home straight, so the whole straight lies
        ahead (the seed: "Start with the full length of the straight ahead").
        """
        rows = self.grid_rows(chariots)
        gap = self.grid_gap(base_width)
        slots = []
        for i in range(chariots):
            row, place = divmod(i, self.grid.per_row)
            rear = self.start_x + (rows - 1 - row) * (base_length + self.grid.row_gap)
            y = -self.inner_radius - gap - base_width - place * (base_width + gap)
            slots.append(Rect(rear, y, base_length, base_width))
        return slots

    def point_at(self, distance: float, radius: float) -> tuple[float, float, float]:
        """(x, y, heading in degrees) at `distance` round the loop of `radius`, from the start of
        the home straight."""
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


PIT: Record = record_of(Pit)
GRID: Record = record_of(Grid)
PLAN: Record = record_of(PlanSpec)
TRACK: Record = record_of(Track)
