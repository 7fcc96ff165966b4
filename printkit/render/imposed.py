"""Drawing any set of same-sized pieces (cards, tiles, counters) through the imposition engine.

A component that prints cut pieces supplies them as `printkit.api.PieceGroup`s, each with a
*painter* (`printkit.api.Painter`: place_front and place_back of one piece at its trim). This module owns the rest: home sheets or shop pages, duplex mirroring and back offset,
page boxes, crop marks, the scale bar and page labels, the page limit, progress. Several groups
of pieces (each its own size and painter) share one PDF through `render_groups`: one print
order and one sheet and page count for the whole file. `safe_area` gives `printkit check` the
text that comes too near a piece's trim.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, NamedTuple

from reportlab.pdfgen.canvas import Canvas

from printkit.checks import Finding
from printkit.core import limits
from printkit.core.errors import InputError, Location, fail
from printkit.draw.outline import clip_to, draw_cut_lines
from printkit.draw.sheet import (
    draw_crop_marks,
    draw_fold_line,
    draw_own_legend,
    draw_own_mark,
    draw_page_label,
    draw_scale_bar,
)
from printkit.draw.text import TextOverflow
from printkit.kit import Kit
from printkit.layout.countersheet import RowSheet, row_pages, row_sheet, sheet_count, trim_marks
from printkit.layout.geometry import Rect
from printkit.layout.imposition import (
    Duplex,
    Grid,
    Page,
    columns_reverse,
    crop_marks,
    fit_grid,
    home_pages,
    info_bands,
    margin_problem,
    shop_pages,
)
from printkit.layout.shaped import (
    DEFAULT_SHEET_MARGIN,
    ShapedGrid,
    cut_lines,
    fit_shaped,
    snug,
)
from printkit.layout.shaped import too_large as shaped_too_large
from printkit.layout.shapes import RECTANGLE, Shape, mirrored, outline
from printkit.layout.sizes import Size
from printkit.layout.units import format_mm
from printkit.output import new_canvas
from printkit.render.oversize import piece_plan, tile_pieces, tiled_page_count, too_large
from printkit.render.pages import chosen_sheet_margin, sheet_label
from printkit.render.pieces import Painter, PieceGroup
from printkit.render.safearea import overflow_message, safe_area_findings


def sheet_margin(kit: Kit) -> float:
    """From the sheet's edge to the nearest printing of a piece on a home sheet: --sheet-margin,
    else the user's settings, else kit.yaml's `sheet_margin` (render/pages.chosen_sheet_margin),
    else DEFAULT_SHEET_MARGIN (layout/shaped.py)."""
    margin = chosen_sheet_margin(kit)
    return DEFAULT_SHEET_MARGIN if margin is None else margin


def home_grid(
    kit: Kit, piece: Size, where: Location, shape: Shape = RECTANGLE
) -> Grid | ShapedGrid | None:
    """The home-profile grid for this piece size and shape; None for a rectangle larger than
    the sheet, which is tiled at 1:1 over sheets instead (render/oversize.py). A piece of
    any other shape that cannot lie on the sheet is an input error at `where`."""
    paper, bleed, margin = kit.options.paper_size, kit.options.bleed, sheet_margin(kit)
    if shape.rectangular:
        if too_large(paper, piece, bleed, margin):
            return None
        return fit_grid(paper, piece, bleed=bleed, min_margin=margin)
    try:
        if shaped_too_large(paper, piece, bleed, margin):
            raise ValueError("piece does not fit on the paper")
        return fit_shaped(paper, piece, shape, bleed=bleed, margin=margin)
    except ValueError:  # not even one, with its margin and the label and scale bar bands
        raise fail(
            where,
            f"a {format_mm(piece.width)} x {format_mm(piece.height)} {shape.kind} does not fit "
            f"on {kit.options.paper.upper()} paper within its {format_mm(margin)} sheet margin "
            "and the bands of the page label and scale bar; make the piece smaller, choose a "
            "larger paper, or a smaller sheet margin (--sheet-margin, or sheet_margin in kit.yaml)",
        ) from None


def check_page_count(  # noqa: PLR0913
    kit: Kit,
    n_items: int,
    piece: Size,
    where: Location,
    with_backs: bool = True,
    shape: Shape = RECTANGLE,
) -> int:
    """The pages `n_items` pieces need, or an input error past MAX_PAGES_PER_PDF.

    Components call this from load(), so the limit is enforced before any drawing starts.
    """
    sides = 2 if with_backs else 1
    grid = home_grid(kit, piece, where, shape) if kit.options.profile == "home" else None
    if kit.options.profile == "shop":
        n_pages = sides * n_items
    elif grid is None:
        n_pages = n_items * tiled_page_count(kit.options.paper_size, piece, with_backs)
    else:
        n_pages = sides * -(-n_items // grid.per_sheet)
    if n_pages > limits.MAX_PAGES_PER_PDF:
        raise fail(
            where,
            f"this component needs {n_pages:,} pages; the limit (MAX_PAGES_PER_PDF) is "
            f"{limits.MAX_PAGES_PER_PDF:,}",
        )
    return n_pages


MARGIN_CODE = "MARK001"
TILED_CODE = "MARK002"


def margin_findings(kit: Kit, groups: Sequence[PieceGroup]) -> list[Finding]:
    """MARK001 for each group whose home sheet would put a mark or caption nearer the paper's
    edge than the 5 mm a home printer can print (layout.imposition.margin_problem)."""
    return [
        f
        for g in groups
        if g.shape.rectangular
        for f in sheet_margin_findings(kit, g.piece, g.where)
    ]


def sheet_margin_findings(kit: Kit, piece: Size, where: Location) -> list[Finding]:
    """MARK001 (at `where`) when a home sheet of `piece`s has no room for its marks; MARK002
    when a piece is larger than the sheet and is tiled at 1:1 over several (render/oversize.py)."""
    if kit.options.profile != "home":
        return []
    try:
        grid = home_grid(kit, piece, where)
    except (InputError, ValueError):  # the piece does not fit at all: an error of its own
        return []
    size = f"{format_mm(piece.width)} x {format_mm(piece.height)}"
    if grid is None:
        return [Finding(TILED_CODE, "warning", _tiled_message(kit, piece, size), where)]
    problem = margin_problem(grid) if isinstance(grid, Grid) else None
    if problem is None:
        return []
    message = (
        f"on {kit.options.paper.upper()} paper, {size} pieces leave no room for the sheet's "
        f"marks: {problem} (home printers print no nearer than 5 mm); choose a larger paper"
    )
    return [Finding(MARGIN_CODE, "warning", message, where)]


def _tiled_message(kit: Kit, piece: Size, size: str) -> str:
    """What MARK002 says: the piece, the paper and margin it does not fit, what it becomes."""
    sheets = len(piece_plan(kit.options.paper_size, piece).tiles)
    return (
        f"a {size} piece does not fit {kit.options.paper.upper()} paper within its "
        f"{format_mm(sheet_margin(kit))} sheet margin: it is printed at 1:1 over {sheets} sheets "
        "to trim and glue (an assembly map first); to print it whole, choose a larger paper "
        "or a smaller sheet margin (--sheet-margin), or make the piece smaller"
    )


def safe_area(groups: Sequence[PieceGroup], kit: Kit) -> list[Finding]:
    """Findings for text that comes closer than the safe area to a piece's trim (see
    render/safearea.py), at each piece's data, drawn with the kit's fonts; also MARK001
    for the pieces' home sheets."""
    fonts = kit.fonts()
    out: list[Finding] = margin_findings(kit, groups)
    for g in groups:
        size = (g.piece.width, g.piece.height)
        out += safe_area_findings(
            g.items,
            size,
            g.make_painter,
            partial(_locate, g),
            partial(_describe, g),
            g.with_backs,
            fonts=fonts,
            shape=g.shape,
        )
    return out


