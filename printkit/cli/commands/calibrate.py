"""`printkit calibrate`: write the one-sheet duplex test that finds a printer's back offset."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from printkit.cli.app import OutPath, parse_offset, report_errors, say
from printkit.core.errors import Location, fail
from printkit.layout.sizes import HOME_PAPERS

if TYPE_CHECKING:
    from printkit.layout.calibration import CalibrationSheet
    from printkit.layout.imposition import Duplex


@click.command()
@click.option(
    "--paper",
    type=click.Choice(HOME_PAPERS),
    help="Paper size [default: a4, or your `printkit config`].",
)
@click.option(
    "--duplex",
    type=click.Choice(["long", "short"]),
    help="The edge your printer flips on [default: long, or your config].",
)
@click.option(
    "--step",
    type=click.FloatRange(0.1, 2.0),
    default=0.5,
    show_default=True,
    metavar="MM",
    help="Distance between neighbouring cells' offsets.",
)
@click.option(
    "--back-offset",
    callback=parse_offset,
    metavar="X,Y",
    help="Offset of the middle cell, to check or refine an earlier reading "
    "[default: your config's back-offset, or 0,0].",
)
@click.option(
    "--sheet",
    "--out",
    "out",
    type=OutPath(dir_okay=False, path_type=Path),
    default=Path("output/calibration.pdf"),
    show_default=True,
    help="The PDF to write (--out is its old name: elsewhere --out is a folder).",
)
@report_errors
def calibrate(paper, duplex, step, back_offset, out) -> None:
    """Write a duplex test sheet: print it double-sided, hold it to the light, read your offset.

    The front has a grid of crosshair targets; the back a cross behind each, shifted by the
    offset written in its cell. The cell whose cross lines up is the value for
    `printkit config set back-offset X,Y`.
    """
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli.settings import resolve_options
    from printkit.layout.calibration import calibration_sheet
    from printkit.output import staged

    options = resolve_options(paper=paper, duplex=duplex, back_offset_mm=back_offset)
    flip: Duplex = (
        "long" if options.duplex == "off" else options.duplex
    )  # fed by hand: turned like a book
    try:
        sheet = calibration_sheet(
            options.paper_size, flip, step_mm=step, centre_mm=options.back_offset_mm
        )
    except ValueError as exc:
        raise fail(Location("printkit calibrate"), str(exc)) from None
    with staged(out.parent) as stage:
        write_calibration_sheet(stage.temp_for(out), sheet, options.paper)
    say(f"wrote {out}")
    say(
        f"Print both pages double-sided at 100 %, flipping on the {flip} edge; hold the sheet "
        "to the light and run: printkit config set back-offset X,Y",
        err=True,
    )


def write_calibration_sheet(path: Path, sheet: CalibrationSheet, paper_name: str) -> None:
    """The two-page calibration PDF: the front, then the back behind it."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.draw.calibration import back_page, front_page
    from printkit.output import new_canvas

    size = (sheet.sheet.width, sheet.sheet.height)
    c = new_canvas(path, size, "printkit duplex calibration", f"{paper_name}, {sheet.duplex}")
    front_page(c, sheet, paper_name)
    c.showPage()
    back_page(c, sheet, paper_name)
    c.showPage()
    c.save()
