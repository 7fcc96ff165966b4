"""The `icon` kind: a named icon from the face's icon library."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw.colour import colour
from printkit.draw.icons import Colours
from printkit.layout.geometry import Rect
from printkit.load.records import spec
from printkit.load.schema import Str
from printkit.model.face import Element, colour_key, element_kind, field_key, fill_key
from printkit.model.fromdata import MissingValue, fill_placeholders

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette


@element_kind("icon", "a named icon (built in or the kit's), as large as fits the box")
@fieldwise(kw_only=True)
class Icon(Element):
    """The icon `icon:` names (or the one a card field names), as large as fits the box with
    its own aspect ratio, centred; drawn in the ink, `fill` and `accent`."""

    text_keys = ("icon",)
    icon_keys = ("icon",)
    field_keys = ("field",)

    icon: str | None = spec(
        Str(1, 80), doc="the icon's name (may use {field}); `printkit icons` shows them all"
    )
    field: str | None = field_key("the card field that names the icon (when `icon` is not given)")
    colour: str | None = colour_key("the icon's ink (default: the face's ink)")
    fill: str | None = fill_key("its light colour (default: the paper)")
    accent: str | None = colour_key("its third colour (default: the face's accent)")

    def name(self, values: Any) -> str:
        """The icon's name for a piece: `icon:` filled from its fields, else its `field`'s value."""
        if self.icon:
            return fill_placeholders(self.icon, values)
        name = values.get(self.field or "")
        if not name:
            raise MissingValue(self.field or "")
        return str(name)

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        accent = colour(self.accent) if self.accent else colour(palette.accent)
        colours = Colours(ink, colour(self.fill or palette.paper), accent)
        name = self.name(values)
        painter.icons.draw_in(painter.canvas, name, (box.x, box.y, box.w, box.h), colours)

    def problems(self, place: str) -> Iterator[tuple[str | None, str]]:
        if not self.icon and not self.field:
            yield (
                None,
                (
                    f"an icon element in {place} needs `icon: <name>` or `field:` (a card field "
                    "holding an icon name)"
                ),
            )


KINDS: tuple[type[Element], ...] = (Icon,)
