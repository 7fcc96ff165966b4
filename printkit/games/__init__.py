"""Game rules modules: built in (one package per game, printkit/games/<name>/, whose
__init__.py lists what the game exposes; games/common/ holds helpers that know no game) or from
installed packages. Each game stands alone: no game imports another (import-linter contract).

A game module exposes:
    SCHEMA: Record    the schema of the kit's rules file (rule limits a club may change):
                      `record_of(Rules)` of a @record dataclass (load/records.py), which is
                      also the typed model its checks read through `kit.rules_as(Rules)`
    RULES: RuleSet    the checks `printkit check` runs; each rule's docstring explains it
                      (shown by `printkit rules --format json` and in docs/checks.md)
and may expose
    deal(kit, component_id, deck, players) -> list[printkit.reports.composition.Deal]
                      what each player count leaves to draw, for `printkit deck`
    card_markers(kit, component_id) -> {card id: marker}
                      markers printed on a deck's cards, called once the deck's model is
                      built (cards from YAML or a sheet, variants applied): read the model
                      (`kit.model_as(component_id, Deck)`), never the raw file
    cards_in_play(kit, component_id, deck, players) -> Deck
                      the deck as that many players use it, for `printkit deck --players`

A package adds a game by declaring an entry point in the group `printkit.games`:

    [project.entry-points."printkit.games"]
    my_game = "my_club_rules.game"

and a kit then names it: `rules: {module: my_game, file: rules.yaml}`. A kit that names no
module has a rules file of checks written as data only (checks/data_rules.py). The engine finds
games by name through printkit/plugins.py and never imports this package.
"""

from __future__ import annotations

from printkit.plugins import ENTRY_POINT_GROUP, available_games, builtin_games, game

__all__ = ["ENTRY_POINT_GROUP", "available_games", "builtin_games", "game"]
