"""RGB to CMYK for print shops: for a registered printing condition, or through an ICC profile.

Without `--icc FILE`, colours are converted for FOGRA39 (ISO 12647-2 coated offset), the
printing condition printkit names in every shop file's OutputIntent, through printkit's table of
it, derived from Fogra's characterisation data (pdfx.press): every install, on every system,
writes the same bytes and a valid PDF/X-1a. With `--icc FILE` (a printer's own profile) colours go through that profile, which
is then embedded.

Ink: no colour or pixel exceeds the total area coverage (TAC) limit `max_ink` (300 % unless
the kit, the user or a service asks less): grey is moved to black first, then the inks are
scaled. Black: a near-black RGB colour (within a few CIEDE2000 units of what the press prints
as black) becomes 100 % K (one plate: sharp small text and thin lines that cannot misregister,
and the shop file lets it overprint: pdfx.rewrite); large filled areas of it become the kit's
rich black instead. Every other colour, of text too, prints as the table converts it: a dark
red or brown keeps its colour (a rule that moved its grey into the black plate made it print
near-black).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from PIL import Image, ImageCms, ImageFilter

from printkit.model.kit import DEFAULT_MAX_INK
from printkit.pdfx import press

CMYK = tuple[float, float, float, float]
RGB = tuple[float, float, float]
PURE_K: CMYK = (0.0, 0.0, 0.0, 1.0)
DEFAULT_RICH_BLACK = "cmyk(60,40,40,100)"
NEAR_BLACK_MAX = 0.125  # every RGB channel at most this (#1f1f1f: near what 100 % K prints)...
NEAR_BLACK_CHROMA = 0.05  # ...and nearly grey: then it is "black" ink
ICC_GRID = 33  # nodes per axis of the table an ICC profile's image conversion interpolates


def is_near_black(rgb: RGB) -> bool:
    return max(rgb) <= NEAR_BLACK_MAX and max(rgb) - min(rgb) <= NEAR_BLACK_CHROMA


def total_ink(cmyk: tuple[float, ...]) -> float:
    """Total area coverage in per cent."""
    return round(sum(cmyk) * 100, 2)


@dataclass
class Converter:
    """Converts colours and images to CMYK within an ink limit; remembers each colour.

    `profile` None: for the registered condition (press.CONDITION) through printkit's table.
    """

    profile: Path | None
    max_ink: float = DEFAULT_MAX_INK
    rich_black: CMYK = (0.6, 0.4, 0.4, 1.0)
    _cache: dict[RGB, CMYK] = field(default_factory=dict)

    @cached_property
    def _transform(self) -> Any:
        if self.profile is None:
            return None
        srgb = ImageCms.createProfile("sRGB")
        cmyk = ImageCms.getOpenProfile(str(self.profile))
        return ImageCms.buildTransform(
            srgb,
            cmyk,
            "RGB",
            "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
        )

    @cached_property
    def _lut(self) -> ImageFilter.Color3DLUT:
        """sRGB -> CMYK as a table, every node within the ink limit (images interpolate it,
        and an interpolation of nodes within the limit stays within it)."""
        limit = self.max_ink / 100
        if self.profile is None:
            size, nodes = press.GRID, list(press.table())
        else:
            size, nodes = ICC_GRID, self._profile_nodes(ICC_GRID)
        limited = [press.limit_ink(n, limit) for n in nodes]
        flat: Any = limited
        return ImageFilter.Color3DLUT(size, flat, channels=4, target_mode="CMYK")

    def _profile_nodes(self, size: int) -> list[CMYK]:
        step = 255 / (size - 1)
        grid = Image.new("RGB", (size**3, 1))
        grid.putdata(
            [
                (round(r * step), round(g * step), round(b * step))
                for b in range(size)
                for g in range(size)
                for r in range(size)
            ]
        )
        out = ImageCms.applyTransform(grid, self._transform)
        assert out is not None
        data: Any = out.getdata()
        return [tuple(v / 255 for v in px) for px in data]

    @cached_property
    def description(self) -> str:
        if self.profile is None:
            return press.DESCRIPTION
        return ImageCms.getProfileDescription(ImageCms.getOpenProfile(str(self.profile))).strip()

    def cmyk(self, rgb: RGB) -> CMYK:
        """The process colour for an sRGB colour, within the ink limit (no black rule)."""
        key: RGB = (round(rgb[0], 4), round(rgb[1], 4), round(rgb[2], 4))
        if key not in self._cache:
            self._cache[key] = self._convert(key)
        return self._cache[key]

    def _convert(self, rgb: RGB) -> CMYK:
        pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
        out: Image.Image | None
        if self._transform is None:
            out = pixel.filter(self._lut)
        else:
            out = ImageCms.applyTransform(pixel, self._transform)
        assert out is not None
        values = out.getpixel((0, 0))
        assert isinstance(values, tuple)
        cmyk: CMYK = tuple(round(v / 255, 4) for v in values)  # type: ignore[assignment]
        return self.limited(cmyk)

    def limited(self, cmyk: CMYK) -> CMYK:
        """`cmyk` within this converter's ink limit."""
        out = press.limit_ink(cmyk, self.max_ink / 100)
        return out if out == cmyk else tuple(round(v, 4) for v in out)  # type: ignore[return-value]

    def for_use(self, rgb: RGB, large_area: bool) -> CMYK:
        """The CMYK a colour prints as: near-black is 100 % K, or rich black on large areas;
        any other colour as converted, text and lines too (they keep their colour)."""
        if is_near_black(rgb):
            return self.limited(self.rich_black) if large_area else PURE_K
        return self.cmyk(rgb)

    def image(self, image: Any) -> Any:
        """A Pillow image (RGB, grey or CMYK, opaque) in CMYK within the ink limit."""
        if image.mode == "CMYK":
            return self._limited_image(image)
        return image.convert("RGB").filter(self._lut)

    def _limited_image(self, image: Any) -> Any:
        """A CMYK image with every pixel within the ink limit (each distinct pixel once)."""
        limit = self.max_ink / 100
        colours = image.getcolors(maxcolors=1 << 16)
        if colours is not None and all(sum(c) <= limit * 255 for _, c in colours):
            return image
        data = [
            tuple(round(v * 255) for v in press.limit_ink(tuple(x / 255 for x in px), limit))
            for px in image.getdata()
        ]
        out = Image.new("CMYK", image.size)
        out.putdata(data)
        return out

    def profile_bytes(self) -> bytes | None:
        return self.profile.read_bytes() if self.profile is not None else None
