"""Incremental builds: which outputs are already up to date, and the record that says so.

Each kit has a build record, OUT/.printkit-build/<kit>.json (<kit>+<variant>.json for a variant
build), written through output.Staging together with the outputs it describes (OUT/<kit>/ keeps
only what is printed). For every output it keeps:
  - a key: printkit's version and a hash of its package's files, the build options, the component,
    and the environment variables that change a PDF's bytes (SOURCE_DATE_EPOCH);
  - the content hash (SHA-256) of every input: kit.yaml, the rules file, the component's data
    file and those of the components it `uses`, and every file inside the kit folder that a
    string in those files names (images, fonts...);
  - the output's file name, size and content hash, so a deleted or edited output is rebuilt.
    The file name is recorded so that an up-to-date check needs no component code. Nothing in
    the record depends on the time: two identical builds write identical records.
An output is skipped only when all of these still match. The input list is taken from the last
build: a file that a data file names can only change that list by changing the data file (or
kit.yaml, which is an input of every component).

The record also keeps the build's plan: the targets and their keys, under a key of all that
decides them (printkit's code, the options, the environment and kit.yaml's bytes; see
plan_key). It lets a no-op rebuild check a kit from its record alone (build/uptodate.py).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import BinaryIO

from printkit import __version__
from printkit.core.errors import display_path
from printkit.core.fieldwise import fieldwise
from printkit.core.shipped import file_and_crc
from printkit.load.paths import first_link

RECORD_DIR = ".printkit-build"


def record_path(out: Path, kit_name: str) -> Path:
    return out / RECORD_DIR / f"{kit_name}.json"


FORMAT = 1


# Libraries whose version can change the bytes of a PDF. Their version files are hashed rather
# than asked through importlib.metadata, which alone would double the time of a no-op build.
DRAWING_LIBRARIES = ("reportlab", "PIL")
PACKAGE = Path(__file__).resolve().parents[1]  # the whole printkit package
# the shipped fonts and their metrics entries (draw/fontmetrics.py): summed by size and CRC-32
SUMMED_SUFFIXES = (".ttf", ".otf", ".metrics")


@cache
def code_fingerprint() -> str:
    """printkit's version, the bytes of every file of its package and the drawing libraries'
    versions, hashed (package_fingerprint)."""
    return package_fingerprint(PACKAGE)


def package_fingerprint(package: Path) -> str:
    """A hash of every file below `package` (its path and its bytes, fonts and data included)
    and of the drawing libraries' versions.

    It is computed afresh at every start, from the files themselves: nothing is kept between
    runs, so no memo can be planted, forged or left stale, and an edit that keeps a file's size
    and modification time still changes it. Every file goes into a SHA-256, except the shipped
    fonts and their metrics entries (nine tenths of the bytes), whose bytes go in as their size
    and CRC-32: that notices any font or entry replaced or edited in place, as
    draw/fontmetrics.py does, at a seventh of the cost; whoever could forge one could as well
    edit the code beside it. All of it costs a few milliseconds a start (docs/performance.md,
    "Start-up without generated methods"). A font or entry of printkit's own package is read
    once a process, by whichever of this and the fonts' metrics reader asks first
    (core/shipped.py)."""
    h = hashlib.sha256(f"{__version__}\0format {FORMAT}".encode())
    _library_versions(h)
    for rel, path in _package_files(str(package)):
        h.update(f"\0{rel}\0".encode())
        if rel.endswith(SUMMED_SUFFIXES):
            data, crc = file_and_crc(path)
            h.update(f"{len(data)} {crc}".encode())
        else:
            with open(path, "rb", buffering=0) as source:
                h.update(source.read())
    return h.hexdigest()


def _library_versions(h: hashlib._Hash) -> None:
    for name in DRAWING_LIBRARIES:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.origin:
            continue
        folder = Path(spec.origin).parent
        for version_file in (Path(spec.origin), folder / "_version.py"):
            if version_file.is_file():
                h.update(version_file.read_bytes())


def _package_files(top: str) -> list[tuple[str, str]]:
    """Every file below `top` as (relative path, path), in order, without __pycache__ and the
    built-in kits (os.scandir: a no-op build has no time for a pathlib walk)."""
    found: list[tuple[str, str]] = []
    folders = [""]
    while folders:
        rel = folders.pop()
        with os.scandir(os.path.join(top, rel)) as entries:
            for entry in entries:
                name = f"{rel}/{entry.name}" if rel else entry.name
                if entry.is_dir():
                    if entry.name not in ("__pycache__", "_builtin_kits"):
                        folders.append(name)
                elif entry.is_file():
                    found.append((name, entry.path))
    return sorted(found)


@contextlib.contextmanager
def _regular_file(path: Path) -> Iterator[tuple[BinaryIO, os.stat_result] | None]:
    """The file open for reading, with its status, when it is a regular file; None when it is
    missing, unreadable or anything else (a link is not followed, a pipe never blocks)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        yield None
        return
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        yield (handle, info) if stat.S_ISREG(info.st_mode) else None


