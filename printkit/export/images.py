"""One image per card face and back, for print-on-demand card services, with a manifest.

Each deck is drawn as a shop PDF with one page per design and its back (components/
deck_designs.py) into a temporary folder, and each page is rendered by pdfium: the pixels are
the PDF's own. A preset fixes the pixel size a service's template asks for (trim plus bleed at
its resolution); without one, the deck's own size plus bleed is rendered at `dpi`.

Files: OUT/<kit>/images/<deck>/<card id>-<copy>.<ext> for every printed copy, <deck>/back.<ext>
once per deck, and OUT/<kit>/images/manifest.csv pairing each front with its back.
"""

from __future__ import annotations

import csv
import io
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image

from printkit.components import more_output_path
from printkit.core.errors import Location, fail
from printkit.layout.units import format_mm, inch, mm
from printkit.model.deck import Deck


@dataclass(frozen=True)
class Preset:
    """A service's card template: finished (trim) size, bleed per side, resolution."""

    name: str
    trim: tuple[float, float]  # points
    bleed: float  # points
    dpi: int
    source: str

    @property
    def pixels(self) -> tuple[int, int]:
        return (
            round((self.trim[0] + 2 * self.bleed) / 72 * self.dpi),
            round((self.trim[1] + 2 * self.bleed) / 72 * self.dpi),
        )


PRESETS: dict[str, Preset] = {
    "poker": Preset(
        "poker",
        (inch(2.5), inch(3.5)),
        inch(0.125),
        300,
        "US poker card, 2.5 x 3.5 in with 1/8 in bleed (2.75 x 3.75 in), as DriveThruCards asks",
    ),
    "poker-eu": Preset(
        "poker-eu",
        (mm(63), mm(88)),
        mm(3),
        300,
        "European poker card, 63 x 88 mm with 3 mm bleed (69 x 94 mm), as European shops ask",
    ),
}
SIZE_TOLERANCE = 0.03  # a deck within 3 % of a preset's trim is scaled to it; beyond, refused


@dataclass
class Rendered:
    deck: str
    rows: list[tuple[str, int, Path, Path]]  # card id, copy, front file, back file
    pixels: tuple[int, int]


def export_images(kit: Any, out: Path, stage: Any, preset: Preset | None, dpi: int, fmt: str):
    """Render every deck of the kit into staged files; returns [(deck, rows, pixels)]."""
    decks = kit.decks()
    kit.models()
    if not decks:
        return []
    folder = out / kit.name / "images"
    done = [_export_deck(kit, cid, folder, stage, preset, dpi, fmt) for cid in decks]
    stage.write_text(folder / "manifest.csv", manifest_text(done))
    return done


def _export_deck(kit, cid: str, folder: Path, stage, preset, dpi: int, fmt: str) -> Rendered:
    deck = kit.model_as(cid, Deck)
    _check_size(kit, cid, deck, preset)
    with tempfile.TemporaryDirectory(prefix="printkit-export-") as tmp:
        pdf = Path(tmp) / f"{cid}.pdf"
        kit.component(cid).render(kit, cid, pdf, None)
        more_output_path(pdf, f"{cid}-counts.csv").unlink(missing_ok=True)
        images = _render_pages(pdf, preset, dpi)
    ext = "jpg" if fmt == "jpeg" else "png"
    back = folder / cid / f"back.{ext}"
    _save(images[-1], stage.temp_for(back), fmt, preset.dpi if preset else dpi)
    rows = []
    for card, image in zip(deck.cards, images[:-1], strict=True):
        data = _encode(image, fmt, preset.dpi if preset else dpi)
        for copy in range(1, card.count + 1):
            front = folder / cid / f"{card.id}-{copy}.{ext}"
            stage.temp_for(front).write_bytes(data)
            rows.append((card.id, copy, front, back))
    return Rendered(cid, rows, images[-1].size)


def _check_size(kit, cid: str, deck, preset: Preset | None) -> None:
    if preset is None:
        return
    for got, want in zip((deck.size.width, deck.size.height), preset.trim, strict=True):
        if abs(got - want) > SIZE_TOLERANCE * want:
            raise fail(
                Location(deck.file),
                f"deck {cid!r} is {format_mm(deck.size.width)} x {format_mm(deck.size.height)}; "
                f"preset {preset.name!r} is for {format_mm(preset.trim[0])} x "
                f"{format_mm(preset.trim[1])} cards: choose a preset of the deck's size, or "
                "none (--dpi alone renders the deck's own size)",
            )


def _render_pages(pdf: Path, preset: Preset | None, dpi: int) -> list[Any]:
    """Each page as a Pillow image: at `dpi`, or scaled to cover the preset's exact pixels and
    centred (a deck a little off the preset's size is scaled uniformly, never distorted)."""
    images = []
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for page in doc:
            w_pt, h_pt = page.get_size()
            if preset is None:
                size = (round(w_pt / 72 * dpi), round(h_pt / 72 * dpi))
            else:
                size = preset.pixels
            scale = max(size[0] / w_pt, size[1] / h_pt)
            image = page.render(scale=scale, draw_annots=False).to_pil().convert("RGB")
            images.append(_centre_crop(image, size))
    finally:
        doc.close()
    return images


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
            rows.writerow(
                [deck.deck, card, copy, f"{deck.deck}/{front.name}", f"{deck.deck}/{back.name}",
                 *deck.pixels]
            )  # fmt: skip
    return out.getvalue()
