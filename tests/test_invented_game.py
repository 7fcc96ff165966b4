"""A card game invented for the test, from YAML, PNG and SVG files alone: three kinds, tarot
cards, 40 cards, a picture on every ship, its own icons (an SVG and a PNG) inline in the card
text, its own back art, boxes relative to the card, and five rules written as data. It checks
clean and builds; each rule, broken, fires at the data that breaks it."""

from __future__ import annotations

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.core.errors import display_path
from printkit.layout.units import to_mm
from tests.conftest import edit, line_of

KIT = """\
name: tides
title: Tides
rules: {file: rules.yaml}
icons: {anchor: icons/anchor.svg, wave: icons/wave.png}
components:
  cards: {type: deck, file: cards.yaml, title: Cards}
"""

FACTIONS = """\
factions:
  north: {colour: "#27496d"}
  south: {colour: "#a4161a"}
  east: {colour: "#2b9348"}
"""

RULES = """\
checks:
  - {rule: total, exact: 40}
  - {rule: count, field: faction, min: 13}
  - {rule: unique, field: title}
  - {rule: range, kind: ship, field: cost, min: 1, max: 5}
  - {rule: refers, field: faction, file: factions.yaml, key: factions}
"""

FACE = """\
      - {element: header, box: [0, 0, "100%", "7%"], within: safe, font: heading}
      - {element: title, box: [0, "48%", "100%", "10%"], within: safe, text: "{title}", font: display, size: 6mm}
      - {element: text, box: [0, "62%", "100%", "25%"], within: safe, text: "{icon:anchor} {faction} · cost {cost} {icon:wave}", size: 4mm}
"""

BACK = """\
back:
  colour: "#12324f"
  ink: "#f2efe6"
  pattern: grid
  face:
    - {element: shape, shape: rounded, box: [3, 3, "100% - 6mm", "100% - 6mm"], stroke: "#e0c068"}
    - {element: icon, icon: anchor, box: ["25%", "30%", "50%", "40%"], colour: "#e0c068"}
    - {element: text, text: TIDES, font: display, size: 9mm, box: [0, "80%", "100%", "10%"]}
"""

ANCHOR_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
<circle cx="50" cy="18" r="9" fill="none" stroke="#000" stroke-width="7"/>
<path d="M50 27 V88 M28 45 H72 M16 62 Q20 90 50 90 Q80 90 84 62" fill="none" stroke="#000" stroke-width="7"/>
</svg>
"""


def _cards() -> str:
    kinds = {"ship": "#27496d", "crew": "#6a4c93", "storm": "#3a3a3a"}
    out = ["card_size: tarot", "fields:"]
    out += ["  cost: {type: integer, min: 0, max: 9, required: true, doc: cost}"]
    out += ["  faction: {type: text, required: true, doc: the faction}", "kinds:"]
    for kind, colour in kinds.items():
        out += [f"  {kind}:", f"    label: {kind.upper()}", f'    colour: "{colour}"', "    face:"]
        out += FACE.rstrip("\n").splitlines()
        if kind == "ship":
            out += ["      - {element: image, box: [15, 16, 40, 40], image: art/ship.png}"]
    out += BACK.rstrip("\n").splitlines() + ["cards:"]
    factions = ["north", "south", "east"]
    for i in range(40):
        kind = ("ship", "crew", "storm")[i % 3]
        out.append(
            f"  - {{id: c{i + 1:02d}, kind: {kind}, cost: {1 + i % 5}, "
            f"faction: {factions[i % 3]}, title: Card {i + 1}}}"
        )
    return "\n".join(out) + "\n"


@pytest.fixture
def tides(tmp_path):
    kit = tmp_path / "tides"
    (kit / "art").mkdir(parents=True)
    (kit / "icons").mkdir()
    (kit / "icons" / "anchor.svg").write_text(ANCHOR_SVG, encoding="utf-8")
    Image.new("RGBA", (64, 64), (30, 110, 160, 255)).save(kit / "icons" / "wave.png")
    files = {"kit.yaml": KIT, "cards.yaml": _cards(), "rules.yaml": RULES}
    files["factions.yaml"] = FACTIONS
    for name, text in files.items():
        (kit / name).write_text(text, encoding="utf-8")
    Image.new("RGB", (400, 400), (39, 73, 109)).save(kit / "art" / "ship.png")  # 254 dpi
    return kit


def where(path, needle: str, value: str) -> str:
    line = line_of(path, needle)
    col = path.read_text(encoding="utf-8").splitlines()[line - 1].index(value) + 1
    return f"{display_path(path)}:{line}:{col}"


@pytest.mark.slow
def test_it_checks_clean_and_builds_forty_tarot_cards(cli, tides, tmp_path):
    r = cli("check", tides)
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "0 errors, 0 warnings, 0 info"
    r = cli("build", tides, "--out", tmp_path / "out", "--profile", "shop", "-j", "1")
    assert r.exit_code == 0, r.output
    pdf_path = tmp_path / "out" / "tides" / "shop" / "cards.pdf"
    trim = PdfReader(pdf_path).pages[0].trimbox
    assert (round(to_mm(float(trim.width))), round(to_mm(float(trim.height)))) == (70, 120)
    with pdfplumber.open(pdf_path) as pdf:
        fronts, backs = pdf.pages[0::2], pdf.pages[1::2]
        assert len(fronts) == 40
        # the ship's picture, and the PNG icon inline in the text
        assert len(fronts[0].images) == 2
        assert len(fronts[1].images) == 1  # a crew card: only the inline PNG icon
        assert "Card 40" in fronts[39].extract_text()
        text_line = [c for c in fronts[1].chars if c["text"] in "0123456789"]
        icon = fronts[1].images[0]
        assert abs(icon["bottom"] - max(c["bottom"] for c in text_line)) < 3  # on the line
        # the back: its own text, and the SVG anchor drawn as vector curves (not a picture)
        assert "TIDES" in backs[0].extract_text()
        assert not backs[0].images and len(backs[0].curves) + len(backs[0].lines) > 3


@pytest.mark.parametrize(
    ("code", "break_it", "at"),
    [
        ("DR001", ("  - {id: c40,", "  - {id: c41, kind: crew, cost: 1, faction: east, title: X}\n  - {id: c40,"), ("cards:", "cards")),
        ("DR002", ("faction: east, title: Card 3}", "faction: north, title: Card 3}"), ("id: c39,", "c39")),
        ("DR003", ("title: Card 7}", "title: Card 4}"), ("id: c07,", "Card 4")),
        ("DR005", ("id: c01, kind: ship, cost: 1,", "id: c01, kind: ship, cost: 0,"), ("id: c01,", "0,")),
        ("DR006", ("faction: south, title: Card 2}", "faction: west, title: Card 2}"), ("id: c02,", "west")),
    ],
)  # fmt: skip
def test_each_rule_fires_at_its_data(cli, tides, code, break_it, at):
    cards = tides / "cards.yaml"
    edit(cards, *break_it)
    r = cli("check", tides)
    assert r.exit_code == 1, r.output
    found = [line for line in r.stdout.splitlines() if f"[{code}]" in line]
    assert found, r.output
    assert found[0].startswith(where(cards, *at) + f": error [{code}]"), found[0]
