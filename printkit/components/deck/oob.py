"""A deck's order of battle: each design drawn once at its printed size, with how many the
deck prints and its title, in a section per group (a side), on whole sheets of the kit's paper:
<deck>-oob.pdf beside the deck's PDF (the deck's `order_of_battle`).

The designs are drawn by the deck's own painter, so the chart shows the counters as they print.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from printkit.draw.fonts import font
from printkit.kit import Kit
from printkit.layout.geometry import Rect
from printkit.layout.units import mm
from printkit.model.cards import Card, Deck
from printkit.output import new_canvas
from printkit.render.pages import start_sheet

MARGIN = mm(12)
HEADING = mm(9)  # a section's heading line
CAPTION = mm(6)  # under each design: its count and title
GAP = mm(4)


def output_name(component_id: str) -> str:
    return f"{component_id}-oob.pdf"


def sections(deck: Deck) -> list[tuple[str, list[Card]]]:
    """(group value, its designs in deck order), the groups in the chart's `order` first."""
    oob = deck.order_of_battle
    assert oob is not None
    groups: dict[str, list[Card]] = {}
    for card in deck.cards:
        value = card.get(oob.group_by)
        groups.setdefault("" if value is None else str(value), []).append(card)
    rank = {value: i for i, value in enumerate(oob.order)}
    keys = sorted(groups, key=lambda k: (rank.get(k, len(rank)), list(groups).index(k)))
    return [(k, groups[k]) for k in keys]


def render_oob(kit: Kit, component_id: str, path: Path, deck: Deck,
               make_painter: Callable[[Any, float], Any]) -> int:  # fmt: skip
    """Draw the chart into `path`; returns its page count."""
    oob = deck.order_of_battle
    assert oob is not None
    paper = kit.options.paper_size
    title = f"{kit.manifest.title}: {oob.title}"
    c = new_canvas(path, (paper.width, paper.height), title, kit.name, kit.fonts())
    painter = make_painter(c, 0.0)
    piece = deck.size
    cell_w, cell_h = max(piece.width, mm(18)) + GAP, piece.height + CAPTION + GAP
    cols = max(1, int((paper.width - 2 * MARGIN + GAP) // cell_w))
    pages, y = 0, 0.0

    def new_page() -> float:
        nonlocal pages
        if pages:
            c.showPage()
        start_sheet(c, paper)
        pages += 1
        c.setFont(font(c, "display"), 16)
        c.drawString(MARGIN, paper.height - MARGIN - mm(6), oob.title)
        return paper.height - MARGIN - mm(12)

    y = new_page()
    for value, cards in sections(deck):
        rows = -(-len(cards) // cols)
        if y - HEADING - cell_h < MARGIN:
            y = new_page()
        c.setFont(font(c, "heading"), 11)
        c.drawString(MARGIN, y - mm(6), value.upper())
        y -= HEADING
        for row in range(rows):
            if y - cell_h < MARGIN:
                y = new_page()
            for k, card in enumerate(cards[row * cols : (row + 1) * cols]):
                x = MARGIN + k * cell_w
                trim = Rect(x, y - piece.height, piece.width, piece.height)
                painter.place_front(card, trim)
                c.setFont(font(c, "condensed"), 7)
                c.drawString(
                    x, y - piece.height - mm(3.2), f"x{card.count}  {card.title or card.id}"
                )
            y -= cell_h
    c.showPage()
    c.save()
    return pages
