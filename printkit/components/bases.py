"""Chariot bases: one counter per chariot (bases.yaml), imposed like cards, fronts only."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.components.imposed import home_grid, render_pieces
from printkit.draw.bases import draw_base
from printkit.errors import Location
from printkit.kit import Kit
from printkit.layout.geometry import Rect
from printkit.load.schema import Record, validate_document
from printkit.model.bases import BASES, Bases


def load(kit: Kit, component_id: str) -> Bases:
    doc = kit.document(component_id)
    raw = validate_document(doc, BASES)
    bases = Bases(raw.size.width, raw.size.length, raw.copies, raw.chariots, doc.file)
    if kit.options.profile == "home":
        home_grid(kit, bases.size, doc.where(("size",)))
    return bases


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The data file's schema, for `printkit schema` and the data-format docs."""
    return BASES


def output_name(kit: Kit, component_id: str) -> str:
    return f"{component_id}.pdf"


@dataclass(frozen=True)
class _Item:
    number: int
    name: str
    team: str
    colour: str


class _Painter:
    def __init__(self, c, bleed: float) -> None:
        self.c = c
        self.bleed = bleed

    def place_front(self, item: _Item, trim: Rect) -> None:
        draw_base(self.c, trim, item.name, item.team, item.number, item.colour, self.bleed)

    def place_back(self, item: _Item, trim: Rect) -> None:  # pragma: no cover - fronts only
        pass


def render(kit: Kit, component_id: str, path: Path, progress=None) -> int:
    bases: Bases = kit.model(component_id)
    items = [
        _Item(i, ch.name, ch.team, ch.colour)
        for i, ch in enumerate(bases.chariots, start=1)
        for _ in range(bases.copies)
    ]
    return render_pieces(
        kit,
        component_id,
        path,
        items,
        bases.size,
        lambda c, bleed: _Painter(c, bleed),
        Location(bases.file),
        progress,
        with_backs=False,
    )
