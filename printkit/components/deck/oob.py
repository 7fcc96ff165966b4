"""A deck's order of battle: each design drawn once at its printed size, with how many the
deck prints and its title, in a section per group (a side), on whole sheets of the kit's paper:
<deck>-oob.pdf beside the deck's PDF (the deck's `order_of_battle`).

The designs are drawn by the deck's own painter, so the chart shows the counters as they print,
with the mark of the kit's own on each design labelled `source: ours` and the legend at the foot
of each page that shows one (draw/sheet.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from printkit.draw.fonts import font
from printkit.draw.sheet import draw_own_legend, draw_own_mark
from printkit.kit import Kit
from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT
from printkit.layout.units import mm
from printkit.model.cards import Card, Deck
from printkit.output import new_canvas
from printkit.render.pages import SHEET_LABEL_BAND, start_sheet

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
    own = False  # a design on this page carries the mark: the page says what it means
    foot = Rect(KEEP_OUT, KEEP_OUT, paper.width - 2 * KEEP_OUT, SHEET_LABEL_BAND)

    def end_page() -> None:
        nonlocal own
        if own:
            draw_own_legend(c, foot, False)
        own = False
        c.showPage()

    def new_page() -> float:
        nonlocal pages
        if pages:
            end_page()
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
                own = _design(c, painter, deck, card, trim) or own
            y -= cell_h
    end_page()
    c.save()
    return pages


def _design(c: Any, painter: Any, deck: Deck, card: Card, trim: Rect) -> bool:
    """One design at `trim` with its count and title under it, and the mark of the kit's own
    when it is labelled `source: ours`; whether it carries the mark."""
    painter.place_front(card, trim)
    c.setFont(font(c, "condensed"), 7)
    c.drawString(trim.x, trim.y - mm(3.2), f"x{card.count}  {card.title or card.id}")
    if not deck.own(card):
        return False
    draw_own_mark(c, trim, deck.cut())
    return True
