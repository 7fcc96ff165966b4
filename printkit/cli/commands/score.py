"""`printkit score KIT LAYOUT`: settle a finished map with the kit's game rules.

LAYOUT is a file holding the map or the map itself as a compact string; the notation belongs to
the game (a built-in game's guide in docs/ writes it out). A game that can score defines
    score(kit, text, source, last) -> (lines, exit_code)
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printkit.cli.app import complete_kits, report_errors


@click.command(name="score")
@click.argument("kit", metavar="KIT|DIR", shell_complete=complete_kits)
@click.argument("layout", metavar="LAYOUT")
@click.option(
    "--last",
    metavar="SIDE",
    help="The side that placed the last tile: it loses a tie (e.g. land or sea).",
)
@report_errors
def score_command(kit: str, layout: str, last: str | None) -> None:
    """Score a finished map of KIT given as a LAYOUT file or string, and name the winner.

    The layout is written in the game's own notation (its guide, `printkit docs`, shows it), its rows
    separated by new lines or '/'.
    """
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.core.errors import Location, display_path, fail
    from printkit.kit import load_kit
    from printkit.load.yamlsafe import read_text

    loaded = load_kit(kit)
    game = loaded.game()
    if game is None or not game.scores:
        raise fail(Location(loaded.manifest_file), f"kit {loaded.name!r} has no scoring")
    path = Path(layout)
    if path.is_file():
        text, source = read_text(path), display_path(path)
    elif "/" in layout or any(ch.isspace() for ch in layout.strip()):
        text, source = layout, "LAYOUT"
    else:
        raise fail(
            Location(layout),
            "no such layout file; give a file, or the map itself as a string with its rows "
            'separated by "/", in the notation of the game\'s guide',
        )
    lines, code = game.score(loaded, text, source, last)
    for line in lines:
        click.echo(line)
    sys.exit(code)
