"""Component types and games are plugins: kit.yaml names them, and this registry finds them.

A kit's manifest says `type: deck` for a component and `rules: {module: <game>}` for its game. The engine never imports a component type or a game; it asks this registry for the
object of a name (a `printkit.api.ComponentType` or `printkit.api.Game`), imported the first
time it is needed.

Every plug-in is registered by an entry point (groups `printkit.components` and
`printkit.games`) naming its object as `module:attribute`, and loaded and checked by one loader
(`_load`). An installed package declares its entry points in its metadata; a built-in plug-in
declares them in the same format, in an `entry_points.txt` of its own package
(printkit/components/<type>/ and printkit/games/<game>/), read without a scan of every
installed package's metadata (which costs a deck build's start-up measurable time). A package
removed from the tree takes its registration with it.
"""

from __future__ import annotations

import importlib
import os
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, cast

if TYPE_CHECKING:  # the protocols live above this registry (printkit/api.py)
    from importlib.metadata import EntryPoint

    from printkit.api import ComponentType, Game

PACKAGE = Path(__file__).parent
GAMES_DIR = PACKAGE / "games"
# where built-in plug-ins live: each package directly under these folders may register some
BUILTIN_FOLDERS = (PACKAGE / "components", GAMES_DIR)
ENTRY_POINTS_FILE = "entry_points.txt"  # the name and format of a distribution's own


class PluginError(LookupError):
    """A plugin cannot be loaded; the message names it and says why."""


ENTRY_POINT_GROUP = "printkit.games"  # games (docs/checks.md)
COMPONENTS_GROUP = "printkit.components"  # component types
ELEMENTS_GROUP = "printkit.elements"  # element kinds any kit's faces may use


class BuiltinEntryPoint(NamedTuple):
    """An entry point of a built-in plug-in: what `importlib.metadata.EntryPoint` gives for an
    installed one (name, `module:attribute` value, group, and `load()`)."""

    name: str
    value: str
    group: str

    def load(self) -> object:
        """The object `value` names, imported as `EntryPoint.load()` imports it."""
        module, _, attribute = self.value.partition(":")
        found: object = importlib.import_module(module.strip())
        for part in filter(None, attribute.strip().split(".")):
            found = getattr(found, part)
        return found


def read_entry_points(text: str) -> list[BuiltinEntryPoint]:
    """The entry points of an `entry_points.txt` (INI: `[group]`, then `name = module:attr`
    lines; `#` starts a comment)."""
    found: list[BuiltinEntryPoint] = []
    group = ""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1].strip()
        elif "=" in line and group:
            name, _, value = line.partition("=")
            found.append(BuiltinEntryPoint(name.strip(), value.strip(), group))
    return found


@cache
def _builtin(group: str) -> dict[str, BuiltinEntryPoint]:
    """The built-in plug-ins of a group, by name, in the order of their packages' paths."""
    found: dict[str, BuiltinEntryPoint] = {}
    for path in _builtin_files():
        for ep in read_entry_points(path.read_text(encoding="utf-8")):
            if ep.group == group:
                found.setdefault(ep.name, ep)
    return found


@cache
def _builtin_files() -> list[Path]:
    """The `entry_points.txt` of each package under BUILTIN_FOLDERS, in the order of their
    paths (a listing of two folders: no pattern matching, which would cost start-up)."""
    found = []
    for folder in BUILTIN_FOLDERS:
        names = sorted(os.listdir(folder)) if folder.is_dir() else []
        found += [folder / n / ENTRY_POINTS_FILE for n in names]
    return [path for path in found if path.is_file()]


def builtin_component_types() -> list[str]:
    """The component types printkit ships (those of its own packages' entry points)."""
    return list(_builtin(COMPONENTS_GROUP))


def component_types() -> list[str]:
    """Every component type a kit may name: built in, then those of installed packages."""
    return [*_builtin(COMPONENTS_GROUP), *sorted(_installed(COMPONENTS_GROUP, tuple(sys.path)))]


def component_type(name: str) -> ComponentType:
    """The component type kit.yaml calls `name` (printkit/api.py says what it offers)."""
    found = _entry_point(COMPONENTS_GROUP, name)
    if found is None:
        raise LookupError(f"no component type {name!r}; known: {', '.join(component_types())}")
    return cast("ComponentType", _load(found, COMPONENTS_GROUP, f"component type {name!r}"))


def builtin_games() -> list[str]:
    """The games printkit ships (those of its own packages' entry points)."""
    return sorted(_builtin(ENTRY_POINT_GROUP))


def installed_games() -> dict[str, EntryPoint]:
    """Games that installed packages provide, by entry-point name (built-in names win)."""
    return dict(_installed(ENTRY_POINT_GROUP, tuple(sys.path)))


def _entry_point(group: str, name: str) -> BuiltinEntryPoint | EntryPoint | None:
    """The entry point of `name` in `group`: a built-in one, else an installed package's (only
    then are the installed packages' metadata read)."""
    return _builtin(group).get(name) or _installed(group, tuple(sys.path)).get(name)


