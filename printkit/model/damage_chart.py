"""The damage chart's model: damage categories, chariots, laps and the outer-stakes table,
joined from the deck, the bases and the rules by printkit/components/damage_chart.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.model.bases import Chariot


@dataclass(frozen=True)
class Category:
    name: str
    label: str
    out: int
    cards: int  # cards in the deck whose crash effect ticks it


@dataclass
class DamageChart:
    title: str
    instructions: str
    categories: list[Category]
    chariots: list[Chariot]
    laps: int
    stakes: list[tuple[float, int]]  # (speed, cards lost)
    speed_unit: str
    file: str
    labels: Any = None  # the chart's wording (model/wording.py)
