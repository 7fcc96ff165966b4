"""Colours that tell things apart, as people with the common colour-vision deficiencies see them.

About one man in twelve sees red and green poorly: deuteranopia and protanopia (and their milder
forms) make up nearly all of it. A deck whose kinds differ only by a red and a green frame, or
tokens whose sides are red and green, then has cards or sides a player cannot tell apart.

Each colour is simulated as a dichromat sees it, with the matrices of Machado, Oliveira and
Fernandes (2009, severity 1.0) applied to linear sRGB, and two colours are compared in CIELAB
(CIE76 ΔE: the distance in L*a*b*). A pair that normal vision tells apart but that comes within
CVD_MIN_DELTA_E under either simulation is "hard to tell apart". The threshold is ours (source:
ours): about where two flat patches stop reading as different colours at a glance; pairs are
also told apart by label, icon or position, so the finding is a warning.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

CVD_MIN_DELTA_E = 12.0  # below this (simulated), two kind or side colours read as one (ours)
NORMAL_MIN_DELTA_E = 12.0  # pairs closer than this already look alike to everyone: not ours

# Machado et al. 2009, severity 1.0, on linear RGB
SIMULATIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    """'#rrggbb' (or '#rgb') as linear sRGB, 0..1."""
    text = hex_colour.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    r, g, b = (int(text[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return _linear(r), _linear(g), _linear(b)


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB (D65) as CIELAB."""
    r, g, b = (min(1.0, max(0.0, c)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _simulated(rgb: tuple[float, float, float], deficiency: str) -> tuple[float, float, float]:
    m = SIMULATIONS[deficiency]
    return (
        m[0][0] * rgb[0] + m[0][1] * rgb[1] + m[0][2] * rgb[2],
        m[1][0] * rgb[0] + m[1][1] * rgb[1] + m[1][2] * rgb[2],
        m[2][0] * rgb[0] + m[2][1] * rgb[1] + m[2][2] * rgb[2],
    )


def delta_e(a: str, b: str, deficiency: str | None = None) -> float:
    """The CIE76 distance between two hex colours, as normal vision or `deficiency` sees them."""
    ra, rb = _rgb(a), _rgb(b)
    if deficiency is not None:
        ra, rb = _simulated(ra, deficiency), _simulated(rb, deficiency)
    return math.dist(_lab(ra), _lab(rb))


def hard_pairs(colours: Iterable[tuple[str, str]]) -> list[tuple[str, str, str, float]]:
    """(name, name, deficiency, ΔE) for each pair of named hex colours that normal vision tells
    apart but a deuteranope or protanope hardly can: the deficiency where they come closest."""
    named = [(name, colour) for name, colour in colours if _is_hex(colour)]
    found = []
    for i, (name_a, a) in enumerate(named):
        for name_b, b in named[i + 1 :]:
            if delta_e(a, b) < NORMAL_MIN_DELTA_E:
                continue
            worst = min(SIMULATIONS, key=lambda d: delta_e(a, b, d))
            distance = delta_e(a, b, worst)
            if distance < CVD_MIN_DELTA_E:
                found.append((name_a, name_b, worst, distance))
    return found


def _is_hex(colour: str) -> bool:
    text = colour.strip().lstrip("#")
    return (
        colour.strip().startswith("#")
        and len(text) in (3, 6)
        and all(c in "0123456789abcdefABCDEF" for c in text)
    )
