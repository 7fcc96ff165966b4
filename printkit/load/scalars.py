"""Scalar types of the schema language: numbers, booleans, text, identifiers, colours, choices
and lengths (a length is converted to points)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import cached_property
from typing import Any

from printkit.core import limits
from printkit.core.fieldwise import fieldwise
from printkit.core.words import close_matches
from printkit.layout.units import LENGTH_PATTERN, UNIT_POINTS, parse_length
from printkit.load.types import Context, Invalid, Type, describe_found, key_name
from printkit.load.yamlsafe import PathKey


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


@fieldwise
class Int(Type):
    min: int | None = None
    max: int | None = None
    doc: str = ""

    def convert(self, value: Any, ctx: Context, path: PathKey) -> Any:
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


@fieldwise
class Number(Type):
    min: float | None = None
    max: float | None = None
    unit: str = ""
    doc: str = ""

    def convert(self, value: Any, ctx: Context, path: PathKey) -> Any:
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


@fieldwise
class Bool(Type):
    doc: str = ""

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if isinstance(value, str) and value.lower() in YAML11_BOOLEAN_WORDS:
            ctx.error(
                path,
                f"{key_name(path)} must be true or false; got {describe_found(value)} "
                "(YAML 1.2 reads it as text: write true or false)",
            )
            return None
        return super().validate(value, ctx, path)

    def convert(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if not isinstance(value, bool):
            raise Invalid(self.describe())
        return value

    def describe(self) -> str:
        return "true or false"

    def json(self) -> dict:
        return {"type": "boolean"}


@fieldwise
class Str(Type):
    min_len: int = 0
    max_len: int = 2000
    pattern: str | None = None
    pattern_words: str = ""
    doc: str = ""

    def __init__(
        self,
        min_len: int = 0,
        max_len: int = 2000,
        pattern: str | None = None,
        pattern_words: str = "",
        doc: str = "",
    ) -> None:
        # its own, not the shared one (core/fieldwise.py): the most common key of a schema
        self.min_len = min_len
        self.max_len = max_len
        self.pattern = pattern
        self.pattern_words = pattern_words
        self.doc = doc

    def convert(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if not isinstance(value, str):
            if isinstance(value, int | float) and not isinstance(value, bool) and not self.pattern:
                # a name like 7 written without quotes is still a name; its length is not
                # checked, so that the JSON Schema (which cannot measure a number's digits) agrees
                return str(value)
            raise Invalid(self.describe())
        if not (self.min_len <= len(value) <= self.max_len):
            raise Invalid(self.describe())
        if self.pattern and not self._full_match(value):
            raise Invalid(self.describe())
        return value

    @cached_property
    def _full_match(self) -> Callable[[str], re.Match[str] | None]:
        """The pattern, compiled once (a deck checks it for every card's id)."""
        return re.compile(self.pattern or "").fullmatch

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


@fieldwise
class Choice(Type):
    values: tuple = ()
    doc: str = ""

    def convert(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if value.__class__ is str and value in self.values:  # the usual case: no bool is a str
            return value
        if isinstance(value, str) and value not in self.values:
            close = close_matches(value, [str(v) for v in self.values], n=1)
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


@fieldwise
class Length(Type):
    """A length: a number (millimetres) or text with a unit: "63mm", "2.5in", "12pt", "1.2cm"."""

    min_mm: float = 0.0
    max_mm: float = limits.MAX_LENGTH_MM
    allow_zero: bool = False
    doc: str = ""

    def convert(self, value: Any, ctx: Context, path: PathKey) -> Any:
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


INK_MIN, INK_MAX = 100.0, 400.0  # total ink limits a printer may ask: per cent of one ink


@fieldwise
class InkLimit(Type):
    """A total ink (area coverage) limit in per cent: 240, "240" or "240%", 100 to 400."""

    doc: str = ""

    def convert(self, value: Any, ctx: Context | None, path: PathKey) -> Any:
        text = str(value).strip().removesuffix("%").strip() if isinstance(value, str) else value
        try:
            number = float(text) if not isinstance(text, bool) else math.nan
        except (TypeError, ValueError):
            raise Invalid(self.describe()) from None
        if not INK_MIN <= number <= INK_MAX:  # also refuses nan
            raise Invalid(self.describe())
        return number

    def describe(self) -> str:
        return f'a total ink limit in per cent like 240 or "240%", {INK_MIN:g} to {INK_MAX:g}'

    def json(self) -> dict:
        number = {"type": "number", "minimum": INK_MIN, "maximum": INK_MAX}
        return {"anyOf": [number, {"type": "string", "pattern": r"^\s*[0-9.]+\s*%?\s*$"}]}

    def show(self, value: Any) -> Any:
        return f"{value:g}%" if isinstance(value, float) else value
