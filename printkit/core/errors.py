"""Diagnostics shared by every stage: where a problem is, and the exception that carries input errors.

An *input error* (malformed data: syntax, types, missing or unknown keys, impossible sizes) stops
the run with exit code 2. A *rules finding* (well-formed data that breaks a game's rules) lives in
printkit.checks and gives exit code 1. Both point at a Location.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from pathlib import Path
from typing import TypeVar

from printkit.core.fieldwise import fields_ge, fields_gt, fields_le, fields_lt, fieldwise
from printkit.core.limits import MAX_DIAGNOSTICS_PER_FILE

T = TypeVar("T")
R = TypeVar("R")


@fieldwise(frozen=True)
class Location:
    """A place in a source file; line and column are 1-based, 0 when unknown."""

    file: str
    line: int = 0
    col: int = 0
    # a sheet's cell as a spreadsheet shows it ("17:C": row, column letter), shown after the
    # file instead of line:col
    cell: str = ""
    # a workbook's sheet that holds the cell, shown after the file: `cards.xlsx[Monsters]:17:C`
    sheet: str = ""

    # ordered by its fields, as @dataclass(order=True) would order it (core/fieldwise.py)
    __lt__, __le__, __gt__, __ge__ = fields_lt, fields_le, fields_gt, fields_ge

    def __str__(self) -> str:
        if self.cell and self.sheet:
            return f"{self.file}[{printable(self.sheet)}]:{self.cell}"
        if self.cell:
            return f"{self.file}:{self.cell}"
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


@fieldwise(frozen=True)
class Diagnostic:
    """One input error: a location and a sentence saying what was expected and what was found.

    With `omitted` > 0 it stands for that many more errors in `where.file` that are not shown
    (see `capped`), and `message` says so.
    """

    where: Location
    message: str
    omitted: int = 0

    def __str__(self) -> str:
        kind = "note" if self.omitted else "error"
        return printable(f"{self.where}: {kind}: {self.message}")  # one line, whatever the data

    @staticmethod
    def more_in(file: str, count: int) -> Diagnostic:
        """The line that stands for `count` errors of `file` that are not shown."""
        return Diagnostic(
            Location(file),
            f"{count:,} more error{'s' if count != 1 else ''} in this file not shown (the first "
            f"{MAX_DIAGNOSTICS_PER_FILE} are; limit MAX_DIAGNOSTICS_PER_FILE)",
            count,
        )


def capped(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics to show: duplicates dropped, at most MAX_DIAGNOSTICS_PER_FILE errors per
    file in their order, then one line per file counting the rest."""
    shown: list[Diagnostic] = []
    kept: dict[str, int] = {}
    more: dict[str, int] = {}
    for d in dict.fromkeys(diagnostics):
        file = d.where.file
        if d.omitted:
            more[file] = more.get(file, 0) + d.omitted
        elif kept.get(file, 0) < MAX_DIAGNOSTICS_PER_FILE:
            kept[file] = kept.get(file, 0) + 1
            shown.append(d)
        else:
            more[file] = more.get(file, 0) + 1
    return shown + [Diagnostic.more_in(file, n) for file, n in more.items()]


def error_count(diagnostics: list[Diagnostic]) -> int:
    """How many errors `diagnostics` stand for (shown ones and the counted rest)."""
    return sum(d.omitted or 1 for d in diagnostics)


@fieldwise
class InputError(Exception):
    """Malformed input. Carries every diagnostic found, so a run reports them all at once."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(str(d) for d in capped(self.diagnostics))


# Where a diagnostic about a value that was not read from a file (so has no position) is shown.
UNPLACED = Location("?")


def fail(where: Location | None, message: str) -> InputError:
    """Build an InputError holding a single diagnostic (use as `raise fail(...)`).

    `where` is None for a value not read from a file (load.schema.where() has no position
    for it): the diagnostic is then shown at UNPLACED.
    """
    return InputError([Diagnostic(where or UNPLACED, message)])


class Collector:
    """Gathers diagnostics during validation so that all of a file's errors are reported together.

    It keeps the first MAX_DIAGNOSTICS_PER_FILE of each file and counts the rest, so a file
    with a million errors costs neither memory nor a million lines of output.
    """

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self._per_file: dict[str, int] = {}
        self._omitted: dict[str, int] = {}

    def add(self, where: Location | None, message: str | Callable[[], str]) -> None:
        """Record an error; a callable message is made only if the error will be shown.
        `where` None is shown at UNPLACED (see fail)."""
        where = where or UNPLACED
        count = self._per_file.get(where.file, 0)
        if count >= MAX_DIAGNOSTICS_PER_FILE:
            self._omitted[where.file] = self._omitted.get(where.file, 0) + 1
            return
        self._per_file[where.file] = count + 1
        self.diagnostics.append(
            Diagnostic(where, message if isinstance(message, str) else message())
        )

    def raise_if_any(self) -> None:
        if self.diagnostics:
            found = sorted(set(self.diagnostics), key=lambda d: (d.where, d.message))
            more = [Diagnostic.more_in(file, n) for file, n in self._omitted.items()]
            raise InputError(found + more)


def all_reported(items: Iterable[T], work: Callable[[T], Iterable[R]]) -> list[R]:
    """`work(item)` for every item, their results together; when some raise InputError, every
    item is still worked and all their diagnostics are raised together at the end, so a user
    sees the problems of every file and component at once, not only the first's."""
    results: list[R] = []
    diagnostics: list[Diagnostic] = []
    for item in items:
        try:
            results.extend(work(item))
        except InputError as exc:
            diagnostics.extend(exc.diagnostics)
    if diagnostics:
        raise InputError(list(dict.fromkeys(diagnostics)))
    return results
