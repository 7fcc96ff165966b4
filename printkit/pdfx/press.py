"""printkit's own model of a registered printing condition: offset on coated paper, ISO 12647-2.

FOGRA39 is the ICC-registered characterization of ISO 12647-2:2004/Amd 1, paper type 1 or 2
(premium coated). Its profiles cannot be shipped (their licences are not ours to give), but
PDF/X-1a lets a file name a registered condition without embedding a profile. For that name
to be honest, the colours must be converted for that condition: this module models it from
the figures the standard publishes, so every printkit install converts the same way.

The model (CMYK -> CIELAB, D50, relative to the paper):
  - the solid colours of the standard (paper, C, M, Y, K and the overprints R, G, B, CMY);
  - tone value increase at 50 % of 13 % for C, M, Y and 16 % for K (a parabola in the tint);
  - a Neugebauer mix of the eight CMY primaries (Murray-Davies: the tone value increase is
    the measured one, so no further optical gain is added), black laid
    over it with a partial trapping of the inks beneath.
Its inverse is tabulated once (`python -m printkit.pdfx.press` writes press.lut): a grid of
17 x 17 x 17 sRGB colours, each the CMYK whose colour is nearest to it (relative colorimetric
with black point compensation), its black generated from the colour's darkness and
neutrality (a medium GCR), and its total ink at most 300 %. Conversions interpolate it
(pdfx.colours); a kit's or a service's lower ink limit is applied to the table itself.
"""

from __future__ import annotations

import math
import struct
import sys
from functools import cache
from pathlib import Path

CONDITION = "FOGRA39"
CONDITION_TEXT = (
    "Offset printing, according to ISO 12647-2:2004/Amd 1, OFCOM, paper type 1 or 2 = "
    "premium coated, 115 g/m2, tone value increase curves A (CMY) and B (K)"
)
REGISTRY = "http://www.color.org"
DESCRIPTION = "Coated FOGRA39 (ISO 12647-2:2004), printkit's model of the condition"
LUT_PATH = Path(__file__).with_name("press.lut")
GRID = 17
TABLE_MAX_INK = 3.0  # the table's own total ink limit (300 %)
_MAGIC = b"PKLUT1"

XYZ = tuple[float, float, float]
Lab = tuple[float, float, float]
INK = tuple[float, float, float, float]

# ISO 12647-2:2004/Amd 1, paper type 1/2, CIELAB D50 2 degrees (white backing)
_SOLIDS: dict[str, Lab] = {
    "W": (95.0, 0.0, -2.0),
    "C": (55.0, -37.0, -50.0),
    "M": (48.0, 74.0, -3.0),
    "Y": (89.0, -5.0, 93.0),
    "MY": (47.0, 68.0, 48.0),
    "CY": (50.0, -65.0, 27.0),
    "CM": (24.0, 22.0, -46.0),
    "CMY": (23.0, 0.0, 0.0),
    "K": (16.0, 0.0, 0.0),
}
_TVI_CMY, _TVI_K = 0.13, 0.16
_YN = 1.0  # the tone value increase is the Murray-Davies one: no further optical gain
_TRAP = 0.3  # how much of the inks beneath still darkens under solid black
_D50: XYZ = (0.9642, 1.0, 0.8249)
_SRGB_TO_XYZ_D50 = (
    (0.4360747, 0.3850649, 0.1430804),
    (0.2225045, 0.7168786, 0.0606169),
    (0.0139322, 0.0971045, 0.7141733),
)


def lab_to_xyz(lab: Lab, white: XYZ = _D50) -> XYZ:
    L, a, b = lab
    fy = (L + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def inv(t: float) -> float:
        return t**3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)

    return (white[0] * inv(fx), white[1] * inv(fy), white[2] * inv(fz))


def xyz_to_lab(xyz: XYZ, white: XYZ) -> Lab:
    def f(t: float) -> float:
        return (
            math.copysign(abs(t) ** (1 / 3), t)
            if t > (6 / 29) ** 3
            else t / (3 * (6 / 29) ** 2) + 4 / 29
        )

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, white, strict=True))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


