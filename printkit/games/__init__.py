"""One small module per game: its rules data schema, its rules checks, and any game logic.

A game module exposes:
    SCHEMA: Record    the schema of the kit's rules file (rule limits a club may change)
    RULES: RuleSet    the checks `printkit check` runs; each rule's docstring explains it
                      (shown by `printkit rules --format json` and in docs/checks.md)
and may expose
    deal(kit, component_id, deck, players) -> list[printkit.report.Deal]
                      what each player count leaves to draw, for `printkit deck`
"""

from __future__ import annotations

from printkit.plugins import available_games, game

__all__ = ["available_games", "game"]
