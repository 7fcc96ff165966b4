"""What a deck's faces and backs must satisfy before drawing, and what `check` warns about.

Input errors (exit 2, at the value's file:line:col): an element naming no card field, a number
field (an element kind's `number_keys`) that is not declared a number, an icon name the library
does not have (with did-you-mean), a box reaching outside the card; what each kind asks of its
own keys (`Element.problems`) is render/face_checks.check_problems. Warnings (findings, exit 0):
characters the chosen font cannot draw, images printed below the deck's `min_image_dpi`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from reportlab.pdfbase import pdfmetrics

from printkit.checks import Finding
from printkit.core.errors import Collector, Location
from printkit.draw.elements import MissingValue, fill_placeholders
from printkit.draw.text import INLINE_ICON as INLINE_ICON_NAMES
from printkit.elements.icon import Icon
from printkit.layout.colourvision import hard_pairs
from printkit.layout.units import to_mm
from printkit.load.schema import where
from printkit.model.cards import Deck
from printkit.model.face import Back, Element, resolve_box
from printkit.render.face_checks import check_box

GLYPH_CODE = "FACE001"
DPI_CODE = "FACE002"
CVD_CODE = "FACE003"


def at(obj: Any, key: str | None = None) -> Location:
    """Where `obj` (or its `key`) is in the data; the object itself when the key is not given."""
    return (where(obj, key) if key else None) or where(obj) or Location("?")


def faces(deck: Deck) -> Iterator[tuple[str, Element]]:
    """(where it is, element) for every element of every front and back of the deck."""
    for kname, kind in deck.kinds.items():
        for element in kind.face:
            yield f"kind {kname!r}", element
        if kind.back:
            for element in kind.back.elements():
                yield f"the back of kind {kname!r}", element
    for element in deck.back.elements():
        yield "the back", element


def check_edges(deck: Deck, known: set[str], errors: Collector) -> None:
    """A kind's `edges:` names fields the deck has, one per edge or half-edge."""
    for kname, kind in deck.kinds.items():
        edges = kind.edges
        if edges is None:
            continue
        for n, name in enumerate(edges.fields):
            if name not in known:
                errors.add(
                    where(edges, "fields") or at(edges),
                    f"edges field {name!r} (number {n + 1}) of kind {kname!r} names no card "
                    f"field; fields are: {', '.join(sorted(known))}",
                )
        if len(edges.fields) not in (edges.sides, 2 * edges.sides):
            errors.add(
                where(edges, "fields") or at(edges),
                f"kind {kname!r} gives {len(edges.fields)} edges fields for a tile of "
                f"{edges.sides} sides: give one per edge ({edges.sides}) or one per half-edge "
                f"({2 * edges.sides})",
            )


def check_elements(deck: Deck, known: set[str], errors: Collector) -> None:
    """Face elements must name real fields and icons, fit on the card and say what they draw."""
    for place, element in faces(deck):
        _check_fields(deck, place, element, known, errors)
        _check_icons(deck, place, element, errors)
        _check_box(deck, place, element, errors)


def _check_fields(
    deck: Deck, place: str, element: Element, known: set[str], errors: Collector
) -> None:
    for attr in element.field_keys:  # the keys that name a card field outright
        name = getattr(element, attr)
        if name and name not in known:
            errors.add(
                at(element, attr),
                f"{attr} {name!r} in {place} names no card field; "
                f"fields are: {', '.join(sorted(known))}",
            )
    for attr in element.number_keys:  # the keys whose field must hold a number
        name = getattr(element, attr)
        decl = deck.fields.get(name) if name else None
        if decl and decl.type not in ("number", "integer"):
            errors.add(
                at(element, attr),
                f"a {element.kind} element draws a number, but field {name!r} is declared as "
                f"{decl.type}",
            )


def _check_icons(deck: Deck, place: str, element: Element, errors: Collector) -> None:
    library = deck.icons
    names: list[tuple[str, str]] = []
    if isinstance(element, Icon) and element.icon and "{" not in element.icon:
        names.append(("icon", element.icon))
    for attr, text in element.placeholder_texts():
        if attr in ("text", "caption"):
            names += [(attr, n) for n in INLINE_ICON_NAMES.findall(text)]
    for attr, name in names:
        if name not in library:
            errors.add(at(element, attr), library.unknown(name))


def _check_box(deck: Deck, place: str, element: Element, errors: Collector) -> None:
    check_box(place, element, deck.areas(), errors)


def check_card_icons(deck: Deck, errors: Collector) -> None:
    """Icons named by card fields (an icon element's `field`) and inline in card values."""
    icon_elements = {
        name: [e for e in kind.face if isinstance(e, Icon)] for name, kind in deck.kinds.items()
    }
    for card in deck.cards:
        for element in icon_elements[card.kind]:
            name = _icon_name(element, card)
            if name and name not in deck.icons:
                attr = element.field if not element.icon else None
                place = at(card, attr) if attr else at(element, "icon")
                errors.add(place, f"card {card.id!r}: {deck.icons.unknown(name)}")
        texts = [*card.values.items(), ("title", card.title), ("text", card.text)]
        for name, value in texts:
            if isinstance(value, str) and "{icon:" in value:
                for icon in INLINE_ICON_NAMES.findall(value):
                    if icon not in deck.icons:
                        errors.add(at(card, name), deck.icons.unknown(icon))


