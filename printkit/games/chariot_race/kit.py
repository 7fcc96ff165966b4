"""Chariot Race's readers of the kit: its deck, its movement cards and their speed unit, and
the model of another component it needs (track, bases, templates). The checks, the model of
play and the simulation read the kit through these.
"""

from __future__ import annotations

from typing import Any

from printkit.api import UNIT_POINTS, Card, Deck, Kit, component_of_type


def deck(kit: Kit) -> tuple[str, Deck]:
    cid = component_of_type(kit, "deck")
    if cid is None:
        raise LookupError("chariot-race kit has no deck")
    return cid, kit.model_as(cid, Deck)


def movement_cards(d: Deck) -> list[Card]:
    """Cards with a speed (a magical effect card with a speed is reported by CR010)."""
    return [c for c in d.cards if c.get("speed") is not None]


def model_of_type(kit: Kit, type_name: str) -> Any:
    """The model of the kit's first component of this type; None when it has none."""
    cid = component_of_type(kit, type_name)
    return None if cid is None else kit.model(cid)


def speed_unit_points(d: Deck) -> float:
    """Points per unit of the deck's speed field (inches unless the deck says otherwise)."""
    decl = d.fields.get("speed")
    unit = (decl.unit if decl else "") or "in"
    return UNIT_POINTS.get({'"': "in", "″": "in"}.get(unit, unit), UNIT_POINTS["in"])
