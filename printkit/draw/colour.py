"""Colours from kit data ("#rrggbb" or "cmyk(c,m,y,k)" in percent) as reportlab colours, and
simple tints. A CMYK colour stays CMYK in every PDF (home printers accept it too)."""

from __future__ import annotations

import re
from functools import cache

from reportlab.lib.colors import CMYKColor, Color

_CMYK = re.compile(r"cmyk\(([^)]*)\)")


@cache
def colour(hex_text: str) -> Color:
    match = _CMYK.fullmatch(hex_text.strip())
    if match:
        c, m, y, k = (float(v) / 100 for v in match.group(1).split(","))
        return CMYKColor(c, m, y, k)
    h = hex_text.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    return Color(int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


@cache
def tint(hex_text: str, amount: float) -> Color:
    """Mix towards white by `amount` (0 = the colour, 1 = white)."""
    c = colour(hex_text)
    if isinstance(c, CMYKColor):
        return CMYKColor(*(v * (1 - amount) for v in c.cmyk()))
    return Color(*(v + (1 - v) * amount for v in (c.red, c.green, c.blue)))


@cache
def shade(hex_text: str, amount: float) -> Color:
    """Mix towards black by `amount`."""
    c = colour(hex_text)
    if isinstance(c, CMYKColor):
        cy, ma, ye, k = c.cmyk()
        return CMYKColor(cy, ma, ye, k + (1 - k) * amount)
    return Color(*(v * (1 - amount) for v in (c.red, c.green, c.blue)))
