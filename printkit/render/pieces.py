"""Cut pieces as every component type gives them to the engine: a group of pieces of one size
and the painter that draws each one's face and back (printkit/api.py re-exports them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from printkit.core.errors import Location
from printkit.core.fieldwise import fieldwise
from printkit.layout.countersheet import RowLayout
from printkit.layout.geometry import Rect
from printkit.layout.shapes import RECTANGLE, Shape
from printkit.layout.sizes import Size

Progress = Callable[[int], None]  # called with the number of pages drawn since the last call


class Painter(Protocol):
    """Draws cut pieces onto the canvas it was made for (see PieceGroup.make_painter)."""

    def place_front(self, item: Any, trim: Rect) -> None:
        """Draw piece `item`'s face with its trim at `trim` (PDF points)."""

    def place_back(self, item: Any, trim: Rect) -> None:
        """Draw its back there (already mirrored for the flip)."""


@fieldwise(frozen=True)
class PieceGroup:
    """Cut pieces of one size drawn by one painter: a deck, a group of tokens, the player aids.

    render/imposed.py imposes groups onto sheets (or shop pages) with their crop marks and
    boxes; gang sheets pack the groups of several components together."""

    items: Sequence[Any]  # one per printed piece (a card with count 3 appears 3 times)
    piece: Size
    make_painter: Callable[[Any, float], Painter]  # (canvas, bleed in points) -> painter
    where: Location  # the data these pieces come from: where an error about them points
    with_backs: bool = True
    locate: Callable[[Any], Location] | None = None  # an item's data, for findings
    describe: Callable[[Any], str] | None = None  # an item's name, for findings
    shape: Shape = RECTANGLE  # the cut: face and back are clipped to it grown by the bleed
    # for the exports (`export --images`, `--tts`; the type's `exports_pieces`): a piece's design
    # name, the same for each of its copies, and the key of the back behind it (model/backs.py:
    # `piece_back`), the same for pieces that share one back picture
    design: Callable[[Any], str] | None = None
    back_key: Callable[[Any], str] | None = None
    # whether a piece's rules text or values are the kit's own (`source: ours` in its data): it
    # then prints a discreet mark, and its sheet a one-line legend (draw/sheet.py), the same for
    # every component type that gives it
    own: Callable[[Any], bool] | None = None
    # a counter sheet's rows (home sheets of rectangular pieces): grouped, with gutters, maybe
    # folded over (layout/countersheet.py); None: the densest grid
    rows: RowLayout | None = None
