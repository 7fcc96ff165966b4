"""`printkit icons [KIT]`: a named contact sheet of every icon a kit can use (PDF and PNG)."""

from __future__ import annotations

from pathlib import Path

import click

from printkit.cli.app import complete_kits, report_errors, say


@click.command(name="icons")
@click.argument("kit", required=False, metavar="[KIT|DIR]", shell_complete=complete_kits)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for icons.pdf and icons.png (a kit's go in OUT/<kit>/).",
)
@click.option("--paper", help="a4, letter, ... [default: a4, or your `printkit config`].")
@report_errors
def icons_command(kit, out, paper) -> None:
    """Draw every icon name KIT can use (the built-in ones if no KIT), each with its name.

    Elements name icons with `icon: NAME`, text with `{icon:NAME}`, tiles with `ornament: NAME`.
    A kit adds its own from PNG, JPEG or SVG files under `icons:` in kit.yaml or a deck file.
    """
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.cli.settings import resolve_options
    from printkit.draw.icon_sheet import draw_icon_page, sheet_layout
    from printkit.draw.icons import BUILTIN
    from printkit.export.preview import render_page
    from printkit.model.cards import Deck
    from printkit.output import new_canvas, staged

    options = resolve_options(paper=paper)
    library, title, folder = BUILTIN, "printkit", out
    if kit:
        # imported here, not at the top, so that `printkit --help` stays fast
        from printkit.kit import load_kit

        loaded = load_kit(kit)
        library, title, folder = loaded.icons(), loaded.name, out / loaded.name
        for cid in loaded.decks():
            library = library.with_icons(loaded.model_as(cid, Deck).icons.icons.values())
    pdf, png = folder / "icons.pdf", folder / "icons.png"
    with staged(out) as stage:
        temp = stage.temp_for(pdf)
        paper = (options.paper_size.width, options.paper_size.height)
        c = new_canvas(temp, paper, f"{title}: icons", "every icon name, drawn")
        for page in range(sheet_layout(library, paper)[2]):
            draw_icon_page(c, library, paper, title, page)
            c.showPage()
        c.save()
        render_page(temp, 0).save(stage.temp_for(png), format="PNG")
    say(f"wrote {pdf} and {png} ({len(library.names())} icons)")
