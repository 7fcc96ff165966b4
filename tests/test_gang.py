"""printkit build --gang: pieces of several components share sheets; read positions back."""

from __future__ import annotations

import pdfplumber
import pytest

from printkit.components.gang import layout
from printkit.components.tokens import piece_sets as token_sets
from printkit.kit import load_kit
from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT, mirror
from printkit.layout.packing import corner_marks, pack, sheets_lower_bound
from printkit.layout.sizes import Size
from printkit.layout.units import mm
from printkit.model.options import Options


@pytest.fixture(scope="module")
def carthage(tmp_path_factory):
    from click.testing import CliRunner

    from printkit.cli import main

    out = tmp_path_factory.mktemp("gang")
    r = CliRunner().invoke(main, ["build", "carthage", "--gang", "--out", str(out), "-j", "1"])
    assert r.exit_code == 0, r.output
    return out / "carthage", r.stdout


def _plan(name: str):
    from printkit.components import component_type
    from printkit.components.gang import gang_components

    kit = load_kit(name, Options(gang=True))
    sets = [
        s
        for cid in gang_components(kit)
        for s in component_type(kit.spec(cid).type).piece_sets(kit, cid)
    ]
    return kit, sets, layout(kit, sets)


def _words(page, text: str) -> list[tuple[float, float]]:
    """Centres (PDF points, origin bottom-left) of the words `text` on a pdfplumber page."""
    return [
        ((w["x0"] + w["x1"]) / 2, page.height - (w["top"] + w["bottom"]) / 2)
        for w in page.extract_words()
        if w["text"] == text
    ]


def test_tokens_and_aids_take_at_most_three_sheets_and_the_others_are_not_written(carthage):
    folder, stdout = carthage
    assert (folder / "gang.pdf").is_file()
    assert not (folder / "tokens.pdf").exists() and not (folder / "curriculum.pdf").exists()
    kit, sets, (sheet, area, gap, placed, pieces) = _plan("carthage")
    assert sum(not s.fill for s in sets) == len(token_sets(kit, "tokens")) == 3
    token_sheets = {p.sheet for p in placed if not sets[pieces[p.index].set_index].fill}
    assert len(token_sheets) <= 3  # today 5 A4 pages
    assert "on " in stdout and "sheet(s); the pieces' area needs at least" in stdout


def test_gang_file_passes_home_preflight(carthage, cli):
    folder, _ = carthage
    r = cli("preflight", "--standard", "home", folder / "gang.pdf")
    assert r.exit_code == 0 and r.stdout == "", r.output  # no finding at all


def test_pieces_are_where_the_layout_says_and_backs_behind_their_fronts(carthage):
    folder, _ = carthage
    kit, sets, (sheet, area, gap, placed, pieces) = _plan("carthage")
    aids = [p for p in placed if not sets[pieces[p.index].set_index].with_backs]
    chariots = [p for p in placed if getattr(pieces[p.index].item, "label", "") == "BLUE"]
    with pdfplumber.open(folder / "gang.pdf") as pdf:
        for p in aids:
            titles = _words(pdf.pages[2 * p.sheet], "MOVE")
            assert any(p.rect.contains(Rect(x, y, 0, 0)) for x, y in titles), p
        for p in chariots:
            back = mirror(p.rect, sheet, "long")
            blocked = _words(pdf.pages[2 * p.sheet + 1], "BLOCKED")
            assert any(back.contains(Rect(x, y, 0, 0)) for x, y in blocked), p
            assert any(
                p.rect.contains(Rect(x, y, 0, 0)) for x, y in _words(pdf.pages[2 * p.sheet], "BLUE")
            )


def _overlaps(seg: Rect, r: Rect) -> bool:
    inner = r.inset(0.1)
    return seg.x < inner.x1 and inner.x < seg.x1 and seg.y < inner.y1 and inner.y < seg.y1


def test_crop_marks_clear_every_neighbour_and_the_sheet_edge(carthage):
    """Every thin black line outside the pieces is a crop mark; none touches a piece."""
    from printkit.components.gang import gang_marks

    folder, _ = carthage
    kit, sets, (sheet, area, gap, placed, pieces) = _plan("carthage")
    with pdfplumber.open(folder / "gang.pdf") as pdf:
        for number in range(1 + max(p.sheet for p in placed)):
            page = pdf.pages[2 * number]
            trims = [p.rect for p in placed if p.sheet == number]
            found = set()
            for ln in page.lines:
                if abs(ln["linewidth"] - 0.3) > 0.01 or ln["top"] > page.height - KEEP_OUT - mm(7):
                    continue  # not a mark line, or the scale bar's band
                y0, y1 = page.height - ln["bottom"], page.height - ln["top"]
                seg = Rect(ln["x0"], y0, ln["x1"] - ln["x0"], y1 - y0)
                if any(r.inset(0.1).contains(seg) for r in trims):
                    continue  # artwork inside a piece
                assert not any(_overlaps(seg, r) for r in trims), (number, seg)
                assert seg.x >= KEEP_OUT - 0.01 and seg.x1 <= sheet.width - KEEP_OUT + 0.01
                found.add(tuple(round(v, 1) for v in (seg.x, seg.y, seg.x1, seg.y1)))
            expected = {
                tuple(round(v, 1) for v in (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
                for x0, y0, x1, y1 in gang_marks(trims, sheet, kit.options.bleed + mm(0.5))
            }
            assert expected and found == expected, number


def test_chariot_race_bases_share_a_sheet_with_cards(tmp_path, cli):
    out = tmp_path / "out"
    r = cli("build", "chariot-race", "--gang", "--out", out, "-j", "1")
    assert r.exit_code == 0, r.output
    with pdfplumber.open(out / "chariot-race" / "gang.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "ATASSUR" in text and "MOVEMENT" in text  # a base (its name runs upwards) and a card


def test_packer_keeps_the_gap_and_meets_the_bound_for_a_grid():
    area = Rect(0, 0, mm(189), mm(264))
    cards = [Size(mm(63), mm(88))] * 20
    placed = pack(cards, area, 0)
    assert max(p.sheet for p in placed) + 1 == 3 == sheets_lower_bound(cards, area, 0)
    placed = pack([Size(mm(30), mm(30))] * 6, Rect(0, 0, mm(100), mm(100)), mm(3))
    rects = [p.rect for p in placed]
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            apart = max(b.x - a.x1, a.x - b.x1, b.y - a.y1, a.y - b.y1)
            assert apart >= mm(3) - 1e-6


def test_marks_stop_before_a_neighbour():
    a, b = Rect(0, 0, mm(20), mm(20)), Rect(mm(22), 0, mm(20), mm(20))
    limit = Rect(-mm(50), -mm(50), mm(200), mm(200))
    marks = corner_marks([a, b], 0, limit, mm(0.5), mm(4))
    rightward = [m for m in marks if m[0] == a.x1 + mm(0.5) and m[2] > m[0]]
    assert rightward and all(m[2] <= b.x + 1e-6 for m in rightward)
    assert all(abs(m[2] - m[0]) + abs(m[3] - m[1]) <= mm(4) + 1e-6 for m in marks)
