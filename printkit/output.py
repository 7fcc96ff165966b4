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
import filecmp
import glob
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from printkit import __version__
from printkit.core.errors import Diagnostic, InputError, Location, display_path, fail
from printkit.model.options import SHOP_FOLDER

if TYPE_CHECKING:
    from printkit.draw.fonts import KitCanvas

TEMP_PREFIX = ".printkit-tmp-"


def new_canvas(
    path: Path,
    pagesize: tuple[float, float],
    title: str,
    subject: str = "",
    fonts: Mapping[str, str] | None = None,
) -> KitCanvas:
    """A reportlab canvas that embeds only TrueType fonts and writes byte-identical files;
    drawn for a kit, it carries the kit's own fonts (`fonts`: Kit.fonts())."""
    # imported here, only when a PDF is drawn (reportlab: a no-op build draws none, docs/performance.md)
    from reportlab import rl_config

    from printkit.draw.fonts import KitCanvas, role_font

    # A documented reportlab setting (rl_settings.py), but process-wide: streams are Flate only,
    # not also ASCII85 (25 % smaller PDFs). Kept on purpose; pyproject.toml bounds reportlab and
    # tests/test_private_internals.py fails loudly if the setting stops working.
    rl_config.useA85 = 0
    c = KitCanvas(
        str(path),
        role_fonts=fonts,
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=role_font(fonts or {}, "body"),
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

    def __init__(self, out_dir: Path, durable: bool = True) -> None:
        self.out_dir = out_dir
        self.durable = durable  # False: a cache (the live previews), not flushed to the disk
        self.pending: list[tuple[Path, Path]] = []
        self.started = time.time()
        self._swept: set[Path] = set()
        self._created: list[Path] = []  # folders this build made, removed again if it fails

    def temp_for(self, target: Path) -> Path:
        refuse_non_regular(target)
        refuse_non_folder(target.parent)
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
        """Sweep OUT, each folder directly in it and the shop build's folder in each of those
        (links not followed), even when nothing will be written there this run."""
        folders = [self.out_dir]
        with contextlib.suppress(OSError):
            folders += [
                Path(e.path) for e in os.scandir(self.out_dir) if e.is_dir(follow_symlinks=False)
            ]
        shops = [folder / SHOP_FOLDER for folder in folders[1:]]
        folders += [s for s in shops if s.is_dir() and not s.is_symlink()]
        for folder in folders:
            if folder not in self._swept:
                self._swept.add(folder)
                sweep_stale_temps(folder, self.started)

    def write_text(self, target: Path, text: str) -> None:
        self.temp_for(target).write_text(text, encoding="utf-8")

    def drop_unchanged(self) -> list[Path]:
        """Leave alone each target whose temporary holds the bytes it already has: an output
        drawn again the same (a shared input changed that it does not print) keeps its file,
        and its time. Returns the targets left alone."""
        kept, same = [], []
        for temp, target in self.pending:
            if _same_bytes(temp, target):
                temp.unlink(missing_ok=True)
                same.append(target)
            else:
                kept.append((temp, target))
        self.pending = kept
        return same

    def commit(self) -> list[Path]:
        """Flush every temporary to disk, then rename each over its target: all or nothing.

        Every target is checked first (only regular files are replaced) and the previous
        version of each is kept as a hard link until all renames are done; if one rename fails,
        the targets already replaced get their previous version back (or are removed if they
        are new), so the outputs are as before the build. Only if that restoring itself fails
        is a PartialCommitError raised, naming what could not be restored.
        """
        try:
            for temp, target in self.pending:
                refuse_non_regular(target)
                if self.durable:
                    _fsync_file(temp)
                with contextlib.suppress(OSError):
                    os.chmod(temp, 0o644)
            backups = self._keep_previous()
            try:
                done = self._rename_all(backups)
            finally:
                for backup in backups.values():
                    with contextlib.suppress(OSError):
                        backup.unlink()
        except BaseException:
            self.discard()
            raise
        for folder in {target.parent for _, target in self.pending} if self.durable else ():
            _fsync_dir(folder)
        self.pending.clear()
        return done

    def _keep_previous(self) -> dict[Path, Path]:
        """A hard link to each existing target, beside it, so a failed commit can restore it
        (a copy where the file system has no hard links, or the file refuses one)."""
        backups: dict[Path, Path] = {}
        try:
            for _, target in self.pending:
                if target.exists():
                    backup = _unused_name(target.parent, f"{TEMP_PREFIX}{os.getpid()}-previous-")
                    try:
                        os.link(target, backup, follow_symlinks=False)
                    except OSError:  # FAT/exFAT, some network shares, an immutable file
                        shutil.copy2(target, backup, follow_symlinks=False)
                    backups[target] = backup
        except BaseException:
            for backup in backups.values():
                with contextlib.suppress(OSError):
                    backup.unlink()
            raise
        return backups

    def _rename_all(self, backups: dict[Path, Path]) -> list[Path]:
        done: list[Path] = []
        target = self.out_dir
        try:
            for temp, target in self.pending:
                os.replace(temp, target)
                done.append(target)
        except BaseException as exc:
            unrestored = _restore(done, backups)
            if unrestored:
                raise PartialCommitError(self.out_dir, done, unrestored) from None
            if isinstance(exc, OSError):  # name the output, not our temporary
                raise OSError(exc.errno, exc.strerror, str(target)) from None
            raise
        return done

    def discard(self) -> None:
        for temp, _ in self.pending:
            # the temporary, and any a tool made from its name while rewriting it (pikepdf's
            # `.pikepdf.<name>XXXX`, the shop finish's `<name>.cmyk.pdf`), left behind when a
            # worker is stopped mid-save
            for path in (temp, *temp.parent.glob(f"*{glob.escape(temp.name)}?*")):
                with contextlib.suppress(OSError):
                    path.unlink()
        self.pending.clear()
        for folder in sorted(set(self._created), key=lambda p: len(p.parts), reverse=True):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only if still empty: another build may be writing there
        self._created.clear()


def _unused_name(folder: Path, prefix: str) -> Path:
    fd, name = tempfile.mkstemp(prefix=prefix, dir=folder)
    os.close(fd)
    os.unlink(name)  # os.link needs a free name; the random part keeps it ours
    return Path(name)


def _restore(done: list[Path], backups: dict[Path, Path]) -> list[Path]:
    """Put back the previous version of each replaced target (remove the ones that are new);
    returns the targets that could not be restored."""
    unrestored = []
    for target in reversed(done):
        try:
            if target in backups:
                os.replace(backups.pop(target), target)
            else:
                target.unlink()
        except OSError:
            unrestored.append(target)
    return unrestored


class PartialCommitError(InputError):
    """A commit failed part-way and some replaced outputs could not be restored: says which."""

    nothing_written = False  # read by the command line's summary line

    def __init__(self, out_dir: Path, done: list[Path], unrestored: list[Path]) -> None:
        names = ", ".join(display_path(p) for p in unrestored)
        where = Location(display_path(out_dir))
        message = (
            f"writing the outputs failed after {len(done)} of them were replaced, and "
            f"{len(unrestored)} could not be put back as they were: {names}; "
            "build again (with --force) to make the outputs consistent"
        )
        super().__init__([Diagnostic(where, message)])


_KINDS = (
    (stat.S_ISREG, "a file"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def refuse_non_regular(target: Path) -> None:
    """An output may replace only a regular file: anything else there is an input error."""
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        if exc.errno == errno.ENOTDIR:
            return  # a part of the path is a file: refuse_non_folder names it
        raise
    if stat.S_ISREG(mode):
        return
    raise fail(
        Location(display_path(target)),
        f"cannot write here: this output path is {_kind(mode)}, and printkit replaces only "
        "regular files; nothing was written: remove it or choose another output path",
    )


def refuse_non_folder(folder: Path) -> None:
    """The folder an output goes into, and every part of its path that exists, must be a
    folder (a link to one is fine): a file, device or pipe there is an input error."""
    for part in (folder, *folder.parents):
        try:
            mode = os.stat(part).st_mode
        except FileNotFoundError:
            continue
        except OSError as exc:
            if exc.errno == errno.ENOTDIR:
                continue  # a parent is not a folder: the loop reaches it
            raise
        if stat.S_ISDIR(mode):
            return
        raise fail(
            Location(display_path(part)),
            f"cannot write here: an output folder is expected, but this is {_kind(mode)}; "
            "nothing was written: remove it or choose another output path",
        )


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
        match = _TEMP_NAME.search(entry.name)  # ours, or a tool's temporary named after it
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
def staged(out_dir: Path, durable: bool = True) -> Iterator[Staging]:
    """`with staged(out) as s:` writes temporaries; they replace the targets only on success
    (flushed to the disk first, unless `durable` is False: for a cache that can be redrawn)."""
    stage = Staging(out_dir, durable)
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


def _same_bytes(a: Path, b: Path) -> bool:
    """Whether two regular files hold the same bytes (False when either cannot be read)."""
    try:
        return b.is_file() and not b.is_symlink() and filecmp.cmp(a, b, shallow=False)
    except OSError:
        return False
