"""Seeded simulations computed once per process for the same inputs.

A simulation's result depends only on its inputs (the game's data reduced to plain values, the
number of runs and the seed), so a process that checks or builds the same kit again (`check`
then `build`, a test suite, `serve`) reuses it. The key is the inputs' content: dataclasses,
dicts, lists, tuples, numbers, text; an input of any other kind is never cached (its content
cannot be told apart safely). Callers get a fresh copy of what they may change.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

MAX_ENTRIES = 32
_PLAIN = (str, int, bool, type(None))
_results: dict[Hashable, Any] = {}


class _Opaque(Exception):
    """An input whose content cannot be keyed."""


def content_key(value: Any) -> Hashable:
    """A hashable key equal for inputs of equal content (raises _Opaque for other inputs)."""
    if isinstance(value, _PLAIN):
        return (type(value).__name__, value)
    if isinstance(value, float):
        return ("float", repr(value))  # tells -0.0 from 0.0, and a nan equals a nan
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(content_key(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((content_key(k), content_key(v)) for k, v in value.items()))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f for f in dataclasses.fields(value) if f.compare]
        return (
            type(value).__qualname__,
            tuple((f.name, content_key(getattr(value, f.name))) for f in fields),
        )
    raise _Opaque(type(value).__name__)


def remembered(
    name: str, inputs: tuple[Any, ...], compute: Callable[[], T], copy: Callable[[T], T]
) -> T:
    """`compute()`, or a `copy` of its result for the same `name` and `inputs` earlier in this
    process. The oldest result is forgotten beyond MAX_ENTRIES."""
    try:
        key = (name, content_key(inputs))
    except _Opaque:
        return compute()
    if key not in _results:
        if len(_results) >= MAX_ENTRIES:
            del _results[next(iter(_results))]
        _results[key] = compute()
    return copy(_results[key])
