"""Diagnostics shared by every stage: where a problem is, and the exception that carries input errors.

An *input error* (malformed data: syntax, types, missing or unknown keys, impossible sizes) stops
the run with exit code 2. A *rules finding* (well-formed data that breaks a game's rules) lives in
printkit.checks and gives exit code 1. Both point at a Location.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; line and column are 1-based, 0 when unknown."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line and self.col:
            return f"{self.file}:{self.line}:{self.col}"
        if self.line:
            return f"{self.file}:{self.line}"
        return self.file


def display_path(path: str | Path) -> str:
    """A path as the user should read it: relative to the working directory when inside it.
    A link is named as itself, not by what it points to."""
    p = Path(path)
    try:
        full = p.parent.resolve() / p.name if p.name not in ("", "..") else p.resolve()
        return str(full.relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(p)


def printable(text: str) -> str:
    """Text safe for a one-line message: control and invisible characters escaped (\\n, \\x07)."""
    return "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text
    )


@dataclass(frozen=True)
class Diagnostic:
    """One input error: a location and a sentence saying what was expected and what was found."""

    where: Location
    message: str

    def __str__(self) -> str:
        return printable(f"{self.where}: error: {self.message}")  # one line, whatever the data


@dataclass
class InputError(Exception):
    """Malformed input. Carries every diagnostic found, so a run reports them all at once."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


def fail(where: Location, message: str) -> InputError:
    """Build an InputError holding a single diagnostic (use as `raise fail(...)`)."""
    return InputError([Diagnostic(where, message)])


class Collector:
    """Gathers diagnostics during validation so that all of a file's errors are reported together."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []

    def add(self, where: Location, message: str) -> None:
        self.diagnostics.append(Diagnostic(where, message))

    def raise_if_any(self) -> None:
        if self.diagnostics:
            raise InputError(sorted(set(self.diagnostics), key=lambda d: (d.where, d.message)))
