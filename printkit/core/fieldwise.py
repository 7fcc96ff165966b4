"""The methods a dataclass makes, shared by every class that asks for them.

`@dataclass` writes each class's `__init__`, `__eq__`, `__repr__` and (for a frozen one)
`__hash__`, `__setattr__` and `__delattr__` as source text and compiles it at every start, for
every such class a build creates (their cost: docs/performance.md). A class declared with
`@fieldwise` (or `@fieldwise(frozen=True, kw_only=True, slots=True)`, the arguments of
`@dataclass` it may take) instead of `@dataclass` is a dataclass whose methods come from the
shared functions below, compiled once with this module:

- `__init__` takes the fields as `@dataclass` would: in order, by position or by keyword
  (keyword only where `kw_only`), each default or `default_factory` where none is given, the
  `init=False` fields set to theirs, then `__post_init__`; the same TypeErrors for a missing,
  repeated or unknown argument;
- `__eq__`, `__hash__` and `__repr__` go field by field, in the fields' order, honouring each
  field's `compare`, `hash` and `repr`; equal only to an instance of the same class (ordered,
  when the class names `fields_lt` and the others as its `__lt__`...); a frozen class hashes its
  compared fields, a mutable one has no hash; a repr that meets itself shows "...";
- a frozen class refuses `setattr` and `del` of its instances with `FrozenInstanceError`.

It stays a dataclass (`fields`, `replace`, `asdict` work as before), so type checkers see it as
one (`dataclass_transform`). A method the class writes itself is kept: a class made millions of
times may write its own `__init__`, as plain code costs nothing to start. `fieldwise(cls)` on a
class `@dataclass` has made already gives it the shared equality, hash and repr only.
"""

from __future__ import annotations

import copy
import dataclasses
import operator
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T", bound=type)

_Getter = Callable[[Any], tuple[Any, ...]]
_COMPARED: dict[type, _Getter] = {}  # class -> its compared fields' values, as a tuple
_HASHED: dict[type, _Getter] = {}  # class -> its hashed fields' values, as a tuple
_SHOWN: dict[type, tuple[str, ...]] = {}  # class -> the names of the fields its repr shows


@overload
def fieldwise(cls: T, /) -> T: ...


@overload
def fieldwise(
    *, frozen: bool = False, kw_only: bool = False, slots: bool = False
) -> Callable[[T], T]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def fieldwise(
    cls: T | None = None, /, *, frozen: bool = False, kw_only: bool = False, slots: bool = False
) -> T | Callable[[T], T]:
    """Class decorator: make the class a dataclass with the shared methods (the module's
    docstring); on a class `@dataclass` has made already, give it the shared equality, hash
    and repr."""

    def make(cls: T) -> T:
        if "__dataclass_fields__" in cls.__dict__:
            return _shared_comparison(cls, cls.__dict__["__dataclass_params__"].frozen)
        return _shared_comparison(_dataclass(cls, frozen, kw_only, slots), frozen)

    return make if cls is None else make(cls)


def _dataclass(cls: Any, frozen: bool, kw_only: bool, slots: bool) -> Any:
    """`cls` made a dataclass by @dataclass, which makes none of its methods but (for a frozen
    class below a frozen dataclass, as it insists) the frozen ones."""
    undocumented = not cls.__dict__.get("__doc__")
    if undocumented:  # not worded by @dataclass, which asks inspect for a signature
        cls.__doc__ = cls.__name__
    below_frozen = any(
        getattr(base, "__dataclass_params__", None) and base.__dataclass_params__.frozen
        for base in cls.__mro__[1:]
    )
    made: Any = dataclasses.dataclass(
        init=False,
        repr=False,
        eq=False,
        frozen=frozen and below_frozen,
        kw_only=kw_only,
        slots=slots,
    )(cls)
    if undocumented:  # what @dataclass would say, without the types
        names = ", ".join(f.name for f in dataclasses.fields(made) if f.init)
        made.__doc__ = f"{made.__name__}({names})"
    if "__init__" not in made.__dict__:
        made.__init__ = fields_init
    if frozen and not below_frozen:
        # said as @dataclass says it, so that a dataclass below it must be frozen too
        params = copy.copy(made.__dict__["__dataclass_params__"])
        params.frozen = True
        made.__dataclass_params__ = params
        if "__setattr__" not in made.__dict__:
            made.__setattr__ = frozen_setattr
        if "__delattr__" not in made.__dict__:
            made.__delattr__ = frozen_delattr
    return made


