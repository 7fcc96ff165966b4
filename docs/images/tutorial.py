"""The steps of docs/tutorial.md as edits, and the pictures it shows.

Run from the repository root:  python docs/images/tutorial.py
It makes the blank kit (`printkit new`), applies each step's edit in turn, and renders what the
tutorial shows into docs/images/tutorial-*.png. tests/test_tutorial.py applies the same steps
and checks the kit after each, and that the tutorial quotes every edit, so text and kit agree.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

BACK_OLD = """  colour: "#23395b"        # dark, so no front shows through thin paper
  ink: "#f7f0e1"
  accent: "#e0b84f"
  pattern: grid            # over the whole back and its bleed
  pattern_colour: "#2c4770"
"""
BACK_NEW = """  colour: "#3b2a17"        # dark, so no front shows through thin paper
  ink: "#f4ecd8"
  accent: "#9fc36b"
  pattern: dots            # over the whole back and its bleed
  pattern_colour: "#54401f"
"""
BORDER_OLD = 'radius: 3mm, stroke: "#e0b84f", line_width: 0.6mm}'
BORDER_NEW = 'radius: 3mm, stroke: "#9fc36b", line_width: 0.6mm}'
DISC_OLD = 'fill: "#1a2b45", stroke: "#e0b84f"}'
DISC_NEW = 'fill: "#2a1d0f", stroke: "#9fc36b"}'
TITLE_OLD = "text: MY CARD GAME, font: display"
TITLE_NEW = "text: HARVEST, font: display"

SHEAF_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <g fill="#e3b448" stroke="#6b4a12" stroke-width="2.5">
    <path d="M32 60 L32 14 M32 60 L20 24 M32 60 L44 24" fill="none"/>
    <ellipse cx="32" cy="12" rx="5" ry="9"/>
    <ellipse cx="19" cy="20" rx="5" ry="9" transform="rotate(-20 19 20)"/>
    <ellipse cx="45" cy="20" rx="5" ry="9" transform="rotate(20 45 20)"/>
  </g>
</svg>
"""
# files a step adds to the kit: (step, file name, text)
NEW_FILES: list[tuple[str, str, str]] = [("icons", "icons/sheaf.svg", SHEAF_SVG)]

ICONS_OLD = (
    "  gem: icons/gem.svg       # used by an icon element (icon: gem) and in text as {icon:gem}\n"
)
ICONS_NEW = ICONS_OLD + "  sheaf: icons/sheaf.svg\n"
GRAIN_OLD = "icon: palm, title: Grain"
GRAIN_NEW = "icon: sheaf, title: Grain"
CARD_OLD = """  - {id: raid, kind: action"""
CARD_NEW = """  - {id: market, kind: action, count: 2, cost: 2, icon: star, title: Market, text: "Sell two {icon:sheaf} cards: gain three {icon:gem}."}
  - {id: raid, kind: action"""

SIZE_OLD = "card_size: poker           # 63 x 88 mm"
SIZE_NEW = "card_size: tarot           # 70 x 120 mm"

RULE_OLD = "  - {rule: unique, field: title}\n"
RULE_NEW = (
    "  - {rule: unique, field: title}\n"
    '  - {rule: count, field: icon, max: 8, message: "an icon on more cards blurs the suits"}\n'
)

# (step, file, old text, new text), in the tutorial's order
STEPS: list[tuple[str, str, str, str]] = [
    ("back", "cards.yaml", BACK_OLD, BACK_NEW),
    ("back", "cards.yaml", BORDER_OLD, BORDER_NEW),
    ("back", "cards.yaml", DISC_OLD, DISC_NEW),
    ("back", "cards.yaml", TITLE_OLD + ", size: \"60%\", box: [\"5%\", \"84%\"", TITLE_NEW + ", size: \"60%\", box: [\"5%\", \"84%\""),
    ("back", "cards.yaml", TITLE_OLD + ", size: \"60%\", box: [\"5%\", \"7%\"", TITLE_NEW + ", size: \"60%\", box: [\"5%\", \"7%\""),
    ("icons", "cards.yaml", ICONS_OLD, ICONS_NEW),
    ("icons", "cards.yaml", GRAIN_OLD, GRAIN_NEW),
    ("icons", "cards.yaml", CARD_OLD, CARD_NEW),
    ("size", "cards.yaml", SIZE_OLD, SIZE_NEW),
    ("rules", "rules.yaml", RULE_OLD, RULE_NEW),
]  # fmt: skip


