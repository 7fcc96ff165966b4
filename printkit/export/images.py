"""One image per card face and back, for print-on-demand card services, with a manifest; and
one per face and back of every cut piece (tiles, tokens) a kit prints.

Each deck is drawn as a shop PDF with one page per design and its back (components/
deck_designs.py) into a temporary folder, and each page is rendered by pdfium: the pixels are
the PDF's own. A preset fixes the pixel size a service's template asks for (trim plus bleed at
its resolution); without one, the deck's own size plus bleed is rendered at `dpi`.

Files: OUT/<kit>/images/<deck>/<card id>-<copy>.<ext> for every printed copy, each back the deck
prints once (<deck>/back.<ext> for the deck's own, back-<kind>.<ext> for a kind's own,
<card id>-back.<ext> for a back that shows its card's fields), and OUT/<kit>/images/manifest.csv
pairing each front with the back printed behind it (model/backs.py decides which, as for the PDF).

A component whose type exports its pieces (`exports_pieces`: tiles, tokens) gets
OUT/<kit>/images/<component>/<design>-<copy>.<ext> for every printed piece and <back key>.<ext>
for each back (export/pieces.py), at `dpi` (a preset's card template is for cards: pieces are
drawn at its resolution); a shaped piece is white (paper) outside its outline.
"""

from __future__ import annotations

import contextlib
import csv
import io
import tempfile
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pypdfium2 as pdfium
from PIL import Image

from printkit.core.errors import Location, fail
from printkit.core.limits import MAX_EXPORT_PIXELS
from printkit.core.progress import ticking
from printkit.export.pieces import DesignGroup, design_groups, design_pdf, sides
from printkit.layout.presets import Preset
from printkit.layout.units import format_mm
from printkit.load.schema import where
from printkit.model.backs import has_card_backs
from printkit.model.cards import Deck
from printkit.model.designs import DesignPage, design_pages
from printkit.render import more_output_path

if TYPE_CHECKING:
    from printkit.kit import Derived


@dataclass
class Rendered:
    deck: str
    rows: list[tuple[str, int, Path, Path | None]]  # card id, copy, front file, back (or none)
    pixels: tuple[int, int]


def export_images(
    kit: Any, derived: Derived, out: Path, stage: Any, preset: Preset | None, dpi: int, fmt: str
):
    """Render every deck of the kit into staged files; returns [(deck, rows, pixels)]. A deck
    whose images would exceed MAX_EXPORT_PIXELS is refused before anything is drawn."""
    decks = [cid for cid in kit.decks() if kit.chosen(cid)]  # --only
    pieces = [cid for cid in piece_components(kit) if kit.chosen(cid)]
    kit.models()
    if not decks and not pieces:
        return []
    for cid in decks:
        _check_pixels(kit, cid, preset, dpi)
    resolution = preset.dpi if preset else dpi
    groups = {cid: design_groups(kit, derived, cid) for cid in pieces}
    for designs in groups.values():
        for group in designs:
            _check_piece_pixels(kit, group, resolution)
    folder = out / kit.name / "images"
    done = [_export_deck(kit, derived, cid, folder, stage, preset, dpi, fmt) for cid in decks]
    for cid, designs in groups.items():
        done += [
            _export_pieces(kit, derived, cid, g, folder / cid, stage, resolution, fmt)
            for g in designs
        ]
    stage.write_text(folder / "manifest.csv", manifest_text(done))
    return done


def piece_components(kit: Any) -> list[str]:
    """The components whose cut pieces export as pictures (their type's `exports_pieces`)."""
    return list(kit.components_with(lambda t: t.exports_pieces))


