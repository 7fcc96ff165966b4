"""Rules as data: legality checks a kit declares in its rules file, with no Python.

A rules file's `checks:` list holds one entry per check; `rule:` says which kind it is:

    total    the deck's card count (copies included) lies in min..max (or is `exact`)
    count    cards of a `kind`, or with `field` = `value`, number min..max / exact;
             with `field` and no `value`: every value of that field does (e.g. per faction)
    unique   no two cards share a value of `field`
    values   every card (of `kind`, if given) has `field` in `values`
    range    every card (of `kind`, if given) has a number `field` in min..max
    refers   every card's `field` names a key of the map `key` in another data `file`, or an
             item of a `component` (a map's cells: "every city stands in a hex of the map")
    deal     the deck deals `players` hands of `hand` cards (+ `extra` each) and keeps `reserve`
    among    every card (of `kind`, if given) has min..max of its `fields` equal to `value`
             (a tile's four edges: "each tile has at least one door")
    required every card (of `kind`, if given) has a value of `field`
    text     every card's `field` contains the text `contains` (any case; `{field}` in it is
             that card's field: "a row's text names its type")

Every check may have `when:`, a condition in the language of faces' `when:` (model/conditions.py,
one parser): the check then looks only at the cards for which it holds, so checks combine
fields ("a ZOMBIES row has a number": `rule: required, field: number, when: type == zombies`),
and `count` with only `when:` counts the cards that satisfy it.

Each rule kind has a fixed code (DR001...), so `printkit rules` and docs/checks.md list it;
a check's `severity` (default error) and `message` (a sentence for the players) are its own.
Findings point at the data that breaks the rule: the card, the card's value, or the deck's
`cards:` key when the whole deck is at fault. A check may look at a tile set instead of a deck
(`deck: tiles`): its tiles are the items, each counted once; or at a map (`deck: map`): its
cells (kind `hex` or `square`, fields terrain, letter, place, column, row, grid), places (kind:
their symbol, e.g. `city`; fields at, label, terrain), track spaces (kind `space`) and
connection points (kind `point`) are the items.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from printkit.checks.data_items import (
    ScalarText,
    column,
    copies,
    first_deck,
    item_list,
    item_word,
    items,
    items_word,
    named,
    shown,
    total,
)
from printkit.checks.findings import Finding, RuleSet
from printkit.core.errors import Location
from printkit.core.fieldwise import fieldwise
from printkit.load.records import record, record_of, spec
from printkit.load.schema import Choice, Field, Id, Int, ListOf, Number, Record, Str, where
from printkit.model.conditions import Condition, ConditionType

RULE_KINDS = (
    "total",
    "count",
    "unique",
    "values",
    "range",
    "refers",
    "deal",
    "among",
    "required",
    "text",
)
SHEETS = (".csv", ".xlsx", ".ods")  # a card read from one of these is named by its row too


@record("data check")
@fieldwise(kw_only=True)
class DataCheck:
    """One entry of a rules file's `checks:` (also its schema: load/records.py)."""

    rule: str = spec(Choice(RULE_KINDS), required=True, doc="which kind of check (see above)")
    severity: str = spec(Choice(("error", "warning", "info")), default="error")
    message: str = spec(Str(0, 300), default="", doc="why the rule exists, added to a finding")
    deck: str | None = spec(
        Id(), doc="the deck (or tile set) checked (default: the kit's first deck)"
    )
    kind: str | None = spec(Id(), doc="only cards of this kind (count: the kind counted)")
    field: str | None = spec(Id(), doc="the card field checked (`kind` and `id` work too)")
    fields: list[str] | None = spec(
        ListOf(Id(), 1, 50),
        doc="among: the fields counted on each card (a tile's edges: [top, right, bottom, left])",
    )
    value: str | None = spec(ScalarText(1, 120), doc="count: cards whose field has this value")
    min: float | None = spec(Number(0, 1_000_000), doc="total, count, range: the least allowed")
    max: float | None = spec(Number(0, 1_000_000), doc="total, count, range: the most allowed")
    exact: int | None = spec(Int(0, 1_000_000), doc="total, count: exactly this many")
    values: list[str] | None = spec(ListOf(Str(0, 120), 1, 1000), doc="values: the allowed values")
    file: str | None = spec(Str(1, 255), doc="refers: the data file whose keys the field names")
    key: str | None = spec(Str(1, 80), doc="refers: the map in that file (default: its top level)")
    component: str | None = spec(
        Id(), doc="refers: instead of a file, the component whose items' ids the field names"
    )
    component_kind: str | None = spec(
        Id(), doc="refers: only that component's items of this kind (a map's `hex`, `city`)"
    )
    players: int | None = spec(Int(1, 100), doc="deal: players dealt a hand")
    hand: int | None = spec(Int(0, 1000), doc="deal: cards in each hand")
    extra: int = spec(Int(0, 1000), default=0, doc="deal: extra cards each player is dealt")
    reserve: int = spec(Int(0, 100_000), default=0, doc="deal: cards left to draw, at least")
    when: Condition | None = spec(
        ConditionType(),
        doc="only the cards for which this condition holds, as a face's `when:` (count: the "
        "cards counted)",
    )
    contains: str | None = spec(
        Str(1, 200),
        doc="text: the text the field must contain, in any case; `{field}` is the card's field",
    )

    def get(self, key: str) -> Any:
        """The value of key `key` (None when the check leaves it out)."""
        return getattr(self, key)


