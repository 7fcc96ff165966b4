"""Images a kit supplies (PNG or JPEG in its own folder): verified, decoded once, sized for print.

An image is read once, through `confined_path`, and checked with Pillow: it must exist, be a
PNG or JPEG, declare at most `limits.MAX_IMAGE_PIXELS` pixels (checked from the header, before
any pixel is decoded, so a decompression bomb is refused cheaply) and decode completely.

The same decode makes the pixels that are printed: no more than the largest printed size of the
image needs at `PRINT_DPI` (300 dots per inch, what home and shop printers resolve), so a
7000 x 7000 picture in a 30 mm box prints from about 350 x 350 pixels. The drawing code shares
these pixels across every card that shows the image (draw/images.py: one image object per PDF),
so an image costs one decode per build, whatever the number of cards.
"""

from __future__ import annotations

import io
import math
import warnings
from pathlib import Path
from typing import Any, NamedTuple

from printkit.core import limits
from printkit.core.errors import Location, fail
from printkit.load.paths import confined_path, existing_file
from printkit.load.reads import ReadLog, note

FORMATS = ("PNG", "JPEG")
PRINT_DPI = 300  # the default resolution images are reduced to (docs/limits.md)
MM_PER_INCH = 25.4


class KitImage(NamedTuple):
    """A verified image: its size in pixels as supplied, and the decoded pixels to print."""

    relative: str
    format: str
    width: int
    height: int
    pixels: Any  # a PIL image, at most what the printed size needs, or a JPEG file kept whole


def load_image(
    root: Path,
    relative: str,
    where: Location,
    print_mm: tuple[float, float] | None = None,
    log: ReadLog | None = None,
) -> KitImage:
    """Read and verify the image `relative` inside the kit folder `root` (errors at `where`).

    `print_mm` is the largest box (width, height in mm) the image is fitted into; the pixels
    kept are what that box needs at PRINT_DPI (all of them when it is None). The bytes read are
    noted in `log`.
    """
    path = existing_file(confined_path(root, relative, where), relative, where)
    size = path.stat().st_size
    if size > limits.MAX_IMAGE_BYTES:
        raise fail(
            where,
            f"image {relative!r} is {size:,} bytes; the limit (MAX_IMAGE_BYTES) is "
            f"{limits.MAX_IMAGE_BYTES:,}",
        )
    try:
        data = note(log, path, path.read_bytes())
    except OSError as exc:
        raise fail(where, f"cannot read image {relative!r}: {exc.strerror or exc}") from None
    fmt, width, height = _header(data, relative, where)
    if width * height > limits.MAX_IMAGE_PIXELS:
        raise fail(where, _too_many_pixels(relative, f"is {width:,} x {height:,} pixels"))
    if width < 1 or height < 1:
        raise fail(where, f"image {relative!r} has no pixels")
    target = print_pixels(width, height, print_mm)
    pixels = _decode(data, relative, where, target)
    return KitImage(relative, fmt, width, height, pixels)


def print_pixels(
    width: int, height: int, print_mm: tuple[float, float] | None, dpi: int = PRINT_DPI
) -> tuple[int, int]:
    """The pixel size an image needs when fitted (aspect kept) into a box of `print_mm`."""
    if print_mm is None:
        return width, height
    mm_per_px = min(print_mm[0] / width, print_mm[1] / height)
    scale = mm_per_px / MM_PER_INCH * dpi  # print pixels per image pixel
    if scale >= 1:
        return width, height
    return max(1, math.ceil(width * scale)), max(1, math.ceil(height * scale))


def _decode(data: bytes, relative: str, where: Location, target: tuple[int, int]) -> Any:
    """Decode every pixel (a truncated or corrupt file fails here) and reduce to `target`."""
    # imported here, only when a kit has images (start-up: docs/performance.md)
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as image:
                if image.format == "JPEG":
                    image.draft("RGB", target)  # JPEG decodes at 1/2, 1/4, 1/8 directly
                image.load()
                if image.format == "JPEG" and image.size == target:
                    return data  # needs no reduction: the PDF embeds the JPEG itself
                return _for_print(image, target)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise fail(where, _too_many_pixels(relative)) from None
    except Exception as exc:  # Pillow raises many types for damaged data
        raise fail(where, f"image {relative!r} is damaged ({_reason(exc)})") from None


def _for_print(image: Any, target: tuple[int, int]) -> Any:
    """The image in a mode PDF takes directly, at most `target` pixels."""
    # imported here, only when a kit has images (start-up: docs/performance.md)
    from PIL import Image

    image = _eight_bit(image)
    has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    mode = "RGBA" if has_alpha else ("L" if image.mode in ("1", "L", "I", "I;16") else "RGB")
    if image.size[0] > target[0] or image.size[1] > target[1]:
        image = image.resize(target, Image.Resampling.LANCZOS, reducing_gap=3.0)
    return image.convert(mode) if image.mode != mode else image


def _eight_bit(image: Any) -> Any:
    """A 16- or 32-bit greyscale image as 8-bit grey, every tone kept (Pillow's own conversion
    clips at 255: all but black would print white)."""
    if image.mode not in ("I", "I;16", "I;16B", "I;16L"):
        return image
    wide = image.convert("I") if image.mode != "I" else image
    high = wide.getextrema()[1]
    scale = 1 / 257 if high > 255 else 1.0  # 16-bit samples: 65535 is white
    return wide.point(lambda v: v * scale).convert("L")


def _header(data: bytes, relative: str, where: Location) -> tuple[str, int, int]:
    """Format and size from the header alone, by the format's own reader (no pixel decoded).

    The plugin classes are used directly because Image.open applies Pillow's own, larger
    bomb limit first, which would hide the image's real size from the message.
    """
    # imported here, only when a kit has images (start-up: docs/performance.md)
    from PIL import JpegImagePlugin, PngImagePlugin

    reader: Any
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        reader = PngImagePlugin.PngImageFile
    elif data.startswith(b"\xff\xd8\xff"):
        reader = JpegImagePlugin.JpegImageFile
    else:
        raise fail(where, f"{relative!r} is not a PNG or JPEG image")
    try:
        with reader(io.BytesIO(data)) as probe:
            return str(probe.format), probe.size[0], probe.size[1]
    except Exception as exc:  # Pillow raises many types for a damaged header
        raise fail(where, f"image {relative!r} is damaged ({_reason(exc)})") from None


def _too_many_pixels(relative: str, size: str = "has too many pixels") -> str:
    return (
        f"image {relative!r} {size}; the limit (MAX_IMAGE_PIXELS) is "
        f"{limits.MAX_IMAGE_PIXELS:,} pixels (is it a decompression bomb?)"
    )


def _reason(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) < 120 else text[:117] + "..."