def file_hash(path: Path) -> str | None:
    """SHA-256 of a regular file's bytes; None if it is missing, unreadable or anything but a
    regular file (a link, pipe or device is never opened for reading)."""
    with _regular_file(path) as opened:
        if opened is None:
            return None
        h = hashlib.sha256()
        try:
            while chunk := opened[0].read(1 << 20):
                h.update(chunk)
        except OSError:
            return None
    return h.hexdigest()


def output_stamp(path: Path) -> dict | None:
    """An output's size and content hash: no times, so identical builds write identical records."""
    digest = file_hash(path)
    if digest is None:
        return None
    return {"size": path.stat().st_size, "sha256": digest}


def output_matches(path: Path, stamp: object) -> bool:
    if not isinstance(stamp, dict):
        return False
    try:
        if path.stat().st_size != stamp.get("size"):  # cheap first: most edits change the size
            return False
    except OSError:
        return False
    return file_hash(path) == stamp.get("sha256")


# Environment variables that change the bytes of a PDF (reportlab dates the file by it).
ENVIRONMENT_KEYS = ("SOURCE_DATE_EPOCH",)


def _environment() -> list[str | None]:
    return [os.environ.get(name) for name in ENVIRONMENT_KEYS]


def target_key(kit, cid: str) -> str:
    """Everything but the input files that decides a component's output (and its file name)."""
    spec = kit.spec(cid)
    text = json.dumps(
        [FORMAT, code_fingerprint(), kit.options.key(), cid, spec.type, _environment()]
    )
    return hashlib.sha256(text.encode()).hexdigest()


def plan_key(options_key: str, manifest_digest: str) -> str:
    """Everything that decides a kit's targets and their keys: printkit's code, the options,
    the environment and the bytes of kit.yaml (which names the components and their types)."""
    text = json.dumps(
        ["plan", FORMAT, code_fingerprint(), options_key, _environment(), manifest_digest]
    )
    return hashlib.sha256(text.encode()).hexdigest()


@fieldwise
class KitRecord:
    """The build record of one kit: `folder` holds its outputs, `path` is the record file."""

    folder: Path
    path: Path
    targets: dict[str, dict] = field(default_factory=dict)
    extras: dict[str, dict | None] = field(default_factory=dict)  # file -> output_stamp
    # {"key": plan_key, "targets": {target id: target key}}: written only for kits whose
    # component types and game are built in (an installed plugin's code is not fingerprinted)
    plan: dict | None = None

    @classmethod
    def read(cls, out: Path, kit_folder: tuple[str, ...]) -> KitRecord:
        """The record on disk, keeping only entries of the expected shape: it is data from disk
        like any other, so a name or path in it that could lead anywhere but a plain file of the
        kit or its output folder makes that entry stale (rebuilt), never read."""
        folder, path = out.joinpath(*kit_folder), record_path(out, "+".join(kit_folder))
        data = _read_record(path)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return cls(folder, path)
        targets, extras = data.get("targets"), data.get("extras", {})
        if not isinstance(targets, dict) or not isinstance(extras, dict):
            return cls(folder, path)
        plan = data.get("plan")
        return cls(
            folder,
            path,
            {k: v for k, v in targets.items() if isinstance(k, str) and _valid_entry(v)},
            {k: v for k, v in extras.items() if plain_name(k) and _valid_stamp(v)},
            plan if _valid_plan(plan) else None,
        )

    def is_fresh(self, root: Path, cid: str, key: str, hashes: dict[Path, str | None]) -> bool:
        """Whether component `cid`'s output is up to date (without importing its type); `root`
        is the kit's folder."""
        entry = self.targets.get(cid)
        if not isinstance(entry, dict) or entry.get("key") != key:
            return False
        if not output_matches(self.folder / entry["file"], entry["output"]):
            return False
        if not all(output_matches(self.folder / n, s) for n, s in entry.get("more", {}).items()):
            return False
        for rel, digest in entry["inputs"].items():
            path = kit_input(root, rel)
            if path is None:
                return False
            if path not in hashes:
                hashes[path] = file_hash(path)
            if hashes[path] != digest:
                return False
        return True

    def extras_present(self) -> bool:
        return all(output_matches(self.folder / n, s) for n, s in self.extras.items())

    def entry(
        self, kit, key: str, inputs: Iterable[Path], name: str, output: Path, hashes: dict
    ) -> dict:
        """A target's record; `output` is the file just written (renamed into place later).

        Each input's digest is that of the bytes the build read (the kit's `ReadLog`), else the
        one taken when the build was planned, before anything was read; only a file the build
        never read is hashed now. So a file saved while the build ran never matches its digest,
        and the next build rebuilds."""
        digests = {}
        for path in sorted(set(inputs)):
            digest = kit.reads.digest(path)
            if digest is None:
                if path not in hashes:
                    hashes[path] = file_hash(path)
                digest = hashes[path]
            digests[Path(os.path.relpath(path, kit.root)).as_posix()] = digest
        return {"key": key, "inputs": digests, "file": name, "output": output_stamp(output)}

    def text(self) -> str:
        plan = {"plan": self.plan} if self.plan is not None else {}
        return json.dumps(
            {"format": FORMAT, "printkit": __version__, "targets": self.targets,
             "extras": self.extras, **plan},
            indent=1, sort_keys=True,
        ) + "\n"  # fmt: skip


