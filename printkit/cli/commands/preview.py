"""`printkit preview`: build kits into a temporary folder and write PNG previews of every PDF.

The previews come from the real PDFs (see printkit/export/preview.py), so they show what will print.
The command takes the same print options as `printkit build` (the very same click options).
"""

from __future__ import annotations

from pathlib import Path

import click

from printkit.cli.app import (
    OutPath,
    build,
    complete_kits,
    kit_options,
    progress_shown,
    report_errors,
    say,
)

# Options shared with `printkit build`, reused so the two commands can never disagree.
SHARED_BUILD_OPTIONS = ("paper", "profile", "duplex", "back_offset", "bleed", "full_size")


@click.command()
@click.argument("kits", nargs=-1, metavar="[KIT|DIR]...", shell_complete=complete_kits)
@click.option(
    "--out",
    type=OutPath(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Output folder; each kit's previews go to OUT/<kit>/.",
)
@kit_options
@report_errors
def preview(kits, out, variants, players, **print_options) -> None:
    """Write PNG previews of each KIT: a contact sheet per component and its first page at 100 dpi.

    The kit is built afresh into a temporary folder; its PDFs are not kept (use
    `printkit build --png` to keep both).
    """
    # imported here, not at the top, so that `printkit --help` stays fast
    import tempfile

    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.build.pipeline import build_kits
    from printkit.cli.settings import resolve_options
    from printkit.export.preview import write_previews
    from printkit.kit import builtin_kit_names, load_kit

    options = resolve_options(
        paper=print_options["paper"],
        profile=print_options["profile"],
        duplex=print_options["duplex"],
        back_offset_mm=print_options["back_offset"],
        bleed_mm=print_options["bleed"],
        full_size=print_options["full_size"],
        variants=tuple(variants),
        players=players,
    )
    loaded = [load_kit(name, options) for name in list(kits) or builtin_kit_names()]
    with tempfile.TemporaryDirectory(prefix="printkit-preview-") as tmp:
        with progress_shown():
            pdfs = build_kits(loaded, Path(tmp))
        folders = [(p, out / p.parent.relative_to(tmp)) for p in pdfs if p.suffix == ".pdf"]
        written = write_previews(folders)
    for path in written:
        say(f"wrote {path}")


preview.params[2:2] = [p for p in build.params if p.name in SHARED_BUILD_OPTIONS]
