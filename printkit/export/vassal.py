"""A VASSAL module (.vmod) of a kit: its boards with their grids, its counters as pieces, its aids
as charts.

VASSAL (vassalengine.org) is where most wargame clubs play between meetings. A module is a zip
file holding `buildFile.xml` (the module's parts, each an XML element named after the Java class
that reads it), `moduledata` (its name and version) and `images/`. What printkit writes:

- each component that is a board (`board_grids()` of the plug-in API: a map) as a
  `VASSAL.build.module.Map` window holding one `Board` whose image is the map's page rendered
  from the kit (no bleed); each hex grid on it as a `HexGrid` of the same size, orientation and
  offset (VASSAL's odd columns sit half a hex lower, so its origin is the centre of a hex of a
  column that does not) with a `HexGridNumbering` that names hexes as the map prints them;
  a board without a hex grid gets its square grid as a `SquareGrid` (origin: the centre of its
  first square) with a `SquareGridNumbering` naming squares alike;
- each deck whose cards have backs as counters: one `PieceSlot` per design, its piece a basic
  piece showing the front with a `Layer` trait of two levels, front then back, that the `Flip`
  command (Ctrl+F) turns over. The back is the one model/backs.py puts behind that card in the
  PDF. The slots are grouped in the `Counters` piece palette (`PieceWindow`), one tab per side:
  the value of the deck field `--vassal-group` names, or the card's kind label;
- each deck without backs (charts, tables, player aids) as a `ChartWindow` with one `Chart`
  per design.

Every picture is rendered by pdfium from the component's own PDF (export/images.py), so the
pieces look as the printed counters do. The file is written as OUT/<kit>/<kit>.vmod; VASSAL
opens it with File > Open Module.
"""

from __future__ import annotations

import io
import re
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.etree import ElementTree as ET

import pypdfium2 as pdfium

from printkit.export.images import deck_pages
from printkit.layout.hexgrid import BoardGrid, HexLayout, SquareLayout
from printkit.model.cards import Card, Deck
from printkit.model.designs import design_pages

if TYPE_CHECKING:
    from printkit.kit import Derived

VASSAL_VERSION = "3.7.0"  # the oldest VASSAL whose layer trait (emb2) has every field written here
FLIP_KEY = "70,130"  # Ctrl+F: key code 70, modifiers CTRL_DOWN_MASK | CTRL_MASK
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # fixed, so the same kit writes the same bytes
MODULE_PATH = "{kit}.vmod"


@dataclass
class Piece:
    """One design of a counter deck: its name, the group (side) it is filed under, and the
    file names of its front and back images in the module."""

    name: str
    group: str
    front: str
    back: str
    size: tuple[int, int]


@dataclass
class Module:
    """What goes into the module: boards (name, image, pixel size, grids), pieces, charts
    (name, image) and every image's bytes by its name."""

    name: str
    boards: list[tuple[str, str, tuple[int, int], list[BoardGrid]]] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    charts: list[tuple[str, str]] = field(default_factory=list)
    images: dict[str, bytes] = field(default_factory=dict)


def export_vassal(
    kit: Any, derived: Derived, out: Path, stage: Any, dpi: int, group_by: str | None
) -> tuple[Path, Module]:
    """Write the kit's VASSAL module (staged); returns its path and what it holds."""
    module = Module(kit.manifest.title or kit.name)
    kit.models()
    for cid in kit.component_ids():
        if not kit.chosen(cid):
            continue
        grids = kit.component(cid).board_grids(kit, cid)
        if grids is not None:
            _add_board(kit, derived, cid, grids, dpi, module)
    for cid in kit.decks():
        if kit.chosen(cid):
            _add_deck(kit, derived, cid, dpi, group_by, module)
    target = out / kit.name / MODULE_PATH.format(kit=kit.name)
    stage.temp_for(target).write_bytes(module_bytes(module, kit.name))
    return target, module


