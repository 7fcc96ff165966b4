"""A small typed schema: one definition gives both validation (with locations) and JSON Schema.

Each type checks a plain YAML value, converts it (a length like "63mm" becomes points), and
describes itself in words for error messages and as JSON Schema for editors. Because the
validator and `printkit schema` read the same objects, they cannot disagree.

Errors are collected, not raised one by one, so a user sees every problem of a file at once.

This module owns records (a map with a fixed set of keys) and validating a document; the types
live in types.py (the base), scalars.py and containers.py, positions in sources.py, and
records.py makes a record from a dataclass. Every name is re-exported here, so
`from printkit.load.schema import X` keeps working.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from functools import cached_property, partial
from typing import Any, ClassVar

from printkit.core.fieldwise import fieldwise
from printkit.core.words import close_matches
from printkit.load.containers import Either, ListOf, MapOf
from printkit.load.scalars import (
    YAML11_BOOLEAN_WORDS,
    Bool,
    Choice,
    Color,
    Id,
    InkLimit,
    Int,
    Length,
    Number,
    Str,
)
from printkit.load.sources import (
    SOURCE_ATTRIBUTES,
    SourceTable,
    attach_source,
    copy_source,
    located,
    where,
)
from printkit.load.types import (
    Context,
    Invalid,
    Shape,
    Type,
    describe_found,
    key_name,
    path_name,
    printable,
)
from printkit.load.yamlsafe import Document, PathKey

_ABSENT = object()  # a key the map does not give (a value may be None)

__all__ = [
    "SOURCE_ATTRIBUTES",
    "YAML11_BOOLEAN_WORDS",
    "Bool",
    "Choice",
    "Color",
    "Context",
    "Either",
    "Field",
    "Id",
    "InkLimit",
    "Int",
    "Invalid",
    "Length",
    "ListOf",
    "MapOf",
    "Number",
    "Record",
    "SourceTable",
    "Str",
    "Type",
    "copy_default",
    "copy_source",
    "describe_found",
    "located",
    "path_name",
    "validate_document",
    "where",
]


@fieldwise
class Field:
    """One key of a Record: its type, whether it is required, its default, and what it means."""

    type: Type
    required: bool = False
    default: Any = None
    doc: str = ""

    def __init__(
        self, type: Type, required: bool = False, default: Any = None, doc: str = ""
    ) -> None:
        # its own, not the shared one (core/fieldwise.py): every schema has dozens of keys
        self.type = type
        self.required = required
        self.default = default
        self.doc = doc


@fieldwise
class Record(Type):
    """A map with a fixed set of keys. Builds `cls(**values)` and records where it came from.

    `cls` is the model class (records.py makes both from one dataclass); a Record written by
    hand without one gives a plain dict, which carries no positions.

    `extra_fields` lets data declare more keys at run time (e.g. a deck's own card fields).
    `check` runs after the fields, for rules that span several keys; `json_rules` say what JSON
    Schema can of those rules (each an `allOf` clause), so editors flag them too.
    """

    shape: ClassVar[Shape] = "map"

    name: str = "record"
    fields: dict[str, Field] = field(default_factory=dict)
    cls: Callable[..., Any] = dict
    check: Callable[[Any, Context, PathKey], None] | None = None
    doc: str = ""
    json_rules: tuple[dict, ...] = ()

    def with_fields(self, extra: dict[str, Field], name: str | None = None) -> Record:
        fields = {**self.fields, **extra}
        return Record(name or self.name, fields, self.cls, self.check, self.doc, self.json_rules)

    def _missing(self, value: dict, path: PathKey, name: str) -> str:
        """A required key that is absent, said in words: an item with an `id` (a card, a
        tile) is named by it, "card 'r4' has no number", rather than by its index alone."""
        item = value.get("id")
        whole = path_name((*path, name))
        if isinstance(item, str | int) and not isinstance(item, bool) and name != "id":
            return f"{self.name} {str(item)!r} has no {printable(name)} ({whole} is required)"
        return f"{whole} is required but missing"

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if not isinstance(value, dict):
            ctx.error(
                path,
                f"{key_name(path)} must be {self.describe()}; got {describe_found(value)}",
            )
            return None
        values: dict[str, Any] = {}
        if not value.keys() <= self.fields.keys():  # one set test a card; the keys in order if not
            self._unknown_keys(value, ctx, path)
        for name, check, required, default, copied in self._plan:
            given = value.get(name, _ABSENT)
            if given is not _ABSENT and not (given is None and not required):
                values[name] = check(given, ctx, (*path, name))
            elif required:  # at the key's own place if it has one (a sheet's empty cell)
                ctx.error((*path, name), self._missing(value, path, name))
                values[name] = None
            else:
                values[name] = copy_default(default) if copied else default
        obj = self.cls(**values)
        attach_source(obj, ctx, path, value)
        if self.check and not ctx.errors.diagnostics:
            self.check(obj, ctx, path)
        return obj

    @cached_property
    def _plan(self) -> tuple[tuple[str, Callable[..., Any], bool, Any, bool], ...]:
        """Per field, what validating a map asks of it (a deck asks for every card): its name,
        its type's `validate`, whether it is required, its default and whether that is made
        or copied afresh each time (a callable, a list or a dict)."""
        return tuple(
            (name, spec.type.validate, spec.required, spec.default, _made_afresh(spec.default))
            for name, spec in self.fields.items()
        )

    def _unknown_keys(self, value: dict, ctx: Context, path: PathKey) -> None:
        for key in value:
            if key not in self.fields:
                # the message (a did-you-mean search) is made only if it will be shown
                ctx.error((*path, key), partial(self._unknown_key_message, key), key=True)

    def _unknown_key_message(self, key: str) -> str:
        close = close_matches(str(key), self.fields, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        known = ", ".join(sorted(self.fields))
        return f"unknown key {key!r} in {self.name}{hint} (known keys: {known})"

    def describe(self) -> str:
        return f"a map ({self.name})"

    def json(self) -> dict:
        props = {}
        for name, spec in self.fields.items():
            sub = dict(spec.type.json())
            text = spec.doc or spec.type.doc
            if text:
                sub["description"] = text
            if spec.default is not None and not callable(spec.default):
                sub["default"] = spec.type.show(spec.default)
            # an optional key left empty (`title:`) means "use the default" to the validator
            props[name] = sub if spec.required else _nullable(sub)
        out: dict = {"type": "object", "properties": props, "additionalProperties": False}
        required = [n for n, s in self.fields.items() if s.required]
        if required:
            out["required"] = required
        if self.doc:
            out["description"] = self.doc
        if self.json_rules:
            out["allOf"] = list(self.json_rules)
        return out


def _nullable(schema: dict) -> dict:
    """The JSON Schema `schema` that also accepts null."""
    out = dict(schema)
    if isinstance(out.get("type"), str):
        out["type"] = [out["type"], "null"]
    elif isinstance(out.get("type"), list):
        out["type"] = [*out["type"], "null"]
    elif "enum" in out:
        out["enum"] = [*out["enum"], None]
    elif "anyOf" in out:
        out["anyOf"] = [*out["anyOf"], {"type": "null"}]
    else:
        return {"anyOf": [out, {"type": "null"}]}
    return out


def copy_default(default: Any) -> Any:
    if callable(default):
        return default()
    if isinstance(default, list | dict):
        return type(default)(default)
    return default


def _made_afresh(default: Any) -> bool:
    """Whether `copy_default` makes a new value of `default` each time (else it is itself)."""
    return callable(default) or isinstance(default, list | dict)


def validate_document(doc: Document, schema: Type) -> Any:
    """Validate a whole document; raise InputError with every problem found."""
    ctx = Context(doc)
    result = schema.validate(doc.data, ctx, ())
    ctx.errors.raise_if_any()
    return result
