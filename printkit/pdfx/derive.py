"""The development tool that derives press.lut (pdfx.press) from Fogra's characterisation data.

    python -m printkit.pdfx.derive [FOGRA39L.ti3] [press.lut]

FOGRA39L.ti3 holds Fogra's 1,617 measured patches (CMYK -> CIELAB, D50) of the printing
condition FOGRA39. Debian and Ubuntu ship it in the package `icc-profiles-free`
(/usr/share/color/icc/FOGRA39L.ti3, "Copyright: Kai-Uwe Behrmann", zlib licence; the licence
and the acknowledgement are in printkit/pdfx/LICENSE-FOGRA39L.txt). printkit ships only the table
derived here, never the data file. The tool needs numpy (the `test` extra); printing never
imports it: a build reads the shipped table and interpolates it (pdfx.colours).

The steps, each a function below:
  1. the measurements, made relative to the paper (relative colorimetric: paper is L* 100);
  2. a smooth forward model CMYK -> Lab: a regular grid fitted to the patches by regularised
     least squares (each patch is the multilinear interpolation of its cell's corners; second
     differences along every axis keep the grid smooth where no patch lies);
  3. for each node of the sRGB grid, the colour it is aimed at: sRGB (D50-adapted) scaled so its
     black lands on the darkest neutral the press prints within the table's ink limit (black
     point compensation);
  4. black generation as a press profile's: black follows the colour's darkness (L* 60 about
     45 % K), so greys are built on black and dark colours print with little of their
     complementary inks (a dark red 0/91/75/76), within what the colour allows;
  5. C, M, Y and K found by damped Gauss-Newton (Levenberg-Marquardt): the colour difference,
     taken in Oklab (whose hues are the eye's), weighs hue twice as much as chroma, so a colour
     outside the gamut is brought in along its own hue (saturated blue stays blue, not violet)
     and keeps most of its lightness; black is held near its generated value; total ink at most
     300 %.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from printkit.pdfx import press

Array = NDArray[np.float64]

TI3 = Path("/usr/share/color/icc/FOGRA39L.ti3")  # where Debian's icc-profiles-free puts it
D50 = np.array([0.9642, 1.0, 0.8249])
SRGB_TO_XYZ_D50 = np.array(
    [
        [0.4360747, 0.3850649, 0.1430804],
        [0.2225045, 0.7168786, 0.0606169],
        [0.0139322, 0.0971045, 0.7141733],
    ]
)
NODES = 11  # forward grid nodes per ink (every 10 %)
SMOOTH = 0.02  # weight of the grid's second differences against the patches
# Gamut mapping, in Oklab: a hue error costs twice a chroma error, a lightness error 0.8 times
# (a colour beyond the press's gamut keeps its hue and most of its lightness, as a relative
# colorimetric profile's does)
HUE_WEIGHT = 2.0
LIGHTNESS_WEIGHT = 0.8
BRADFORD_D50_TO_D65 = np.array(
    [
        [0.9555766, -0.0230393, 0.0631636],
        [-0.0282895, 1.0099416, 0.0210077],
        [0.0122982, -0.0204830, 1.3299098],
    ]
)
OKLAB_M1 = np.array(  # Ottosson's Oklab: XYZ (D65) to cone responses
    [
        [0.8189330101, 0.3618667424, -0.1288597137],
        [0.0329845436, 0.9293118715, 0.0361456387],
        [0.0482003018, 0.2643662691, 0.6338517070],
    ]
)
OKLAB_M2 = np.array(  # cube-rooted cone responses to L, a, b
    [
        [0.2104542553, 0.7936177850, -0.0040720468],
        [1.9779984951, -2.4285922050, 0.4505937099],
        [0.0259040371, 0.7827717662, -0.8086757660],
    ]
)
BLACK_HOLD = 3.0  # how firmly black is held at its generated value (Lab units per 100 % K)
INK_PENALTY = 50.0  # Lab units per 100 % of ink over the table's limit


def read_ti3(path: Path = TI3) -> tuple[Array, Array]:
    """The patches: CMYK (0..1) and XYZ (paper-relative, D50 white, Y of paper 1)."""
    fields: list[str] = []
    rows: list[list[float]] = []
    section = ""
    for line in path.read_text(encoding="ascii").splitlines():
        word = line.split()[0] if line.split() else ""
        if word in ("BEGIN_DATA_FORMAT", "BEGIN_DATA", "END_DATA_FORMAT", "END_DATA"):
            section = word if word.startswith("BEGIN") else ""
        elif section == "BEGIN_DATA_FORMAT":
            fields += line.split()
        elif section == "BEGIN_DATA" and word:
            rows.append([float(v) for v in line.split()])
    data = np.array(rows)
    col = {name: i for i, name in enumerate(fields)}
    cmyk = data[:, [col[f"CMYK_{c}"] for c in "CMYK"]] / 100
    xyz = data[:, [col[f"XYZ_{c}"] for c in "XYZ"]]
    paper = xyz[np.all(cmyk == 0, axis=1)].mean(axis=0)
    return cmyk, xyz / paper * D50  # media-relative: the paper becomes the D50 white


def xyz_to_lab(xyz: Array, white: Array = D50) -> Array:
    t = xyz / white
    d = 6 / 29
    f = np.where(t > d**3, np.cbrt(t), t / (3 * d * d) + 4 / 29)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])],
        axis=-1,
    )


def lab_to_xyz(lab: Array, white: Array = D50) -> Array:
    fy = (lab[..., 0] + 16) / 116
    f = np.stack([fy + lab[..., 1] / 500, fy, fy - lab[..., 2] / 200], axis=-1)
    d = 6 / 29
    return white * np.where(f > d, f**3, 3 * d * d * (f - 4 / 29))


def srgb_to_xyz(rgb: Array) -> Array:
    """sRGB (0..1) to XYZ adapted to D50 (as ICC profiles and littleCMS do)."""
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return lin @ SRGB_TO_XYZ_D50.T


def de2000_parts(lab1: Array, lab2: Array) -> tuple[Array, Array, Array, Array]:
    """The terms of CIEDE2000 from `lab1` to `lab2`: lightness, chroma and hue differences,
    each over its weighting function, and the rotation term RT (blue's hue correction)."""
    L1, a1, b1 = lab1[..., 0], lab1[..., 1], lab1[..., 2]
    L2, a2, b2 = lab2[..., 0], lab2[..., 1], lab2[..., 2]
    c_bar = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_bar**7 / (c_bar**7 + 25.0**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dl, dc = L2 - L1, c2p - c1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(c1p * c2p == 0, 0, dh)
    dhh = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    l_bar, cp_bar = (L1 + L2) / 2, (c1p + c2p) / 2
    hsum = h1p + h2p
    h_bar = np.where(
        np.abs(h1p - h2p) > 180, np.where(hsum < 360, hsum + 360, hsum - 360) / 2, hsum / 2
    )
    h_bar = np.where(c1p * c2p == 0, hsum, h_bar)
    t = (
        1
        - 0.17 * np.cos(np.radians(h_bar - 30))
        + 0.24 * np.cos(np.radians(2 * h_bar))
        + 0.32 * np.cos(np.radians(3 * h_bar + 6))
        - 0.20 * np.cos(np.radians(4 * h_bar - 63))
    )
    d_theta = 30 * np.exp(-(((h_bar - 275) / 25) ** 2))
    rc = 2 * np.sqrt(cp_bar**7 / (cp_bar**7 + 25.0**7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / np.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * cp_bar
    sh = 1 + 0.015 * cp_bar * t
    rt = -np.sin(np.radians(2 * d_theta)) * rc
    return dl / sl, dc / sc, dhh / sh, rt


def ciede2000(lab1: Array, lab2: Array) -> Array:
    """CIEDE2000 colour difference (kL = kC = kH = 1), element-wise over the last axis."""
    dl, dc, dh, rt = de2000_parts(lab1, lab2)
    result: Array = np.sqrt(np.maximum(dl**2 + dc**2 + dh**2 + rt * dc * dh, 0))
    return result


class Forward:
    """CMYK (0..1) -> paper-relative Lab: a regular grid, multilinear between its nodes."""

    def __init__(self, grid: Array) -> None:
        self.grid = grid  # shape (n, n, n, n, 3)
        self.steps = grid.shape[0]

    def _cells(self, cmyk: Array) -> tuple[NDArray[np.intp], Array]:
        pos = np.clip(cmyk, 0, 1) * (self.steps - 1)
        base = np.minimum(np.floor(pos).astype(np.intp), self.steps - 2)
        return base, pos - base

    def corners(self, cmyk: Array) -> tuple[NDArray[np.intp], Array]:
        """For each colour, the flat indices of its cell's 16 corners and their weights."""
        base, frac = self._cells(cmyk)
        idx = np.zeros((len(cmyk), 16), dtype=np.intp)
        w = np.ones((len(cmyk), 16))
        for corner in range(16):
            flat = np.zeros(len(cmyk), dtype=np.intp)
            for axis in range(4):
                bit = (corner >> axis) & 1
                flat = flat * self.steps + base[:, axis] + bit
                w[:, corner] *= frac[:, axis] if bit else 1 - frac[:, axis]
            idx[:, corner] = flat
        return idx, w

    def __call__(self, cmyk: Array) -> Array:
        idx, w = self.corners(cmyk)
        flat = self.grid.reshape(-1, 3)
        return np.einsum("pc,pcl->pl", w, flat[idx])


def fit_forward(cmyk: Array, lab: Array, nodes: int = NODES, smooth: float = SMOOTH) -> Forward:
    """The grid whose interpolation meets the patches best, kept smooth (conjugate gradients
    on the normal equations of data + smooth * second differences)."""
    shape = (nodes,) * 4
    model = Forward(np.zeros((*shape, 3)))
    idx, w = model.corners(cmyk)
    size = nodes**4

    def data_op(v: Array) -> Array:  # A^T A v
        at = np.einsum("pc,pcl->pl", w, v[idx])
        out = np.zeros_like(v)
        np.add.at(out, idx, w[..., None] * at[:, None, :])
        return out

    def smooth_op(v: Array) -> Array:  # sum over axes of D2^T D2 v
        g = v.reshape(*shape, 3)
        out = np.zeros_like(g)
        for axis in range(4):
            d2 = np.diff(g, 2, axis=axis)
            sl = [slice(None)] * 5
            for offset, factor in ((0, 1.0), (1, -2.0), (2, 1.0)):
                sl[axis] = slice(offset, offset + nodes - 2)
                out[tuple(sl)] += factor * d2
        return out.reshape(size, 3)

    def op(v: Array) -> Array:
        return data_op(v) + smooth * smooth_op(v)

    rhs = np.zeros((size, 3))
    np.add.at(rhs, idx, w[..., None] * lab[:, None, :])
    x = np.zeros((size, 3)) + lab.mean(axis=0)
    r = rhs - op(x)
    p = r.copy()
    rr = (r * r).sum(axis=0)
    for _ in range(3000):
        ap = op(p)
        alpha = rr / np.maximum((p * ap).sum(axis=0), 1e-30)
        x += alpha * p
        r -= alpha * ap
        rr_new = (r * r).sum(axis=0)
        if np.all(rr_new < 1e-16 * max(1.0, float(np.abs(rhs).max()))):
            break
        p = r + rr_new / np.maximum(rr, 1e-30) * p
        rr = rr_new
    return Forward(x.reshape(*shape, 3))


def black_generation(lab: Array) -> Array:
    """The black a colour is aimed at, from its darkness alone (L* 80: 22 %, L* 60: 45 %,
    L* 25: 84 %), as a press profile's black generation: a grey is built on black, and a dark
    red or brown takes its depth from black instead of from its complementary inks. Where the
    aim would dull a colour (saturated blue or green cannot have 76 % black), the solver gives
    the colour precedence and uses less (`solve_inks`)."""
    result: Array = np.clip(1.12 * (1 - lab[:, 0] / 100), 0, 1)
    return result


def oklab(lab: Array) -> Array:
    """Oklab (x 100, so its units are near CIELAB's) of a D50 CIELAB colour: a space whose hue
    is what the eye calls one hue (in CIELAB, a blue losing chroma drifts to violet)."""
    lms = np.cbrt(lab_to_xyz(lab) @ (OKLAB_M1 @ BRADFORD_D50_TO_D65).T)
    result: Array = 100 * lms @ OKLAB_M2.T
    return result


def _residuals(model: Forward, x: Array, target: Array, k_aim: Array) -> Array:
    """What the solver makes small: the Oklab difference from the target (lightness, chroma
    and hue weighed apart), the black's distance from its aim, and ink over the limit."""
    aim = oklab(target)
    d = oklab(model(x)) - aim
    chroma = np.hypot(aim[:, 1], aim[:, 2])
    along = np.stack([aim[:, 1], aim[:, 2]], axis=1) / np.maximum(chroma, 1e-9)[:, None]
    along[chroma < 1e-6] = (1.0, 0.0)
    d_chroma = d[:, 1] * along[:, 0] + d[:, 2] * along[:, 1]
    d_hue = d[:, 2] * along[:, 0] - d[:, 1] * along[:, 1]
    over = np.maximum(0, x.sum(axis=1) - press.TABLE_MAX_INK)
    return np.stack(
        [
            LIGHTNESS_WEIGHT * d[:, 0],
            d_chroma,
            HUE_WEIGHT * d_hue,
            BLACK_HOLD * (x[:, 3] - k_aim),
            INK_PENALTY * over,
        ],
        axis=1,
    )


def solve_inks(model: Forward, target: Array, k_aim: Array, start: Array) -> Array:
    """C, M, Y, K (0..1) for each target Lab: Levenberg-Marquardt, per colour, all at once."""
    x = np.clip(start, 0, 1)
    res = _residuals(model, x, target, k_aim)
    cost = (res**2).sum(axis=1)
    mu = np.full(len(x), 1e-2)
    for _ in range(150):
        jac = np.empty((len(x), res.shape[1], 4))
        for j in range(4):
            step = np.where(x[:, j] > 0.5, -1e-4, 1e-4)
            moved = x.copy()
            moved[:, j] += step
            jac[:, :, j] = (_residuals(model, moved, target, k_aim) - res) / step[:, None]
        jtj = np.einsum("prj,prk->pjk", jac, jac)
        jtr = np.einsum("prj,pr->pj", jac, res)
        damped = jtj + mu[:, None, None] * np.eye(4)
        delta = np.linalg.solve(damped, -jtr[..., None])[..., 0]
        trial = np.clip(x + delta, 0, 1)
        trial_res = _residuals(model, trial, target, k_aim)
        trial_cost = (trial_res**2).sum(axis=1)
        better = trial_cost < cost
        x = np.where(better[:, None], trial, x)
        res = np.where(better[:, None], trial_res, res)
        cost = np.where(better, trial_cost, cost)
        mu = np.where(better, mu * 0.3, mu * 10)
        mu = np.clip(mu, 1e-6, 1e6)
    return x


def darkest_black(model: Forward) -> Array:
    """The darkest neutral (Lab) the press prints within the table's ink limit."""
    steps = np.linspace(0, 1, 41)
    c, m, y = (g.ravel() for g in np.meshgrid(steps, steps, steps, indexing="ij"))
    inks = np.stack([c, m, y, np.ones_like(c)], axis=1)
    inks = inks[inks.sum(axis=1) <= press.TABLE_MAX_INK + 1e-9]
    lab = model(inks)
    lab = lab[np.hypot(lab[:, 1], lab[:, 2]) < 1.5]
    return np.array([lab[:, 0].min(), 0.0, 0.0])


def srgb_targets(rgb: Array, black: Array) -> Array:
    """The Lab each sRGB colour is aimed at: relative colorimetric with black point
    compensation (sRGB black onto the press's darkest neutral, white onto the paper)."""
    black_xyz = lab_to_xyz(black)
    xyz = black_xyz + (1 - black_xyz / D50) * srgb_to_xyz(rgb)
    return xyz_to_lab(xyz)


def srgb_grid(size: int = press.GRID) -> Array:
    """The sRGB nodes in the table's order (blue slowest, red fastest: Pillow's Color3DLUT)."""
    steps = np.linspace(0, 1, size)
    b, g, r = np.meshgrid(steps, steps, steps, indexing="ij")
    return np.stack([r.ravel(), g.ravel(), b.ravel()], axis=1)


def build_table(model: Forward, size: int = press.GRID) -> Array:
    """CMYK (0..1) for every node of the sRGB grid, within the table's ink limit."""
    rgb = srgb_grid(size)
    target = srgb_targets(rgb, darkest_black(model))
    k_aim = black_generation(target)
    start = np.clip(np.column_stack([1 - rgb, k_aim]), 0, 1)
    start[:, :3] = np.clip(start[:, :3] - k_aim[:, None] * 0.8, 0, 1)
    inks = solve_inks(model, target, k_aim, start)
    return np.array([press.limit_ink(tuple(v), press.TABLE_MAX_INK) for v in inks.tolist()])


def self_check(model: Forward, cmyk: Array, lab: Array) -> tuple[float, float]:
    """The forward model against the patches: CIEDE2000 mean and peak."""
    de = ciede2000(model(cmyk), lab)
    return float(de.mean()), float(de.max())


def main(argv: list[str]) -> None:
    ti3 = Path(argv[0]) if argv else TI3
    out = Path(argv[1]) if len(argv) > 1 else press.LUT_PATH
    cmyk, xyz = read_ti3(ti3)
    lab = xyz_to_lab(xyz)
    model = fit_forward(cmyk, lab)
    mean, peak = self_check(model, cmyk, lab)
    print(f"forward model against {len(cmyk)} patches: CIEDE2000 mean {mean:.2f}, max {peak:.2f}")
    table = build_table(model)
    press.write_table(out, [tuple(v) for v in table.tolist()])
    black = darkest_black(model)
    print(f"wrote {out} ({press.GRID}^3 nodes, black point L* {black[0]:.1f})")


if __name__ == "__main__":
    main(sys.argv[1:])
