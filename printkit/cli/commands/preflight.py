"""`printkit preflight FILE.pdf...`: check PDFs against a print standard (see printkit.preflight).

`--format text` (the default) prints one line per finding, `FILE:page N: CODE severity:
message`, then the file's verdict, `FILE: passes x1a` or `FILE: fails x1a (N errors)`, on
standard output; a summary line goes to standard error.

`--format json` prints JSON Lines for CI, on standard output:
  {"type": "finding", "file", "page", "code", "severity", "message"}   (page 0: the document)
  {"type": "verdict", "file", "standard", "passes", "errors", "warnings"}   (one per file)
  {"type": "summary", "standard", "files", "errors", "warnings", "exit_code"}   (always last)
A file that is missing or not a PDF is a finding with code "INPUT" (and no verdict).

`--format github` prints GitHub Actions annotations, one per finding:
  ::error file=FILE,title=CODE (page N)::message
(`::warning` for warnings; a PDF has no lines, so the page is in the title).

Exit 0 when no file has an error (warnings allowed), 1 when any has, 2 when a file is missing
or not a PDF (every other file is still checked).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from printkit.cli.app import EXIT_INPUT, EXIT_OK, EXIT_RULES, report_errors
from printkit.core.annotations import annotation
from printkit.core.errors import Collector, Location, display_path
from printkit.core.extras import require
from printkit.core.words import counted


@click.command(name="preflight")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--standard",
    type=click.Choice(["x1a", "x4", "home"]),
    default="x1a",
    show_default=True,
    help="x1a/x4: what a print shop asks of PDF/X; home: a home printer.",
)
@click.option(
    "--safe",
    "safe_mm",
    type=click.FloatRange(0, 20),
    default=3.0,
    show_default=True,
    metavar="MM",
    help="Keep text this far inside each piece's trim.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github"]),
    default="text",
    show_default=True,
    help="text: a line per finding and a verdict per file; json: JSON Lines for CI; "
    "github: GitHub Actions annotations.",
)
@click.option(
    "--max-ink",
    type=click.FloatRange(100, 400),
    default=300.0,
    show_default=True,
    metavar="PERCENT",
    help="x1a/x4: the most total ink (C+M+Y+K) the printer allows (PF-TAC).",
)
@click.option(
    "--quiet", "-q", is_flag=True, help="Print only errors: no warnings, no passing verdicts."
)
@report_errors
def preflight_command(  # noqa: PLR0913
    files: tuple[Path, ...], standard: str, safe_mm: float, fmt: str, max_ink: float, quiet: bool
) -> None:
    """Check each PDF FILE (ours or not) as a printer would: page boxes, bleed, fonts, colour
    spaces, image resolution, hairlines, the safe area, and the home printer's margin; under
    x1a and x4, the rest of PDF/X (OutputIntent, identification, forbidden features)."""
    require("pikepdf", "printkit preflight", "preflight")
    report, unreadable = _Report(fmt, standard, quiet), Collector()
    for path in files:
        try:
            findings = _check_one(path, standard, safe_mm, max_ink)
        except _Unreadable as exc:
            unreadable.add(Location(exc.args[0]), exc.args[1])
            report.unreadable(*exc.args)
            continue
        report.file(display_path(path), findings)
    code = EXIT_INPUT if unreadable.diagnostics else EXIT_RULES if report.errors else EXIT_OK
    report.summary(len(files), code)
    if fmt == "text":
        unreadable.raise_if_any()  # located messages on standard error, exit 2
    sys.exit(code)


class _Unreadable(Exception):
    """(shown file name, why it is not a PDF preflight can open)."""


class _Report:
    """Findings, verdicts and the summary in the chosen format."""

    def __init__(self, fmt: str, standard: str, quiet: bool) -> None:
        self.fmt, self.standard, self.quiet = fmt, standard, quiet
        self.errors = self.warnings = 0

    def file(self, shown: str, findings: list) -> None:
        errors = sum(f.severity == "error" for f in findings)
        self.errors += errors
        self.warnings += len(findings) - errors
        for finding in findings:
            if finding.severity == "error" or not self.quiet:
                self._finding(finding)
        verdict = {"file": shown, "standard": self.standard, "passes": not errors}
        if self.fmt == "json":
            _json(type="verdict", **verdict, errors=errors, warnings=len(findings) - errors)
        elif self.fmt == "text" and (errors or not self.quiet):  # -q: failing files only
            said = f" ({counted(errors, 'error')})" if errors else ""
            click.echo(f"{shown}: {'fails' if errors else 'passes'} {self.standard}{said}")

    def _finding(self, finding: Any) -> None:
        if self.fmt == "json":
            _json(
                type="finding",
                file=finding.file,
                page=finding.page,
                code=finding.code,
                severity=finding.severity,
                message=finding.message,
            )
        elif self.fmt == "github":
            where = f" (page {finding.page})" if finding.page else ""  # a PDF has no lines
            title = f"{finding.code}{where}"
            click.echo(annotation(finding.severity, Location(finding.file), finding.message, title))
        else:
            click.echo(str(finding))

    def unreadable(self, shown: str, message: str) -> None:
        if self.fmt == "json":
            _json(
                type="finding", file=shown, page=0, code="INPUT", severity="error", message=message
            )
        elif self.fmt == "github":
            click.echo(annotation("error", Location(shown), message))

    def summary(self, files: int, code: int) -> None:
        if self.fmt == "json":
            _json(
                type="summary",
                standard=self.standard,
                files=files,
                errors=self.errors,
                warnings=self.warnings,
                exit_code=code,
            )
        elif not self.quiet:
            counts = f"{counted(self.errors, 'error')}, {counted(self.warnings, 'warning')}"
            click.echo(f"preflight {self.standard}: {counts}", err=True)


def _json(**obj: Any) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False))


def _check_one(path: Path, standard: str, safe_mm: float, max_ink: float) -> list:
    # imported here, not at the top, so that `printkit --help` stays fast
    import pikepdf

    from printkit.preflight import preflight

    shown = display_path(path)
    if not path.is_file():
        raise _Unreadable(shown, "no such file")
    try:
        return preflight(path, standard, safe_mm, shown, max_ink)  # type: ignore[arg-type]
    except (pikepdf.PdfError, OSError) as exc:
        why = str(exc).removeprefix(f"{path}: ")  # qpdf names the file again
        raise _Unreadable(shown, f"not a readable PDF ({why})") from None
