"""The damage chart's model: damage categories, pieces, laps and a penalty table, joined from
the deck, the bases and the rules (under the names the chart's file gives) by
printkit/games/chariot_race/components/damage_chart; and the chart's own file (DamageChartFile, also its
schema: load/records.py)."""

from __future__ import annotations

from typing import NamedTuple

from printkit.api import Choice, Id, Str, fieldwise, labels_spec, record, spec, word
from printkit.games.chariot_race.components.bases.model import Chariot


@record("damage chart labels")
@fieldwise(kw_only=True)
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
@fieldwise(kw_only=True)
class DamageChartFile:
    """The chart's own file: its words; the rest is joined from the deck, bases and rules."""

    title: str = spec(Str(1, 60), default="Damage Chart", doc="printed large at the top")
    instructions: str = spec(Str(0, 600), default="", doc="how to fill the chart in")
    damage_field: str = spec(Id(), default="damage", doc="the deck field naming a category")
    categories: str = spec(
        Id(),
        default="damage",
        doc="the rules file's map of damage categories: name -> `out` (boxes) and `label`",
    )
    laps: str = spec(Id(), default="laps", doc="the rules file's number of lap boxes")
    table: str = spec(
        Id(),
        default="outer_stakes",
        doc="the rules file's list of rows printed beneath as the penalty table",
    )
    table_key: str = spec(
        Id(),
        default="speed",
        doc="the key of a table row printed first (with the deck field's unit)",
    )
    table_value: str = spec(Id(), default="cards", doc="the key of a table row printed second")
    labels: DamageChartLabels = labels_spec(DamageChartLabels)
    source: str | None = spec(
        Choice(("seed", "ours")),
        doc="ours: the chart's layout or rules (its boxes, what they mean) are the kit's own, not "
        "the game's: the sheet prints the mark of the kit's own and its legend; seed or none: "
        "the game's",
    )


class Category(NamedTuple):
    name: str
    label: str
    out: int
    cards: int  # cards in the deck whose crash effect ticks it


class DamageChart(NamedTuple):
    title: str
    instructions: str
    categories: list[Category]
    chariots: list[Chariot]
    laps: int
    table: list[tuple[float, int]]  # the penalty table: (key, value) per row
    key_unit: str  # the unit of the table's keys (that of the deck field of the same name)
    file: str
    labels: DamageChartLabels  # the chart's wording (model/wording.py)
    own_rows: tuple[
        int, ...
    ] = ()  # indices in `table` of the kit's own rows (`source: ours`, marked *)
    own: bool = False  # the chart itself is the kit's own (`source: ours`): the sheet is marked
