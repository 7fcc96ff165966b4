"""A shop deck file with one page per card design, the back once, and a count list.

`printkit build --profile shop --card-pages designs`: print shops that take a deck as designs
plus quantities want each design once (not 72 pages of copies and 72 backs). The PDF holds
one front page per design in deck order, then one back page; `<deck>-counts.csv` says how many
copies each page is printed (the back: the deck's total). A deck whose back shows each card's
own fields has each design's back after its front; a one-sided deck has no back page.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from printkit.api import PieceGroup
from printkit.core.errors import Location
from printkit.draw.card import back_reads_card
from printkit.render.imposed import render_groups


def wanted(kit: Any) -> bool:
    return kit.options.profile == "shop" and kit.options.card_pages == "designs"


def counts_name(component_id: str) -> str:
    return f"{component_id}-counts.csv"


def counts_csv(deck: Any, own_backs: bool = False) -> str:
    """page,side,card,copies: one row per page of the designs PDF (with `own_backs`, each
    design's front and then its own back; a one-sided deck has no back page)."""
    # imported here, only when a deck's designs are printed (--card-pages designs)
    import csv

    out = io.StringIO()
    rows = csv.writer(out, lineterminator="\n")
    rows.writerow(["page", "side", "card", "copies"])
    sides = ["front", "back"] if own_backs else ["front"]
    page = 0
    for card in deck.cards:
        for side in sides:
            page += 1
            rows.writerow([page, side, card.id, card.count])
    if deck.sides == 2 and not own_backs:
        rows.writerow([page + 1, "back", "(every card)", deck.total])
    return out.getvalue()


class _BackAsFront:
    """Paints the deck's back where the imposition asks for a front (the single back page)."""

    def __init__(self, cards: Any) -> None:
        self.cards = cards

    def place_front(self, item: Any, trim: Any) -> None:
        self.cards.place_back(trim)

    def place_back(self, item: Any, trim: Any) -> None:
        self.cards.place_back(trim)


def render_designs(
    kit: Any, component_id: str, path: Path, deck: Any, make_painter: Any, counts_path: Path
) -> int:
    """The designs PDF at `path` and its count list at `counts_path`; returns the pages: one
    page per design, then the back once (drawn by the same painter, so its forms are shared)."""
    where = Location(deck.file)
    shared: dict[str, Any] = {}

    def fronts(c: Any, bleed: float) -> Any:
        shared["painter"] = make_painter(c, bleed)
        return shared["painter"]

    def back(c: Any, bleed: float) -> Any:
        return _BackAsFront(shared["painter"].cards)

    own_backs = deck.sides == 2 and any(back_reads_card(b) for b in deck.backs().values())
    groups = [PieceGroup(deck.cards, deck.size, fronts, where, with_backs=own_backs)]
    if deck.sides == 2 and not own_backs:
        groups.append(PieceGroup(deck.cards[:1], deck.size, back, where, with_backs=False))
    pages = render_groups(kit, component_id, path, groups)
    counts_path.write_text(counts_csv(deck, own_backs), encoding="utf-8")
    return pages
