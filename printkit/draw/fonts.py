"""The fonts printkit ships (DejaVu, embedded as TrueType subsets) and cached text measurement.

Fonts are registered once per process. Every canvas starts with one of these as its initial
font, so no unembedded Helvetica ever reaches a PDF.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

# Role -> file. Roles are what kit data and drawing code ask for; files can change freely.
FONTS = {
    "body": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "heading": "DejaVuSansCondensed-Bold.ttf",
    "display": "DejaVuSerifCondensed-Bold.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
}
INITIAL_FONT = "pk-body"


@cache
def font(role: str) -> str:
    """The reportlab font name for a role, registering the TrueType file on first use."""
    name = f"pk-{role}"
    pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / FONTS[role])))
    return name


def register_all() -> None:
    for role in FONTS:
        font(role)


@cache
def text_width(text: str, font_name: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font_name, size)


@cache
def ascent_descent(font_name: str, size: float) -> tuple[float, float]:
    """Ascent (above the baseline) and descent (below, positive) in points."""
    face = pdfmetrics.getFont(font_name).face
    return face.ascent * size / 1000, -face.descent * size / 1000
