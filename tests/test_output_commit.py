"""A build's outputs are committed all or nothing: a rename that fails part-way puts back what
was already replaced, and says so truthfully. Only regular files are ever replaced, on every
output path (build, preview, schema and calibrate --out); an empty --out is refused."""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from badkits import MINI, copy_kit, snapshot

from printkit import output
from printkit.output import TEMP_PREFIX


@pytest.fixture
def rebuilt(tmp_path, mini_build):
    """A mini kit built once (a copy of the shared build, file times kept), then changed so
    the next build replaces every output."""
    kit = shutil.copytree(mini_build[0], tmp_path / "kits" / "mini")
    out = shutil.copytree(mini_build[1], tmp_path / "out")
    for name in ("cards.yaml", "tokens.yaml"):
        text = (kit / name).read_text(encoding="utf-8").replace("TOKEN", "TOKEN2")
        (kit / name).write_text(text.replace("PLAIN", "CHANGED"), encoding="utf-8")
    return kit, out


def _fail_replace(monkeypatch, call: int, *, later_too: bool = False) -> list[str]:
    """os.replace in printkit.output fails (EPERM, as for an immutable file) at call `call`
    (and every call after it with `later_too`)."""
    calls: list[str] = []
    real = os.replace

    def replace(src, dst):
        calls.append(str(dst))
        if len(calls) == call or (later_too and len(calls) > call):
            raise OSError(errno.EPERM, os.strerror(errno.EPERM), str(dst))
        return real(src, dst)

    monkeypatch.setattr(output.os, "replace", replace)
    return calls


def test_a_rename_failing_part_way_puts_back_what_was_replaced(rebuilt, cli, monkeypatch):
    kit, out = rebuilt
    before = snapshot(out)
    calls = _fail_replace(monkeypatch, 2)
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 2, r.output
    assert "nothing was written and previous outputs are untouched" in r.stderr
    assert calls[0].endswith("cards.pdf")  # it was replaced, then restored
    assert snapshot(out) == before  # same bytes and same mtime: the very same files
    assert list(out.rglob(f"{TEMP_PREFIX}*")) == []


def test_a_new_output_is_removed_again_when_the_commit_fails(tmp_path, cli, monkeypatch):
    kit = copy_kit(MINI, tmp_path / "kits" / "mini")
    out = tmp_path / "out"
    _fail_replace(monkeypatch, 2)
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 2, r.output
    assert not (out / "mini" / "cards.pdf").exists()
    assert [p for p in out.rglob("*") if p.is_file()] == []


def test_when_restoring_fails_too_the_message_names_what_changed(rebuilt, cli, monkeypatch):
    kit, out = rebuilt
    _fail_replace(monkeypatch, 2, later_too=True)  # the restoring rename fails as well
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 2, r.output
    assert "could not be put back as they were" in r.stderr and "cards.pdf" in r.stderr
    assert "some outputs were replaced" in r.stderr
    assert "nothing was written" not in r.stderr and "untouched" not in r.stderr


def _special(kind: str, path: Path) -> None:
    if kind == "folder":
        path.mkdir()
        (path / "keep.txt").write_text("mine")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "link":
        (path.parent / "elsewhere.txt").write_text("mine")
        path.symlink_to(path.parent / "elsewhere.txt")


@pytest.mark.parametrize("kind", ["folder", "fifo", "link"])
def test_a_later_target_that_is_not_a_regular_file_is_refused_first(rebuilt, cli, kind):
    kit, out = rebuilt
    (out / "mini" / "tokens.pdf").unlink()
    _special(kind, out / "mini" / "tokens.pdf")
    before = snapshot(out)
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 2, r.output
    assert "tokens.pdf: error: cannot write here: this output path is a" in r.stderr
    assert "replaces only regular files" in r.stderr
    assert snapshot(out) == before  # cards.pdf, rendered before, was not replaced either


@pytest.mark.parametrize("kind", ["folder", "fifo", "link"])
def test_calibrate_out_replaces_only_a_regular_file(cli, tmp_path, kind):
    target = tmp_path / "sheet.pdf"
    _special(kind, target)
    r = cli("calibrate", "--out", target)
    assert r.exit_code == 2, r.output
    assert "internal error" not in r.output
    assert os.path.lexists(target) and not target.is_file() or target.is_symlink()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(TEMP_PREFIX)] == []


