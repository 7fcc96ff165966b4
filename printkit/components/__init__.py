"""Component types: each turns one kind of data (a deck, a board, templates...) into a PDF.

Each module here holds one built-in type, its `COMPONENT` (a `printkit.api.Component`); the
members every type has, what they may return and when they are called are written once, in
printkit/api.py and docs/architecture.md ("The plug-in API"). Types are found by the name
kit.yaml gives them (printkit/plugins.py): a built-in one is a module and a line there, an
installed package's one an entry point in the group `printkit.components`. The rest of this
package is what types share: imposition (imposed.py), gang sheets, tiled plans, whole sheets.
"""

from __future__ import annotations

from pathlib import Path

from printkit.plugins import component_type

__all__ = ["component_type", "more_output_path"]


def more_output_path(path: Path, name: str) -> Path:
    """Where render writes the further output `name` when its main output goes to `path`
    (beside it, so a temporary's siblings are temporaries too)."""
    return path.with_name(f"{path.stem}.{name}")
