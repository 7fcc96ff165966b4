"""Shop files print the colours the designer chose (issue 34): printkit's FOGRA39 conversion
measured against a reference conversion, both read back through the same reference profile.

The reference is what an independent prepress check uses: a FOGRA39 ICC profile built from
Fogra's characterisation data (FOGRA39L.ti3, Debian's icc-profiles-free) by ArgyllCMS's colprof,
and littleCMS (Pillow's ImageCms) converting sRGB through it, relative colorimetric with black
point compensation. printkit's side is a real shop conversion: patches drawn in RGB (a large
square and a line of 7 pt text in each colour) and made print-ready as a shop build makes them.
The CMYK of both is turned back into CIELAB by the profile (Argyll's xicclu) and compared in
CIEDE2000. .ci/run installs the data and Argyll (apt-get); without them these tests skip.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image, ImageCms
from reportlab.pdfgen.canvas import Canvas

from printkit.kit import builtin_kit_names
from printkit.pdfx import converter_for, derive, make_print_ready, press
from printkit.pdfx.derive import TI3, ciede2000
from tests.conftest import made_once

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not TI3.is_file() or shutil.which("colprof") is None or shutil.which("xicclu") is None,
        reason="FOGRA39L.ti3 (apt-get install icc-profiles-free) or ArgyllCMS (argyll) missing",
    ),
]

PRIMARIES = ["ff0000", "00ff00", "0000ff", "00ffff", "ff00ff", "ffff00"]
GREYS = [f"{v:02x}" * 3 for v in (0, 32, 64, 96, 128, 160, 192, 224)]
SKIN = ["8d5524", "c68642", "e0ac69", "f1c27d"]
COLORCHECKER = [
    "735244",
    "c29682",
    "627a9d",
    "576c43",
    "8580b1",
    "67bdaa",
    "d67e2c",
    "505ba6",
    "c15a63",
    "5e3c6c",
    "9dbc40",
    "e0a32e",
    "383d96",
    "469449",
    "af363c",
    "e7c71f",
    "bb5695",
    "0885a1",
    "f3f3f2",
    "c8c8c8",
    "a0a0a0",
    "7a7a79",
    "555555",
    "343434",
]
RGB = tuple[float, float, float]


def _fogra39(folder: Path) -> None:
    """Build the FOGRA39 reference profile in `folder` from Fogra's measurements."""
    shutil.copy(TI3, folder / "FOGRA39L.ti3")
    subprocess.run(
        ["colprof", "-qm", "-D", "FOGRA39L reference", "FOGRA39L"],
        cwd=folder,
        check=True,
        capture_output=True,
    )


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The FOGRA39 reference profile, built from Fogra's measurements (about a minute) once
    per test run, shared by the test processes (conftest.made_once)."""
    return made_once(tmp_path_factory, "fogra39", _fogra39) / "FOGRA39L.icc"


def _kit_colours(built_kit) -> set[str]:
    """Every RGB colour the built-in kits paint with (fills, strokes, text), as hex."""
    found: set[str] = set()
    for kit in builtin_kit_names():
        for pdf_path in built_kit(kit).rglob("*.pdf"):
            with pikepdf.open(pdf_path) as pdf:
                streams = list(pdf.pages) + [
                    o
                    for o in pdf.objects
                    if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"
                ]
                for stream in streams:
                    for ins in pikepdf.parse_content_stream(stream, "rg RG"):
                        found.add("".join(f"{round(float(v) * 255):02x}" for v in ins.operands))
    return found


def _rgb(hexes: list[str]) -> list[RGB]:
    return [tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)) for h in hexes]  # type: ignore[misc]


def _shop_patches(colours: list[RGB], path: Path) -> tuple[list[tuple], list[tuple]]:
    """Each colour as a 30 mm square and a line of 7 pt text, one page each, made print-ready
    by the shop conversion: (the square's CMYK, the text's CMYK) per colour, read back."""
    c = Canvas(str(path), pagesize=(120 * 2.835, 60 * 2.835), invariant=1)
    for rgb in colours:
        c.setFillColorRGB(*rgb)
        c.rect(20, 20, 85, 85, stroke=0, fill=1)
        c.setFont("Helvetica", 7)
        c.drawString(130, 60, "Seven point text in this colour")
        c.showPage()
    c.save()
    make_print_ready(path, converter_for(None))
    fills, texts = [], []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            fill, by_use = None, {}
            for ins in pikepdf.parse_content_stream(page, "k f f* Tj"):
                op = str(ins.operator)
                if op == "k":
                    fill = tuple(float(v) for v in ins.operands)
                else:
                    by_use[op.rstrip("*")] = fill
            fills.append(by_use["f"])
            texts.append(by_use["Tj"])
    return fills, texts


def _reference_cmyk(colours: list[RGB], profile: Path) -> list[tuple]:
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        ImageCms.getOpenProfile(str(profile)),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )
    image = Image.new("RGB", (len(colours), 1))
    image.putdata([tuple(round(v * 255) for v in rgb) for rgb in colours])
    out = ImageCms.applyTransform(image, transform)
    assert out is not None
    return [tuple(v / 255 for v in out.getpixel((i, 0))) for i in range(len(colours))]


def _lab(cmyk: list[tuple], profile: Path) -> np.ndarray:
    """CIELAB (relative colorimetric) of each CMYK through the reference profile."""
    lines = "".join(" ".join(f"{v * 100:.4f}" for v in ink) + "\n" for ink in cmyk)
    out = subprocess.run(
        ["xicclu", "-ff", "-ir", "-s100", str(profile)],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = [line.split("->")[-1].split("[")[0].split() for line in out.splitlines() if "->" in line]
    return np.array([[float(v) for v in row] for row in rows])


@pytest.fixture(scope="module")
def measured(reference, built_kit, tmp_path_factory) -> dict:
    names = PRIMARIES + GREYS + SKIN + COLORCHECKER + sorted(_kit_colours(built_kit))
    colours = _rgb(names)
    fills, texts = _shop_patches(colours, tmp_path_factory.mktemp("patches") / "patches.pdf")
    ref = _lab(_reference_cmyk(colours, reference), reference)
    return {
        "names": names,
        "fills": fills,
        "fill_de": ciede2000(ref, _lab(fills, reference)),
        "text_de": ciede2000(ref, _lab(texts, reference)),
        "fill_lab": _lab(fills, reference),
    }


def test_shop_colours_match_the_reference_conversion(measured):
    """sRGB primaries and secondaries, eight greys, four skin tones, the 24 ColorChecker
    colours and every colour of the built-in kits: CIEDE2000 mean <= 1.5, p95 <= 3, max <= 6."""
    de = measured["fill_de"]
    worst = sorted(zip(de.round(2), measured["names"], strict=True))[-5:]
    assert len(de) > 60
    assert de.mean() <= 1.5, worst
    assert np.percentile(de, 95) <= 3, worst
    assert de.max() <= 6, worst


def test_seven_point_text_keeps_its_colour(measured):
    """Small text in each of those colours prints as the colour (p95 <= 6), not near-black."""
    de = measured["text_de"]
    worst = sorted(zip(de.round(2), measured["names"], strict=True))[-5:]
    assert np.percentile(de, 95) <= 6, worst


def test_every_patch_within_the_ink_limit(measured):
    assert max(sum(ink) for ink in measured["fills"]) <= 3.0 + 1e-9


def test_greys_are_neutral_and_built_on_black(measured):
    """A mid grey prints neutral (a*, b* within 1.5) with black carrying it (K >= 40 %),
    as a press profile's black generation does."""
    i = measured["names"].index("808080")
    _, a, b = measured["fill_lab"][i]
    assert abs(a) <= 1.5 and abs(b) <= 1.5, (a, b)
    assert measured["fills"][i][3] >= 0.4, measured["fills"][i]


def test_the_shipped_table_is_what_the_tool_derives(tmp_path, capsys):
    """python -m printkit.pdfx.derive rebuilds press.lut from Fogra's data: the same table, up
    to a node's rounding on another machine (2/255 of an ink)."""
    out = tmp_path / "press.lut"
    derive.main([str(TI3), str(out)])
    assert "forward model against 1617 patches" in capsys.readouterr().out
    new, shipped = out.read_bytes(), press.LUT_PATH.read_bytes()
    assert len(new) == len(shipped)
    assert max(abs(a - b) for a, b in zip(new, shipped, strict=True)) <= 2