CHECK: Record = record_of(DataCheck)

CHECKS_FIELD = Field(
    ListOf(CHECK, 0, 500),
    default=list,
    doc="legality checks written as data (see docs/checks.md, data rules)",
)

NEEDS = {
    "count": ("kind", "field"),
    "unique": ("field",),
    "values": ("field", "values"),
    "range": ("field",),
    "refers": ("field",),
    "deal": ("players", "hand"),
    "among": ("fields", "value"),
    "required": ("field",),
    "text": ("field", "contains"),
}

DATA_RULES = RuleSet("data rules")


def missing_keys(check: Any) -> str | None:
    """What a check of its kind lacks (None when it is complete), for an input error."""
    needs = NEEDS.get(check.rule, ())
    if check.rule == "count":
        return None if check.kind or check.field or check.when else "`kind`, `field` or `when`"
    if check.rule == "refers" and check.file is None and check.component is None:
        return "`file` or `component`"
    lacking = [k for k in needs if check.get(k) is None]
    return ", ".join(f"`{k}`" for k in lacking) or None


def declared(kit: Any, rule: str) -> Iterator[tuple[Any, str, Any]]:
    """(check, component id, its model) for each of the kit's data checks of kind `rule`."""
    for check in kit.data_checks():
        if check.rule != rule:
            continue
        cid = check.deck or first_deck(kit)
        if cid is not None:
            yield check, cid, kit.model(cid)


def finding(check: Any, code: str, at: Location | None, text: str) -> Finding:
    message = f"{text}; {check.message}" if check.message else text
    return Finding(code, check.severity, message, at or where(check) or Location("?"))


def cards_key(kit: Any, cid: str) -> Location:
    """The deck's `cards:` key (a tile set's `tiles:`), where a fault of the whole is reported."""
    found = item_list(kit, cid)
    return kit.document(cid).where((found.key,), key=True) if found else Location(kit.manifest_file)


def bounds_text(check: Any) -> str:
    if check.exact is not None:
        return f"exactly {check.exact}"
    lo = "" if check.min is None else f"at least {check.min:g}"
    hi = "" if check.max is None else f"at most {check.max:g}"
    return " and ".join(p for p in (lo, hi) if p) or "any number"


def too_few(check: Any, n: float) -> bool:
    floor = check.exact if check.exact is not None else check.min
    return floor is not None and n < floor


def too_many(check: Any, n: float) -> bool:
    ceiling = check.exact if check.exact is not None else check.max
    return ceiling is not None and n > ceiling


class ItemFields:
    """One item's fields as a condition reads them (`get`), through its model's readers."""

    def __init__(self, model: Any, readers: dict[str, Any]) -> None:
        self.model, self.readers, self.item = model, readers, None

    def get(self, name: str) -> Any:
        read = self.readers.get(name)
        if read is None:
            read = self.readers[name] = self.model.item_reader(name)
        return read(self.item)


def meeting(check: Any, deck: Any, among: list) -> list:
    """The items of `among` for which the check's `when:` holds (all without one)."""
    if check.when is None:
        return among
    fields = ItemFields(deck, {})
    out = []
    for item in among:
        fields.item = item
        if check.when.holds(fields):
            out.append(item)
    return out