MAX_RECORD_BYTES = 16 * 1024 * 1024  # a record lists a few hundred files; this is far beyond
_HEX64 = re.compile(r"[0-9a-f]{64}")
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")


def _read_record(path: Path) -> object:
    """The parsed record, or None if it is missing, not a regular file, too large or not JSON."""
    with _regular_file(path) as opened:
        if opened is None or opened[1].st_size > MAX_RECORD_BYTES:
            return None
        try:
            return json.loads(opened[0].read(MAX_RECORD_BYTES + 1).decode("utf-8"))
        except (OSError, ValueError, RecursionError):
            return None


def plain_name(name: object) -> bool:
    """A file name with no path in it (as build.output_path allows)."""
    return isinstance(name, str) and bool(_PLAIN_NAME.fullmatch(name)) and name.strip(".") != ""


def _valid_stamp(stamp: object) -> bool:
    return (
        isinstance(stamp, dict)
        and type(stamp.get("size")) is int
        and isinstance(stamp.get("sha256"), str)
        and bool(_HEX64.fullmatch(stamp["sha256"]))
    )


def _valid_plan(plan: object) -> bool:
    """A plan's key and the key of each of its targets."""
    if not isinstance(plan, dict) or not isinstance(plan.get("key"), str):
        return False
    targets = plan.get("targets")
    return (
        isinstance(targets, dict)
        and bool(targets)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in targets.items())
    )


def _valid_entry(entry: object) -> bool:
    """A target's record: key, output file name and stamp, and a digest per relative input."""
    if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
        return False
    inputs = entry.get("inputs")
    if not plain_name(entry.get("file")) or not _valid_stamp(entry.get("output")):
        return False
    more = entry.get("more", {})  # further files the component writes (components.more_outputs)
    if not isinstance(more, dict) or not all(
        plain_name(n) and _valid_stamp(v) for n, v in more.items()
    ):
        return False
    return (
        isinstance(inputs, dict)
        and bool(inputs)
        and all(isinstance(k, str) and isinstance(v, str | None) for k, v in inputs.items())
    )


def kit_input(root: Path, rel: str) -> Path | None:
    """`root/rel` if `rel` is a relative path inside the kit folder through no link, else None
    (a record naming /dev/zero or ../../etc/passwd is not followed)."""
    parts = Path(rel).parts
    if not rel or Path(rel).is_absolute() or ".." in parts or any(ord(c) < 32 for c in rel):
        return None
    if "\\" in rel or ":" in rel[:3] or first_link(root, Path(rel)) is not None:
        return None
    return root / rel


def extra_note(path: Path) -> str:
    """One line for a text file written beside the PDFs: its title, and where it is."""
    text = path.read_text(encoding="utf-8")
    title = next((line.strip() for line in text.splitlines() if line.strip()), path.name)
    return f"{title}: {display_path(path)}"
