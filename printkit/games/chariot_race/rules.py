"""Chariot Race's rules file (rules.yaml), as one definition: each @record dataclass is both the
typed model the checks and the simulation read and the schema that validates the file
(load/records.py). `rules(kit)` gives a kit's rules as a `ChariotRules`."""

from __future__ import annotations

from printkit.api import (
    Bool,
    Choice,
    Id,
    Int,
    Kit,
    ListOf,
    MapOf,
    Number,
    Record,
    Str,
    fieldwise,
    record,
    record_of,
    spec,
)


@record("outer-stakes row")
@fieldwise(kw_only=True)
class StakesRow:
    speed: float = spec(Number(0.5, 100, "in"), required=True, doc="card speed in inches")
    cards: int = spec(Int(0, 20), required=True, doc="cards lost on hitting the stakes")
    source: str = spec(
        Choice(("seed", "ours")),
        default="seed",
        doc="seed: a row of the seed's table (4, 6, 8, 10, 16, 20 in); ours: a row the kit "
        "adds (the damage chart marks it, CR001 says when a card's speed needs it)",
    )


@record("damage category")
@fieldwise(kw_only=True)
class DamageCategory:
    out: int = spec(Int(1, 20), required=True, doc="boxes to tick; the last puts the chariot out")
    label: str | None = spec(Str(1, 24), doc="printed on the damage chart (default: the name)")


@record("players")
@fieldwise(kw_only=True)
class Players:
    max: int = spec(Int(1, 16), default=4, doc="most charioteers in one race")
    hand: int = spec(Int(1, 20), default=6, doc="cards held in hand")
    extra_at_start: int = spec(
        Int(0, 10),
        default=0,
        doc="extra cards dealt at the start, before the first turn's draw (the seed's 7th card "
        "is that draw, so 0)",
    )
    reserve: int = spec(Int(0, 1000), default=12, doc="cards left to draw, below which we warn")


@record("lap turns")
@fieldwise(kw_only=True)
class LapTurns:
    min: float = spec(Number(0, 1000), default=4, doc="fewest turns a lap should take")
    max: float = spec(Number(0, 1000), default=10, doc="most turns a lap should take")


@record("player policy")
@fieldwise
class Policy:
    """How the simulated charioteers play (rules.yaml `simulation.policy`)."""

    play: str = spec(
        Choice(("farthest-safe", "fastest", "slowest")),
        default="farthest-safe",
        doc="which movement card a simulated charioteer plays first",
    )
    second_card: str = spec(
        Choice(("when-safe", "always", "never")),
        default="when-safe",
        doc="when it adds a second movement card",
    )
    specials: bool = spec(Bool(), default=True, doc="play special move cards when they help")

    def describe(self) -> str:
        first = {
            "farthest-safe": "plays the movement card that carries it farthest without going "
            "wide into the stakes (the least wide one if every card would)",
            "fastest": "plays its fastest movement card",
            "slowest": "plays its slowest movement card",
        }[self.play]
        second = {
            "when-safe": "adds a second card chosen the same way when one keeps it off the stakes",
            "always": "always adds a second card chosen the same way",
            "never": "never plays a second card",
        }[self.second_card]
        special = (
            "plays a special move card with a movement card when that carries it farther "
            "without the stakes"
            if self.specials
            else "never plays special move cards"
        )
        return f"Each charioteer {first}; {second}; {special}."


CHECK_RACES_DOC = (
    "races `printkit check` plays for its findings (0: none; at most 1,000, so that "
    "check stays under a second)"
)


@record("simulation")
@fieldwise(kw_only=True)
class Simulation:
    policy: Policy = spec(
        record_of(Policy),
        default=Policy,
        doc="how the simulated charioteers play (docs/simulate.md)",
    )
    collision_chance: float = spec(
        Number(0, 1),
        default=0.05,
        doc="chance per chariot per turn of a collision with a rival (suggested)",
    )
    check_races: int = spec(Int(0, 1000), default=400, doc=CHECK_RACES_DOC)
    seed: int = spec(Int(0, 2**31 - 1), default=1, doc="the same seed gives the same numbers")


@record("draw pile")
@fieldwise(kw_only=True)
class DrawPile:
    reshuffle: str = spec(
        Choice(("none", "discards")),
        default="none",
        doc="none: an empty draw pile stays empty; discards: shuffle the played and "
        "lost cards into a new draw pile",
    )
    runs_out: float = spec(
        Number(0, 100, "%"),
        default=5,
        doc="warn when a draw finds no card in more than this share of races",
    )
    reshuffles_per_lap: float = spec(
        Number(0, 1000),
        default=1,
        doc="warn when races reshuffle the discards more often than this per lap, on "
        "average (a thin deck cycles the same few cards)",
    )


@record("chariot-race rules")
@fieldwise(kw_only=True)
class ChariotRules:
    players: Players = spec(
        record_of(Players),
        required=True,
        doc="how many charioteers, and how many cards each is dealt",
    )
    laps: int = spec(Int(1, 20), default=2, doc="laps in a race (3 for experienced players)")
    outer_stakes: list[StakesRow] = spec(
        ListOf(record_of(StakesRow), 1, 50),
        required=True,
        doc="speed -> cards lost on hitting the outer stakes",
    )
    damage: dict[str, DamageCategory] = spec(
        MapOf(record_of(DamageCategory), min_items=1),
        required=True,
        doc="damage-chart categories a card's `damage` may name, with their out limits",
    )
    no_damage: str = spec(
        Str(1, 40), default="none", doc="the `damage` of crash effects with no lasting damage"
    )
    magic_kind: str = spec(Id(), default="magic", doc="the card kind of magical effect cards")
    serious_variant: str | None = spec(
        Id(),
        doc="the kit.yaml variant that plays the seed's Serious Racing (no pit, no magical "
        "effect cards, more laps); CR017 holds it to that",
    )
    lap_turns: LapTurns = spec(
        record_of(LapTurns),
        default=LapTurns,
        doc="warn when the average two-card move makes a lap take fewer or more turns",
    )
    # what the simulation reads (docs/simulate.md)
    simulation: Simulation = spec(
        record_of(Simulation), default=Simulation, doc="the model of play (docs/simulate.md)"
    )
    draw_pile: DrawPile = spec(
        record_of(DrawPile), default=DrawPile, doc="what happens when the draw pile is empty"
    )


SCHEMA: Record = record_of(ChariotRules)


def rules(kit: Kit) -> ChariotRules:
    """The kit's rules file, read by this game's schema."""
    return kit.rules_as(ChariotRules)
