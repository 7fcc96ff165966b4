"""A card game invented for the test, from YAML and PNG files alone: three kinds, tarot cards,
40 cards, a picture on every ship, and five rules written as data. It checks clean and builds;
each rule, broken, fires at the data that breaks it."""

from __future__ import annotations

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.errors import display_path
from printkit.layout.units import to_mm
from tests.conftest import edit, line_of

KIT = """\
name: tides
title: Tides
rules: {file: rules.yaml}
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
      - {element: header, box: [4, 4, 62, 8], font: heading}
      - {element: title, box: [5, 60, 60, 12], text: "{title}", font: display, size: 6mm}
      - {element: text, box: [7, 76, 56, 30], text: "{faction} · cost {cost}", size: 4mm}
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
    out += ["back: {title: TIDES}", "cards:"]
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


def test_it_checks_clean_and_builds_forty_tarot_cards(cli, tides, tmp_path):
    r = cli("check", tides)
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "0 errors, 0 warnings, 0 info"
    r = cli("build", tides, "--out", tmp_path / "out", "--profile", "shop", "-j", "1")
    assert r.exit_code == 0, r.output
    pdf_path = tmp_path / "out" / "tides" / "cards.pdf"
    trim = PdfReader(pdf_path).pages[0].trimbox
    assert (round(to_mm(float(trim.width))), round(to_mm(float(trim.height)))) == (70, 120)
    with pdfplumber.open(pdf_path) as pdf:
        fronts = pdf.pages[0::2]
        assert len(fronts) == 40
        assert len(fronts[0].images) == 1  # the ship's picture
        assert "Card 40" in fronts[39].extract_text()


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
