"""Conditions on a piece's fields: `when:` draws a face element only on the pieces it holds for.

A small language read by a parser of its own (never `eval`): a condition is a map
(`{pick: 2}`: every key equals its value; a list value means any of them) or a string:

    pick == 2            suit in [hearts, diamonds]      not elite
    strength >= 3 and side != back                   rank not in [J, Q, K]
    (a or b) and not c   flagged        # a bare field: given, and not false, 0 or empty

Comparisons are ==, !=, <, <=, >, >= (`=` reads as ==), `in` and `not in` a [list]; values
are numbers, true/false, quoted strings or single words. A field a piece does not give is
unequal to everything and compares neither less nor greater. `check` reads every field a
condition names and every value it compares (`comparisons()`), so a misspelt one is a
located error, not a mark that never shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from printkit.load.types import Invalid, Type

Literal = str | float | bool
ORDER_OPS = ("<", "<=", ">", ">=")
OPS = ("==", "!=", *ORDER_OPS)
TOKEN = re.compile(
    r"\s*(?:(?P<num>[+-]?\d+(?:\.\d+)?)(?![A-Za-z_])|(?P<str>\"[^\"]*\"|'[^']*')"
    r"|(?P<op>==|!=|<=|>=|<|>|=)|(?P<punct>[()\[\],])|(?P<word>[A-Za-z_][A-Za-z0-9_.\-]*))"
)
CONDITION_DOC = (
    "draw the element only on the pieces where this holds: a map ({pick: 2}; a list: any of "
    'its values) or a condition ("pick == 2", "suit in [hearts, diamonds]", "not elite", '
    '"strength >= 3 and side != back"); see "A face from the card\'s own data" in docs/data-format.md'
)


class Condition:
    """A condition on a piece's fields (see the module's docs)."""

    text: str = ""

    def holds(self, values: Any) -> bool:
        raise NotImplementedError

    def comparisons(self) -> Iterator[Compare]:
        """Every field test in it, for `check` (a bare field is `Compare(name, "?", True)`)."""
        raise NotImplementedError

    def names(self) -> set[str]:
        return {c.name for c in self.comparisons()}


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    return None


def same(given: Any, literal: Literal) -> bool:
    """A field's value equals a condition's value: numbers by value, words as written."""
    if given is None:
        return False
    if isinstance(literal, bool) or isinstance(given, bool):
        return isinstance(given, bool) and isinstance(literal, bool) and given == literal
    a, b = _number(given), _number(literal)
    if a is not None and b is not None:
        return a == b
    return _word(given) == _word(literal)


def _word(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True)
class Compare(Condition):
    name: str
    op: str  # one of OPS, or "?" for a bare field
    value: Literal = True

    def holds(self, values: Any) -> bool:
        given = values.get(self.name)
        if self.op == "?":
            return given not in (None, "", 0, False)
        if self.op == "==":
            return same(given, self.value)
        if self.op == "!=":
            return not same(given, self.value)
        a, b = _number(given), _number(self.value)
        if a is None or b is None:
            return False
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[self.op]

    def comparisons(self) -> Iterator[Compare]:
        yield self


@dataclass(frozen=True)
class Member(Condition):
    name: str
    values: tuple[Literal, ...]
    negate: bool = False

    def holds(self, values: Any) -> bool:
        given = values.get(self.name)
        return any(same(given, v) for v in self.values) != self.negate

    def comparisons(self) -> Iterator[Compare]:
        for v in self.values:
            yield Compare(self.name, "!=" if self.negate else "==", v)


@dataclass(frozen=True)
class Not(Condition):
    inner: Condition

    def holds(self, values: Any) -> bool:
        return not self.inner.holds(values)

    def comparisons(self) -> Iterator[Compare]:
        yield from self.inner.comparisons()


@dataclass(frozen=True)
class AllOf(Condition):
    parts: tuple[Condition, ...]

    def holds(self, values: Any) -> bool:
        return all(p.holds(values) for p in self.parts)

    def comparisons(self) -> Iterator[Compare]:
        for p in self.parts:
            yield from p.comparisons()


@dataclass(frozen=True)
class AnyOf(Condition):
    parts: tuple[Condition, ...]

    def holds(self, values: Any) -> bool:
        return any(p.holds(values) for p in self.parts)

    def comparisons(self) -> Iterator[Compare]:
        for p in self.parts:
            yield from p.comparisons()


def tokens(text: str) -> list[tuple[str, str]]:
    """(kind, text) of each token; Invalid at the first character that starts none."""
    out: list[tuple[str, str]] = []
    at = 0
    while text[at:].strip():
        match = TOKEN.match(text, at)
        if match is None or match.lastgroup is None:
            raise Invalid(f"a condition; {text[at:].strip()[:20]!r} is not a field, value or "
                          "operator")  # fmt: skip
        out.append((match.lastgroup, match.group(match.lastgroup)))
        at = match.end()
    return out


class _Parser:
    """Recursive descent over the tokens: or > and > not > comparison."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokens(text)
        self.at = 0

    def fail(self, what: str) -> Invalid:
        found = self.tokens[self.at][1] if self.at < len(self.tokens) else "the end"
        return Invalid(f'a condition like "pick == 2" ({what}, found {found!r})')

    def peek(self) -> str | None:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        if self.at >= len(self.tokens):
            raise self.fail("it ends too soon")
        self.at += 1
        return self.tokens[self.at - 1]

    def parse(self) -> Condition:
        if not self.tokens:
            raise Invalid('a condition like "pick == 2" (it is empty)')
        found = self.either()
        if self.at != len(self.tokens):
            raise self.fail("expected and, or, or the end")
        return found

    def either(self) -> Condition:
        parts = [self.both()]
        while self.peek() == "or":
            self.take()
            parts.append(self.both())
        return parts[0] if len(parts) == 1 else AnyOf(tuple(parts))

    def both(self) -> Condition:
        parts = [self.negated()]
        while self.peek() == "and":
            self.take()
            parts.append(self.negated())
        return parts[0] if len(parts) == 1 else AllOf(tuple(parts))

    def negated(self) -> Condition:
        if self.peek() == "not":
            self.take()
            return Not(self.negated())
        if self.peek() == "(":
            self.take()
            inner = self.either()
            if self.peek() != ")":
                raise self.fail("expected )")
            self.take()
            return inner
        return self.comparison()

    def comparison(self) -> Condition:
        kind, name = self.take()
        if kind != "word" or name in ("and", "or", "not", "in", "true", "false"):
            self.at -= 1
            raise self.fail("expected a field name")
        following = self.peek()
        if following in ("=", *OPS):
            op = self.take()[1]
            return Compare(name, "==" if op == "=" else op, self.value())
        if following == "in" or (following == "not" and self._next_is("in")):
            negate = self.take()[1] == "not"
            if negate:
                self.take()
            return Member(name, self.values(), negate)
        return Compare(name, "?")

    def _next_is(self, word: str) -> bool:
        return self.at + 1 < len(self.tokens) and self.tokens[self.at + 1][1] == word

    def values(self) -> tuple[Literal, ...]:
        if self.take()[1] != "[":
            self.at -= 1
            raise self.fail("expected a [list] after in")
        out = [self.value()]
        while self.peek() == ",":
            self.take()
            out.append(self.value())
        if self.peek() != "]":
            raise self.fail("expected , or ]")
        self.take()
        return tuple(out)

    def value(self) -> Literal:
        kind, text = self.take()
        if kind == "num":
            return float(text)
        if kind == "str":
            return text[1:-1]
        if kind == "word" and text in ("true", "false"):
            return text == "true"
        if kind == "word" and text not in ("and", "or", "not", "in"):
            return text
        self.at -= 1
        raise self.fail("expected a value")


