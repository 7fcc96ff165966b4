"""`printkit export KIT`: a kit's cards in other forms than PDF.

  --images          one image per card face (every copy) and per deck back, with bleed, and a
                    manifest of front/back pairs, for print-on-demand card services
                    (printkit.export.images): OUT/<kit>/images/<deck>/<card>-<copy>.png (or .jpg),
                    <deck>/back.png and manifest.csv
  --vassal          a VASSAL module (printkit.export.vassal): OUT/<kit>/<kit>.vmod, the kit's
                    maps as boards with their hex grids, its two-sided decks as counters in a
                    palette by side, its one-sided decks as charts
  --cards csv|xlsx  each deck's card list as a spreadsheet that reads back to the same cards
                    (printkit.export.table): OUT/<kit>/<deck>.csv; point the deck file at it
                    (`cards: cards.csv`) and the kit builds the same PDFs

Everything is written at once, and only when every deck has been read (like a build).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import click

from printkit.cli.app import (
    complete_kits,
    kit_options,
    note,
    only_decks,
    progress_shown,
    report_errors,
    say,
)
from printkit.layout.presets import PRESETS


@click.command(name="export")
@click.argument("kit", metavar="KIT|DIR", shell_complete=complete_kits)
@click.option(
    "--images",
    is_flag=True,
    help="One image per card face and back, and per piece's (tiles, tokens).",
)
@click.option(
    "--tts",
    is_flag=True,
    help="Each deck for Tabletop Simulator (face sheets, each back, a saved object), and each "
    "component's tiles or tokens (one custom tile per piece, each with its own back).",
)
@click.option(
    "--base-url",
    metavar="URL",
    callback=lambda ctx, param, value: _base_url(value),
    help="--tts: the https:// address you will upload the tts/ images to; the saved object "
    "links them there, so the deck loads on other computers [default: file links, this "
    "computer only].",
)
@click.option(
    "--saved-objects",
    is_flag=True,
    help="--tts: also put each deck's saved object into Tabletop Simulator's Saved Objects "
    "folder (found for this system), under printkit/.",
)
@click.option(
    "--vassal",
    is_flag=True,
    help="A VASSAL module (.vmod): maps as boards with their grids, counters (decks with "
    "backs) as pieces that flip, other decks as charts.",
)
@click.option(
    "--vassal-group",
    metavar="FIELD",
    help="--vassal: the card field whose value names a counter's palette tab (its side) "
    "[default: the card's kind label].",
)
@click.option(
    "--showcase",
    metavar="CARD,CARD...",
    help="An image of these cards (1 to 11) fanned out like a hand (ids, or DECK:ID).",
)
@click.option(
    "--cards",
    "table_format",
    type=click.Choice(["csv", "xlsx"]),
    help="Write each deck's cards as a spreadsheet in this format.",
)
@only_decks
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Output folder (a subfolder per kit; images go to OUT/<kit>/images/).",
)
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True)
@click.option(
    "--preset",
    type=click.Choice(list(PRESETS)),
    help="A print service's card template (sets size, bleed and dpi): "
    + "; ".join(
        f"{p.name}: {p.service} {p.product}, {p.pixels[0]}x{p.pixels[1]} px"
        for p in PRESETS.values()
    )
    + ". See: printkit docs printing.",
)
@click.option("--bleed", type=click.FloatRange(0, 10), default=3.0, metavar="MM", show_default=True,
              help="Bleed per side without a preset.")  # fmt: skip
@click.option(
    "--image-format",
    "--format",
    "fmt",
    type=click.Choice(["png", "jpeg"]),
    default="png",
    show_default=True,
    help="The card images' file format (--format is its old name: elsewhere --format is the "
    "report's format).",
)
@kit_options
@report_errors
def export_command(
    kit, images, tts, base_url, saved_objects, vassal, vassal_group, showcase, table_format,
    components, out, dpi, preset, bleed, fmt, variants, players
) -> None:  # fmt: skip
    """Export KIT's cards and pieces as images for print-on-demand services (--images), as
    Tabletop Simulator decks and tiles (--tts), as a VASSAL module (--vassal), as a showcase
    image of a few cards (--showcase), or as spreadsheets that read back to the same cards
    (--cards csv|xlsx)."""
    if not (images or tts or vassal or showcase or table_format):
        raise click.UsageError(
            "say what to export: --images, --tts, --vassal, --showcase CARD,..., --cards csv|xlsx"
        )
    if vassal_group and not vassal:
        raise click.UsageError("--vassal-group goes with --vassal")
    if (base_url or saved_objects) and not tts:
        raise click.UsageError("--base-url and --saved-objects go with --tts")
    if table_format:
        _export_cards(kit, table_format, components, out)
    if images:
        _export_images(kit, out, dpi, preset, bleed, fmt, variants, players, components)
    if vassal:
        _export_vassal(kit, out, dpi, vassal_group, components, variants, players)
    if tts or showcase:
        share = _TtsShare(base_url, _saved_objects_folder() if saved_objects else None)
        _export_pictures(kit, out, tts, share, showcase, components, variants, players)


def _base_url(value: str | None) -> str | None:
    """--base-url, checked before anything is read: an https:// folder address."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.export.tts_places import base_url_problem

    if value is None:
        return None
    problem = base_url_problem(value)
    if problem:
        raise click.BadParameter(f"{problem}; got {value!r}")
    return value.strip()


