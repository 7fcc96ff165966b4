"""Chartae (seed 001): the game printkit's `chartae` rules module names.

What the engine reads of a game is its GAME (printkit/api.py); it is made of:
    SCHEMA, ChartaeRules   the rules file's record (rules.py)
    RULES                  the checks (checks.py)
    score                  `printkit score chartae LAYOUT` (score.py)
    simulate               `printkit simulate` (summary.py; the game logic in engine.py)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.api import Game, GameRules, RuleSet, SimReport
from printkit.games.chartae import checks, pictograms
from printkit.games.chartae.rules import SCHEMA, ChartaeRules
from printkit.games.chartae.score import score
from printkit.games.chartae.summary import simulate

if TYPE_CHECKING:
    from printkit.api import Kit

RULES = RuleSet.joined("chartae", checks.CHECKS)

__all__ = ["GAME", "RULES", "SCHEMA", "ChartaeRules", "score", "simulate"]


class Chartae(GameRules):
    """Chartae for printkit: scoring a finished map, and the balance study."""

    plays = True
    icons = pictograms.ICONS  # the ship, whale and town its tiles name
    scores = True

    def simulate(self, kit: Kit, players: int | None, runs: int, seed: int) -> SimReport:
        return simulate(kit, players, runs, seed)

    def score(self, kit: Kit, text: str, source: str, last: str | None) -> tuple[list[str], int]:
        return score(kit, text, source, last)


GAME: Game = Chartae(SCHEMA, RULES)  # what printkit/plugins.py finds for `rules: {module: chartae}`
