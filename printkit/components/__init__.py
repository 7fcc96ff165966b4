"""Component types: each turns one kind of data (a deck, a board, templates...) into a PDF.

A component type is a module in this package exposing:
    load(kit, component_id) -> model        validate the data file, build the model
    render(kit, component_id, path) -> int  draw the model into a PDF at `path`; return pages
    output_name(kit, component_id) -> str   the file name it writes (usually <id>.pdf)
and may expose
    more_outputs(kit, component_id) -> list[str]   further files the same render writes (e.g.
                                            one PDF per trim size); render writes each one to
                                            `more_output_path(path, name)`
and should expose
    schema(kit=None, component_id=None) -> Type   the data file's schema (generic without a
                                            kit), for `printkit schema` and docs/data-format.md
Types are found by name, so adding one needs no change anywhere else but this table.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

# type name -> module under printkit.components
COMPONENT_TYPES: dict[str, str] = {
    "deck": "deck",
    "tiles": "tiles",
    "board": "board",
    "tokens": "tokens",
    "templates": "templates",
    "bases": "bases",
    "damage-chart": "damage_chart",
    "track": "track",
}


def component_type(name: str) -> ModuleType:
    return importlib.import_module(f"printkit.components.{COMPONENT_TYPES[name]}")


def default_output_name(component_id: str) -> str:
    return f"{component_id}.pdf"


def more_outputs(module: ModuleType, kit, component_id: str) -> list[str]:
    """The further file names a component writes beside its main output (usually none)."""
    names = getattr(module, "more_outputs", None)
    return list(names(kit, component_id)) if names else []


def more_output_path(path: Path, name: str) -> Path:
    """Where render writes the further output `name` when its main output goes to `path`
    (beside it, so a temporary's siblings are temporaries too)."""
    return path.with_name(f"{path.stem}.{name}")
