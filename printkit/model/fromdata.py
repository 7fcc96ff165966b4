"""A piece's own fields in its face: `{field}` placeholders, in text and in any element property.

Text, captions, icon and image names have always taken placeholders. Every other property of
an element that a piece might change (colour, fill, font, size, rotate, shape, valign, ...) may
be a placeholder too: `colour: "{suit_colour}"`. The schema accepts it there (`FromField`); the
element keeps its plain default in that property and the template aside (`templates()`), and
`bind(element, values)` gives the element one piece draws: each template filled from the
piece's fields and read as the property's own type (BadFieldValue when a field's value is not
one: `check` reports it at the card).
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Any

from printkit.core.fieldwise import fieldwise
from printkit.load.sources import SOURCE_ATTRIBUTES
from printkit.load.types import Context, Invalid, Type
from printkit.load.yamlsafe import Document, PathKey

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
WHOLE = re.compile(r"^\{([A-Za-z_][A-Za-z0-9_]*)\}$")
TEMPLATES = "_from_fields"
NO_CONTEXT = Context(
    Document("", None)
)  # scalar types read a value without its document  # the attribute of an element that holds its templates


class MissingValue(Exception):
    """A placeholder names a field the piece does not have: the element is skipped."""


class BadFieldValue(Exception):
    """A property's template, filled from a piece's fields, is no value of the property."""

    def __init__(self, prop: str, template: str, value: Any, expected: str) -> None:
        super().__init__(f"{prop} {template!r} gives {value!r}, which is not {expected}")
        self.prop = prop
        self.template = template
        self.value = value
        self.expected = expected
        self.fields = PLACEHOLDER.findall(template)


class FieldTemplate(str):
    """A property's value written as a placeholder ("{suit_colour}"), filled per piece."""


def format_value(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def fill_placeholders(template: str, values: Any) -> str:
    """Replace {field} with the piece's value. Plain substitution: no attribute access, no markup."""
    whole = _lone_placeholder(template)
    if whole is not None:  # "{title}": the value itself, as the substitution below gives it
        value = values.get(whole)
        if value is None or value == "":
            raise MissingValue(whole)
        return format_value(value)

    def sub(match: re.Match) -> str:
        value = values.get(match.group(1))
        if value is None or value == "":
            raise MissingValue(match.group(1))
        return format_value(value)

    return PLACEHOLDER.sub(sub, template)


@lru_cache(maxsize=1024)
def _lone_placeholder(template: str) -> str | None:
    """The field a template is nothing but a placeholder of ("{title}"), else None."""
    whole = WHOLE.fullmatch(template)
    return whole.group(1) if whole is not None else None


def fill_value(template: str, values: Any) -> Any:
    """A template's value for one piece: a lone placeholder gives the field's value as it is
    (a number stays a number), else the filled text."""
    whole = WHOLE.match(template)
    if whole is None:
        return fill_placeholders(template, values)
    value = values.get(whole.group(1))
    if value is None or value == "":
        raise MissingValue(whole.group(1))
    return value


@fieldwise
class FromField(Type):
    """A property that also takes a "{field}" placeholder, filled from each piece's fields."""

    inner: Type = dataclasses.field(default_factory=Type)

    def __post_init__(self) -> None:
        self.doc = self.inner.doc

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if isinstance(value, str) and PLACEHOLDER.search(value):
            return FieldTemplate(value)
        return self.inner.validate(value, ctx, path)

    def describe(self) -> str:
        return f'{self.inner.describe()}, or a "{{field}}" placeholder'

    def json(self) -> dict:
        template = {"type": "string", "pattern": r"\{[A-Za-z_][A-Za-z0-9_]*\}"}
        return {"anyOf": [self.inner.json(), template]}

    def show(self, value: Any) -> Any:
        return self.inner.show(value)


@fieldwise
class Scalar(Type):
    """A plain value kept as written: a number, true/false, or text of at most `max_len`."""

    max_len: int = 600
    doc: str = "a number, true/false, or text"

    def convert(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if isinstance(value, str) and len(value) > self.max_len:
            raise Invalid(f"text of at most {self.max_len} characters")
        if not isinstance(value, str | int | float | bool):
            raise Invalid("a number, true/false, or text")
        return value

    def describe(self) -> str:
        return "a number, true/false, or text"

    def json(self) -> dict:
        return {"type": ["string", "number", "boolean"]}


def set_aside_templates(obj: Any, types: dict[str, Type], defaults: dict[str, Any]) -> None:
    """Move each FieldTemplate value of `obj` aside (templates()), leaving the default."""
    found = {}
    for name in types:
        value = getattr(obj, name, None)
        if isinstance(value, FieldTemplate):
            found[name] = str(value)
            object.__setattr__(obj, name, defaults.get(name))
    if found:
        object.__setattr__(obj, TEMPLATES, found)


def templates(obj: Any) -> dict[str, str]:
    """The properties of `obj` written as placeholders -> their templates."""
    return getattr(obj, TEMPLATES, {})


def bind(obj: Any, values: Any, types: dict[str, Type]) -> Any:
    """`obj` with each templated property filled from `values` and read as its type: `obj`
    itself when it has none. MissingValue when a field is not given; BadFieldValue when its
    value is not one of the property."""
    found = templates(obj)
    if not found:
        return obj
    changes = {}
    for name, template in found.items():
        value = fill_value(template, values)
        changes[name] = _read_as(types[name], name, template, value)
    bound = dataclasses.replace(obj, **changes)
    for attr in SOURCE_ATTRIBUTES:
        if hasattr(obj, attr):
            object.__setattr__(bound, attr, getattr(obj, attr))
    return bound


def _read_as(kind: Type, name: str, template: str, value: Any) -> Any:
    """A filled template read as the property's type (text of a number read as the number)."""
    try:
        return kind.convert(value, NO_CONTEXT, ())
    except Invalid as exc:
        if isinstance(value, str) and re.fullmatch(r"[+-]?\d+(?:\.\d+)?", value.strip()):
            return _read_as(kind, name, template, float(value))
        raise BadFieldValue(name, template, value, exc.expected) from None


def named_fields(template: str | None) -> list[str]:
    """The fields a text's placeholders name, in order."""
    return PLACEHOLDER.findall(template or "")