def _icon_name(element: Icon, card: Any) -> str | None:
    try:
        if element.icon:
            return fill_placeholders(element.icon, card)
    except MissingValue:
        return None
    value = card.get(element.field or "")
    return str(value) if value else None


def missing_glyphs(texts: Iterable[tuple[str, str, Any, str]]) -> list[tuple[str, str, Any, str]]:
    """(character, font name, element, attr) for each character of the texts drawn (text, font
    name, element, attr) that its font has no glyph for; usually none."""
    missing = []
    for text, font_name, element, attr in texts:
        known = _glyphs_of(font_name)
        if known is not None and not (known[2] and _printable_ascii(text)):
            glyphs = known[0]
            chars = [ch for ch in dict.fromkeys(text) if ch != "\n"]  # in the order of the text
            missing += [(ch, font_name, element, attr) for ch in chars if ord(ch) not in glyphs]
    return missing


def glyph_findings(
    drawn: Iterable[tuple[str, str, str, Callable[[str], Location]]],
) -> list[Finding]:
    """FACE001 for each (character, font) a drawn text needs that the font has no glyph for:
    `drawn` gives (text, font name, whose text, where a character of it is in the data), and a
    place is looked up only for a character that is a finding."""
    out: list[Finding] = []
    seen: set[tuple[str, str]] = set()
    for text, font_name, who, locate in drawn:
        known = _glyphs_of(font_name)
        if known is None:
            continue
        glyphs, shown, _ = known
        for ch in set(text) - {"\n"}:
            if ord(ch) in glyphs or (ch, font_name) in seen:
                continue
            seen.add((ch, font_name))
            out.append(
                Finding(
                    GLYPH_CODE,
                    "warning",
                    f"{who}: the font {shown!r} has no glyph for {ch!r} (U+{ord(ch):04X}); "
                    "it would print as an empty box. Use another character or a kit font "
                    "that has it (kit.yaml fonts)",
                    locate(ch),
                )
            )
    return out


def _printable_ascii(text: str) -> bool:
    """Whether the text is printable ASCII but for its line breaks."""
    if text.isprintable():  # no line break either: the usual text, one line
        return text.isascii()
    return text.isascii() and text.replace("\n", "").isprintable()


@cache
def _glyphs_of(font_name: str) -> tuple[Any, str, bool] | None:
    """The font's character-to-glyph map, the name a message shows and whether it draws every
    printable ASCII character (None: not a TrueType font); a font name is registered once per
    process, for one font file."""
    face = pdfmetrics.getFont(font_name).face
    glyphs = getattr(face, "charToGlyph", None)
    if glyphs is None:
        return None
    full = getattr(face, "fullName", b"") or font_name.encode()
    shown = full.decode("latin-1") if isinstance(full, bytes) else str(full)
    return glyphs, shown, all(code in glyphs for code in range(32, 127))


def _images(elements: list[Element]) -> list[Element]:
    """The image elements that name an image."""
    return [e for e in elements if e.images()]


def dpi_findings(deck: Deck) -> list[Finding]:
    """FACE002 for each image whose pixels, spread over its printed box, are too few per inch."""
    out: list[Finding] = []
    areas = deck.areas()
    backs: list[Back] = list(deck.backs().values())
    images = {name: _images(kind.face) for name, kind in deck.kinds.items()}
    pairs: list[tuple[Element, Any]] = [(e, c) for c in deck.cards for e in images[c.kind]]
    pairs += [(e, None) for b in backs for e in _images(b.elements())]
    seen: set[str] = set()
    for element, card in pairs:
        try:
            path = fill_placeholders(element.images()[0], card or {})
        except MissingValue:
            continue
        image = deck.images.get(path)
        if image is None or path in seen:
            continue
        _, _, w, h = resolve_box(element, areas)
        scale = min(w / image.width, h / image.height)  # pt per pixel, as drawn
        dpi = 72 / scale
        if dpi < deck.min_image_dpi:
            seen.add(path)
            out.append(
                Finding(
                    DPI_CODE,
                    "warning",
                    f"image {path!r} ({image.width}x{image.height} px) prints "
                    f"{to_mm(image.width * scale):.0f}x{to_mm(image.height * scale):.0f} mm, "
                    f"{dpi:.0f} dpi: below min_image_dpi {deck.min_image_dpi:g}; it will look "
                    "blurred or blocky",
                    at(element, "image"),
                )
            )
    return out


def colour_vision_findings(deck: Deck) -> list[Finding]:
    """FACE003 for each pair of kind colours that a deuteranope or protanope (about one man in
    twelve, layout/colourvision.py) can hardly tell apart, though others can: at the second."""
    kinds = deck.kinds
    return [
        Finding(
            CVD_CODE,
            "warning",
            f"kinds {a!r} ({kinds[a].colour}) and {b!r} ({kinds[b].colour}) are hard to tell "
            f"apart with {deficiency} (colour distance {distance:.0f}, as such a player sees "
            "them): make one lighter or darker, or tell them apart by a label or icon too",
            at(kinds[b], "colour"),
        )
        for a, b, deficiency, distance in hard_pairs((n, k.colour) for n, k in kinds.items())
    ]
