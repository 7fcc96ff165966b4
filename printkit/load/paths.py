"""Paths inside a kit folder: a kit reads only files inside its own folder, through no link."""

from __future__ import annotations

import os
from pathlib import Path

from printkit.core.errors import Location, display_path, fail
from printkit.core.words import close_matches


def confined_path(root: Path, relative: str, where_: Location) -> Path:
    """`root/relative`, refusing absolute paths, `..` and symlinks that lead outside root."""
    if not relative or any(ord(ch) < 32 for ch in relative):
        raise fail(where_, f"path {relative!r} is empty or holds control characters")
    rel = Path(relative)
    if rel.is_absolute() or relative.startswith(("/", "\\")) or ":" in relative[:3]:
        raise fail(where_, f"path {relative!r} must be relative to the kit folder")
    base = root.resolve()
    target = (root / rel).resolve()
    link = first_link(root, rel)
    outside = target != base and base not in target.parents
    if link is not None:
        leads = "leads outside the kit folder" if outside else "is a symbolic link"
        raise fail(
            where_,
            f"path {relative!r} {leads}: {display_path(link)} is a link (to "
            f"{os.readlink(link)}); printkit reads no links inside a kit folder, put the file "
            "itself there",
        )
    if outside:
        raise fail(where_, f"path {relative!r} leads outside the kit folder")
    return root / rel


def first_link(root: Path, rel: Path) -> Path | None:
    """The first part of `root/rel` below root that is a symbolic link (None if none is)."""
    path = root
    for part in rel.parts:
        path = path / part
        if part not in (".", "..") and path.is_symlink():
            return path
    return None


def existing_file(path: Path, relative: str, where_: Location) -> Path:
    """`path` if it is a regular file; otherwise an input error at `where_`, which names it."""
    shown = display_path(path)
    if not path.exists():
        raise fail(where_, f"file {relative!r} not found (looked for {shown}){_nearby(path)}")
    if path.is_dir():
        raise fail(where_, f"{relative!r} is a directory; expected a file ({shown})")
    if not path.is_file():
        raise fail(where_, f"{relative!r} is not a regular file ({shown})")
    return path


def _nearby(path: Path) -> str:
    """'; did you mean X?' for a file beside `path` whose name is close to its name, else ''."""
    try:
        with os.scandir(path.parent) as entries:
            names = [e.name for e in entries if e.is_file(follow_symlinks=False)]
    except OSError:
        return ""
    close = close_matches(path.name, names, 1)
    return f"; did you mean {close[0]!r}?" if close else ""
