"""`type: dice`: paper dice, each a d6 cube net (layout/dieline.cube_net) whose six faces are
drawn from one face layout and the die's six values.

Home: as many nets as fit a sheet, in rows, a gap between them. Shop: one net a page with
bleed, its bounding box the TrimBox. Solid lines cut, dashed lines fold; glue flaps are plain.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from printkit.api import Component, ComponentType, Derived, Progress
from printkit.core.errors import Location, fail
from printkit.draw.dieline import draw_faces, draw_ground, draw_lines
from printkit.draw.elements import ElementOverflow, Palette
from printkit.draw.fonts import KitCanvas
from printkit.draw.sheet import draw_own_legend, draw_own_mark
from printkit.kit import Kit
from printkit.layout.dieline import DieLine, cube_net, fits, placed
from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT
from printkit.layout.sizes import Size
from printkit.layout.units import format_mm, mm
from printkit.load.schema import Record, validate_document, where
from printkit.render.links import data_inputs
from printkit.render.pages import SHEET_LABEL_BAND, start_sheet

from .model import DICE, Dice, Die

GAP = mm(4)  # between nets on a home sheet


class FaceValues:
    """What a face's placeholders read: {value}, {face} and {die}."""

    def __init__(self, die: Die, face: str) -> None:
        self.values = {"value": die.faces[int(face) - 1], "face": face, "die": die.id}

    def get(self, name: str) -> Any:
        return self.values.get(name)


def load(kit: Kit, component_id: str) -> Dice:
    doc = kit.document(component_id)
    dice: Dice = validate_document(doc, DICE)
    dice.file = doc.file
    if (
        kit.options.profile == "home"
        and fits(cube_net(dice.side), kit.options.paper_size, KEEP_OUT) is None
    ):
        net = cube_net(dice.side)
        raise fail(
            where(dice, "side") or Location(dice.file),
            f"a die's net of side {format_mm(dice.side)} is {format_mm(net.size.width)} x "
            f"{format_mm(net.size.height)}; it cannot fit {kit.options.paper.upper()} paper",
        )
    return dice


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return DICE


def inputs(kit: Kit, component_id: str) -> list[Path]:
    return data_inputs(kit, component_id)


def _home_places(
    net: DieLine, sheet: Size, count: int, foot: float = 0.0
) -> list[list[tuple[float, float]]]:
    """Each page's nets' bottom-left corners: rows from the top, the page's nets centred above
    a band `foot` high at the sheet's foot (the legend of the mark of the kit's own)."""
    room = Size(sheet.width - 2 * KEEP_OUT, sheet.height - 2 * KEEP_OUT - foot)
    across = max(1, int((room.width + GAP) // (net.size.width + GAP)))
    down = max(1, int((room.height + GAP) // (net.size.height + GAP)))
    per_page = across * down
    pages: list[list[tuple[float, float]]] = []
    for first in range(0, count, per_page):
        n = min(per_page, count - first)
        columns, rows = min(n, across), -(-n // across)
        used_w = columns * net.size.width + (columns - 1) * GAP
        used_h = rows * net.size.height + (rows - 1) * GAP
        x0, top = (sheet.width - used_w) / 2, (sheet.height + foot + used_h) / 2
        places = []
        for k in range(n):
            row, column = divmod(k, across)
            x = x0 + column * (net.size.width + GAP)
            places.append((x, top - (row + 1) * net.size.height - row * GAP))
        pages.append(places)
    return pages


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    """The dice's nets; returns the number of pages."""
    # imported here, only when a PDF is drawn
    from printkit.output import new_canvas

    dice = kit.model_as(component_id, Dice)
    net = cube_net(dice.side)
    shop = kit.options.profile == "shop"
    sheet = net.size if shop else kit.options.paper_size
    owned = any(dice.own(die) for die in dice.dice)
    foot = SHEET_LABEL_BAND if owned and not shop else 0.0  # room for the mark's legend
    pages = (
        [[(0.0, 0.0)] for _ in dice.dice]
        if shop
        else _home_places(net, sheet, len(dice.dice), foot)
    )
    title = kit.spec(component_id).title or component_id
    c = new_canvas(
        path, (sheet.width, sheet.height), f"{kit.manifest.title}: {title}", kit.name, kit.fonts()
    )
    bleed = kit.options.sheet_bleed
    order = iter(dice.dice)
    for places in pages:
        start_sheet(c, sheet, bleed)
        own = False
        for at in places:
            die = next(order)
            _draw_die(kit, c, dice, die, placed(net, at), bleed)
            own = own or dice.own(die)
        if own:
            draw_own_legend(c, Rect(KEEP_OUT, KEEP_OUT, sheet.width - 2 * KEEP_OUT, foot), False)
        c.showPage()
        if progress is not None:
            progress(1)
    c.save()
    return len(pages)


def _draw_die(kit: Kit, c: Any, dice: Dice, die: Die, net: DieLine, bleed: float) -> None:
    ground = die.colour or dice.colour
    draw_ground(c, net, ground, bleed)
    palette = Palette(dice.ink, dice.ink, ground, ground, dice.ink)
    for panel in net.panels:
        one = DieLine(net.size, [panel], net.cut)
        try:
            draw_faces(
                c, one, lambda _: dice.face, FaceValues(die, panel.name), palette, kit.icons(),
                6.0, mm(1),
            )  # fmt: skip
        except ElementOverflow as exc:
            element_at = where(exc.element, "text") or where(exc.element)
            line = f" (line {element_at.line})" if element_at else ""
            raise fail(
                where(die, "faces") or element_at or Location(dice.file),
                f"die {die.id!r}: face {panel.name}'s value "
                f"{die.faces[int(panel.name) - 1]!r} does not fit the face's "
                f"{exc.element.element} element{line} even at {exc.overflow.min_size:.3g} pt "
                f"({format_mm(dice.side)} a side); shorten it or enlarge the element's box",
            ) from None
    draw_lines(c, net, dice.cut_colour, dice.fold_colour)
    if dice.own(die):  # on face 1, as a card's: near its lower right corner
        draw_own_mark(c, next(p.rect for p in net.panels if p.name == "1"))


def preflight(kit: Kit, derived: Derived, component_id: str) -> None:
    """Draw every die on a canvas never saved: the faces' texts must fit (as in a build), so
    `printkit check` reports what the build would refuse."""
    dice = kit.model_as(component_id, Dice)
    c = KitCanvas(io.BytesIO(), role_fonts=kit.fonts())
    for die in dice.dice:
        _draw_die(kit, c, dice, die, cube_net(dice.side), 0.0)


class DiceType(Component):
    """`type: dice`: this module's functions (printkit/api.py says when each is called)."""

    load = staticmethod(load)
    inputs = staticmethod(inputs)
    schema = staticmethod(schema)
    render = staticmethod(render)
    preflight = staticmethod(preflight)


COMPONENT: ComponentType = DiceType()  # checked against the protocol by mypy