def selected(check: Any, deck: Any) -> list:
    """The items a check looks at: all, or those of its `kind`, and those its `when:` holds."""
    every = items(deck)
    if check.rule != "count" and check.kind:
        every = [
            c
            for c, kind in zip(every, column(deck, "kind", every), strict=True)
            if kind == check.kind
        ]
    return meeting(check, deck, every)


def label(kit: Any, cid: str, item: Any) -> str:
    """An item as a message names it: "card 'r3'", and "(row 5)" when it was read from a
    card sheet."""
    at = where(item)
    row = f" (row {at.line})" if at and at.line and at.file.lower().endswith(SHEETS) else ""
    return f"{item_word(kit, cid)} {item.id!r}{row}"


def has(field: str, value: Any) -> str:
    """`value` of `field` in words: "has move 'x'", or "has no move" when there is none."""
    return f"has no {field}" if value is None or value == "" else f"has {field} {shown(value)!r}"


def rule(code: str, summary: str) -> Callable:
    """Register a data rule kind: its function yields the findings of every such check."""
    return DATA_RULES.rule(code, "error", summary)


# -- the rule kinds ---------------------------------------------------------------------------


@rule("DR001", "the deck's total number of cards is in range (rule: total)")
def total_cards(kit: Any) -> Iterator[Finding]:
    """The deck's card count, copies included, must lie between `min` and `max` (or be
    `exact`). Fix: add or remove cards, or change `count`s."""
    for check, cid, deck in declared(kit, "total"):
        n = sum(copies(c) for c in selected(check, deck))
        if too_few(check, n) or too_many(check, n):
            yield finding(
                check,
                "DR001",
                cards_key(kit, cid),
                f"{named(kit, cid)} has {n} {items_word(kit, cid)}; the rules ask for "
                f"{bounds_text(check)}",
            )


def _count_groups(check: Any, deck: Any) -> dict[str, list]:
    """Cards per counted group: the kind, the field's value, or every value of the field."""
    groups: dict[str, list] = {}
    cards = meeting(check, deck, items(deck))
    unread = [None] * len(cards)
    kinds = column(deck, "kind", cards) if check.kind else unread
    values = column(deck, check.field, cards) if check.field is not None else unread
    for card, kind, value in zip(cards, kinds, values, strict=True):
        if check.kind and kind != check.kind:
            continue
        if check.field is None:
            groups.setdefault(check.kind or "", []).append(card)
            continue
        if check.value is None or shown(value) == check.value:
            groups.setdefault(shown(value), []).append(card)
    if check.field is None and not groups:
        groups[check.kind or ""] = []
    if check.field is not None and check.value is not None and not groups:
        groups[check.value] = []
    return groups


def _group_name(check: Any, group: str) -> str:
    parts = [f"of kind {check.kind!r}"] if check.kind else []
    if check.field is not None:
        parts.append(f"with {check.field} {group!r}")
    if check.when is not None:
        parts.append(f"where {check.when.text}")
    return " ".join(parts)


def _overflow_card(cards: list, ceiling: float) -> Any:
    """The card whose copies first take the group past its ceiling."""
    running = 0
    for card in cards:
        running += copies(card)
        if running > ceiling:
            return card
    return cards[-1]


@rule("DR002", "cards of a kind, or with a field's value, number min..max (rule: count)")
def counts(kit: Any) -> Iterator[Finding]:
    """Cards of `kind` (or with `field` equal to `value`; or, without `value`, with each value
    of `field`) must number between `min` and `max`, or `exact`. Too many is reported at the
    card that goes past the limit; too few at the group's last card, or the deck's `cards:`.
    """
    for check, cid, deck in declared(kit, "count"):
        for group, cards in _count_groups(check, deck).items():
            n = sum(copies(c) for c in cards)
            ceiling = check.exact if check.exact is not None else check.max
            if too_many(check, n):
                at = where(_overflow_card(cards, ceiling), "count") or where(cards[-1])
            elif too_few(check, n):
                at = where(cards[-1], "id") if cards else cards_key(kit, cid)
            else:
                continue
            yield finding(
                check,
                "DR002",
                at,
                f"{named(kit, cid)} has {n} {items_word(kit, cid)}"
                f"{' ' if _group_name(check, group) else ''}{_group_name(check, group)}; "
                "the rules ask for "
                f"{bounds_text(check)}",
            )


