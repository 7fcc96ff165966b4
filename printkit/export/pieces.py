"""The designs of a component's cut pieces (tiles, tokens: any type whose `exports_pieces`),
drawn once each with the back behind it, for `export --images` and `export --tts`.

The pieces are the ones the component prints (`piece_groups()`): each group's designs (its
distinct pieces, in order, with the number of copies printed) are imposed as shop pages by the
same code as the component's own shop PDF (render/imposed.render_groups: one piece a page,
grown by the bleed, each front followed by its back), so every picture is the PDF's own pixels.
Each design's back is known by the key the group gives it (`PieceGroup.back_key`, decided by
model/backs.piece_back), so pieces that share one back share one picture. A shaped piece (a
hex, a disc) is drawn on paper: outside its outline the picture is white, as the page is.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Generator, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.layout.sizes import Size
from printkit.render.imposed import render_groups
from printkit.render.pieces import PieceGroup

if TYPE_CHECKING:
    from printkit.kit import Derived


@dataclass(frozen=True)
class PieceDesign:
    """One design of a group: the piece, its name, how many are printed and the key of the
    back behind it ("" when the group is single-sided)."""

    item: Any
    name: str
    copies: int
    back: str


@dataclass(frozen=True)
class DesignGroup:
    """A group's designs in print order, and the size of each piece (points, without bleed)."""

    designs: list[PieceDesign]
    piece: Size
    group: PieceGroup

    @property
    def two_sided(self) -> bool:
        return self.group.with_backs


def design_groups(kit: Any, derived: Derived, cid: str) -> list[DesignGroup]:
    """Each group of the component's pieces as designs: a piece printed 3 times is one design
    of 3 copies, named by the group (`PieceGroup.design`, else its place in the group)."""
    out: list[DesignGroup] = []
    for group in kit.component(cid).piece_groups(kit, derived, cid):
        firsts: dict[int, Any] = {}
        copies: dict[int, int] = {}
        for item in group.items:
            firsts.setdefault(id(item), item)
            copies[id(item)] = copies.get(id(item), 0) + 1
        designs = [
            PieceDesign(
                item,
                group.design(item) if group.design else f"piece-{number}",
                copies[key],
                _back_key(group, item, number),
            )
            for number, (key, item) in enumerate(firsts.items(), start=1)
        ]
        out.append(DesignGroup(designs, group.piece, group))
    return out


def _back_key(group: PieceGroup, item: Any, number: int) -> str:
    if not group.with_backs:
        return ""
    return group.back_key(item) if group.back_key else f"back-{number}"


@contextlib.contextmanager
def design_pdf(kit: Any, cid: str, designs: DesignGroup) -> Iterator[Path]:
    """A temporary PDF of the group's designs, each once: a page per front, each followed by
    its back when the group is two-sided (the kit's options: the shop profile and its bleed)."""
    group = replace(designs.group, items=[d.item for d in designs.designs])
    with tempfile.TemporaryDirectory(prefix="printkit-export-") as tmp:
        pdf = Path(tmp) / f"{cid}.pdf"
        render_groups(kit, cid, pdf, [group])
        yield pdf


def sides(
    designs: DesignGroup, pages: Generator[Any, None, None]
) -> Iterator[tuple[PieceDesign, Any, Any | None]]:
    """(design, its front's picture, its back's picture or None) from the pages of its
    design_pdf(), one design at a time."""
    for design in designs.designs:
        front = next(pages)
        yield design, front, next(pages) if designs.two_sided else None
