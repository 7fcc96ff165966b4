"""What a face's elements must satisfy when they read a piece's fields (decks and tokens alike).

Input errors at the value's file:line:col: a placeholder (in text or in any property), a `when:`
condition or a table cell that names a field the pieces do not have; a condition that compares
a field with a value it can never take (a choice field's value not among its choices, a number
field with a word, a flag with anything but true or false); a property that a piece's field
fills with no value of the property (`colour: "{suit_colour}"` where the card says "redd"); what
an element's kind asks of its own keys (a table without rows, or with more widths than columns).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from printkit.core.errors import Collector, Location
from printkit.core.words import did_you_mean
from printkit.layout.units import to_mm
from printkit.load.schema import where
from printkit.model.conditions import same
from printkit.model.face import Areas, Element, bind_element, resolve_box
from printkit.model.fromdata import BadFieldValue, MissingValue, named_fields, templates

if TYPE_CHECKING:
    from printkit.model.condition_tree import Compare

Placed = tuple[str, Element]  # (where it is, in words; the element)
# "{speed" with no "}" after the name: a placeholder left open, printed as it stands ("{icon:x}"
# is an inline icon, draw/text.INLINE_ICON)
UNCLOSED = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_}:])")


def at(obj: Any, key: str | None = None) -> Location:
    return (where(obj, key) if key else None) or where(obj) or Location("?")


def naming_key(element: Element, name: str) -> str:
    """The key of the element that names field `name` (for the error's position)."""
    for attr, text in element.placeholder_texts():
        if name in named_fields(text):
            return attr
    for attr, template in templates(element).items():
        if name in named_fields(template):
            return attr
    if element.when is not None and name in element.when.names():
        return "when"
    return "rows"


def check_named_fields(
    elements: Iterable[Placed],
    known: set[str],
    errors: Collector,
    names: Callable[[Element], set[str]],
    noun: str = "card",
) -> None:
    """Every field an element reads (`names(element)`) is one of `known` (fields of a `noun`)."""
    listed = ", ".join(sorted(known))
    for place, element in elements:
        for name in sorted(names(element) - known):
            key = naming_key(element, name)
            what = "condition" if key == "when" else "placeholder"
            shown = name if key == "when" else "{" + name + "}"
            hint = did_you_mean(name, known, "{{{}}}" if key != "when" else "{!r}")
            errors.add(
                at(element, key),
                f"{what} {shown} in {place} names no {noun} field; {hint}fields are: {listed}",
            )
        _check_closed(place, element, known, errors, noun)


def _check_closed(
    place: str, element: Element, known: set[str], errors: Collector, noun: str
) -> None:
    """A text that opens a placeholder of a field and never closes it ("{speed" for "{speed}")
    would print the brace and the name on every piece: said at the text. An opening brace
    followed by a word that is no field stays text as written."""
    for attr, text in element.placeholder_texts():
        for name in dict.fromkeys(UNCLOSED.findall(text)):
            if name in known:
                errors.add(
                    at(element, attr),
                    f"placeholder {{{name} in {place} is not closed: write {{{name}}} to print "
                    f"the {noun}'s {name}",
                )


def check_conditions(
    elements: Iterable[Placed], allowed: Callable[[str], Any], errors: Collector
) -> None:
    """Each value a condition compares a field with is one the field can take.

    `allowed(name)` is the field's declaration (type and choices), or None when undeclared.
    """
    for place, element in elements:
        if element.when is None:
            continue
        for test in element.when.comparisons():
            problem = _impossible(test, allowed(test.name))
            if problem:
                errors.add(at(element, "when"), f"condition in {place}: {problem}")


def _impossible(test: Compare, decl: Any) -> str | None:
    """Why `test` can never hold for a field declared `decl`, or None."""
    if decl is None or test.op == "?":
        return None
    value = test.value
    shown = f"{value:g}" if isinstance(value, float) else repr(value)
    if decl.type in ("number", "integer") and not isinstance(value, float):
        return f"{test.name} is a {decl.type} field; {shown} is not a number"
    if decl.type == "flag" and not isinstance(value, bool):
        return f"{test.name} is a flag (true or false); compare it with true or false"
    if test.op in ("<", "<=", ">", ">=") and decl.type not in ("number", "integer"):
        return f"{test.op} compares numbers, but {test.name} is a {decl.type} field"
    if decl.type == "choice" and not any(same(c, value) for c in decl.choices):
        choices = ", ".join(str(c) for c in decl.choices)
        return f"{shown} is not one of {test.name}'s choices ({choices})"
    return None


def check_bindings(
    pieces: Iterable[tuple[str, Any, list[Element]]],
    field_at: Callable[[Any, str], Location],
    errors: Collector,
    areas: Areas,
) -> None:
    """Each (name, piece, elements): every property a placeholder fills reads as a value of
    that property for this piece (its field's place is `field_at(piece, field)`), and a box
    turned by a field stays on the piece (`areas`). An element is bound once for each set of
    values its placeholders read (`Bindings`): pieces that share them share the outcome."""
    bindings = Bindings()
    for who, values, elements in pieces:
        for element in elements:
            if not templates(element):
                continue
            outcome = bindings.bound(element, values)
            if isinstance(outcome, BadFieldValue):
                fields = outcome.fields
                spot = field_at(values, fields[0]) if fields else at(element, outcome.prop)
                errors.add(
                    spot,
                    f"{who}: {outcome.prop} {outcome.template!r} of a {element.kind} element "
                    f"gives {outcome.value!r}; {outcome.prop} must be {outcome.expected}",
                )
            elif outcome is not None and outcome.rotate != element.rotate:
                check_box(f"{who} (rotate from its fields)", outcome, areas, errors)


def bound_elements(elements: Iterable[Element]) -> list[Element]:
    """The elements with a property a placeholder fills (the only ones check_bindings binds)."""
    return [element for element in elements if templates(element)]


Bound = Element | BadFieldValue | None  # the element a piece draws, why not, or skipped


class Bindings:
    """Each templated element bound once per set of the values its placeholders read: what
    `bind_element` gives depends on nothing else, so pieces that share those values share it."""

    def __init__(self) -> None:
        self._reads: dict[int, tuple[Element, tuple[str, ...]]] = {}
        self._bound: dict[tuple[int, tuple[Any, ...]], Bound] = {}

    def bound(self, element: Element, values: Any) -> Bound:
        """The element `values` gives, the BadFieldValue it raises, or None (a field missing)."""
        reads = self._reads.get(id(element))
        if reads is None:
            names = {n for t in templates(element).values() for n in named_fields(t)}
            reads = self._reads[id(element)] = (element, tuple(sorted(names)))
        given = tuple((type(v), v) for v in map(values.get, reads[1]))
        key = (id(element), given)
        try:
            return self._bound[key]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be a key: bound for this piece alone
            return _bind(element, values)
        outcome = self._bound[key] = _bind(element, values)
        return outcome


def _bind(element: Element, values: Any) -> Bound:
    try:
        return bind_element(element, values)
    except MissingValue:
        return None
    except BadFieldValue as bad:
        return bad


def check_problems(elements: Iterable[Placed], errors: Collector) -> None:
    """What each element's kind asks of its keys together (`Element.problems`: a table needs
    rows, an icon a name or a field), at the key it names or at the element."""
    for place, element in elements:
        for key, message in element.problems(place):
            errors.add(at(element, key), message)


def check_box(
    place: str, element: Element, areas: Areas, errors: Collector, noun: str = "card"
) -> None:
    """The element's box is on the piece: for a box turned by other than quarter turns, all
    that the turned box covers."""
    w, h = to_mm(areas.width), to_mm(areas.height)
    box = tuple(to_mm(v) for v in resolve_box(element, areas))
    x, top, bw, bh = turned_box(box, 0.0 if element.rotate % 90 == 0 else element.rotate)
    if x < -0.01 or top < -0.01 or x + bw > w + 0.01 or top + bh > h + 0.01:
        turned = f" (turned {element.rotate:g} degrees: [{x:.3g}, {top:.3g}, {bw:.3g}, {bh:.3g}])"
        errors.add(
            at(element, "box"),
            f"box [{', '.join(f'{v:g}' for v in box)}] mm in {place}"
            f"{turned if element.rotate % 90 else ''} reaches outside the {w:g} x {h:g} mm "
            f"{noun}",
        )


def turned_box(box: tuple[float, ...], degrees: float) -> tuple[float, float, float, float]:
    """(x, top, width, height) of what a box covers turned `degrees` about its centre (a box
    turned a quarter, half or whole turn covers itself: see ElementPainter.box)."""
    x, top, w, h = box
    cos, sin = abs(math.cos(math.radians(degrees))), abs(math.sin(math.radians(degrees)))
    tw, th = w * cos + h * sin, w * sin + h * cos
    return x + (w - tw) / 2, top + (h - th) / 2, tw, th
