"""Finding a kit's folder (a built-in name or a path) and its kit.yaml, without reading it.

Light on purpose: a no-op rebuild (build/uptodate.py) finds its kits through this module alone.
"""

from __future__ import annotations

from pathlib import Path

from printkit.core.errors import Location, display_path, fail
from printkit.core.words import did_you_mean

MANIFEST = "kit.yaml"


def builtin_kits_dir() -> Path:
    """data/ in a source checkout or editable install; printkit/_builtin_kits in a wheel."""
    package = Path(__file__).resolve().parents[1]
    shipped = package / "_builtin_kits"
    return shipped if shipped.is_dir() else package.parent / "data"


def builtin_kit_names() -> list[str]:
    root = builtin_kits_dir()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / MANIFEST).is_file())


def resolve_kit_dir(name_or_path: str) -> Path:
    """The folder of a kit given by built-in name or by path. Raises InputError if there is none."""
    looks_like_path = any(s in name_or_path for s in ("/", "\\")) or name_or_path.startswith(".")
    candidate = Path(name_or_path)
    builtin = not looks_like_path and name_or_path in builtin_kit_names()
    if builtin and not (candidate / MANIFEST).is_file():  # e.g. the output folder of `--out .`
        return builtin_kits_dir() / name_or_path
    if looks_like_path or candidate.is_dir():
        if not candidate.exists():
            raise fail(Location(name_or_path), "no such kit folder")
        if not candidate.is_dir():
            raise fail(Location(name_or_path), "expected a kit folder, found a file")
        if not (candidate / MANIFEST).is_file():
            raise fail(
                Location(display_path(candidate / MANIFEST)),
                f"this folder is not a kit: it has no {MANIFEST}",
            )
        return candidate
    if name_or_path in builtin_kit_names():
        return builtin_kits_dir() / name_or_path
    known = ", ".join(builtin_kit_names()) or "none"
    hint = did_you_mean(name_or_path, builtin_kit_names())
    raise fail(
        Location(name_or_path),
        f"unknown kit {name_or_path!r}; {hint}built-in kits are: {known} (or give a kit folder "
        "path)",
    )
