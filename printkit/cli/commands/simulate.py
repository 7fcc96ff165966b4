"""`printkit simulate KIT`: play the game many times from its data and report distributions.

A game that plays (`Game.plays`, printkit/api.py) simulates itself through
`Game.simulate(kit, players, runs, seed) -> printkit.reports.sim_report.SimReport`; any other kit
with a deck has its decks shuffled and dealt (printkit/reports/shuffle.py). The report prints as
text (default) or JSON, and `--out report.pdf` / `report.png` draws it on
one page. The same kit, options and seed always give the same numbers. docs/simulate.md
explains each game's model of play.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from printkit.cli.app import complete_kits, kit_options, progress_shown, report_errors, say
from printkit.core.errors import Location, fail


@click.command(name="simulate")
@click.argument("kit", metavar="KIT|DIR", shell_complete=complete_kits)
@click.option(
    "--runs",
    type=click.IntRange(1, 1_000_000),
    default=10_000,
    show_default=True,
    help="Games (races) to play.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**31 - 1),
    default=1,
    show_default=True,
    help="The same kit, options and seed always give the same numbers.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: figures and bar charts for a reader; json: every number, for a script.",
)
@click.option(
    "--report",
    "--out",
    "out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also draw the report on one page: a .pdf or a .png file (--out is its old name: "
    "elsewhere --out is a folder).",
)
@click.option(
    "--hand",
    type=click.IntRange(1, 100),
    default=5,
    show_default=True,
    help="Cards in an opening hand, for a kit with no game to play (only its decks are dealt).",
)
@kit_options
@report_errors
def simulate_command(kit, runs, seed, fmt, out, hand, variants, players) -> None:
    """Play KIT's game many times from its data and report what a designer wants to know
    before printing: how long a game takes, how the decks hold out, what happens how often.

    `printkit docs simulate` explains each game's model of play and how to read the report.
    """
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.kit import load_kit
    from printkit.model.options import Options

    if out is not None and out.suffix.lower() not in (".pdf", ".png"):
        raise click.BadParameter("must end in .pdf or .png", param_hint="--report")
    loaded = load_kit(kit, Options(variants=tuple(variants), players=players))
    game = loaded.game()
    if game is not None and game.plays:
        with progress_shown():
            report = game.simulate(loaded, players, runs, seed)
    elif loaded.decks():
        # imported here, not at the top, so that `printkit --help` stays fast
        from printkit.reports.shuffle import simulate_decks

        with progress_shown():
            report = simulate_decks(loaded, players, hand, runs, seed)
    else:
        # imported here, not at the top, so that `printkit --help` stays fast
        from printkit.plugins import available_games
        from printkit.plugins import game as find_game

        spec = loaded.manifest.rules
        what = (
            f"game {spec.module!r}"
            if spec and spec.module
            else "no game rules (kit.yaml names no rules module)"
        )
        playable = ", ".join(g for g in available_games() if find_game(g).plays)
        raise fail(
            Location(loaded.manifest_file),
            f"cannot simulate kit {loaded.name!r}: it names {what} and has no deck to deal; "
            f"printkit plays the games with a model of play ({playable}) and deals the decks "
            "of any other kit",
        )
    click.echo(report.as_json() if fmt == "json" else report.as_text(), nl=False)
    if out is not None:
        written = write_report(report, out)
        say(f"wrote {written}", err=fmt == "json")


def write_pdf(report, path: Path) -> None:
    """The report's one page, on a canvas of our own (pages are decided here, not in draw/)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.output import new_canvas
    from printkit.reports.sim_report_pdf import PAGE, draw_page

    c = new_canvas(path, PAGE, report.heading(), "printkit simulate report")
    draw_page(c, report)
    c.showPage()
    c.save()


def write_report(report, out: Path) -> Path:
    """The one-page report as PDF, or as PNG rendered from it; written atomically."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.output import staged

    folder = out.parent if str(out.parent) else Path(".")
    with staged(folder) as stage:
        temp = stage.temp_for(out)
        if out.suffix.lower() == ".pdf":
            write_pdf(report, temp)
        else:
            _write_png(report, temp)
    return out


def _write_png(report, target: Path) -> None:
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.export.preview import render_page

    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "report.pdf"
        write_pdf(report, pdf)
        render_page(pdf, 0, 150).save(target, format="PNG")
