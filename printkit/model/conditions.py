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

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.load.types import Invalid, Type

if TYPE_CHECKING:
    from printkit.model.condition_tree import Compare

Literal = str | float | bool
ORDER_OPS = ("<", "<=", ">", ">=")
OPS = ("==", "!=", *ORDER_OPS)
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


def number(value: Any) -> float | None:
    """A value compared as a number (never a boolean); None for any other."""
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
    a, b = number(given), number(literal)
    if a is not None and b is not None:
        return a == b
    return _word(given) == _word(literal)


def _word(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def parse_condition(text: str) -> Condition:
    """The condition a string says; Invalid (naming what is wrong) when it says none."""
    # imported here, only when a face has a condition: its parse tree's classes (start-up)
    from printkit.model import condition_tree

    return condition_tree.parse_condition(text)


def condition_of_map(value: dict) -> Condition:
    """`{field: value, ...}`: every field equals its value (a list: any of its values)."""
    # imported here, only when a face has a condition: its parse tree's classes (start-up)
    from printkit.model import condition_tree

    return condition_tree.condition_of_map(value)


@fieldwise
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
