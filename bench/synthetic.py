"""Synthetic benchmark kits: a generic deck of N cards with a title and one line of body text.

The content matches the protograf deck the benchmark compares with (bench/run.py: the script
`$PROTOGRAF_DECK` names): every card has its own title ("Card i") and a body line, a framed
light face, and a common dark back with a title. The
bare-reportlab script (bench/bare_deck.py) draws the same shapes and text with the same fonts.
"""

from __future__ import annotations

from pathlib import Path

KIND_COLOUR = "#8b1a1a"  # darkred frame and back, like the protograf deck
PAPER = "#ffffe0"  # lightyellow face


def body(i: int) -> str:
    return f"Move {4 + i % 5 * 2}, turn 30 and drift 1. Crash: lose a wheel."


IMAGE_ELEMENT = "      - {element: image, box: [16, 17, 31, 18], image: art/picture.png}\n"


def deck_yaml(n: int, name_prefix: str = "Card ", image: bool = False) -> str:
    """A deck data file with n distinct cards (count 1 each); with `image`, every card shows
    art/picture.png (see write_picture)."""
    head = f"""\
card_size: poker
min_text_size: 6pt
kinds:
  card:
    label: CARD
    colour: "{KIND_COLOUR}"
    paper: "{PAPER}"
    pattern: plain
    face:
      - {{element: title, box: [5, 6, 53, 10], text: "{{title}}", font: bold, size: 14pt, max_lines: 1}}
      - {{element: text, box: [6, 36, 51, 20], text: "{{text}}", font: body, size: 8pt}}
{IMAGE_ELEMENT if image else ""}back:
  title: CHARIOT
  subtitle: BENCHMARK DECK
  colour: "{KIND_COLOUR}"
cards:
"""
    rows = [
        f'  - {{id: c{i}, kind: card, title: "{name_prefix}{i}", text: "{body(i)}"}}\n'
        for i in range(n)
    ]
    return head + "".join(rows)


def write_picture(path: Path, side: int = 7000) -> Path:
    """A side x side RGBA PNG: a gradient with a transparent corner, small on disk (a 7000 px
    one is about 200 KB) but side * side * 4 bytes once decoded."""
    from PIL import Image, ImageDraw

    small = Image.linear_gradient("L").resize((side, side))
    image = Image.merge("RGBA", (small, small.transpose(Image.Transpose.ROTATE_90), small, small))
    ImageDraw.Draw(image).ellipse((side // 4, side // 4, side * 3 // 4, side * 3 // 4), "#8b1a1a")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, optimize=False)
    return path


def write_deck_kit(
    folder: Path,
    n: int,
    decks: int = 1,
    name: str = "bench-deck",
    picture_side: int = 0,
) -> Path:
    """Write a kit with `decks` deck components of n cards each into `folder`; returns it.
    With `picture_side`, every card shows a picture_side-pixel square image (write_picture)."""
    folder.mkdir(parents=True, exist_ok=True)
    components = "".join(
        f"  deck{d}:\n    type: deck\n    file: deck{d}.yaml\n    title: Deck {d}\n"
        for d in range(1, decks + 1)
    )
    (folder / "kit.yaml").write_text(
        f"name: {name}\ntitle: Benchmark deck\ncomponents:\n{components}", encoding="utf-8"
    )
    if picture_side:
        write_picture(folder / "art" / "picture.png", picture_side)
    for d in range(1, decks + 1):
        (folder / f"deck{d}.yaml").write_text(
            deck_yaml(n, f"Card {d}." if decks > 1 else "Card ", bool(picture_side)),
            encoding="utf-8",
        )
    return folder
