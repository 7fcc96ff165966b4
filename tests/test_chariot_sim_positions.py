"""Chariot Race's model of play on hand-made positions, against the seed's words (issue 24): an
"or drift" card, the leader moving first, the finish line halfway down the straight, 7 cards
at the first move. The model is built by hand, so each number can be worked out on paper."""

from __future__ import annotations

import math
import random

import pytest

from printkit.games.chariot_race.model import (
    ChariotModel,
    MoveClass,
    SimCard,
    build_model,
    move_class,
)
from printkit.games.chariot_race.rules import Policy
from printkit.games.chariot_race.sim import Race, build_tables, wide_of
from printkit.kit import load_kit
from printkit.model.cards import Deck

STRAIGHT, RADIUS = 20.0, 11.0


def model(cards: list[SimCard], players: int = 2, finish: float = STRAIGHT / 2) -> ChariotModel:
    return ChariotModel(
        players=players,
        laps=2,
        hand=6,
        extra_at_start=0,
        lap=2 * STRAIGHT + 2 * math.pi * RADIUS,
        finish=finish,
        straight=STRAIGHT,
        radius=RADIUS,
        room=3.0,
        pit_jump=None,
        stakes={4.0: 1, 6.0: 1, 8.0: 2},
        damage_out={"horses": 3},
        reshuffle="none",
        collision_chance=0.0,
        policy=Policy(),
        cards=cards,
    )


def moves(n: int) -> list[SimCard]:
    return [SimCard(f"m{i}", "move", move=MoveClass(6.0, 60.0, 0.0)) for i in range(n)]


def test_an_or_drift_card_drifts_instead_of_turning():
    # seed: "If the card states or drift, this is instead of turning." A 6 in card, turn 45,
    # or drift 2, played from the start of a turn: the arc asks 6/11 rad of turn.
    m = model(moves(1))
    card = MoveClass(6.0, 45.0, 0.0, instead=2.0)
    need = 6.0 / RADIUS
    turning = -(6.0 * math.sin(math.radians(45.0) - need))  # turns, no drift
    drifting = math.hypot(RADIUS, 6.0 * 1.0) - RADIUS - 2.0  # never turns: runs the tangent
    assert drifting > turning  # turning keeps it further in, so that is what it does
    assert wide_of(m, card, STRAIGHT) == pytest.approx(turning)
    # "and drift" cards drift as well as turn
    both = MoveClass(6.0, 45.0, 2.0)
    assert wide_of(m, both, STRAIGHT) == pytest.approx(turning - 2.0)


def test_the_kits_or_drift_cards_are_read_as_drift_instead_of_turning():
    kit = load_kit("chariot-race")
    d = kit.model_as("cards", Deck)
    card = next(c for c in d.cards if c.get("drift_mode") == "or")
    cls = move_class(card)
    assert (cls.drift, cls.instead) == (0.0, float(card.get("drift")))
    also = next(c for c in d.cards if c.get("drift_mode") == "and")
    assert (move_class(also).drift, move_class(also).instead) == (float(also.get("drift")), 0.0)


def test_movement_is_resolved_starting_with_the_leader():
    # seed: "Resolve movement, starting with the leader"; on a tie "the chariot on the inside
    # is in the lead"
    m = model(moves(40), players=4)
    race = Race(m, build_tables(m), random.Random(1))
    race.dist = [3.0, 12.0, 7.0, 12.0]
    race.wide = [0.0, 1.5, 0.0, 0.5]
    played: list[int] = []
    race.turn = played.append  # type: ignore[method-assign]
    race.play_round()
    assert played == [3, 1, 2, 0]


def test_hands_are_topped_up_on_crossing_the_finish_line_halfway_down_the_straight():
    # seed: the card replenishment point is halfway down the straight; the race starts with
    # the full straight ahead, so a chariot that runs 8 in from the grid has not crossed it
    m = model(moves(40))
    race = Race(m, build_tables(m), random.Random(1))
    assert race.lines_crossed(8.0) == race.lines_crossed(0.0)
    assert race.lines_crossed(STRAIGHT / 2 + 0.5) == race.lines_crossed(0.0) + 1
    assert race.lines_crossed(STRAIGHT / 2 + m.lap / 2 + 0.5) == race.lines_crossed(0.0) + 2


def test_the_kits_track_puts_the_finish_line_halfway_down_the_home_straight():
    kit = load_kit("chariot-race")
    track = kit.model("playing-area")
    assert track.finish_at == "middle"
    assert track.finish_distance == pytest.approx(track.straight / 2)
    grid_rear = min(slot.x for slot in track.grid_slots(4, 72.0, 283.0))
    assert grid_rear == pytest.approx(-track.straight / 2)  # the full straight ahead


def test_each_charioteer_holds_7_cards_at_the_first_move():
    # seed: "You start with 6 cards and are immediately dealt another, for a total of 7"; the
    # kit's deck with its magical effects (played at once, never held) made movement cards, so
    # every card dealt or drawn stays in the hand
    m = build_model(load_kit("chariot-race"), 4)
    m.cards = [c if c.role == "move" else moves(1)[0] for c in m.cards]
    race = Race(m, build_tables(m), random.Random(3))
    held: list[int] = []
    race.move = lambda i, count: held.append(len(race.hands[i]))  # type: ignore[method-assign]
    race.turn(0)
    assert held == [7]
