"""`printkit preflight FILE.pdf...`: check PDFs against a print standard (see printkit.preflight).

Prints one line per finding, `FILE:page N: CODE severity: message`, then a summary. Exit 0 when
no file has an error (warnings allowed), 1 when any has, 2 when a file is missing or not a PDF.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printkit.cli.app import EXIT_RULES, _report_errors
from printkit.core.errors import Location, display_path, fail


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
    "--max-ink",
    type=click.FloatRange(100, 400),
    default=300.0,
    show_default=True,
    metavar="PERCENT",
    help="x1a/x4: the most total ink (C+M+Y+K) the printer allows (PF-TAC).",
)
@click.option("--quiet", "-q", is_flag=True, help="Errors only, no warnings.")
@_report_errors
def preflight_command(
    files: tuple[Path, ...], standard: str, safe_mm: float, max_ink: float, quiet: bool
) -> None:
    """Check each PDF FILE (ours or not) as a printer would: page boxes, bleed, fonts, colour
    spaces, image resolution, hairlines, the safe area, and the home printer's margin."""
    errors = warnings = 0
    for path in files:
        findings = _check_one(path, standard, safe_mm, max_ink)
        for finding in findings:
            if finding.severity == "error":
                errors += 1
            else:
                warnings += 1
                if quiet:
                    continue
            click.echo(str(finding))
        if not any(f.severity == "error" for f in findings):
            click.echo(f"{display_path(path)}: passes {standard}", err=True)
    click.echo(f"preflight {standard}: {errors} error(s), {warnings} warning(s)", err=True)
    if errors:
        sys.exit(EXIT_RULES)


def _check_one(path: Path, standard: str, safe_mm: float, max_ink: float) -> list:
    # imported here, not at the top, so that `printkit --help` stays fast
    import pikepdf

    from printkit.preflight import preflight

    shown = display_path(path)
    if not path.is_file():
        raise fail(Location(shown), "no such file")
    try:
        return preflight(path, standard, safe_mm, shown, max_ink)  # type: ignore[arg-type]
    except (pikepdf.PdfError, OSError) as exc:
        raise fail(Location(shown), f"not a readable PDF ({exc})") from None
