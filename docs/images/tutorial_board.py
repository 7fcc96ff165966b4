"""The steps of docs/tutorial.md's second part (a board game with a map) as files, and its pictures.

Run from the repository root:  python docs/images/tutorial_board.py
Each step adds text to one file of the kit `wolfford/` (the first step writes the files);
tests/test_tutorial_board.py applies the steps in turn, checks the kit after each, and checks
that the tutorial quotes every step's text, so text and kit agree.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

KIT = """\
name: wolfford
title: The Wolf Ford
rules:
  file: rules.yaml
components:
  map: {type: map, file: map.yaml, title: The map}
"""
MAP = """\
width: 230mm
height: 215mm
colour: "#f1ead6"
face:
  - {element: text, box: [20, 18.5, 190, 9], text: THE WOLF FORD, font: display, size: 6mm}
"""
GRID = """\
  - element: hex-grid
    at: [23.3, 30]
    columns: 8
    rows: 6
    size: 1in
    terrain:
      m: {name: meadow, fill: "#e6e2b8"}
      w: {name: wood, fill: "#9fc48a", pattern: trees, pattern_colour: "#3f6a34", pattern_spacing: 4mm}
      h: {name: hill, fill: "#d9bd92", pattern: hills, pattern_colour: "#7d5a2e", pattern_spacing: 4mm}
      l: {name: lake, fill: "#9cc3e4", pattern: waves, pattern_colour: "#2f6fb5", pattern_spacing: 3.5mm}
    cells:
      - wwmmmmhh
      - wmmmmhhm
      - mmmlmmhm
      - mmllmmmm
      - mmmlmwwm
      - hmmmmwww
"""
FEATURES = """\
    lines:
      stream: {colour: "#2f6fb5", width: 1.6mm}
    symbols:
      village: {shape: square, size: 4mm}
    edges:
      - {line: stream, sides: 0401/0502 0402/0502 0402/0503 0403/0503 0503/0504 0504/0603 0504/0604 0505/0604 0505/0605 0506/0605}
    points:
      - {at: "0203", symbol: village, label: Ashby}
      - {at: "0704", symbol: village, label: Wolfgate}
"""
TRACK = """\
  - {element: track, box: [0, 0, 230, 215], path: edge, spaces: 50, first: 0, size: 4mm}
"""
RULES = """\
checks:
  - {rule: refers, deck: map, kind: hex, field: terrain, file: terrain.yaml, key: costs, message: "each terrain needs a movement cost"}
  - {rule: count, deck: map, kind: village, exact: 2, message: "one village for each player"}
"""
TERRAIN = """\
costs:
  meadow: 1
  wood: 2
  hill: 2
  lake: 3
"""

# (step, file, text added at the end of the file; the first text of a file creates it)
STEPS: list[tuple[str, str, str]] = [
    ("board", "kit.yaml", KIT),
    ("board", "map.yaml", MAP),
    ("board", "rules.yaml", "checks: []\n"),
    ("grid", "map.yaml", GRID),
    ("features", "map.yaml", FEATURES),
    ("track", "map.yaml", TRACK),
    ("rules", "rules.yaml", RULES),
    ("rules", "terrain.yaml", TERRAIN),
]


def apply(kit: Path, step: str) -> None:
    """Add step `step`'s texts to the kit folder (rules.yaml's placeholder is replaced)."""
    kit.mkdir(parents=True, exist_ok=True)
    for name, file, text in STEPS:
        if name != step:
            continue
        path = kit / file
        before = path.read_text(encoding="utf-8") if path.exists() else ""
        if before == "checks: []\n":
            before = ""
        path.write_text(before + text, encoding="utf-8")


def _printkit(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "printkit", *args], check=True)


def _save(image: Any, name: str, width: int) -> None:
    from PIL import Image

    image = image.convert("RGB")
    height = round(image.height * width / image.width)
    small = image.resize((width, height), Image.Resampling.LANCZOS).quantize(colors=96)
    small.save(HERE / name, optimize=True)  # a few colours: the pictures stay small


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))  # this checkout's printkit
    from printkit.export.preview import render_page

    with tempfile.TemporaryDirectory() as tmp:
        kit, out = Path(tmp) / "wolfford", Path(tmp) / "out"
        for step in ("board", "grid", "features", "track", "rules"):
            apply(kit, step)
            _printkit("check", str(kit))
            if step in ("grid", "track"):
                _printkit("build", str(kit), "--out", str(out / step), "--profile", "shop")
                page = render_page(out / step / "wolfford" / "map.pdf", 0, 90)
                _save(page, f"tutorial-board-{step}.png", 520)
        _printkit("build", str(kit), "--out", str(out / "home"))
        sheets = out / "home" / "wolfford" / "map.pdf"
        _save(render_page(sheets, 0, 50), "tutorial-board-assembly.png", 360)
        _save(render_page(sheets, 1, 50), "tutorial-board-sheet.png", 360)


if __name__ == "__main__":
    main()
