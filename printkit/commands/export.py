"""`printkit export KIT --cards csv|xlsx`: a kit's decks written as spreadsheets.

Each deck's card list is written as `<out>/<kit>/<deck>.csv` (or `.xlsx`) with the columns a
YAML card has. Point the deck file at it (`cards: cards.csv`) and the kit builds the same PDFs.
"""

from __future__ import annotations

from pathlib import Path

import click

from printkit.cli import _report_errors


@click.command(name="export")
@click.argument("kit", metavar="KIT|DIR")
@click.option(
    "--cards",
    "table_format",
    type=click.Choice(["csv", "xlsx"]),
    required=True,
    help="Write each deck's cards as a spreadsheet in this format.",
)
@click.option("--component", "components", multiple=True, metavar="ID", help="Only this deck.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for the files (a subfolder per kit).",
)
@_report_errors
def export_command(kit, table_format, components, out) -> None:
    """Export KIT's card lists as spreadsheets (CSV or XLSX) that read back to the same cards."""
    from printkit.cardtable import write_table
    from printkit.errors import Location, fail
    from printkit.kit import load_kit
    from printkit.output import staged

    loaded = load_kit(kit)
    decks = [c for c in loaded.component_ids() if loaded.spec(c).type == "deck"]
    unknown = [c for c in components if c not in decks]
    if unknown or not decks:
        raise fail(
            Location(loaded.manifest_file),
            f"kit {loaded.name!r} has no deck {unknown[0]!r}; its decks are: "
            f"{', '.join(decks) or 'none'}"
            if unknown
            else f"kit {loaded.name!r} has no deck components",
        )
    chosen = list(components) or decks
    loaded.models()  # every input error of the kit at once, before anything is written
    folder = out / loaded.name
    targets = [folder / f"{cid}.{table_format}" for cid in chosen]
    with staged(out) as stage:
        for cid, target in zip(chosen, targets, strict=True):
            write_table(loaded.model(cid), stage.temp_for(target), table_format)
    for target in targets:
        click.echo(f"wrote {target}")
