"""What a player sees on the home sheets, read back from the PDFs: the build's page count
matches the file, a tiled sheet's label never runs under its scale bar."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import edit, untextured
from pypdf import PdfReader

from printkit.layout.units import mm

KITS = Path(__file__).parent / "kits"


def _counted(stdout: str, name: str) -> int:
    """The pages the build's closing line says `name` has to print ('16 pages on 8 sheets', or
    '3 sheets' for a one-sided file, a page a sheet)."""
    last = stdout.strip().splitlines()[-1]
    found = re.search(rf"{re.escape(name)} (\d+) (?:pages?|sheets?)", last)
    assert found, last
    return int(found.group(1))


@pytest.mark.parametrize(
    "jobs",
    ["1", pytest.param("2", marks=pytest.mark.slow)],  # two worker processes
)
def test_the_summary_counts_a_tiled_maps_assembly_map(cli, tmp_path, jobs):
    """A map over two sheets has three pages (its assembly map first): the build says three,
    built alone in the build's process or in a worker."""
    out = tmp_path / "out"
    kit = KITS / "hexwar"
    r = cli("build", kit, "--out", out, "--only", "map,charts", "-j", jobs)
    assert r.exit_code == 0, r.output
    pages = len(PdfReader(out / "hexwar" / "map.pdf").pages)
    assert pages == 3
    assert _counted(r.stdout, "map.pdf") == pages


def _tall_aid(tmp_path: Path) -> Path:
    """hex-island with its aid 160 mm tall: on 148 x 210 mm paper it is tiled over 2 sheets."""
    kit = Path(shutil.copytree(KITS / "hex-island", tmp_path / "hex-island"))
    edit(kit / "aid.yaml", "height: 120mm", "height: 160mm")
    return kit


def test_a_tiled_sheets_label_stays_clear_of_its_scale_bar(cli, tmp_path):
    """On a narrow sheet the label's words (row, neighbours, title) end before the scale bar
    begins, on every tiled sheet, and the bar is still there, 50 mm long."""
    kit = _tall_aid(tmp_path)
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "--only", "aid", "--paper", "148x210mm")
    assert r.exit_code == 0, r.output
    with pdfplumber.open(out / "hex-island" / "aid.pdf") as pdf:
        sheets = [p for p in pdf.pages if "row A" in (p.extract_text() or "")]
        assert len(sheets) == 2
        for page in sheets:
            low = page.height - mm(25)  # the label strip, in pdfplumber's top-down y
            ticks = [ln for ln in page.lines if ln["top"] > low and ln["x0"] == ln["x1"]]
            bar_left = min(ln["x0"] for ln in ticks)
            words = [ch for ch in page.chars if ch["top"] > low and ch["size"] < 9]
            assert "piece 1 of 1" in "".join(ch["text"] for ch in words)
            label_right = max(ch["x1"] for ch in words if ch["x1"] < bar_left + mm(52))
            bar_words = [ch for ch in words if ch["x0"] > bar_left]
            assert "".join(ch["text"] for ch in bar_words).startswith("50 mm")
            assert label_right < bar_left, (label_right, bar_left)
            span = max(ln["x0"] for ln in ticks) - bar_left
            assert abs(span - mm(50)) < 0.05


def _hexes_per_sheet(pdf: Path) -> list[int]:
    """The hexes each front sheet of tiles.pdf carries: their terrain names, read back."""
    names = ("FOREST", "PASTURE", "FIELDS", "HILLS", "MOUNTAINS", "DESERT")
    reader = PdfReader(pdf)
    fronts = reader.pages[::2]
    return [sum(page.extract_text().count(n) for n in names) for page in fronts]


def _no_kit_margin(tmp_path: Path) -> Path:
    """hex-island without its kit.yaml sheet_margin (so 7 mm: 6 hexes a sheet), and without
    the dots on the hexes' backs (900 marks a back, drawn and not read by these tests)."""
    kit = Path(shutil.copytree(KITS / "hex-island", tmp_path / "hex-island"))
    edit(kit / "kit.yaml", "sheet_margin: 5mm\n", "")
    untextured(kit)
    return kit


