"""Kit images on a canvas: each image once per PDF, as a form, placed by a transform.

A form is a unit square holding the image; a card scales and moves it into its box. The image's
pixels are encoded into the PDF once, however many cards show it (see load.images for how the
pixels are sized), and a card costs one `Do` operator instead of an image encoding.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

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
        c.drawImage(images[path].reader(), 0, 0, 1, 1, mask="auto")
        c.endForm()
        defined.add(name)


def place_image(c: Canvas, image: Any, path: str, box: Rect) -> None:
    """Draw a defined image form fitted into `box` (aspect kept) and centred in it."""
    scale = min(box.w / image.width, box.h / image.height)
    w, h = image.width * scale, image.height * scale
    c.saveState()
    c.translate(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2)
    c.scale(w, h)
    c.doForm(image_form_name(path))
    c.restoreState()
