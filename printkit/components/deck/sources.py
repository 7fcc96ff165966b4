"""Where a deck's cards, icons and images come from: the declared card fields read before the
cards, the cards of a spreadsheet spliced into the file, the deck's icon files and every image
its faces draw (verified and decoded at load, so drawing cannot fail on one)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from printkit.core.errors import Collector, InputError, Location, display_path, fail
from printkit.draw.backs import back_values
from printkit.draw.elements import PLACEHOLDER, MissingValue, fill_placeholders
from printkit.draw.icons import IconLibrary, icon_from_file
from printkit.kit import Kit
from printkit.layout.units import to_mm
from printkit.load.images import KitImage, load_image
from printkit.load.schema import Context, MapOf, Record, validate_document, where
from printkit.load.yamlsafe import Document
from printkit.model import generated
from printkit.model.cards import FIELD_DECL, Card, Deck, FieldDecl, field_decl_problems
from printkit.model.face import resolve_box

if TYPE_CHECKING:
    from printkit.load import spreadsheet


def read_deck(kit: Kit, doc: Document, deck_type: Record, fields: dict[str, Any]) -> Any:
    """Validate the deck file; cards kept in a spreadsheet are read in first, cell by cell (the
    deck's `sheet` names that file), generated cards (`generate:`) are added to those written
    out."""
    named = sheet_named(doc)
    if named is None:
        return validate_document(generated.expand(doc), deck_type)
    table = _card_table(kit, fields, *named)
    if isinstance(doc.data, dict) and doc.data.get("generate"):
        raise fail(
            doc.where(("generate",), key=True),
            "generate: adds to cards listed in the deck file; with cards from a spreadsheet, "
            "list every card in the sheet",
        )
    # imported here, only when a deck keeps its cards in a sheet (start-up: docs/performance.md)
    from printkit.load import spreadsheet

    try:
        raw = validate_document(spreadsheet.splice_cards(doc, table), deck_type)
    except InputError as exc:
        spreadsheet.raise_with_header_problems(table, exc)
        raise
    spreadsheet.raise_with_header_problems(table, None)
    raw.sheet = named[0]
    return raw


def sheet_named(doc: Document) -> tuple[str, str | None, Location] | None:
    """The spreadsheet that `cards:` names (file, sheet, where it is named), or None for a list."""
    data = doc.data if isinstance(doc.data, dict) else {}
    source = data.get("cards")
    if isinstance(source, dict) and isinstance(source.get("file"), str):
        sheet = source.get("sheet")
        return (
            source["file"],
            sheet if isinstance(sheet, str) else None,
            doc.where(("cards", "file")),
        )
    if isinstance(source, str):
        return source, None, doc.where(("cards",))
    return None


def _card_table(
    kit: Kit, fields: dict[str, Any], name: str, sheet: str | None, named_at: Location
) -> spreadsheet.SheetCards:
    """The deck's cards read from the spreadsheet `name`, one card map per row."""
    # imported here, only when a deck keeps its cards in a sheet (start-up: docs/performance.md)
    from printkit.load import remote, spreadsheet

    if remote.is_link(name):  # a published sheet: load/remote.py
        if sheet is not None:
            raise fail(named_at, "'sheet' names a sheet of a workbook; a link gives one CSV")
        table = spreadsheet.read_csv_text(remote.fetch_text(name, named_at), name)
        return spreadsheet.table_cards(table, spreadsheet.columns_for(fields, ("id", "kind")))
    path = kit.data_path(name, named_at)
    table = spreadsheet.read_table(path, display_path(path), sheet, named_at, kit.reads)
    return spreadsheet.table_cards(table, spreadsheet.columns_for(fields, ("id", "kind")))


def declared(doc: Document) -> tuple[dict[str, Any], tuple[str, ...]]:
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


def load_icons(kit: Kit, files: dict[str, str], doc: Document) -> IconLibrary:
    """The built-in icons plus the kit's (kit.yaml `icons:`) and this deck's own files."""
    errors = Collector()
    extra = []
    for name, relative in files.items():
        try:
            extra.append(
                icon_from_file(kit.root, name, relative, doc.where(("icons", name)), kit.reads)
            )
        except InputError as exc:
            for d in exc.diagnostics:
                errors.add(d.where, d.message)
    errors.raise_if_any()
    return kit.icons().with_icons(extra)


def load_images(kit: Kit, deck: Deck) -> dict[str, KitImage]:
    """Every image the cards draw, verified now so that drawing cannot fail on one, and decoded
    once at the pixels its largest box needs (see load.images)."""
    uses = image_uses(deck)
    images: dict[str, KitImage] = {}
    errors = Collector()
    for path, (box_mm, named_at, card_id) in uses.items():
        try:
            images[path] = load_image(kit.root, path, named_at, box_mm, kit.reads)
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
    areas = deck.areas()
    shown = [(e, path, card) for card in deck.cards for e, path in face_images(deck, card)]
    shown += [(e, path, back_values("")) for e, path in back_images(deck)]
    for element, path, card in shown:
        _, _, w_pt, h_pt = resolve_box(element, areas)
        box = (to_mm(w_pt), to_mm(h_pt))
        if path in uses:
            (w, h), named_at, named_by = uses[path]
            uses[path] = ((max(w, box[0]), max(h, box[1])), named_at, named_by)
        else:
            uses[path] = (box, *_image_named_at(deck, element, card))
    return uses


def face_images(deck: Deck, card: Card) -> list[tuple[Any, str]]:
    """(element, image path) of every picture the card's face shows, its fields filled in."""
    return _shown(deck.kinds[card.kind].face, card)


def back_images(deck: Deck) -> list[tuple[Any, str]]:
    """(element, image path) of every picture a back of the deck shows."""
    return [pair for back in deck.backs().values() for pair in _shown(back.elements(), None)]


def _shown(elements: Any, card: Card | None) -> list[tuple[Any, str]]:
    values = back_values("") if card is None else card
    shown = []
    for element in elements:
        for image in element.images():
            try:
                shown.append((element, fill_placeholders(image, values)))
            except MissingValue:
                continue
    return shown


def _image_named_at(deck: Deck, element: Any, card: Card) -> tuple[Location, str]:
    """Where an image path is named: by the element, or by the card whose fields fill it."""
    fields = PLACEHOLDER.findall("".join(element.images()))
    at_element = where(element, "image") or Location(deck.file)
    if not fields or not isinstance(card, Card):  # a back names its image itself
        return at_element, ""
    return where(card, fields[0]) or where(card) or at_element, card.id
