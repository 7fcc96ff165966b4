"""Game rules modules: built in (printkit/games/*.py) or from installed packages.

A game module exposes:
    SCHEMA: Record    the schema of the kit's rules file (rule limits a club may change)
    RULES: RuleSet    the checks `printkit check` runs; each rule's docstring explains it
                      (shown by `printkit rules --format json` and in docs/checks.md)
and may expose
    deal(kit, component_id, deck, players) -> list[printkit.report.Deal]
                      what each player count leaves to draw, for `printkit deck`

A package adds a game by declaring an entry point in the group `printkit.games`:

    [project.entry-points."printkit.games"]
    my_game = "my_club_rules.game"

and a kit then names it: `rules: {module: my_game, file: rules.yaml}`. A kit that names no
module gets NO_GAME: its rules file holds only checks written as data (checks/data_rules.py).
"""

from __future__ import annotations

import importlib
import sys
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

ENTRY_POINT_GROUP = "printkit.games"


def builtin_games() -> list[str]:
    here = Path(__file__).parent
    return sorted(p.stem for p in here.glob("*.py") if not p.stem.startswith("_"))


def installed_games() -> dict[str, EntryPoint]:
    """Games that installed packages provide, by entry-point name (built-in names win)."""
    return dict(_installed(tuple(sys.path)))


@cache
def _installed(search_path: tuple[str, ...]) -> dict[str, EntryPoint]:
    """Looked up once per import path (a scan of every installed package takes ~15 ms)."""
    builtin = set(builtin_games())
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name not in builtin:
            found.setdefault(ep.name, ep)
    return found


def available_games() -> list[str]:
    return sorted({*builtin_games(), *installed_games()})


def no_game() -> Any:
    """The rules 'module' of a kit that names none: an empty RuleSet, the data-checks schema."""
    from printkit.checks import RuleSet
    from printkit.checks.rules_file import NO_GAME_SCHEMA

    return SimpleNamespace(SCHEMA=NO_GAME_SCHEMA, RULES=RuleSet("data rules only"))


def game(name: str | None) -> ModuleType | Any:
    """The rules module called `name`: built in, else an installed package's entry point."""
    if name is None:
        return no_game()
    if name in builtin_games():
        return importlib.import_module(f"printkit.games.{name}")
    installed = installed_games().get(name)
    if installed is None:
        raise LookupError(f"no game rules module {name!r}; known: {', '.join(available_games())}")
    return installed.load()
