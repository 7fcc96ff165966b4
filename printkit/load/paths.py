"""Paths inside a kit folder: a kit reads only files inside its own folder."""

from __future__ import annotations

from pathlib import Path

from printkit.errors import Location, display_path, fail


def confined_path(root: Path, relative: str, where_: Location) -> Path:
    """`root/relative`, refusing absolute paths, `..` and symlinks that lead outside root."""
    if not relative or any(ord(ch) < 32 for ch in relative):
        raise fail(where_, f"path {relative!r} is empty or holds control characters")
    rel = Path(relative)
    if rel.is_absolute() or relative.startswith(("/", "\\")) or ":" in relative[:3]:
        raise fail(where_, f"path {relative!r} must be relative to the kit folder")
    base = root.resolve()
    target = (root / rel).resolve()
    if target != base and base not in target.parents:
        raise fail(where_, f"path {relative!r} leads outside the kit folder")
    return root / rel


def existing_file(path: Path, relative: str, where_: Location) -> Path:
    """`path` if it is a regular file; otherwise an input error at `where_`, which names it."""
    shown = display_path(path)
    if not path.exists():
        raise fail(where_, f"file {relative!r} not found (looked for {shown})")
    if path.is_dir():
        raise fail(where_, f"{relative!r} is a directory; expected a file ({shown})")
    if not path.is_file():
        raise fail(where_, f"{relative!r} is not a regular file ({shown})")
    return path
