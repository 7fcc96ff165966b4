"""The icon library: named pictograms, built in (drawn from code) or a kit's own (PNG or SVG).

Every icon is drawn centred in a square: `IconLibrary.draw(c, name, cx, cy, size, colours)`.
Built-in icons are vector drawings in the colours given (ink; some also use a light `paper`
and an `accent`), so they follow a face's palette. A kit's icons are its own pictures in their
own colours: PNG (drawn as an image) or SVG (drawn as vectors through svglib, checked and
limited by draw/svg.py; one with transparency or gradients is drawn as pixels). Kits name icons
in their data (`icon:` on an element, `{icon:name}` in text, a tile's `ornament`); an unknown
name is an input error found by `printkit check`, never a substitute picture.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import field
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.core import limits
from printkit.core.errors import Location, display_path, fail
from printkit.core.fieldwise import fieldwise
from printkit.core.words import close_matches
from printkit.draw import emblems, pictograms
from printkit.draw.fonts import shipped_font
from printkit.draw.images import image_reader
from printkit.load.images import KitImage, load_image
from printkit.load.paths import confined_path, existing_file
from printkit.load.reads import ReadLog, note

ICON_FORMATS = (".png", ".jpg", ".jpeg", ".svg")


@fieldwise(frozen=True)
class Colours:
    """The colours an icon may use: its ink, a light paper colour and an accent."""

    ink: Color
    paper: Color = white
    accent: Color | None = None


UnitDrawing = Callable[[Canvas, Colours], None]  # draws inside the square -1..1


@fieldwise(frozen=True)
class Icon:
    name: str
    draw_unit: UnitDrawing
    doc: str
    source: str = "built-in"
    aspect: float = 1.0  # width / height of what draw_unit draws (2 units across its long side)

    def extent(self) -> tuple[float, float]:
        """The drawing's width and height in units of draw_unit's square -1..1."""
        if self.aspect >= 1:
            return 2.0, 2.0 / self.aspect
        return 2.0 * self.aspect, 2.0


@fieldwise
class IconLibrary:
    """Icons by name: the built-in ones, and those a kit adds (which may replace a built-in)."""

    icons: dict[str, Icon] = field(default_factory=dict)

    def __contains__(self, name: object) -> bool:
        return name in self.icons

    def names(self) -> list[str]:
        return sorted(self.icons)

    def with_icons(self, extra: Iterable[Icon]) -> IconLibrary:
        return IconLibrary({**self.icons, **{icon.name: icon for icon in extra}})

    def suggestion(self, name: str) -> str:
        """'; did you mean ...?' for a name close to a known one, else ''."""
        close = close_matches(name, self.names(), n=2)
        return f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else ""

    def unknown(self, name: str) -> str:
        """The message for an icon name the library does not have."""
        return (
            f"unknown icon {name!r}{self.suggestion(name)} (`printkit icons` shows them all; "
            "a kit adds its own under `icons:`)"
        )

    def draw(
        self, c: Canvas, name: str, cx: float, cy: float, size: float, colours: Colours
    ) -> None:
        """Draw icon `name` centred at (cx, cy), `size` across. KeyError if it is unknown."""
        self._draw(c, self.icons[name], cx, cy, size / 2, colours)

    def draw_in(
        self, c: Canvas, name: str, box: tuple[float, float, float, float], colours: Colours
    ) -> None:
        """Draw icon `name` as large as fits in box (x, y, width, height), keeping its aspect
        ratio, centred. KeyError if it is unknown."""
        icon = self.icons[name]
        x, y, w, h = box
        across, tall = icon.extent()
        self._draw(c, icon, x + w / 2, y + h / 2, min(w / across, h / tall), colours)

    def _draw(
        self, c: Canvas, icon: Icon, cx: float, cy: float, scale: float, colours: Colours
    ) -> None:
        c.saveState()
        c.translate(cx, cy)
        c.scale(scale, scale)
        c.setFillColor(colours.ink)
        c.setStrokeColor(colours.ink)
        c.setLineCap(1)
        c.setLineJoin(1)
        icon.draw_unit(c, colours)
        c.restoreState()


# -- built-in icons -----------------------------------------------------------------------------
def _emblem(draw: Callable[[Canvas], None]) -> UnitDrawing:
    def unit(c: Canvas, colours: Colours) -> None:
        draw(c)

    return unit


def emblem_icon(name: str, draw: Callable[[Canvas], None], doc: str) -> Icon:
    """An icon drawn in its ink alone by `draw(c)`, centred on (0, 0) in a box of side 2: how a
    game gives its own emblems (its `icons`, printkit/api.py)."""
    return Icon(name, _emblem(draw), doc)


def _wheel(c: Canvas, colours: Colours) -> None:
    pictograms.wheel(c, 0, 0, 1.0, colours.ink)


def _arrows(c: Canvas, colours: Colours) -> None:
    pictograms.arrow_head(c, -1, 0, 180, 0.5, colours.ink)
    pictograms.arrow_head(c, 1, 0, 0, 0.5, colours.ink)
    c.setLineWidth(0.14)
    c.line(-0.6, 0, 0.6, 0)


def _star(c: Canvas, colours: Colours) -> None:
    pictograms.star(c, 0, 0, 1.0)


def _circle(c: Canvas, colours: Colours) -> None:
    c.circle(0, 0, 0.85, stroke=0, fill=1)


def _builtins() -> dict[str, Icon]:
    docs = {
        "laurel": "a victor's wreath",
        "torch": "a burning torch",
        "palm": "a palm branch",
        "pillar": "a milestone column",
        "sword": "a sword",
        "horse": "a horse's head",
    }
    icons = {
        name: Icon(name, _emblem(emblems.EMBLEMS[name]), doc)
        for name, doc in docs.items()
        if name in emblems.EMBLEMS
    }
    more = [
        Icon("spoked-wheel", _wheel, "a fine eight-spoked wheel, for backs"),
        Icon("arrows", _arrows, "a double arrow, left and right"),
        Icon("star", _star, "a five-pointed star"),
        Icon("disc", _circle, "a filled disc"),
    ]
    icons.update({icon.name: icon for icon in more})
    return icons


BUILTIN = IconLibrary(_builtins())


def draw_emblem(  # noqa: PLR0913
    c: Canvas,
    name: str,
    cx: float,
    cy: float,
    size: float,
    ink: Color,
    library: IconLibrary = BUILTIN,
) -> None:
    """Draw icon `name` of `library` (the built-in one, or a kit's: `Kit.icons()`) centred at
    (cx, cy), `size` across (a "?" for a name it lacks: the components check names before
    drawing, so none reaches here)."""
    if name in library:
        library.draw(c, name, cx, cy, size, Colours(ink))
        return
    c.saveState()
    c.translate(cx, cy)
    c.scale(size / 2, size / 2)
    c.setFillColor(ink)
    c.setStrokeColor(ink)
    c.setLineCap(1)
    c.setLineJoin(1)
    emblems.question_mark(c)
    c.restoreState()


# -- a kit's own icons --------------------------------------------------------------------------
def icon_from_file(
    root: Path, name: str, relative: str, where: Location, log: ReadLog | None = None
) -> Icon:
    """A kit icon from a PNG, JPEG or SVG file in the kit folder (errors at `where`; the bytes
    read are noted in `log`)."""
    suffix = Path(relative).suffix.lower()
    if suffix not in ICON_FORMATS:
        raise fail(
            where, f"icon {name!r}: {relative!r} is not a PNG, JPEG or SVG file (by its name)"
        )
    if suffix == ".svg":
        return _svg_icon(root, name, relative, where, log)
    image = load_image(root, relative, where, log=log)
    return Icon(
        name, _image_drawing(image), f"from {relative}", relative, image.width / image.height
    )


def _image_drawing(image: Any) -> UnitDrawing:
    def unit(c: Canvas, colours: Colours) -> None:
        scale = 2 / max(image.width, image.height)
        w, h = image.width * scale, image.height * scale
        c.drawImage(image_reader(image), -w / 2, -h / 2, w, h, mask="auto")

    return unit


def _svg_icon(root: Path, name: str, relative: str, where: Location, log: ReadLog | None) -> Icon:
    """An SVG icon, checked within its limits (draw/svg.py), drawn 2 units across its longer
    side; one with transparency or gradients as pixels. The bytes read are noted in `log`."""
    # imported here, only when a kit has SVG icons: the SVG checks (start-up of other builds)
    from printkit.draw import svg

    path = existing_file(confined_path(root, relative, where), relative, where)
    if path.stat().st_size > limits.MAX_IMAGE_BYTES:
        raise fail(where, f"icon file {relative!r} is larger than MAX_IMAGE_BYTES")
    data = note(log, path, path.read_bytes())
    source = svg.SvgSource(relative, display_path(path), where)
    svg.check_tree(data, source)
    drawing = _parse_svg(data, root, relative, where)
    width, height = float(drawing.width or 0), float(drawing.height or 0)
    if not (0 < width <= svg.MAX_SVG_NUMBER and 0 < height <= svg.MAX_SVG_NUMBER):
        raise fail(where, f"icon file {relative!r} has no width or height (set its viewBox)")
    svg.check_drawing(drawing, source)
    # the renderer sets the drawing's initial font: make it the canvas's own embedded one
    drawing.initialFontName, drawing.initialFontSize = shipped_font("body"), 10
    if svg.uses_transparency(drawing):
        pixels = svg.rasterize(drawing)
        image = KitImage(relative, "PNG", pixels.width, pixels.height, pixels)
        unit = _image_drawing(image)
    else:
        unit = _vector_drawing(drawing, width, height)
    return Icon(name, unit, f"from {relative}", relative, width / height)


def _vector_drawing(drawing: Any, width: float, height: float) -> UnitDrawing:
    def unit(c: Canvas, colours: Colours) -> None:
        # imported here, only when a kit has SVG icons: renderPDF takes 60 ms to import
        from reportlab.graphics import renderPDF

        scale = 2 / max(width, height)
        c.saveState()
        c.translate(-width * scale / 2, -height * scale / 2)
        c.scale(scale, scale)
        renderPDF.draw(drawing, c, 0, 0)
        c.restoreState()

    return unit


def _parse_svg(data: bytes, root: Path, relative: str, where: Location) -> Any:
    # imported here, only when a kit has SVG icons: svglib takes a tenth of a second to import
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.ERROR)
    try:
        drawing = svg2rlg(io.BytesIO(data), external_reference_root=str(root))
    except Exception as exc:  # svglib raises lxml, value and type errors for broken files
        raise fail(where, f"icon file {relative!r} is not a readable SVG: {exc}") from None
    if drawing is None:
        raise fail(where, f"icon file {relative!r} is not a readable SVG")
    return drawing


def builtin_table() -> list[tuple[str, str]]:
    """(name, what it shows) of every built-in icon, for the docs."""
    return [(name, BUILTIN.icons[name].doc) for name in BUILTIN.names()]