def module_bytes(module: Module, kit_name: str) -> bytes:
    """The .vmod: buildFile.xml, moduledata and the images, in a zip with fixed dates."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in [
            ("buildFile.xml", build_file(module)),
            ("moduledata", _module_data(module, kit_name)),
        ]:
            z.writestr(zipfile.ZipInfo(name, ZIP_TIME), data)
        for name, data in module.images.items():
            info = zipfile.ZipInfo(f"images/{name}", ZIP_TIME)
            z.writestr(info, data, compress_type=zipfile.ZIP_STORED)  # PNGs: already deflated
    return buffer.getvalue()


# -- pictures ----------------------------------------------------------------------------------


def _png(image: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def _add_board(
    kit: Any, derived: Derived, cid: str, grids: list[BoardGrid], dpi: int, module: Module
) -> None:
    """The board's one page rendered at `dpi`, and its grids."""
    with tempfile.TemporaryDirectory(prefix="printkit-vassal-") as tmp:
        pdf = Path(tmp) / f"{cid}.pdf"
        kit.component(cid).render(kit, derived, cid, pdf, None)
        doc = pdfium.PdfDocument(str(pdf))
        try:
            page = doc[0]
            w, h = (round(v / 72 * dpi) for v in page.get_size())  # as export --images cuts
            image = page.render(scale=dpi / 72, draw_annots=False).to_pil().convert("RGB")
            image = image.crop((0, 0, w, h))
        finally:
            doc.close()
    name = f"{_file_name(cid)}.png"
    module.images[name] = _png(image)
    scaled = [_scaled(g, dpi / 72) for g in grids]
    module.boards.append((_title(kit, cid), name, image.size, scaled))


def _scaled(grid: BoardGrid, k: float) -> BoardGrid:
    """A grid measured in the board image's pixels instead of points."""
    layout = grid.layout
    if isinstance(layout, HexLayout):
        layout = HexLayout(
            layout.columns, layout.rows, layout.size * k, layout.pointy, layout.offset
        )
    else:
        layout = type(layout)(layout.columns, layout.rows, layout.size * k)
    return BoardGrid(grid.name, grid.x * k, grid.y * k, layout, grid.names)


def _add_deck(
    kit: Any, derived: Derived, cid: str, dpi: int, group_by: str | None, module: Module
) -> None:
    """A deck with backs as pieces (front and the back behind it), one without as charts."""
    deck = kit.model_as(cid, Deck)
    pages = design_pages(deck)
    two_sided = any(page.side == "back" for page in pages)
    fronts: list[tuple[Card, str, str]] = []  # card, front image, key of its back
    backs: dict[str, str] = {}
    with deck_pages(kit, derived, cid, None, dpi) as images:
        for page, image in zip(pages, images, strict=True):
            card = page.cards[0]
            if page.side == "front":
                name = f"{_file_name(cid)}-{_file_name(card.id)}.png"
                fronts.append((card, name, page.key))
            else:
                name = f"{_file_name(cid)}-{_file_name(page.key or 'back')}.png"
                backs[page.key] = name
            module.images[name] = _png(image)
            size = image.size
    for card, front, key in fronts:
        if not two_sided:
            module.charts.append((card.title or card.id, front))
            continue
        module.pieces.append(
            Piece(card.title or card.id, _group(deck, card, group_by), front, backs[key], size)
        )


def _group(deck: Deck, card: Card, group_by: str | None) -> str:
    """The palette tab a counter goes in: its value of `group_by`, or its kind's label."""
    if group_by:
        value = card.get(group_by)
        return str(value) if value not in (None, "") else "other"
    kind = deck.kinds.get(card.kind)
    label = kind.label if kind is not None else ""
    return label or card.kind


def _title(kit: Any, cid: str) -> str:
    spec = kit.spec(cid)
    return str(spec.title or cid)


def _file_name(text: str) -> str:
    """A name safe in a zip, a VASSAL piece definition and every file system."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "x"


# -- buildFile.xml -----------------------------------------------------------------------------

P = "VASSAL.build."


def build_file(module: Module) -> bytes:
    """The module's buildFile.xml: the game module, its boards, piece palette and charts."""
    root = ET.Element(
        P + "GameModule",
        {"name": module.name, "version": "1.0", "VassalVersion": VASSAL_VERSION,
         "description": "made by printkit", "nextPieceSlotId": str(len(module.pieces) + 1)},
    )  # fmt: skip
    for part in ("BasicCommandEncoder", "Documentation", "Chatter", "KeyNamer", "GlobalOptions"):
        ET.SubElement(root, P + "module." + part)
    for title, image, size, grids in module.boards:
        _map(root, title, image, size, grids)
    if module.pieces:
        _palette(root, module.pieces)
    if module.charts:
        window = ET.SubElement(
            root, P + "module.ChartWindow",
            {"name": "Charts", "text": "Charts", "tooltip": "Charts", "hotkey": "", "icon": ""},
        )  # fmt: skip
        for name, image in module.charts:
            ET.SubElement(window, P + "widget.Chart", {"chartName": name, "fileName": image})
    ET.indent(root, "    ")
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + "\n").encode()


