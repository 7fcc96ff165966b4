"""Helpers for tests that break kits: copy a kit, snapshot an output folder, find positions.

from badkits import MINI, copy_kit, snapshot, position_of
"""

from __future__ import annotations

import shutil
from pathlib import Path

from printkit.core.errors import display_path
from printkit.core.words import counted
from printkit.kit import builtin_kits_dir

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MINI = FIXTURES / "mini"


def copy_kit(name_or_dir: str | Path, dest: Path) -> Path:
    """Copy a built-in kit (by name) or a fixture kit folder to `dest` and return `dest`."""
    src = Path(name_or_dir) if Path(name_or_dir).is_dir() else builtin_kits_dir() / name_or_dir
    shutil.copytree(src, dest)
    return dest


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `folder` (hidden ones too): relative path -> (bytes, mtime in ns)."""
    if not folder.exists():
        return {}
    return {
        str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file() or p.is_symlink()
    }


def previous_build(out: Path, kit: str, files: tuple[str, ...] = ("cards.pdf",)) -> None:
    """Stand-ins for the outputs of an earlier build, which a failed build must not touch."""
    folder = out / kit
    folder.mkdir(parents=True, exist_ok=True)
    for name in files:
        (folder / name).write_bytes(f"previous {name} of {kit}\n".encode())


def position_of(path: Path, needle: str, at: str | None = None) -> tuple[int, int]:
    """(line, column), 1-based, of `at` (default: `needle`) in the first line holding `needle`."""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return i, line.index(at if at is not None else needle) + 1
    raise AssertionError(f"{needle!r} not in {path}")


def shown(path: Path) -> str:
    """How printkit names `path` in messages."""
    return display_path(path)


class RulesCheck:
    """What `printkit check KIT` prints on stdout and exits with, for the rules findings
    `check_rules` ran: finding lines in check's order, then check's summary line."""

    def __init__(self, findings: list) -> None:
        self.findings = findings
        counts = {
            s: sum(1 for f in findings if f.severity == s) for s in ("error", "warning", "info")
        }
        self.summary = (
            f"{counted(counts['error'], 'error')}, {counted(counts['warning'], 'warning')}, "
            f"{counts['info']} info"
        )
        self.stdout = "".join(f"{f}\n" for f in findings) + self.summary + "\n"
        self.output = self.stdout
        self.exit_code = 1 if counts["error"] else 0


def check_rules(
    kit: str | Path, *codes: str, players: int | None = None, variants: tuple[str, ...] = ()
) -> RulesCheck:
    """`printkit check KIT` without laying out any component: the kit loads and validates as in
    check (an InputError propagates), then its game's rules and its rules file's data checks run
    and their findings are sorted as check sorts them. With `codes`, only those rules run (no
    simulation unless its code is asked for), so exit_code 1 means the same as check's but 0
    only speaks for those rules. Drawing-only findings (PK001, FACE00x) and text too long for
    its box are what this leaves out: `printkit check` itself is tested end to end elsewhere."""
    from printkit.checks import run_checks
    from printkit.kit import load_kit
    from printkit.model.options import Options

    loaded = load_kit(str(kit), Options(variants=tuple(variants), players=players))
    findings = run_checks(loaded, codes)
    return RulesCheck(findings)
