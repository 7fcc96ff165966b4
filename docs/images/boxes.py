"""The pictures of docs/tutorial.md's part 3 (boxes, dice and edge tiles), made by printkit from
tests/kits/rooms.

Run from the repository root:  python docs/images/boxes.py
It builds the kit and renders the tuck box, the dice and two room tiles (a face and its back)
into docs/images/boxes-*.png, shrunk and reduced to a palette so they stay small in git.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
KIT = HERE.parent.parent / "tests" / "kits" / "rooms"


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


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))  # this checkout's printkit
    from printkit.export.preview import render_page

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        subprocess.run(
            [sys.executable, "-m", "printkit", "build", str(KIT), "--out", str(out), "-j", "1"],
            check=True,
        )
        folder = out / "rooms"
        _save(_cropped(render_page(folder / "box.pdf", 0, 100)), "boxes-tuckbox.png", 640)
        _save(_cropped(render_page(folder / "dice.pdf", 0, 100)), "boxes-dice.png", 420)
        subprocess.run(
            [sys.executable, "-m", "printkit", "build", str(KIT), "--only", "tiles",
             "--profile", "shop", "--out", str(out / "shop"), "-j", "1"],
            check=True,
        )  # fmt: skip
        tiles = out / "shop" / "rooms" / "tiles.pdf"
        face, back = render_page(tiles, 2, 100), render_page(tiles, 3, 100)  # the study
        pair = Image.new("RGB", (face.width * 2 + 20, face.height), "white")
        pair.paste(face, (0, 0))
        pair.paste(back, (face.width + 20, 0))
        _save(pair, "boxes-room-tile.png", 420)


if __name__ == "__main__":
    main()
