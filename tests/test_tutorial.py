"""docs/tutorial.md works as written: its edits (docs/images/tutorial.py) apply to the blank kit
in order, the kit checks clean after each step, the tutorial quotes every edit and every file it
adds, the broken rule it shows gives the finding it prints, and the finished deck prints what
the tutorial promises (tarot cards, the designer's own SVG icon inline in a card's text)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pdfplumber
import pytest
from badkits import check_rules
from pypdf import PdfReader
from test_new import inline_icons

from printkit.layout.units import to_mm

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")


def _steps():
    spec = importlib.util.spec_from_file_location("tutorial", ROOT / "docs/images/tutorial.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


STEPS = _steps()


@pytest.mark.parametrize("edit", STEPS.STEPS, ids=lambda e: e[0])
def test_the_tutorial_quotes_each_edit(edit):
    _, _, _, new = edit
    shown = [line for line in new.splitlines() if line not in STEPS.CARD_OLD.splitlines()]
    for line in shown:
        if "id: raid" not in line:
            assert line.rstrip() in TUTORIAL, line


@pytest.mark.parametrize("added", STEPS.NEW_FILES, ids=lambda f: f[1])
def test_the_tutorial_quotes_each_file_it_adds(added):
    _, _, text = added
    assert text in TUTORIAL


@pytest.mark.slow
def test_each_step_checks_clean_and_the_broken_rule_reads_as_shown(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("new", "mygame").exit_code == 0
    kit = Path("mygame")
    for step in ("back", "icons", "size"):
        STEPS.apply(kit, step)
        r = cli("check", kit)
        assert r.exit_code == 0 and "0 errors, 0 warnings" in r.stdout, (step, r.output)
    # the rules step edits rules.yaml alone: the cards lay out as checked after the size step
    assert {file for name, file, *_ in STEPS.STEPS if name == "rules"} == {"rules.yaml"}
    STEPS.apply(kit, "rules")
    r = check_rules(kit)
    assert r.exit_code == 0 and "0 errors, 0 warnings" in r.stdout, ("rules", r.output)
    cards = kit / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("count: 2, cost: 3,", "count: 2, cost: 5,"),
        encoding="utf-8",
    )
    r = cli("check", kit)
    assert r.exit_code == 1
    quoted = TUTORIAL.split("run `printkit check mygame`:\n\n```\n")[1].split("```")[0]
    assert r.stdout.replace(os.sep, "/") == quoted
    edit_back = cards.read_text(encoding="utf-8").replace(
        "count: 2, cost: 5,", "count: 2, cost: 3,"
    )
    cards.write_text(edit_back, encoding="utf-8")
    _the_finished_deck_prints_as_promised(cli, kit, tmp_path / "out")


SHEAF_GOLD = (0.890, 0.706, 0.282)  # icons/sheaf.svg's ears, fill="#e3b448"


def _the_finished_deck_prints_as_promised(cli, kit: Path, out: Path) -> None:
    """Tarot cards (70 x 120 mm trim) and the sheaf drawn inline in the market card's text."""
    r = cli("build", kit, "--out", out, "--profile", "shop", "-j", "1")
    assert r.exit_code == 0, r.output
    pdf = out / "mygame" / "shop" / "cards.pdf"
    trim = PdfReader(pdf).pages[0].trimbox
    assert (round(to_mm(float(trim.width))), round(to_mm(float(trim.height)))) == (70, 120)
    r = cli("build", kit, "--out", out / "home", "-j", "1")  # RGB, which pdfplumber reads plainly
    assert r.exit_code == 0, r.output
    with pdfplumber.open(out / "home" / "mygame" / "cards.pdf") as sheets:
        market = sheets.pages[10]  # sheet 6 holds cards 21-24: build, market, market, raid
        assert market.extract_text().count("Market") == 2
        assert len(inline_icons(market, "two", "cards:", SHEAF_GOLD)) == 2 * 3  # three ears each


def test_the_pictures_it_shows_exist():
    for name in ("start", "icons", "sizes", "tarot", "sheet-front", "sheet-back"):
        assert f"(images/tutorial-{name}.png)" in TUTORIAL
        assert (ROOT / "docs" / "images" / f"tutorial-{name}.png").stat().st_size > 1000


def test_the_face_it_quotes_is_the_blank_kits():
    from printkit.cli.commands.blank_kit import blank_files

    cards = blank_files("mygame")["cards.yaml"]
    face = TUTORIAL.split("The resource\nface:\n\n```yaml\n")[1].split("```")[0]
    assert face.strip() and face in cards
