"""Where a validated record was written: each record object carries its own position and those
of its fields and keys, looked up only when a message needs them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from printkit.core.errors import UNPLACED, Location
from printkit.load.types import Context
from printkit.load.yamlsafe import Document, PathKey


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


def attach_source(obj: Any, ctx: Context, path: PathKey, raw: dict) -> None:
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
