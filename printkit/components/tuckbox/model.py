"""A tuck box's data file: how thick a card is, an optional sleeve, the clearance, the colours
and the faces of its panels (elements, as on a card), for the deck kit.yaml's `uses: {deck:}`
names. The box's size is computed from that deck (layout/dieline.py)."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from printkit.core import limits
from printkit.core.fieldwise import fieldwise
from printkit.layout.units import mm
from printkit.load.records import record, record_of, spec
from printkit.load.schema import Choice, Color, Length, ListOf, Record
from printkit.model.cards import SOURCES
from printkit.model.face import ELEMENT, Element

FACE_DOC = (
    "face elements, as on a card (boxes measured in the panel, from its top-left corner); "
    "placeholders: {game} (the kit's title), {deck} (the deck's title) and {count} (its cards)"
)


def _face(what: str) -> Any:
    return spec(
        ListOf(ELEMENT, 0, limits.MAX_FACE_ELEMENTS), default=list, doc=f"{what}: {FACE_DOC}"
    )


@record("sleeve")
@fieldwise(kw_only=True)
class SleeveSpec:
    width: float = spec(Length(10, 600), required=True, doc="the sleeve's outer width")
    height: float = spec(Length(10, 600), required=True, doc="the sleeve's outer height")
    thickness: float = spec(
        Length(0, 5), default=mm(0.1), doc="what a sleeve adds to each card's thickness"
    )


@record("tuck box faces")
@fieldwise(kw_only=True)
class Faces:
    front: list[Element] = _face("the front panel, with the thumb notch at its top edge")
    back: list[Element] = _face("the back panel")
    left: list[Element] = _face("the left side (looking at the front); a spine")
    right: list[Element] = _face("the right side (looking at the front); a spine")
    top: list[Element] = _face("the lid")
    bottom: list[Element] = _face("the bottom")

    def of(self, panel: str) -> list[Element]:
        """The elements of a panel by its die-line name (none for flaps)."""
        faces: dict[str, list[Element]] = {
            "front": self.front,
            "back": self.back,
            "left": self.left,
            "right": self.right,
            "top": self.top,
            "bottom": self.bottom,
        }
        return faces.get(panel, [])


@record("tuck box")
@fieldwise(kw_only=True)
class TuckBox:
    card_thickness: float = spec(
        Length(0.05, 5),
        default=mm(0.3),
        doc="one card's thickness (source: ours: 0.3 mm is common card stock; measure a stack "
        "of your own cards and divide)",
    )
    clearance: float = spec(
        Length(0, 10), default=mm(1), doc="room added to the cards each way, so they slide out"
    )
    sleeve: SleeveSpec | None = spec(
        record_of(SleeveSpec), doc="the sleeves the cards are kept in: a larger, thicker card"
    )
    colour: str = spec(Color(), default="#ffffff", doc="the ground of the whole box")
    ink: str = spec(Color(), default="#1d1a16", doc="the colour of text and marks")
    accent: str = spec(Color(), default="#7a1f12", doc="the colour bands and headers use")
    cut_colour: str = spec(
        Color(), default="#1d1a16", doc="the cut line's colour (solid, on the outline)"
    )
    fold_colour: str = spec(
        Color(), default="#9a948a", doc="the fold lines' colour (dashed, inside the outline)"
    )
    faces: Faces = spec(record_of(Faces), default=Faces, doc="each panel's face")
    source: str | None = spec(
        Choice(SOURCES),
        doc="ours: the box's printed rules text or values are the kit's own, not the game's (a "
        "discreet mark prints near its back panel's lower right corner, and its home sheet a "
        "one-line legend); seed or none: the game's",
    )
    file: str = ""
    deck: Any = field(default=None, repr=False)  # model.cards.Deck it holds, set by load
    values: dict[str, Any] = field(default_factory=dict)  # game, deck, count


TUCK_BOX: Record = record_of(TuckBox)
