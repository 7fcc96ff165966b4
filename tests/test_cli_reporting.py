"""How the command line reports: each input error once, and a closed output pipe quietly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import edit, line_of

ROOT = Path(__file__).resolve().parent.parent


def test_an_error_in_a_shared_file_is_reported_once(cli, kit_copy, tmp_path):
    """cards.yaml feeds the deck, the templates and the damage chart: one bad key, one line."""
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    edit(cards, "count: 2, speed: 4, turn: 90,", "count: 2, speedd: 4, turn: 90,")
    r = cli("build", kit, "--out", tmp_path / "out")
    assert r.exit_code == 2
    lines = [ln for ln in r.stderr.splitlines() if "error:" in ln]
    line = line_of(cards, "speedd")
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"{cards}:{line}:") and "did you mean 'speed'" in lines[0]
    assert "printkit: 1 input error; nothing was written" in r.stderr


def test_a_reader_that_stops_early_is_not_an_internal_error():
    """`printkit list | head -1`: the pipe closes before printkit has written; no bug report."""
    p = subprocess.Popen(
        [sys.executable, "-m", "printkit", "list"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    p.stdout.close()  # the reader is gone before the first line is written
    err = p.stderr.read().decode()
    assert p.wait(timeout=60) == 141
    assert "internal error" not in err and "Traceback" not in err and "Exception" not in err
