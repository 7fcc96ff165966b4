"""Component types: each turns one kind of data (a deck, a board, templates...) into a PDF.

A component type is a module in this package exposing:
    load(kit, component_id) -> model        validate the data file, build the model
    render(kit, component_id, path) -> int  draw the model into a PDF at `path`; return pages
    inputs(kit, component_id) -> list[Path] the files its output is drawn from, from its model
                                            (kit.yaml, rules, fonts, icons, its data file and
                                            card sheet, each picture its cards show, the data
                                            of what it `uses`): the build record, --watch and
                                            serve rebuild it when one of them changes
Every component writes one file, `output_name(component_id)` (<id>.pdf), and may expose
    more_outputs(kit, component_id) -> list[str]   further files the same render writes (e.g.
                                            one PDF per trim size); render writes each one to
                                            `more_output_path(path, name)`
and should expose
    schema(kit=None, component_id=None) -> Type   the data file's schema (generic without a
                                            kit), for `printkit schema` and docs/data-format.md
Types are found by name (printkit/plugins.py), so adding one is a module and a line there.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from printkit.plugins import COMPONENT_TYPES, component_type

__all__ = [
    "COMPONENT_TYPES",
    "component_type",
    "more_output_path",
    "more_outputs",
    "output_name",
]


def output_name(component_id: str) -> str:
    """The file a component writes, inside the kit's output folder."""
    return f"{component_id}.pdf"


def more_outputs(module: ModuleType, kit, component_id: str) -> list[str]:
    """The further file names a component writes beside its main output (usually none)."""
    names = getattr(module, "more_outputs", None)
    return list(names(kit, component_id)) if names else []


def more_output_path(path: Path, name: str) -> Path:
    """Where render writes the further output `name` when its main output goes to `path`
    (beside it, so a temporary's siblings are temporaries too)."""
    return path.with_name(f"{path.stem}.{name}")
