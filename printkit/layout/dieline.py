"""Die-lines: a flat piece of card that is cut out and folded into a box or a die.

A die-line is panels (the faces a user designs), the cut (one closed outline, solid when
printed) and the folds (straight lines inside it, dashed). Everything is in PDF points with
the origin at the bottom-left corner of the die-line's bounding box and y upward, so that a
drawing routine places it anywhere and a test measures it in millimetres.

Two die-lines are built here:

- `tuck_box`: a one-piece box for a deck of cards (a "reverse tuck end" box: the lid and its
  tuck hang from the back panel's top, the bottom and its tuck from the front panel's foot,
  dust flaps on both sides, a glue flap on the back panel's free side, a thumb notch in the
  front's top edge). Its inside is the card (or the sleeved card) plus a clearance each way;
  its depth is the count times the card's thickness (a sleeved card's thickness includes its
  sleeve) plus the clearance.
- `cube_net`: a d6 as a cross of six squares with glue flaps on the free edges.

The proportions of the flaps (tuck, dust flap, glue flap, notch) are ours (`source: ours`),
chosen from common print-and-play templates: a tuck as deep as the box but 10 to 18 mm, dust
flaps a little narrower than the side so they fold in without binding, a glue flap 8 to 12 mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from printkit.layout.geometry import Rect
from printkit.layout.sizes import Size
from printkit.layout.units import mm

Point = tuple[float, float]
Line = tuple[Point, Point]

NOTCH_STEPS = 16  # straight pieces that draw the thumb notch's half circle


@dataclass(frozen=True, slots=True)
class Panel:
    """A part of the die-line a face is designed for: its name (front, back, left, right, top,
    bottom, tuck-top, tuck-bottom, or a die's face number) and its rectangle."""

    name: str
    rect: Rect


@dataclass(frozen=True)
class DieLine:
    """Panels, the cut outline (a closed polygon, counter-clockwise) and the fold lines."""

    size: Size
    panels: list[Panel]
    cut: list[Point]
    folds: list[Line] = field(default_factory=list)

    def panel(self, name: str) -> Panel:
        return next(p for p in self.panels if p.name == name)


@dataclass(frozen=True, slots=True)
class Sleeve:
    """A card sleeve: its outer size and the thickness it adds to each card."""

    width: float
    height: float
    thickness: float


@dataclass(frozen=True, slots=True)
class BoxInside:
    """The inside of a deck box: width and height of the opening's face, and its depth."""

    width: float
    height: float
    depth: float


def box_inside(
    card: Size,
    count: int,
    thickness: float,
    clearance: float = mm(1),
    sleeve: Sleeve | None = None,
) -> BoxInside:
    """The inside a deck needs: the (sleeved) card plus `clearance` each way; the stack of
    `count` cards, each `thickness` thick (plus its sleeve's), plus `clearance`."""
    width, height, each = card.width, card.height, thickness
    if sleeve is not None:
        width, height = max(width, sleeve.width), max(height, sleeve.height)
        each += sleeve.thickness
    return BoxInside(width + clearance, height + clearance, count * each + clearance)


def tuck_box(inside: BoxInside, glue: float = mm(10), notch: float = mm(10)) -> DieLine:
    """The die-line of a reverse tuck end box with the given inside.

    Columns, left to right, printed side up: glue flap, back, left side, front, right side
    (the sides as seen looking at the front of the folded box). Rows, bottom to top: the bottom
    tuck and bottom (under the front), the body, the lid and the top tuck (over the back);
    dust flaps above and below both sides.
    """
    w, h, d = inside.width, inside.height, inside.depth
    tuck = min(max(d, mm(10)), mm(18), h / 3)
    dust = min(d, w / 2 - mm(1))  # how far a dust flap reaches into the opening
    glue = min(glue, w / 3)
    notch = min(notch, w / 4)
    xs = [0.0, glue, glue + w, glue + w + d, glue + 2 * w + d, glue + 2 * w + 2 * d]
    y0, y1 = tuck + d, tuck + d + h  # the body
    size = Size(xs[5], y1 + d + tuck)
    back = Rect(xs[1], y0, w, h)
    front = Rect(xs[3], y0, w, h)
    panels = [
        Panel("back", back),
        Panel("left", Rect(xs[2], y0, d, h)),
        Panel("front", front),
        Panel("right", Rect(xs[4], y0, d, h)),
        Panel("top", Rect(xs[1], y1, w, d)),
        Panel("tuck-top", Rect(xs[1], y1 + d, w, tuck)),
        Panel("bottom", Rect(xs[3], tuck, w, d)),
        Panel("tuck-bottom", Rect(xs[3], 0, w, tuck)),
        Panel("glue", Rect(0, y0, glue, h)),
    ]
    cut = _tuck_outline(xs, y0, y1, d, tuck, dust, glue, notch)
    folds: list[Line] = [
        *(((x, y0), (x, y1)) for x in xs[1:5]),  # glue|back|left|front|right
        ((xs[1], y1), (xs[2], y1)),  # back | lid
        ((xs[1], y1 + d), (xs[2], y1 + d)),  # lid | top tuck
        ((xs[3], y0), (xs[4], y0)),  # front | bottom
        ((xs[3], tuck), (xs[4], tuck)),  # bottom | bottom tuck
        ((xs[2], y1), (xs[3], y1)),  # dust flaps on the sides
        ((xs[4], y1), (xs[5], y1)),
        ((xs[2], y0), (xs[3], y0)),
        ((xs[4], y0), (xs[5], y0)),
    ]
    return DieLine(size, panels, cut, folds)


def _tuck_outline(
    xs: list[float],
    y0: float,
    y1: float,
    d: float,
    tuck: float,
    dust: float,
    glue: float,
    notch: float,
) -> list[Point]:
    """The tuck box's cut, counter-clockwise from the glue flap's bottom-left corner."""
    slant = min(glue / 2, mm(3))  # the glue flap's chamfers
    corner = min(tuck / 3, mm(4))  # the tucks' cut corners
    inset = min(dust / 3, mm(3))  # the dust flaps lean in at their outer edge
    front_l, front_r = xs[3], xs[4]
    mid = (front_l + front_r) / 2
    pts: list[Point] = [(0, y0 + slant), (xs[1], y0)]
    # under the back: nothing hangs, the back's foot is cut; then the left side's dust flap
    pts += [(xs[2], y0), (xs[2] + inset, y0 - dust), (xs[3] - inset, y0 - dust), (xs[3], y0)]
    # the bottom and its tuck under the front
    pts += [(front_l, tuck), (front_l + corner, 0), (front_r - corner, 0), (front_r, tuck)]
    pts += [(front_r, y0)]
    # the right side's lower dust flap, then up the right side's free edge
    pts += [(xs[4] + inset, y0 - dust), (xs[5] - inset, y0 - dust), (xs[5], y0), (xs[5], y1)]
    pts += [(xs[5] - inset, y1 + dust), (xs[4] + inset, y1 + dust), (xs[4], y1)]
    # the front's top edge, with the thumb notch (a half circle cut down into the front)
    pts += [(mid + notch, y1)]
    for i in range(1, NOTCH_STEPS):
        a = math.pi * i / NOTCH_STEPS
        pts.append((mid + notch * math.cos(a), y1 - notch * math.sin(a)))
    pts += [(mid - notch, y1), (front_l, y1)]
    # the left side's upper dust flap, the lid and the top tuck over the back
    pts += [(xs[3] - inset, y1 + dust), (xs[2] + inset, y1 + dust), (xs[2], y1)]
    pts += [(xs[2], y1 + d), (xs[2] - corner, y1 + d + tuck), (xs[1] + corner, y1 + d + tuck)]
    pts += [(xs[1], y1 + d), (xs[1], y1), (0, y1 - slant)]
    return pts


def cube_net(side: float, glue: float = mm(6)) -> DieLine:
    """A d6 as a cross of six squares, `side` each: a column of four (1 at the top, then 2, 6
    and 5 downward, so opposite faces add to 7) with 3 and 4 either side of 2, and a glue flap
    on one edge of each of the seven pairs of edges that meet when it is folded."""
    s, g = side, min(glue, side / 3)
    c0, c1, y0 = s, 2 * s, g  # the column's sides; its foot sits above face 5's glue flap
    names = ["5", "6", "2", "1"]  # bottom to top
    panels = [Panel(n, Rect(c0, y0 + i * s, s, s)) for i, n in enumerate(names)]
    panels += [Panel("3", Rect(0, y0 + 2 * s, s, s)), Panel("4", Rect(c1, y0 + 2 * s, s, s))]
    y2, y3 = y0 + 2 * s, y0 + 3 * s
    folds: list[Line] = [((c0, y0 + i * s), (c1, y0 + i * s)) for i in (1, 2, 3)]
    folds += [((c0, y2), (c0, y3)), ((c1, y2), (c1, y3))]  # 3 | 2 | 4
    # the glue flaps' folds: under 5, beside 5, under and over 3 and 4
    folds += [((c0, y0), (c1, y0)), ((c0, y0), (c0, y0 + s)), ((c1, y0), (c1, y0 + s))]
    folds += [((0, y2), (c0, y2)), ((0, y3), (c0, y3)), ((c1, y2), (3 * s, y2))]
    folds += [((c1, y3), (3 * s, y3))]
    return DieLine(Size(3 * s, y0 + 4 * s), panels, _cube_outline(s, y0, g), folds)


def _cube_outline(s: float, y0: float, g: float) -> list[Point]:
    """The cross's cut with its glue flaps (trapezoids leaning in by `g`), counter-clockwise."""
    c0, c1, right = s, 2 * s, 3 * s
    y1, y2, y3, y4 = y0 + s, y0 + 2 * s, y0 + 3 * s, y0 + 4 * s
    pts: list[Point] = [(c0, y0), (c0 + g, y0 - g), (c1 - g, y0 - g), (c1, y0)]  # under 5
    pts += [(c1 + g, y0 + g), (c1 + g, y1 - g), (c1, y1), (c1, y2)]  # beside 5, then 6
    pts += [(c1 + g, y2 - g), (right - g, y2 - g), (right, y2), (right, y3)]  # under 4
    pts += [(right - g, y3 + g), (c1 + g, y3 + g), (c1, y3), (c1, y4), (c0, y4), (c0, y3)]
    pts += [(c0 - g, y3 + g), (g, y3 + g), (0, y3), (0, y2)]  # over 3
    pts += [(g, y2 - g), (c0 - g, y2 - g), (c0, y2), (c0, y1)]  # under 3, then 6
    pts += [(c0 - g, y1 - g), (c0 - g, y0 + g)]  # beside 5
    return pts


def fits(die: DieLine, paper: Size, margin: float) -> Size | None:
    """The sheet the die-line prints on within `margin` of its edges: `paper` as given, or
    turned a quarter, whichever holds it (None: neither)."""
    for sheet in (paper, Size(paper.height, paper.width)):
        if (
            die.size.width <= sheet.width - 2 * margin
            and die.size.height <= sheet.height - 2 * margin
        ):
            return sheet
    return None


def placed(die: DieLine, at: Point) -> DieLine:
    """The die-line moved so that its bounding box's bottom-left corner is at `at`."""
    dx, dy = at

    def move(p: Point) -> Point:
        return (p[0] + dx, p[1] + dy)

    panels = [
        Panel(p.name, Rect(p.rect.x + dx, p.rect.y + dy, p.rect.w, p.rect.h)) for p in die.panels
    ]
    folds = [(move(a), move(b)) for a, b in die.folds]
    return DieLine(die.size, panels, [move(p) for p in die.cut], folds)
