"""Component types and games are plugins: kit.yaml names them, and this registry finds them.

A kit's manifest says `type: deck` for a component and `rules: {module: chariot_race}` for its
game. The engine below components/ and games/ (the kit, checks, reports) never imports those
packages; it asks this registry for the object of a name (a `printkit.api.ComponentType` or
`printkit.api.Game`), imported the first time it is needed. Built-in component types are the
`COMPONENT` of a module under printkit/components/ (one line in BUILTIN_COMPONENT_TYPES),
built-in games the `GAME` of a package under printkit/games/; installed packages add either
through an entry point (groups `printkit.components` and `printkit.games`) naming the object.
"""

from __future__ import annotations

import importlib
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # the protocols live above this registry (printkit/api.py)
    from importlib.metadata import EntryPoint

    from printkit.api import ComponentType, Game

# component type name (as kit.yaml writes it) -> the module whose COMPONENT it is
BUILTIN_COMPONENT_TYPES: dict[str, str] = {
    "deck": "printkit.components.deck",
    "tiles": "printkit.components.tiles",
    "board": "printkit.games.carthage.components.board",
    "tokens": "printkit.components.tokens",
    "templates": "printkit.games.chariot_race.components.templates",
    "bases": "printkit.games.chariot_race.components.bases",
    "damage-chart": "printkit.games.chariot_race.components.damage_chart",
    "track": "printkit.games.chariot_race.components.track",
    "map": "printkit.components.map",
    "tuckbox": "printkit.components.tuckbox",
    "dice": "printkit.components.dice",
}

GAMES_DIR = Path(__file__).parent / "games"
# the package under games/ that holds helpers every game may use, and is no game itself
GAME_HELPERS = "common"


class PluginError(LookupError):
    """An installed plugin cannot be loaded; the message names it and says why."""


ENTRY_POINT_GROUP = "printkit.games"  # installed packages' games (docs/checks.md)
COMPONENTS_GROUP = "printkit.components"  # installed packages' component types


def component_types() -> list[str]:
    """Every component type a kit may name: built in, then those of installed packages."""
    return [*BUILTIN_COMPONENT_TYPES, *sorted(_installed(COMPONENTS_GROUP, tuple(sys.path)))]


def component_type(name: str) -> ComponentType:
    """The component type kit.yaml calls `name` (printkit/api.py says what it offers)."""
    if name in BUILTIN_COMPONENT_TYPES:
        module = importlib.import_module(BUILTIN_COMPONENT_TYPES[name])
        return cast("ComponentType", module.COMPONENT)
    installed = _installed(COMPONENTS_GROUP, tuple(sys.path)).get(name)
    if installed is None:
        raise LookupError(f"no component type {name!r}; known: {', '.join(component_types())}")
    return cast("ComponentType", _load(installed, COMPONENTS_GROUP, f"component type {name!r}"))


def builtin_games() -> list[str]:
    """The game packages under printkit/games/ (one per game; `common` holds shared helpers)."""
    return sorted(
        p.parent.name for p in GAMES_DIR.glob("*/__init__.py") if p.parent.name != GAME_HELPERS
    )


def installed_games() -> dict[str, EntryPoint]:
    """Games that installed packages provide, by entry-point name (built-in names win)."""
    return dict(_installed(ENTRY_POINT_GROUP, tuple(sys.path)))


@cache
def _installed(group: str, search_path: tuple[str, ...]) -> dict[str, EntryPoint]:
    """An entry-point group, looked up once per import path (a scan of every installed package
    takes ~15 ms); a built-in name wins over an installed one."""
    # imported here, only when installed plugins are looked for (importlib.metadata: start-up)
    from importlib.metadata import entry_points

    builtin = set(builtin_games() if group == ENTRY_POINT_GROUP else BUILTIN_COMPONENT_TYPES)
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=group):
        if ep.name not in builtin:
            found.setdefault(ep.name, ep)
    return found


def available_games() -> list[str]:
    """Every game a kit may name: built in, then those of installed packages."""
    return sorted({*builtin_games(), *installed_games()})


def game(name: str) -> Game:
    """The game kit.yaml's `rules: {module: name}` names (printkit/api.py says what it offers):
    built in, else an installed package's entry point."""
    if name in builtin_games():
        return cast("Game", importlib.import_module(f"printkit.games.{name}").GAME)
    installed = installed_games().get(name)
    if installed is None:
        raise LookupError(f"no game rules module {name!r}; known: {', '.join(available_games())}")
    return cast("Game", _load(installed, ENTRY_POINT_GROUP, f"game {name!r}"))


# What an installed object must have to be what its group says (the members without a default
# in printkit/api.py's `Component` and `GameRules`; tests/test_plugin_loading.py keeps them so):
# checked once, when it is loaded, so that `os:sep` is refused by name, never called.
REQUIRED_MEMBERS: dict[str, tuple[str, ...]] = {
    COMPONENTS_GROUP: ("load", "schema", "render"),
    ENTRY_POINT_GROUP: ("schema", "rules"),
}


def _load(installed: EntryPoint, group: str, what: str) -> object:
    """The object an installed package's entry point names; PluginError when its import fails
    in any way (`sys.exit()` too: a plug-in must never end printkit with exit 0, a false pass
    in CI) or when the object is not what its group says (a game, a component type)."""
    origin = f"the installed {what} (entry point {installed.value} in the group {group})"
    try:
        found = installed.load()
    except (Exception, SystemExit) as exc:  # an installed package's import may do anything
        raise PluginError(f"{origin} cannot be imported: {type(exc).__name__}: {exc}") from None
    members = set(dir(found))
    missing = [name for name in REQUIRED_MEMBERS[group] if name not in members]
    if missing:
        kind = "component type" if group == COMPONENTS_GROUP else "game"
        raise PluginError(
            f"{origin} is not a {kind}: it names a {type(found).__name__}, which has no "
            f"{', '.join(missing)} (printkit/api.py says what a {kind} gives)"
        )
    return found
