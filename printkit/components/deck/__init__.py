"""`type: deck`: cards with faces and backs, imposed for home or shop printing.

This package owns the deck type whole: where the cards come from and their validation
(`sources.py`: the deck file, a card sheet, generated cards, variants), what the faces must
satisfy (`checks.py`), each design laid out once per kit (`layout.py`), the designs PDF of a
shop build (`designs.py`), and the type's members below. Its model is the engine's card list
(model/cards.py, the API's `Deck`), which card previews, reports, exports and games read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from printkit.api import Component, ComponentType, Derived, ItemList, PieceGroup, Progress
from printkit.checks import Finding
from printkit.components.deck import designs as deck_designs
from printkit.components.deck import layout as deck_layout
from printkit.components.deck import oob as deck_oob
from printkit.components.deck import sources as deck_sources
from printkit.components.deck.checks import (
    at,
    check_card_icons,
    check_edges,
    check_elements,
    colour_vision_findings,
    dpi_findings,
    faces,
    glyph_findings,
)
from printkit.components.deck.kept import layout_keeper
from printkit.components.deck.painter import CardPainter, CardTextOverflow
from printkit.core import limits
from printkit.core.errors import Collector, Diagnostic, InputError, Location, fail
from printkit.core.words import counted
from printkit.draw.elements import PLACEHOLDER, PlainText
from printkit.kit import Kit
from printkit.layout.geometry import Rect
from printkit.load import remote
from printkit.load.schema import Record, located, where
from printkit.model import variants
from printkit.model.backs import back_behind, cards_by_back
from printkit.model.cards import BASE_CARD_FIELDS, Card, Deck, deck_schema, keep_declared
from printkit.model.face import Element, element_fields
from printkit.model.generated import expand
from printkit.model.shape import points_outside
from printkit.render import more_output_path
from printkit.render.face_checks import (
    bound_elements,
    check_bindings,
    check_conditions,
    check_named_fields,
    check_problems,
)
from printkit.render.imposed import (
    check_page_count,
    home_grid,
    render_groups,
    sheet_margin_findings,
)
from printkit.render.links import data_inputs
from printkit.render.safearea import SAFE_AREA, safe_area_finding


def load(kit: Kit, component_id: str) -> Deck:
    doc = kit.document(component_id)
    fields, kinds = deck_sources.declared(doc)
    deck: Deck = deck_sources.read_deck(kit, doc, deck_schema(fields, kinds), fields)
    deck.file = doc.file
    keep_declared(deck.cards, fields)
    deck.icons = deck_sources.load_icons(kit, deck.icon_files, doc)
    _check_cards(deck, doc.file)
    apply_variants(kit, deck, component_id)
    _check_total(deck, where(deck, "cards") or Location(doc.file))
    _check_size(kit, deck, where(deck, "card_size") or Location(doc.file), component_id)
    deck.images = deck_sources.load_images(kit, deck)
    return deck  # the kit gives it the game's card markers once it is built (Kit.model)


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The deck file's schema; with a kit, for the card fields and kinds that deck declares."""
    if kit is None or component_id is None:
        return deck_schema()
    fields, kinds = deck_sources.declared(kit.document(component_id))
    return deck_schema({k: v for k, v in fields.items() if v is not None}, kinds)


def _check_cards(deck: Deck, file: str) -> None:
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
    check_named_fields(faces(deck), known, errors, element_fields)
    check_conditions(faces(deck), deck.fields.get, errors)
    check_problems(faces(deck), errors)
    check_elements(deck, known, errors)
    check_edges(deck, known, errors)
    if not errors.diagnostics:
        check_bindings(_drawn_by_card(deck), _card_field_at, errors, deck.areas())
    check_card_icons(deck, errors)
    errors.raise_if_any()
    _check_total(deck, where(deck, "cards") or Location(file))


