"""Chariot Race at Carthage (seed 002): the game printkit's `carthage` rules module names.

What the engine reads of a game (printkit/games/__init__.py):
    SCHEMA, CarthageRules, CARD_REF   the rules file's record (rules.py)
    RULES                  the checks, listed here from the modules that define them
    card_markers, deal, cards_in_play, extra_outputs
                           the deck's "4P" markers, `printkit deck` rows and the deck a player
                           count uses, the pick list (hooks.py)
    simulate               `printkit simulate` (summary.py; the model of play in sim.py)
"""

from __future__ import annotations

from printkit.checks import RuleSet
from printkit.games.carthage import checks, seed_checks, setup_checks
from printkit.games.carthage.hooks import card_markers, cards_in_play, deal, extra_outputs
from printkit.games.carthage.rules import CARD_REF, SCHEMA, CardRef, CarthageRules, rules
from printkit.games.carthage.summary import simulate

RULES = RuleSet.joined("carthage", checks.CHECKS, setup_checks.CHECKS, seed_checks.CHECKS)

__all__ = [
    "CARD_REF",
    "RULES",
    "SCHEMA",
    "CardRef",
    "CarthageRules",
    "card_markers",
    "cards_in_play",
    "deal",
    "extra_outputs",
    "rules",
    "simulate",
]
