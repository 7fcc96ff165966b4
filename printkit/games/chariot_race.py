"""Chariot Race: the rules data (limits a club may change) and the checks derived from the seed."""

from __future__ import annotations

from collections.abc import Iterator

from printkit.checks import RuleSet
from printkit.errors import Location
from printkit.kit import Kit
from printkit.load.schema import Field, Id, Int, ListOf, MapOf, Number, Rec, Record, Str, where
from printkit.model.deck import Card, Deck

STAKES_ROW = Record(
    "outer-stakes row",
    {
        "speed": Field(Number(0.5, 100, "in"), required=True, doc="card speed in inches"),
        "cards": Field(Int(0, 20), required=True, doc="cards lost on hitting the stakes"),
    },
)

DAMAGE_CATEGORY = Record(
    "damage category",
    {
        "out": Field(Int(1, 20), required=True, doc="boxes to tick; the last puts the chariot out"),
        "label": Field(Str(1, 24), doc="printed on the damage chart (default: the name)"),
    },
)

SCHEMA = Record(
    "chariot-race rules",
    {
        "players": Field(
            Record(
                "players",
                {
                    "max": Field(Int(1, 16), default=4, doc="most charioteers in one race"),
                    "hand": Field(Int(1, 20), default=6, doc="cards held in hand"),
                    "extra_at_start": Field(
                        Int(0, 10), default=1, doc="extra card dealt at the start"
                    ),
                    "reserve": Field(
                        Int(0, 1000), default=12, doc="cards left to draw, below which we warn"
                    ),
                },
            ),
            required=True,
        ),
        "laps": Field(Int(1, 20), default=2, doc="laps in a race"),
        "damage": Field(
            MapOf(DAMAGE_CATEGORY, min_items=1),
            required=True,
            doc="damage-chart categories a card's `damage` may name, with their out limits",
        ),
        "no_damage": Field(
            Str(1, 40), default="none", doc="the `damage` of crash effects with no lasting damage"
        ),
        "magic_kind": Field(Id(), default="magic", doc="the card kind of magical effect cards"),
        "lap_turns": Field(
            Record(
                "lap turns",
                {
                    "min": Field(Number(0, 1000), default=4),
                    "max": Field(Number(0, 1000), default=10),
                },
            ),
            default=lambda: Rec(min=4, max=10),
            doc="warn when the average two-card move makes a lap take fewer or more turns",
        ),
        "outer_stakes": Field(
            ListOf(STAKES_ROW, 1, 50),
            required=True,
            doc="speed -> cards lost on hitting the outer stakes",
        ),
    },
)

RULES = RuleSet("chariot-race")


def deck(kit: Kit) -> tuple[str, Deck]:
    for cid in kit.component_ids():
        if kit.spec(cid).type == "deck":
            return cid, kit.model(cid)
    raise LookupError("chariot-race kit has no deck")


def movement_cards(d: Deck) -> list[Card]:
    return [c for c in d.cards if c.get("speed") is not None]


@RULES.rule("CR001", "error", "every movement card's speed is in the outer-stakes table")
def speed_in_stakes_table(kit: Kit) -> Iterator[tuple[Location, str]]:
    rules = kit.rules_data()
    speeds = {row.speed for row in rules.outer_stakes}
    _, d = deck(kit)
    listed = ", ".join(f"{s:g}" for s in sorted(speeds))
    for card in movement_cards(d):
        if card.get("speed") not in speeds:
            yield (
                where(card, "speed"),
                f"card {card.id!r} has speed {card.get('speed'):g} in, which the outer-stakes "
                f"table does not list ({listed}); a marshal could not say how many cards it loses",
            )


@RULES.rule(
    "CR003", "error", "the deck can deal every charioteer their opening hand and still draw"
)
def enough_cards(kit: Kit) -> Iterator[tuple[Location, str]]:
    p = kit.rules_data().players
    _, d = deck(kit)
    opening = p.max * (p.hand + p.extra_at_start)
    if d.total < opening:
        yield (
            where(d.cards[0]) if d.cards else Location(d.file),
            f"the deck has {d.total} cards but {p.max} charioteers need {opening} "
            f"({p.hand} + {p.extra_at_start} each) before anyone draws",
        )


@RULES.rule("CR004", "warning", "the deck keeps a reserve to draw from after the deal")
def reserve(kit: Kit) -> Iterator[tuple[Location, str]]:
    p = kit.rules_data().players
    _, d = deck(kit)
    opening = p.max * (p.hand + p.extra_at_start)
    left = d.total - opening
    if 0 <= left < p.reserve:
        yield (
            where(d.cards[0]) if d.cards else Location(d.file),
            f"after dealing {opening} cards only {left} remain to draw (reserve: {p.reserve})",
        )
