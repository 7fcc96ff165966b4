"""The parse tree of a `when:` condition (model/conditions.py), and the parser that makes it.

Imported when a face has a condition: a deck without any does not create these classes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from printkit.core import limits
from printkit.load.types import Invalid
from printkit.model.conditions import OPS, Condition, Literal, number, same

SPACE = re.compile(r"\s*")
TOKEN = re.compile(
    r"\s*(?:(?P<num>[+-]?\d+(?:\.\d+)?)(?![A-Za-z_])|(?P<str>\"[^\"]*\"|'[^']*')"
    r"|(?P<op>==|!=|<=|>=|<|>|=)|(?P<punct>[()\[\],])|(?P<word>[A-Za-z_][A-Za-z0-9_.\-]*))"
)


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
        a, b = number(given), number(self.value)
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
class _Joined(Condition):
    """Conditions joined by `and` or `or`: what they compare is what their parts compare."""

    parts: tuple[Condition, ...]

    def comparisons(self) -> Iterator[Compare]:
        for p in self.parts:
            yield from p.comparisons()


@dataclass(frozen=True)
class AllOf(_Joined):
    def holds(self, values: Any) -> bool:
        return all(p.holds(values) for p in self.parts)


@dataclass(frozen=True)
class AnyOf(_Joined):
    def holds(self, values: Any) -> bool:
        return any(p.holds(values) for p in self.parts)


def tokens(text: str) -> list[tuple[str, str]]:
    """(kind, text) of each token; Invalid at the first character that starts none. Each
    token is matched where the last ended, never on a copy of the rest, so time grows with the
    length of the text, not its square."""
    out: list[tuple[str, str]] = []
    at = _skip_space(text, 0)
    while at < len(text):
        match = TOKEN.match(text, at)
        if match is None or match.lastgroup is None:
            raise Invalid(f"a condition; {text[at:at + 20]!r} is not a field, value or "
                          "operator")  # fmt: skip
        out.append((match.lastgroup, match.group(match.lastgroup)))
        at = _skip_space(text, match.end())
    return out


def _skip_space(text: str, at: int) -> int:
    space = SPACE.match(text, at)
    return space.end() if space else at


class _Parser:
    """Recursive descent over the tokens: or > and > not > comparison."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokens(text)
        self.at = 0
        self.depth = 0  # `not`s and parentheses open around the current token

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
        return self.joined("or", self.both, AnyOf)

    def both(self) -> Condition:
        return self.joined("and", self.negated, AllOf)

    def joined(self, word: str, operand: Callable[[], Condition], kind: type[_Joined]) -> Condition:
        """Operands separated by `word` (and binds tighter than or), one condition if alone."""
        parts = [operand()]
        while self.peek() == word:
            self.take()
            parts.append(operand())
        return parts[0] if len(parts) == 1 else kind(tuple(parts))

    def negated(self) -> Condition:
        if self.peek() not in ("not", "("):
            return self.comparison()
        self.depth += 1
        if self.depth > limits.MAX_CONDITION_DEPTH:
            raise Invalid(
                f"a condition with at most {limits.MAX_CONDITION_DEPTH} `not`s and parentheses "
                "inside one another (the limit MAX_CONDITION_DEPTH)"
            )
        if self.take()[1] == "not":
            found: Condition = Not(self.negated())
        else:
            found = self.either()
            if self.peek() != ")":
                raise self.fail("expected )")
            self.take()
        self.depth -= 1
        return found

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
    """The condition a string says; Invalid (naming what is wrong) when it says none, or when
    it is longer than MAX_CONDITION_CHARS (checked before a token is read)."""
    if len(text) > limits.MAX_CONDITION_CHARS:
        raise Invalid(
            f"a condition of at most {limits.MAX_CONDITION_CHARS:,} characters (the limit "
            f"MAX_CONDITION_CHARS); this one has {len(text):,}"
        )
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
