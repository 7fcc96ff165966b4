"""`printkit new DIR [--from KIT]`: start a kit in DIR, ready to edit.

Without --from, DIR gets the blank starting kit (commands/blank_kit.py): a small generic card
game with rules written as data, which docs/tutorial.md walks from. With --from, DIR gets a copy
of a kit (built-in or a folder).

The copy gets its own kit name (DIR's name, or --name), so building it writes output/<name>/
and never overwrites the original kit's PDFs. Everything else, comments included, is copied as is,
with the editor schemas in schema/ so autocompletion keeps working in the copy.
DIR must not exist or be empty; the copy is made in a temporary folder beside DIR and renamed
into place, so a failure never leaves half a kit behind.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import stat
import tempfile
import unicodedata
from pathlib import Path

import click

from printkit.cli.app import OutPath, note, report_errors, say

_NAME_LINE = re.compile(r"^name:[^\n]*$", re.MULTILINE)
_SKIPPED = ("__pycache__", ".DS_Store")
_SKIP = shutil.ignore_patterns(*_SKIPPED, "*.pyc")


# letters that are not a base letter with accents, spelt as their usual Latin transcription
_SPELT = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o",
                        "Ø": "o", "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "þ": "th", "Þ": "th",
                        "ð": "d", "Ð": "d", "ı": "i"})  # fmt: skip


def kit_name_for(folder: Path) -> str:
    """A valid kit name (an identifier) from a folder name: 'My Race!' -> 'my-race', 'Été jeu'
    -> 'ete-jeu', 'Würfelkrieg' -> 'wurfelkrieg' (accents dropped, not the letters)."""
    spelt = unicodedata.normalize("NFKD", folder.name.translate(_SPELT))
    plain = "".join(c for c in spelt if not unicodedata.combining(c))
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", plain).strip("-._").lower()
    return name[:64].rstrip("-._") or "my-kit"


def shell_word(text: str, windows: bool = os.name == "nt") -> str:
    """`text` as one word of a command line the user can paste: quoted when it needs it (a
    space, a quote, a shell's special character), as this system's shell reads it."""
    if windows:  # PowerShell and cmd both read a double-quoted word; a backslash is plain
        plain = re.fullmatch(r"[A-Za-z0-9_./:\\=+-]+", text)
        return text if plain else '"' + text.replace('"', '""') + '"'
    return shlex.quote(text)


def _write_blank(copy: Path, new_name: str) -> None:
    """The blank kit's files and their editor schemas (schema/), written into `copy`."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli.commands.blank_kit import blank_files
    from printkit.cli.commands.schema import SCHEMA_DIR, dumps, kit_schemas, schema_file_name
    from printkit.kit import load_kit

    copy.mkdir()
    for name, text in blank_files(new_name).items():
        (copy / name).parent.mkdir(exist_ok=True)
        (copy / name).write_text(text, encoding="utf-8")
    (copy / SCHEMA_DIR).mkdir()
    for data_file, schema in kit_schemas(load_kit(str(copy))).items():
        (copy / SCHEMA_DIR / schema_file_name(data_file)).write_text(dumps(schema), "utf-8")


def refuse_links_and_special_files(src: Path) -> None:
    """Every entry of the kit folder must be a plain folder or a regular file: a link is never
    followed (its target may be a private folder or /dev/zero), nor is a pipe or device read.
    All such entries are named in one input error."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.core.errors import Collector, Location, display_path

    errors = Collector()
    for folder, dirs, files in os.walk(src, followlinks=False):
        dirs[:] = [d for d in dirs if d not in _SKIPPED]
        for name in sorted(dirs + files):
            path = Path(folder) / name
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                errors.add(
                    Location(display_path(path)),
                    f"this is a link (to {os.readlink(path)}); printkit new copies no links: "
                    "replace it with the file or folder itself, or remove it",
                )
            elif not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
                errors.add(
                    Location(display_path(path)),
                    "this is not a regular file (a pipe, socket or device); remove it",
                )
    errors.raise_if_any()


def _copy_kit(src: Path | None, target: Path, new_name: str) -> None:
    """Copy (or, without `src`, write the blank kit) beside the target, rename the kit, then
    move the finished kit into place."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.kit import MANIFEST

    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".printkit-new-", dir=target.parent))
    try:
        copy = staging / "kit"
        if src is None:
            _write_blank(copy, new_name)
        else:
            shutil.copytree(src, copy, ignore=_SKIP, symlinks=True)  # links were refused already
        for path in [copy, *copy.rglob("*")]:  # an installed kit may be read-only: the copy is not
            path.chmod(path.stat().st_mode | stat.S_IWUSR)
        manifest = copy / MANIFEST
        text = manifest.read_text(encoding="utf-8")
        if _NAME_LINE.search(text):
            manifest.write_text(
                _NAME_LINE.sub(f"name: {new_name}", text, count=1), encoding="utf-8"
            )
        if target.is_dir():
            target.rmdir()
        copy.rename(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


@click.command(name="new")
@click.argument("target", metavar="DIR", type=OutPath(path_type=Path))
@click.option(
    "--from",
    "source",
    metavar="KIT|DIR",
    help="The kit to copy: a built-in name (see `printkit list`) or a kit folder "
    "(default: a blank card game to start from, see: printkit docs tutorial).",
)
@click.option("--name", help="The new kit's name (default: from DIR's name).")
@report_errors
def new_command(target: Path, source: str | None, name: str | None) -> None:
    """Start a kit in DIR: a blank card game, or a copy of KIT (--from) to edit as your own."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.core.errors import Location, display_path, fail
    from printkit.kit import MANIFEST, load_kit, resolve_kit_dir
    from printkit.load.schema import Id

    src = None if source is None else resolve_kit_dir(source)
    if source is not None and src is not None:
        refuse_links_and_special_files(src)
        load_kit(source)  # refuse to copy a kit that is itself broken: say so now, not later
    shown = display_path(target)
    if target.exists() and not target.is_dir():
        raise fail(Location(shown), "this is a file; give a new folder for the kit")
    if target.is_dir() and any(target.iterdir()):
        raise fail(
            Location(shown),
            "this folder already exists and is not empty; give a new folder "
            "(printkit new never overwrites files)",
        )
    new_name = name or kit_name_for(target.resolve())
    if not re.fullmatch(Id().pattern or "", new_name):
        raise fail(Location("--name"), f"a kit name must be {Id().describe()}; got {new_name!r}")
    try:
        _copy_kit(src, target, new_name)
    except OSError as exc:
        raise fail(Location(shown), f"cannot create the kit here: {exc.strerror or exc}") from None
    if load_kit(str(target)).name != new_name:  # a manifest without a plain `name:` line
        note(f"note: set `name: {new_name}` in {shown}/{MANIFEST} yourself")
    files = sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file())
    origin = source or "the blank starting kit (see: printkit docs tutorial)"
    say(f"created {shown}/ from {origin} as kit {new_name!r}: {', '.join(files)}")
    say(f"next: edit {shell_word(f'{shown}/{MANIFEST}')} and its data files, then")
    for command in ("check", "build", "preview"):
        say(f"  printkit {command} {shell_word(shown)}")