def _drawn_by_card(deck: Deck) -> Iterator[tuple[str, Card, list[Element]]]:
    """(who, card, the elements of its front and back that a card's fields fill a property
    of) for every card that has any: found once per kind, not once per card."""
    by_kind: dict[str, list[Element]] = {}
    for card in deck.cards:
        elements = by_kind.get(card.kind)
        if elements is None:
            kind = deck.kinds[card.kind]
            back = kind.back or deck.back
            elements = by_kind[card.kind] = bound_elements(kind.face + back.elements())
        if elements:
            yield f"card {card.id!r}", card, elements


def _card_field_at(card: Card, name: str) -> Location:
    return where(card, name) or where(card) or Location("?")


def _check_total(deck: Deck, at: Location) -> None:
    total = deck.total
    if total > limits.MAX_CARDS_PER_DECK:
        raise fail(
            at,
            f"the deck has {total:,} cards; the limit (MAX_CARDS_PER_DECK) is "
            f"{limits.MAX_CARDS_PER_DECK:,}",
        )


def apply_variants(kit: Kit, deck: Deck, component_id: str = "") -> None:
    """Filter, recount and mark cards for the chosen variants, in the order given."""
    active = kit.active_variants()
    if not active:
        return
    decks = kit.decks()
    if component_id == decks[0]:  # the references span every deck; report them once
        ids: set[str] = set()
        tags: set[str] = set()
        for cid in decks:
            try:
                more_ids, more_tags = variants.declared_cards(expand(kit.document(cid)).data)
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


def _check_size(kit: Kit, deck: Deck, at: Location, component_id: str) -> None:
    """The card fits the paper and the print service's preset (for a deck this run makes:
    `--only`), and the deck fits MAX_PAGES_PER_PDF: known before drawing."""
    problem = points_outside(deck.shape, deck.size)
    if problem:
        raise fail(where(deck, "shape") or at, problem)
    if kit.options.profile == "home":
        home_grid(kit, deck.size, at, deck.cut())
    preset = kit.options.print_preset
    if kit.options.profile == "shop" and preset is not None and kit.chosen(component_id):
        problem = preset.size_problem(deck.size.width, deck.size.height)
        if problem is not None:
            raise fail(at, problem)
    check_page_count(kit, deck.total, deck.size, at, deck.sides == 2, deck.cut())


def inputs(kit: Kit, component_id: str) -> list[Path]:
    """The files the deck is drawn from: the kit's shared files, its data file and card sheet,
    its own icon files and every picture its cards show, a path made from a card's fields
    (`image: "art/{id}.png"`) as each card fills it."""
    deck = kit.model_as(component_id, Deck)
    own = [*deck.icon_files.values(), *deck.images]
    if deck.sheet:  # a published sheet's input is the copy its load kept (load/remote.py)
        own.insert(
            0, str(remote.cached_copy(deck.sheet)) if remote.is_link(deck.sheet) else deck.sheet
        )
    files = [*data_inputs(kit, component_id), *(kit.root / name for name in own if name)]
    return list(dict.fromkeys(files))


def more_outputs(kit: Kit, component_id: str) -> list[str]:
    """With `--card-pages designs` (shop): the count list beside the designs PDF; with the
    deck's `order_of_battle`: its chart, <deck>-oob.pdf."""
    out = [deck_designs.counts_name(component_id)] if deck_designs.wanted(kit) else []
    if kit.model_as(component_id, Deck).order_of_battle is not None:
        out.append(deck_oob.output_name(component_id))
    return out