@dataclass
class _TtsShare:
    """Where --tts decks are shared: the base URL of their images, and TTS's Saved Objects
    folder to copy each saved object into (None: neither)."""

    base_url: str | None
    saved_objects: Path | None


def _saved_objects_folder() -> Path:
    """TTS's Saved Objects folder, refused before anything is drawn when TTS's Saves folder is
    not there (TTS not installed, or installed elsewhere)."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.core.errors import Location, display_path, fail
    from printkit.export.tts_places import SAVED_OBJECTS_ENV, saved_objects_folder

    folder = saved_objects_folder()
    if not folder.parent.is_dir():
        raise fail(
            Location(display_path(folder.parent)),
            "Tabletop Simulator's Saves folder is not here (start TTS once to make it); if it is "
            f"elsewhere, set {SAVED_OBJECTS_ENV} to its Saved Objects folder",
        )
    return folder


def _copy_to_saved_objects(folder: Path, kit_name: str, saved: list[Path]) -> list[str]:
    """Each saved object's JSON, copied into TTS's Saved Objects folder under printkit/."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.export.tts_places import SUBFOLDER
    from printkit.output import staged

    targets = [folder / SUBFOLDER / f"{kit_name}-{json.stem}.json" for json in saved]
    with staged(folder) as stage:
        for json, target in zip(saved, targets, strict=True):
            stage.write_text(target, json.read_text(encoding="utf-8"))
    return [
        f"wrote {t} (in Tabletop Simulator: Objects > Saved Objects > {SUBFOLDER})" for t in targets
    ]


