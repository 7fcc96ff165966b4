"""Container types of the schema language: lists, maps of user-chosen names, and values that may
take one of several shapes."""

from __future__ import annotations

from dataclasses import field
from typing import Any, ClassVar

from printkit.core.fieldwise import fieldwise
from printkit.core.words import close_matches
from printkit.load.scalars import Id, Str
from printkit.load.types import Context, Invalid, Shape, Type, describe_found, key_name
from printkit.load.yamlsafe import PathKey


@fieldwise
class ListOf(Type):
    shape: ClassVar[Shape] = "list"

    item: Type = field(default_factory=lambda: Str())
    min_items: int = 0
    max_items: int = 100_000
    doc: str = ""

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if not isinstance(value, list):
            if value is None and self.min_items == 0:
                return []
            ctx.error(
                path, f"{key_name(path)} must be {self.describe()}; got {describe_found(value)}"
            )
            return []
        if not (self.min_items <= len(value) <= self.max_items):
            ctx.error(
                path,
                f"{key_name(path)} must have {self.min_items} to {self.max_items} items; "
                f"got {len(value)}",
            )
        return [self.item.validate(v, ctx, (*path, i)) for i, v in enumerate(value)]

    def describe(self) -> str:
        return f"a list of {self.item.describe()}"

    def json(self) -> dict:
        out = {"type": "array", "items": self.item.json(), "minItems": self.min_items}
        out["maxItems"] = self.max_items
        return out


@fieldwise
class MapOf(Type):
    """A map whose keys are names chosen by the user (e.g. card kinds) and values of one type."""

    shape: ClassVar[Shape] = "map"

    value: Type = field(default_factory=lambda: Str())
    key: Type = field(default_factory=lambda: Id())
    min_items: int = 0
    doc: str = ""

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if not isinstance(value, dict):
            if value is None and self.min_items == 0:
                return {}
            ctx.error(
                path, f"{key_name(path)} must be {self.describe()}; got {describe_found(value)}"
            )
            return {}
        if len(value) < self.min_items:
            ctx.error(path, f"{key_name(path)} needs at least {self.min_items} entries")
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


@fieldwise
class Either(Type):
    """A value that may take one of several shapes, told apart by its YAML type."""

    options: tuple[Type, ...] = ()
    doc: str = ""

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        for option in self.options:
            if _shape_matches(option.shape, value):
                return option.validate(value, ctx, path)
        ctx.error(path, f"{key_name(path)} must be {self.describe()}; got {describe_found(value)}")
        return None

    def describe(self) -> str:
        return " or ".join(o.describe() for o in self.options)

    def json(self) -> dict:
        return {"anyOf": [o.json() for o in self.options]}


def _shape_matches(shape: str, value: Any) -> bool:
    if shape == "map":
        return isinstance(value, dict)
    if shape == "list":
        return isinstance(value, list)
    return not isinstance(value, dict | list)


class Tags(Type):
    """A map that is one of several kinds told apart by its `element:`, whose kinds are known
    only when it is used (model/face.ElementType: the face element kinds in use): `Tagged`
    takes it as one of its options."""

    def tags(self) -> tuple[str, ...]:
        """Every `element:` value it takes now."""
        raise NotImplementedError

    def knows(self, name: str) -> bool:
        """Whether it takes `element: name` (without listing every value it takes)."""
        raise NotImplementedError


@fieldwise
class Tagged(Either):
    """A map that is one of several records, told apart by the value of one key (`tag`): a face
    element by its `element:`. Each option's `tag` field is a Choice of the values it takes."""

    tag: str = "element"

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if isinstance(value, dict) and value.get(self.tag) is not None:
            name = str(value[self.tag])
            for option in self.options:  # the records first, then the unions of kinds
                if not isinstance(option, Tags) and name in self._values(option):
                    return option.validate(value, ctx, path)
            for option in self.options:
                if isinstance(option, Tags) and option.knows(name):
                    return option.validate(value, ctx, path)
            close = close_matches(str(value[self.tag]), self.tags(), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            ctx.error(
                (*path, self.tag),
                f"{self.tag} must be one of {', '.join(self.tags())}{hint}; "
                f"got {value[self.tag]!r}",
            )
            return None
        return self.options[0].validate(value, ctx, path)

    def _values(self, option: Type) -> tuple[str, ...]:
        if isinstance(option, Tags):  # a union of its own (every face element kind)
            return option.tags()
        field_ = getattr(option, "fields", {}).get(self.tag)
        return tuple(getattr(field_.type, "values", ())) if field_ is not None else ()

    def tags(self) -> list[str]:
        """Every value the tag may take, over all the options."""
        return [v for option in self.options for v in self._values(option)]

    def json(self) -> dict:
        return {"oneOf": [o.json() for o in self.options]}
