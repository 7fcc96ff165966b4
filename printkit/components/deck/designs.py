"""A shop deck file with one page per card design, the back once, and a count list.

`printkit build --profile shop --card-pages designs`: print shops that take a deck as designs
plus quantities want each design once (not 72 pages of copies and 72 backs). The PDF holds
one front page per design in deck order, then one page per back the deck prints (the deck's
back, and each kind's own back that some card has, in the order of the first card behind it:
model/backs.py decides); `<deck>-counts.csv` says how many copies each page is printed (a back:
the number of cards behind it). A deck whose back shows each card's own fields has each
design's back after its front; a one-sided deck has no back page. `export --images` and
`export --tts` read this same PDF, so they pair every card with the back it prints with.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from printkit.api import PieceGroup
from printkit.core.errors import Location
from printkit.model.backs import back_behind, has_card_backs
from printkit.model.cards import Deck
from printkit.model.designs import design_pages
from printkit.render.imposed import render_groups


def wanted(kit: Any) -> bool:
    return bool(kit.options.profile == "shop" and kit.options.card_pages == "designs")


def counts_name(component_id: str) -> str:
    return f"{component_id}-counts.csv"


def counts_csv(deck: Deck) -> str:
    """page,side,card,copies: one row per page of the designs PDF (design_pages); a shared
    back's row names the cards behind it: every card, or those with that back."""
    # imported here, only when a deck's designs are printed (--card-pages designs)
    import csv

    out = io.StringIO()
    rows = csv.writer(out, lineterminator="\n")
    rows.writerow(["page", "side", "card", "copies"])
    pages, own = design_pages(deck), has_card_backs(deck)
    backs = sum(1 for p in pages if p.side == "back")
    for number, page in enumerate(pages, start=1):
        who = page.cards[0].id
        if page.side == "back" and not own:
            who = "(every card)" if backs == 1 else f"(every card with {page.key})"
        rows.writerow([number, page.side, who, page.copies])
    return out.getvalue()


class _BackAsFront:
    """Paints the back behind a card where the imposition asks for a front (a back's page)."""

    def __init__(self, cards: Any) -> None:
        self.cards = cards

    def place_front(self, item: Any, trim: Any) -> None:
        self.place_back(item, trim)

    def place_back(self, item: Any, trim: Any) -> None:
        choice = back_behind(self.cards.deck, item)
        self.cards.place_back(trim, choice.kind, choice.card)


def render_designs(
    kit: Any, component_id: str, path: Path, deck: Any, make_painter: Any, counts_path: Path
) -> int:
    """The designs PDF at `path` and its count list at `counts_path`; returns the pages: one
    page per design, then each back once (drawn by the same painter, so its forms are
    shared)."""
    where = Location(deck.file)
    shared: dict[str, Any] = {}

    def fronts(c: Any, bleed: float) -> Any:
        shared["painter"] = make_painter(c, bleed)
        return shared["painter"]

    def back(c: Any, bleed: float) -> Any:
        return _BackAsFront(shared["painter"].cards)

    own_backs = has_card_backs(deck)
    cut = deck.cut()
    groups = [
        PieceGroup(
            deck.cards, deck.size, fronts, where, with_backs=own_backs, shape=cut, own=deck.own
        )
    ]
    if deck.sides == 2 and not own_backs:
        firsts = [p.cards[0] for p in design_pages(deck) if p.side == "back"]
        groups.append(PieceGroup(firsts, deck.size, back, where, with_backs=False, shape=cut))
    pages = render_groups(kit, component_id, path, groups)
    counts_path.write_text(counts_csv(deck), encoding="utf-8")
    return pages