def render(
    kit: Kit, derived: Derived, component_id: str, path: Path, progress: Progress | None = None
) -> int:
    """Draw the deck into `path`; returns the number of pages."""
    deck = kit.model_as(component_id, Deck)
    layout = deck_layout.measured(kit, derived, component_id)
    if layout is not None and derived.single_use:
        layout.release_as_drawn()  # nothing after this render reads it (Derived.single_use)
    painter = _painter_of(deck, layout)
    try:
        if deck.order_of_battle is not None:
            oob = more_output_path(path, deck_oob.output_name(component_id))
            deck_oob.render_oob(kit, component_id, oob, deck, painter)
        if deck_designs.wanted(kit):
            counts = more_output_path(path, deck_designs.counts_name(component_id))
            return deck_designs.render_designs(kit, component_id, path, deck, painter, counts)
        copies = deck.sheet_copies()
        group = PieceGroup(copies, deck.size, painter, Location(deck.file), deck.sides == 2,
                           shape=deck.cut(), rows=deck.rows(copies), own=deck.own)  # fmt: skip
        return render_groups(kit, component_id, path, [group], progress)
    except CardTextOverflow as exc:
        raise _overflow_error(exc) from None


def _layout(kit: Kit, derived: Derived, component_id: str) -> deck_layout.DeckLayout:
    """The deck's designs, measured once per kit (deck_layout); raises every text that cannot
    fit, all together, one error per place in the data."""
    layout = deck_layout.laid_out(kit, derived, component_id)
    errors = deck_layout.overflow_errors(layout, _overflow_error)
    if errors:
        raise InputError(_once_per_place(errors))
    return layout


