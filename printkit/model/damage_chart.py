"""The damage chart's model: damage categories, chariots, laps and the outer-stakes table,
joined from the deck, the bases and the rules by printkit/components/damage_chart.py; and the
chart's own file (DamageChartFile, also its schema: load/records.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from printkit.load.records import record, spec
from printkit.load.schema import Id, Str
from printkit.model.bases import Chariot
from printkit.model.wording import labels_spec, word


@record("damage chart labels")
@dataclass(kw_only=True)
class DamageChartLabels:
    names: str = word("NAME", "heading of the column of names", max_len=120)
    laps: str = word("Rounds", "heading of the last group of boxes (the rules' laps)", max_len=120)
    laps_note: str = word(
        "{n} to go", "under the laps heading; {n}: the number of boxes", max_len=120
    )
    out_note: str = word("{n} = out", "under a category's heading; {n}: its out limit", max_len=120)
    out_mark: str = word("OUT", "in the last box of a category", max_len=120)
    table_title: str = word("PENALTIES", "heading of the penalty table", max_len=120)
    table_note: str = word("", "a line under the penalty table's heading", max_len=120)
    table_key: str = word("SPEED", "the penalty table's first row", max_len=120)
    table_value: str = word("CARDS", "the penalty table's second row", max_len=120)
    summary_title: str = word(
        "IN THIS DECK", "heading of the count of cards per category", max_len=120
    )
    summary_cards: str = word("{n} cards", "cards that name a category; {n}: how many", max_len=120)
    summary_out: str = word("out at {n}", "a category's out limit; {n}: the limit", max_len=120)
    own_rows: str = word(
        "* the kit's own rows, not the game's rules",
        "under the penalty table when some rows are the kit's own (`source: ours`)",
        max_len=120,
    )


@record("damage chart")
@dataclass(kw_only=True)
class DamageChartFile:
    """The chart's own file: its words; the rest is joined from the deck, bases and rules."""

    title: str = spec(Str(1, 60), default="Damage Chart", doc="printed large at the top")
    instructions: str = spec(Str(0, 600), default="", doc="how to fill the chart in")
    damage_field: str = spec(Id(), default="damage", doc="the deck field naming a category")
    labels: DamageChartLabels = labels_spec(DamageChartLabels)


@dataclass(frozen=True)
class Category:
    name: str
    label: str
    out: int
    cards: int  # cards in the deck whose crash effect ticks it


@dataclass
class DamageChart:
    title: str
    instructions: str
    categories: list[Category]
    chariots: list[Chariot]
    laps: int
    stakes: list[tuple[float, int]]  # (speed, cards lost)
    speed_unit: str
    file: str
    labels: DamageChartLabels  # the chart's wording (model/wording.py)
    own_speeds: tuple[float, ...] = ()  # the rows the kit adds to its game's rules (marked *)


class DamageLimit(Protocol):
    @property
    def out(self) -> int: ...  # boxes to tick; the last puts the piece out

    @property
    def label(self) -> str | None: ...  # printed on the chart (None: the category's name)


class PenaltyRow(Protocol):
    @property
    def speed(self) -> float: ...

    @property
    def cards(self) -> int: ...  # cards lost at that speed

    @property
    def source(self) -> str: ...  # "seed": the game's rules; "ours": the kit's own row


@runtime_checkable
class PenaltyRules(Protocol):
    """What a game's rules must give a damage chart (any game's rules class that has these)."""

    @property
    def laps(self) -> int: ...

    @property
    def damage(self) -> Mapping[str, DamageLimit]: ...  # category name -> its limit

    @property
    def outer_stakes(self) -> Sequence[PenaltyRow]: ...
