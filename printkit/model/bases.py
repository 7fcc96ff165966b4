"""Chariot bases (bases.yaml): the base size every other component measures with, and the chariots."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.layout.sizes import Size
from printkit.load.schema import Color, Field, Int, Length, ListOf, Record, Str
from printkit.model.wording import labels_field


@dataclass
class Chariot:
    name: str
    team: str
    colour: str


@dataclass
class Bases:
    width: float  # points, across the chariot
    length: float  # points, front to back
    copies: int
    chariots: list[Chariot]
    file: str = ""
    labels: Any = None

    @property
    def size(self) -> Size:
        """The base as a piece standing upright: width across, length up the sheet."""
        return Size(self.width, self.length)


CHARIOT = Record(
    "chariot",
    {
        "name": Field(Str(1, 24), required=True, doc="printed on the base and the damage chart"),
        "team": Field(Str(0, 40), default="", doc="the faction, printed smaller"),
        "colour": Field(Color(), required=True, doc="the base's colour"),
    },
    cls=Chariot,
)

BASE_SIZE = Record(
    "base size",
    {
        "width": Field(Length(10, 500), required=True, doc="across the chariot"),
        "length": Field(Length(10, 500), required=True, doc="front to back"),
    },
)

BASES = Record(
    "bases",
    {
        "size": Field(
            BASE_SIZE, required=True, doc="the chariot base, e.g. {width: 40mm, length: 100mm}"
        ),
        "copies": Field(Int(1, 20), default=1, doc="bases printed per chariot"),
        "chariots": Field(ListOf(CHARIOT, 1, 64), required=True, doc="one entry per chariot"),
        "labels": labels_field(
            "base labels",
            {
                "front": ("FRONT", "under the arrow at the base's front"),
                "pivot": ("PIVOT", "at both rear corners"),
            },
            max_len=24,
        ),
    },
)
