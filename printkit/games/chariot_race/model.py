"""Chariot Race as numbers a simulation can use: the deck, the modifiers, the track, the rules.

Everything here is read from the kit's data (cards.yaml, track.yaml, bases.yaml, rules.yaml);
the model of play that uses it is in sim.py, and docs/simulate.md explains both.
Distances are in inches, turns in degrees.

A special move card changes one movement card through these deck fields (all optional):
    add_speed     inches added to the card's distance (Whip: 2)
    speed_factor  the distance multiplied by this (Rein In: 0.5)
    max_speed     the changed distance never goes beyond this
    add_turn      degrees added to the card's turn (Lean: 15)
    max_turn      the changed turn never goes beyond this
    add_drift     inches of drift added (Sidestep: 2)
"""

from __future__ import annotations

import math
from dataclasses import field
from typing import Any, NamedTuple

from printkit.api import UNIT_POINTS, Card, fieldwise
from printkit.games.chariot_race.kit import deck, model_of_type, speed_unit_points
from printkit.games.chariot_race.rules import Policy
from printkit.games.chariot_race.rules import rules as rules_of

MODIFIER_FIELDS = ("add_speed", "speed_factor", "max_speed", "add_turn", "max_turn", "add_drift")
INCH = UNIT_POINTS["in"]


class Unplayable(Exception):
    """The kit lacks what a race needs; the message says what."""


class Modifier(NamedTuple):
    """How a special move card changes one movement card."""

    add_speed: float = 0.0
    speed_factor: float = 1.0
    max_speed: float | None = None
    add_turn: float = 0.0
    max_turn: float | None = None
    add_drift: float = 0.0

    def speed(self, speed: float) -> float:
        out = speed * self.speed_factor + self.add_speed
        return min(out, max(self.max_speed, speed)) if self.max_speed is not None else out

    def turn(self, turn: float) -> float:
        out = turn + self.add_turn
        return min(out, max(self.max_turn, turn)) if self.max_turn is not None else out

    def changes_move(self) -> bool:
        return (self.add_speed, self.speed_factor, self.add_turn, self.add_drift) != (0, 1, 0, 0)


def modifier_of(card: Card) -> Modifier | None:
    """The card's modifier, or None when it declares none of the modifier fields."""
    values = {name: card.get(name) for name in MODIFIER_FIELDS}
    if all(v is None for v in values.values()):
        return None
    given = {k: float(v) for k, v in values.items() if v is not None}
    return Modifier(**given)


class MoveClass(NamedTuple):
    """What a movement card lets a chariot do: distance, largest turn, largest drift as well as
    turning ("and drift"), and largest drift instead of turning ("or drift": the seed, "If the
    card states or drift, this is instead of turning")."""

    speed: float
    turn: float
    drift: float
    instead: float = 0.0


def move_class(card: Card) -> MoveClass:
    """A card's move; its `drift` is "instead of turning" when its `drift_mode` is `or`."""
    drift = float(card.get("drift") or 0)
    speed, turn = float(card.get("speed")), float(card.get("turn") or 0)
    if card.get("drift_mode") == "or":
        return MoveClass(speed, turn, 0.0, drift)
    return MoveClass(speed, turn, drift)


def modified(cls: MoveClass, mod: Modifier) -> MoveClass:
    return MoveClass(
        mod.speed(cls.speed), mod.turn(cls.turn), cls.drift + mod.add_drift, cls.instead
    )


@fieldwise
class SimCard:
    """One printed card as the simulation sees it."""

    id: str
    role: str  # "move", "magic" or "special"
    move: MoveClass | None = None
    modifier: Modifier | None = None
    damage: str | None = None  # a damage category, or None for no lasting damage


@fieldwise
class ChariotModel:
    """The whole race, in inches, as read from the kit."""

    players: int
    laps: int
    hand: int
    extra_at_start: int
    lap: float
    finish: float  # from the start (the grid) to the finish line, along the centre line
    straight: float
    radius: float  # of the centre line round each turn
    room: float  # from the centre line to where a base touches the stakes
    pit_jump: float | None
    stakes: dict[float, int]
    damage_out: dict[str, int]
    reshuffle: str
    collision_chance: float
    policy: Policy
    cards: list[SimCard] = field(default_factory=list)  # every printed copy

    @property
    def dealt(self) -> int:
        return self.players * (self.hand + self.extra_at_start)

    @property
    def left_after_deal(self) -> int:
        return len(self.cards) - self.dealt


def sim_card(card: Card, magic_kind: str, no_damage: str) -> SimCard:
    damage = card.get("damage")
    damage = None if damage in (None, no_damage) else str(damage)
    if card.get("speed") is not None:
        return SimCard(card.id, "move", move=move_class(card), damage=damage)
    if card.kind == magic_kind:
        return SimCard(card.id, "magic", damage=damage)
    return SimCard(card.id, "special", modifier=modifier_of(card), damage=damage)


def build_model(kit: Any, players: int | None = None) -> ChariotModel:
    """Read the chariot-race kit into a ChariotModel (players: the rules' max unless given)."""
    rules = rules_of(kit)
    _, d = deck(kit)
    track = model_of_type(kit, "track")
    bases = model_of_type(kit, "bases")
    if track is None or bases is None:
        raise Unplayable(f"the kit needs a {'track' if track is None else 'bases'} component")
    unit = speed_unit_points(d) / INCH
    sim = rules.simulation
    base_w, base_l = bases.width / INCH, bases.length / INCH
    width, inner, straight = track.width / INCH, track.inner_radius / INCH, track.straight / INCH
    radius = inner + width / 2
    pit = track.pit_jump(base_l * INCH) if track.pit else None
    cards = [sim_card(c, rules.magic_kind, rules.no_damage) for c in d.copies()]
    if not any(c.move for c in cards):
        raise Unplayable("the deck has no movement card (a card with a speed)")
    for c in cards:
        if c.move is not None and unit != 1:
            move = c.move
            c.move = MoveClass(move.speed * unit, move.turn, move.drift * unit, move.instead * unit)
    return ChariotModel(
        players=players or rules.players.max,
        laps=rules.laps,
        hand=rules.players.hand,
        extra_at_start=rules.players.extra_at_start,
        lap=2 * straight + 2 * math.pi * radius,
        finish=track.finish_distance / INCH,
        straight=straight,
        radius=radius,
        room=max(0.0, width / 2 - base_w / 2),
        pit_jump=None if pit is None else pit / INCH,
        stakes={float(r.speed): r.cards for r in rules.outer_stakes},
        damage_out={name: cat.out for name, cat in rules.damage.items()},
        reshuffle=rules.draw_pile.reshuffle,
        collision_chance=sim.collision_chance,
        policy=sim.policy,
        cards=cards,
    )


def stakes_cards(stakes: dict[float, int], speed: float) -> int:
    """Cards lost at `speed`: its row, or the row of the next listed speed above it."""
    for s in sorted(stakes):
        if speed <= s + 1e-9:
            return stakes[s]
    return stakes[max(stakes)] if stakes else 0
