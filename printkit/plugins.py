"""Component types and games are plugins: kit.yaml names them, and this registry finds them.

A kit's manifest says `type: deck` for a component and `rules: {module: chariot_race}` for its
game. The engine below components/ and games/ (the kit, checks, reports) never imports those
packages; it asks this registry for the module of a name, which is imported the first time it
is needed. These are the only imports by name in printkit, so adding a component type is one
line in COMPONENT_TYPES and adding a game is one package under printkit/games/.
"""

from __future__ import annotations

import importlib
import sys
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import ModuleType

# component type name (as kit.yaml writes it) -> module under printkit.components
COMPONENT_TYPES: dict[str, str] = {
    "deck": "deck",
    "tiles": "tiles",
    "board": "board",
    "tokens": "tokens",
    "templates": "templates",
    "bases": "bases",
    "damage-chart": "damage_chart",
    "track": "track",
    "map": "mapboard",
}

GAMES_DIR = Path(__file__).parent / "games"
# the package under games/ that holds helpers every game may use, and is no game itself
GAME_HELPERS = "common"


class PluginError(LookupError):
    """An installed plugin cannot be loaded; the message names it and says why."""


def component_type(name: str) -> ModuleType:
    """The module of a component type (see printkit/components/__init__.py for what it holds)."""
    return importlib.import_module(f"printkit.components.{COMPONENT_TYPES[name]}")


ENTRY_POINT_GROUP = "printkit.games"  # installed packages' games (docs/checks.md)


def builtin_games() -> list[str]:
    """The game packages under printkit/games/ (one per game; `common` holds shared helpers)."""
    return sorted(
        p.parent.name for p in GAMES_DIR.glob("*/__init__.py") if p.parent.name != GAME_HELPERS
    )


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
    """Every game a kit may name: built in, then those of installed packages."""
    return sorted({*builtin_games(), *installed_games()})


def game(name: str) -> ModuleType:
    """The module of a game (see printkit/games/__init__.py for what it holds): built in, else
    an installed package's entry point."""
    if name in builtin_games():
        return importlib.import_module(f"printkit.games.{name}")
    installed = installed_games().get(name)
    if installed is None:
        raise LookupError(f"no game rules module {name!r}; known: {', '.join(available_games())}")
    try:
        loaded = installed.load()
    except Exception as exc:  # an installed package's import may fail in any way at all
        raise PluginError(
            f"the installed game {name!r} (entry point {installed.value} in the group "
            f"{ENTRY_POINT_GROUP}) cannot be imported: {type(exc).__name__}: {exc}"
        ) from None
    if not isinstance(loaded, ModuleType):
        raise LookupError(f"the entry point {name!r} ({installed.value}) is not a module")
    return loaded


def game_hook(module_name: str, hook: str) -> object | None:
    """A game module's optional function (e.g. `deal`, `card_markers`), None when it has none."""
    return getattr(game(module_name), hook, None)
