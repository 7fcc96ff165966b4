"""The `nato` kind: a NATO land unit symbol (APP-6 / MIL-STD-2525 style), drawn as vectors.

The symbol is chosen from the keys, each of which may read a piece's field (`unit: "{unit}"`):
its frame (`identity`: a friend's rectangle, 1.5 times as wide as high, or a hostile's
diamond), what the unit is (`unit`: the icon inside the frame), an optional `modifier` (airborne
wings or a mountain triangle at the frame's foot) and its size (`echelon`: the marks over the
frame, from a team's barred circle to an army group's XXXXX). The frame fits the box, leaving
the top fifth for the echelon marks (and the bottom fifth for a headquarters' staff).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw.colour import colour
from printkit.layout.geometry import Rect
from printkit.load.records import spec
from printkit.load.schema import Choice
from printkit.model.face import Element, colour_key, element_kind, fill_key
from printkit.model.fromdata import FromField

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

    from printkit.draw.elements import ElementPainter, Palette

# each unit type by its name, and the short names wargames print on counters
UNITS = {
    "infantry": "infantry", "inf": "infantry",
    "armour": "armour", "armor": "armour", "arm": "armour", "tank": "armour",
    "mechanised": "mechanised", "mechanized": "mechanised", "mech": "mechanised",
    "artillery": "artillery", "art": "artillery", "arty": "artillery",
    "cavalry": "cavalry", "cav": "cavalry",
    "reconnaissance": "reconnaissance", "recon": "reconnaissance", "rec": "reconnaissance",
    "headquarters": "headquarters", "hq": "headquarters",
    "engineers": "engineers", "engineer": "engineers", "eng": "engineers",
    "airborne": "airborne", "abn": "airborne",
    "mountain": "mountain", "mtn": "mountain",
}  # fmt: skip
MODIFIERS = ("none", "airborne", "mountain")
# echelon -> its marks: "o" a barred circle, "." dots, "|" bars, "x" crosses, and how many
ECHELONS = {
    "team": ("o", 1), "squad": (".", 1), "section": (".", 2), "platoon": (".", 3),
    "company": ("|", 1), "battalion": ("|", 2), "regiment": ("|", 3), "brigade": ("x", 1),
    "division": ("x", 2), "corps": ("x", 3), "army": ("x", 4), "army-group": ("x", 5),
    "none": ("", 0),
}  # fmt: skip
IDENTITIES = ("friend", "hostile")


@element_kind(
    "nato", "a NATO land unit symbol: frame, unit icon and echelon, from the piece's fields"
)
@fieldwise(kw_only=True)
class Nato(Element):
    """A unit symbol in its box: the frame of `identity`, the icon of `unit` (with a
    `modifier`), the marks of `echelon` over it."""

    identity: str = spec(
        FromField(Choice(IDENTITIES)),
        default="friend",
        doc="friend (a rectangle) or hostile (a diamond)",
    )
    unit: str = spec(
        FromField(Choice(tuple(UNITS))),
        required=True,
        doc="what the unit is: infantry (inf), armour (arm), mechanised (mech), artillery (art), "
        "cavalry (cav), reconnaissance (recon), headquarters (hq), engineers (eng), airborne "
        "(abn), mountain (mtn)",
    )
    modifier: str = spec(
        FromField(Choice(MODIFIERS)), default="none", doc="airborne or mountain, added to the icon"
    )
    echelon: str = spec(
        FromField(Choice(tuple(ECHELONS))),
        default="none",
        doc="the unit's size, marked over the frame: team, squad, section, platoon, company, "
        "battalion, regiment, brigade, division, corps, army, army-group",
    )
    colour: str | None = colour_key("the frame's and icon's colour (default: the ink)")
    fill: str | None = fill_key("the frame's fill (default: none, the piece shows through)")

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        c = painter.canvas
        unit = UNITS[self.unit]
        frame, inner = frame_of(box, self.identity, unit == "headquarters")
        width = max(0.3, frame.h * 0.05)
        line = colour(self.colour) if self.colour else ink
        c.saveState()
        c.setLineWidth(width)
        c.setLineJoin(0 if self.identity == "friend" else 1)
        c.setStrokeColor(line)
        if self.fill:
            painter.set_fill(colour(self.fill))
        _frame(c, frame, self.identity, bool(self.fill))
        painter.set_fill(line)
        for part in (unit, self.modifier):
            ICONS.get(part, _nothing)(c, inner)
        if unit == "headquarters":
            c.line(frame.x, frame.y, frame.x, frame.y - frame.h * 0.45)
        mark, count = ECHELONS[self.echelon]
        _echelon(c, Rect(box.x, frame.y1 + width, box.w, box.y1 - frame.y1 - width), mark, count)
        c.restoreState()


def frame_of(box: Rect, identity: str, staff: bool) -> tuple[Rect, Rect]:
    """(the frame's bounds, the rectangle its icon fills): a friend's 3:2 rectangle or a
    hostile's diamond (whose icon fills the square inside it), in the box below the echelon
    band (and above a headquarters' staff)."""
    top = box.h * 0.22
    foot = box.h * 0.22 if staff else 0.0
    room = Rect(box.x, box.y + foot, box.w, box.h - top - foot)
    ratio = 1.5 if identity == "friend" else 1.0
    h = min(room.h, room.w / ratio)
    w = h * ratio
    frame = Rect(room.cx - w / 2, room.cy - h / 2, w, h)
    if identity == "friend":
        return frame, frame
    return frame, Rect(frame.cx - w / 4, frame.cy - h / 4, w / 2, h / 2)


def _frame(c: Canvas, frame: Rect, identity: str, filled: bool) -> None:
    if identity == "friend":
        c.rect(frame.x, frame.y, frame.w, frame.h, stroke=1, fill=int(filled))
        return
    p = c.beginPath()
    p.moveTo(frame.cx, frame.y1)
    p.lineTo(frame.x1, frame.cy)
    p.lineTo(frame.cx, frame.y)
    p.lineTo(frame.x, frame.cy)
    p.close()
    c.drawPath(p, stroke=1, fill=int(filled))


def _nothing(c: Canvas, r: Rect) -> None:
    return None


def _infantry(c: Canvas, r: Rect) -> None:
    c.line(r.x, r.y, r.x1, r.y1)
    c.line(r.x, r.y1, r.x1, r.y)


def _armour(c: Canvas, r: Rect) -> None:
    h = r.h * 0.42
    c.roundRect(r.x + r.w * 0.18, r.cy - h / 2, r.w * 0.64, h, h / 2, stroke=1, fill=0)


def _mechanised(c: Canvas, r: Rect) -> None:
    _infantry(c, r)
    _armour(c, r)


def _artillery(c: Canvas, r: Rect) -> None:
    c.circle(r.cx, r.cy, r.h * 0.13, stroke=0, fill=1)


def _cavalry(c: Canvas, r: Rect) -> None:
    c.line(r.x, r.y, r.x1, r.y1)


def _engineers(c: Canvas, r: Rect) -> None:
    w, h = r.w * 0.5, r.h * 0.26
    x, y = r.cx - w / 2, r.cy + h / 2
    c.line(x, y, x + w, y)
    for leg in (x, r.cx, x + w):
        c.line(leg, y, leg, y - h)


def _airborne(c: Canvas, r: Rect) -> None:
    radius = r.w * 0.09
    y = r.y + r.h * 0.14
    for cx in (r.cx - radius, r.cx + radius):
        c.arc(cx - radius, y - radius, cx + radius, y + radius, 0, 180)


def _mountain(c: Canvas, r: Rect) -> None:
    w, h = r.w * 0.22, r.h * 0.22
    p = c.beginPath()
    p.moveTo(r.cx - w / 2, r.y)
    p.lineTo(r.cx + w / 2, r.y)
    p.lineTo(r.cx, r.y + h)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


ICONS = {
    "infantry": _infantry,
    "armour": _armour,
    "mechanised": _mechanised,
    "artillery": _artillery,
    "cavalry": _cavalry,
    "reconnaissance": _cavalry,
    "engineers": _engineers,
    "airborne": _airborne,
    "mountain": _mountain,
}


def _echelon(c: Canvas, band: Rect, mark: str, count: int) -> None:
    """`count` marks side by side, centred over the frame in `band`."""
    if not count or band.h <= 0:
        return
    size = band.h * 0.8
    step = size * (0.55 if mark == "|" else 0.6 if mark == "." else 1.1)
    x0 = band.cx - step * (count - 1) / 2
    y = band.y + band.h * 0.1
    for k in range(count):
        cx = x0 + k * step
        if mark == ".":
            c.circle(cx, y + size / 2, size * 0.2, stroke=0, fill=1)
        elif mark == "|":
            c.line(cx, y, cx, y + size)
        elif mark == "x":
            half = size * 0.45
            c.line(cx - half, y, cx + half, y + size)
            c.line(cx - half, y + size, cx + half, y)
        else:  # a team: a circle with a bar through it
            c.circle(cx, y + size / 2, size * 0.4, stroke=1, fill=0)
            c.line(cx - size * 0.55, y + size * 0.05, cx + size * 0.55, y + size * 0.95)


KINDS: tuple[type[Element], ...] = (Nato,)
