"""Colours from kit data ("#rrggbb") as reportlab colours, and simple tints."""

from __future__ import annotations

from functools import cache

from reportlab.lib.colors import Color


@cache
def colour(hex_text: str) -> Color:
    h = hex_text.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    return Color(int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


@cache
def tint(hex_text: str, amount: float) -> Color:
    """Mix towards white by `amount` (0 = the colour, 1 = white)."""
    c = colour(hex_text)
    return Color(*(v + (1 - v) * amount for v in (c.red, c.green, c.blue)))


@cache
def shade(hex_text: str, amount: float) -> Color:
    """Mix towards black by `amount`."""
    c = colour(hex_text)
    return Color(*(v * (1 - amount) for v in (c.red, c.green, c.blue)))
