"""Deck composition reports: pure computation over a deck model, no I/O and no formatting.

`deck_report` counts a deck's cards by kind and tag, gives the distribution of every numeric field
(histogram, mean, median, range) and of every choice or flag field, and asks the kit's game module
what each player count leaves to draw. Every count is of printed copies: a card with `count: 3`
counts three times. `printkit deck` (printkit/commands/deck.py) formats the result.

A game module may define
    deal(kit, component_id, deck, players: int | None) -> list[Deal]
returning one row per player count (only `players` when given). Without it a report has no rows.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from printkit.model.cards import Deck

NUMERIC_TYPES = ("number", "integer")
COUNTED_TYPES = ("choice", "flag")


@dataclass(frozen=True)
class Deal:
    """What a player count leaves: cards dealt to the players and cards left to draw."""

    players: int
    dealt: int
    left: int
    note: str = ""


@dataclass
class KindCount:
    kind: str
    label: str
    designs: int
    cards: int


@dataclass
class NumericField:
    """The distribution of one numeric field over the printed cards that have it."""

    field: str
    unit: str
    cards: int
    mean: float
    median: float
    min: float
    max: float
    histogram: list[tuple[float, int]]


@dataclass
class CountedField:
    """How many printed cards show each value of a choice or flag field."""

    field: str
    cards: int
    values: list[tuple[Any, int]]


@dataclass
class DeckReport:
    component: str
    title: str
    total: int
    designs: int
    kinds: list[KindCount]
    tags: list[tuple[str, int]]
    numeric: list[NumericField]
    counted: list[CountedField]
    deal: list[Deal] = field(default_factory=list)

    def as_dict(self) -> dict:
        """A JSON-ready dict; histograms and value counts become lists of small objects."""
        out = asdict(self)
        out["tags"] = [{"tag": t, "cards": n} for t, n in self.tags]
        for f in out["numeric"]:
            f["histogram"] = [{"value": v, "cards": n} for v, n in f["histogram"]]
        for f in out["counted"]:
            f["values"] = [{"value": v, "cards": n} for v, n in f["values"]]
        return out


def deck_report(
    component: str, title: str, deck: Deck, deal: list[Deal] | None = None
) -> DeckReport:
    """The composition of `deck` as printed (variants already applied)."""
    kinds = []
    for name, kind in deck.kinds.items():
        cards = [c for c in deck.cards if c.kind == name]
        kinds.append(KindCount(name, kind.label, len(cards), sum(c.count for c in cards)))
    tags: Counter = Counter()
    for card in deck.cards:
        for tag in card.tags:
            tags[tag] += card.count
    numeric, counted = [], []
    for name, decl in deck.fields.items():
        values: Counter[Any] = Counter()
        for card in deck.cards:
            value = card.get(name)
            if value is not None:
                values[value] += card.count
        if decl.type in NUMERIC_TYPES and values:
            numeric.append(numeric_field(name, decl.unit, values))
        elif decl.type in COUNTED_TYPES and values:
            counted.append(CountedField(name, sum(values.values()), declared_order(decl, values)))
    return DeckReport(
        component,
        title,
        deck.total,
        len(deck.cards),
        kinds,
        sorted(tags.items()),
        numeric,
        counted,
        list(deal or []),
    )


def declared_order(decl: Any, values: Counter) -> list[tuple[Any, int]]:
    """A choice field's values in the order the deck declares its choices (a flag: true, then
    false), each with its count; values not among them (none, once validated) come last."""
    choices = list(decl.choices or []) if decl.type == "choice" else [True, False]
    rank = {choice: index for index, choice in enumerate(choices)}
    return sorted(values.items(), key=lambda kv: (rank.get(kv[0], len(rank)), str(kv[0])))


def numeric_field(name: str, unit: str, values: Counter) -> NumericField:
    """Histogram and statistics of a field, each value weighted by its number of copies."""
    # imported here, only when a report is made (start-up: docs/performance.md)
    import statistics

    copies = sorted(v for v, n in values.items() for _ in range(n))
    return NumericField(
        field=name,
        unit=unit,
        cards=len(copies),
        mean=round(statistics.fmean(copies), 3),
        median=statistics.median(copies),
        min=copies[0],
        max=copies[-1],
        histogram=sorted(values.items()),
    )


def deal_rows(kit: Any, component_id: str, deck: Deck, players: int | None) -> list[Deal]:
    """Ask the kit's game what each player count leaves, else the rules file's data `deal`
    check; [] when neither can say."""
    game = kit.game()
    rows = None if game is None else game.deal(kit, component_id, deck, players)
    return deal_table(kit, component_id, deck, players) if rows is None else list(rows)


def deal_table(kit: Any, cid: str, deck: Any, players: int | None) -> list:
    """What each player count leaves to draw, from the deck's data `deal` check (for
    `printkit deck` when no game module says it); [] when the rules declare no deal."""
    # imported here, only when a deal is asked for (the data rules import maps and tiles)
    from printkit.checks.data_items import total
    from printkit.checks.data_rules import declared

    check = next((c for c, deck_id, _ in declared(kit, "deal") if deck_id == cid), None)
    if check is None:
        return []
    rows = []
    for n in [players] if players else range(1, check.players + 1):
        dealt = n * (check.hand + check.extra)
        left = total(deck) - dealt
        note = "" if left >= check.reserve else f"below the reserve of {check.reserve}"
        if n > check.players:
            note = f"more than the {check.players} players the rules deal for"
        rows.append(Deal(n, dealt, left, note))
    return rows
