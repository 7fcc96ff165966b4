"""Chariot Race (seed 000): the game printkit's `chariot_race` rules module names.

What the engine reads of a game is its GAME (printkit/api.py); it is made of:
    SCHEMA, ChariotRules   the rules file's record (rules.py)
    RULES                  the checks, listed here from the modules that define them
    deal                   the `printkit deck` rows (hooks.py)
    simulate               `printkit simulate` (summary.py; the model of play in model.py, sim.py)
    element_kinds          the fan and drift its cards draw (elements.py)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.api import Game, GameRules, RuleSet
from printkit.games.chariot_race import checks, elements, race_checks, seed_checks
from printkit.games.chariot_race.rules import SCHEMA, ChariotRules

if TYPE_CHECKING:
    from printkit.api import Deal, Deck, Kit, SimReport

RULES = RuleSet.joined("chariot-race", checks.CHECKS, race_checks.CHECKS, seed_checks.CHECKS)

__all__ = ["GAME", "RULES", "SCHEMA", "ChariotRules", "deal", "simulate"]


class ChariotRace(GameRules):
    """Chariot Race for printkit: what each number of charioteers leaves to draw, and its model
    of play."""

    plays = True
    element_kinds = elements.KINDS  # fan and drift

    def deal(
        self, kit: Kit, component_id: str, deck: Deck, players: int | None
    ) -> list[Deal] | None:
        return deal(kit, component_id, deck, players)

    def simulate(self, kit: Kit, players: int | None, runs: int, seed: int) -> SimReport:
        return simulate(kit, players, runs, seed)


def deal(kit: Kit, component_id: str, d: Deck, players: int | None = None) -> list[Deal]:
    """`printkit deck`'s rows: what each number of charioteers leaves to draw (hooks.py)."""
    # the rows are the API's Deal, of the reports, which a build need not import:
    # imported here, only when `printkit deck` asks for them
    from printkit.games.chariot_race import hooks

    return hooks.deal(kit, component_id, d, players)


def simulate(kit: Kit, players: int | None, runs: int, seed: int) -> SimReport:
    """`printkit simulate`: `runs` races (summary.py, over the model of play in sim.py)."""
    # imported here, only when races are played (simulate; a build plays none)
    from printkit.games.chariot_race import summary

    return summary.simulate(kit, players, runs, seed)


GAME: Game = ChariotRace(SCHEMA, RULES)  # what printkit/plugins.py finds for `module: chariot_race`
