"""Nothing lost: atomic outputs, failures and kills mid-build, concurrent builds, a full disk,
and no write outside --out."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from badkits import MINI, copy_kit, position_of, shown, snapshot

from printkit.components import deck as deck_component
from printkit.output import TEMP_PREFIX, Staging, sweep_stale_temps

ROOT = Path(__file__).resolve().parent.parent


def temps(folder: Path) -> list[Path]:
    return sorted(folder.rglob(f"{TEMP_PREFIX}*"))


@pytest.fixture
def built(tmp_path, mini_build):
    """A copy of the mini kit and an output folder holding a complete earlier build of it
    (copies of the shared build, file times kept).

    The kit's data is then changed, so that the next build must redraw every component.
    """
    kit = shutil.copytree(mini_build[0], tmp_path / "kits" / "mini")
    out = shutil.copytree(mini_build[1], tmp_path / "out")
    for name in ("cards.yaml", "tokens.yaml"):
        text = (kit / name).read_text(encoding="utf-8")
        text = text.replace("TOKEN", "TOKEN2").replace("PLAIN", "CHANGED")
        (kit / name).write_text(text, encoding="utf-8")
    return kit, out


def test_injected_failure_after_the_first_component_changes_nothing(built, cli, monkeypatch):
    """The first component renders completely; the second raises. (Keyed on the component id
    rather than on a call count, so it holds when components render in worker processes.)"""
    kit, out = built
    before = snapshot(out)
    original = deck_component.render

    def failing_render(kit_, derived, cid, path, progress=None):
        if cid == "tokens":
            assert Path(path).parent == out / "mini"  # a temporary beside its target
            raise RuntimeError("injected failure in the second component")
        return original(kit_, derived, cid, path, progress)

    monkeypatch.setattr(deck_component.COMPONENT, "render", failing_render)
    monkeypatch.delenv("PRINTKIT_DEBUG", raising=False)
    r = cli("build", kit, "--out", out)
    assert r.exit_code == 3 and "injected failure in the second component" in r.stderr
    assert "Traceback" not in r.output
    assert snapshot(out) == before
    assert temps(out) == []


def test_interrupt_mid_build_changes_nothing(built, cli, monkeypatch):
    kit, out = built
    before = snapshot(out)
    original = deck_component.render

    def interrupted(kit_, derived, cid, path, progress=None):
        original(kit_, derived, cid, path, progress)
        raise KeyboardInterrupt

    monkeypatch.setattr(deck_component.COMPONENT, "render", interrupted)
    r = cli("build", kit, "--out", out)
    assert r.exit_code == 130 and "interrupted; nothing was written" in r.stderr
    assert snapshot(out) == before and temps(out) == []


def test_full_disk_is_a_clear_error(built, cli, monkeypatch):
    from reportlab.pdfgen.canvas import Canvas

    kit, out = built
    before = snapshot(out)

    def save_until_full(self):
        with open(self._filename, "wb") as handle:
            handle.write(b"%PDF-1.4\n% half a file")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), self._filename)

    monkeypatch.setattr(Canvas, "save", save_until_full)
    r = cli("build", kit, "--out", out)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(f"{out / 'mini'}: error: no space left on the disk") or (
        "no space left on the disk; nothing was written and previous outputs are untouched"
        in r.stderr
    )
    assert "Traceback" not in r.output
    assert snapshot(out) == before and temps(out) == []


def test_output_folder_that_is_a_file_is_a_clear_error(tmp_path, cli):
    kit = copy_kit(MINI, tmp_path / "kits" / "mini")
    out = tmp_path / "out"
    out.mkdir()
    (out / "mini").write_text("not a folder")
    r = cli("build", kit, "--out", out)
    assert r.exit_code == 2 and "cannot write" in r.stderr, r.output
    assert (out / "mini").read_text() == "not a folder"


def test_build_writes_only_inside_out(tmp_path, cli, monkeypatch):
    kit = copy_kit(MINI, tmp_path / "kits" / "mini")
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    outside_before = snapshot(tmp_path / "kits"), snapshot(work)
    r = cli("build", kit, "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    assert (snapshot(tmp_path / "kits"), snapshot(work)) == outside_before
    files = {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()}
    kit_files = {str(p.relative_to(tmp_path)) for p in (tmp_path / "kits").rglob("*")}
    written = files - kit_files
    assert {"out/mini/cards.pdf", "out/mini/tokens.pdf"} <= written
    assert all(name.startswith("out/") for name in written), written


def test_no_write_through_a_link_out_of_the_output_folder(tmp_path, cli):
    kit = copy_kit(MINI, tmp_path / "kits" / "mini")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "mini").symlink_to(elsewhere, target_is_directory=True)
    r = cli("build", kit, "--out", out)
    assert r.exit_code == 2 and "link leading outside the --out folder" in r.stderr, r.output
    assert list(elsewhere.iterdir()) == []


def test_output_names_cannot_hold_path_parts(tmp_path):
    from printkit.build.pipeline import output_path
    from printkit.core.errors import InputError

    out = tmp_path / "out"
    assert output_path(out, "mini", "cards.pdf") == out / "mini" / "cards.pdf"
    for kit_name, file_name in [
        ("..", "x.pdf"),
        ("a/b", "x.pdf"),
        ("mini", "../x.pdf"),
        ("mini", "/etc/x"),
        (".", "x.pdf"),
        ("mini", ".."),
    ]:
        with pytest.raises(InputError):
            output_path(out, kit_name, file_name)


# -- stale temporaries -----------------------------------------------------------------------
def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_sweep_removes_only_stale_temporaries(tmp_path):
    old = time.time() - 60
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        names = {
            "dead": f"{TEMP_PREFIX}{_dead_pid()}-abc.pdf",
            "live": f"{TEMP_PREFIX}{live.pid}-abc.pdf",
            "mine": f"{TEMP_PREFIX}{os.getpid()}-abc.pdf",
            "unrelated": "cards.pdf",
            "no-pid": f"{TEMP_PREFIX}abc.pdf",
        }
        for name in names.values():
            (tmp_path / name).write_bytes(b"x")
            os.utime(tmp_path / name, (old, old))
        fresh_dead = tmp_path / f"{TEMP_PREFIX}{_dead_pid()}-new.pdf"
        fresh_dead.write_bytes(b"x")
        removed = sweep_stale_temps(tmp_path, started=time.time() - 1)
        assert [p.name for p in removed] == [names["dead"]]
        left = {p.name for p in tmp_path.iterdir()}
        assert left == {*names.values(), fresh_dead.name} - {names["dead"]}
    finally:
        live.kill()
        live.wait()


def test_staging_sweeps_each_folder_it_writes(tmp_path):
    folder = tmp_path / "out" / "kit"
    folder.mkdir(parents=True)
    stale = folder / f"{TEMP_PREFIX}{_dead_pid()}-x.pdf"
    stale.write_bytes(b"half")
    os.utime(stale, (time.time() - 60,) * 2)
    stage = Staging(tmp_path / "out")
    stage.temp_for(folder / "cards.pdf").write_bytes(b"new")
    assert not stale.exists()
    stage.commit()
    assert (folder / "cards.pdf").read_bytes() == b"new"
    assert temps(tmp_path) == []


def _big_kit(root: Path, cards: int) -> Path:
    """A kit whose deck takes a while to render: many distinct cards with wrapped text."""
    kit = copy_kit(MINI, root)
    lines = [
        f"  - {{id: big{i}, kind: bonus, title: Card {i}, tags: [big], "
        f'text: "Card number {i}: climb the hill, draw a card and move {i % 7 + 1} spaces."}}'
        for i in range(cards)
    ]
    with (kit / "cards.yaml").open("a", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    kit_yaml = kit / "kit.yaml"
    kit_yaml.write_text(
        kit_yaml.read_text(encoding="utf-8")
        + "  small:\n    description: Without the big cards.\n    exclude_tags: [big]\n",
        encoding="utf-8",
    )
    return kit


def _printkit(*args, **kw) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PRINTKIT_DEBUG", None)
    return subprocess.Popen(
        [sys.executable, "-m", "printkit", *map(str, args)],
        cwd=ROOT,
        env={**env, **kw.pop("env", {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and process groups are POSIX")
def test_killed_build_leaves_outputs_and_the_next_build_sweeps(tmp_path, cli):
    kit = _big_kit(tmp_path / "kits" / "mini", 500)
    out = tmp_path / "out"
    first = cli("build", kit, "--out", out, "--variant", "small", "-j", "1")  # in-process
    assert first.exit_code == 0, first.output
    before = snapshot(out)

    # its own session, so that killing its group also kills any worker processes it started
    victim = _printkit("build", kit, "--out", out, "--profile", "shop", start_new_session=True)
    deadline = time.monotonic() + 60
    while not temps(out) and victim.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert victim.poll() is None, "the big build finished before it could be killed"
    time.sleep(0.2)
    os.killpg(victim.pid, signal.SIGKILL)
    victim.wait(timeout=10)
    assert victim.returncode == -signal.SIGKILL
    left = temps(out)
    assert left, "a killed process cannot clean up: its temporary should still be there"
    assert {k: v for k, v in snapshot(out).items() if TEMP_PREFIX not in k} == before

    again = cli("build", kit, "--out", out, "--variant", "small", "-j", "1")
    assert again.exit_code == 0, again.output
    assert temps(out) == []
    assert snapshot(out).keys() == before.keys()


@pytest.mark.slow
def test_two_builds_into_one_folder_never_corrupt_a_file(tmp_path, cli):
    kit = copy_kit(MINI, tmp_path / "kits" / "mini")
    refs = {}
    for paper in ("a4", "letter"):  # the references are built in-process
        ref = cli("build", kit, "--out", tmp_path / paper, "--paper", paper, "-j", "1")
        assert ref.exit_code == 0, ref.output
        refs[paper] = snapshot(tmp_path / paper)
    out = tmp_path / "shared"
    for _ in range(2):
        runs = [
            _printkit("build", kit, "--out", out, "--paper", p, "-j", "1") for p in ("a4", "letter")
        ]
        for run in runs:
            assert run.wait(timeout=60) == 0, run.stderr.read()
        pdfs = [name for name in snapshot(out) if name.endswith(".pdf")]
        assert len(pdfs) == 2
        for name in pdfs:
            data = (out / name).read_bytes()
            assert data in (refs["a4"][name][0], refs["letter"][name][0]), name
        assert temps(out) == []


def test_a_reference_to_a_missing_component_is_located(tmp_path):
    from printkit.core.errors import InputError
    from printkit.kit import load_kit

    folder = copy_kit(MINI, tmp_path / "mini")
    kit = load_kit(str(folder))
    try:
        kit.spec("fatum")
    except InputError as exc:
        message = exc.render()
    else:
        raise AssertionError("no error")
    assert message.endswith(
        "kit 'mini' has no component 'fatum'; its components are: cards, tokens"
    )
    line, col = position_of(folder / "kit.yaml", "components:")
    assert f"kit.yaml:{line}:{col}: error:" in message  # the `components:` key


def test_two_kits_of_one_name_are_refused(tmp_path, cli):
    one = copy_kit(MINI, tmp_path / "a" / "mini")
    two = copy_kit(MINI, tmp_path / "b" / "mini")
    r = cli("build", one, two, "--out", tmp_path / "out")
    assert r.exit_code == 2 and "two kits are named 'mini'" in r.stderr, r.output
    assert not (tmp_path / "out").exists()
    assert cli("build", one, one, "--out", tmp_path / "out").exit_code == 0  # the same kit twice


def test_every_build_sweeps_the_kit_folders_even_when_it_writes_nothing_there(tmp_path):
    from printkit.output import staged

    folder = tmp_path / "out" / "other-kit"
    folder.mkdir(parents=True)
    stale = folder / f"{TEMP_PREFIX}{_dead_pid()}-x.pdf"
    stale.write_bytes(b"half")
    os.utime(stale, (time.time() - 60,) * 2)
    with staged(tmp_path / "out"):
        pass
    assert not stale.exists()


def test_a_failed_first_build_leaves_no_empty_folders(tmp_path, cli):
    """Text that cannot fit fails while drawing, after the output folders were made: they go."""
    kit = copy_kit(MINI, tmp_path / "kits" / "mini")
    cards = kit / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace('"Turn once."', '"' + "Turn once. " * 30 + '"'),
        encoding="utf-8",
    )
    out = tmp_path / "fresh" / "out"
    r = cli("build", kit, "--out", out, "--jobs", "1")
    assert r.exit_code == 2, r.output
    assert "does not fit its box" in r.stderr
    assert not (tmp_path / "fresh").exists()


def test_an_error_in_a_file_several_components_use_is_reported_once(kit_copy, cli, tmp_path):
    kit = kit_copy("chariot-race")  # cards.yaml is used by three components
    cards = kit / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("count: 2,", "count: two,", 1), encoding="utf-8"
    )
    r = cli("build", kit, "--out", tmp_path / "out")
    assert r.exit_code == 2
    line, col = position_of(cards, "count: two,", "two")
    assert r.stderr.splitlines() == [
        f'{shown(cards)}:{line}:{col}: error: count must be a whole number from 1 to 10000; got "two"',
        "printkit: 1 input error; nothing was written",
    ]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_ctrl_c_during_a_parallel_build_is_one_message_and_changes_nothing(tmp_path, cli):
    """Ctrl-C reaches the whole process group: the workers must not print tracebacks, and the
    build must stop promptly, leaving no temporary and the previous outputs as they were."""
    kit = _big_kit(tmp_path / "kits" / "mini", 1500)
    out = tmp_path / "out"
    first = cli("build", kit, "--out", out, "--variant", "small", "-j", "1")  # in-process
    assert first.exit_code == 0, first.output
    before = snapshot(out)

    def default_sigint() -> None:  # a background test runner may have SIGINT ignored
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    victim = _printkit(
        "build", kit, "--out", out, "--profile", "shop", "--jobs", "2",
        start_new_session=True, preexec_fn=default_sigint,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not temps(out) and victim.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.3)  # the workers are drawing
    assert victim.poll() is None, "the big build finished before it could be interrupted"
    os.killpg(victim.pid, signal.SIGINT)
    _, stderr = victim.communicate(timeout=30)
    assert victim.returncode == 130, stderr
    *before_it, last = stderr.splitlines()  # the kit's FACE002 warnings may come first
    assert last == "printkit: interrupted; nothing was written"
    assert all(" warning [" in line for line in before_it), stderr
    assert temps(out) == []
    assert snapshot(out) == before
