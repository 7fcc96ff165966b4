"""How the tokens component splits into files for a print shop: one PDF per trim size.

A shop pairs pages as fronts and backs and sets its cutter for one size per job, so each shop
file holds one trim size and is duplex throughout (pieces with backs) or one-sided throughout
(player aids). At home everything stays in one file, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit.layout.units import to_mm


@dataclass
class TokenFile:
    """One output file: its name, its groups of two-sided pieces, or the one-sided aids."""

    name: str
    groups: list[Any] = field(default_factory=list)
    aid: Any = None


def _size_text(width: float, height: float) -> str:
    return f"{to_mm(width):.4g}x{to_mm(height):.4g}mm"


def shop_files(component_id: str, tokens: Any) -> list[TokenFile]:
    """Files in data order: one per trim size of the groups, then the aids' own file."""
    files: dict[str, TokenFile] = {}
    for group in tokens.groups.values():
        name = f"{component_id}-{_size_text(group.width, group.height)}.pdf"
        files.setdefault(name, TokenFile(name)).groups.append(group)
    if tokens.aid is not None:
        aid = tokens.aid
        name = f"{component_id}-{_size_text(aid.width, aid.height)}.pdf"
        if name in files:  # same size as two-sided pieces: still its own one-sided file
            name = name.replace(".pdf", "-one-sided.pdf")
        files[name] = TokenFile(name, aid=aid)
    return list(files.values())
