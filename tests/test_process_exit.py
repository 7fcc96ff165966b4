"""The `printkit` process ends the ordinary way (cli/process.py), and loses nothing.

Whole processes, as a user runs them: what the command prints through a pipe, the files it
writes, and its exit status must be those of the command run inside Python (`main`); what an
installed plug-in registered with `atexit` runs when the command ends; a thread still at work
finishes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from printkit.cli import process
from tests.conftest import edit, untextured

ROOT = Path(__file__).resolve().parent.parent


def printkit(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "printkit", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


@pytest.mark.slow
def test_a_build_through_a_pipe_writes_its_pdf_and_every_line(cli, tmp_path):
    done = printkit("build", "chartae", "--out", tmp_path / "a", "-j", "1")
    same = cli("build", "chartae", "--out", tmp_path / "b", "-j", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.replace(str(tmp_path / "a"), "OUT") == same.stdout.replace(
        str(tmp_path / "b"), "OUT"
    )
    pdfs = sorted((tmp_path / "a" / "chartae").glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        assert pdf.read_bytes().rstrip().endswith(b"%%EOF")
        assert len(pypdf.PdfReader(pdf).pages) >= 1


@pytest.mark.slow
def test_a_long_report_reaches_the_reader_whole(cli):
    done = printkit("check", "carthage", "--format", "json")
    assert done.returncode == cli("check", "carthage", "--format", "json").exit_code
    assert done.stdout == cli("check", "carthage", "--format", "json").stdout
    assert done.stdout.rstrip().endswith(("}", "]"))


@pytest.mark.slow
def test_exit_statuses_are_the_commands(kit_copy, tmp_path):
    kit = kit_copy("chariot-race")
    edit(kit / "cards.yaml", "count: 2, speed: 10, turn: 30,", "count: 2, speed: 14, turn: 30,")
    rules = printkit("check", kit)
    assert rules.returncode == 1 and "error" in rules.stdout + rules.stderr
    bad = printkit("build", tmp_path / "no-such-kit")
    assert bad.returncode == 2
    assert "no such kit folder" in bad.stderr
    assert printkit("--version").returncode == 0


@pytest.mark.parametrize(
    ("code", "status"), [(None, 0), (0, 0), (1, 1), (2, 2), (141, 141), ("stopped", 1)]
)
def test_exit_status_follows_sys_exit(code, status, capsys):
    assert process.exit_status(code) == status
    if isinstance(code, str):
        assert capsys.readouterr().err.strip() == "stopped"


@pytest.mark.slow  # real printkit processes
def test_a_running_thread_keeps_the_orderly_exit(tmp_path):
    """A thread still at work when the command returns (as the live preview's are) finishes."""
    late = tmp_path / "late.txt"
    script = (
        "import sys, threading, time\n"
        "from printkit.cli import process\n"
        "def late():\n"
        "    time.sleep(0.5)\n"
        f"    open({str(late)!r}, 'w').write('done')\n"
        "threading.Thread(target=late).start()\n"
        "sys.argv = ['printkit', '--version']\n"
        "process.run()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and "version" in done.stdout
    assert late.read_text() == "done"


@pytest.mark.slow  # real printkit processes
def test_an_installed_plugins_atexit_handler_runs_when_a_command_ends(cli, tmp_path):
    """A plug-in may register what must happen when the process ends (atexit): it happens
    after `check` and `build`, whether the command succeeds or finds errors."""
    from printkit.plugins import ENTRY_POINT_GROUP
    from tests.conftest import install_fixture

    entry = f"[{ENTRY_POINT_GROUP}]\nclub = club_rules.game:GAME\n"
    site = install_fixture(
        tmp_path / "site", ROOT / "tests" / "fixtures" / "club_rules", "club-rules", entry
    )
    mark = tmp_path / "ended.txt"
    with open(site / "club_rules" / "game.py", "a", encoding="utf-8") as game:
        game.write(
            "\nimport atexit, os\n\n"
            "atexit.register(\n"
            "    lambda: open(os.environ['PK_ENDED'], 'a', encoding='utf-8').write('ended\\n')\n"
            ")\n"
        )
    kit = tmp_path / "game"
    assert cli("new", kit).exit_code == 0
    untextured(kit)  # what the build draws is not read
    edit(kit / "kit.yaml", "rules:\n", "rules:\n  module: club\n")
    env = {**os.environ, "PYTHONPATH": str(site), "PK_ENDED": str(mark)}

    def printkit_with_plugin(*args: object) -> int:
        done = subprocess.run(
            [sys.executable, "-m", "printkit", *map(str, args)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=120,
        )
        return done.returncode

    assert printkit_with_plugin("check", kit) == 0
    assert printkit_with_plugin("build", kit, "--out", tmp_path / "out", "-j", "1") == 0
    edit(kit / "rules.yaml", "checks:\n", "longest_title: 5\nchecks:\n")  # CLUB001 errors
    assert printkit_with_plugin("check", kit) == 1
    assert mark.read_text(encoding="utf-8") == "ended\n" * 3
