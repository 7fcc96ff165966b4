"""Chartae (seed 001): the game printkit's `chartae` rules module names.

What the engine reads of a game (printkit/games/__init__.py):
    SCHEMA, ChartaeRules   the rules file's record (rules.py)
    RULES                  the checks (checks.py)
    score                  `printkit score chartae LAYOUT` (score.py)
    simulate               `printkit simulate` (summary.py; the game logic in engine.py)
"""

from __future__ import annotations

from printkit.checks import RuleSet
from printkit.games.chartae import checks
from printkit.games.chartae.rules import SCHEMA, ChartaeRules
from printkit.games.chartae.score import score
from printkit.games.chartae.summary import simulate

RULES = RuleSet.joined("chartae", checks.CHECKS)

__all__ = ["RULES", "SCHEMA", "ChartaeRules", "score", "simulate"]
