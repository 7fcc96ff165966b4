"""Bases: one counter per entry of bases.yaml, imposed like cards, fronts only.

Chariot race's own type, registered in the game's entry_points.txt like an installed plug-in:
its model (`model.py`, the base size the templates, track and damage chart measure with) and
its drawing (`draw.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from reportlab.pdfgen.canvas import Canvas

from printkit.api import (
    Component,
    ComponentType,
    Derived,
    Finding,
    Kit,
    Location,
    PieceGroup,
    Progress,
    Record,
    Rect,
    data_inputs,
    home_grid,
    render_groups,
    safe_area,
    validate_document,
    where,
)
from printkit.games.chariot_race.components.bases.draw import draw_base
from printkit.games.chariot_race.components.bases.model import BASES, Bases


def load(kit: Kit, component_id: str) -> Bases:
    doc = kit.document(component_id)
    bases: Bases = validate_document(doc, BASES)
    bases.file = doc.file
    if kit.options.profile == "home":
        home_grid(kit, bases.piece, doc.where(("size",)))
    return bases


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return BASES


class _Item(NamedTuple):
    number: int
    name: str
    team: str
    colour: str
    where: Location


class _Painter:
    def __init__(self, c: Canvas, bleed: float, words: tuple[str, str]) -> None:
        self.canvas = c
        self.bleed = bleed
        self.words = words

    def place_front(self, item: _Item, trim: Rect) -> None:
        draw_base(
            self.canvas,
            trim,
            item.name,
            item.team,
            item.number,
            item.colour,
            self.bleed,
            self.words,
        )

    def place_back(self, item: _Item, trim: Rect) -> None:  # pragma: no cover - fronts only
        pass


def piece_groups(kit: Kit, derived: Derived, component_id: str) -> list[PieceGroup]:
    """One base per entry of `chariots` and per copy, fronts only."""
    bases = kit.model_as(component_id, Bases)
    items = [
        _Item(i, ch.name, ch.team, ch.colour, where(ch) or Location(bases.file))
        for i, ch in enumerate(bases.chariots, start=1)
        for _ in range(bases.copies)
    ]
    group = PieceGroup(
        items,
        bases.piece,
        lambda c, bleed: _Painter(c, bleed, (bases.labels.front, bases.labels.pivot)),
        Location(bases.file),
        with_backs=False,
        locate=lambda item: item.where,
        describe=lambda item: f"the base of {item.name!r}",
        own=(lambda _item: True) if bases.source == "ours" else None,
    )
    return [group]


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    return render_groups(
        kit, component_id, path, piece_groups(kit, derived, component_id), progress
    )


def print_findings(kit: Kit, derived: Derived, component_id: str) -> list[Finding]:
    """What only drawing finds, for `printkit check`: text outside a base's safe area."""
    return safe_area(piece_groups(kit, derived, component_id), kit)


class BasesType(Component):
    """`type: bases`: this module's functions (printkit/api.py says when each is called)."""

    has_pieces = True
    gangs_by_default = True

    load = staticmethod(load)
    inputs = staticmethod(data_inputs)  # the kit's shared files and its data file
    schema = staticmethod(schema)
    render = staticmethod(render)
    print_findings = staticmethod(print_findings)
    piece_groups = staticmethod(piece_groups)


COMPONENT: ComponentType = BasesType()  # checked against the protocol by mypy
