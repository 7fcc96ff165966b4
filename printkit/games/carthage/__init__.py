"""Chariot Race at Carthage (seed 002): the game printkit's `carthage` rules module names.

What the engine reads of a game is its GAME (printkit/api.py); it is made of:
    SCHEMA, CarthageRules, CARD_REF   the rules file's record (rules.py)
    RULES                  the checks, listed here from the modules that define them
    card_markers, deal, cards_in_play, extra_outputs
                           the deck's "4P" markers, `printkit deck` rows and the deck a player
                           count uses, the pick list (hooks.py)
    simulate               `printkit simulate` (summary.py; the model of play in sim.py)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.api import Game, GameRules, RuleSet, SimReport
from printkit.games.carthage import checks, pictograms, seed_checks, setup_checks
from printkit.games.carthage.hooks import card_markers, cards_in_play, deal, extra_outputs
from printkit.games.carthage.rules import CARD_REF, SCHEMA, CardRef, CarthageRules, rules
from printkit.games.carthage.summary import simulate

if TYPE_CHECKING:
    from printkit.api import Deal, Deck, Kit

RULES = RuleSet.joined("carthage", checks.CHECKS, setup_checks.CHECKS, seed_checks.CHECKS)

__all__ = [
    "GAME",
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


class Carthage(GameRules):
    """Carthage for printkit: markers on the cards some player count leaves out, the FATUM
    deal and the deck a player count uses, the pick list beside the PDFs, and its model of
    play."""

    plays = True
    icons = pictograms.ICONS  # the emblems its cards, tokens and board name

    def card_markers(self, kit: Kit, component_id: str) -> dict[str, str]:
        return card_markers(kit, component_id)

    def deal(
        self, kit: Kit, component_id: str, deck: Deck, players: int | None
    ) -> list[Deal] | None:
        return deal(kit, component_id, deck, players)

    def cards_in_play(self, kit: Kit, component_id: str, deck: Deck, players: int | None) -> Deck:
        return cards_in_play(kit, component_id, deck, players)

    def extra_outputs(self, kit: Kit) -> dict[str, str]:
        return extra_outputs(kit)

    def simulate(self, kit: Kit, players: int | None, runs: int, seed: int) -> SimReport:
        return simulate(kit, players, runs, seed)


GAME: Game = Carthage(SCHEMA, RULES)  # what printkit/plugins.py finds for `module: carthage`