@cache
def _installed(group: str, search_path: tuple[str, ...]) -> dict[str, EntryPoint]:
    """An entry-point group, looked up once per import path (a scan of every installed package
    takes ~15 ms); a built-in name wins over an installed one."""
    # imported here, only when installed plugins are looked for (importlib.metadata: start-up)
    from importlib.metadata import entry_points

    builtin = set(_builtin(group))
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
    found = _entry_point(ENTRY_POINT_GROUP, name)
    if found is None:
        raise LookupError(f"no game rules module {name!r}; known: {', '.join(available_games())}")
    return cast("Game", _load(found, ENTRY_POINT_GROUP, f"game {name!r}"))


# What an installed object must have to be what its group says (the members without a default
# in printkit/api.py's `Component` and `GameRules`; tests/test_plugin_loading.py keeps them so):
# checked once, when it is loaded, so that `os:sep` is refused by name, never called.
REQUIRED_MEMBERS: dict[str, tuple[str, ...]] = {
    COMPONENTS_GROUP: ("load", "schema", "render"),
    ENTRY_POINT_GROUP: ("schema", "rules"),
    ELEMENTS_GROUP: ("kind", "draw"),
}
NOUNS = {
    COMPONENTS_GROUP: "component type",
    ENTRY_POINT_GROUP: "game",
    ELEMENTS_GROUP: "element kind",
}
# The members of a component type that lay out or draw, and the arguments the engine passes
# each (printkit/api.py): the kit, the build's `Derived`, then the component's id and the rest.
DRAWING_MEMBERS: dict[str, tuple[str, ...]] = {
    "render": ("kit", "derived", "component_id", "path", "progress"),
    "preflight": ("kit", "derived", "component_id"),
    "print_findings": ("kit", "derived", "component_id"),
    "piece_groups": ("kit", "derived", "component_id"),
    "layout_keeper": ("kit", "derived", "component_id", "looks", "earlier"),
}


def element_kind(name: str) -> object | None:
    """The element kind an installed package gives the name `name` (an entry point of the group
    `printkit.elements` naming an `@element_kind` class), or None: looked for only when a face
    names a kind that is neither built in nor its kit's game's. PluginError when it cannot be
    loaded (the kit's input error at the element)."""
    found = _installed(ELEMENTS_GROUP, tuple(sys.path)).get(name)
    return None if found is None else _load(found, ELEMENTS_GROUP, f"element kind {name!r}")


def installed_element_kinds() -> tuple[object, ...]:
    """Every element kind installed packages give (for the kits' JSON Schemas and messages);
    one that cannot be loaded is left out (naming it in a face is the error that says why)."""
    kinds = []
    for name in sorted(_installed(ELEMENTS_GROUP, tuple(sys.path))):
        try:
            kinds.append(element_kind(name))
        except PluginError:
            continue
    return tuple(kind for kind in kinds if kind is not None)


def _load(installed: BuiltinEntryPoint | EntryPoint, group: str, what: str) -> object:
    """The object an entry point names, built in or installed alike; PluginError when its
    import fails in any way (`sys.exit()` too: a plug-in must never end printkit with exit 0, a
    false pass in CI) or when the object is not what its group says (a game, a component type)."""
    where = "built-in" if isinstance(installed, BuiltinEntryPoint) else "installed"
    origin = f"the {where} {what} (entry point {installed.value} in the group {group})"
    try:
        found = installed.load()
    except (Exception, SystemExit) as exc:  # an installed package's import may do anything
        raise PluginError(f"{origin} cannot be imported: {type(exc).__name__}: {exc}") from None
    members = set(dir(found))
    missing = [name for name in REQUIRED_MEMBERS[group] if name not in members]
    if missing:
        kind = NOUNS[group]
        raise PluginError(
            f"{origin} is not a {kind}: it names a {type(found).__name__}, which has no "
            f"{', '.join(missing)} (printkit/api.py says what a {kind} gives)"
        )
    if group == COMPONENTS_GROUP and where == "installed":
        problem = _arguments_problem(found, members)
        if problem:
            raise PluginError(f"{origin} {problem}")
    return found


_ARGUMENTS_CHECKED: dict[int, tuple[object, str | None]] = {}  # by id: checked once per object


def _arguments_problem(found: object, members: set[str]) -> str | None:
    """What keeps an installed component type's members that lay out or draw from taking the
    arguments the engine passes them (a type written before they took the build's `Derived`),
    as the end of a sentence; None when each takes them. Built-in types are checked by mypy."""
    known = _ARGUMENTS_CHECKED.get(id(found))
    if known is not None and known[0] is found:
        return known[1]
    # imported here, only when an installed component type is loaded (start-up of a build)
    import inspect

    problem = None
    for name, arguments in DRAWING_MEMBERS.items():
        if name not in members:
            continue
        try:
            signature = inspect.signature(getattr(found, name))
        except (TypeError, ValueError):  # no signature to read (a builtin): called as it is
            continue
        try:
            signature.bind(*arguments)
        except TypeError:
            problem = (
                f"cannot take what printkit passes its {name}: it is {name}{signature}, and "
                f"printkit calls {name}({', '.join(arguments)}), the build's Derived after the "
                'kit (printkit/api.py; docs/architecture.md, "The plug-in API")'
            )
            break
    _ARGUMENTS_CHECKED[id(found)] = (found, problem)
    return problem
