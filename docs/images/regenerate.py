"""Regenerate the small images that README.md, docs/printing.md and docs/design-loop.md show.

Run from the repository root:  python docs/images/regenerate.py
They come from printkit's own output (the previews and the calibration sheet), shrunk and
reduced to a palette so they stay small in git.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageChops, ImageOps

HERE = Path(__file__).resolve().parent
DPI = 200  # for the calibration close-up


def _printkit(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "printkit", *args], check=True)


def _save(image: Image.Image, name: str, width: int, colours: int = 96) -> None:
    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    image = image.convert("RGB").quantize(colours, method=Image.Quantize.MEDIANCUT, dither=0)
    image.save(HERE / name, optimize=True)
    print(f"wrote {HERE / name} ({(HERE / name).stat().st_size // 1024} KB)")


def _seen_against_the_light(front: Image.Image, back: Image.Image, error_mm) -> Image.Image:
    """The front with the back showing through, for a long-edge flip and a printer that
    shifts the back by error_mm (back-page coordinates: +x right, +y up)."""
    px = DPI / 25.4
    back = ImageChops.offset(back.convert("L"), round(error_mm[0] * px), round(-error_mm[1] * px))
    through = ImageOps.mirror(back).point(lambda v: 255 - (255 - v) * 0.45)
    return ImageChops.multiply(front.convert("L"), through)


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))  # this checkout's printkit
    from printkit.export.preview import render_page

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        _printkit("preview", "chariot-race", "--out", str(out), "--paper", "a4")
        folder = out / "chariot-race"
        _save(Image.open(folder / "cards-contact.png"), "chariot-race-cards-contact.png", 960)
        _save(Image.open(folder / "cards-page1.png"), "chariot-race-cards-page1.png", 420)

        _printkit("build", "chartae", "carthage", "--profile", "shop", "--out", str(out / "shop"))
        tiles = out / "shop" / "chartae" / "tiles.pdf"
        _save(_tile_map(tiles), "chartae-tiles.png", 420)
        board = out / "shop" / "carthage" / "board.pdf"
        _save(render_page(board, 0, 40), "carthage-board.png", 640)

        _printkit("export", "chariot-race", "--tts", "--out", str(out / "tts"))
        sheet = out / "tts" / "chariot-race" / "tts" / "cards-faces-1.jpg"
        _save(Image.open(sheet), "tts-face-sheet.png", 640)

        pdf = out / "calibration.pdf"
        _printkit("calibrate", "--paper", "a4", "--duplex", "long", "--back-offset", "0,0",
                  "--out", str(pdf))  # fmt: skip
        front, back = render_page(pdf, 0, DPI), render_page(pdf, 1, DPI)
        _save(render_page(pdf, 0, 100), "calibration-front.png", 480, 32)
        seen = _seen_against_the_light(front, back, (-1.0, 0.5))
        _save(_around(seen, "+1,-0.5"), "calibration-against-the-light.png", 560, 32)


def _tile_map(pdf: Path) -> Image.Image:
    """The nine Chartae tile fronts (shop pages 1, 3, 5, ...) laid out as a 3 x 3 map."""
    from printkit.export.preview import render_page

    tiles = [render_page(pdf, 2 * i, 100) for i in range(9)]
    bleed = round(3 / 25.4 * 100)
    tiles = [t.crop((bleed, bleed, t.width - bleed, t.height - bleed)) for t in tiles]
    size = tiles[0].width
    gap = 6
    sheet = Image.new("RGB", (3 * size + 2 * gap, 3 * size + 2 * gap), "white")
    for i, tile in enumerate(tiles):
        sheet.paste(tile, ((i % 3) * (size + gap), (i // 3) * (size + gap)))
    return sheet


def _around(image: Image.Image, label: str) -> Image.Image:
    """A 5 x 3 cell crop of a 200 dpi A4 long-edge calibration front, centred on one cell."""
    from printkit.layout.calibration import calibration_sheet
    from printkit.layout.sizes import PAPER

    sheet = calibration_sheet(PAPER["a4"], "long")
    cell = next(c for c in sheet.cells if c.label == label).front
    px = DPI / 72  # points to pixels
    x0, x1 = cell.x - 2 * cell.w, cell.x1 + 2 * cell.w
    top, bottom = sheet.sheet.height - (cell.y1 + cell.h), sheet.sheet.height - (cell.y - cell.h)
    return image.crop((round(x0 * px), round(top * px), round(x1 * px), round(bottom * px)))


if __name__ == "__main__":
    main()
