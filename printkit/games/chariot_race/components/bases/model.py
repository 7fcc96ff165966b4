"""Chariot bases (bases.yaml): the base size every other component measures with, and the chariots.

Each dataclass here is also the schema of its part of the file (load/records.py)."""

from __future__ import annotations

from printkit.api import (
    Choice,
    Color,
    Int,
    Length,
    ListOf,
    Record,
    Size,
    Str,
    fieldwise,
    labels_spec,
    record,
    record_of,
    spec,
    word,
)


@record("chariot")
@fieldwise(kw_only=True)
class Chariot:
    name: str = spec(Str(1, 24), required=True, doc="printed on the base and the damage chart")
    team: str = spec(Str(0, 40), default="", doc="the faction, printed smaller")
    colour: str = spec(Color(), required=True, doc="the base's colour")


@record("base size")
@fieldwise(kw_only=True)
class BaseSize:
    width: float = spec(Length(10, 500), required=True, doc="across the chariot")  # points
    length: float = spec(Length(10, 500), required=True, doc="front to back")  # points


@record("base labels")
@fieldwise(kw_only=True)
class BaseLabels:
    front: str = word("FRONT", "under the arrow at the base's front", max_len=24)
    pivot: str = word("PIVOT", "at both rear corners", max_len=24)


@record("bases")
@fieldwise(kw_only=True)
class Bases:
    size: BaseSize = spec(
        record_of(BaseSize),
        required=True,
        doc="the chariot base, e.g. {width: 40mm, length: 100mm}",
    )
    copies: int = spec(Int(1, 20), default=1, doc="bases printed per chariot")
    chariots: list[Chariot] = spec(
        ListOf(record_of(Chariot), 1, 64), required=True, doc="one entry per chariot"
    )
    labels: BaseLabels = labels_spec(BaseLabels)
    source: str | None = spec(
        Choice(("seed", "ours")),
        doc="ours: the bases' size or printed words are the kit's own, not the game's (each "
        "base prints the discreet mark of the kit's own, and its sheet the legend); seed or "
        "none: the game's",
    )
    file: str = ""

    @property
    def width(self) -> float:
        """Points, across the chariot."""
        return self.size.width

    @property
    def length(self) -> float:
        """Points, front to back."""
        return self.size.length

    @property
    def piece(self) -> Size:
        """The base as a piece standing upright: width across, length up the sheet."""
        return Size(self.width, self.length)


CHARIOT: Record = record_of(Chariot)
BASE_SIZE: Record = record_of(BaseSize)
BASES: Record = record_of(Bases)
