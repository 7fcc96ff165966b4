"""A small typed schema: one definition gives both validation (with locations) and JSON Schema.

Each type checks a plain YAML value, converts it (a length like "63mm" becomes points), and
describes itself in words for error messages and as JSON Schema for editors. Because the
validator and `printkit schema` read the same objects, they cannot disagree.

Errors are collected, not raised one by one, so a user sees every problem of a file at once.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from printkit import limits
from printkit.errors import UNPLACED, Collector, Location, printable
from printkit.layout.units import LENGTH_PATTERN, UNIT_POINTS, parse_length
from printkit.load.yamlsafe import Document, PathKey


class Invalid(Exception):
    """Raised by a type's `convert` when a value does not fit; `expected` completes 'must be ...'."""

    def __init__(self, expected: str, *, at_key: bool = False) -> None:
        super().__init__(expected)
        self.expected = expected
        self.at_key = at_key


@dataclass
class Context:
    """What validation needs besides the value: the document (for positions) and the collector."""

    doc: Document
    errors: Collector = field(default_factory=Collector)

    def where(self, path: PathKey, *, key: bool = False) -> Location:
        return self.doc.where(path, key=key)

    def error(self, path: PathKey, message: str | Callable[[], str], *, key: bool = False) -> None:
        self.errors.add(self.where(path, key=key), message)