def _export_pieces(  # noqa: PLR0913 - one group's pictures, where and how they are written
    kit: Any,
    derived: Derived,
    cid: str,
    designs: DesignGroup,
    folder: Path,
    stage: Any,
    dpi: int,
    fmt: str,
) -> Rendered:
    """A group's pieces as pictures: each design's front for every printed copy, each back
    once (`<back key>.<ext>`), at `dpi` (a preset's card template does not apply to them)."""
    ext = "jpg" if fmt == "jpeg" else "png"
    rows: list[tuple[str, int, Path, Path | None]] = []
    size = (0, 0)
    written: set[str] = set()
    with design_pdf(kit, cid, designs) as pdf:
        pages = render_pages(pdf, None, dpi)
        try:
            for design, front, back in sides(designs, pages):
                size = front.size
                back_file = folder / f"{design.back}.{ext}" if back is not None else None
                if back_file is not None and design.back not in written:
                    _save(back, stage.temp_for(back_file), fmt, dpi)
                    written.add(design.back)
                data = _encode(front, fmt, dpi)
                for copy in range(1, design.copies + 1):
                    file = folder / f"{design.name}-{copy}.{ext}"
                    stage.temp_for(file).write_bytes(data)
                    rows.append((design.name, copy, file, back_file))
        finally:
            pages.close()
    return Rendered(cid, rows, size)


def _check_piece_pixels(kit: Any, designs: DesignGroup, dpi: int) -> None:
    """A group's pieces at `dpi` within MAX_EXPORT_PIXELS, refused before anything is drawn."""
    bleed = 2 * kit.options.bleed
    piece = designs.piece
    w = round((piece.width + bleed) / 72 * dpi)
    h = round((piece.height + bleed) / 72 * dpi)
    if w * h > MAX_EXPORT_PIXELS:
        raise fail(
            designs.group.where,
            f"a {format_mm(piece.width)} x {format_mm(piece.height)} piece at {dpi} dpi is "
            f"{w:,} x {h:,} pixels; the limit (MAX_EXPORT_PIXELS) is {MAX_EXPORT_PIXELS:,} "
            "pixels an image: choose a lower --dpi",
        )


@contextlib.contextmanager
def deck_pages(
    kit: Any, derived: Derived, cid: str, preset: Preset | None, dpi: int
) -> Iterator[Generator[Any, None, None]]:
    """Deck `cid`'s pages as images, rendered one at a time from the deck's own PDF (the kit
    loaded with the shop profile and `card_pages: designs`): each design, then the back."""
    with tempfile.TemporaryDirectory(prefix="printkit-export-") as tmp:
        pdf = Path(tmp) / f"{cid}.pdf"
        kit.component(cid).render(kit, derived, cid, pdf, None)
        more_output_path(pdf, f"{cid}-counts.csv").unlink(missing_ok=True)
        pages = render_pages(pdf, preset, dpi)
        try:
            yield pages
        finally:
            pages.close()


@dataclass
class DeckFaces:
    """A deck's designs as images: each design's front in deck order, each back it prints by
    key (model/backs.py), and the key of the back behind each front (empty: one-sided)."""

    fronts: list[Any]
    backs: dict[str, Any]
    behind: list[str]


def deck_faces(kit: Any, derived: Derived, cid: str, dpi: int) -> DeckFaces:
    """Every design's face and every back at once (for a sheet that shows them together)."""
    deck = kit.model_as(cid, Deck)
    out = DeckFaces([], {}, [])
    with deck_pages(kit, derived, cid, None, dpi) as pages:
        for page, image in zip(design_pages(deck), pages, strict=True):
            if page.side == "front":
                out.fronts.append(image)
                if page.key:
                    out.behind.append(page.key)
            else:
                out.backs[page.key] = image
    return out


def _export_deck(
    kit, derived: Derived, cid: str, folder: Path, stage, preset, dpi: int, fmt: str
) -> Rendered:
    deck = kit.model_as(cid, Deck)  # its size fits the preset: the deck's loading checks it
    with deck_pages(kit, derived, cid, preset, dpi) as pages:
        rows, size = _write_images(pages, deck, folder / cid, stage, preset, dpi, fmt)
    return Rendered(cid, rows, size)


def _write_images(pages: Any, deck: Deck, folder: Path, stage, preset, dpi: int, fmt: str):
    """Each design's image for every copy, and each back once: one page rendered at a time
    (a deck of 5000 designs never holds more than one image). Returns (rows, pixel size)."""
    ext = "jpg" if fmt == "jpeg" else "png"
    resolution = preset.dpi if preset else dpi
    own = has_card_backs(deck)
    rows: list[tuple[str, int, Path, Path | None]] = []
    size = (0, 0)
    for page, image in zip(design_pages(deck), pages, strict=True):
        back = _back_file(folder, page, ext, own) if page.key else None
        if page.side == "back":
            assert back is not None
            _save(image, stage.temp_for(back), fmt, resolution)
            continue
        size = image.size
        card = page.cards[0]
        data = _encode(image, fmt, resolution)
        for copy in range(1, card.count + 1):
            front = folder / f"{card.id}-{copy}.{ext}"
            stage.temp_for(front).write_bytes(data)
            rows.append((card.id, copy, front, back))
    return rows, size


