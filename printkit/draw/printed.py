"""What a drawing printed, as `check` measures it: each image at its printed size and each
fitted text at its size, noted while a component is drawn inside `recording()` (its
`preflight`, on a measuring canvas), for the warnings of build/drawchecks.py (FACE004 text
too small to read, FACE005 an image too coarse) on every component type. Outside `recording()`
nothing is noted and drawing costs nothing more."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

from reportlab.pdfgen.canvas import Canvas


class DrawnImage(NamedTuple):
    """An image as it was placed: its file, its pixels, its printed size in points and the
    element that placed it (None when not an element)."""

    path: str
    pixels: tuple[int, int]
    printed: tuple[float, float]
    source: object = None

    @property
    def dpi(self) -> float:
        """Pixels per inch as printed (the coarser of the two directions)."""
        (px, py), (w, h) = self.pixels, self.printed
        return 72 * min(px / max(w, 1e-9), py / max(h, 1e-9))


class DrawnText(NamedTuple):
    """A text as it was fitted: the element and its key that hold it, the words, the size."""

    source: object
    key: str
    text: str
    size: float


class Printed:
    """What was drawn while recording."""

    __slots__ = ("images", "texts")

    def __init__(self) -> None:
        self.images: list[DrawnImage] = []
        self.texts: list[DrawnText] = []

    def __repr__(self) -> str:
        return f"Printed(images={self.images!r}, texts={self.texts!r})"


_RECORDING: ContextVar[Printed | None] = ContextVar("printed", default=None)


@contextmanager
def recording() -> Iterator[Printed]:
    """Within it, every image and fitted text drawn is noted in the `Printed` it gives."""
    printed = Printed()
    token = _RECORDING.set(printed)
    try:
        yield printed
    finally:
        _RECORDING.reset(token)


def note_image(c: Canvas, path: str, pixels: tuple[int, int], source: object) -> None:
    """Note an image whose unit square the canvas's transform now maps onto its print."""
    printed = _RECORDING.get()
    if printed is None:
        return
    a, b, cc, d = getattr(c, "_currentMatrix", (1.0, 0.0, 0.0, 1.0))[:4]
    size = (math.hypot(a, b), math.hypot(cc, d))
    printed.images.append(DrawnImage(path, pixels, size, source))


def note_text(source: object, key: str, text: str, size: float) -> None:
    """Note a text fitted at `size` points."""
    printed = _RECORDING.get()
    if printed is not None:
        printed.texts.append(DrawnText(source, key, text, size))
