"""printkit preflight: findings a printer would raise, read from real PDFs (ours and made here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from craftedpdf import save, valid_x1a
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import shipped_font
from printkit.layout.units import mm

pytest.importorskip("pikepdf")


def _pdf_with_image(path: Path, mode: str, pixels: int, *, hairline: bool = False) -> Path:
    """Two 63 x 88 mm pages with 3 mm bleed; page 2 holds a 50 mm square image."""
    w, h, b = mm(63), mm(88), mm(3)
    size = (w + 2 * b, h + 2 * b)
    c = Canvas(str(path), pagesize=size, invariant=1, initialFontName=shipped_font("body"))
    for page in (1, 2):
        c.setTrimBox((b, b, b + w, b + h))
        c.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
        c.setFillColorCMYK(0, 0, 0, 0.2)
        c.rect(0, 0, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        if page == 2:
            colour = (200, 30, 30) if mode == "RGB" else (0, 200, 200, 0)
            image = Image.new(mode, (pixels, pixels), colour)
            c.drawImage(ImageReader(image), b + mm(5), b + mm(5), mm(50), mm(50))
            if hairline:
                c.setLineWidth(0.1)
                c.setStrokeColorCMYK(0, 0, 0, 1)
                c.line(b + mm(10), b + mm(70), b + mm(40), b + mm(70))
        c.showPage()
    c.save()
    return path


def test_rgb_image_fails_x1a_with_its_page(cli, tmp_path):
    pdf = _pdf_with_image(tmp_path / "rgb.pdf", "RGB", 600)
    r = cli("preflight", "--standard", "x1a", pdf)
    assert r.exit_code == 1, r.output
    colour = [line for line in r.stdout.splitlines() if "PF-COLOUR" in line]
    assert colour and all(":page 2: PF-COLOUR error" in line for line in colour), r.stdout
    assert "DeviceRGB" in colour[0]
    assert "page 1: PF-COLOUR" not in r.stdout


def test_cmyk_image_passes_colour_but_low_resolution_is_found(cli, tmp_path):
    pdf = _pdf_with_image(tmp_path / "cmyk.pdf", "CMYK", 100)  # 100 px over 50 mm: 51 dpi
    r = cli("preflight", "--standard", "x4", pdf)
    assert "PF-COLOUR" not in r.stdout
    dpi = [line for line in r.stdout.splitlines() if "PF-DPI" in line]
    assert len(dpi) == 1 and ":page 2: PF-DPI error" in dpi[0] and "51 dpi" in dpi[0], r.stdout
    assert "PF-INTENT" in r.stdout and r.exit_code == 1  # no OutputIntent: not PDF/X


def test_hairline_is_found_and_home_standard_only_warns(cli, tmp_path):
    pdf = _pdf_with_image(tmp_path / "hair.pdf", "CMYK", 1000, hairline=True)
    shop = cli("preflight", "--standard", "x1a", pdf)
    assert ":page 2: PF-HAIR error" in shop.stdout and "0.1 pt" in shop.stdout
    home = cli("preflight", "--standard", "home", pdf)
    assert ":page 2: PF-HAIR warning" in home.stdout
    # the full-bleed background runs to the sheet edge: a home printer cannot print there
    assert ":page 1: PF-MARGIN warning" in home.stdout
    assert home.exit_code == 0


def test_missing_trim_box_and_text_outside_the_safe_area(cli, tmp_path):
    path = tmp_path / "nobox.pdf"
    c = Canvas(str(path), pagesize=(mm(63), mm(88)), invariant=1)
    c.drawString(mm(1), mm(40), "Edge text")  # Helvetica: not embedded either
    c.showPage()
    c.setTrimBox((0, 0, mm(63), mm(88)))
    c.drawString(mm(1), mm(40), "Edge text")
    c.showPage()
    c.setTrimBox((mm(10), mm(10), mm(53), mm(78)))
    c.drawString(mm(12), mm(3), "Slug label")  # wholly outside the trim: cut away on purpose
    c.showPage()
    c.save()
    r = cli("preflight", "--standard", "x1a", path)
    assert ":page 1: PF-BOX error: no TrimBox" in r.stdout
    assert ":page 1: PF-FONT error: font Helvetica is not embedded" in r.stdout
    assert ":page 2: PF-SAFE warning" in r.stdout and "Edge text" in r.stdout
    assert "page 1: PF-SAFE" not in r.stdout  # no trim known on page 1
    assert "page 3: PF-SAFE" not in r.stdout


def test_not_a_pdf_is_an_input_error(cli, tmp_path):
    bad = tmp_path / "bad.pdf"
    bad.write_text("hello")
    r = cli("preflight", bad)
    assert r.exit_code == 2 and "bad.pdf" in r.stderr and "not a readable PDF" in r.stderr
    assert cli("preflight", tmp_path / "missing.pdf").exit_code == 2


@pytest.mark.slow
def test_home_outputs_of_every_kit_pass_home_preflight(cli, tmp_path, built_kit):
    kits = ("chariot-race", "chartae", "carthage")
    pdfs = sorted(pdf for kit in kits for pdf in built_kit(kit).rglob("*.pdf"))
    assert {p.parent.name for p in pdfs} == set(kits)
    assert cli("calibrate", "--out", tmp_path / "calibration.pdf").exit_code == 0
    r = cli("preflight", "--standard", "home", *pdfs, tmp_path / "calibration.pdf")
    assert r.exit_code == 0, r.output
    assert " error:" not in r.stdout


def test_the_verdict_goes_to_stdout_so_a_report_of_a_passing_file_is_not_empty(cli, tmp_path):
    good = save(valid_x1a(), tmp_path / "good.pdf")
    r = cli("preflight", good)
    assert r.exit_code == 0 and r.stdout.strip() == f"{good}: passes x1a", r.output
    bad = _pdf_with_image(tmp_path / "rgb.pdf", "RGB", 600)
    r = cli("preflight", bad)
    assert r.exit_code == 1 and r.stdout.splitlines()[-1].startswith(f"{bad}: fails x1a (")


def test_json_lines_for_ci_with_a_verdict_per_file_and_the_summary_last(cli, tmp_path):
    bad = _pdf_with_image(tmp_path / "rgb.pdf", "RGB", 600)
    missing = tmp_path / "missing.pdf"
    r = cli("preflight", "--format", "json", bad, missing)
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.exit_code == 2  # a missing file; the other one is still checked
    findings = [o for o in rows if o["type"] == "finding"]
    assert {"file", "page", "code", "severity", "message"} <= set(findings[0])
    assert any(o["code"] == "PF-COLOUR" and o["page"] == 2 for o in findings)
    assert any(o["code"] == "INPUT" and o["file"] == str(missing) for o in findings)
    (verdict,) = [o for o in rows if o["type"] == "verdict"]
    assert verdict["file"] == str(bad) and verdict["passes"] is False and verdict["errors"] > 0
    assert rows[-1]["type"] == "summary" and rows[-1]["exit_code"] == 2


def test_github_annotations_name_the_file_code_and_page(cli, tmp_path):
    bad = _pdf_with_image(tmp_path / "rgb, 1.pdf", "RGB", 600)
    r = cli("preflight", "--format", "github", bad)
    lines = r.stdout.splitlines()
    assert r.exit_code == 1 and lines and all(line.startswith("::") for line in lines)
    colour = next(line for line in lines if "PF-COLOUR" in line)
    assert colour.startswith(
        f"::error file={str(bad).replace(',', '%2C')},title=PF-COLOUR (page 2)::"
    )


def test_a_sheet_of_small_counters_is_warned_of_its_safe_area_once_with_the_option(cli, tmp_path):
    """hexwar's 1/2 in counters keep their values 0.3 mm inside the cut (the deck's
    `safe_margin`): at the default 3 mm every one of the 80 shop pages has text nearer the cut,
    said once for the file with the option that checks the pieces' own safe area."""
    kit = Path(__file__).parent / "kits" / "hexwar"
    r = cli("build", kit, "--out", tmp_path, "--only", "counters", "--profile", "shop")
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "hexwar" / "shop" / "counters.pdf"  # shop builds write into shop/
    r = cli("preflight", pdf, "--standard", "x1a")
    lines = [line for line in r.stdout.splitlines() if "PF-SAFE" in line]
    assert len(lines) == 1 and "on 80 pages" in lines[0] and "--safe MM" in lines[0]
    assert ":page" not in lines[0]  # the file's, not a page's
    r = cli("preflight", pdf, "--standard", "x1a", "--safe", "0.3")
    assert "PF-SAFE" not in r.stdout


