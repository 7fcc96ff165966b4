"""The deck component: cards with faces and a common back, imposed for home or shop printing."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit import limits, variants
from printkit.checks import Finding
from printkit.components import deck_designs, more_output_path
from printkit.components.imposed import check_page_count, home_grid, render_pieces
from printkit.components.safearea import safe_area_findings
from printkit.draw.card import (
    PLACEHOLDER,
    CardPainter,
    CardTextOverflow,
    MissingValue,
    fill_placeholders,
)
from printkit.errors import Collector, InputError, Location, display_path, fail
from printkit.kit import Kit
from printkit.layout.units import to_mm
from printkit.load import spreadsheet
from printkit.load.images import KitImage, load_image
from printkit.load.schema import (
    Context,
    MapOf,
    Record,
    copy_source,
    located,
    validate_document,
    where,
)
from printkit.load.yamlsafe import Document
from printkit.model.deck import (
    FIELD_DECL,
    Card,
    Deck,
    FieldDecl,
    _card_size_from,
    deck_schema,
    field_decl_problems,
)


def load(kit: Kit, component_id: str) -> Deck:
    doc = kit.document(component_id)
    fields, kinds = _declared(doc)
    raw = _validate_deck(kit, doc, deck_schema(fields, kinds), fields)
    deck = Deck(
        size=_card_size_from(raw.card_size),
        min_text_size=raw.min_text_size,
        corner_radius=raw.corner_radius,
        frame_width=raw.frame_width,
        fields=raw.fields,
        kinds=raw.kinds,
        back=raw.back,
        cards=[_card(rec, fields) for rec in raw.cards],
        file=doc.file,
    )
    _check_cards(deck, raw, doc.file)
    apply_variants(kit, deck, component_id)
    apply_game_markers(kit, component_id, deck)
    _check_total(deck, where(raw, "cards") or Location(doc.file))
    _check_size(kit, deck, where(raw, "card_size") or Location(doc.file))
    deck.images = load_images(kit, deck)
    return deck


def _validate_deck(kit: Kit, doc: Document, deck_type: Record, fields: dict) -> Any:
    """Validate the deck file; cards kept in a spreadsheet are read in first, cell by cell."""
    table = _card_table(kit, doc, fields)
    if table is None:
        return validate_document(doc, deck_type)
    try:
        raw = validate_document(spreadsheet.splice_cards(doc, table), deck_type)
    except InputError as exc:
        spreadsheet.raise_with_header_problems(table, exc)
        raise
    spreadsheet.raise_with_header_problems(table, None)
    return raw


def _card_table(kit: Kit, doc: Document, fields: dict) -> spreadsheet.TableDocument | None:
    """The deck's cards read from the spreadsheet that `cards:` names, or None for a YAML list."""
    data = doc.data if isinstance(doc.data, dict) else {}
    source = data.get("cards")
    if isinstance(source, dict) and isinstance(source.get("file"), str):
        name, sheet, at = source["file"], source.get("sheet"), doc.where(("cards", "file"))
    elif isinstance(source, str):
        name, sheet, at = source, None, doc.where(("cards",))
    else:
        return None
    path = kit.data_path(name, at)
    table = spreadsheet.read_table(
        path, display_path(path), sheet if isinstance(sheet, str) else None, at
    )
    return spreadsheet.table_cards(table, spreadsheet.columns_for(fields, ("id", "kind")))


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The deck file's schema; with a kit, for the card fields and kinds that deck declares."""
    if kit is None or component_id is None:
        return deck_schema()
    fields, kinds = _declared(kit.document(component_id))
    return deck_schema({k: v for k, v in fields.items() if v is not None}, kinds)


def _declared(doc: Document) -> tuple[dict, tuple[str, ...]]:
    """The deck's declared card fields and kind names, read before the cards are validated."""
    data = doc.data if isinstance(doc.data, dict) else {}
    fields = MapOf(FIELD_DECL).validate(data.get("fields") or {}, Context(doc), ("fields",))
    # bad ones are reported by the full validation; a contradictory one checks nothing meanwhile,
    # so its cards do not repeat the declaration's error
    fields = {k: _lenient(v) for k, v in fields.items() if v is not None}
    kinds = tuple(data["kinds"]) if isinstance(data.get("kinds"), dict) else ()
    return fields, kinds


def _lenient(decl: FieldDecl) -> FieldDecl:
    if not field_decl_problems(decl):
        return decl
    if decl.type == "choice":
        return dataclasses.replace(
            decl, type="text" if not decl.choices else "choice", min=None, max=None
        )
    return dataclasses.replace(decl, min=None, max=None, choices=[])


def _card(rec: Any, fields: dict) -> Card:
    values = {name: rec.get(name) for name in fields if rec.get(name) is not None}
    card = Card(rec.id, rec.kind, rec.count, rec.title, rec.text, list(rec.tags), values)
    return copy_source(rec, card)