def _locate(group: PieceGroup, item: Any) -> Location:
    return group.locate(item) if group.locate else group.where


def _describe(group: PieceGroup, item: Any) -> str:
    return group.describe(item) if group.describe else "a piece"


def render_pieces(  # noqa: PLR0913
    kit: Kit,
    component_id: str,
    path: Path,
    items: Sequence[Any],
    piece: Size,
    make_painter: Callable[[Any, float], Painter],
    where: Location,
    progress: Callable[[int], None] | None = None,
    with_backs: bool = True,
    shape: Shape = RECTANGLE,
    own: Callable[[Any], bool] | None = None,
) -> int:
    """Impose `items` (one per printed piece) and draw them into `path`; returns the page count.
    `own` says which pieces carry the mark of the kit's own rules (`PieceGroup.own`)."""
    group = PieceGroup(items, piece, make_painter, where, with_backs, shape=shape, own=own)
    return render_groups(kit, component_id, path, [group], progress)


# The PDF viewer preference that says a file prints two-sided, flipped on which edge.
DUPLEX_PREFERENCE = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}
# The one a fold-over counter sheet carries (its backs are on the same side as the fronts):
# printkit sets it on fold-over files only.
FOLD_OVER_PREFERENCE = "/Simplex"


def _folded(g: PieceGroup) -> bool:
    """Whether a group prints as a fold-over counter sheet (its backs beside its fronts)."""
    return g.rows is not None and g.rows.fold


