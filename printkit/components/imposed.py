"""Drawing any set of same-sized pieces (cards, tiles, counters) through the imposition engine.

A component that prints cut pieces supplies a *painter*: an object with
    place_front(item, trim: Rect)   draw piece `item`'s face with its trim at `trim`
    place_back(item, trim: Rect)    draw its back there
This module owns the rest: home sheets or shop pages, duplex mirroring and back offset,
page boxes, crop marks, the scale bar and page labels, the page limit, progress.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from printkit import limits
from printkit.draw.sheet import draw_crop_marks, draw_page_label, draw_scale_bar
from printkit.errors import Location, fail
from printkit.kit import Kit
from printkit.layout.geometry import Rect
from printkit.layout.imposition import (
    Grid,
    Page,
    crop_marks,
    fit_grid,
    home_pages,
    info_bands,
    shop_pages,
)
from printkit.layout.sizes import Size
from printkit.layout.units import format_mm, to_mm
from printkit.output import new_canvas


class Painter(Protocol):
    def place_front(self, item: Any, trim: Rect) -> None: ...

    def place_back(self, item: Any, trim: Rect) -> None: ...


def home_grid(kit: Kit, piece: Size, where: Location) -> Grid:
    """The home-profile grid for this piece size, or an input error if it does not fit."""
    try:
        return fit_grid(kit.options.paper_size, piece, bleed=kit.options.bleed)
    except ValueError:
        raise fail(
            where,
            f"a {format_mm(piece.width)} x {format_mm(piece.height)} piece does not fit on "
            f"{kit.options.paper.upper()} paper with its margins; {_larger_paper(kit, piece)}",
        ) from None


def _larger_paper(kit: Kit, piece: Size) -> str:
    """What to try instead: the first named paper the piece fits on, else a custom size."""
    from printkit.layout.sizes import parse_paper

    for name in ("a4", "letter", "a3"):
        paper = parse_paper(name)
        if name == kit.options.paper or paper is None:
            continue
        try:
            fit_grid(paper, piece, bleed=kit.options.bleed)
        except ValueError:
            continue
        return f"use --paper {name}, or --profile shop (one piece per page)"
    margin = 2 * 20  # mm: margins and marks on both sides, more than enough
    w, h = round(to_mm(piece.width)) + margin, round(to_mm(piece.height)) + margin
    return f"use a larger paper such as --paper {w}x{h}mm, or --profile shop (one piece per page)"


def check_page_count(
    kit: Kit, n_items: int, piece: Size, where: Location, with_backs: bool = True
) -> int:
    """The pages `n_items` pieces need, or an input error past MAX_PAGES_PER_PDF.

    Components call this from load(), so the limit is enforced before any drawing starts.
    """
    sides = 2 if with_backs else 1
    if kit.options.profile == "shop":
        n_pages = sides * n_items
    else:
        n_pages = sides * -(-n_items // home_grid(kit, piece, where).per_sheet)
    if n_pages > limits.MAX_PAGES_PER_PDF:
        raise fail(
            where,
            f"this component needs {n_pages:,} pages; the limit (MAX_PAGES_PER_PDF) is "
            f"{limits.MAX_PAGES_PER_PDF:,}",
        )
    return n_pages


def render_pieces(
    kit: Kit,
    component_id: str,
    path: Path,
    items: Sequence[Any],
    piece: Size,
    make_painter: Callable[[Any, float], Painter],
    where: Location,
    progress: Callable[[int], None] | None = None,
    with_backs: bool = True,
    canvas=None,
) -> int:
    """Impose `items` (one per printed piece) and draw them into `path`; returns the page count.

    With `canvas`, the pages are added to that open canvas (several groups of pieces in one PDF)
    and the caller saves it; `path` is then unused.
    """
    opts = kit.options
    title = kit.spec(component_id).title or component_id
    n_pages = check_page_count(kit, len(items), piece, where, with_backs)
    grid: Grid | None = None
    if opts.profile == "shop":
        pages = shop_pages(len(items), piece, opts.bleed, opts.duplex, with_backs)
        first = Size(piece.width + 2 * opts.bleed, piece.height + 2 * opts.bleed)
    else:
        grid = _snug(home_grid(kit, piece, where), len(items))
        pages = home_pages(len(items), grid, opts.duplex, opts.back_offset, with_backs)
        first = grid.sheet
    c = canvas or new_canvas(
        path, (first.width, first.height), f"{kit.manifest.title}: {title}", kit.name
    )
    painter = make_painter(c, opts.bleed)
    label = f"{kit.label} · {title}"
    for number, page in enumerate(pages, start=1):
        _draw_page(
            c,
            painter,
            page,
            items,
            grid,
            f"{label} · sheet {page.sheet_number} {page.side} · page {number} of {n_pages}",
        )
        if progress:
            progress(1)
    if canvas is None:
        c.save()
    return n_pages


def _snug(grid: Grid, n_items: int) -> Grid:
    """A grid of only the rows and columns used, when every piece fits on one sheet: centred,
    with no crop marks for empty places."""
    if n_items >= grid.per_sheet or n_items < 1:
        return grid
    cols = min(grid.cols, n_items)
    return replace(grid, cols=cols, rows=-(-n_items // cols))


def _marks_form(c, grid: Grid) -> str:
    """Crop marks and scale bar, the same on every front sheet of a grid: drawn once per canvas
    (and per grid, should several groups of pieces share one canvas), placed on each page."""
    name = "sheet-marks-" + hashlib.sha256(repr(grid).encode()).hexdigest()[:12]
    if not c.hasForm(name):
        c.beginForm(name, 0, 0, grid.sheet.width, grid.sheet.height)
        bands = info_bands(grid)
        draw_crop_marks(c, crop_marks(grid))
        draw_scale_bar(c, bands.scale, bands.vertical)
        c.endForm()
    return name


def _marks_for(grid: Grid, trims: list[Rect]) -> list[tuple[float, float, float, float]]:
    """The grid's crop marks on the cut lines of these pieces only: none for empty places."""
    xs = {round(v, 3) for r in trims for v in (r.x, r.x1)}
    ys = {round(v, 3) for r in trims for v in (r.y, r.y1)}
    return [
        (x0, y0, x1, y1)
        for x0, y0, x1, y1 in crop_marks(grid)
        if (x0 == x1 and round(x0, 3) in xs) or (y0 == y1 and round(y0, 3) in ys)
    ]


def _draw_page(
    c, painter: Painter, page: Page, items: Sequence[Any], grid: Grid | None, label: str
) -> None:
    c.setPageSize((page.size.width, page.size.height))
    if page.trim is not None and page.bleed_box is not None:
        c.setTrimBox(page.trim.box())
        c.setBleedBox(page.bleed_box.box())
    elif grid is not None:
        c.setTrimBox(grid.area.box())
        c.setBleedBox(grid.area.expand(grid.bleed).box())
    for index, trim in page.items:
        if page.side == "front":
            painter.place_front(items[index], trim)
        else:
            painter.place_back(items[index], trim)
    if grid is not None:
        bands = info_bands(grid)
        if page.side == "front" and len(page.items) < grid.per_sheet:  # a last, part sheet
            draw_crop_marks(c, _marks_for(grid, [trim for _, trim in page.items]))
            draw_scale_bar(c, bands.scale, bands.vertical)
        elif page.side == "front":  # cut from the front; backs carry no marks
            c.doForm(_marks_form(c, grid))
        draw_page_label(c, bands.label, bands.vertical, label)
    c.showPage()
