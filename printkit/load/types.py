"""The base of the schema language: a `Type` checks one YAML value, converts it, and describes
itself in words (for messages) and as JSON Schema; `Context` collects every error with its
position. The scalar types are in scalars.py, lists and maps in containers.py, records in
schema.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Any, ClassVar, Literal

from printkit.core.errors import Collector, Location, printable
from printkit.core.fieldwise import fieldwise
from printkit.load.yamlsafe import Document, PathKey

Shape = Literal["scalar", "list", "map"]


class Invalid(Exception):
    """Raised by a type's `convert` when a value does not fit; `expected` completes 'must be ...'."""

    def __init__(self, expected: str, *, at_key: bool = False) -> None:
        super().__init__(expected)
        self.expected = expected
        self.at_key = at_key


@fieldwise
class Context:
    """What validation needs besides the value: the document (for positions) and the collector."""

    doc: Document
    errors: Collector = field(default_factory=Collector)
    # one tuple for each path that records sit under (see sources.attach_source)
    paths: dict[PathKey, PathKey] = field(default_factory=dict, repr=False)

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


def key_name(path: PathKey) -> str:
    for part in reversed(path):
        if isinstance(part, str):
            return printable(part) if part.strip() else repr(part)
    return "value"


class Type:
    """Base class: subclasses implement convert(), describe() and json()."""

    doc: str = ""
    shape: ClassVar[Shape] = "scalar"  # the YAML node it reads; `Either` chooses by it

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        try:
            return self.convert(value, ctx, path)
        except Invalid as exc:
            ctx.error(
                path,
                f"{key_name(path)} must be {exc.expected}; got {describe_found(value)}",
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