def render_groups(
    kit: Kit,
    component_id: str,
    path: Path,
    groups: Sequence[PieceGroup],
    progress: Callable[[int], None] | None = None,
) -> int:
    """Impose several groups of pieces into one PDF; returns the page count.

    Sheets are numbered, and pages counted, across the whole file. With `--duplex off` every
    front sheet of every group comes first, then every back, in the same order. In a file that
    has backs, a single-sided group gets empty backs, so that every sheet keeps its own back.
    """
    opts = kit.options
    for g in groups:
        check_page_count(kit, len(g.items), g.piece, g.where, g.with_backs, g.shape)
    groups, oversize = _split_oversize(kit, groups)
    two_sided = any(g.with_backs and not _folded(g) for g in groups)
    folded = any(_folded(g) for g in groups)
    laid = _number_sheets([_lay_out(kit, g, two_sided) for g in groups])
    order = _print_order(laid, opts.duplex, opts.backs_first)
    n_pages = sum(lay.sheets * (1 + lay.backed) for lay in laid) + sum(
        len(g.items) * tiled_page_count(opts.paper_size, g.piece, g.with_backs) for g in oversize
    )
    title = kit.spec(component_id).title or component_id
    first_page = next(order, None)
    first = first_page[1].size if first_page is not None else opts.paper_size
    order = itertools.chain([first_page] if first_page is not None else [], order)
    c = new_canvas(
        path, (first.width, first.height), f"{kit.manifest.title}: {title}", kit.name, kit.fonts()
    )
    if opts.profile == "home" and two_sided and opts.duplex != "off" and not oversize:
        # each sheet is a front and its back: a print dialog offers two-sided printing, and the
        # build's summary and --sheets count sheets (cli/build.py)
        c.setViewerPreference("Duplex", DUPLEX_PREFERENCE[opts.duplex])
    elif opts.profile == "home" and folded and not two_sided:
        # a fold-over sheet (backs beside their fronts) prints on one side: the print dialog
        # offers one-sided printing, and the build's summary says fold-over (cli/build.py)
        c.setViewerPreference("Duplex", FOLD_OVER_PREFERENCE)
    painters = [g.make_painter(c, opts.bleed) for g in groups]
    label = f"{sheet_label(kit)} · {title}"
    for number, (gi, page) in enumerate(order, start=1):
        side = f"sheet {page.sheet_number} {page.side}"
        text = f"{label} · {side} · page {number} of {n_pages}"
        _draw_page(c, painters[gi], page, groups[gi], laid[gi].grid, text, opts.duplex, opts.bleed)
        if progress:
            progress(1)
    tile_pieces(c, opts.paper_size, oversize, label, progress)
    c.save()
    return n_pages


def _split_oversize(
    kit: Kit, groups: Sequence[PieceGroup]
) -> tuple[list[PieceGroup], list[PieceGroup]]:
    """(the groups imposed on sheets, the groups whose pieces are larger than a home sheet)."""
    if kit.options.profile != "home":
        return list(groups), []
    paper, bleed, margin = kit.options.paper_size, kit.options.bleed, sheet_margin(kit)
    fits: list[PieceGroup] = []
    big: list[PieceGroup] = []
    for g in groups:
        oversize = g.shape.rectangular and too_large(paper, g.piece, bleed, margin)
        (big if oversize else fits).append(g)
    return fits, big