@rule("DR003", "no two cards share a value of a field (rule: unique)")
def unique_values(kit: Any) -> Iterator[Finding]:
    """No two cards (of `kind`, if given) may share a value of `field`. Reported at the second
    card, naming the first."""
    for check, cid, deck in declared(kit, "unique"):
        seen: dict[str, Any] = {}
        chosen = selected(check, deck)
        for card, value in zip(chosen, column(deck, check.field, chosen), strict=True):
            if value is None:
                continue
            key = shown(value)
            if key in seen:
                yield finding(
                    check,
                    "DR003",
                    where(card, check.field),
                    f"{label(kit, cid, card)} has {check.field} {key!r}, like "
                    f"{label(kit, cid, seen[key])}; "
                    f"each card's {check.field} must be unique",
                )
            else:
                seen[key] = card


@rule("DR004", "a field takes only the allowed values (rule: values)")
def allowed_values(kit: Any) -> Iterator[Finding]:
    """Every card (of `kind`, if given) must have `field` set to one of `values`."""
    for check, cid, deck in declared(kit, "values"):
        allowed = list(check.values or [])
        allowed_set = set(allowed)
        chosen = selected(check, deck)
        for card, value in zip(chosen, column(deck, check.field, chosen), strict=True):
            if value is None or shown(value) not in allowed_set:
                yield finding(
                    check,
                    "DR004",
                    where(card, check.field) or where(card),
                    f"{label(kit, cid, card)} {has(check.field, value)}; allowed: "
                    f"{', '.join(allowed)}",
                )


@rule("DR005", "a number field lies in min..max (rule: range)")
def number_range(kit: Any) -> Iterator[Finding]:
    """Every card (of `kind`, if given) that has `field` must have a number there between `min`
    and `max`; a card without the field is not this rule's (`required` says it must have one).
    """
    for check, cid, deck in declared(kit, "range"):
        chosen = selected(check, deck)
        for card, value in zip(chosen, column(deck, check.field, chosen), strict=True):
            if value is None or value == "":
                continue
            number = (
                value if isinstance(value, int | float) and not isinstance(value, bool) else None
            )
            if number is None or too_few(check, number) or too_many(check, number):
                yield finding(
                    check,
                    "DR005",
                    where(card, check.field) or where(card),
                    f"{label(kit, cid, card)} has {check.field} "
                    f"{shown(value) if number is not None else repr(shown(value))}; the rules ask "
                    f"for a number, {bounds_text(check)}",
                )


@rule("DR006", "a field names a key of another file's map (rule: refers)")
def references(kit: Any) -> Iterator[Finding]:
    """Every card's `field` (when set) must name a key of the map `key` in the data `file`
    (a path in the kit folder), e.g. every card's `faction` is a faction of factions.yaml; or,
    with `component:`, the id of an item of that component (every unit's setup hex is a hex of
    the map)."""
    for check, cid, deck in declared(kit, "refers"):
        keys = _referred(kit, check)
        chosen = selected(check, deck)
        for card, value in zip(chosen, column(deck, check.field, chosen), strict=True):
            if value is not None and shown(value) not in keys:
                where_map = _referred_name(kit, check)
                yield finding(
                    check,
                    "DR006",
                    where(card, check.field),
                    f"{label(kit, cid, card)} has {check.field} {shown(value)!r}, which {where_map} "
                    f"does not have; it has: {', '.join(sorted(keys)) or 'nothing'}",
                )


def _referred(kit: Any, check: Any) -> set[str]:
    """The names a `refers` check's field may take: a file's keys, or a component's item ids."""
    if check.component is None:
        return kit.referred_keys(check)
    model = kit.model(check.component)
    every = items(model)
    ids = {
        shown(item_id)
        for item_id, kind in zip(
            column(model, "id", every), column(model, "kind", every), strict=True
        )
        if check.component_kind is None or kind == check.component_kind
    }
    # a hex written 0403 without quotes reads as the number 403: it names hex 0403 too
    return ids | {str(int(i)) for i in ids if i.isdigit()}