def _export_pictures(
    kit, out: Path, tts: bool, share: _TtsShare, showcase, components, variants, players
) -> None:
    """--tts and --showcase: the decks' faces without bleed, as a table shows them."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.export.images import piece_components
    from printkit.export.showcase import chosen_cards, showcase_image
    from printkit.export.tts import export_tts
    from printkit.export.tts_pieces import export_tts_pieces
    from printkit.kit import Derived, load_kit
    from printkit.model.options import Options
    from printkit.output import staged

    options = Options(
        profile="shop", bleed_mm=0, card_pages="designs", variants=tuple(variants), players=players
    )
    loaded = load_kit(kit, options)
    loaded.models()
    derived = Derived()  # what drawing the pictures derives (the decks' layouts)
    decks = loaded.decks()
    pieces = piece_components(loaded)
    if tts and not (decks or pieces):
        note(f"kit {loaded.name!r} has no deck or pieces: no Tabletop Simulator object to write")
    lines: list[str] = []
    written: list[Path] = []
    with staged(out) as stage, progress_shown():
        for cid in (list(components) or decks + pieces) if tts else []:
            if cid in pieces:
                saved, count = export_tts_pieces(loaded, derived, out, stage, cid, share.base_url)
                written.append(saved)
                lines.append(f"wrote {saved} ({count} piece{'s' * (count != 1)} as tiles)")
                continue
            saved, sheets, cards = export_tts(loaded, derived, out, stage, cid, share.base_url)
            written.append(saved)
            lines.append(f"wrote {saved} ({cards} cards on {len(sheets)} face sheet(s))")
        if showcase:
            picks = chosen_cards(loaded, [p.strip() for p in showcase.split(",") if p.strip()])
            target = out / loaded.name / "showcase.png"
            showcase_image(loaded, derived, picks).save(stage.temp_for(target), "PNG")
            lines.append(f"wrote {target}")
    if written and share.saved_objects is not None:
        lines += _copy_to_saved_objects(share.saved_objects, loaded.name, written)
    if written and share.base_url:
        lines.append(
            f"upload the images of {written[0].parent} to {share.base_url} (the saved objects "
            "link them there); then any player can load the .json"
        )
    for line in lines:
        say(line)


def _export_vassal(kit, out: Path, dpi: int, group_by, components, variants, players) -> None:
    """--vassal: the module, its pictures rendered from the kit's PDFs without bleed."""
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.export.vassal import export_vassal
    from printkit.kit import Derived, load_kit
    from printkit.model.options import Options
    from printkit.output import staged

    options = Options(
        profile="shop", bleed_mm=0, card_pages="designs", variants=tuple(variants), players=players
    )
    loaded = load_kit(kit, options, components)
    with staged(out) as stage, progress_shown():
        path, module = export_vassal(loaded, Derived(), out, stage, dpi, group_by)
    say(
        f"wrote {path} ({len(module.boards)} board(s), {len(module.pieces)} counter(s) in "
        f"{len({p.group for p in module.pieces})} palette tab(s), {len(module.charts)} chart(s)); "
        "open it in VASSAL with File > Open Module"
    )


def _export_images(
    kit, out: Path, dpi: int, preset, bleed: float, fmt: str, variants, players, components
):
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.export.images import export_images
    from printkit.kit import Derived, load_kit
    from printkit.layout.units import to_mm
    from printkit.model.options import Options
    from printkit.output import staged

    chosen = PRESETS[preset] if preset else None
    options = Options(
        profile="shop",
        bleed_mm=to_mm(chosen.bleed) if chosen else bleed,
        card_pages="designs",
        preset=preset,
        variants=tuple(variants),
        players=players,
    )
    loaded = load_kit(kit, options, components)
    with staged(out) as stage, progress_shown():
        done = export_images(loaded, Derived(), out, stage, chosen, dpi, fmt)
    if not done:
        note(f"kit {loaded.name!r} has no deck or pieces: no images to write")
        return
    for deck in done:
        w, h = deck.pixels
        backs = len({back for *_, back in deck.rows if back is not None})
        say(
            f"{deck.deck}: {len(deck.rows)} fronts and {backs} back{'s' * (backs != 1)}, {w}x{h} px"
        )
    say(f"wrote {out / loaded.name / 'images' / 'manifest.csv'}")


def _export_cards(kit, table_format: str, components, out: Path) -> None:
    # imported here, not at the top, so that `printkit --help` stays fast
    from printkit.core.errors import Location, fail
    from printkit.export.table import write_table
    from printkit.kit import load_kit
    from printkit.model.cards import Deck
    from printkit.output import staged

    loaded = load_kit(kit)
    decks = loaded.decks()
    unknown = [c for c in components if c not in decks]
    if unknown or not decks:
        what = f"no deck {unknown[0]!r}" if unknown else "no deck components"
        raise fail(
            Location(loaded.manifest_file),
            f"kit {loaded.name!r} has {what}; its decks are: {', '.join(decks) or 'none'}",
        )
    chosen = list(components) or decks
    loaded.models()  # every input error of the kit at once, before anything is written
    targets = [out / loaded.name / f"{cid}.{table_format}" for cid in chosen]
    with staged(out) as stage:
        for cid, target in zip(chosen, targets, strict=True):
            write_table(loaded.model_as(cid, Deck), stage.temp_for(target), table_format)
    for target in targets:
        say(f"wrote {target}")
