"""Gang sheets: the cut pieces of several components packed onto shared sheets (`--gang`).

Components that print cut pieces offer `piece_sets(kit, component_id) -> [PieceSet]`: their
pieces, size, painter and whether they have backs. The pieces of every such component but the
decks are packed first, largest first (layout/packing.py); deck cards then fill the space
left and the sheets after. Each front sheet is followed by its back sheet: two-sided pieces
get their backs at the mirrored place (with the back offset), as on any home sheet. Crop marks
stop short of every neighbour. The file is OUT/<kit>/gang.pdf.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.components import component_type
from printkit.draw.sheet import draw_crop_marks, draw_page_label, draw_scale_bar
from printkit.errors import Location, fail
from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT, MARK_GAP, MARK_LENGTH, MIN_MARGIN, mirror
from printkit.layout.packing import Placement, corner_marks, pack, sheets_lower_bound
from printkit.layout.sizes import Size
from printkit.layout.units import mm

GANG_FILE = "gang.pdf"
LABEL_H = mm(4.5)  # the page label along the top edge
SCALE_H = mm(6)  # the scale bar along the bottom edge
MIN_GAP = 0.0  # without bleed, pieces butt together and share cut lines, as on a home sheet


@dataclass
class PieceSet:
    """Pieces of one size from one component, and how to draw them."""

    items: list[Any]
    size: Size
    make_painter: Callable[[Any, float], Any]
    with_backs: bool
    where: Location
    fill: bool = False  # deck cards: packed after everything else


@dataclass
class GangReport:
    sheets: int
    lower_bound: int
    pieces: int
    components: list[str]

    def note(self, kit_name: str) -> str:
        return (
            f"{kit_name}/{GANG_FILE}: {self.pieces} pieces of {', '.join(self.components)} "
            f"on {self.sheets} sheet(s); the pieces' area needs at least {self.lower_bound}"
        )


def gang_components(kit: Any) -> list[str]:
    """The components whose pieces go on the gang sheets, in kit order."""
    return [
        cid
        for cid in kit.component_ids()
        if hasattr(component_type(kit.spec(cid).type), "piece_sets")
    ]


@dataclass
class _Piece:
    set_index: int
    item: Any
    size: Size


def _pieces(sets: list[PieceSet]) -> list[_Piece]:
    first = [i for i, s in enumerate(sets) if not s.fill]
    first.sort(key=lambda i: -sets[i].size.width * sets[i].size.height)  # largest first
    order = first + [i for i, s in enumerate(sets) if s.fill]
    return [_Piece(i, item, sets[i].size) for i in order for item in sets[i].items]


def layout(kit: Any, sets: list[PieceSet]) -> tuple[Size, Rect, float, list[Placement], list]:
    """(sheet, area, gap, placements, pieces): the fewer sheets of portrait and landscape."""
    pieces = _pieces(sets)
    gap = max(2 * kit.options.bleed, MIN_GAP)
    best = None
    for sheet in (kit.options.paper_size, kit.options.paper_size.rotated()):
        marks = MARK_GAP + MARK_LENGTH
        limit = marks_limit(sheet)
        area = Rect(MIN_MARGIN, limit.y + marks, sheet.width - 2 * MIN_MARGIN, limit.h - 2 * marks)
        try:
            placed = pack([p.size for p in pieces], area, gap)
        except ValueError:
            continue
        used = 1 + max((p.sheet for p in placed), default=0)
        if best is None or used < best[0]:
            best = (used, sheet, area, placed)
    if best is None:
        raise fail(sets[0].where, "a piece does not fit on the paper with its margins")
    return best[1], best[2], gap, best[3], pieces


def marks_limit(sheet: Size) -> Rect:
    """Where crop marks may go: inside the printable sheet, clear of the label and scale bar."""
    bottom = KEEP_OUT + SCALE_H + mm(0.5)
    top = sheet.height - KEEP_OUT - LABEL_H - mm(1)
    return Rect(KEEP_OUT, bottom, sheet.width - 2 * KEEP_OUT, top - bottom)


def render_gang(kit: Any, path: Path) -> GangReport:
    """Pack and draw every gang component's pieces into `path`."""
    from printkit.output import new_canvas

    cids = gang_components(kit)
    sets = [s for cid in cids for s in component_type(kit.spec(cid).type).piece_sets(kit, cid)]
    if not sets:
        raise fail(Location(kit.manifest_file), f"kit {kit.name!r} has no cut pieces to gang")
    sheet, area, gap, placed, pieces = layout(kit, sets)
    c = new_canvas(
        path, (sheet.width, sheet.height), f"{kit.manifest.title}: gang sheets", kit.name
    )
    painters = [s.make_painter(c, kit.options.bleed) for s in sets]
    n_sheets = 1 + max(p.sheet for p in placed)
    by_sheet = [[p for p in placed if p.sheet == n] for n in range(n_sheets)]
    for number, side, on_sheet in _page_order(n_sheets, kit.options.duplex):
        _draw_page(c, kit, sheet, side, by_sheet[number], pieces, sets, painters, gap)
        label = f"{kit.name} · gang sheet {number + 1} of {n_sheets} {side}"
        band = Rect(
            KEEP_OUT, sheet.height - KEEP_OUT - LABEL_H, sheet.width - 2 * KEEP_OUT, LABEL_H
        )
        draw_page_label(c, band, False, label)
        c.showPage()
        del on_sheet
    c.save()
    sizes = [p.size for p in pieces]
    return GangReport(n_sheets, sheets_lower_bound(sizes, area, gap), len(pieces), cids)


def _page_order(n: int, duplex: str) -> Iterator[tuple[int, str, int]]:
    if duplex == "off":
        yield from ((s, "front", s) for s in range(n))
        yield from ((s, "back", s) for s in range(n))
    else:
        for s in range(n):
            yield s, "front", s
            yield s, "back", s


def _draw_page(c, kit, sheet: Size, side: str, placed, pieces, sets, painters, gap) -> None:
    c.setPageSize((sheet.width, sheet.height))
    trims = [p.rect for p in placed]
    if trims:
        box = Rect(
            min(r.x for r in trims),
            min(r.y for r in trims),
            max(r.x1 for r in trims) - min(r.x for r in trims),
            max(r.y1 for r in trims) - min(r.y for r in trims),
        )
        c.setTrimBox(box.box())
        c.setBleedBox(box.expand(kit.options.bleed).box())
    dx, dy = kit.options.back_offset
    for p in placed:
        piece = pieces[p.index]
        painter = painters[piece.set_index]
        if side == "front":
            painter.place_front(piece.item, p.rect)
        elif sets[piece.set_index].with_backs:
            back = mirror(p.rect, sheet, kit.options.duplex).shift(dx, dy)
            painter.place_back(piece.item, back)
    if side == "front":
        clear = kit.options.bleed + mm(0.5)
        draw_crop_marks(c, gang_marks(trims, sheet, clear))
        draw_scale_bar(c, Rect(MIN_MARGIN, KEEP_OUT, sheet.width / 2, SCALE_H), False)


def gang_marks(trims: list[Rect], sheet: Size, clear: float) -> list:
    """The crop marks of one gang sheet (see layout.packing.corner_marks)."""
    return corner_marks(trims, clear, marks_limit(sheet), MARK_GAP, MARK_LENGTH)