def _once_per_place(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """One diagnostic per place in the data: a template too long for every card is one error."""
    first: dict[tuple[str, int, int], Diagnostic] = {}
    count: dict[tuple[str, int, int], int] = {}
    for d in diagnostics:
        key = (d.where.file, d.where.line, d.where.col)
        first.setdefault(key, d)
        count[key] = count.get(key, 0) + 1
    out = []
    for key, d in first.items():
        more = count[key] - 1
        out.append(d if not more else Diagnostic(d.where, f"{d.message} (and {more} more cards)"))
    return out


def preflight(kit: Kit, derived: Derived, component_id: str) -> None:
    """Lay out every card design and back, so that `printkit check` reports text that cannot
    fit (an input error, as in a build) without writing a PDF."""
    _layout(kit, derived, component_id)


def layout_findings(kit: Kit, derived: Derived, component_id: str) -> list[Finding]:
    """Warnings only drawing finds: characters the font lacks, images printed below min dpi."""
    deck = kit.model_as(component_id, Deck)
    drawn = (
        (text, font_name, design.who, partial(_text_location, design.card, element, attr))
        for design in _layout(kit, derived, component_id).designs
        for text, font_name, element, attr in design.missing
    )
    designs = _layout(kit, derived, component_id).designs
    findings = glyph_findings(drawn) + dpi_findings(deck) + colour_vision_findings(deck)
    return findings + _small_text_findings(deck, designs)


SMALL_TEXT_CODE = "FACE004"


def _small_text_findings(deck: Deck, designs: list[deck_layout.Design]) -> list[Finding]:
    """FACE004 for each element (or card) whose text prints below the deck's min_text_size (an
    element's own `size:` or `min_size:` below it lets it): it may be too small to read. One
    finding per place, naming the smallest size and the first text at it."""
    smallest: dict[Location, tuple[float, str, str, int]] = {}
    for design in designs:
        for fit in design.fits:
            fitted = fit.fitted if isinstance(fit, PlainText) else fit[1]
            if fitted.size >= deck.min_text_size - 1e-6:
                continue  # the usual case: its place is looked up only for a finding
            if isinstance(fit, PlainText):
                place = at(fit.element, "size")
            else:
                place = at(design.card) if design.card is not None else Location(deck.file)
            size, text, who, n = smallest.get(place, (fitted.size, "", "", 0))
            if n == 0 or fitted.size < size:
                size, text, who = fitted.size, " ".join(fitted.lines), design.who
            smallest[place] = (size, text, who, n + 1)
    out = []
    for place, (size, text, who, n) in smallest.items():
        shown = text if len(text) <= 40 else text[:39] + "…"
        more = f" (and {counted(n - 1, 'more text')})" if n > 1 else ""
        out.append(
            Finding(
                SMALL_TEXT_CODE,
                "warning",
                f"text {shown!r} ({who}){more} prints at {size:g} pt, below the deck's "
                f"min_text_size {deck.min_text_size:g} pt: it may be too small to read; give it "
                "a larger size or more room",
                place,
            )
        )
    return out


def print_findings(kit: Kit, derived: Derived, component_id: str) -> list[Finding]:
    """What only drawing finds, for `printkit check`: text outside a card's safe area (text
    that cannot fit at all is preflight's input error), from the deck's one layout: each card's
    front, and its back (only the first card's when every card shares its back)."""
    deck = kit.model_as(component_id, Deck)
    marks = sheet_margin_findings(kit, deck.size, where(deck, "card_size") or Location(deck.file))
    layout = deck_layout.laid_out(kit, derived, component_id)
    if layout.overflows:
        return marks
    safe = min(SAFE_AREA, deck.safe_margin)
    near: dict[tuple[str, str], list[tuple[Card, tuple[str, float]]]] = {}
    for card, side, design in _sides_checked(deck, layout):
        if design.nearest is not None and design.nearest[1] < safe - 1e-6:
            near.setdefault((card.kind, side), []).append((card, design.nearest))
    return marks + [
        _safe_area_line(deck, kind, side, cards, safe) for (kind, side), cards in near.items()
    ]


def _safe_area_line(
    deck: Deck, kind: str, side: str, cards: list[tuple[Card, tuple[str, float]]], safe: float
) -> Finding:
    """One PK001 line for the cards of `kind` whose `side` brings text near the trim: at the
    kind's face (or back) where one layout is the cause, with the nearest text and how many
    cards; a single card is named at its own row."""
    card, (text, distance) = min(cards, key=lambda c: c[1][1])
    spec = deck.kinds[card.kind]
    kind_at = where(spec, "face" if side == "front" else "back") or where(spec)
    if len(cards) == 1:
        at = where(card) or kind_at or Location(deck.file)
        return safe_area_finding(at, f"card {card.id!r} ({side})", text, distance, safe)
    piece = f"kind {kind!r} ({side}), on {len(cards)} cards (nearest: card {card.id!r})"
    return safe_area_finding(kind_at or Location(deck.file), piece, text, distance, safe)


def _sides_checked(
    deck: Deck, layout: deck_layout.DeckLayout
) -> Iterator[tuple[Card, str, deck_layout.Design]]:
    """(card, side, its design) for every side the safe area is checked on: each card's front;
    each back the deck prints, at the first card behind it (model/backs.py: a back that reads
    its card's fields is a back per card; one-sided decks: none)."""
    firsts = {id(cards[0]) for _, cards in cards_by_back(deck).values()}
    for card in deck.cards:
        yield card, "front", layout.fronts[id(card)]
        if id(card) in firsts:
            back = layout.back_of(back_behind(deck, card).kind, card)
            if back is not None:
                yield card, "back", back


def _painter_of(
    deck: Deck, measured: deck_layout.DeckLayout | None = None
) -> Callable[[Any, float], _DeckPainter]:
    """The deck's PieceGroup painter: (canvas, bleed) -> a painter of its cards, drawing each
    design from its `measured` layout when the kit has one (components/deck/layout.py)."""

    def painter(c: Any, bleed: float) -> _DeckPainter:
        return _DeckPainter(CardPainter(c, deck, bleed, measured=measured))

    return painter


class _DeckPainter:
    def __init__(self, cards: CardPainter) -> None:
        self.cards = cards

    def place_front(self, card: Card, trim: Rect) -> None:
        self.cards.place_front(card, trim)

    def place_back(self, card: Card, trim: Rect) -> None:
        self.cards.place_back(trim, card.kind, card)


def _text_location(card: Card | None, element: Any, attr: str, char: str | None = None) -> Location:
    """Where a drawn text comes from: the card field whose value it shows (the field holding
    `char`, when given), else the element's template in the kinds."""
    key = attr if attr in ("text", "caption", "empty") else "text"
    template = getattr(element, key, None) or ""
    fields = PLACEHOLDER.findall(template)
    field = getattr(element, "field", None)  # the card field a header shows in its corners
    if attr == "field" and field:
        fields, template = [field], "{" + field + "}"
    if card is None:
        return at(element, key)
    if attr == "marker":
        return at(card)
    literal = PLACEHOLDER.sub("", template)
    for name in fields:
        value = str(card.get(name) or "")
        shows_it = char in value if char else not literal.strip()
        if shows_it and where(card, name):
            return at(card, name)
    return at(element, key)


def _overflow_error(exc: CardTextOverflow) -> InputError:
    card, element = exc.card, exc.element
    card_or_none = None if exc.back else card
    place = _text_location(card_or_none, element, exc.attr)
    key = exc.attr if exc.attr in ("text", "caption", "empty") else "text"
    if card_or_none is not None and place != at(element, key):
        field = next((f for f in PLACEHOLDER.findall(getattr(element, key) or "")), exc.attr)
        what = f"card {card.id!r}: field {field!r} does not fit its box (a {element.kind} "
        what += f"element's {key})"
    else:
        who = "the back" if exc.back else f"card {card.id!r}"
        what = f"the {exc.attr} of this {element.kind} element does not fit its box "
        what += f"(first on {who})"
    return fail(
        place,
        f"{what} even at {exc.overflow.min_size:g} pt (min_size or the deck's min_text_size); "
        "shorten the text, enlarge the box or lower the minimum",
    )


def drawn_findings(kit: Kit, derived: Derived, component_id: str) -> list[Finding]:
    """Everything only drawing finds: text outside a card's safe area, characters the font
    lacks, images printed below min dpi."""
    return print_findings(kit, derived, component_id) + layout_findings(kit, derived, component_id)


def cut_pieces(kit: Kit, derived: Derived, component_id: str) -> list[PieceGroup]:
    """The cards, one piece per printed copy, for gang sheets."""
    deck = kit.model_as(component_id, Deck)
    painter = _painter_of(deck, deck_layout.measured(kit, derived, component_id))
    copies = deck.sheet_copies()  # gang sheets pack them in the counter sheet's order and groups
    return [PieceGroup(copies, deck.size, painter, Location(deck.file), shape=deck.cut(),
                       rows=deck.rows(copies), own=deck.own)]  # fmt: skip


def card_names(data: object) -> dict[str, tuple[str, list[str]]]:
    """The kinds and fields a data check may name, read from a deck file as written: its
    `kinds`, and its declared `fields` with every card's own."""
    table = data if isinstance(data, dict) else {}
    kinds = list(table.get("kinds") or {})
    fields = [*BASE_CARD_FIELDS, "marker", *(table.get("fields") or {})]
    return {"kind": ("kinds", kinds), "field": ("fields", fields)}


class DeckType(Component):
    """`type: deck`: this module's functions (printkit/api.py says when each is called)."""

    has_cards = True
    item_list: ClassVar[ItemList | None] = ItemList(
        "cards", "card", "cards", "deck", names=card_names
    )
    has_pieces = True
    measures_faces = True  # FACE004 and FACE002 against its min_text_size and min_image_dpi

    load = staticmethod(load)
    inputs = staticmethod(inputs)
    schema = staticmethod(schema)
    render = staticmethod(render)
    more_outputs = staticmethod(more_outputs)
    preflight = staticmethod(preflight)
    print_findings = staticmethod(drawn_findings)
    piece_groups = staticmethod(cut_pieces)
    layout_keeper = staticmethod(layout_keeper)  # kept.py: `build --watch` and serve


COMPONENT: ComponentType = DeckType()  # checked against the protocol by mypy
