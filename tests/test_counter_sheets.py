"""Counter sheets laid out as a wargame's (issue 35): a deck's `sheet_layout` groups the rows of
its home sheets by a field in a set order with a gutter between the groups, and folds the sheet
over for printers that print one side (fronts on the left, each back mirrored on the right).
Measured in the PDF: tests/kits/hexwar's 40 counters, 1/2 in square, blue (north) and tan
(south)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import edit, line_of
from pdfshapes import page_polylines, page_rects
from pypdf import PdfReader

from printkit.layout.units import to_mm

KIT = Path(__file__).parent / "kits" / "hexwar"
NORTH, SOUTH = (0x9D, 0xB4, 0xD4), (0xD9, 0xA2, 0x6B)


def _counters(pdf: Path, page: int = 0) -> list[tuple[str, dict]]:
    """('north' or 'south', rect) of every 12.7 mm counter ground on a page."""
    out = []
    for r in page_rects(pdf)[page]:
        size = (to_mm(r["x1"] - r["x0"]), to_mm(r["bottom"] - r["top"]))
        if not r["fill"] or abs(size[0] - 12.7) > 0.01 or abs(size[1] - 12.7) > 0.01:
            continue
        rgb = tuple(round(v * 255) for v in r["colour"])
        side = "north" if rgb == NORTH else "south" if rgb == SOUTH else None
        if side:
            out.append((side, r))
    return out


# the kit's own counter sheet layout, as a club writes it
KIT_LAYOUT = "sheet_layout: {group_by: side, order: [north, south], gutter: 4mm}\n"


def _copy(tmp_path: Path, layout: str | None = None) -> Path:
    """A copy of the kit whose counters have `layout` (a YAML mapping) as their sheet layout,
    or none when `layout` is empty ("")."""
    kit = Path(shutil.copytree(KIT, tmp_path / "hexwar"))
    if layout is not None:
        edit(kit / "counters.yaml", KIT_LAYOUT, f"sheet_layout: {layout}\n" if layout else "")
    return kit


def _rows(counters: list[tuple[str, dict]]) -> list[tuple[set[str], float]]:
    """The counters' rows from the top: the sides each holds and its top (points)."""
    rows: dict[float, tuple[set[str], float]] = {}
    for side, r in counters:
        rows.setdefault(round(r["top"], 1), (set(), r["top"]))[0].add(side)
    return [rows[t] for t in sorted(rows)]


def _build(cli, tmp_path: Path, layout: str | None = None) -> Path:
    kit = _copy(tmp_path, layout)
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "--only", "counters", "--paper", "a4")
    assert r.exit_code == 0, r.output
    return out / "hexwar" / "counters.pdf"


def test_the_kits_own_counter_sheet_prints_the_norths_rows_a_gutter_then_the_souths(cli, tmp_path):
    """tests/kits/hexwar as it stands (`sheet_layout: {group_by: side, order: [north, south],
    gutter: 4mm}`): two rows of north counters, 4 mm more, two rows of south counters."""
    counters = _counters(_build(cli, tmp_path))
    assert len(counters) == 40
    rows = _rows(counters)
    assert [sides for sides, _ in rows] == [{"north"}, {"north"}, {"south"}, {"south"}]
    tops = [top for _, top in rows]
    gaps = [to_mm(b - a) - 12.7 for a, b in zip(tops, tops[1:], strict=False)]
    assert abs(gaps[1] - gaps[0] - 4) < 0.01 and abs(gaps[2] - gaps[0]) < 0.01