@pytest.mark.parametrize(
    ("kit_margin", "setting", "flag", "per_sheet"),
    [
        (None, None, None, 6),  # the default, 7 mm
        (None, None, "5mm", 8),  # the flag
        (None, "5", None, 8),  # the user's settings (plain numbers are mm)
        (None, "5mm", "7mm", 6),  # the flag wins over the settings
        ("5mm", "7mm", None, 6),  # the settings win over the kit
        ("5mm", None, None, 8),  # the kit's own
    ],
)
def test_the_sheet_margin_comes_from_the_flag_then_settings_then_kit(  # noqa: PLR0913
    cli, tmp_path, kit_margin, setting, flag, per_sheet
):
    """76 mm hexes on A4: 8 a sheet at a 5 mm margin, 6 at 7 mm, whoever asked for it."""
    kit = _no_kit_margin(tmp_path)
    if kit_margin:
        (kit / "kit.yaml").write_text(
            (kit / "kit.yaml").read_text() + f"sheet_margin: {kit_margin}\n"
        )
    if setting:
        r = cli("config", "set", "sheet_margin", setting)
        assert r.exit_code == 0, r.output
        assert "sheet-margin = 5mm" in r.stdout or "sheet-margin = 7mm" in r.stdout
    out = tmp_path / "out"
    args = ["build", kit, "--out", out, "--only", "tiles"]
    r = cli(*args, *(["--sheet-margin", flag] if flag else []))
    assert r.exit_code == 0, r.output
    counts = _hexes_per_sheet(out / "hex-island" / "tiles.pdf")
    assert sum(counts) == 19
    assert counts[0] == per_sheet, counts


def test_a_sheet_margin_outside_its_limits_is_refused(cli, tmp_path):
    """The flag and the setting take what kit.yaml's sheet_margin takes: 3 to 30 mm."""
    r = cli("build", KITS / "hex-island", "--out", tmp_path, "--sheet-margin", "2mm")
    assert r.exit_code == 2
    assert "at least 3 and at most 30 mm" in r.output
    r = cli("config", "set", "sheet-margin", "31mm")
    assert r.exit_code == 2
    assert "sheet-margin must be" in r.output
    assert not list(tmp_path.iterdir())


def test_a_piece_larger_than_the_sheet_is_said_at_its_data_before_it_is_tiled(cli, tmp_path):
    """The 180 x 160 mm aid on 148 x 210 mm paper is tiled over 2 sheets and an assembly map:
    the build says so at the aid's line (MARK002), and `check` too; on A4 it prints whole and
    nothing is said."""
    kit = _tall_aid(tmp_path)
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "--only", "aid", "--paper", "148x210mm")
    assert r.exit_code == 0, r.output
    said = "aid.yaml:5:5: warning [MARK002] a 180 mm x 160 mm piece does not fit 148X210MM"
    assert said in r.output
    assert "over 2 sheets" in r.output
    assert len(PdfReader(out / "hex-island" / "aid.pdf").pages) == 3
    assert said in cli("check", kit, "--paper", "148x210mm").output
    r = cli("build", kit, "--out", tmp_path / "a4", "--only", "aid")
    assert r.exit_code == 0, r.output
    assert "MARK002" not in r.output
    assert len(PdfReader(tmp_path / "a4" / "hex-island" / "aid.pdf").pages) == 1


@pytest.mark.parametrize("how", ["flag", "setting"])
def test_check_judges_the_sheets_with_the_sheet_margin_the_build_uses(cli, tmp_path, how):
    """A 76 mm hex fits 100 x 100 mm paper within a 5 mm margin, not within 7 mm: `check` says
    so as `build` would, with the margin of the option or of the user's settings."""
    kit = _no_kit_margin(tmp_path)
    edit(kit / "kit.yaml", "  box: {type: tuckbox", "  # box: {type: tuckbox")
    r = cli("check", kit, "--paper", "100x100mm")
    assert r.exit_code == 2
    assert "tiles.yaml:6:5: error: a 87.76 mm x 76 mm hexagon does not fit" in r.output
    assert "7 mm sheet margin" in r.output
    if how == "setting":
        assert cli("config", "set", "sheet-margin", "5mm").exit_code == 0
        r = cli("check", kit, "--paper", "100x100mm")
    else:
        r = cli("check", kit, "--paper", "100x100mm", "--sheet-margin", "5mm")
    assert r.exit_code == 0, r.output
    assert "hexagon does not fit" not in r.output
