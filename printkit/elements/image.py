"""The `image` kind: a picture file from the kit, fitted in the box."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from printkit.core.errors import Location, fail
from printkit.core.fieldwise import fieldwise
from printkit.draw.images import place_image
from printkit.layout.geometry import Rect
from printkit.load.records import spec
from printkit.load.schema import Str, where
from printkit.model.face import Element, element_kind
from printkit.model.fromdata import fill_placeholders

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette


@element_kind(
    "image", "a picture file (PNG or JPEG in the kit), fitted in the box; on decks and maps"
)
@fieldwise(kw_only=True)
class Image(Element):
    """A verified kit image (load/images.py), scaled to fit the box and centred in it."""

    text_keys = ("image",)
    image_keys = ("image",)

    image: str | None = spec(
        Str(1, 255), doc="a PNG or JPEG in the kit folder (may use {field}), fitted in the box"
    )

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        """The image's form, which the caller defined before the piece's own form began."""
        path = fill_placeholders(self.image or "", values)
        image = painter.images.get(path)
        if image is None:  # a type that loads no images (tokens, tiles, dice, a tuck box)
            raise fail(
                where(self, "image") or where(self) or Location("?"),
                f"image {path!r}: this component type prints no pictures (decks and maps do); "
                "draw it with shapes and icons, or put it on a deck's card",
            )
        place_image(painter.canvas, image, path, box, self)

    def problems(self, place: str) -> Iterator[tuple[str | None, str]]:
        if not self.image:
            yield None, "an image element needs 'image: <file in the kit>'"


KINDS: tuple[type[Element], ...] = (Image,)
