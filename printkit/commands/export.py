"""`printkit export KIT --images`: card images for print-on-demand services (printkit.cardimages).

Writes OUT/<kit>/images/<deck>/<card>-<copy>.png (or .jpg), <deck>/back.png and manifest.csv,
all at once and only when every deck has rendered (like a build).
"""

from __future__ import annotations

from pathlib import Path

import click

from printkit.cli import _kit_options, _report_errors


def _preset_help() -> str:
    from printkit.cardimages import PRESETS

    return "; ".join(
        f"{p.name}: {p.pixels[0]}x{p.pixels[1]} px ({p.source})" for p in PRESETS.values()
    )


@click.command(name="export")
@click.argument("kit", metavar="KIT|DIR")
@click.option("--images", is_flag=True, required=True, help="One image per card face and back.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Output folder; images go to OUT/<kit>/images/.",
)
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True)
@click.option(
    "--preset",
    type=click.Choice(["poker", "poker-eu"]),
    help="A print service's card template (sets size, bleed and dpi). " + "poker: 825x1125 px; "
    "poker-eu: 815x1110 px. See docs/printing.md.",
)
@click.option("--bleed", type=click.FloatRange(0, 10), default=3.0, metavar="MM", show_default=True,
              help="Bleed per side without a preset.")  # fmt: skip
@click.option(
    "--format", "fmt", type=click.Choice(["png", "jpeg"]), default="png", show_default=True
)
@_kit_options
@_report_errors
def export_command(kit, images, out, dpi, preset, bleed, fmt, variants, players) -> None:
    """Write one image per card face (every copy) and per deck back of KIT, with bleed, and
    a manifest of front/back pairs, for print-on-demand card services."""
    from printkit.cardimages import PRESETS, export_images
    from printkit.kit import load_kit
    from printkit.layout.units import to_mm
    from printkit.model.options import Options
    from printkit.output import staged

    chosen = PRESETS[preset] if preset else None
    options = Options(
        profile="shop",
        bleed_mm=to_mm(chosen.bleed) if chosen else bleed,
        card_pages="designs",
        variants=tuple(variants),
        players=players,
    )
    loaded = load_kit(kit, options)
    with staged(out) as stage:
        done = export_images(loaded, out, stage, chosen, dpi, fmt)
    if not done:
        click.echo(f"kit {loaded.name!r} has no deck: no card images to write", err=True)
        return
    for deck in done:
        w, h = deck.pixels
        click.echo(f"{deck.deck}: {len(deck.rows)} fronts and 1 back, {w}x{h} px")
    click.echo(f"wrote {out / loaded.name / 'images' / 'manifest.csv'}")
