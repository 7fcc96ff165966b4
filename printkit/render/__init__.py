"""What every component type draws with, and knows no type: cut pieces imposed onto sheets
(`imposed.py`, with `oversize.py` for a piece larger than the sheet), whole sheets (`pages.py`),
gang sheets packing several components' pieces together (`gang.py`, `gang_sheets.py`), plans
too large for a sheet tiled across several (`tiled.py`), the safe-area measure of a piece's text
(`safearea.py`), what a face's elements must satisfy when they read a piece's fields
(`face_checks.py`) and a component's `uses:` of another (`links.py`). A component type reaches
them through printkit/api.py.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["more_output_path"]


def more_output_path(path: Path, name: str) -> Path:
    """Where render writes the further output `name` when its main output goes to `path`
    (beside it, so a temporary's siblings are temporaries too)."""
    return path.with_name(f"{path.stem}.{name}")
