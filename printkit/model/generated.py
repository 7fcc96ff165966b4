"""Generated card lists: a deck's `generate:` makes cards as the product of value lists.

    generate:
      - id: "{rank}-{suit}"
        kind: "{layout}"
        each: {suit: [spades, hearts, diamonds, clubs], rank: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]}
        by:                            # fields that follow from one value
          suit: {hearts: {suit_colour: "#c8102e"}, diamonds: {suit_colour: "#c8102e"}}
          rank: {A: {layout: ace}, J: {layout: court}, Q: {layout: court}, K: {layout: court}}
        fields: {layout: pips, suit_colour: "#1d1a16", title: "{rank} of {suit}"}

One card per combination (the first list varies slowest), each an ordinary row of `cards:`
(after the rows written out, which may add jokers and the like): its fields are the
combination's values, the fields `by` gives each of them, then `fields` (defaults for what `by`
does not say; text may use {field} placeholders of the others, a lone placeholder keeps the
value's type). The rows are made before the deck is validated, so a generated card is checked
exactly as a written one, and every value keeps the place it was written: an error in a
generated card points into `generate:`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any

from printkit.core import limits
from printkit.core.errors import Collector, fail
from printkit.core.fieldwise import fieldwise
from printkit.load.records import record, record_of, spec
from printkit.load.schema import Context, ListOf, MapOf, Record, Str
from printkit.load.yamlsafe import Document, PathKey
from printkit.model.fromdata import PLACEHOLDER, MissingValue, Scalar, fill_value, format_value

VALUE = Scalar(doc="a word, text or number, kept as written")
EACH_DOC = (
    "field -> the values it takes; one card is made for every combination (the first field "
    "varies slowest)"
)
BY_DOC = (
    "field -> one of its values -> more fields of the cards with that value (e.g. a suit's colour)"
)
FIELDS_DOC = (
    "fields of every card made, unless `by` gives them: plain values, or text with {field} "
    'placeholders of the other fields ("{rank} of {suit}"); count, title and text too'
)


@record("card generator")
@fieldwise(kw_only=True)
class Generator:
    id: str = spec(Str(1, 120), required=True, doc='each card\'s id, e.g. "{rank}-{suit}"')
    kind: str = spec(
        Str(1, 120), required=True, doc='each card\'s kind: a kind, or a placeholder "{layout}"'
    )
    each: dict[str, list[Any]] = spec(
        MapOf(ListOf(VALUE, 1, 500), min_items=1), required=True, doc=EACH_DOC
    )
    by: dict[str, dict[str, dict[str, Any]]] = spec(
        MapOf(MapOf(MapOf(VALUE))), default=dict, doc=BY_DOC
    )
    fields: dict[str, Any] = spec(MapOf(VALUE), default=dict, doc=FIELDS_DOC)


GENERATOR: Record = record_of(Generator)
GENERATE = ListOf(GENERATOR, 0, 50, doc="card lists made as the product of value lists")


def expand(doc: Document) -> Document:
    """The deck document with each generator's cards added to `cards:` (positions kept);
    the document itself when it has no `generate:`. InputError for a bad generator."""
    data = doc.data if isinstance(doc.data, dict) else {}
    if not data.get("generate"):
        return doc
    ctx = Context(doc)
    generators = GENERATE.validate(data["generate"], ctx, ("generate",))
    ctx.errors.raise_if_any()
    cards = data.get("cards")
    written: list = cards if isinstance(cards, list) else []
    _check_total(generators, len(written), doc)
    rows: list[dict] = []
    marks = dict(doc.value_marks)
    for g, generator in enumerate(generators):
        _check_by(generator, doc, g)
        for values, spots in _combinations(generator, doc, g):
            at = ("cards", len(written) + len(rows))
            marks[at] = _mark(doc, ("generate", g))
            marks.update({(*at, key): spot for key, spot in spots.items()})
            rows.append(values)
    return replace(doc, data={**data, "cards": [*written, *rows]}, value_marks=marks)


def _check_total(generators: list[Generator], written: int, doc: Document) -> None:
    """The cards written and every generator's cards together stay within MAX_CARDS_PER_DECK,
    counted from the value lists before any card is made: fifty YAML aliases of one
    20,000-card generator are refused at the generator that passes the limit, at once."""
    total = written
    for g, generator in enumerate(generators):
        made = math.prod(len(v) for v in generator.each.values())
        total += made
        if total > limits.MAX_CARDS_PER_DECK:
            raise fail(
                doc.where(("generate", g)),
                f"the deck's written and generated cards reach {total:,} at generator "
                f"{g + 1} of {len(generators)} (it makes {made:,}); the limit (MAX_CARDS_PER_DECK) is "
                f"{limits.MAX_CARDS_PER_DECK:,}",
            )


def _check_by(generator: Generator, doc: Document, g: int) -> None:
    """`by` speaks only of fields and values that `each` lists."""
    errors = Collector()
    for name, per_value in generator.by.items():
        if name not in generator.each:
            errors.add(
                doc.where(("generate", g, "by", name), key=True),
                f"by: {name!r} is not a field of `each` ({', '.join(generator.each)})",
            )
            continue
        listed = {format_value(v) for v in generator.each[name]}
        for value in per_value:
            if str(value) not in listed:
                errors.add(
                    doc.where(("generate", g, "by", name, value), key=True),
                    f"by: {value!r} is not one of {name}'s values in `each`",
                )
    errors.raise_if_any()


def _combinations(generator: Generator, doc: Document, g: int) -> list[tuple[dict, dict]]:
    """(the card's raw values, key -> packed position) for each combination, in order."""
    names = list(generator.each)
    indexes = [range(len(generator.each[n])) for n in names]
    return [_card(generator, doc, g, dict(zip(names, pick, strict=True))) for pick in
            itertools.product(*indexes)]  # fmt: skip


def _card(generator: Generator, doc: Document, g: int, pick: dict[str, int]) -> tuple[dict, dict]:
    here: PathKey = ("generate", g)
    values: dict[str, Any] = {}
    spots: dict[str, PathKey] = {}
    for name, i in pick.items():
        values[name] = generator.each[name][i]
        spots[name] = (*here, "each", name, i)
    for name, i in pick.items():
        shown = format_value(generator.each[name][i])
        for key, value in generator.by.get(name, {}).get(shown, {}).items():
            values.setdefault(key, value)
            spots.setdefault(key, (*here, "by", name, shown, key))
    for key, value in generator.fields.items():
        if key not in values:
            values[key], spots[key] = value, (*here, "fields", key)
    filled = {key: _filled(value, values, doc, spots[key]) for key, value in values.items()}
    filled["id"] = _filled(generator.id, filled, doc, (*here, "id"))
    filled["kind"] = _filled(generator.kind, filled, doc, (*here, "kind"))
    spots.update(id=(*here, "id"), kind=(*here, "kind"))
    return filled, {key: _mark(doc, path, here) for key, path in spots.items()}


def _mark(doc: Document, path: PathKey, fallback: PathKey | None = None) -> int:
    """The packed mark of the value at `path` (else at `fallback`)."""
    mark = doc.mark(path)
    if mark is None and fallback is not None:
        mark = doc.mark(fallback)
    assert mark is not None  # a generator read from YAML has a mark at every path
    return mark


def _filled(value: Any, values: dict[str, Any], doc: Document, path: PathKey) -> Any:
    """A template filled from the card's other fields (a plain value as it is)."""
    if not isinstance(value, str) or not PLACEHOLDER.search(value):
        return value
    try:
        return fill_value(value, values)
    except MissingValue as missing:
        raise fail(
            doc.where(path),
            f"placeholder {{{missing}}} names no field of the generated card; its fields are: "
            f"{', '.join(sorted(values))}",
        ) from None