_PRIMARY = {k: lab_to_xyz(v) for k, v in _SOLIDS.items()}
PAPER: XYZ = _PRIMARY["W"]


def _gain(a: float, tvi: float) -> float:
    return a + 4 * tvi * a * (1 - a)


def _cmy_primaries() -> list[tuple[tuple[int, int, int], XYZ]]:
    names = {(0, 0, 0): "W", (1, 0, 0): "C", (0, 1, 0): "M", (0, 0, 1): "Y"}
    names |= {(0, 1, 1): "MY", (1, 0, 1): "CY", (1, 1, 0): "CM", (1, 1, 1): "CMY"}
    return [(corner, _PRIMARY[name]) for corner, name in names.items()]


_CMY = _cmy_primaries()


def ink_to_xyz(ink: INK) -> XYZ:
    """The colour (XYZ, D50) the modelled press prints for a CMYK (each 0..1)."""
    c, m, y = (_gain(min(1.0, max(0.0, v)), _TVI_CMY) for v in ink[:3])
    k = _gain(min(1.0, max(0.0, ink[3])), _TVI_K)
    sums = [0.0, 0.0, 0.0]
    for (ic, im, iy), xyz in _CMY:
        w = (c if ic else 1 - c) * (m if im else 1 - m) * (y if iy else 1 - y)
        for i in range(3):
            sums[i] += w * xyz[i] ** (1 / _YN)
    cmy = [s**_YN for s in sums]
    black = _PRIMARY["K"]
    under = [black[i] * (cmy[i] / PAPER[i]) ** _TRAP for i in range(3)]
    return tuple(
        ((1 - k) * cmy[i] ** (1 / _YN) + k * under[i] ** (1 / _YN)) ** _YN for i in range(3)
    )


def ink_to_lab(ink: INK) -> Lab:
    """CIELAB relative to the paper (relative colorimetric: the paper is L* 100)."""
    return xyz_to_lab(ink_to_xyz(ink), PAPER)


def srgb_to_relative_lab(rgb: tuple[float, float, float], black_y: float) -> Lab:
    """The Lab an sRGB colour (0..1) is aimed at: white onto the paper, black onto the
    darkest the press makes (black point compensation), relative to the paper."""
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
    xyz = [sum(row[j] * lin[j] for j in range(3)) for row in _SRGB_TO_XYZ_D50]
    rel = [xyz[i] / _D50[i] for i in range(3)]
    scaled = [black_y + (1 - black_y) * v for v in rel]
    return xyz_to_lab(tuple(scaled), (1.0, 1.0, 1.0))  # type: ignore[arg-type]


def _black_for(target: Lab) -> float:
    """Black generation (medium GCR): black grows with darkness, more for neutral colours,
    and never darker alone than the target."""
    L, a, b = target
    darkness = 1 - L / 100
    neutral = max(0.0, 1 - math.hypot(a, b) / 60)
    k = max(0.0, (darkness - 0.3) / 0.7) ** 1.4 * (0.35 + 0.65 * neutral)
    lo, hi = 0.0, min(1.0, k)
    if ink_to_lab((0, 0, 0, hi))[0] >= L:
        return hi
    for _ in range(20):  # the most black whose lightness alone is still at or above L
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if ink_to_lab((0, 0, 0, mid))[0] >= L else (lo, mid)
    return lo


def _solve_cmy(target: Lab, k: float, start: list[float]) -> list[float]:
    """C, M, Y (with black `k`) whose colour is nearest `target`: damped Gauss-Newton."""
    x = [min(1.0, max(0.0, v)) for v in start]
    for _ in range(40):
        lab = ink_to_lab((x[0], x[1], x[2], k))
        err = [lab[i] - target[i] for i in range(3)]
        if sum(e * e for e in err) < 1e-6:
            break
        jac = []
        for j in range(3):
            step = 1e-4 if x[j] < 0.5 else -1e-4
            y = list(x)
            y[j] += step
            moved = ink_to_lab((y[0], y[1], y[2], k))
            jac.append([(moved[i] - lab[i]) / step for i in range(3)])
        delta = _least_squares(jac, err)
        x = [min(1.0, max(0.0, x[j] - delta[j])) for j in range(3)]
    return x


