"""The deck component: cards with faces and a common back, imposed for home or shop printing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit import limits
from printkit.draw.card import PLACEHOLDER, CardPainter, CardTextOverflow
from printkit.draw.sheet import draw_crop_marks, draw_page_label, draw_scale_bar
from printkit.errors import Collector, Location, fail
from printkit.kit import Kit
from printkit.layout.imposition import (
    Page,
    crop_marks,
    fit_grid,
    home_pages,
    info_bands,
    shop_pages,
)
from printkit.layout.units import format_mm
from printkit.load.schema import Context, MapOf, validate_document, where
from printkit.model.deck import FIELD_DECL, Card, Deck, _card_size_from, deck_schema
from printkit.output import new_canvas


def load(kit: Kit, component_id: str) -> Deck:
    doc = kit.document(component_id)
    data = doc.data if isinstance(doc.data, dict) else {}
    pre = Context(doc)
    fields = MapOf(FIELD_DECL).validate(data.get("fields") or {}, pre, ("fields",))
    kinds = tuple(data["kinds"]) if isinstance(data.get("kinds"), dict) else ()
    raw = validate_document(doc, deck_schema(fields, kinds))
    deck = Deck(
        size=_card_size_from(raw.card_size),
        min_text_size=raw.min_text_size,
        corner_radius=raw.corner_radius,
        fields=raw.fields,
        kinds=raw.kinds,
        back=raw.back,
        cards=[_card(rec, fields) for rec in raw.cards],
        file=doc.file,
    )
    _check_cards(deck, raw, doc.file)
    apply_variants(kit, deck)
    _check_size(kit, deck, doc.file)
    return deck


def _card(rec: Any, fields: dict) -> Card:
    values = {name: rec.get(name) for name in fields if rec.get(name) is not None}
    card = Card(rec.id, rec.kind, rec.count, rec.title, rec.text, list(rec.tags), values)
    for attr in ("_where", "_field_where", "_key_where"):
        object.__setattr__(card, attr, getattr(rec, attr))
    return card


def _check_cards(deck: Deck, raw: Any, file: str) -> None:
    errors = Collector()
    seen: dict[str, Card] = {}
    for card in deck.cards:
        if card.id in seen:
            first = where(seen[card.id])
            errors.add(
                where(card, "id"), f"duplicate card id {card.id!r} (first at line {first.line})"
            )
        seen[card.id] = card
    known = {"id", "kind", "count", "title", "text", "marker", *deck.fields}
    for kname, kind in deck.kinds.items():
        for element in kind.face:
            for text in (element.text, element.caption):
                for name in PLACEHOLDER.findall(text or ""):
                    if name not in known:
                        errors.add(
                            where(element, "text"),
                            f"placeholder {{{name}}} in kind {kname!r} names no card field; "
                            f"fields are: {', '.join(sorted(known))}",
                        )
    errors.raise_if_any()
    total = deck.total
    if total > limits.MAX_CARDS_PER_DECK:
        raise fail(
            where(raw) or Location(file),
            f"the deck has {total:,} cards; the limit (MAX_CARDS_PER_DECK) is "
            f"{limits.MAX_CARDS_PER_DECK:,}",
        )


def apply_variants(kit: Kit, deck: Deck) -> None:
    """Filter, recount and mark cards for the chosen variants, in the order given."""
    for variant in kit.active_variants():
        kept = []
        for card in deck.cards:
            if card.id in variant.exclude_cards or set(card.tags) & set(variant.exclude_tags):
                continue
            if variant.only_tags and not set(card.tags) & set(variant.only_tags):
                continue
            if card.id in variant.counts:
                card.count = variant.counts[card.id]
            for tag, marker in variant.markers.items():
                if tag in card.tags:
                    card.marker = marker
            if card.count > 0:
                kept.append(card)
        deck.cards = kept


def _check_size(kit: Kit, deck: Deck, file: str) -> None:
    paper = kit.options.paper_size
    bleed = kit.options.bleed
    if kit.options.profile == "home":
        try:
            fit_grid(paper, deck.size, bleed=bleed)
        except ValueError:
            raise fail(
                Location(file),
                f"a {format_mm(deck.size.width)} x {format_mm(deck.size.height)} card "
                f"does not fit on {kit.options.paper.upper()} paper with its margins",
            ) from None


def output_name(kit: Kit, component_id: str) -> str:
    return f"{component_id}.pdf"


def render(kit: Kit, component_id: str, path: Path, progress=None) -> int:
    """Draw the deck into `path`; returns the number of pages."""
    deck: Deck = kit.model(component_id)
    opts = kit.options
    copies = deck.copies()
    title = kit.spec(component_id).title or component_id
    if opts.profile == "shop":
        list_pages = shop_pages(len(copies), deck.size, opts.bleed, opts.duplex)
        n_pages = 2 * len(copies)
        grid = None
    else:
        grid = fit_grid(opts.paper_size, deck.size, bleed=opts.bleed)
        sheets = -(-len(copies) // grid.per_sheet)
        n_pages = 2 * sheets
        list_pages = home_pages(len(copies), grid, opts.duplex, opts.back_offset)
    if n_pages > limits.MAX_PAGES_PER_PDF:
        raise fail(
            Location(deck.file),
            f"this deck needs {n_pages:,} pages; the limit (MAX_PAGES_PER_PDF) is {limits.MAX_PAGES_PER_PDF:,}",
        )
    first_size = opts.paper_size if grid is None else grid.sheet
    c = new_canvas(
        path, (first_size.width, first_size.height), f"{kit.manifest.title}: {title}", kit.name
    )
    painter = CardPainter(c, deck, opts.bleed)
    for number, page in enumerate(list_pages, start=1):
        _draw_page(c, painter, page, copies, grid, kit, title, number, n_pages)
        if progress:
            progress(1)
    c.save()
    return n_pages


def _draw_page(
    c,
    painter: CardPainter,
    page: Page,
    copies: list[Card],
    grid,
    kit: Kit,
    title: str,
    number: int,
    n_pages: int,
) -> None:
    c.setPageSize((page.size.width, page.size.height))
    if page.trim is not None:
        c.setTrimBox(page.trim.box())
        c.setBleedBox(page.bleed_box.box())
    elif grid is not None:
        area = grid.area
        c.setTrimBox(area.box())
        c.setBleedBox(area.expand(grid.bleed).box())
    for index, trim in page.items:
        card = copies[index]
        try:
            if page.side == "front":
                painter.place_front(card, trim)
            else:
                painter.place_back(trim)
        except CardTextOverflow as exc:
            raise _overflow_error(exc) from None
    if grid is not None:
        bands = info_bands(grid)
        side = "front" if page.side == "front" else "back"
        if page.side == "front":
            draw_crop_marks(c, crop_marks(grid))
            draw_scale_bar(c, bands.scale, bands.vertical)
        label = (
            f"{kit.name} · {title} · sheet {page.sheet_number} {side} · page {number} of {n_pages}"
        )
        draw_page_label(c, bands.label, bands.vertical, label)
    c.showPage()


def _overflow_error(exc: CardTextOverflow):
    card, element = exc.card, exc.element
    return fail(
        where(card) or Location("?"),
        f"card {card.id!r}: the {element.element} text does not fit its box even at "
        f"{exc.overflow.min_size:g} pt (min_text_size); shorten it or enlarge the box",
    )