def test_the_kits_counters_carry_a_nato_symbol_chosen_by_their_fields(cli, tmp_path):
    """Each counter's unit symbol is `element: nato` in a 6.6 x 3.65 mm box (no picture file): a
    friend's 3:2 frame under the top fifth kept for the echelon, 0.78 x 3.65 = 2.85 mm high and
    so 4.27 mm wide (a headquarters' also leaves its staff room below: 3.07 mm wide); the
    infantry's is crossed corner to corner."""
    from pdfshapes import page_polylines

    pdf = _build(cli, tmp_path)
    frames = [r for r in page_rects(pdf)[0] if r["stroke"] and not r["fill"]
              and abs(to_mm(r["x1"] - r["x0"]) / to_mm(r["bottom"] - r["top"]) - 1.5) < 0.01]  # fmt: skip
    assert len(frames) == 40, len(frames)
    widths = sorted(round(to_mm(r["x1"] - r["x0"]), 2) for r in frames)
    assert widths == [3.07] * 2 + [4.27] * 38, widths
    first = min(frames, key=lambda r: (r["top"], r["x0"]))  # north infantry, first in its row
    lines = page_polylines(pdf)[0]
    inside = [s for s in lines if all(first["x0"] - 0.1 <= x <= first["x1"] + 0.1
              and first["top"] - 0.1 <= y <= first["bottom"] + 0.1 for x, y in s["points"])]  # fmt: skip
    assert len([s for s in inside if len(s["points"]) == 2]) >= 2  # the infantry's cross
    assert not (KIT / "nato-inf.svg").exists()


def test_rows_are_grouped_by_side_in_the_set_order_with_a_gutter(cli, tmp_path):
    pdf = _build(cli, tmp_path, "{group_by: side, order: [south, north], gutter: 4mm}")
    counters = _counters(pdf)
    assert len(counters) == 40
    rows = _rows(counters)
    assert all(len(sides) == 1 for sides, _ in rows)  # no row mixes the sides
    order = [next(iter(sides)) for sides, _ in rows]
    tops = [top for _, top in rows]
    assert order == ["south", "south", "north", "north"]  # south first, as `order` says
    gaps = [to_mm(b - a) - 12.7 for a, b in zip(tops, tops[1:], strict=False)]
    bleed_gap = gaps[0]  # between two rows of one side: the pieces' bleed, twice
    assert abs(gaps[1] - bleed_gap - 4) < 0.01  # the gutter between the sides
    assert abs(gaps[2] - bleed_gap) < 0.01


def test_a_fold_over_sheet_puts_each_back_across_the_fold_behind_its_front(cli, tmp_path):
    """One landscape page (no back pages); the right half mirrors the left about the dashed
    fold line: each front's back lies at the same height, the same distance past the fold,
    within 0.2 mm (the figure printed is the largest found)."""
    pdf = _build(cli, tmp_path, "{group_by: side, gutter: 4mm, fold: true}")
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1
    width = float(reader.pages[0].mediabox.width)
    assert width > float(reader.pages[0].mediabox.height)  # landscape
    fold = width / 2
    counters = [r for _, r in _counters(pdf)]
    fronts = [r for r in counters if r["x1"] <= fold]
    backs = [r for r in counters if r["x0"] >= fold]
    assert len(fronts) == len(backs) == 40
    worst = 0.0
    for f in fronts:
        mirrored = 2 * fold - f["x1"]
        partner = min(backs, key=lambda b: abs(b["x0"] - mirrored) + abs(b["top"] - f["top"]))
        worst = max(
            worst, to_mm(abs(partner["x0"] - mirrored)), to_mm(abs(partner["top"] - f["top"]))
        )
    assert worst < 0.2, worst
    dashed = [s for s in page_polylines(pdf)[0] if s["stroke"] and len(s["points"]) == 2
              and all(abs(x - fold) < 0.01 for x, _ in s["points"])]  # fmt: skip
    assert dashed, "no fold line at the sheet's middle"


