"""Print-on-demand presets (layout/presets.py): every documented preset, measured.

A tiny kit is made per preset: two cards of the preset's size whose face is a black rectangle
exactly on the trim (a frame: outlined, so it stays on the trim) over a red ground (so the red border of an exported image is the bleed),
and a blue back. `export --images --preset X` must write the preset's pixels, dpi and bleed;
`build --profile shop --preset X` its bleed and page order.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from printkit.core.limits import MAX_EXPORT_PIXELS
from printkit.layout.presets import PRESETS, Preset
from printkit.layout.units import to_mm

RED, BLACK, BLUE = (255, 0, 0), (0, 0, 0), (0, 0, 255)


def _kit(folder: Path, width_mm: float, height_mm: float) -> Path:
    folder.mkdir(parents=True)
    (folder / "kit.yaml").write_text(
        "name: sized\ntitle: Sized\ncomponents:\n  cards: {type: deck, file: cards.yaml}\n"
    )
    (folder / "cards.yaml").write_text(
        f"card_size: {{width: {width_mm:.4f}mm, height: {height_mm:.4f}mm}}\n"
        "kinds:\n"
        "  plain:\n"
        "    label: PLAIN\n"
        '    colour: "#ff0000"\n'
        "    face:\n"
        '      - {element: shape, shape: rect, box: [0, 0, "100%", "100%"], fill: "#000000",'
        ' stroke: "#000000", line_width: 0.1}\n'
        "back:\n"
        '  colour: "#0000ff"\n'
        "cards:\n"
        "  - {id: a, kind: plain, count: 1, title: A}\n"
        "  - {id: b, kind: plain, count: 1, title: B}\n"
    )
    return folder


def _preset_kit(tmp_path: Path, preset: Preset) -> Path:
    return _kit(tmp_path / preset.name, to_mm(preset.trim[0]), to_mm(preset.trim[1]))


def _near(colour: tuple[int, ...], want: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 40 for a, b in zip(colour, want, strict=False))


def _border(image: Image.Image) -> tuple[int, int]:
    """Pixels of red ground before the black trim, along the middle row and column."""
    rgb = image.convert("RGB")
    row = [rgb.getpixel((x, rgb.height // 2)) for x in range(rgb.width)]
    col = [rgb.getpixel((rgb.width // 2, y)) for y in range(rgb.height)]
    return (
        next(i for i, c in enumerate(row) if _near(c, BLACK)),
        next(i for i, c in enumerate(col) if _near(c, BLACK)),
    )


@pytest.mark.parametrize("name", list(PRESETS))
def test_export_writes_each_presets_pixels_dpi_and_bleed(name, cli, tmp_path):
    preset = PRESETS[name]
    kit = _preset_kit(tmp_path, preset)
    out = tmp_path / "out"
    r = cli("export", kit, "--images", "--preset", name, "--out", out)
    assert r.exit_code == 0, r.output
    folder = out / "sized" / "images" / "cards"
    for path in (folder / "a-1.png", folder / "back.png"):
        with Image.open(path) as im:
            assert im.size == preset.pixels, path
            assert round(im.info["dpi"][0]) == preset.dpi
    with Image.open(folder / "a-1.png") as im:
        assert _near(im.convert("RGB").getpixel((1, 1)), RED)  # the ground runs into the bleed
        left, top = _border(im)
    assert abs(left - preset.bleed_pixels) <= 1.5 and abs(top - preset.bleed_pixels) <= 1.5
    with Image.open(folder / "back.png") as im:
        assert _near(im.convert("RGB").getpixel((preset.pixels[0] // 2, 5)), BLUE)


def test_the_documented_presets_are_the_services_numbers():
    """What docs/printing.md cites: each service's template pixels at 300 dpi."""
    pixels = {name: p.pixels for name, p in PRESETS.items()}
    assert pixels == {
        "poker": (825, 1125),
        "poker-eu": (815, 1110),
        "mpc-poker": (822, 1122),
        "tgc-poker": (825, 1125),
        "tgc-bridge": (750, 1125),
        "tgc-mini": (600, 825),
        "tgc-tarot": (900, 1500),
        "tgc-square": (1125, 1125),
    }
    assert PRESETS["poker"].max_ink == 240 and PRESETS["poker"].back_first
    assert all(p.dpi == 300 for p in PRESETS.values())
    assert {p.name for p in PRESETS.values() if p.back_first} == {"poker"}


