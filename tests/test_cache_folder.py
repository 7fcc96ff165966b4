"""Nothing in the user cache folder runs, hangs a command or changes what it prints.

printkit keeps no code and no font metrics between runs: a FIFO, a link to /dev/zero, another
user's file and forged entries planted where the earlier kept-code and font-metric tables were
read (`PRINTKIT_CACHE_DIR`) leave every command as fast as before and its output byte for byte
that of a run with an empty cache folder. A memo printkit reads (a remote sheet's last copy,
load/remote.py) goes through `core.privatefile`, which reads only a regular file of the user's
own, under its cap, in a folder no one else may write.
"""

from __future__ import annotations

import marshal
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.core.privatefile import private_folder, read_private

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"
TAG = f"{sys.implementation.cache_tag}-{sys.hexversion:08x}"
NOBODY = 65534


def plant(folder: Path) -> None:
    """Hostile entries under the names the kept-code and font tables were read from."""
    for sub in (folder, folder / "code", folder / "fonts"):
        sub.mkdir(parents=True, exist_ok=True)
        os.mkfifo(sub / f"dataclass-code-{TAG}.marshal")
        (sub / f"regex-code-{TAG}.marshal").symlink_to("/dev/zero")
        forged = marshal.dumps({"glyphWidths": {}, "charToGlyph": {}, "defaultWidth": 9999.0})
        (sub / f"{'0' * 64}.marshal").write_bytes(forged)
        (sub / "fonts.json").write_text('{"DejaVuSans.ttf": {"charWidths": {"65": 1}}}')
        foreign = sub / "foreign.marshal"
        foreign.write_bytes(marshal.dumps(compile("open('pwned', 'w')", "x", "exec")))
        if os.geteuid() == 0:
            os.chown(foreign, NOBODY, NOBODY)


def run(args: list[str], cache: Path, cwd: Path) -> tuple[int, str, str]:
    env = {**os.environ, "PRINTKIT_CACHE_DIR": str(cache), "SOURCE_DATE_EPOCH": "0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        [sys.executable, "-m", "printkit", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=30,
    )
    return done.returncode, done.stdout, done.stderr


@pytest.mark.slow
def test_planted_cache_entries_change_no_command(tmp_path):
    kit = tmp_path / "mini"
    shutil.copytree(MINI, kit)
    empty, planted = tmp_path / "empty", tmp_path / "planted"
    empty.mkdir()
    plant(planted)
    for args in (["list"], ["check", "mini"], ["build", "mini", "--out", "out", "-j", "1"]):
        results, outputs = [], []
        for cache in (empty, planted):
            shutil.rmtree(tmp_path / "out", ignore_errors=True)
            results.append(run(args, cache, tmp_path))
            outputs.append(
                {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.glob("out/**/*.pdf")}
            )
        assert results[0] == results[1], args
        assert outputs[0] == outputs[1], args
    assert outputs[0], "the build wrote its PDFs"
    assert not (tmp_path / "pwned").exists()
    assert sorted(p.name for p in planted.iterdir()) == sorted(
        [
            "code",
            "fonts",
            f"dataclass-code-{TAG}.marshal",
            f"regex-code-{TAG}.marshal",
            f"{'0' * 64}.marshal",
            "fonts.json",
            "foreign.marshal",
        ]
    ), "nothing was written into the cache folder"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    memo = tmp_path / "memo"
    memo.mkdir(mode=0o755)
    memo.chmod(0o755)
    return memo


def test_a_private_regular_file_is_read(folder):
    (folder / "m.txt").write_bytes(b"key value\n")
    assert read_private(folder / "m.txt", 100) == b"key value\n"


def test_a_fifo_is_not_waited_on(folder):
    os.mkfifo(folder / "m.txt")
    assert read_private(folder / "m.txt", 100) is None


def test_a_link_is_not_followed(folder):
    (folder / "real.txt").write_bytes(b"x")
    (folder / "zero").symlink_to("/dev/zero")
    (folder / "link").symlink_to(folder / "real.txt")
    assert read_private(folder / "zero", 100) is None
    assert read_private(folder / "link", 100) is None


def test_a_file_over_its_cap_is_not_read(folder):
    (folder / "m.txt").write_bytes(b"x" * 101)
    assert read_private(folder / "m.txt", 100) is None
    assert read_private(folder / "m.txt", 101) == b"x" * 101


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file away needs root")
def test_another_users_file_is_not_read(folder):
    (folder / "m.txt").write_bytes(b"key value\n")
    os.chown(folder / "m.txt", NOBODY, NOBODY)
    assert read_private(folder / "m.txt", 100) is None


def test_a_folder_others_may_write_is_not_read(folder):
    (folder / "m.txt").write_bytes(b"key value\n")
    folder.chmod(0o777)
    assert not private_folder(folder)
    assert read_private(folder / "m.txt", 100) is None
    folder.chmod(0o755)
    assert private_folder(folder)