def _check_cards(deck: Deck, raw: Any, file: str) -> None:
    errors = Collector()
    seen: dict[str, Card] = {}
    for card in deck.cards:
        if card.id in seen:
            first = located(seen[card.id])
            errors.add(
                where(card, "id"), f"duplicate card id {card.id!r} (first at line {first.line})"
            )
        seen[card.id] = card
    known = {"id", "kind", "count", "title", "text", "marker", *deck.fields}
    for kname, kind in deck.kinds.items():
        for element in kind.face:
            for text in (element.text, element.caption, element.image):
                for name in PLACEHOLDER.findall(text or ""):
                    if name not in known:
                        errors.add(
                            where(element, "text"),
                            f"placeholder {{{name}}} in kind {kname!r} names no card field; "
                            f"fields are: {', '.join(sorted(known))}",
                        )
    _check_elements(deck, known, errors)
    errors.raise_if_any()
    _check_total(deck, where(raw, "cards") or Location(file))


def _check_total(deck: Deck, at: Location) -> None:
    total = deck.total
    if total > limits.MAX_CARDS_PER_DECK:
        raise fail(
            at,
            f"the deck has {total:,} cards; the limit (MAX_CARDS_PER_DECK) is "
            f"{limits.MAX_CARDS_PER_DECK:,}",
        )


NUMERIC_ELEMENTS = {"fan": "turn", "drift": "drift"}  # element -> its default field


def _check_elements(deck: Deck, known: set[str], errors: Collector) -> None:
    """Face elements must name real fields, fit on the card and say what they draw."""
    w, h = to_mm(deck.size.width), to_mm(deck.size.height)
    for kname, kind in deck.kinds.items():
        for element in kind.face:
            for attr in ("field", "mode"):
                name = getattr(element, attr)
                if name and name not in known:
                    errors.add(
                        where(element, attr),
                        f"{attr} {name!r} in kind {kname!r} names no card field; "
                        f"fields are: {', '.join(sorted(known))}",
                    )
            default = NUMERIC_ELEMENTS.get(element.element)
            decl = deck.fields.get(element.field or default or "")
            if default and decl and decl.type not in ("number", "integer"):
                errors.add(
                    where(element, "field") or where(element),
                    f"a {element.element} element draws a number, but field "
                    f"{element.field or default!r} is declared as {decl.type}",
                )
            if element.element == "image" and not element.image:
                errors.add(where(element), "an image element needs 'image: <file in the kit>'")
            x, y, bw, bh = (to_mm(v) for v in element.box)
            if x + bw > w + 0.01 or y + bh > h + 0.01:
                errors.add(
                    where(element, "box"),
                    f"box [{x:g}, {y:g}, {bw:g}, {bh:g}] mm in kind {kname!r} reaches outside "
                    f"the {w:g} x {h:g} mm card",
                )


def load_images(kit: Kit, deck: Deck) -> dict[str, KitImage]:
    """Every image the cards draw, verified now so that drawing cannot fail on one, and decoded
    once at the pixels its largest box needs (see load.images)."""
    uses = image_uses(deck)
    images: dict[str, KitImage] = {}
    errors = Collector()
    for path, (box_mm, at, card_id) in uses.items():
        try:
            images[path] = load_image(kit.root, path, at, box_mm)
        except InputError as exc:
            for d in exc.diagnostics:
                errors.add(d.where, f"card {card_id!r}: {d.message}" if card_id else d.message)
    errors.raise_if_any()
    return images


def image_uses(deck: Deck) -> dict[str, tuple[tuple[float, float], Location, str]]:
    """Each image path the cards draw -> (its largest box in mm, where it is named, the id of
    the card that names it or "").

    A path the face element writes in full is named there; a path made from a card's fields
    (`image: "art/{id}.png"`) is named by the card, and an error about it says which card.
    """
    uses: dict[str, tuple[tuple[float, float], Location, str]] = {}
    for card in deck.cards:
        for element in deck.kinds[card.kind].face:
            if element.element != "image" or not element.image:
                continue
            try:
                path = fill_placeholders(element.image, card)
            except MissingValue:
                continue
            box = (to_mm(element.box[2]), to_mm(element.box[3]))
            if path in uses:
                (w, h), at, named_by = uses[path]
                uses[path] = ((max(w, box[0]), max(h, box[1])), at, named_by)
            else:
                uses[path] = (box, *_image_named_at(deck, element, card))
    return uses


def _image_named_at(deck: Deck, element: Any, card: Card) -> tuple[Location, str]:
    """Where an image path is named: by the element, or by the card whose fields fill it."""
    fields = PLACEHOLDER.findall(element.image or "")
    at_element = where(element, "image") or Location(deck.file)
    if not fields:
        return at_element, ""
    return where(card, fields[0]) or where(card) or at_element, card.id


