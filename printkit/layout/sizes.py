"""Named paper and card sizes (portrait width x height, in points)."""

from __future__ import annotations

import re

from printkit.core.fieldwise import fieldwise
from printkit.layout.units import inch, mm, parse_length


@fieldwise(frozen=True)
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
# the named papers a printer at home takes: offered by `calibrate --paper` and the settings file
HOME_PAPERS = ("a4", "letter", "a3")

CARD = {
    "poker": Size(mm(63), mm(88)),
    "bridge": Size(mm(57), mm(89)),
    "mini": Size(mm(44), mm(63)),
    "tarot": Size(mm(70), mm(120)),
    "square": Size(mm(70), mm(70)),
}


def parse_paper(text: str) -> Size | None:
    """A named paper (a4, letter, a3, a2) or a custom "WxH" size such as "210x297mm" or
    "8.5x14in" (plain numbers are mm). None when the text is neither."""
    name = text.strip().lower()
    if name in PAPER:
        return PAPER[name]
    match = re.fullmatch(r"([0-9.]+)\s*[x×]\s*([0-9.]+)\s*(mm|cm|in|pt)?", name)
    if not match:
        return None
    unit = match.group(3) or "mm"
    w = parse_length(f"{match.group(1)}{unit}")
    h = parse_length(f"{match.group(2)}{unit}")
    if not w or not h or min(w, h) < mm(50) or max(w, h) > mm(2000):
        return None
    return Size(w, h)
