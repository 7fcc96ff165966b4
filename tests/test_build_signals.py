"""A parallel build's workers end with their parent (SIGTERM, SIGHUP, SIGKILL), so a caller
reading printkit's output is never left waiting; a SIGTERM or SIGHUP leaves no temporary and
the previous outputs as they were. Workers are made slow by a sleeping render (no CPU used)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from badkits import MINI, copy_kit, snapshot

from printkit.output import TEMP_PREFIX

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads worker pids from /proc"
)

# printkit with every component's render first sleeping: workers exist for minutes, idle.
SLOW_PRINTKIT = (
    "import time, printkit.components.deck as d\n"
    "render = d.render\n"
    "def slow(*a, **k):\n"
    "    time.sleep(300)\n"
    "    return render(*a, **k)\n"
    "d.render = slow\n"
    "from printkit.cli.app import main\n"
    "main(prog_name='printkit')\n"
)


def _children(pid: int) -> set[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return set()
    return {int(p) for p in text.split()}


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def _default_signals() -> None:
    """A test runner may ignore SIGHUP (as `nohup` does), and printkit keeps an ignored SIGHUP
    ignored: start the build as from a terminal."""
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


@pytest.fixture
def slow_build(tmp_path, cli):
    """(start, out, before): start() launches a 2-worker build into `out`, which already holds
    an earlier build (made in-process), and returns it once both workers are rendering."""
    kit = copy_kit(MINI, tmp_path / "kit")
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    first = cli("build", kit, "--out", out, "-j", "1")
    assert first.exit_code == 0, first.output
    before = snapshot(out)
    victims: list[subprocess.Popen] = []

    def start() -> tuple[subprocess.Popen, set[int]]:
        args = ["build", str(kit), "--out", str(out), "--force", "-j", "2"]
        proc = subprocess.Popen(
            [sys.executable, "-c", SLOW_PRINTKIT, *args],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True, preexec_fn=_default_signals,
        )  # fmt: skip
        victims.append(proc)
        assert _wait_until(lambda: len(_children(proc.pid)) >= 2, 60), "no workers started"
        assert _wait_until(lambda: len(list(out.rglob(f"{TEMP_PREFIX}*"))) >= 2, 60)
        return proc, _children(proc.pid)

    yield start, out, before
    for proc in victims:  # never leave a process of this test behind
        with __import__("contextlib").suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_or_sighup_ends_workers_and_removes_temporaries(slow_build, signum):
    start, out, before = slow_build
    proc, workers = start()
    os.kill(proc.pid, signum)  # the parent alone, as a service manager or a closed terminal does
    stdout, stderr = proc.communicate(timeout=60)  # EOF: no worker holds the pipes open
    assert proc.returncode == 128 + signum, stderr
    # one line says what happened; only the build's warnings (its kit's low-resolution
    # pictures: FACE002) may come before it, never a traceback or a second message
    *before_it, last = stderr.splitlines()
    assert last == "printkit: terminated; nothing was written"
    assert all(" warning [" in line for line in before_it), stderr
    assert _wait_until(lambda: not any(_alive(w) for w in workers), 20)
    assert list(out.rglob(f"{TEMP_PREFIX}*")) == []
    assert snapshot(out) == before


@pytest.mark.slow  # real printkit processes
def test_sigkill_of_the_parent_ends_its_workers(slow_build):
    start, out, before = slow_build
    proc, workers = start()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert _wait_until(lambda: not any(_alive(w) for w in workers), 20), "workers outlived it"
    stdout = proc.stdout.read()  # returns: the workers no longer hold the pipe open
    assert stdout == ""
    assert {k: v for k, v in snapshot(out).items() if TEMP_PREFIX not in k} == before
