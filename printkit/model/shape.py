"""`shape:` in a data file: the outline a piece is cut along (layout/shapes.py draws it).

Written as a kind name (`shape: hexagon`) or as a map that sizes it (`shape: {kind: hexagon,
across: 76mm}`). A hexagon, circle or polygon sized by `across` needs no width and height;
otherwise the piece's width and height are its box and the shape fills it.
"""

from __future__ import annotations

from typing import Any

from printkit.core.fieldwise import fieldwise
from printkit.layout.shapes import SHAPE_KINDS, Shape, hexagon_size, polygon_size
from printkit.layout.sizes import Size
from printkit.layout.units import to_mm
from printkit.load.records import record, record_of, spec
from printkit.load.schema import (
    Bool,
    Choice,
    Context,
    Either,
    Int,
    Length,
    ListOf,
    Number,
    Record,
)
from printkit.load.yamlsafe import PathKey

KIND_DOC = (
    "rectangle (with corner `radius`), circle, ellipse, hexagon, polygon (`sides`) or path "
    "(`points`)"
)
ACROSS_DOC = (
    "the size of a hexagon (across the flats, or the corners with `measured: corners`), the "
    "diameter of a circle, or the width across a polygon's corners; gives the piece's width and "
    "height"
)
POINTS_DOC = (
    "a path's corners, [x, y] each, from the top-left corner of the piece's box, y downward "
    "(lengths; plain numbers are mm)"
)
POINT = ListOf(Length(0, 600, allow_zero=True), 2, 2, doc="[x, y]")


def _check_shape(shape: ShapeSpec, ctx: Context, path: PathKey) -> None:
    """A path needs its points and only a path takes them; `across` sizes only the shapes
    whose size one length says."""
    if shape.kind == "path" and not shape.points:
        ctx.error(
            (*path, "kind"),
            "a path needs `points`: at least 3 corners [x, y] from the piece's top-left",
        )
    if shape.kind != "path" and shape.points:
        ctx.error((*path, "points"), f"`points` is for kind: path, not {shape.kind}")
    if shape.across is not None and shape.kind in ("rectangle", "path", "ellipse"):
        ctx.error(
            (*path, "across"),
            f"`across` sizes a hexagon, circle or polygon; give the {shape.kind} the piece's "
            "width and height instead",
        )


@record("shape", check=_check_shape)
@fieldwise(kw_only=True)
class ShapeSpec:
    kind: str = spec(Choice(SHAPE_KINDS), required=True, doc=KIND_DOC)
    across: float | None = spec(Length(1, 600), doc=ACROSS_DOC)
    measured: str = spec(
        Choice(("flats", "corners")), default="flats", doc="what a hexagon's `across` measures"
    )
    pointy: bool = spec(
        Bool(), default=False, doc="a hexagon with a corner at the top (default: a flat top)"
    )
    radius: float = spec(
        Length(0, 50, allow_zero=True), default=0.0, doc="a rectangle's corner radius"
    )
    sides: int = spec(Int(3, 24), default=6, doc="a polygon's number of sides")
    rotation: float = spec(
        Number(-360, 360), default=0.0, doc="a polygon turned clockwise, in degrees"
    )
    points: list[list[float]] = spec(ListOf(POINT, 3, 64), default=list, doc=POINTS_DOC)


NAMED = tuple(k for k in SHAPE_KINDS if k != "path")  # a path needs its points: a map
SHAPE_KINDS_DOC = (
    ", ".join(k for k in SHAPE_KINDS if k != "path")
    + " by name, or {kind, across, ...} (a path: {kind: path, points: [...]})"
)
SHAPE_SPEC: Record = record_of(ShapeSpec)
TOKEN_SHAPE = Either(
    (Choice(("round", "rounded", "square", *NAMED)), SHAPE_SPEC),
    doc="round, rounded, square, " + SHAPE_KINDS_DOC,
)
SHAPE = Either(
    (Choice(NAMED, doc="a shape by name, filling the piece's box"), SHAPE_SPEC),
    doc="the piece's outline: " + KIND_DOC + ", or {kind, across, ...}",
)


def as_shape(value: Any) -> Shape:
    """The layout's Shape for a `shape:` value (a kind name or a ShapeSpec)."""
    if isinstance(value, str):
        return Shape(value) if value in SHAPE_KINDS else Shape()  # type: ignore[arg-type]
    if not isinstance(value, ShapeSpec):
        return Shape()
    points = tuple((float(p[0]), float(p[1])) for p in value.points)
    return Shape(
        value.kind,  # type: ignore[arg-type]
        radius=value.radius,
        sides=value.sides,
        pointy=value.pointy,
        rotation=value.rotation,
        points=points,
    )


def sized(value: Any) -> Size | None:
    """The piece's box a `shape:` gives by itself (`across`), or None."""
    if not isinstance(value, ShapeSpec) or value.across is None:
        return None
    if value.kind == "hexagon":
        return hexagon_size(value.across, value.measured, value.pointy)
    if value.kind == "polygon":
        return polygon_size(value.across, value.sides, value.rotation)
    return Size(value.across, value.across)  # a circle's diameter


def points_outside(value: Any, size: Size) -> str | None:
    """Why a path's points do not lie in the piece's box (they are measured in it), or None."""
    if not isinstance(value, ShapeSpec) or value.kind != "path":
        return None
    for x, y in value.points:
        if x > size.width + 0.01 or y > size.height + 0.01:
            return (
                f"the path's point [{to_mm(x):g}, {to_mm(y):g}] mm lies outside the piece's "
                f"{to_mm(size.width):g} x {to_mm(size.height):g} mm box; its points are "
                "measured from the box's top-left corner"
            )
    return None
