"""Component types: each turns one kind of data (a deck, a board, templates...) into a PDF.

A component type is a module in this package exposing:
    load(kit, component_id) -> model        validate the data file, build the model
    render(kit, component_id, path) -> int  draw the model into a PDF at `path`; return pages
Every component writes one file, `output_name(component_id)` (<id>.pdf).
and should expose
    schema(kit=None, component_id=None) -> Type   the data file's schema (generic without a
                                            kit), for `printkit schema` and docs/data-format.md
Types are found by name (printkit/plugins.py), so adding one is a module and a line there.
"""

from __future__ import annotations

from printkit.plugins import COMPONENT_TYPES, component_type

__all__ = ["COMPONENT_TYPES", "component_type", "output_name"]


def output_name(component_id: str) -> str:
    """The file a component writes, inside the kit's output folder."""
    return f"{component_id}.pdf"
