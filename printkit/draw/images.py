"""Kit images on a canvas: each image once per PDF, as a form, placed by a transform.

A form is a unit square holding the image; a card scales and moves it into its box. The image's
pixels are encoded into the PDF once, however many cards show it (see load.images for how the
pixels are sized), and a card costs one `Do` operator instead of an image encoding.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterable
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.printed import note_image
from printkit.layout.geometry import Rect


def image_form_name(path: str) -> str:
    """The form name of an image path (PDF names allow no spaces or delimiters)."""
    return "image-" + hashlib.sha1(path.encode("utf-8")).hexdigest()[:16]


def define_image_forms(
    c: Canvas, images: dict[str, Any], paths: Iterable[str], defined: set[str]
) -> None:
    """Define the form of each image path not yet in `defined` (call outside any other form)."""
    for path in paths:
        name = image_form_name(path)
        if name in defined:
            continue
        c.beginForm(name, 0, 0, 1, 1)
        c.drawImage(image_reader(images[path]), 0, 0, 1, 1, mask="auto")
        c.endForm()
        defined.add(name)


def image_reader(image: Any) -> ImageReader:
    """A reportlab reader over a KitImage's print pixels (a whole JPEG is embedded as it is)."""
    if isinstance(image.pixels, bytes):
        return ImageReader(io.BytesIO(image.pixels))
    return ImageReader(image.pixels)


def place_image(c: Canvas, image: Any, path: str, box: Rect, source: object = None) -> None:
    """Draw a defined image form fitted into `box` (aspect kept) and centred in it; `source`
    is the element that places it, for `check` (draw/printed.py)."""
    scale = min(box.w / image.width, box.h / image.height)
    w, h = image.width * scale, image.height * scale
    c.saveState()
    c.translate(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2)
    c.scale(w, h)
    note_image(c, path, (image.width, image.height), source)
    c.doForm(image_form_name(path))
    c.restoreState()
