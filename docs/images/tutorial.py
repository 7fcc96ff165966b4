"""The steps of docs/tutorial.md as edits, and the pictures it shows.

Run from the repository root:  python docs/images/tutorial.py
It makes the blank kit (`printkit new`), applies each step's edit in turn, and renders what the
tutorial shows into docs/images/tutorial-*.png. tests/test_tutorial.py applies the same steps
and checks the kit after each, and that the tutorial quotes every edit, so text and kit agree.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

BACK_OLD = """back:                      # the same back on every card
  title: MY CARD GAME
  subtitle: A DECK OF MY OWN
  colour: "#23395b"
  accent: "#e0b84f"
  ink: "#f7f0e1"
"""
BACK_NEW = """back:                      # the same back on every card
  title: HARVEST
  subtitle: FIELDS · FORESTS · MARKETS
  colour: "#3b2a17"
  accent: "#9fc36b"
  ink: "#f4ecd8"
"""

CARD_OLD = """  - {id: raid, kind: action"""
CARD_NEW = """  - {id: market, kind: action, count: 2, cost: 2, icon: eagle, title: Market, text: "Sell two resource cards: draw three."}
  - {id: raid, kind: action"""

SIZE_OLD = "card_size: poker           # 63 x 88 mm"
SIZE_NEW = "card_size: tarot           # 70 x 120 mm"

FACES_OLD = """      - {element: header, box: [4, 4, 55, 7], font: heading}
      - {element: icon, box: [21.5, 16, 20, 20], field: icon}
      - {element: title, box: [5, 40, 53, 10], text: "{title}", font: display, size: 5mm}
      - {element: text, box: [6, 52, 51, 22], text: "{text}", font: body, size: 3.6mm}
      - {element: text, box: [5, 76, 53, 6], text: "COST {cost}", font: heading, size: 3mm}
"""
FACES_NEW = """      - {element: header, box: [4, 4, 62, 8], font: heading}
      - {element: icon, box: [20, 18, 30, 30], field: icon}
      - {element: title, box: [5, 54, 60, 12], text: "{title}", font: display, size: 6mm}
      - {element: text, box: [7, 70, 56, 32], text: "{text}", font: body, size: 4.2mm}
      - {element: text, box: [5, 106, 60, 8], text: "COST {cost}", font: heading, size: 3.6mm}
"""
ACTION_OLD = """      - {element: header, box: [4, 4, 55, 7], font: heading}
      - {element: value, box: [44, 13, 14, 12], text: "{cost}", font: display, size: 9mm}
      - {element: icon, box: [6, 15, 18, 18], field: icon}
      - {element: title, box: [5, 36, 53, 10], text: "{title}", font: display, size: 5mm}
      - {element: text, box: [6, 48, 51, 30], text: "{text}", font: body, size: 3.6mm}
"""
ACTION_NEW = """      - {element: header, box: [4, 4, 62, 8], font: heading}
      - {element: value, box: [48, 16, 18, 16], text: "{cost}", font: display, size: 12mm}
      - {element: icon, box: [7, 16, 26, 26], field: icon}
      - {element: title, box: [5, 50, 60, 12], text: "{title}", font: display, size: 6mm}
      - {element: text, box: [7, 66, 56, 44], text: "{text}", font: body, size: 4.2mm}
"""

RULE_OLD = "  - {rule: unique, field: title}\n"
RULE_NEW = (
    "  - {rule: unique, field: title}\n"
    '  - {rule: count, field: icon, max: 8, message: "an icon on more cards blurs the suits"}\n'
)

# (step, file, old text, new text), in the tutorial's order
STEPS: list[tuple[str, str, str, str]] = [
    ("back", "cards.yaml", BACK_OLD, BACK_NEW),
    ("icons", "cards.yaml", CARD_OLD, CARD_NEW),
    ("size", "cards.yaml", SIZE_OLD, SIZE_NEW),
    ("size", "cards.yaml", FACES_OLD, FACES_NEW),
    ("size", "cards.yaml", ACTION_OLD, ACTION_NEW),
    ("rules", "rules.yaml", RULE_OLD, RULE_NEW),
]


def apply(kit: Path, step: str) -> None:
    """Apply every edit of `step` to the kit folder (each old text must be there once)."""
    for name, file, old, new in STEPS:
        if name != step:
            continue
        path = kit / file
        text = path.read_text(encoding="utf-8")
        if text.count(old) != 1:
            raise AssertionError(f"step {step}: {file} does not hold {old[:40]!r} exactly once")
        path.write_text(text.replace(old, new), encoding="utf-8")


def _printkit(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "printkit", *args], check=True)


def _save(image, name: str, width: int, colours: int = 96) -> None:
    from PIL import Image

    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    image = image.convert("RGB").quantize(colours, method=Image.Quantize.MEDIANCUT, dither=0)
    image.save(HERE / name, optimize=True)
    print(f"wrote {HERE / name} ({(HERE / name).stat().st_size // 1024} KB)")


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))  # this checkout's printkit
    from PIL import Image

    from printkit.preview import render_page

    with tempfile.TemporaryDirectory() as tmp:
        kit, out = Path(tmp) / "mygame", Path(tmp) / "out"
        _printkit("new", str(kit))
        _printkit("preview", str(kit), "--out", str(out))
        _save(Image.open(out / "mygame" / "cards-contact.png"), "tutorial-start.png", 720)
        for step in ("back", "icons", "size", "rules"):
            apply(kit, step)
            _printkit("check", str(kit))
        _printkit("build", str(kit), "--out", str(out / "home"))
        _printkit("build", str(kit), "--out", str(out / "shop"), "--profile", "shop")
        sheet = out / "home" / "mygame" / "cards.pdf"
        _save(render_page(sheet, 0, 60), "tutorial-sheet-front.png", 420)
        _save(render_page(sheet, 1, 60), "tutorial-sheet-back.png", 420)
        shop = out / "shop" / "mygame" / "cards.pdf"
        cards = [render_page(shop, i, 100) for i in (0, 1, 44, 48)]  # grain, back, market, raid
        _save(_row(cards), "tutorial-tarot.png", 720)
        _icons(Path(tmp) / "icons.pdf")
        _save(render_page(Path(tmp) / "icons.pdf", 0, 100), "tutorial-icons.png", 640, 32)


def _row(images: list):
    """Images side by side on white, a small gap between them."""
    from PIL import Image

    gap = 16
    width = sum(i.width for i in images) + gap * (len(images) - 1)
    row = Image.new("RGB", (width, max(i.height for i in images)), "white")
    x = 0
    for image in images:
        row.paste(image, (x, 0))
        x += image.width + gap
    return row


def _icons(path: Path) -> None:
    """A named sheet of the built-in pictograms a card's icon may show."""
    from reportlab.lib.colors import Color

    from printkit.draw.emblems import EMBLEMS, draw_emblem
    from printkit.draw.fonts import font
    from printkit.layout.units import mm
    from printkit.output import new_canvas

    names = sorted(EMBLEMS)
    cols, cell = 8, mm(22)
    rows = -(-len(names) // cols)
    c = new_canvas(path, (cols * cell, rows * cell), "icons", "tutorial")
    ink = Color(0.12, 0.11, 0.1)
    for i, name in enumerate(names):
        x, y = (i % cols) * cell, (rows - 1 - i // cols) * cell
        draw_emblem(c, name, x + cell / 2, y + cell * 0.58, cell * 0.55, ink)
        c.setFillColor(ink)
        c.setFont(font("heading"), 7)
        c.drawCentredString(x + cell / 2, y + mm(2), name)
    c.showPage()
    c.save()


if __name__ == "__main__":
    main()