def test_calibrate_out_on_a_device_is_refused_before_anything_is_made(cli, tmp_path):
    """A device node of our own (like /dev/null), so that a regression cannot harm the real one."""
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("making a device node needs root")
    r = cli("calibrate", "--out", device)
    assert r.exit_code == 2, r.output
    assert f"{device}: error: cannot write here: this output path is a device" in r.stderr
    assert device.is_char_device()
    assert [p.name for p in tmp_path.iterdir()] == ["null"]


@pytest.mark.parametrize(
    "args",
    [
        ("build", "chartae", "--out", "{fifo}"),
        ("preview", "chartae", "--out", "{fifo}"),
        ("schema", "chartae", "--out", "{fifo}"),
        ("calibrate", "--out", "{fifo}/sheet.pdf"),
    ],
)
def test_an_output_folder_that_is_a_pipe_is_refused(cli, tmp_path, args):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    r = cli(*(a.format(fifo=fifo) for a in args))
    assert r.exit_code == 2, r.output
    assert "a named pipe (FIFO)" in r.stderr or "is a file" in r.stderr
    assert "internal error" not in r.output


@pytest.mark.parametrize("command", ["build", "preview", "schema", "calibrate"])
def test_an_empty_out_is_refused(cli, tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    args = [command] + ([] if command == "calibrate" else ["chartae"])
    r = cli(*args, "--out", "")
    assert r.exit_code == 2, r.output
    assert "an empty path is not an output path" in r.output
    assert list(tmp_path.iterdir()) == []


def test_an_immutable_later_output_leaves_every_earlier_one_as_it_was(rebuilt, cli):
    """A real immutable file (chattr +i, root on ext4/xfs): no rename happens at all."""
    kit, out = rebuilt
    tokens = out / "mini" / "tokens.pdf"
    if not shutil.which("chattr") or subprocess.run(["chattr", "+i", tokens]).returncode:
        pytest.skip("chattr +i is not available here")
    try:
        before = snapshot(out)
        r = cli("build", kit, "--out", out, "-j", "1")
        assert r.exit_code == 2, r.output
        assert "tokens.pdf: error: cannot write: Operation not permitted" in r.stderr
        assert "nothing was written and previous outputs are untouched" in r.stderr
        assert snapshot(out) == before
        assert list(out.rglob(f"{TEMP_PREFIX}*")) == []
    finally:
        subprocess.run(["chattr", "-i", tokens])


def test_without_hard_links_the_previous_outputs_are_copied_and_restored(rebuilt, cli, monkeypatch):
    """On a file system without hard links (a FAT USB stick) the commit is all or nothing too."""
    kit, out = rebuilt
    before = {k: v[0] for k, v in snapshot(out).items()}

    def no_links(*args, **kwargs):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(output.os, "link", no_links)
    _fail_replace(monkeypatch, 2)
    r = cli("build", kit, "--out", out, "-j", "1")
    assert r.exit_code == 2, r.output
    assert "nothing was written and previous outputs are untouched" in r.stderr
    assert {k: v[0] for k, v in snapshot(out).items()} == before  # the same bytes
    assert list(out.rglob(f"{TEMP_PREFIX}*")) == []


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_a_tools_temporary_named_after_ours_goes_with_it(tmp_path):
    """pikepdf rewrites a shop PDF through `.pikepdf.<name>XXXX`: a worker stopped mid-save
    leaves it, so a discarded build removes it, and a later build sweeps one a killed build left."""
    out = tmp_path / "out"
    stage = output.Staging(out)
    temp = stage.temp_for(out / "kit" / "cards.pdf")
    temp.write_bytes(b"half")
    derived = temp.with_name(f".pikepdf.{temp.name}x1y2z3")
    derived.write_bytes(b"half")
    rewritten = temp.with_name(f"{temp.name}.cmyk.pdf")  # the shop finish's rewrite
    rewritten.write_bytes(b"half")
    unrelated = out / "kit" / "notes.pdf"
    unrelated.write_bytes(b"keep")
    stage.discard()
    assert not temp.exists() and not derived.exists() and unrelated.exists()
    assert not rewritten.exists()
    left = out / "kit" / f".pikepdf.{TEMP_PREFIX}{_dead_pid()}-abc.pdfq9w8e7"
    left.write_bytes(b"half")
    os.utime(left, (time.time() - 60,) * 2)
    assert output.sweep_stale_temps(out / "kit", started=time.time() - 1) == [left]
