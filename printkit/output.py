"""Writing outputs: deterministic PDF canvases and atomic, all-or-nothing file replacement.

Every file is first written to a hidden temporary file beside its target. Only when a whole kit
has rendered without error are the temporaries flushed to disk and renamed over the targets (an
atomic rename on POSIX and Windows), so a failed or interrupted build never leaves a half-written
PDF and never touches the previous outputs. Two builds into one folder at once each rename
complete files, so every file is always one build's whole output.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from printkit import __version__
from printkit.draw.fonts import font
from printkit.errors import Location, display_path, fail

TEMP_PREFIX = ".printkit-tmp-"


def new_canvas(path: Path, pagesize: tuple[float, float], title: str, subject: str = ""):
    """A reportlab canvas that embeds only our TrueType fonts and writes byte-identical files."""
    # A documented reportlab setting (rl_settings.py), but process-wide: streams are Flate only,
    # not also ASCII85 (25 % smaller PDFs). Kept on purpose; pyproject.toml bounds reportlab and
    # tests/test_private_internals.py fails loudly if the setting stops working.
    rl_config.useA85 = 0
    c = Canvas(
        str(path),
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=font("body"),
        initialFontSize=10,
    )
    c.setTitle(title)
    c.setSubject(subject)
    c.setAuthor("printkit")
    c.setCreator(f"printkit {__version__}")
    c.setProducer(f"printkit {__version__}")
    c.setViewerPreference("PrintScaling", "/None")
    return c


class Staging:
    """Collects outputs as temporaries and commits them together, or removes them all.

    Temporaries are named `.printkit-tmp-<pid>-<random><suffix>` beside their targets, so the
    final rename never crosses a file system. A killed build cannot remove its temporaries, so
    the next build sweeps each folder it writes to: a temporary older than this run whose
    process is gone (or that is older than a day) is stale and removed. Temporaries of a build
    still running in the same folder are left alone.
    """

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self.pending: list[tuple[Path, Path]] = []
        self.started = time.time()
        self._swept: set[Path] = set()
        self._created: list[Path] = []  # folders this build made, removed again if it fails

    def temp_for(self, target: Path) -> Path:
        missing = [p for p in (target.parent, *target.parent.parents) if not p.exists()]
        target.parent.mkdir(parents=True, exist_ok=True)
        self._created.extend(missing)
        inside = target.parent.resolve().is_relative_to(self.out_dir.resolve())
        if not inside:  # a link inside --out that points elsewhere: never write through it
            raise fail(
                Location(display_path(target.parent)),
                "this output folder is a link leading outside the --out folder; "
                "remove the link or choose another --out",
            )
        if target.parent not in self._swept:
            self._swept.add(target.parent)
            sweep_stale_temps(target.parent, self.started)
        fd, name = tempfile.mkstemp(
            prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=target.suffix, dir=target.parent
        )
        os.close(fd)
        temp = Path(name)
        self.pending.append((temp, target))
        return temp

    def sweep_output_folders(self) -> None:
        """Sweep OUT and each folder directly in it (links not followed), even when nothing
        will be written there this run."""
        folders = [self.out_dir]
        with contextlib.suppress(OSError):
            folders += [
                Path(e.path) for e in os.scandir(self.out_dir) if e.is_dir(follow_symlinks=False)
            ]
        for folder in folders:
            if folder not in self._swept:
                self._swept.add(folder)
                sweep_stale_temps(folder, self.started)

    def write_text(self, target: Path, text: str) -> None:
        self.temp_for(target).write_text(text, encoding="utf-8")

    def commit(self) -> list[Path]:
        """Flush every temporary to disk, then rename each over its target."""
        try:
            for temp, _ in self.pending:
                _fsync_file(temp)
            done = []
            for temp, target in self.pending:
                with contextlib.suppress(OSError):
                    os.chmod(temp, 0o644)
                os.replace(temp, target)
                done.append(target)
        except BaseException:
            self.discard()
            raise
        for folder in {target.parent for _, target in self.pending}:
            _fsync_dir(folder)
        self.pending.clear()
        return done

    def discard(self) -> None:
        for temp, _ in self.pending:
            with contextlib.suppress(OSError):
                temp.unlink()
        self.pending.clear()
        for folder in sorted(set(self._created), key=lambda p: len(p.parts), reverse=True):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only if still empty: another build may be writing there
        self._created.clear()


STALE_AFTER_S = 24 * 3600  # no build takes a day: older temporaries are stale even if the pid lives
_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"(\d+)-")


def sweep_stale_temps(folder: Path, started: float) -> list[Path]:
    """Remove temporaries that killed builds left in `folder` (see Staging). Returns them."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if not match or not entry.is_file(follow_symlinks=False):
            continue
        pid = int(match.group(1))
        try:
            mtime = entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        if pid == os.getpid() or mtime >= started:
            continue
        if _process_alive(pid) and started - mtime < STALE_AFTER_S:
            continue  # a build running now, in another process
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def _process_alive(pid: int) -> bool:
    if sys.platform == "win32":  # os.kill(pid, 0) would terminate it: rely on the age alone
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # e.g. another user's process
        return True
    return True


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(folder: Path) -> None:
    """Make the renames durable (POSIX only; Windows cannot open a directory)."""
    if sys.platform == "win32":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _about_output(exc: OSError, out_dir: Path) -> bool:
    """A full disk anywhere, or any OS error on a path inside the output folder."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return True
    if not isinstance(exc.filename, str | Path):
        return False
    try:
        return Path(exc.filename).resolve().is_relative_to(out_dir.resolve())
    except (OSError, ValueError):
        return False


def write_error(exc: OSError, out_dir: Path):
    """An input error for a failed write: disk full, read-only folder, no permission..."""
    path = Path(exc.filename) if isinstance(exc.filename, str | Path) else out_dir
    if path.name.startswith(TEMP_PREFIX):
        path = path.parent  # the user knows the folder, not our temporary's name
    shown = display_path(path)
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        reason = "no space left on the disk"
    else:
        reason = f"cannot write: {exc.strerror or exc}"
    return fail(
        Location(shown), f"{reason}; nothing was written and previous outputs are untouched"
    )


@contextlib.contextmanager
def staged(out_dir: Path) -> Iterator[Staging]:
    """`with staged(out) as s:` writes temporaries; they replace the targets only on success."""
    stage = Staging(out_dir)
    stage.sweep_output_folders()
    try:
        yield stage
        stage.commit()
    except OSError as exc:
        stage.discard()
        if not _about_output(exc, out_dir):
            raise  # not a write into --out: a bug or another failure, reported as such
        raise write_error(exc, out_dir) from None
    except BaseException:
        stage.discard()
        raise