class _Laid(NamedTuple):
    """One group's grid (home profile), its number of sheets, whether each has a back, and its
    pages (`pages()`: the sheets' fronts and backs, made one at a time as they are drawn, so a
    deck of thousands of cards never holds all its pages at once)."""

    grid: Grid | ShapedGrid | RowSheet | None
    sheets: int
    backed: bool
    pages: Callable[[], Iterator[Page]]

    def sides(self, side: str) -> Iterator[Page]:
        """The group's fronts, or its backs, in sheet order."""
        return (p for p in self.pages() if p.side == side)

    def pairs(self) -> Iterator[list[Page]]:
        """Each sheet's front, followed by its back when it has one."""
        if not self.backed:
            yield from ([front] for front in self.sides("front"))
            return
        pages = self.pages()  # front, back, front, back... (any duplex but `off`)
        yield from ([front, next(pages)] for front in pages)


def _lay_out(kit: Kit, g: PieceGroup, blank_backs: bool) -> _Laid:
    """The group's pages, each sheet's front followed by its back (mirrored for the flip); empty
    backs for a single-sided group when `blank_backs`."""
    opts = kit.options
    grid: Grid | ShapedGrid | None = None
    pages: Callable[[], Iterator[Page]]
    if opts.profile == "home" and g.rows is not None and g.shape.rectangular:
        return _lay_out_rows(kit, g, blank_backs)
    if opts.profile == "shop":
        sheets = len(g.items)
        pages = partial(shop_pages, len(g.items), g.piece, opts.bleed, "long", g.with_backs)
    else:
        whole = home_grid(kit, g.piece, g.where, g.shape)
        assert whole is not None  # larger pieces are tiled (_split_oversize)
        grid = _snug(whole, len(g.items)) if isinstance(whole, Grid) else snug(whole, len(g.items))
        sheets = -(-len(g.items) // grid.per_sheet)
        pages = partial(home_pages, len(g.items), grid, opts.duplex, opts.back_offset, g.with_backs)
    if not g.with_backs and blank_backs:
        pages = partial(_with_blank_backs, pages)
    return _Laid(grid, sheets, g.with_backs or blank_backs, pages)


def _lay_out_rows(kit: Kit, g: PieceGroup, blank_backs: bool) -> _Laid:
    """A counter sheet (layout/countersheet.py): rows by group, gutters, maybe folded over."""
    opts, rows = kit.options, g.rows
    assert rows is not None
    try:
        sheet = row_sheet(opts.paper_size, g.piece, opts.bleed, sheet_margin(kit), rows.gutter,
                          rows.fold)  # fmt: skip
    except ValueError:
        raise fail(
            g.where,
            f"a {format_mm(g.piece.width)} x {format_mm(g.piece.height)} piece does not fit a "
            f"counter sheet on {opts.paper.upper()} paper"
            + (" folded over (half the sheet)" if rows.fold else ""),
        ) from None
    pages: Callable[[], Iterator[Page]] = partial(
        row_pages, rows, sheet, opts.duplex, opts.back_offset, g.with_backs
    )
    backed = g.with_backs and not rows.fold
    if not g.with_backs and blank_backs:
        pages = partial(_with_blank_backs, pages)
        backed = True
    return _Laid(sheet, sheet_count(rows, sheet), backed, pages)


def _with_blank_backs(pages: Callable[[], Iterator[Page]]) -> Iterator[Page]:
    """Each front, followed by an empty back of the same sheet."""
    for front in pages():
        yield front
        yield replace(front, side="back", items=[])


def _number_sheets(laid: list[_Laid]) -> list[_Laid]:
    """Sheet numbers that run on across the groups of one file."""
    out, before = [], 0
    for lay in laid:
        out.append(lay._replace(pages=partial(_renumbered, lay.pages, before)) if before else lay)
        before += lay.sheets
    return out


def _renumbered(pages: Callable[[], Iterator[Page]], before: int) -> Iterator[Page]:
    return (replace(p, sheet_number=p.sheet_number + before) for p in pages())


def _print_order(
    laid: list[_Laid], duplex: str, backs_first: bool = False
) -> Iterator[tuple[int, Page]]:
    """(group index, page) in print order: fronts then backs (`off`), else each sheet's front
    followed by its back, or its back followed by its front when a preset's service asks
    (`backs_first`)."""
    if duplex == "off":
        for side in ("front", "back"):
            for gi, lay in enumerate(laid):
                if side == "front" or lay.backed:
                    yield from ((gi, p) for p in lay.sides(side))
        return
    for gi, lay in enumerate(laid):
        for pair in lay.pairs():
            yield from ((gi, p) for p in (pair[::-1] if backs_first else pair))


def _snug(grid: Grid, n_items: int) -> Grid:
    """A grid of only the rows and columns used, when every piece fits on one sheet: centred,
    with no crop marks for empty places."""
    if n_items >= grid.per_sheet or n_items < 1:
        return grid
    cols = min(grid.cols, n_items)
    return grid._replace(cols=cols, rows=-(-n_items // cols))


def _marks_form(c: Canvas, grid: Grid) -> str:
    """Crop marks and scale bar, the same on every front sheet of a grid: drawn once per canvas
    (and per grid, should several groups of pieces share one canvas), placed on each page."""
    name = _marks_form_name(grid)
    if not c.hasForm(name):
        c.beginForm(name, 0, 0, grid.sheet.width, grid.sheet.height)
        bands = info_bands(grid)
        draw_crop_marks(c, crop_marks(grid))
        draw_scale_bar(c, bands.scale, bands.vertical)
        c.endForm()
    return name


@lru_cache(maxsize=64)
def _marks_form_name(grid: Grid) -> str:
    """The form's name: a digest of the grid, worked out once for every sheet of a grid."""
    return "sheet-marks-" + hashlib.sha256(repr(grid).encode()).hexdigest()[:12]


def _marks_for(grid: Grid, trims: list[Rect]) -> list[tuple[float, float, float, float]]:
    """The grid's crop marks on the cut lines of these pieces only: none for empty places."""
    xs = {round(v, 3) for r in trims for v in (r.x, r.x1)}
    ys = {round(v, 3) for r in trims for v in (r.y, r.y1)}
    return [
        (x0, y0, x1, y1)
        for x0, y0, x1, y1 in crop_marks(grid)
        if (x0 == x1 and round(x0, 3) in xs) or (y0 == y1 and round(y0, 3) in ys)
    ]


def _overflow(group: PieceGroup, item: Any, side: str, exc: TextOverflow) -> InputError:
    """The input error for a piece's text that fits at no size, at the piece's own data and
    worded as `check` words it (render/safearea.py), so the two give the same line."""
    return fail(_locate(group, item), overflow_message(f"{_describe(group, item)} ({side})", exc))


def _draw_page(  # noqa: PLR0913
    c: Canvas,
    painter: Painter,
    page: Page,
    group: PieceGroup,
    grid: Grid | ShapedGrid | RowSheet | None,
    label: str,
    duplex: Duplex = "long",
    bleed: float = 0.0,
) -> None:
    c.setPageSize((page.size.width, page.size.height))
    _set_boxes(c, page, grid)
    if isinstance(grid, RowSheet):
        _draw_row_sheet(c, painter, page, group, grid, label)
        return
    if group.shape.rectangular:
        items, front = group.items, page.side == "front"
        for index, trim in page.items:
            item = items[index]
            try:
                if front:
                    painter.place_front(item, trim)
                else:
                    painter.place_back(item, trim)
            except TextOverflow as exc:  # a piece's text fits at no size: the data must change
                raise _overflow(group, item, page.side, exc) from None
    else:
        flip: Duplex = "long" if page.trim is not None else duplex  # shop pages: long edge
        _place_shaped(c, painter, page, group, flip, bleed)
    own = page.side == "front" and mark_own(c, group, page.items)
    if isinstance(grid, ShapedGrid):
        if page.side == "front":  # cut along the outlines, from the front
            draw_cut_lines(c, cut_lines(grid, [trim for _, trim in page.items]))
            draw_scale_bar(c, grid.scale_band, False)
        draw_page_label(c, grid.label_band, False, label)
        if own:
            draw_own_legend(c, grid.label_band, False)
    elif grid is not None:
        _sheet_furniture(c, page, grid, label, own)
    c.showPage()


def mark_own(c: Canvas, group: PieceGroup, placed: Sequence[tuple[int, Rect]]) -> bool:
    """The provenance mark on each placed front whose rules are the kit's own; whether any."""
    if group.own is None:
        return False
    marked = False
    for index, trim in placed:
        if group.own(group.items[index]):
            draw_own_mark(c, trim, group.shape)
            marked = True
    return marked


def _draw_row_sheet(  # noqa: PLR0913
    c: Canvas, painter: Painter, page: Page, group: PieceGroup, grid: RowSheet, label: str
) -> None:
    """A counter sheet's page: its pieces (a folded sheet's backs beside their fronts), crop
    marks on every cut line and the fold line on a front, the page label on every side."""
    for index, trim in page.items:
        _place(painter, group, group.items[index], trim, page.side)
    for index, trim in page.backs:
        _place(painter, group, group.items[index], trim, "back")
    own = page.side == "front" and mark_own(c, group, page.items)
    if own:
        draw_own_legend(c, grid.label_band(), False)
    if page.side == "front":
        trims = [trim for _, trim in page.items + page.backs]
        draw_crop_marks(c, trim_marks(trims, grid.bleed, grid.sheet))
        draw_scale_bar(c, grid.scale_band(), False)
        if grid.fold:
            draw_fold_line(c, grid.fold_x, trims, grid.bleed)
    draw_page_label(c, grid.label_band(), False, label)
    c.showPage()


def _place(painter: Painter, group: PieceGroup, item: Any, trim: Rect, side: str) -> None:
    """One piece's face or back at `trim`; text that fits at no size is the data's error."""
    try:
        if side == "front":
            painter.place_front(item, trim)
        else:
            painter.place_back(item, trim)
    except TextOverflow as exc:  # a piece's text fits at no size: the data must change
        raise _overflow(group, item, side, exc) from None


def _set_boxes(c: Canvas, page: Page, grid: Grid | ShapedGrid | RowSheet | None) -> None:
    """TrimBox and BleedBox: a shop page's own, else the home sheet's pieces (and bleed)."""
    if isinstance(grid, RowSheet):
        trims = [trim for _, trim in page.items + page.backs]
        if trims:
            hull = _hull(trims)
            c.setTrimBox(hull.box())
            c.setBleedBox(hull.expand(grid.bleed).box())
    elif page.trim is not None and page.bleed_box is not None:
        c.setTrimBox(page.trim.box())
        c.setBleedBox(page.bleed_box.box())
    elif isinstance(grid, ShapedGrid):
        c.setTrimBox(grid.area.box())
        c.setBleedBox(grid.printed.box())
    elif grid is not None:
        c.setTrimBox(grid.area.box())
        c.setBleedBox(grid.area.expand(grid.bleed).box())


def _hull(rects: list[Rect]) -> Rect:
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x0, y0, max(r.x1 for r in rects) - x0, max(r.y1 for r in rects) - y0)


def _sheet_furniture(c: Canvas, page: Page, grid: Grid, label: str, own: bool = False) -> None:
    """Crop marks and the scale bar on a front, the page label on every side, and the legend of
    the provenance mark when a piece on the sheet carries it."""
    bands = info_bands(grid)
    if page.side == "front" and len(page.items) < grid.per_sheet:  # a last, part sheet
        draw_crop_marks(c, _marks_for(grid, [trim for _, trim in page.items]))
        draw_scale_bar(c, bands.scale, bands.vertical)
    elif page.side == "front":  # cut from the front; backs carry no marks
        c.doForm(_marks_form(c, grid))
    draw_page_label(c, bands.label, bands.vertical, label)
    if own and not bands.vertical:
        draw_own_legend(c, bands.label, False)
    elif own and grid.rows > 1:  # a side band holds one row: the legend goes beside the next
        below = bands.label
        draw_own_legend(c, Rect(below.x, below.y - grid.card.height, below.w, below.h), True)


def _place_shaped(  # noqa: PLR0913
    c: Canvas, painter: Painter, page: Page, group: PieceGroup, duplex: Duplex, bleed: float
) -> None:
    """Each piece's face or back drawn inside its outline grown by the bleed (a back's outline
    is its front's seen from behind)."""
    shape = group.shape
    if page.side == "back":
        shape = mirrored(shape, group.piece, columns_reverse(page.size, duplex))
    for index, trim in page.items:
        c.saveState()
        clip_to(c, outline(shape, trim, bleed))
        _place(painter, group, group.items[index], trim, page.side)
        c.restoreState()