def _back_file(folder: Path, page: DesignPage, ext: str, own: bool) -> Path:
    """<back key>.<ext> for a back many cards share (back.<ext>: the deck's own), or
    <card id>-back.<ext> for a card's own back."""
    return folder / (f"{page.cards[0].id}-back.{ext}" if own else f"{page.key}.{ext}")


def output_pixels(kit: Any, deck: Deck, preset: Preset | None, dpi: int) -> tuple[int, int]:
    """The pixel size of the deck's images: the preset's, or its card plus bleed at `dpi`."""
    if preset is not None:
        return preset.pixels
    bleed = 2 * kit.options.bleed
    return (
        round((deck.size.width + bleed) / 72 * dpi),
        round((deck.size.height + bleed) / 72 * dpi),
    )


def _check_pixels(kit: Any, cid: str, preset: Preset | None, dpi: int) -> None:
    deck = kit.model_as(cid, Deck)
    w, h = output_pixels(kit, deck, preset, dpi)
    if w * h > MAX_EXPORT_PIXELS:
        raise fail(
            where(deck, "card_size") or Location(deck.file),
            f"deck {cid!r}: a {format_mm(deck.size.width)} x {format_mm(deck.size.height)} card "
            f"at {dpi} dpi is {w:,} x {h:,} pixels; the limit (MAX_EXPORT_PIXELS) is "
            f"{MAX_EXPORT_PIXELS:,} pixels an image: choose a lower --dpi",
        )


def render_pages(pdf: Path, preset: Preset | None, dpi: int) -> Generator[Any, None, None]:
    """Each page as a Pillow image, one at a time: at `dpi` (the same pixels as the PDF's page
    rendered at `dpi`, to the nearest whole pixel), or scaled to cover the preset's exact
    pixels and centred (a deck a little off the preset's size is scaled uniformly, never
    distorted)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for page in ticking(doc, f"drawing {pdf.stem}", len(doc)):
            w_pt, h_pt = page.get_size()
            if preset is None:  # the page at exactly `dpi`, its last partial pixels cut off
                size = (round(w_pt / 72 * dpi), round(h_pt / 72 * dpi))
                scale = dpi / 72
            else:
                size = preset.pixels
                scale = max(size[0] / w_pt, size[1] / h_pt)
            image = page.render(scale=scale, draw_annots=False).to_pil().convert("RGB")
            yield _centre_crop(image, size)
    finally:
        doc.close()


def _centre_crop(image: Any, size: tuple[int, int]) -> Any:
    if image.size == size:
        return image
    left = (image.width - size[0]) // 2
    top = (image.height - size[1]) // 2
    canvas = Image.new("RGB", size, (255, 255, 255))
    canvas.paste(image, (-left, -top))
    return canvas


def _encode(image: Any, fmt: str, dpi: int) -> bytes:
    buffer = io.BytesIO()
    if fmt == "jpeg":
        image.save(buffer, "JPEG", quality=95, subsampling=0, dpi=(dpi, dpi))
    else:
        image.save(buffer, "PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


def _save(image: Any, path: Path, fmt: str, dpi: int) -> None:
    path.write_bytes(_encode(image, fmt, dpi))


def manifest_text(done: list[Rendered]) -> str:
    """deck,card,copy,front,back,width_px,height_px: one row per printed card."""
    out = io.StringIO()
    rows = csv.writer(out, lineterminator="\n")
    rows.writerow(["deck", "card", "copy", "front", "back", "width_px", "height_px"])
    for deck in done:
        for card, copy, front, back in deck.rows:
            behind = f"{deck.deck}/{back.name}" if back is not None else ""
            rows.writerow(
                [deck.deck, card, copy, f"{deck.deck}/{front.name}", behind, *deck.pixels]
            )
    return out.getvalue()
