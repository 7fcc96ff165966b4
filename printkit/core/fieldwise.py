"""The equality, hash and repr a dataclass makes, shared by every class that asks for them.

`@dataclass` writes each class's `__eq__`, `__repr__` and (for a frozen one) `__hash__` as
source text and compiles it at every start: about a million instructions a class, and a build
creates over a hundred (docs/performance.md). A class declared
`@dataclass(eq=False, repr=False)` (`frozen=True` as before where it is a value) with
`@fieldwise` above it gets the same methods from the three functions below instead, compiled
once with this module: field by field, in the fields' order, honouring each field's `compare`,
`hash` and `repr`; equal only to an instance of the same class (ordered, when the class names
`fields_lt` and the others as its `__lt__`...); a frozen class hashes its
compared fields, a mutable one has no hash; a repr that meets itself shows "...". It stays a
dataclass (`fields`, `replace`, `asdict` work as before). A method the class writes itself is
kept.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T", bound=type)

_Getter = Callable[[Any], tuple[Any, ...]]
_COMPARED: dict[type, _Getter] = {}  # class -> its compared fields' values, as a tuple
_HASHED: dict[type, _Getter] = {}  # class -> its hashed fields' values, as a tuple
_SHOWN: dict[type, tuple[str, ...]] = {}  # class -> the names of the fields its repr shows


def fieldwise(cls: T) -> T:
    """Class decorator (above `@dataclass(eq=False, repr=False)`): give the dataclass the
    `__eq__`, `__hash__` and `__repr__` @dataclass would have made, from the shared functions."""
    params = cls.__dict__["__dataclass_params__"]
    if not params.eq and "__eq__" not in cls.__dict__:
        cls.__eq__ = fields_eq  # type: ignore[assignment]
        # as @dataclass(eq=True) sets it: a frozen class hashes its fields, a mutable one none
        cls.__hash__ = fields_hash if params.frozen else None  # type: ignore[assignment]
    if not params.repr and "__repr__" not in cls.__dict__:
        cls.__repr__ = fields_repr  # type: ignore[assignment]
    return cls


def _getter(memo: dict[type, _Getter], cls: type, chosen: Callable[[Any], bool]) -> _Getter:
    getter = memo.get(cls)
    if getter is None:
        names = [f.name for f in dataclasses.fields(cls) if chosen(f)]
        if not names:
            getter = _nothing
        elif len(names) == 1:
            getter = _one(attrgetter(names[0]))  # attrgetter of one name gives no tuple
        else:
            getter = attrgetter(*names)
        memo[cls] = getter
    return getter


def _nothing(obj: Any) -> tuple[Any, ...]:
    return ()


def _one(get: Callable[[Any], Any]) -> _Getter:
    return lambda obj: (get(obj),)


def _compared(f: dataclasses.Field) -> bool:
    return f.compare


def _hashed(f: dataclasses.Field) -> bool:
    return f.compare if f.hash is None else bool(f.hash)


def fields_eq(self: Any, other: Any) -> Any:
    """A dataclass's __eq__: the compared fields of two instances of the same class, in
    order; NotImplemented for anything else."""
    if other.__class__ is not self.__class__:
        return NotImplemented
    values = _getter(_COMPARED, self.__class__, _compared)
    return values(self) == values(other)


def fields_hash(self: Any) -> int:
    """A frozen dataclass's __hash__: the hash of its hashed fields' values as a tuple."""
    return hash(_getter(_HASHED, self.__class__, _hashed)(self))


def _ordering(compare: Callable[[tuple[Any, ...], tuple[Any, ...]], bool]) -> Callable[..., Any]:
    def method(self: Any, other: Any) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        values = _getter(_COMPARED, self.__class__, _compared)
        return compare(values(self), values(other))

    return method


# What @dataclass(order=True) makes, for a class that names them in its body (`__lt__ =
# fields_lt`...): its compared fields' values, as tuples, compared in order.
fields_lt = _ordering(operator.lt)
fields_le = _ordering(operator.le)
fields_gt = _ordering(operator.gt)
fields_ge = _ordering(operator.ge)


@reprlib.recursive_repr()
def fields_repr(self: Any) -> str:
    """A dataclass's __repr__: `Name(field=value, ...)`."""
    names = _SHOWN.get(self.__class__)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(self) if f.repr)
        _SHOWN[self.__class__] = names
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
    return f"{self.__class__.__qualname__}({shown})"
