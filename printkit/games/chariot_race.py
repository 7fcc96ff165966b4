"""Chariot Race: the rules data (limits a club may change) and the checks derived from the seed."""

from __future__ import annotations

from collections.abc import Iterator

from printkit.checks import RuleSet
from printkit.errors import Location
from printkit.kit import Kit
from printkit.load.schema import Field, Int, ListOf, Number, Record, where
from printkit.model.deck import Card, Deck

STAKES_ROW = Record(
    "outer-stakes row",
    {
        "speed": Field(Number(0.5, 100, "in"), required=True, doc="card speed in inches"),
        "cards": Field(Int(0, 20), required=True, doc="cards lost on hitting the stakes"),
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
            doc="how many charioteers, and how many cards each is dealt",
        ),
        "laps": Field(Int(1, 20), default=2, doc="laps in a race (3 for experienced players)"),
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
    """When a chariot hits the outer ring of stakes, the marshal takes cards according to its
    speed (rules.yaml `outer_stakes`). A movement card whose speed is not in that table leaves
    the marshal without an answer. Fix: add a row for the speed to `outer_stakes` in rules.yaml,
    or give the card one of the listed speeds.
    """
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
    """At the start every charioteer is dealt `players.hand` cards plus `players.extra_at_start`
    (6 + 1 in the rules), for up to `players.max` charioteers. A deck smaller than that cannot
    start a full race. Fix: raise some cards' `count` in the deck file, or lower `players.max`
    in rules.yaml. Check the numbers with `printkit deck KIT`.
    """
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
    """After the opening deal for `players.max` charioteers, fewer than `players.reserve` cards
    are left to draw, so hands soon cannot be topped up and crashes take cards from an empty
    deck. A warning, not an error: the race can start. Fix: raise some counts, or lower
    `players.reserve` if your club is happy with a thin deck.
    """
    p = kit.rules_data().players
    _, d = deck(kit)
    opening = p.max * (p.hand + p.extra_at_start)
    left = d.total - opening
    if 0 <= left < p.reserve:
        yield (
            where(d.cards[0]) if d.cards else Location(d.file),
            f"after dealing {opening} cards only {left} remain to draw (reserve: {p.reserve})",
        )


def deal(kit: Kit, component_id: str, d: Deck, players: int | None = None) -> list:
    """What each number of charioteers leaves to draw after the opening deal (hand + extra each).

    `printkit deck` shows these rows; see printkit/report.py for the hook.
    """
    from printkit.report import Deal

    rules = kit.rules_data()
    if rules is None:
        return []
    p = rules.players
    rows = []
    for n in [players] if players else range(1, p.max + 1):
        dealt = n * (p.hand + p.extra_at_start)
        left = d.total - dealt
        if n > p.max:
            note = f"more than the {p.max} charioteers the rules allow"
        elif left < 0:
            note = f"{-left} cards short of the opening deal"
        elif left < p.reserve:
            note = f"below the reserve of {p.reserve}"
        else:
            note = ""
        rows.append(Deal(n, dealt, left, note))
    return rows
