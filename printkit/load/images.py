"""Images a kit supplies (PNG or JPEG in its own folder), verified before any drawing starts.

An image is read once, through `confined_path`, and checked with Pillow: it must exist, be a
PNG or JPEG, declare at most `limits.MAX_IMAGE_PIXELS` pixels (checked from the header, before
any pixel is decoded, so a decompression bomb is refused cheaply) and decode completely. The
verified bytes are kept, so what is drawn is exactly what was checked.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageFile, JpegImagePlugin, PngImagePlugin

from printkit import limits
from printkit.errors import Location, fail
from printkit.load.paths import confined_path, existing_file

FORMATS = ("PNG", "JPEG")


@dataclass(frozen=True)
class KitImage:
    """A verified image: its bytes, format and size in pixels."""

    relative: str
    data: bytes
    format: str
    width: int
    height: int


def load_image(root: Path, relative: str, where: Location) -> KitImage:
    """Read and verify the image `relative` inside the kit folder `root` (errors at `where`)."""
    path = existing_file(confined_path(root, relative, where), relative, where)
    size = path.stat().st_size
    if size > limits.MAX_IMAGE_BYTES:
        raise fail(
            where,
            f"image {relative!r} is {size:,} bytes; the limit (MAX_IMAGE_BYTES) is "
            f"{limits.MAX_IMAGE_BYTES:,}",
        )
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise fail(where, f"cannot read image {relative!r}: {exc.strerror or exc}") from None
    fmt, width, height = _verify(data, relative, where)
    return KitImage(relative, data, fmt, width, height)


def _verify(data: bytes, relative: str, where: Location) -> tuple[str, int, int]:
    fmt, width, height = _header(data, relative, where)
    if width * height > limits.MAX_IMAGE_PIXELS:
        raise fail(where, _too_many_pixels(relative, f"is {width:,} x {height:,} pixels"))
    if width < 1 or height < 1:
        raise fail(where, f"image {relative!r} has no pixels")

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as image:
                image.load()  # decode every pixel: a truncated or corrupt file fails here
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise fail(where, _too_many_pixels(relative)) from None
    except Exception as exc:  # Pillow raises many types for damaged data
        raise fail(where, f"image {relative!r} is damaged ({_reason(exc)})") from None
    return fmt, width, height


def _header(data: bytes, relative: str, where: Location) -> tuple[str, int, int]:
    """Format and size from the header alone, by the format's own reader (no pixel decoded).

    The plugin classes are used directly because Image.open applies Pillow's own, larger
    bomb limit first, which would hide the image's real size from the message.
    """
    reader: type[ImageFile.ImageFile]
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        reader = PngImagePlugin.PngImageFile
    elif data.startswith(b"\xff\xd8\xff"):
        reader = JpegImagePlugin.JpegImageFile
    else:
        raise fail(where, f"{relative!r} is not a PNG or JPEG image")
    try:
        with reader(io.BytesIO(data)) as probe:
            return probe.format, probe.size[0], probe.size[1]
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
