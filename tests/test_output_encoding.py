"""Every command writes whatever it prints into any stream: to a file in a legacy code page
(PYTHONIOENCODING=cp1252, as Windows writes redirected output), a character the code page
lacks is replaced, never a UnicodeEncodeError and exit 3 (issue 33: 5 of 14 guides)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from printkit.cli.app import main
from printkit.cli.commands.docs import topics
from tests.conftest import edit

ROOT = str(Path(__file__).resolve().parent.parent)  # this checkout's printkit, in the child
NOT_CP1252 = "Ωmega ✓ − 3×4 → 東"


def _run(args: list, tmp: Path, encoding: str = "cp1252") -> tuple[int, str]:
    """Run `printkit args` with stdout and stderr redirected to files; (exit, what it wrote)."""
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PRINTKIT_DEBUG": "", "PYTHONPATH": ROOT}
    out, err = tmp / "stdout.txt", tmp / "stderr.txt"
    with out.open("wb") as o, err.open("wb") as e:
        code = subprocess.run(
            [sys.executable, "-m", "printkit", *map(str, args)],
            stdout=o, stderr=e, env=env, cwd=tmp, timeout=300,
        ).returncode  # fmt: skip
    return code, (out.read_bytes() + err.read_bytes()).decode(encoding)


def _assert_written(code: int, text: str, args: list) -> None:
    assert code != 3 and "printkit: internal error" not in text, (args, text)


def test_a_guide_with_characters_the_code_page_lacks_is_written(tmp_path):
    code, text = _run(["docs", "printing"], tmp_path)
    assert code == 0, text
    assert "# Printing a kit" in text and "?" in text  # the minus sign, replaced


@pytest.fixture
def kit(tmp_path) -> Path:
    folder = tmp_path / "kit"
    assert _run(["new", folder], tmp_path)[0] == 0
    edit(folder / "kit.yaml", "title: My Card Game", f"title: {NOT_CP1252}")
    edit(folder / "kit.yaml", "    title: Cards", f"    title: Cards {NOT_CP1252}")
    return folder


@pytest.mark.slow
def test_every_command_writes_into_a_legacy_code_page(tmp_path, kit):
    names = set(main.list_commands(click.Context(main)))
    out = tmp_path / "out"
    runs: list[list] = [
        ["build", kit, "--out", out],
        ["calibrate", "--sheet", tmp_path / "calibrate.pdf"],
        ["check", kit],
        ["check", kit, "--format", "json"],
        ["config", "list"],
        ["deck", kit],
        ["docs"],
        *[["docs", name] for name in topics()],
        ["export", kit, "--cards", "csv", "--out", tmp_path / "cards"],
        ["icons", kit, "--out", tmp_path / "icons"],
        ["list"],
        ["new", tmp_path / "another", "--from", kit],
        ["preflight", out / "kit" / "cards.pdf"],
        ["preview", kit, "--out", tmp_path / "previews"],
        ["rules"],
        ["rules", kit],
        ["schema", kit, "--out", tmp_path / "schemas"],
        ["score", "chartae", "B:1 compass E:1 / H D:2 F:2 / G A:2 C:3"],
        ["serve", "--help"],
        ["simulate", kit, "--runs", "5"],
    ]
    assert {str(r[0]) for r in runs} == names, "a command is missing here"
    for args in runs:
        _assert_written(*_run(args, tmp_path), args)