def describe_found(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        shown = printable(value if len(value) < 60 else value[:57] + "...")
        return f'"{shown}"'
    if isinstance(value, dict):
        return "a map"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def path_name(path: PathKey) -> str:
    """A dotted, human name for a path: cards[3].count."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + printable(str(part))
    return out or "the file"


def _key_name(path: PathKey) -> str:
    for part in reversed(path):
        if isinstance(part, str):
            return printable(part) if part.strip() else repr(part)
    return "value"


class Type:
    """Base class: subclasses implement convert(), describe() and json()."""

    doc: str = ""

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        try:
            return self.convert(value, ctx, path)
        except Invalid as exc:
            ctx.error(
                path,
                f"{_key_name(path)} must be {exc.expected}; got {describe_found(value)}",
            )
            return None

    def convert(self, value: Any, ctx: Context, path: PathKey) -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def json(self) -> dict:
        raise NotImplementedError

    def show(self, value: Any) -> Any:
        """A converted value as a user would write it (for defaults in schemas and docs)."""
        return list(value) if isinstance(value, tuple) else value


def _range_words(lo: float | None, hi: float | None, unit: str = "") -> str:
    u = f" {unit}" if unit else ""
    if lo is not None and hi is not None:
        return f" from {lo:g} to {hi:g}{u}"
    if lo is not None:
        return f" of at least {lo:g}{u}"
    if hi is not None:
        return f" of at most {hi:g}{u}"
    return ""


def _within(value: float, lo: float | None, hi: float | None, describe: Callable[[], str]):
    """`value` if it lies in [lo, hi] (either end open when None); else Invalid."""
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise Invalid(describe())
    return value


def _bounded_json(kind: str, lo: float | None, hi: float | None) -> dict:
    out: dict = {"type": kind}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


@dataclass
class Int(Type):
    min: int | None = None
    max: int | None = None
    doc: str = ""

    def convert(self, value, ctx, path):
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise Invalid(self.describe())
        return _within(value, self.min, self.max, self.describe)

    def describe(self) -> str:
        return "a whole number" + _range_words(self.min, self.max)

    def json(self) -> dict:
        return _bounded_json("integer", self.min, self.max)


@dataclass
class Number(Type):
    min: float | None = None
    max: float | None = None
    unit: str = ""
    doc: str = ""

    def convert(self, value, ctx, path):
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise Invalid(self.describe())
        return _within(value, self.min, self.max, self.describe)

    def describe(self) -> str:
        return "a number" + _range_words(self.min, self.max, self.unit)

    def json(self) -> dict:
        return _bounded_json("number", self.min, self.max)


YAML11_BOOLEAN_WORDS = {"yes", "no", "on", "off", "y", "n"}  # booleans in YAML 1.1, text now


@dataclass
class Bool(Type):
    doc: str = ""

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if isinstance(value, str) and value.lower() in YAML11_BOOLEAN_WORDS:
            ctx.error(
                path,
                f"{_key_name(path)} must be true or false; got {describe_found(value)} "
                "(YAML 1.2 reads it as text: write true or false)",
            )
            return None
        return super().validate(value, ctx, path)

    def convert(self, value, ctx, path):
        if not isinstance(value, bool):
            raise Invalid(self.describe())
        return value

    def describe(self) -> str:
        return "true or false"

    def json(self) -> dict:
        return {"type": "boolean"}


@dataclass
class Str(Type):
    min_len: int = 0
    max_len: int = 2000
    pattern: str | None = None
    pattern_words: str = ""
    doc: str = ""

    def convert(self, value, ctx, path):
        if isinstance(value, int | float) and not isinstance(value, bool) and self.pattern is None:
            # a name like 7 written without quotes is still a name; its length is not checked,
            # so that the JSON Schema (which cannot measure a number's digits) agrees
            return str(value)
        if not isinstance(value, str):
            raise Invalid(self.describe())
        if not (self.min_len <= len(value) <= self.max_len):
            raise Invalid(self.describe())
        if self.pattern and not re.fullmatch(self.pattern, value):
            raise Invalid(self.describe())
        return value

    def describe(self) -> str:
        if self.pattern_words:
            return self.pattern_words
        if self.min_len:
            return f"text of {self.min_len} to {self.max_len} characters"
        return f"text of at most {self.max_len} characters"

    def json(self) -> dict:
        # convert() accepts a plain number as text when there is no pattern: so does the schema
        out: dict = {"type": "string" if self.pattern else ["string", "number"]}
        out["maxLength"] = self.max_len
        if self.min_len:
            out["minLength"] = self.min_len
        if self.pattern:
            out["pattern"] = f"^(?:{self.pattern})$"
        return out


def Id(doc: str = "") -> Str:  # noqa: N802 - reads as a type
    return Str(
        1,
        64,
        pattern=r"[A-Za-z0-9][A-Za-z0-9_.-]*",
        pattern_words="an identifier (letters, digits, - _ .)",
        doc=doc,
    )


_PERCENT = r"\s*(?:100(?:\.0+)?|[0-9]{1,2}(?:\.[0-9]+)?)\s*"
CMYK_PATTERN = r"cmyk\(" + ",".join([_PERCENT] * 4) + r"\)"


def Color(doc: str = "") -> Str:  # noqa: N802
    """An sRGB hex colour, or CMYK percentages `cmyk(0,60,100,0)` printed as given."""
    return Str(
        4,
        80,
        pattern=r"#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})|" + CMYK_PATTERN,
        pattern_words='a colour like "#8b2d1f" or "cmyk(0,60,100,0)" (percentages)',
        doc=doc,
    )


@dataclass
class Choice(Type):
    values: tuple = ()
    doc: str = ""

    def convert(self, value, ctx, path):
        if isinstance(value, str) and value not in self.values:
            close = difflib.get_close_matches(value, [str(v) for v in self.values], n=1)
            if close:
                raise Invalid(f"{self.describe()} (did you mean {close[0]!r}?)")
        if value not in self.values or isinstance(value, bool) != any(
            isinstance(v, bool) for v in self.values if v == value
        ):
            raise Invalid(self.describe())
        return value

    def describe(self) -> str:
        words = [repr(v) if isinstance(v, str) else str(v) for v in self.values]
        return "one of " + ", ".join(words)

    def json(self) -> dict:
        return {"enum": list(self.values)}


@dataclass
class Length(Type):
    """A length: a number (millimetres) or text with a unit: "63mm", "2.5in", "12pt", "1.2cm"."""

    min_mm: float = 0.0
    max_mm: float = limits.MAX_LENGTH_MM
    allow_zero: bool = False
    doc: str = ""

    def convert(self, value, ctx, path):
        pts = parse_length(value)
        if pts is None:
            raise Invalid(self.describe())
        mm = pts / UNIT_POINTS["mm"]
        too_small = mm < self.min_mm or (mm == 0 and not self.allow_zero)
        if too_small or mm > self.max_mm:
            raise Invalid(self.describe())
        return pts

    def describe(self) -> str:
        lo = "0" if self.allow_zero else f"more than {self.min_mm:g}"
        if self.min_mm and not self.allow_zero:
            lo = f"at least {self.min_mm:g}"
        return (
            f'a length like "63mm", "2.5in" or "12pt" (plain numbers are mm), '
            f"{lo} and at most {self.max_mm:g} mm"
        )

    def json(self) -> dict:
        number: dict = {"type": "number", "minimum": self.min_mm, "maximum": self.max_mm}
        if self.min_mm == 0 and not self.allow_zero:
            number = {"type": "number", "exclusiveMinimum": 0, "maximum": self.max_mm}
        return {"anyOf": [number, {"type": "string", "pattern": LENGTH_PATTERN}]}

    def show(self, value: Any) -> Any:
        if not isinstance(value, int | float):
            return value
        millimetres = value / UNIT_POINTS["mm"]
        if abs(millimetres * 10 - round(millimetres * 10)) < 1e-6:
            return f"{round(millimetres, 1):g}mm"
        return f"{value:g}pt"


@dataclass
class ListOf(Type):
    item: Type = field(default_factory=lambda: Str())
    min_items: int = 0
    max_items: int = 100_000
    doc: str = ""

    def validate(self, value, ctx, path):
        if not isinstance(value, list):
            if value is None and self.min_items == 0:
                return []
            ctx.error(
                path, f"{_key_name(path)} must be {self.describe()}; got {describe_found(value)}"
            )
            return []
        if not (self.min_items <= len(value) <= self.max_items):
            ctx.error(
                path,
                f"{_key_name(path)} must have {self.min_items} to {self.max_items} items; "
                f"got {len(value)}",
            )
        return [self.item.validate(v, ctx, (*path, i)) for i, v in enumerate(value)]

    def describe(self) -> str:
        return f"a list of {self.item.describe()}"

    def json(self) -> dict:
        out = {"type": "array", "items": self.item.json(), "minItems": self.min_items}
        out["maxItems"] = self.max_items
        return out


@dataclass
class MapOf(Type):
    """A map whose keys are names chosen by the user (e.g. card kinds) and values of one type."""

    value: Type = field(default_factory=lambda: Str())
    key: Type = field(default_factory=lambda: Id())
    min_items: int = 0
    doc: str = ""

    def validate(self, value, ctx, path):
        if not isinstance(value, dict):
            if value is None and self.min_items == 0:
                return {}
            ctx.error(
                path, f"{_key_name(path)} must be {self.describe()}; got {describe_found(value)}"
            )
            return {}
        if len(value) < self.min_items:
            ctx.error(path, f"{_key_name(path)} needs at least {self.min_items} entries")
        out = {}
        for k, v in value.items():
            try:
                self.key.convert(k, ctx, (*path, k))
            except Invalid as exc:
                ctx.error((*path, k), f"key {k!r} must be {exc.expected}", key=True)
            out[k] = self.value.validate(v, ctx, (*path, k))
        return out

    def describe(self) -> str:
        return f"a map of names to {self.value.describe()}"

    def json(self) -> dict:
        out: dict[str, Any] = {"type": "object", "additionalProperties": self.value.json()}
        out["propertyNames"] = self.key.json()
        if self.min_items:
            out["minProperties"] = self.min_items
        return out


@dataclass
class Either(Type):
    """A value that may take one of several shapes, told apart by its YAML type."""

    options: tuple[Type, ...] = ()
    doc: str = ""

    def validate(self, value, ctx, path):
        for option in self.options:
            if _shape_matches(option, value):
                return option.validate(value, ctx, path)
        ctx.error(path, f"{_key_name(path)} must be {self.describe()}; got {describe_found(value)}")
        return None

    def describe(self) -> str:
        return " or ".join(o.describe() for o in self.options)

    def json(self) -> dict:
        return {"anyOf": [o.json() for o in self.options]}


def _shape_matches(t: Type, value: Any) -> bool:
    if isinstance(t, Record | MapOf):
        return isinstance(value, dict)
    if isinstance(t, ListOf):
        return isinstance(value, list)
    return not isinstance(value, dict | list)


@dataclass
class Field:
    """One key of a Record: its type, whether it is required, its default, and what it means."""

    type: Type
    required: bool = False
    default: Any = None
    doc: str = ""


@dataclass
class Record(Type):
    """A map with a fixed set of keys. Builds `cls(**values)` and records where it came from.

    `extra_fields` lets data declare more keys at run time (e.g. a deck's own card fields).
    `check` runs after the fields, for rules that span several keys.
    """

    name: str = "record"
    fields: dict[str, Field] = field(default_factory=dict)
    cls: Callable[..., Any] | None = None
    check: Callable[[Any, Context, PathKey], None] | None = None
    doc: str = ""

    def with_fields(self, extra: dict[str, Field], name: str | None = None) -> Record:
        return Record(name or self.name, {**self.fields, **extra}, self.cls, self.check, self.doc)

    def validate(self, value, ctx, path):
        if not isinstance(value, dict):
            ctx.error(
                path,
                f"{_key_name(path)} must be {self.describe()}; got {describe_found(value)}",
            )
            return None
        values: dict[str, Any] = {}
        for key in value:
            if key not in self.fields:
                # the message (a did-you-mean search) is made only if it will be shown
                ctx.error((*path, key), partial(self._unknown_key_message, key), key=True)
        for name, spec in self.fields.items():
            if name in value and not (value[name] is None and not spec.required):
                values[name] = spec.type.validate(value[name], ctx, (*path, name))
            elif spec.required:
                ctx.error(path, f"{path_name((*path, name))} is required but missing")
                values[name] = None
            else:
                values[name] = _copy_default(spec.default)
        obj = self.cls(**values) if self.cls else Rec(values)
        _attach_source(obj, ctx, path, value)
        if self.check and not ctx.errors.diagnostics:
            self.check(obj, ctx, path)
        return obj

    def _unknown_key_message(self, key: str) -> str:
        close = difflib.get_close_matches(str(key), list(self.fields), n=1, cutoff=0.6)
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


def describe(record: Record, docs: dict[str, str]) -> Record:
    """Give fields of `record` their meaning for the docs and editors; returns the record.

    Lets a model module keep a long block of field descriptions beside its schema without
    repeating every Field(...) call. Naming a field the record does not have is a bug.
    """
    for name, text in docs.items():
        record.fields[name].doc = text
    return record


def _copy_default(default: Any) -> Any:
    if callable(default):
        return default()
    if isinstance(default, list | dict):
        return type(default)(default)
    return default


class Rec(dict):
    """A validated map when no model class is given: keys readable as attributes."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class SourceTable(Mapping):
    """Field name -> Location of a record's fields (or keys), looked up when asked.

    A deck has thousands of records; building every Location up front cost more memory than
    the cards themselves. The document keeps the positions anyway.
    """

    __slots__ = ("_doc", "_path", "_fields", "_key")

    def __init__(self, doc: Document, path: PathKey, fields: dict, key: bool) -> None:
        self._doc, self._path, self._fields, self._key = doc, path, fields, key

    def __getitem__(self, name: str) -> Location:
        if name not in self._fields:
            raise KeyError(name)
        return self._doc.where((*self._path, name), key=self._key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)


def _attach_source(obj: Any, ctx: Context, path: PathKey, raw: dict) -> None:
    where = ctx.where(path)
    field_where = SourceTable(ctx.doc, path, raw, False)
    key_where = SourceTable(ctx.doc, path, raw, True)
    try:
        object.__setattr__(obj, "_where", where)
        object.__setattr__(obj, "_field_where", field_where)
        object.__setattr__(obj, "_key_where", key_where)
    except (AttributeError, TypeError):  # pragma: no cover - plain types cannot carry positions
        pass


SOURCE_ATTRIBUTES = ("_where", "_field_where", "_key_where")


def copy_source(source: Any, target: Any) -> Any:
    """Give `target` the source positions of the validated record `source` (when a model object
    is built from a record by hand), so `where(target, ...)` answers as `where(source, ...)`."""
    for attr in SOURCE_ATTRIBUTES:
        object.__setattr__(target, attr, getattr(source, attr))
    return target


def where(obj: Any, field_name: str | None = None, *, key: bool = False) -> Location | None:
    """Where a validated record, or one of its fields, was written."""
    base = getattr(obj, "_where", None)
    if field_name is None:
        return base
    table = getattr(obj, "_key_where" if key else "_field_where", {})
    return table.get(field_name, base)


def located(obj: Any, field_name: str | None = None, *, key: bool = False) -> Location:
    """where(), or errors.UNPLACED for a value that was not read from a file."""
    return where(obj, field_name, key=key) or UNPLACED


def validate_document(doc: Document, schema: Type) -> Any:
    """Validate a whole document; raise InputError with every problem found."""
    ctx = Context(doc)
    result = schema.validate(doc.data, ctx, ())
    ctx.errors.raise_if_any()
    return result
