"""Chariot Race's hooks the engine calls besides the checks: `deal`, for `printkit deck`."""

from __future__ import annotations

from printkit.api import Deal, Deck, Kit
from printkit.games.chariot_race.rules import rules as rules_of


def deal(kit: Kit, component_id: str, d: Deck, players: int | None = None) -> list[Deal]:
    """What each number of charioteers leaves to draw after the opening deal (hand + extra each).

    `printkit deck` shows these rows; see printkit/reports/composition.py for the hook.
    """
    if kit.rules_data() is None:
        return []
    rules = rules_of(kit)
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
