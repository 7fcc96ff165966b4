"""One definition per data file: a dataclass whose fields carry their schema.

The dataclass is the model the rest of the code reads (mypy sees real attribute types) and, at
the same time, the definition of the map a data file holds. Each field says its schema type, and
whether it is required, its default and what it means, through `spec()`; `@record(...)` turns
the class into the `Record` that validates the data (with file:line:col messages, did-you-mean
and every error at once), writes JSON Schema and the data-format docs:

    @record("player")
    @dataclass(kw_only=True)
    class Player:
        name: str = spec(Str(1, 24), required=True, doc="printed on the pawn")
        team: str = spec(Str(0, 40), default="", doc="the faction, printed smaller")
        file: str = ""  # no spec: not a key of the file, filled in by the loader

    record_of(Player)  # the Record; validating a map gives a Player with its positions

printkit's own records are declared `@fieldwise(kw_only=True)` where `@dataclass(kw_only=True)`
stands above: the same dataclass, whose `__init__`, equality and repr are functions every such
class shares (core/fieldwise.py), so that Python does not compile a copy of each for every
record class at every start (docs/performance.md). A record declared with `@dataclass` is
given the shared equality and repr where it did not ask the dataclass for its own.

Fields without a spec are not keys of the data file; they need a default. A field whose key in
the file differs from its name (the name is taken by something the loader adds) says `key=`.

A record whose keys
are partly declared at run time (a deck's own card fields) names a dict field as `extra=`: the
keys the class does not have are gathered there, so `record_of(C).with_fields(...)` still builds
a `C`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from printkit.core.fieldwise import fieldwise
from printkit.load.schema import Context, Field, Record, Type
from printkit.load.yamlsafe import PathKey

T = TypeVar("T")

SPEC = "printkit.spec"  # the key of a field's metadata that holds its schema Field
KEY = "printkit.key"  # the key of a field's metadata that holds its key in the file, if renamed
RECORD = "__printkit_record__"  # the class attribute that holds the class's Record


def spec(
    kind: Type | Field,
    *,
    required: bool = False,
    default: Any = None,
    doc: str = "",
    key: str | None = None,
) -> Any:
    """A dataclass field that is also a key of the data file, of schema type `kind`.

    `default` is what a missing (or empty) key becomes, as in `Field`: a value, or a callable
    called each time (`list`, a dataclass, a lambda). A ready-made `Field` (e.g. a shared
    `labels:` field) may be given instead of a type; it is used as it is. `key` is the key's
    name in the file when it is not the field's.
    """
    schema_field = kind if isinstance(kind, Field) else Field(kind, required, default, doc)
    metadata: dict[str, Any] = {SPEC: schema_field}
    if key is not None:
        metadata[KEY] = key
    if schema_field.required:
        return dataclasses.field(metadata=metadata)
    value = schema_field.default
    if callable(value):
        return dataclasses.field(default_factory=value, metadata=metadata)
    if isinstance(value, list | dict):
        return dataclasses.field(default_factory=lambda: type(value)(value), metadata=metadata)
    return dataclasses.field(default=value, metadata=metadata)


def record(
    name: str,
    *,
    doc: str = "",
    check: Callable[[Any, Context, PathKey], None] | None = None,
    extra: str | None = None,
    keys: tuple[str, ...] | None = None,
    json_rules: tuple[dict, ...] = (),
) -> Callable[[type[T]], type[T]]:
    """Class decorator (above `@dataclass`): make the class's `Record` (see `record_of`).

    `check` runs after the fields, for rules that span several keys; `extra` names a dict field
    that gathers keys declared at run time (`Record.with_fields`); `keys` orders the file's keys
    (docs, JSON Schema) when a class built by position keeps its fields in another order;
    `json_rules` are what JSON Schema can say of `check`'s rules (`allOf` clauses).
    """

    def make(cls: type[T]) -> type[T]:
        made = _record_from(cls, name, doc, check, extra, keys)
        setattr(cls, RECORD, dataclasses.replace(made, json_rules=json_rules))
        fieldwise(cls)
        return cls

    return make


def record_of(cls: type) -> Record:
    """The Record made by `@record` for `cls`: validating a map with it builds a `cls`."""
    made = cls.__dict__.get(RECORD)
    if not isinstance(made, Record):
        raise TypeError(f"{cls.__name__} is not a @record dataclass")
    return made


def schema_fields(cls: type) -> dict[str, Field]:
    """The data file's keys of dataclass `cls`, in declaration order, with their schema."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} must be a dataclass (put @record above @dataclass)")
    out = {}
    for f in dataclasses.fields(cls):
        if SPEC in f.metadata:
            out[f.metadata.get(KEY, f.name)] = f.metadata[SPEC]
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name} needs a spec() or a default")
    return out


def field_names(cls: type) -> dict[str, str]:
    """The data file's keys of @record dataclass `cls` -> the names of the fields they fill."""
    return {
        f.metadata.get(KEY, f.name): f.name for f in dataclasses.fields(cls) if SPEC in f.metadata
    }


def _record_from(
    cls: type,
    name: str,
    doc: str,
    check: Callable[[Any, Context, PathKey], None] | None,
    extra: str | None,
    keys: tuple[str, ...] | None = None,
) -> Record:
    fields = schema_fields(cls)
    if keys is not None:
        if sorted(keys) != sorted(fields):
            raise TypeError(f"{cls.__name__}: keys= must name each key once: {sorted(fields)}")
        fields = {key: fields[key] for key in keys}
    renamed = {f.metadata[KEY]: f.name for f in dataclasses.fields(cls) if KEY in f.metadata}
    build: Callable[..., Any] = cls
    if extra is not None or renamed:
        known = {f.name for f in dataclasses.fields(cls)} - {extra}
        build = _builder(cls, extra, known, renamed)
    return Record(name, fields, build, check, doc)


def _builder(
    cls: type, extra: str | None, known: set[str], renamed: dict[str, str]
) -> Callable[..., Any]:
    """cls(**values) with each renamed key given to its field, and the values of keys `cls`
    has no field for gathered in its `extra` dict."""

    def build(**values: Any) -> Any:
        named = {renamed.get(k, k): v for k, v in values.items()} if renamed else values
        if extra is None:
            return cls(**named)
        gathered = {k: v for k, v in named.items() if k not in known}
        for k in gathered:
            del named[k]
        named[extra] = gathered
        return cls(**named)

    build.__qualname__ = build.__name__ = cls.__name__
    build.__wrapped__ = cls  # type: ignore[attr-defined]  # the class it builds
    return build
