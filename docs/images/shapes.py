"""The pictures of docs/tutorial.md's part 19 and data-format.md's "Pieces of any shape", made
by printkit from tests/kits/hex-island.

Run from the repository root:  python docs/images/shapes.py
It builds the kit (home and shop) and renders a sheet of hex tiles, the number discs and one
hex tile's face and back with their bleed into docs/images/shapes-*.png, shrunk and reduced to
a palette so they stay small in git.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
KIT = HERE.parent.parent / "tests" / "kits" / "hex-island"


def _save(image: Image.Image, name: str, width: int, colours: int = 64) -> None:
    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    image = image.convert("RGB").quantize(colours, method=Image.Quantize.MEDIANCUT, dither=0)
    image.save(HERE / name, optimize=True)
    print(f"wrote {HERE / name} ({(HERE / name).stat().st_size // 1024} KB)")


def _cropped(image: Image.Image, margin: int = 12) -> Image.Image:
    """The page cut to what is printed on it, with a white margin."""
    box = Image.eval(image.convert("L"), lambda v: 255 - v).getbbox() or (0, 0, *image.size)
    left, top = max(0, box[0] - margin), max(0, box[1] - margin)
    return image.crop(
        (left, top, min(image.width, box[2] + margin), min(image.height, box[3] + margin))
    )


def _build(out: Path, *options: str) -> Path:
    subprocess.run(
        [sys.executable, "-m", "printkit", "build", str(KIT), "--out", str(out), "-j", "1",
         *options],
        check=True,
    )  # fmt: skip
    return out / "hex-island"


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))  # this checkout's printkit
    from printkit.export.preview import render_page

    with tempfile.TemporaryDirectory() as tmp:
        home = _build(Path(tmp) / "home")
        _save(render_page(home / "tiles.pdf", 0, 60), "shapes-hex-sheet.png", 640)
        discs = render_page(home / "discs.pdf", 0, 100)
        middle = discs.crop(
            (0, round(discs.height * 0.05), discs.width, round(discs.height * 0.95))
        )
        _save(_cropped(middle), "shapes-discs.png", 640)  # without the label and the scale bar
        shop = _build(Path(tmp) / "shop", "--profile", "shop")
        tiles = next(shop.glob("tiles*.pdf"))  # the shop's file of 87.76 x 76 mm pieces
        face, back = render_page(tiles, 0, 80), render_page(tiles, 1, 80)
        pair = Image.new("RGB", (face.width * 2 + 20, face.height), "white")
        pair.paste(face, (0, 0))
        pair.paste(back, (face.width + 20, 0))
        _save(pair, "shapes-hex-shop.png", 480)


if __name__ == "__main__":
    main()
