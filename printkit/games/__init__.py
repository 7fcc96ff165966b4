"""Games: built in (one package per game, printkit/games/<name>/; games/common/ holds helpers
that know no game) or from installed packages. Each game stands alone: no game imports another
(import-linter contract).

Each game is a `printkit.api.Game` object, its package's `GAME` (an installed package names it
in an entry point of the group `printkit.games`, e.g. `my_game = "my_club_rules.game:GAME"`);
what a game gives printkit, and when printkit asks, is written once in printkit/api.py and
docs/architecture.md ("The plug-in API"). A kit names a game with
`rules: {module: my_game, file: rules.yaml}`; a kit that names none has a rules file of checks
written as data only (checks/data_rules.py). The engine finds games by name through
printkit/plugins.py and never imports this package; a game imports only printkit.api (and
what it re-exports) and its own modules (import-linter contract).
"""
