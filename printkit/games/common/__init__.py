"""Helpers every game may use and that know no game: a simulation's results remembered per
process (memo.py). Nothing game-specific lives here (an import-linter contract keeps it so)."""
