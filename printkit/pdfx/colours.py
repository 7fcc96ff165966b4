"""RGB to CMYK for print shops: through an ICC output profile, with a black rule for text.

The profile is the one the user names (`--icc FILE`, e.g. their printer's), else the generic
CMYK profile Ghostscript installs (not shipped with printkit: it is AGPL), else a plain formula
(a build note says so; such a file has no profile to name in its OutputIntent).

Black: a near-black RGB colour becomes 100 % K (one plate: sharp small text and thin lines
that cannot misregister); large filled areas of it become the kit's rich black instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from PIL import Image, ImageCms

CMYK = tuple[float, float, float, float]
RGB = tuple[float, float, float]
PURE_K: CMYK = (0.0, 0.0, 0.0, 1.0)
DEFAULT_RICH_BLACK = "cmyk(60,40,40,100)"
NEAR_BLACK_MAX = 0.2  # every RGB channel at most this (#333333)...
NEAR_BLACK_CHROMA = 0.08  # ...and nearly grey: then it is "black" ink
PROFILE_SEARCH = (
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/iccprofiles/default_cmyk.icc",
    "/usr/local/share/ghostscript/iccprofiles/default_cmyk.icc",
    "/opt/homebrew/share/ghostscript/iccprofiles/default_cmyk.icc",
)


def find_profile(named: str | None) -> Path | None:
    """The CMYK profile to use: the named one, else an installed generic one, else None."""
    if named:
        return Path(named)
    env = os.environ.get("PRINTKIT_CMYK_PROFILE")
    if env:
        return Path(env) if env != "none" else None
    return next((Path(p) for p in PROFILE_SEARCH if Path(p).is_file()), None)


def is_near_black(rgb: RGB) -> bool:
    return max(rgb) <= NEAR_BLACK_MAX and max(rgb) - min(rgb) <= NEAR_BLACK_CHROMA


def formula_cmyk(rgb: RGB) -> CMYK:
    """The device formula, used only when no profile is found."""
    k = 1 - max(rgb)
    if k >= 1:
        return PURE_K
    c, m, y = ((1 - v - k) / (1 - k) for v in rgb)
    return (c, m, y, k)


@dataclass
class Converter:
    """Converts colours and images to CMYK through one profile; remembers each colour."""

    profile: Path | None
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
    def description(self) -> str:
        if self.profile is None:
            return "none (device formula)"
        return ImageCms.getProfileDescription(ImageCms.getOpenProfile(str(self.profile))).strip()

    def cmyk(self, rgb: RGB) -> CMYK:
        """The process colour for an sRGB colour (not applying the black rule)."""
        key: RGB = (round(rgb[0], 4), round(rgb[1], 4), round(rgb[2], 4))
        if key not in self._cache:
            self._cache[key] = self._convert(key)
        return self._cache[key]

    def _convert(self, rgb: RGB) -> CMYK:
        if self._transform is None:
            return formula_cmyk(rgb)
        pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
        out = ImageCms.applyTransform(pixel, self._transform)
        assert out is not None
        values = out.getpixel((0, 0))
        assert isinstance(values, tuple)
        return tuple(round(v / 255, 4) for v in values)  # type: ignore[return-value]

    def for_use(self, rgb: RGB, large_area: bool) -> CMYK:
        """The CMYK a colour prints as: near-black is 100 % K, or rich black on large areas."""
        if is_near_black(rgb):
            return self.rich_black if large_area else PURE_K
        return self.cmyk(rgb)

    def image(self, image: Any) -> Any:
        """A Pillow image in CMYK (transparent parts flattened onto white paper)."""
        if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
            rgba = image.convert("RGBA")
            flat = Image.new("RGB", rgba.size, (255, 255, 255))
            flat.paste(rgba, mask=rgba.getchannel("A"))
            image = flat
        if image.mode == "CMYK":
            return image
        image = image.convert("RGB")
        if self._transform is None:
            return image.convert("CMYK")
        return ImageCms.applyTransform(image, self._transform)

    def profile_bytes(self) -> bytes | None:
        return self.profile.read_bytes() if self.profile is not None else None
