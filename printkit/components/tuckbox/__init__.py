"""`type: tuckbox`: a one-piece box for a deck of cards, its die-line computed from the deck.

kit.yaml names the deck it holds (`uses: {deck: cards}`); the data file gives a card's
thickness, an optional sleeve, the clearance, colours and the faces of the panels (front,
back, the two sides, lid and bottom: elements as on a card, with {game}, {deck} and {count}).
The die-line (layout/dieline.tuck_box) follows the deck's card size and its total count.

It prints as one piece: on the home profile centred on the paper (turned a quarter when only
that way fits), on the shop profile on a page of its own with bleed, the die-line's bounding box
the TrimBox. Solid lines are cuts, dashed lines folds. A box that cannot fit the sheet is an
input error at the deck's `uses:` line, saying how large it is.
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
from printkit.layout.dieline import DieLine, Sleeve, box_inside, fits, placed, tuck_box
from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT
from printkit.layout.sizes import Size
from printkit.layout.units import format_mm
from printkit.load.schema import Record, validate_document, where
from printkit.model.cards import Deck
from printkit.render.links import data_inputs, used_model
from printkit.render.pages import SHEET_LABEL_BAND, start_sheet

from .model import TUCK_BOX, TuckBox


class FaceValues:
    """What a panel's placeholders read: {game}, {deck}, {count}."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values

    def get(self, name: str) -> Any:
        return self.values.get(name)


def load(kit: Kit, component_id: str) -> TuckBox:
    doc = kit.document(component_id)
    box: TuckBox = validate_document(doc, TUCK_BOX)
    box.file = doc.file
    box.deck = used_model(kit, component_id, "deck", "deck", Deck)
    deck_id = kit.spec(component_id).uses["deck"]
    box.values = {
        "game": kit.manifest.title,
        "deck": kit.spec(deck_id).title or deck_id,
        "count": box.deck.total,
    }
    sheet(kit, component_id, box)  # a box too large for the paper is refused before drawing
    return box


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return TUCK_BOX


def inputs(kit: Kit, component_id: str) -> list[Path]:
    """The kit's shared files, the box's data file and the deck's (its size and count)."""
    return data_inputs(kit, component_id, "deck")


def die_line(box: TuckBox) -> DieLine:
    """The box's die-line, from the deck it holds."""
    sleeve = None
    if box.sleeve is not None:
        sleeve = Sleeve(box.sleeve.width, box.sleeve.height, box.sleeve.thickness)
    inside = box_inside(box.deck.size, box.deck.total, box.card_thickness, box.clearance, sleeve)
    return tuck_box(inside)


def sheet(kit: Kit, component_id: str, box: TuckBox) -> Size:
    """The page the box prints on: the paper (home: as given or turned), or the die-line and
    its bleed (shop). A box larger than the paper within its printable margin is an input
    error."""
    die = die_line(box)
    if kit.options.profile == "shop":
        return die.size
    paper = kit.options.paper_size
    found = fits(die, paper, KEEP_OUT)
    if found is None:
        spec = kit.spec(component_id)
        at = where(spec, "uses") or where(spec) or Location(kit.manifest_file)
        raise fail(
            at,
            f"the tuck box for {box.values['count']} cards of deck "
            f"{kit.spec(component_id).uses['deck']!r} is {format_mm(die.size.width)} x "
            f"{format_mm(die.size.height)}; it cannot fit {kit.options.paper.upper()} paper "
            f"({format_mm(paper.width)} x {format_mm(paper.height)}, "
            f"{format_mm(KEEP_OUT)} kept clear at each edge): choose larger paper, thinner "
            "cards or fewer of them",
        )
    return found


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    """The box on one page; returns 1."""
    # imported here, only when a PDF is drawn
    from printkit.output import new_canvas

    box = kit.model_as(component_id, TuckBox)
    page = sheet(kit, component_id, box)
    die = die_line(box)
    title = kit.spec(component_id).title or component_id
    c = new_canvas(
        path, (page.width, page.height), f"{kit.manifest.title}: {title}", kit.name, kit.fonts()
    )
    bleed = kit.options.sheet_bleed
    start_sheet(c, page, bleed)
    own = box.source == "ours"
    if kit.options.profile != "shop":
        foot = SHEET_LABEL_BAND if own else 0.0  # the legend's band, below the centred box
        room = page.height - 2 * KEEP_OUT - die.size.height
        lift = min(foot, max(room, 0.0)) / 2  # a box that fills the sheet stays on it
        die = placed(
            die, ((page.width - die.size.width) / 2, (page.height - die.size.height) / 2 + lift)
        )
    draw_ground(c, die, box.colour, bleed)
    _draw_faces(kit, c, box, die)
    draw_lines(c, die, box.cut_colour, box.fold_colour)
    if own:
        draw_own_mark(c, next(p.rect for p in die.panels if p.name == "back"))
        band = Rect(KEEP_OUT, KEEP_OUT, page.width - 2 * KEEP_OUT, SHEET_LABEL_BAND)
        draw_own_legend(c, band, False)
    c.showPage()
    c.save()
    if progress is not None:
        progress(1)
    return 1


def _draw_faces(kit: Kit, c: Any, box: TuckBox, die: DieLine) -> None:
    """Each panel's face; a text that cannot fit is an input error at its element."""
    palette = Palette(box.accent, box.ink, box.colour, box.colour, box.accent)
    faces = box.faces
    try:
        draw_faces(
            c,
            die,
            lambda panel: faces.of(panel.name),
            FaceValues(box.values),
            palette,
            kit.icons(),
            box.deck.min_text_size,
            box.deck.safe_margin,
        )
    except ElementOverflow as exc:
        at = where(exc.element, "text") or where(exc.element) or Location(box.file)
        raise fail(
            at,
            f"the {exc.attr} of this {exc.element.element} element does not fit its panel of "
            f"the tuck box even at {exc.overflow.min_size:.3g} pt (the box is "
            f"{format_mm(die.size.width)} x {format_mm(die.size.height)}: its sides are as "
            "deep as the deck is thick); shorten it or enlarge its box",
        ) from None


def preflight(kit: Kit, derived: Derived, component_id: str) -> None:
    """Draw the panels' faces on a canvas never saved: their texts must fit (as in a build),
    so `printkit check` reports what the build would refuse."""
    box = kit.model_as(component_id, TuckBox)
    _draw_faces(kit, KitCanvas(io.BytesIO(), role_fonts=kit.fonts()), box, die_line(box))


class TuckBoxType(Component):
    """`type: tuckbox`: this module's functions (printkit/api.py says when each is called)."""

    load = staticmethod(load)
    inputs = staticmethod(inputs)
    schema = staticmethod(schema)
    render = staticmethod(render)
    preflight = staticmethod(preflight)


COMPONENT: ComponentType = TuckBoxType()  # checked against the protocol by mypy
