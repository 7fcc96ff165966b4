"""Chariot Race (seed 000): the game printkit's `chariot_race` rules module names.

What the engine reads of a game (printkit/games/__init__.py):
    SCHEMA, ChariotRules   the rules file's record (rules.py)
    RULES                  the checks, listed here from the modules that define them
    deal                   the `printkit deck` rows (hooks.py)
    simulate               `printkit simulate` (summary.py; the model of play in model.py, sim.py)
"""

from __future__ import annotations

from printkit.checks import RuleSet
from printkit.games.chariot_race import checks, race_checks, seed_checks
from printkit.games.chariot_race.hooks import deal
from printkit.games.chariot_race.rules import SCHEMA, ChariotRules
from printkit.games.chariot_race.summary import simulate

RULES = RuleSet.joined("chariot-race", checks.CHECKS, race_checks.CHECKS, seed_checks.CHECKS)

__all__ = ["RULES", "SCHEMA", "ChariotRules", "deal", "simulate"]