def _least_squares(jac: list[list[float]], err: list[float]) -> list[float]:
    """Solve (J^T J + lambda I) d = J^T e for d (J given by columns)."""
    n = 3
    a = [[sum(jac[r][i] * jac[c][i] for i in range(3)) for c in range(n)] for r in range(n)]
    for i in range(n):
        a[i][i] += 1e-3
    rhs = [sum(jac[r][i] * err[i] for i in range(3)) for r in range(n)]
    for col in range(n):  # Gaussian elimination with partial pivoting
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        rhs[col], rhs[pivot] = rhs[pivot], rhs[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n):
                a[r][c] -= f * a[col][c]
            rhs[r] -= f * rhs[col]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (rhs[r] - sum(a[r][c] * out[c] for c in range(r + 1, n))) / a[r][r]
    return out


def limit_ink(ink: INK, max_ink: float) -> INK:
    """The same colour within a total ink limit: the grey of C, M and Y moved to black first
    (under colour removal), then C, M and Y scaled down until the total fits."""
    c, m, y, k = ink
    if c + m + y + k <= max_ink + 1e-9:
        return ink
    grey = min(c, m, y, 1 - k)
    need = c + m + y + k - max_ink
    move = min(grey, need / 2)  # each unit of grey moved to K saves two units of ink
    c, m, y, k = c - move, m - move, y - move, k + move
    total = c + m + y
    room = max(0.0, max_ink - k)
    if total > room and total > 0:
        f = room / total
        c, m, y = c * f, m * f, y * f
    return (c, m, y, min(1.0, k))


def darkest_y() -> float:
    """The lightness (Y relative to the paper) of the darkest black the table reaches."""
    best = 1.0
    for s in (i / 20 for i in range(21)):
        ink = limit_ink((s, s, s, 1.0), TABLE_MAX_INK)
        best = min(best, ink_to_xyz(ink)[1] / PAPER[1])
    return best


def build_table() -> list[INK]:
    """The grid, blue varying fastest (the order Pillow's Color3DLUT reads)."""
    black_y = darkest_y()
    table: list[INK] = []
    for bi in range(GRID):
        for gi in range(GRID):
            for ri in range(GRID):
                rgb = (ri / (GRID - 1), gi / (GRID - 1), bi / (GRID - 1))
                table.append(_node(rgb, black_y))
    return table


def _node(rgb: tuple[float, float, float], black_y: float) -> INK:
    target = srgb_to_relative_lab(rgb, black_y)
    k = _black_for(target)
    start = [1 - v for v in rgb]
    c, m, y = _solve_cmy(target, k, start)
    return limit_ink((c, m, y, k), TABLE_MAX_INK)


def write_table(path: Path = LUT_PATH) -> None:
    table = build_table()
    data = b"".join(struct.pack("4B", *(round(v * 255) for v in ink)) for ink in table)
    path.write_bytes(_MAGIC + bytes([GRID]) + data)


@cache
def table() -> tuple[INK, ...]:
    """The shipped table (see `write_table`); OSError or ValueError when it is damaged."""
    data = LUT_PATH.read_bytes()
    if not data.startswith(_MAGIC) or data[len(_MAGIC)] != GRID:
        raise ValueError(f"{LUT_PATH.name} is not printkit's press table")
    body = data[len(_MAGIC) + 1 :]
    if len(body) != GRID**3 * 4:
        raise ValueError(f"{LUT_PATH.name} is truncated")
    return tuple(
        tuple(body[i + j] / 255 for j in range(4))  # type: ignore[misc]
        for i in range(0, len(body), 4)
    )


if __name__ == "__main__":  # python -m printkit.pdfx.press: regenerate press.lut
    write_table(Path(sys.argv[1]) if len(sys.argv) > 1 else LUT_PATH)
