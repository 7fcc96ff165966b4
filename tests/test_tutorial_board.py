"""docs/tutorial.md's second part works as written: its steps (docs/images/tutorial_board.py)
build the kit `wolfford` from an empty folder, the kit checks clean after each, the tutorial
quotes every step's text and the finding it shows, and the map prints as it says: one side,
tiled at home, 1 in hexes."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")


def _steps():
    spec = importlib.util.spec_from_file_location(
        "tutorial_board", ROOT / "docs/images/tutorial_board.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


STEPS = _steps()


@pytest.mark.parametrize("step", STEPS.STEPS, ids=lambda s: f"{s[0]}-{s[1]}")
def test_the_tutorial_quotes_each_step(step):
    _, file, text = step
    assert text in TUTORIAL or text == "checks: []\n", file


def test_each_step_checks_clean_and_the_map_prints_as_promised(cli, tmp_path):
    kit = tmp_path / "wolfford"
    for step in ("board", "grid", "features", "track", "rules"):
        STEPS.apply(kit, step)
        r = cli("check", kit)
        assert r.exit_code == 0 and "0 errors, 0 warnings" in r.stdout, (step, r.output)
    terrain = kit / "terrain.yaml"
    terrain.write_text(
        terrain.read_text(encoding="utf-8").replace("lake:", "pond:"), encoding="utf-8"
    )
    r = cli("check", kit)
    assert r.exit_code == 1
    shown = (
        "error [DR006] map item '0403' has terrain 'lake', which terrain.yaml costs does\nnot have"
    )
    assert shown.replace("\n", " ") in r.stdout
    assert shown in TUTORIAL
    terrain.write_text(
        terrain.read_text(encoding="utf-8").replace("pond:", "lake:"), encoding="utf-8"
    )
    r = cli("build", kit, "--out", tmp_path / "out", "-j", "1")
    assert r.exit_code == 0, r.output
    reader = PdfReader(tmp_path / "out" / "wolfford" / "map.pdf")
    assert len(reader.pages) == 3  # the assembly map and two A4 sheets: no backs


def test_the_pictures_it_shows_exist_and_are_small():
    for name in ("grid", "track", "assembly", "sheet"):
        assert f"(images/tutorial-board-{name}.png)" in TUTORIAL
        size = (ROOT / "docs" / "images" / f"tutorial-board-{name}.png").stat().st_size
        assert 1000 < size < 60_000
