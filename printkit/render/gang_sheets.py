"""Drawing gang sheets (see render/gang.py for what they are and which pieces they take).

Each member component gives its cut pieces through the plug-in API (`piece_groups()`, see
printkit/api.py); they are packed by size with layout/packing.py and drawn here with the
members' own painters.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.core import limits
from printkit.core.errors import Location, fail
from printkit.core.words import counted
from printkit.draw.fonts import role_font, text_width
from printkit.draw.outline import clip_to, draw_cut_lines
from printkit.draw.sheet import (
    draw_crop_marks,
    draw_own_legend,
    draw_own_mark,
    draw_page_label,
    draw_scale_bar,
)
from printkit.kit import Derived, Kit
from printkit.layout.geometry import Rect
from printkit.layout.imposition import columns_reverse, mirror
from printkit.layout.packing import (
    Block,
    GangLayout,
    PieceTooLarge,
    Run,
    block_marks,
    pack,
    sheets_lower_bound,
)
from printkit.layout.shaped import outline_cuts
from printkit.layout.shapes import Segment, Shape, mirrored, outline
from printkit.layout.sizes import PAPER, Size
from printkit.layout.units import format_mm
from printkit.output import new_canvas
from printkit.render.gang import members
from printkit.render.pages import sheet_label
from printkit.render.pieces import Painter, PieceGroup, Progress

LABEL_SIZE = 7  # pt, as draw_page_label sets it


@dataclass
class Gang:
    """The packed gang of a kit: groups, the runs of equal size, where every piece goes."""

    groups: list[tuple[str, PieceGroup]]  # (member component id, its group of pieces)
    runs: list[list[tuple[int, Any]]]  # per run: (group index, item) for each piece
    layout: GangLayout


def gather(kit: Kit, derived: Derived) -> Gang:
    """Every member's pieces (nothing drawn), packed onto the kit's paper."""
    groups = [
        (cid, g) for cid in members(kit) for g in kit.component(cid).piece_groups(kit, derived, cid)
    ]
    return _packed(kit, groups)


def _packed(kit: Kit, groups: list[tuple[str, PieceGroup]]) -> Gang:
    by_size: dict[tuple[float, float, Shape], int] = {}
    runs: list[list[tuple[int, Any]]] = []
    kinds: list[tuple[Size, Shape]] = []
    keys: list[list[str]] = []  # each piece's row group (a counter sheet's side), per run
    gutters: list[float] = []
    for g, (_, group) in enumerate(groups):
        rows = group.rows  # a counter sheet's groups (a side) break the rows of a block
        for i, item in enumerate(group.items):
            key = (round(group.piece.width, 2), round(group.piece.height, 2), group.shape)
            if key not in by_size:
                by_size[key] = len(runs)
                runs.append([])
                kinds.append((group.piece, group.shape))
                keys.append([])
                gutters.append(0.0)
            n = by_size[key]
            runs[n].append((g, item))
            keys[n].append(rows.keys[i] if rows is not None else "")
            gutters[n] = max(gutters[n], rows.gutter if rows is not None else 0.0)
    specs = [
        Run(
            size, len(run), shape, tuple(k) if len(set(k)) > 1 and shape.rectangular else (), gutter
        )
        for (size, shape), run, k, gutter in zip(kinds, runs, keys, gutters, strict=True)
    ]
    try:
        layout = pack(kit.options.paper_size, specs, kit.options.bleed)
    except PieceTooLarge as exc:
        cid, group = groups[runs[exc.run][0][0]]
        raise fail(
            group.where,
            f"a {format_mm(group.piece.width)} x {format_mm(group.piece.height)} piece does not "
            f"fit a gang sheet of {kit.options.paper.upper()} paper with its crop marks; leave "
            f"{cid!r} out of the gang (list the others under gang: in kit.yaml)",
        ) from None
    return Gang(groups, runs, layout)


def summary(kit: Kit, derived: Derived, gang: Gang | None = None) -> str:
    """The line a build prints: sheets used against the lower bound (packing.sheets_lower_bound:
    the pieces' area, or the sheets one size of plain rectangles needs alone)."""
    gang = gang or gather(kit, derived)
    paper = kit.options.paper
    name = paper.upper() if paper in PAPER else paper
    runs = [_run_of(gang, run) for run in gang.runs if run]
    bound = sheets_lower_bound(runs, kit.options.paper_size, kit.options.bleed)
    pieces = sum(r.count for r in runs)
    n = len(gang.layout.sheets)
    return (
        f"{kit.name} gang: {counted(n, name + ' sheet')} for {pieces} pieces (lower bound {bound})"
    )


def _run_of(gang: Gang, run: list[tuple[int, Any]]) -> Run:
    """A run of the gang as the packer took it: its pieces' size and shape, and their count."""
    group = gang.groups[run[0][0]][1]
    return Run(group.piece, len(run), group.shape)


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    """Draw the gang sheets into `path`; returns the page count."""
    gang = gather(kit, derived)
    with_backs = any(g.with_backs for _, g in gang.groups)
    n_pages = len(gang.layout.sheets) * (2 if with_backs else 1)
    if n_pages > limits.MAX_PAGES_PER_PDF:
        raise fail(
            Location(kit.manifest_file),
            f"the gang sheets need {n_pages:,} pages; the limit (MAX_PAGES_PER_PDF) is "
            f"{limits.MAX_PAGES_PER_PDF:,}",
        )
    sheet = gang.layout.sheet
    c = new_canvas(
        path,
        (sheet.width, sheet.height),
        f"{kit.manifest.title}: gang sheets",
        kit.name,
        kit.fonts(),
    )
    try:
        draw_gang(c, kit, gang, with_backs, progress)
    except Exception:
        _raise_member_error(kit, derived)  # what only drawing finds (text that cannot fit), located
        raise
    c.save()
    return n_pages


def _raise_member_error(kit: Kit, derived: Derived) -> None:
    """Draw each member alone, as a build without --gang would: a component turns the errors
    its drawing finds into located input errors, which are raised here."""
    with tempfile.TemporaryDirectory(prefix="printkit-gang-") as scratch:
        for cid in members(kit):
            kit.component(cid).render(kit, derived, cid, Path(scratch) / "member.pdf")


def piece_slots(gang: Gang, blocks: list[Block]) -> list[tuple[int, Any, Rect]]:
    """(group index, item, trim) of every piece on a sheet of these blocks."""
    out = []
    for block in blocks:
        run = gang.runs[block.run]
        for k, trim in enumerate(block.slots()):
            g, item = run[block.first + k]
            out.append((g, item, trim))
    return out


def sheet_marks(gang: Gang, blocks: list[Block]) -> list[tuple[float, float, float, float]]:
    return [seg for block in blocks for seg in block_marks(block, gang.layout.bleed)]


def back_rect(kit: Kit, gang: Gang, trim: Rect) -> Rect:
    """Where the back of the piece at `trim` goes: mirrored for the flip, back offset applied."""
    dx, dy = kit.options.back_offset
    return mirror(trim, gang.layout.sheet, kit.options.duplex).shift(dx, dy)


def draw_gang(
    c: Canvas, kit: Kit, gang: Gang, with_backs: bool, progress: Progress | None = None
) -> None:
    """Every sheet's front and, when any piece has a back, its back, in print order."""
    sheets = range(len(gang.layout.sheets))
    order: list[tuple[int, str]]
    if not with_backs:
        order = [(s, "front") for s in sheets]
    elif kit.options.duplex == "off":
        order = [(s, "front") for s in sheets] + [(s, "back") for s in sheets]
    else:
        order = [(s, side) for s in sheets for side in ("front", "back")]
    painters: dict[int, Painter] = {}

    def painter(g: int) -> Painter:
        if g not in painters:
            painters[g] = gang.groups[g][1].make_painter(c, kit.options.bleed)
        return painters[g]

    for number, (s, side) in enumerate(order, start=1):
        label = _label(kit, gang, s, side, number, len(order))
        _draw_sheet(c, kit, gang, s, side, painter, label)
        if progress:
            progress(1)


def _label(kit: Kit, gang: Gang, s: int, side: str, number: int, total: int) -> str:
    blocks = gang.layout.sheets[s]
    cids = dict.fromkeys(gang.groups[g][0] for g, _, _ in piece_slots(gang, blocks))
    titles = ", ".join(kit.spec(cid).title or cid for cid in cids)
    n = len(gang.layout.sheets)
    text = f"{sheet_label(kit)} · gang sheet {s + 1} of {n} {side}: {titles} · page {number} of {total}"
    if text_width(text, role_font(kit.fonts(), "condensed"), LABEL_SIZE) > gang.layout.label_band.w:
        text = f"{sheet_label(kit)} · gang sheet {s + 1} of {n} {side}: {', '.join(cids)}"
        text += f" · page {number} of {total}"  # component ids when the titles are too long
    return text


def _draw_sheet(  # noqa: PLR0913
    c: Canvas, kit: Kit, gang: Gang, s: int, side: str, painter: Any, label: str
) -> None:
    layout = gang.layout
    blocks = layout.sheets[s]
    slots = piece_slots(gang, blocks)
    c.setPageSize((layout.sheet.width, layout.sheet.height))
    trims = [trim for _, _, trim in slots]
    if side == "back":
        trims = [back_rect(kit, gang, t) for t in trims]
    _set_boxes(c, layout, trims)
    flip = columns_reverse(layout.sheet, kit.options.duplex)
    own = False
    for (g, item, trim), placed in zip(slots, trims, strict=True):
        group = gang.groups[g][1]
        if side == "back" and not group.with_backs:
            continue
        shaped = not group.shape.rectangular
        if shaped:  # drawn inside its outline grown by the bleed (seen from behind on a back)
            shape = group.shape if side == "front" else mirrored(group.shape, group.piece, flip)
            c.saveState()
            clip_to(c, outline(shape, placed, layout.bleed))
        if side == "front":
            painter(g).place_front(item, trim)
        else:
            painter(g).place_back(item, placed)
        if shaped:
            c.restoreState()
        if side == "front" and group.own is not None and group.own(item):
            draw_own_mark(c, trim, group.shape)
            own = True
    if side == "front":  # cut from the front; backs carry no marks
        draw_crop_marks(c, sheet_marks(gang, blocks))
        draw_cut_lines(c, _cut_lines(blocks, layout.bleed))
        draw_scale_bar(c, layout.scale_band, False)
    draw_page_label(c, layout.label_band, False, label)
    if own:
        draw_own_legend(c, layout.label_band, False)
    c.showPage()


def _cut_lines(blocks: list[Block], bleed: float) -> list[list[Segment]]:
    """The outlines of the shaped blocks' pieces (shared sides once, in a honeycomb)."""
    return [
        line
        for block in blocks
        if block.offsets
        for line in outline_cuts(block.shape, block.slots(), bleed)
    ]


def _set_boxes(c: Canvas, layout: GangLayout, trims: list[Rect]) -> None:
    """TrimBox: the extent of the sheet's pieces; BleedBox: that plus the bleed (on the page)."""
    x0, y0 = min(t.x for t in trims), min(t.y for t in trims)
    x1, y1 = max(t.x1 for t in trims), max(t.y1 for t in trims)
    page = Rect(0, 0, layout.sheet.width, layout.sheet.height)
    c.setTrimBox(_clip(Rect(x0, y0, x1 - x0, y1 - y0), page).box())
    c.setBleedBox(_clip(Rect(x0, y0, x1 - x0, y1 - y0).expand(layout.bleed), page).box())


def _clip(r: Rect, page: Rect) -> Rect:
    x0, y0 = max(r.x, page.x), max(r.y, page.y)
    x1, y1 = min(r.x1, page.x1), min(r.y1, page.y1)
    return Rect(x0, y0, max(x1 - x0, 0.0), max(y1 - y0, 0.0))
