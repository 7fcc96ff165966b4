"""Pieces larger than the home sheet (a player mat, a big card, a board printed as a piece):
each is tiled at 1:1 over sheets, as a large plan is (render/tiled.py), with glue bands,
registration marks and an assembly map, in the same PDF as the component's other pieces.

A piece with a back gets its back tiled too, after its front: assembled, the two are glued
back to back. Copies of one piece are tiled once each, from one drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from printkit.layout.geometry import Rect
from printkit.layout.imposition import MIN_MARGIN, fit_grid
from printkit.layout.sizes import Size
from printkit.layout.units import mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from printkit.layout.tiling import TilePlan

OVERLAP = mm(12)  # the glue band on every seam of a tiled piece


class Group(Protocol):
    """What of render/imposed.PieceGroup a tiled piece needs."""

    @property
    def items(self) -> Sequence[Any]: ...

    @property
    def piece(self) -> Size: ...

    @property
    def make_painter(self) -> Callable[[Any, float], Any]: ...

    @property
    def with_backs(self) -> bool: ...


def too_large(paper: Size, piece: Size, bleed: float, margin: float = MIN_MARGIN) -> bool:
    """Whether not even one piece fits a home sheet of `paper` with its margins and marks."""
    try:
        fit_grid(paper, piece, bleed=bleed, min_margin=margin)
    except ValueError:
        return True
    return False


def piece_plan(paper: Size, piece: Size) -> TilePlan:
    # imported here, only when a piece is too large for a sheet (most builds have none)
    from printkit.layout.tiling import plan_tiles

    return plan_tiles(piece, paper, OVERLAP)


def tiled_page_count(paper: Size, piece: Size, with_backs: bool) -> int:
    """The pages one piece takes tiled: an assembly map (for several sheets) and the sheets,
    for each side."""
    plan = piece_plan(paper, piece)
    maps = len(plan.tiles) > 1  # one sheet needs no assembly map (tiled.tile_onto)
    return (2 if with_backs else 1) * (maps + len(plan.tiles))


def tile_pieces(
    c: Canvas, paper: Size, groups: Sequence[Group], title: str, progress: Any = None
) -> int:
    """Tile every piece of the groups onto `c`, front then back; returns the pages added."""
    if not groups:
        return 0
    # imported here, only when a piece is too large for a sheet (most builds have none)
    from printkit.render.tiled import tile_onto

    pages = 0
    for gi, group in enumerate(groups):
        painter = group.make_painter(c, 0.0)
        plan = piece_plan(paper, group.piece)
        first: dict[int, int] = {}  # a copy is placed from its first copy's form
        for k, item in enumerate(group.items):
            drawn = first.setdefault(id(item), k)
            sides = [("front", painter.place_front)]
            if group.with_backs:
                sides.append(("back", painter.place_back))
            for side, place in sides:
                draw = partial(
                    _place, place, item, Rect(0, 0, group.piece.width, group.piece.height)
                )
                label = f"{title} · piece {k + 1} of {len(group.items)}, {side}"
                form = f"piece-{gi}-{drawn}-{side}"
                pages += tile_onto(c, plan, draw, label, form=form, progress=progress)
    return pages


def _place(
    place: Callable[[Any, Rect], None], item: Any, trim: Rect, _c: Canvas, _b: float
) -> None:
    """A tiled plan's drawing (canvas, bleed): the piece with its trim at the plan's origin."""
    place(item, trim)