def test_a_small_form_drawn_again_is_placed_box_by_box_as_the_arrays_place_it():
    """A form of a few boxes (a glyph's outline under a map label's letter, drawn 700,000 times
    on the largest map) is moved and cut box by box, not in numpy arrays: the page's scan is
    the same either way, the clip leaving part, all or nothing of each box."""
    from printkit.preflight.scan import FormShape, PageScan

    drawn = PageScan(
        spaces={"DeviceRGB": "stroke"}, thinnest_stroke=0.2, hairlines=1,
        painted=[(0.0, 0.0, 10.0, 10.0), (5.0, 5.0, 6.0, 6.0), (20.0, 20.0, 30.0, 40.0)],
        texts=[("ab", (1.0, 1.0, 4.0, 3.0))], transparency=["soft mask on image Im0"],
        problems=[("PF-SYNTAX", "the Matrix of form Fm1 is not six numbers")], more_problems=2,
    )  # fmt: skip
    shape = FormShape(3.0, 4.0, drawn)
    for clip in (None, (0.0, 0.0, 100.0, 100.0), (10.0, 2.0, 16.0, 17.0), (50.0, 50.0, 60.0, 60.0)):
        fast, arrays = (
            PageScan(spaces={"DeviceCMYK": "fill"}),
            PageScan(spaces={"DeviceCMYK": "fill"}),
        )
        placed = shape.placed(7.5, -2.25, clip)
        arrays.merge(placed)
        assert shape.place(fast, 7.5, -2.25, clip) == placed.items()
        assert fast == arrays, clip
    assert len(fast.painted) == 0 and len(arrays.transparency) == 1  # the last clip hides all