def test_the_build_counts_a_fold_over_sheet_as_one_sided_not_double_sided(cli, tmp_path):
    """A fold-over file has no back pages: its PDF asks the print dialog for one-sided printing
    (/Simplex, not a flip edge) and the build's last line counts it as a fold-over sheet."""
    kit = _copy(tmp_path, "{group_by: side, fold: true}")
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "--only", "counters", "--paper", "a4")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == "to print: counters.pdf 1 fold-over sheet (A4, one-sided)"
    prefs = PdfReader(out / "hexwar" / "counters.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/Simplex"
    r = cli("build", kit, "--out", out, "--only", "counters,charts", "--paper", "a4", "--force")
    assert r.output.splitlines()[-1] == (
        "to print: counters.pdf 1 fold-over sheet, charts.pdf 1 sheet (A4, double-sided, long edge)"
    )


def test_a_fold_over_sheet_shows_each_counters_own_back(cli, tmp_path):
    """The back of the north infantry (4-4-4 on its front) reads 2-2-4: its reduced side."""
    from pdfcheck import page_chars, words

    pdf = _build(cli, tmp_path, "{group_by: side, fold: true}")
    texts = words(page_chars(pdf)[0])
    width = float(PdfReader(pdf).pages[0].mediabox.width)
    left = [w["text"] for w in texts if w["x1"] < width / 2]
    right = [w["text"] for w in texts if w["x0"] > width / 2]
    assert left.count("4-4-4") == 16 and "2-2-4" not in left
    assert right.count("2-2-4") == 16 and "4-4-4" not in right


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_deck_without_a_sheet_layout_prints_as_before(cli, tmp_path, paper):
    """No `sheet_layout`: the densest grid, its backs on their own pages."""
    kit = _copy(tmp_path, "")
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "--only", "counters", "--paper", paper)
    assert r.exit_code == 0, r.output
    assert len(PdfReader(out / "hexwar" / "counters.pdf").pages) == 2


def test_grouping_by_a_field_the_deck_lacks_is_an_error_at_its_line(cli, tmp_path):
    kit = _copy(tmp_path, "{group_by: sied}")
    r = cli("check", kit)
    assert r.exit_code == 2, r.output
    assert f"counters.yaml:{line_of(kit / 'counters.yaml', 'sheet_layout:')}:" in r.stderr
    assert "sheet_layout groups by 'sied', which is no field of this deck's cards" in r.stderr


def test_gang_sheets_break_the_rows_of_a_block_by_group_with_the_gutter(cli, tmp_path):
    """With `--gang`, the kit's counters are one block whose rows never mix the sides: two rows
    of north, the 4 mm gutter, two rows of south (rows within a side 2 x bleed apart)."""
    out = tmp_path / "out"
    r = cli("build", _copy(tmp_path), "--out", out, "--gang", "--paper", "a4")
    assert r.exit_code == 0, r.output
    counters = _counters(out / "hexwar" / "gang.pdf")
    assert len(counters) == 40
    rows = _rows(counters)
    assert [sides for sides, _ in rows] == [{"north"}, {"north"}, {"south"}, {"south"}]
    tops = [top for _, top in rows]
    gaps = [to_mm(b - a) - 12.7 for a, b in zip(tops, tops[1:], strict=False)]
    assert abs(gaps[1] - gaps[0] - 4) < 0.01 and abs(gaps[2] - gaps[0]) < 0.01
    lefts = {side: {round(to_mm(r["x0"]), 2) for s, r in counters if s == side}
             for side in ("north", "south")}  # fmt: skip
    assert lefts["north"] == lefts["south"]  # one block: both sides in the same columns


def test_an_order_of_battle_draws_each_design_once_at_size_under_its_sides_heading(cli, tmp_path):
    """`order_of_battle` writes counters-oob.pdf: a section per side in the set order, each of
    the side's five designs drawn once at 12.7 mm with its count (x8 infantry)."""
    from pdfcheck import page_chars, words

    kit = Path(shutil.copytree(KIT, tmp_path / "hexwar"))
    oob = "order_of_battle: {group_by: side, order: [south, north]}"
    edit(kit / "counters.yaml", "min_text_size: 3pt\n", f"min_text_size: 3pt\n{oob}\n")
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "--only", "counters", "--paper", "a4")
    assert r.exit_code == 0, r.output
    pdf = out / "hexwar" / "counters-oob.pdf"
    counters = _counters(pdf)
    assert sorted(side for side, _ in counters) == ["north"] * 5 + ["south"] * 5
    texts = words(page_chars(pdf)[0])
    heading = {w["text"]: w["top"] for w in texts if w["text"] in ("NORTH", "SOUTH")}
    assert heading["SOUTH"] < heading["NORTH"]  # south first, as `order` says
    for side, r in counters:  # each under its own heading
        above = [h for h in heading.values() if h < r["top"]]
        assert max(above) == heading[side.upper()]
    assert [w["text"] for w in texts].count("x8") == 2  # the infantry of each side