def apply(kit: Path, step: str) -> None:
    """Apply every edit of `step` to the kit folder (each old text must be there once) and write
    the files it adds."""
    for name, file, text in NEW_FILES:
        if name == step:
            (kit / file).parent.mkdir(parents=True, exist_ok=True)
            (kit / file).write_text(text, encoding="utf-8")
    for name, file, old, new in STEPS:
        if name != step:
            continue
        path = kit / file
        text = path.read_text(encoding="utf-8")
        if text.count(old) != 1:
            raise AssertionError(f"step {step}: {file} does not hold {old[:40]!r} exactly once")
        path.write_text(text.replace(old, new), encoding="utf-8")


def _printkit(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "printkit", *args], check=True, stdout=subprocess.DEVNULL)


def _save(image: Any, name: str, width: int, colours: int = 96) -> None:
    from PIL import Image

    if image.width > width:
        image = image.resize(
            (width, round(image.height * width / image.width)), Image.Resampling.LANCZOS
        )
    image = image.convert("RGB").quantize(colours, method=Image.Quantize.MEDIANCUT, dither=0)
    image.save(HERE / name, optimize=True)
    print(f"wrote {HERE / name} ({(HERE / name).stat().st_size // 1024} KB)")


def _sizes(kit: Path, out: Path) -> Any:
    """The same front (the first card) on a poker, mini, square and tarot card: one face data."""
    from printkit.export.preview import render_page

    cards = []
    for size in ("poker", "mini", "square", "tarot"):
        copy = out / f"size-{size}"
        shutil.copytree(kit, copy)
        path = copy / "cards.yaml"
        path.write_text(
            path.read_text(encoding="utf-8").replace("card_size: tarot ", f"card_size: {size} "),
            encoding="utf-8",
        )
        _printkit("build", str(copy), "--out", str(out / size), "--profile", "shop", "-j", "1")
        cards.append(render_page(out / size / "mygame" / "cards.pdf", 44, 100))  # market
    return _row(cards, bottom=True)


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))  # this checkout's printkit
    from PIL import Image

    from printkit.export.preview import render_page

    with tempfile.TemporaryDirectory() as tmp:
        kit, out = Path(tmp) / "mygame", Path(tmp) / "out"
        _printkit("new", str(kit))
        _printkit("preview", str(kit), "--out", str(out))
        _save(Image.open(out / "mygame" / "cards-contact.png"), "tutorial-start.png", 720)
        for step in ("back", "icons", "size", "rules"):
            apply(kit, step)
            _printkit("check", str(kit))
            if step == "icons":
                _printkit("icons", str(kit), "--out", str(out / "icons"))
                icons = render_page(out / "icons" / "mygame" / "icons.pdf", 0, 100)
                _save(_cropped(icons), "tutorial-icons.png", 640)
        _printkit("build", str(kit), "--out", str(out / "home"))
        _printkit("build", str(kit), "--out", str(out / "shop"), "--profile", "shop")
        sheet = out / "home" / "mygame" / "cards.pdf"
        _save(render_page(sheet, 0, 60), "tutorial-sheet-front.png", 420)
        _save(render_page(sheet, 1, 60), "tutorial-sheet-back.png", 420)
        shop = out / "shop" / "mygame" / "cards.pdf"
        cards = [render_page(shop, i, 100) for i in (0, 1, 44, 48)]  # grain, back, market, raid
        _save(_row(cards), "tutorial-tarot.png", 720)
        _save(_sizes(kit, out), "tutorial-sizes.png", 720)


def _cropped(image: Any) -> Any:
    """The image cut to what is drawn on it, with a white margin."""
    from PIL import ImageOps

    drawn = ImageOps.invert(image.convert("RGB")).getbbox()
    if drawn is None:
        return image
    left, top, right, bottom = drawn
    return image.crop((max(left - 12, 0), max(top - 12, 0), right + 12, bottom + 12))


def _row(images: list[Any], bottom: bool = False) -> Any:
    """Images side by side on white, a small gap between them (aligned at the foot if `bottom`)."""
    from PIL import Image

    gap = 16
    width = sum(i.width for i in images) + gap * (len(images) - 1)
    height = max(i.height for i in images)
    row = Image.new("RGB", (width, height), "white")
    x = 0
    for image in images:
        row.paste(image, (x, height - image.height if bottom else 0))
        x += image.width + gap
    return row


if __name__ == "__main__":
    main()
