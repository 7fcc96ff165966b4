"""The duplex calibration sheet, read back from the PDF: every back cross sits where
docs/printing.md says, for both flips, so that the cell that lines up names the right offset."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from printaudit import extract_text, extract_words, page_objects

from printkit.cli.app import main
from printkit.layout.units import to_mm

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
TOL = 0.01  # mm


def _calibrate(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["calibrate", *args], catch_exceptions=False)
    return r.exit_code, r.stdout + r.stderr


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """(paper, duplex, centre) -> the calibration PDF's path."""
    tmp = tmp_path_factory.mktemp("calibrate")
    out = {}
    for paper in ("a4", "letter"):
        for duplex in ("long", "short"):
            for centre in ("0,0", "1,-0.5"):
                path = tmp / f"{paper}-{duplex}-{centre}.pdf"
                code, text = _calibrate(
                    "--paper", paper, "--duplex", duplex, "--back-offset", centre,
                    "--out", str(path),
                )  # fmt: skip
                assert code == 0, text
                out[paper, duplex, centre] = path
    return out


def _crosses(page, arm_mm: float) -> list[tuple[float, float]]:
    """Centres (mm, origin bottom-left) of crosses whose arms are arm_mm long each way."""
    vertical = [
        (to_mm(ln["x0"]), to_mm((ln["y0"] + ln["y1"]) / 2))
        for ln in page["lines"]
        if abs(ln["x0"] - ln["x1"]) < 1e-6 and abs(to_mm(ln["y1"] - ln["y0"]) - 2 * arm_mm) < TOL
    ]
    horizontal = {
        (round(to_mm((ln["x0"] + ln["x1"]) / 2), 2), round(to_mm(ln["y0"]), 2))
        for ln in page["lines"]
        if abs(ln["y0"] - ln["y1"]) < 1e-6 and abs(to_mm(ln["x1"] - ln["x0"]) - 2 * arm_mm) < TOL
    }
    return [(x, y) for x, y in vertical if (round(x, 2), round(y, 2)) in horizontal]


def _labelled_targets(page) -> list[tuple[str, float, float]]:
    """(label, x, y) for every front target: the label is the word just below its centre."""
    targets = _crosses(page, 3.5)
    words = [
        (w["text"], to_mm((w["x0"] + w["x1"]) / 2), to_mm(page["height"] - w["bottom"]))
        for w in extract_words(page)
        if re.fullmatch(r"[+-]?[0-9.]+,[+-]?[0-9.]+", w["text"])
    ]
    out = []
    for tx, ty in targets:
        below = [(ty - wy, text) for text, wx, wy in words if abs(wx - tx) < 1.0 and wy < ty]
        out.append((min(below)[1], tx, ty))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("centre", ["0,0", "1,-0.5"])
def test_back_marks_are_where_the_docs_say(sheets, paper, duplex, centre):
    """docs/printing.md: a front point (x, y) is backed at (W - x, y) for a long-edge flip and
    (x, H - y) for a short-edge flip; the cell labelled X,Y has its back cross X mm right and
    Y mm up from there, on the back page."""
    width, height = PAPER_MM[paper]
    pdf = page_objects(sheets[paper, duplex, centre])
    assert len(pdf) == 2
    for page in pdf:
        assert (round(to_mm(page["width"]), 1), round(to_mm(page["height"]), 1)) == (width, height)
    targets = _labelled_targets(pdf[0])
    marks = _crosses(pdf[1], 2.0)
    assert len(targets) == len(marks) == 13 * 13
    cx, cy = (float(v) for v in centre.split(","))
    labels = set()
    for label, tx, ty in targets:
        dx, dy = (float(v) for v in label.split(","))
        labels.add((round(dx - cx, 3), round(dy - cy, 3)))
        bx, by = (width - tx, ty) if duplex == "long" else (tx, height - ty)
        expected = (bx + dx, by + dy)
        nearest = min(marks, key=lambda m: (m[0] - expected[0]) ** 2 + (m[1] - expected[1]) ** 2)
        assert nearest == pytest.approx(expected, abs=TOL), (label, nearest, expected)
    steps = [i / 2 for i in range(-6, 7)]  # 0.5 mm steps, 3 mm each way around the centre
    assert labels == {(x, y) for x in steps for y in steps}


def test_the_cell_that_lines_up_names_the_offset_that_corrects_the_printer(sheets):
    """A printer that shifts every back by (-0.5, +1.5) mm (back-page coordinates) makes
    exactly one cross land on its target: the one labelled +0.5,-1.5."""
    width, _ = PAPER_MM["a4"]
    error = (-0.5, 1.5)
    front, back = page_objects(sheets["a4", "long", "0,0"])
    targets = _labelled_targets(front)
    marks = _crosses(back, 2.0)
    seen = {(round(width - (mx + error[0]), 3), round(my + error[1], 3)) for mx, my in marks}
    lined_up = [label for label, tx, ty in targets if (round(tx, 3), round(ty, 3)) in seen]
    assert lined_up == ["+0.5,-1.5"]


def test_front_has_scale_bar_instructions_and_the_back_says_which_flip(sheets):
    pdf = page_objects(sheets["a4", "short", "0,0"])
    front, back = (extract_text(p) for p in pdf)
    bars = [ln for ln in pdf[0]["lines"] if abs(to_mm(ln["x1"] - ln["x0"]) - 50) < TOL]
    fonts = {c["fontname"].split("+")[-1] for p in pdf for c in p["chars"]}
    assert fonts and all(f.startswith("DejaVuSans") for f in fonts)  # embedded, no Helvetica
    assert "printkit config set back-offset X,Y" in front
    assert "flipping on the short edge" in front
    assert len(bars) == 1
    assert "printkit calibrate --duplex long" in back


def test_calibrate_uses_the_settings_and_flags_win(cli, tmp_path):
    out = tmp_path / "cal.pdf"
    assert cli("config", "set", "paper", "letter").exit_code == 0
    assert cli("config", "set", "back-offset", "0.5,0.5").exit_code == 0
    assert cli("calibrate", "--out", out).exit_code == 0
    (page,) = page_objects(out, [0])
    assert round(to_mm(page["width"]), 1) == 215.9
    assert "centre cell +0.5,+0.5" in extract_text(page)
    assert cli("calibrate", "--paper", "a4", "--back-offset", "0,0", "--out", out).exit_code == 0
    (page,) = page_objects(out, [0])
    assert round(to_mm(page["width"]), 1) == 210.0
    assert "centre cell 0,0" in extract_text(page)


def test_a_step_too_big_for_the_paper_is_a_clean_error(cli, tmp_path):
    r = cli("calibrate", "--step", "1.5", "--out", tmp_path / "cal.pdf")
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == (
        "printkit calibrate: error: 13 x 13 cells of 14.9 x 18.4 mm are too small for steps of "
        "1.5 mm; on this paper the step can be at most 0.66 mm"
    )
    assert not (tmp_path / "cal.pdf").exists()
    assert list(tmp_path.iterdir()) == []