def _referred_name(kit: Any, check: Any) -> str:
    if check.component is None:
        return f"{check.file}" + (f" {check.key}" if check.key else "")
    kind = f"'s {check.component_kind} items" if check.component_kind else ""
    return f"{named(kit, check.component)}{kind}"


@rule("DR007", "the deck deals every player a hand and keeps a reserve (rule: deal)")
def deal(kit: Any) -> Iterator[Finding]:
    """`players` hands of `hand` cards (+ `extra` each) must leave at least `reserve` cards to
    draw. Fix: add cards, or lower the hand or the reserve."""
    for check, cid, deck in declared(kit, "deal"):
        dealt = check.players * (check.hand + check.extra)
        left = total(deck) - dealt
        if left < check.reserve:
            yield finding(
                check,
                "DR007",
                cards_key(kit, cid),
                f"{named(kit, cid)} has {total(deck)} cards: dealing {check.players} players "
                f"{check.hand + check.extra} each leaves {left} to draw (reserve: {check.reserve})",
            )


@rule("DR008", "each card has min..max of some fields equal to a value (rule: among)")
def among(kit: Any) -> Iterator[Finding]:
    """Every card (of `kind`, if given) must have between `min` and `max` (or `exact`) of its
    `fields` equal to `value`: a tile's edges `[top, right, bottom, left]` with at least one
    `door`. Reported at the card, naming its values."""
    for check, cid, deck in declared(kit, "among"):
        chosen = selected(check, deck)
        names = list(check.fields or [])
        columns = [column(deck, name, chosen) for name in names]
        for n, card in enumerate(chosen):
            values = [shown(col[n]) if col[n] is not None else "" for col in columns]
            hits = sum(1 for v in values if v == check.value)
            if too_few(check, hits) or too_many(check, hits):
                shown_values = ", ".join(
                    f"{name} {v!r}" if v else f"no {name}"
                    for name, v in zip(names, values, strict=True)
                )
                yield finding(
                    check,
                    "DR008",
                    where(card, "id") or where(card),
                    f"{label(kit, cid, card)} has {hits} of {', '.join(names)} "
                    f"equal to {check.value!r} ({shown_values}); the rules ask for "
                    f"{bounds_text(check)}",
                )


@rule("DR009", "each card has a value of a field (rule: required)")
def required(kit: Any) -> Iterator[Finding]:
    """Every card (of `kind`, and for which `when:` holds, if given) must have a value of
    `field`: with `when: type == zombies`, "a ZOMBIES row has a number". Reported at the card,
    naming it (and its sheet row)."""
    for check, cid, deck in declared(kit, "required"):
        chosen = selected(check, deck)
        for card, value in zip(chosen, column(deck, check.field, chosen), strict=True):
            if value is None or value == "":
                when = f" (where {check.when.text})" if check.when is not None else ""
                yield finding(
                    check,
                    "DR009",
                    where(card, "id") or where(card),
                    f"{label(kit, cid, card)} has no {check.field}; the rules ask every "
                    f"{item_word(kit, cid)}{when} for one",
                )


@rule("DR010", "a text field contains a text (rule: text)")
def text_contains(kit: Any) -> Iterator[Finding]:
    """Every card (of `kind`, and for which `when:` holds, if given) must have a `field` that
    contains `contains`, in any case; `{name}` in `contains` is the card's own field `name`, so
    `contains: "{type}"` on `field: text` says "a row's text names its type"."""
    for check, cid, deck in declared(kit, "text"):
        chosen = selected(check, deck)
        fields = ItemFields(deck, {})
        for card, value in zip(chosen, column(deck, check.field, chosen), strict=True):
            fields.item = card
            wanted = fill_in(check.contains or "", fields)
            text = "" if value is None else shown(value)
            if wanted.casefold() not in text.casefold():
                said = (
                    f"has {check.field} {text!r}, which does not contain {wanted!r}"
                    if text
                    else f"has no {check.field}, so it cannot contain {wanted!r}"
                )
                yield finding(
                    check,
                    "DR010",
                    where(card, check.field) or where(card),
                    f"{label(kit, cid, card)} {said}",
                )


PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def fill_in(text: str, fields: ItemFields) -> str:
    """`text` with each `{name}` replaced by the item's field `name` (empty when it has none)."""
    return PLACEHOLDER.sub(lambda m: shown(fields.get(m.group(1)) or ""), text)