def _map(root: ET.Element, title: str, image: str, size: tuple[int, int],
         grids: list[BoardGrid]) -> None:  # fmt: skip
    window = ET.SubElement(
        root, P + "module.Map",
        {"mapName": title, "buttonName": title, "allowMultiple": "false", "markMoved": "Never",
         "backgroundcolor": "255,255,255", "edgeWidth": "0", "edgeHeight": "0"},
    )  # fmt: skip
    picker = ET.SubElement(window, P + "module.map.BoardPicker", {"title": "Choose board"})
    board = ET.SubElement(
        picker, P + "module.map.boardPicker.Board",
        {"name": title, "image": image, "reversible": "false",
         "width": str(size[0]), "height": str(size[1])},
    )  # fmt: skip
    hexes = [g for g in grids if isinstance(g.layout, HexLayout)]
    squares = [g for g in grids if isinstance(g.layout, SquareLayout)]
    if hexes:  # a VASSAL board has one grid: a hex grid first, else a square one
        _hex_grid(board, hexes[0])
    elif squares:
        _square_grid(board, squares[0])
    for part in ("StackMetrics", "PieceMover", "KeyBufferer", "Scroller", "MenuDisplayer",
                 "ForwardToKeyBuffer", "ForwardToChatter", "CounterDetailViewer", "Zoomer"):  # fmt: skip
        ET.SubElement(window, P + "module.map." + part)


def hex_grid_attributes(grid: BoardGrid) -> tuple[dict[str, str], dict[str, str]]:
    """The attributes of VASSAL's HexGrid and HexGridNumbering for a hex grid measured in the
    board image's pixels. VASSAL measures `dy` across the flats and `dx` from one column (row,
    when `sideways`) to the next; its origin (x0, y0) is the centre of a hex whose column it
    does not move down; a sideways grid's coordinates are given turned (x for y)."""
    layout = grid.layout
    assert isinstance(layout, HexLayout)
    first = layout.centre((0, 0))[0 if layout.pointy else 1]
    k = -1 if first > layout.size / 2 + 1e-9 else 0  # the first column (row) not moved
    cell = (0, k) if layout.pointy else (k, 0)
    cx, cy = layout.centre(cell)
    x0, y0 = grid.x + cx, grid.y + cy
    if layout.pointy:
        x0, y0 = y0, x0
    attrs = {
        "color": "0,0,0", "cornersLegal": "false", "dotsVisible": "false",
        "dx": f"{layout.radius * 1.5:.4f}", "dy": f"{layout.size:.4f}", "edgesLegal": "false",
        "sideways": "true" if layout.pointy else "false", "snapTo": "true", "visible": "false",
        "x0": str(round(x0)), "y0": str(round(y0)),
    }  # fmt: skip
    return attrs, _numbering(grid, k)


def _numbering(grid: BoardGrid, k: int) -> dict[str, str]:
    """HexGridNumbering naming hexes as printkit prints them: VASSAL's column is the map's
    column (row, when sideways), counted from the origin's."""
    names = grid.names
    pointy = isinstance(grid.layout, HexLayout) and grid.layout.pointy
    letters = names.form == "A1"
    padded = names.form in ("0101", "01.01")
    leading = str(names.digits - 1) if padded else "0"
    col_type, col_off = ("A", names.first_column - 1) if letters else ("N", names.first_column)
    row_off = names.first_row
    if pointy:  # VASSAL's columns are the map's rows
        h_type, h_off, h_lead = "N", row_off + k, leading
        v_type, v_off, v_lead = col_type, col_off, "0" if letters else leading
        first = "V"
    else:
        h_type, h_off, h_lead = col_type, col_off + k, "0" if letters else leading
        v_type, v_off, v_lead = "N", row_off, leading
        first = "H"
    sep = {"01.01": ".", "1-1": "-"}.get(names.form, "")
    return {
        "color": "0,0,0", "first": first, "fontSize": "9", "hDescend": "false", "hDrawOff": "0",
        "hLeading": h_lead, "hOff": str(h_off), "hType": h_type,
        "locationFormat": "$gridLocation$", "rotateText": "0", "sep": sep, "stagger": "false",
        "vDescend": "false", "vDrawOff": "0", "vLeading": v_lead, "vOff": str(v_off),
        "vType": v_type, "visible": "false",
    }  # fmt: skip