def parse_condition(text: str) -> Condition:
    """The condition a string says; Invalid (naming what is wrong) when it says none."""
    found = _Parser(text).parse()
    object.__setattr__(found, "text", text)
    return found


def _literal(value: Any) -> Literal:
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int | float):
        return float(value)
    raise Invalid("a map of field: value (a number, word or true/false, or a list of them)")


def condition_of_map(value: dict) -> Condition:
    """`{field: value, ...}`: every field equals its value (a list: any of its values)."""
    if not value:
        raise Invalid("a map of field: value with at least one field")
    parts: list[Condition] = []
    for name, wanted in value.items():
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise Invalid(f"a map of field names to values ({name!r} is not a field name)")
        if isinstance(wanted, list):
            parts.append(Member(name, tuple(_literal(v) for v in wanted)))
        else:
            parts.append(Compare(name, "==", _literal(wanted)))
    found = parts[0] if len(parts) == 1 else AllOf(tuple(parts))
    object.__setattr__(found, "text", ", ".join(f"{k}: {v}" for k, v in value.items()))
    return found


@dataclass
class ConditionType(Type):
    """The schema type of `when:`: a condition string or a map of field: value."""

    doc: str = CONDITION_DOC

    def validate(self, value: Any, ctx: Any, path: Any) -> Any:
        if isinstance(value, dict):
            try:
                return condition_of_map(value)
            except Invalid as exc:
                ctx.error(path, f"when must be {exc.expected}")
                return None
        return super().validate(value, ctx, path)

    def convert(self, value: Any, ctx: Any, path: Any) -> Any:
        if not isinstance(value, str):
            raise Invalid('a condition like "pick == 2", or a map like {pick: 2}')
        return parse_condition(value)

    def describe(self) -> str:
        return 'a condition like "pick == 2" or "suit in [hearts, diamonds]", or a map {pick: 2}'

    def json(self) -> dict:
        return {
            "anyOf": [{"type": "string", "minLength": 1}, {"type": "object", "minProperties": 1}]
        }

    def show(self, value: Any) -> Any:
        return value.text if isinstance(value, Condition) else value
