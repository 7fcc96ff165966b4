"""Named paper and card sizes (portrait width x height, in points)."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.layout.units import inch, mm


@dataclass(frozen=True)
class Size:
    width: float
    height: float

    @property
    def landscape(self) -> bool:
        return self.width > self.height

    def rotated(self) -> Size:
        return Size(self.height, self.width)


PAPER = {
    "a4": Size(mm(210), mm(297)),
    "letter": Size(inch(8.5), inch(11)),
    "a3": Size(mm(297), mm(420)),
    "a2": Size(mm(420), mm(594)),
}

CARD = {
    "poker": Size(mm(63), mm(88)),
    "bridge": Size(mm(57), mm(89)),
    "mini": Size(mm(44), mm(63)),
    "tarot": Size(mm(70), mm(120)),
    "square": Size(mm(70), mm(70)),
}