def square_grid_attributes(grid: BoardGrid) -> tuple[dict[str, str], dict[str, str]]:
    """The attributes of VASSAL's SquareGrid and SquareGridNumbering for a square grid measured
    in the board image's pixels. VASSAL's origin (x0, y0) is the centre of the grid's first
    (top-left) square, whose column and row the numbering's offsets name."""
    layout = grid.layout
    assert isinstance(layout, SquareLayout)
    cx, cy = layout.centre((0, 0))
    attrs = {
        "color": "0,0,0", "cornersLegal": "false", "dotsVisible": "false",
        "dx": f"{layout.size:.4f}", "dy": f"{layout.size:.4f}", "edgesLegal": "false",
        "range": "Metric", "snapTo": "true", "visible": "false",
        "x0": str(round(grid.x + cx)), "y0": str(round(grid.y + cy)),
    }  # fmt: skip
    numbering = _numbering(grid, 0)
    del numbering["stagger"]  # a hex grid's only
    return attrs, numbering


def _square_grid(board: ET.Element, grid: BoardGrid) -> None:
    attrs, numbering = square_grid_attributes(grid)
    element = ET.SubElement(board, P + "module.map.boardPicker.board.SquareGrid", attrs)
    ET.SubElement(
        element, P + "module.map.boardPicker.board.mapgrid.SquareGridNumbering", numbering
    )


def _hex_grid(board: ET.Element, grid: BoardGrid) -> None:
    attrs, numbering = hex_grid_attributes(grid)
    element = ET.SubElement(board, P + "module.map.boardPicker.board.HexGrid", attrs)
    ET.SubElement(element, P + "module.map.boardPicker.board.mapgrid.HexGridNumbering", numbering)


def _palette(root: ET.Element, pieces: list[Piece]) -> None:
    """The Counters palette: a tab per group, its pieces in the deck's order."""
    window = ET.SubElement(
        root, P + "module.PieceWindow",
        {"name": "Counters", "text": "Counters", "tooltip": "Counters", "hidden": "false",
         "scale": "1.0", "hotkey": "", "icon": ""},
    )  # fmt: skip
    tabs = ET.SubElement(window, P + "widget.TabWidget", {"entryName": "Counters"})
    groups: dict[str, list[tuple[int, Piece]]] = {}
    for gpid, piece in enumerate(pieces, start=1):
        groups.setdefault(piece.group, []).append((gpid, piece))
    for group, members in groups.items():
        panel = ET.SubElement(
            tabs, P + "widget.PanelWidget",
            {"entryName": group, "fixed": "false", "nColumns": "8", "scale": "1.0", "vert": "false"},
        )  # fmt: skip
        for gpid, piece in members:
            slot = ET.SubElement(
                panel, P + "widget.PieceSlot",
                {"entryName": piece.name, "gpid": str(gpid), "width": str(piece.size[0]),
                 "height": str(piece.size[1])},
            )  # fmt: skip
            slot.text = piece_definition(piece, gpid)


def _encode(tokens: list[str], delimiter: str) -> str:
    """VASSAL's SequenceEncoder: tokens joined by `delimiter`, a backslash before a delimiter
    inside a token (so each level of nesting adds one before an inner level's delimiters)."""
    return delimiter.join(t.replace(delimiter, "\\" + delimiter) for t in tokens)


def layer_trait(front: str, back: str) -> str:
    """A Layer (emb2) of two levels, front then back, always active, `Flip` (Ctrl+F) going to
    the next level and round again."""
    fields = ["", "130", "", "Flip", "130", "F", "", "130", "", "", "", "1", "false", "0", "0",
              _encode([front, back], ","), _encode(["", "+ (back)"], ","), "true", "Side", "",
              "", "false", "", "1", "1", "true", "", FLIP_KEY, "", "Flip"]  # fmt: skip
    return "emb2;" + _encode(fields, ";")


def piece_definition(piece: Piece, gpid: int) -> str:
    """The text of a PieceSlot: `+/null/<type>/<state>`, its type the layer trait round a basic
    piece (its front image and name), its state the layer at level 1 and the piece off-map."""
    basic = "piece;;;" + _encode([piece.front, piece.name], ";")
    type_ = _encode([layer_trait(piece.front, piece.back), basic], "\t")
    state = _encode(["1", f"null;0;0;{gpid};0"], "\t")
    return "+/null/" + _encode([type_, state], "/")


def _module_data(module: Module, kit_name: str) -> bytes:
    data = ET.Element("data", {"version": "1"})
    for tag, text in [("version", "1.0"), ("VassalVersion", VASSAL_VERSION),
                      ("dateSaved", "0"), ("description", "made by printkit"),
                      ("name", module.name)]:  # fmt: skip
        ET.SubElement(data, tag).text = text
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        + ET.tostring(data, encoding="unicode")
        + "\n"
    ).encode()


def pieces_in(build: bytes) -> Iterator[ET.Element]:
    """Every PieceSlot of a buildFile.xml (for reading a module back)."""
    yield from ET.fromstring(build).iter(P + "widget.PieceSlot")
