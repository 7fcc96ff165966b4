"""docs/tutorial.md works as written: its edits (docs/images/tutorial.py) apply to the blank kit
in order, the kit checks clean after each step, the tutorial quotes every edit, and the broken
rule it shows gives the finding it prints."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

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


def test_each_step_checks_clean_and_the_broken_rule_reads_as_shown(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("new", "mygame").exit_code == 0
    kit = Path("mygame")
    for step in ("back", "icons", "size", "rules"):
        STEPS.apply(kit, step)
        r = cli("check", kit)
        assert r.exit_code == 0 and "0 errors, 0 warnings" in r.stdout, (step, r.output)
    cards = kit / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("count: 2, cost: 3,", "count: 2, cost: 5,"),
        encoding="utf-8",
    )
    r = cli("check", kit)
    assert r.exit_code == 1
    quoted = TUTORIAL.split("run `printkit check mygame`:\n\n```\n")[1].split("```")[0]
    assert r.stdout.replace(os.sep, "/") == quoted


def test_the_pictures_it_shows_exist():
    for name in ("start", "icons", "tarot", "sheet-front", "sheet-back"):
        assert f"(images/tutorial-{name}.png)" in TUTORIAL
        assert (ROOT / "docs" / "images" / f"tutorial-{name}.png").stat().st_size > 1000