def test_every_preset_is_in_the_printing_docs_with_its_source():
    docs = (Path(__file__).parent.parent / "docs" / "printing.md").read_text(encoding="utf-8")
    for preset in PRESETS.values():
        row = next(
            (line for line in docs.splitlines() if line.startswith(f"| `{preset.name}` |")), ""
        )
        assert row, preset.name
        assert f"{preset.pixels[0]} × {preset.pixels[1]}" in row
        assert re.search(r"https?://|\.com|\.org", row), row  # where the numbers came from


def _pages(path: Path) -> list[tuple[int, int, int]]:
    """The colour at the centre of each page."""
    doc = pdfium.PdfDocument(str(path))
    try:
        centres = []
        for page in doc:
            image = page.render(scale=0.5).to_pil().convert("RGB")
            centres.append(image.getpixel((image.width // 2, image.height // 2)))
        return centres
    finally:
        doc.close()


@pytest.mark.parametrize("name", ["poker", "tgc-poker"])
def test_build_takes_the_presets_bleed_and_page_order(name, cli, tmp_path):
    preset = PRESETS[name]
    kit = _preset_kit(tmp_path, preset)
    out = tmp_path / "out"
    r = cli("build", kit, "--profile", "shop", "--preset", name, "--out", out, "-j", "1")
    assert r.exit_code == 0, r.output
    pdf = out / "sized" / "shop" / "cards.pdf"
    centres = _pages(pdf)
    # the blue back: CMYK for FOGRA39 shows sRGB blue as a duller violet-blue on screen
    backs = [c[2] > c[0] + 30 for c in centres]
    assert len(centres) == 4 and sum(backs) == 2
    # page 1 is the back of card 1 where the service asks (DriveThruCards), else its face
    assert backs == (
        [True, False, True, False] if preset.back_first else [False, True, False, True]
    )
    with pikepdf.open(pdf) as doc:
        trim = [float(v) for v in doc.pages[0].obj.TrimBox]
        assert trim[0] == pytest.approx(preset.bleed, abs=0.01)


def test_a_preset_of_another_size_or_a_home_build_is_refused(cli, tmp_path):
    kit = _preset_kit(tmp_path, PRESETS["tgc-poker"])
    r = cli("build", kit, "--profile", "shop", "--preset", "tgc-tarot", "--out", tmp_path / "o")
    assert r.exit_code == 2 and "cards.yaml:1:" in r.stderr and "tgc-tarot" in r.stderr
    assert not (tmp_path / "o").exists() or not list((tmp_path / "o").rglob("*.pdf"))
    r = cli("build", kit, "--preset", "poker", "--out", tmp_path / "o")
    assert r.exit_code == 2 and "--profile shop" in r.stderr


def test_an_export_too_large_to_render_is_refused_before_drawing(cli, tmp_path):
    kit = _kit(tmp_path / "big", 600, 600)
    start = time.process_time()
    r = cli("export", kit, "--images", "--dpi", "1200", "--out", tmp_path / "o")
    assert time.process_time() - start < 1.0
    assert r.exit_code == 2, r.output
    assert "cards.yaml:1:" in r.stderr and "MAX_EXPORT_PIXELS" in r.stderr
    assert f"{MAX_EXPORT_PIXELS:,}" in r.stderr
    assert not (tmp_path / "o").exists() or not list((tmp_path / "o").rglob("*.png"))


def _peak_mb(cmd: list[str]) -> float:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    assert status == 0
    return usage.ru_maxrss / 1024


@pytest.mark.slow
def test_export_holds_one_image_at_a_time_whatever_the_number_of_designs(tmp_path):
    """24 designs at 300 dpi are 60 MB of pixels: exporting them costs what 2 designs do."""
    peaks = []
    for designs in (2, 24):
        kit = _kit(tmp_path / f"k{designs}", 63, 88)
        cards = kit / "cards.yaml"
        text = cards.read_text().split("cards:\n")[0] + "cards:\n"
        text += "".join(f"  - {{id: c{i}, kind: plain, title: C{i}}}\n" for i in range(designs))
        cards.write_text(text)
        cmd = [sys.executable, "-m", "printkit", "export", str(kit), "--images", "--dpi", "300",
               "--format", "jpeg", "--out", str(tmp_path / f"o{designs}")]  # fmt: skip
        peaks.append(_peak_mb(cmd))
    assert peaks[1] - peaks[0] < 25, peaks