def _shared_comparison(cls: T, frozen: bool) -> T:
    params = cls.__dict__["__dataclass_params__"]
    if not params.eq and "__eq__" not in cls.__dict__:
        cls.__eq__ = fields_eq  # type: ignore[assignment]
        # as @dataclass(eq=True) sets it: a frozen class hashes its fields, a mutable one none
        cls.__hash__ = fields_hash if frozen else None  # type: ignore[assignment]
    if not params.repr and "__repr__" not in cls.__dict__:
        cls.__repr__ = fields_repr  # type: ignore[assignment]
    return cls


_NO_DEFAULT: Any = dataclasses.MISSING
# class -> (the names taken by position, every __init__ parameter's (name, default, factory),
# the names of those, the init=False fields' (name, default, factory), the setter, post-init?)
_Plan = tuple[
    tuple[str, ...],
    tuple[tuple[str, Any, Any], ...],
    frozenset[str],
    tuple[tuple[str, Any, Any], ...],
    Callable[[Any, str, Any], None],
    bool,
]
_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    params: list[tuple[str, Any, Any]] = []
    positional: list[str] = []
    fixed: list[tuple[str, Any, Any]] = []
    for f in dataclasses.fields(cls):
        factory = None if f.default_factory is dataclasses.MISSING else f.default_factory
        entry = (f.name, f.default, factory)
        if not f.init:
            if factory is not None or f.default is not dataclasses.MISSING:
                fixed.append(entry)
            continue
        params.append(entry)
        if not f.kw_only:
            positional.append(f.name)
    put = object.__setattr__ if cls.__dataclass_params__.frozen else setattr  # type: ignore[attr-defined]
    plan = (
        tuple(positional),
        tuple(params),
        frozenset(name for name, _, _ in params),
        tuple(fixed),
        put,
        hasattr(cls, "__post_init__"),
    )
    _PLANS[cls] = plan
    return plan


def fields_init(self: Any, /, *args: Any, **kwargs: Any) -> None:
    """A dataclass's __init__: every field from the arguments, its default or its factory."""
    cls = self.__class__
    positional, params, names, fixed, put, post_init = _PLANS.get(cls) or _plan(cls)
    given = kwargs
    if args or not names.issuperset(kwargs):
        given = _arguments(cls, positional, names, args, kwargs)
    for name, default, factory in params:
        if name in given:
            put(self, name, given[name])
        elif factory is not None:
            put(self, name, factory())
        elif default is not _NO_DEFAULT:
            put(self, name, default)
        else:
            kind = "positional" if name in positional else "keyword-only"
            raise TypeError(
                f"{cls.__qualname__}.__init__() missing 1 required {kind} argument: {name!r}"
            )
    for name, default, factory in fixed:
        put(self, name, default if factory is None else factory())
    if post_init:
        self.__post_init__()


def _arguments(
    cls: type, positional: tuple[str, ...], names: frozenset[str], args: tuple, kwargs: dict
) -> dict[str, Any]:
    """The arguments by name, positional ones included; a TypeError as Python words it for an
    argument too many, given twice or unknown."""
    if len(args) > len(positional):
        raise TypeError(
            f"{cls.__qualname__}.__init__() takes {len(positional) + 1} positional arguments "
            f"but {len(args) + 1} were given"
        )
    given = dict(zip(positional, args, strict=False))
    if kwargs:
        for name in kwargs:
            if name in given:
                raise TypeError(
                    f"{cls.__qualname__}.__init__() got multiple values for argument {name!r}"
                )
            if name not in names:
                raise TypeError(
                    f"{cls.__qualname__}.__init__() got an unexpected keyword argument {name!r}"
                )
        given.update(kwargs)
    return given


def frozen_setattr(self: Any, name: str, value: Any) -> None:
    """A frozen dataclass's __setattr__: no attribute of an instance is set after __init__."""
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def frozen_delattr(self: Any, name: str) -> None:
    """A frozen dataclass's __delattr__: no attribute of an instance is deleted."""
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


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