def apply_variants(kit: Kit, deck: Deck, component_id: str = "") -> None:
    """Filter, recount and mark cards for the chosen variants, in the order given."""
    active = kit.active_variants()
    if not active:
        return
    decks = [c for c in kit.component_ids() if kit.spec(c).type == "deck"]
    if component_id == decks[0]:  # the references span every deck; report them once
        ids: set[str] = set()
        tags: set[str] = set()
        for cid in decks:
            try:
                more_ids, more_tags = variants.declared_cards(kit.document(cid).data)
            except InputError:
                continue  # that deck reports its own file's errors
            ids, tags = ids | more_ids, tags | more_tags
        errors = Collector()
        variants.check_references(active, ids, tags, variants.manifest_location(kit), errors)
        errors.raise_if_any()
    deck.cards = variants.apply_variants(deck.cards, active)
    if not deck.cards:
        names = ", ".join(v.name for v in active)
        raise fail(
            where(active[-1]) or Location(kit.manifest_file),
            f"the variants {names} leave no cards in deck {component_id or deck.file!r}",
        )


def apply_game_markers(kit: Kit, component_id: str, deck: Deck) -> None:
    """Markers a kit's game module derives from its rules data (e.g. cards some player count
    leaves out): the module's optional `card_markers(kit, component_id) -> {card id: marker}`."""
    markers = kit.game_hook("card_markers")
    if markers is None:
        return
    table = markers(kit, component_id)
    for card in deck.cards:
        if card.id in table:
            card.marker = table[card.id]


def _check_size(kit: Kit, deck: Deck, at: Location) -> None:
    """The card fits the paper, and the deck fits MAX_PAGES_PER_PDF: known before drawing."""
    if kit.options.profile == "home":
        home_grid(kit, deck.size, at)
    check_page_count(kit, deck.total, deck.size, at)


def more_outputs(kit: Kit, component_id: str) -> list[str]:
    """With `--card-pages designs` (shop): the count list beside the designs PDF."""
    return [deck_designs.counts_name(component_id)] if deck_designs.wanted(kit) else []


def render(kit: Kit, component_id: str, path: Path, progress=None) -> int:
    """Draw the deck into `path`; returns the number of pages."""
    deck: Deck = kit.model(component_id)

    def painter(c, bleed: float) -> _DeckPainter:
        return _DeckPainter(CardPainter(c, deck, bleed))

    try:
        if deck_designs.wanted(kit):
            counts = more_output_path(path, deck_designs.counts_name(component_id))
            return deck_designs.render_designs(kit, component_id, path, deck, painter, counts)
        return render_pieces(
            kit,
            component_id,
            path,
            deck.copies(),
            deck.size,
            painter,
            Location(deck.file),
            progress,
        )
    except CardTextOverflow as exc:
        raise _overflow_error(exc) from None


def preflight(kit: Kit, component_id: str) -> None:
    """Lay out every card design on a canvas that is never saved, so that `printkit check`
    reports text that cannot fit (an input error, as in a build) without writing a PDF."""
    deck: Deck = kit.model(component_id)
    painter = CardPainter(Canvas(io.BytesIO()), deck, 0)
    errors: list = []
    for card in deck.cards:
        frame = painter._frame_form(card.kind)  # drawn once per kind, as in a build
        painter.c.saveState()
        try:
            painter.draw_front(card, frame)
        except CardTextOverflow as exc:
            errors.extend(_overflow_error(exc).diagnostics)
        painter.c.restoreState()
    if errors:
        raise InputError(errors)


def print_findings(kit: Kit, component_id: str) -> list[Finding]:
    """What only drawing finds, for `printkit check`: text outside a card's safe area (text
    that cannot fit at all is preflight's input error)."""
    deck: Deck = kit.model(component_id)

    def painter(c, bleed: float) -> _DeckPainter:
        return _DeckPainter(CardPainter(c, deck, bleed))

    def locate(card: Card) -> Location:
        return where(card) or Location(deck.file)

    try:
        return safe_area_findings(
            deck.cards,
            (deck.size.width, deck.size.height),
            painter,
            locate,
            lambda card: f"card {card.id!r}",
            common_back=True,
        )
    except CardTextOverflow:
        return []


class _DeckPainter:
    def __init__(self, cards: CardPainter) -> None:
        self.cards = cards

    def place_front(self, card: Card, trim) -> None:
        self.cards.place_front(card, trim)

    def place_back(self, card: Card, trim) -> None:
        self.cards.place_back(trim)


def _overflow_error(exc: CardTextOverflow):
    card, element = exc.card, exc.element
    fields = PLACEHOLDER.findall(element.text or "")
    field = fields[0] if fields else None
    named = f"field {field!r}" if field else f"the {element.element} text"
    return fail(
        where(card, field) or where(card) or Location("?"),
        f"card {card.id!r}: {named} does not fit its box even at {exc.overflow.min_size:g} pt "
        "(min_text_size); shorten the text or enlarge the box",
    )
