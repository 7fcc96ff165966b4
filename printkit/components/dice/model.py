"""A dice file: the cube's side, its colours, one face layout (elements reading {value} and
{die}) and the dice, each with the six values its faces show (layout/dieline.cube_net)."""

from __future__ import annotations

from typing import Any

from printkit.core import limits
from printkit.core.fieldwise import fieldwise
from printkit.layout.units import mm
from printkit.load.records import record, record_of, spec
from printkit.load.schema import Choice, Color, Id, Length, ListOf, Record, Str
from printkit.model.cards import SOURCES
from printkit.model.face import ELEMENT, Element

VALUE = Str(0, 40, doc="what the face shows")


@record("die")
@fieldwise(kw_only=True)
class Die:
    id: str = spec(Id(), required=True, doc="the die's name ({die} on its faces)")
    faces: list[str] = spec(
        ListOf(VALUE, 6, 6),
        required=True,
        doc="the six faces' values, for faces 1 to 6 of the net (1 opposite 6, 2 opposite 5, "
        "3 opposite 4)",
    )
    colour: str | None = spec(Color(), doc="this die's ground (default: the file's colour)")
    source: str | None = spec(
        Choice(SOURCES),
        doc="ours: this die's values are the kit's own, not the game's (a discreet mark prints "
        "on its face 1); seed: the game's (default: the file's `source`)",
    )

    def get(self, name: str) -> Any:
        return self.id if name == "die" else None


@record("dice")
@fieldwise(kw_only=True)
class Dice:
    side: float = spec(Length(8, 60), default=mm(20), doc="the cube's edge")
    colour: str = spec(Color(), default="#ffffff", doc="the dice's ground")
    ink: str = spec(Color(), default="#1d1a16", doc="the colour of text and marks")
    cut_colour: str = spec(Color(), default="#1d1a16", doc="the cut line's colour (solid)")
    fold_colour: str = spec(Color(), default="#9a948a", doc="the fold lines' colour (dashed)")
    face: list[Element] = spec(
        ListOf(ELEMENT, 1, limits.MAX_FACE_ELEMENTS),
        required=True,
        doc="every face's elements (boxes measured in the face); placeholders: {value} (the "
        "face's value from the die's `faces`), {face} (its number, 1 to 6) and {die}",
    )
    dice: list[Die] = spec(ListOf(record_of(Die), 1, 200), required=True, doc="the dice")
    source: str | None = spec(
        Choice(SOURCES),
        doc="ours: the dice's values are the kit's own, not the game's (each die prints a "
        "discreet mark near its face 1's lower right corner and each home sheet a one-line "
        "legend; a die's own `source` overrides); seed or none: the game's",
    )
    file: str = ""

    def own(self, die: Die) -> bool:
        """Whether a die's values are the kit's own (`source: ours`, the die's or else the
        file's), marked so on paper."""
        return (die.source or self.source) == "ours"


DICE: Record = record_of(Dice)
