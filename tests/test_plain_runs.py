"""Consecutive plain texts of a card (titles and texts drawn as their design was measured,
draw/elements.PlainText) share one saved graphics state, and their colour is set once when
they share it: read back from the PDF's operators, and the pages render the same pixels as
each text drawn in a state of its own. A deck drawn without its measure (a worker that loads
the kit itself) writes the same bytes as one drawn from it."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import ImageChops

from printkit.build.pipeline import build_kits
from printkit.checks.gate import RulesGate
from printkit.components.deck import layout as deck_layout
from printkit.draw import elements
from printkit.kit import load_kit
from printkit.model.options import Options

KIT = """\
name: runs
title: Plain runs
components:
  cards: {type: deck, file: cards.yaml, title: Cards}
"""

DECK = """\
card_size: poker
kinds:
  same:
    colour: "#204060"
    label: SAME
    face:
      - {element: title, box: [5, 6, 53, 10], text: "{title}", size: 14pt, max_lines: 1}
      - {element: text, box: [6, 36, 51, 20], text: "{text}", size: 8pt}
      - {element: text, box: [6, 60, 51, 10], text: "Rule of the kind", size: 7pt}
  inks:
    colour: "#8b1a1a"
    label: INKS
    face:
      - {element: title, box: [5, 6, 53, 10], text: "{title}", size: 14pt, colour: "#a01010"}
      - {element: text, box: [6, 36, 51, 20], text: "{text}", size: 8pt}
      - {element: header, box: [4, 74, 55, 8]}
      - {element: text, box: [6, 60, 51, 10], text: "After the header", size: 7pt}
cards:
  - {id: a, kind: same, title: "Same ink", text: "Move 4, then turn 30 degrees."}
  - {id: b, kind: inks, title: "Two inks", text: "Move 6, then turn 40 degrees."}
"""


def _build(root: Path) -> Path:
    kit_dir = root / "runs"
    kit_dir.mkdir(parents=True)
    (kit_dir / "kit.yaml").write_text(KIT, encoding="utf-8")
    (kit_dir / "cards.yaml").write_text(DECK, encoding="utf-8")
    kit = load_kit(str(kit_dir), Options(profile="home", duplex="long"))
    build_kits([kit], root / "out", force=True, jobs=1, rules=RulesGate())
    return root / "out" / "runs" / "cards.pdf"


def _cards_operators(path: Path) -> list[list[str]]:
    """The operators of the first sheet's two cards, each after its frame's form."""
    with pikepdf.open(path) as pdf:
        ops = [str(op) for _, op in pikepdf.parse_content_stream(pdf.pages[0])]
    cards = []
    for start in (i for i, op in enumerate(ops) if op == "Do"):
        after = ops[start + 1 :]
        end = next((i for i, op in enumerate(after) if op in ("cm", "Do")), len(after))
        cards.append(after[: end - 1 if after[end - 1] == "q" else end])
    return cards[:2]


def _separately(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every plain text in a state of its own, its colour set each time (as before the runs)."""
    draw = elements.ElementPainter._draw_plain

    def alone(self: elements.ElementPainter, known: elements.PlainText, run: bool) -> None:
        if run:
            self.canvas.restoreState()
        draw(self, known, False)

    monkeypatch.setattr(elements.ElementPainter, "_draw_plain", alone)


def test_a_cards_plain_texts_share_one_state_and_one_colour(tmp_path: Path) -> None:
    same, inks = _cards_operators(_build(tmp_path))
    # title, text and the kind's rule: three text objects in one state, one colour
    assert same.count("BT") == 3
    assert same.count("q") == 1 and same.count("rg") == 1
    # a title in its own ink sets the colour again; the header ends the run, so the text
    # after it opens a state of its own
    before_header = inks[: inks.index("Q")]  # the run ends before the header
    assert before_header.count("BT") == 2
    assert before_header.count("q") == 1 and before_header.count("rg") == 2


def test_the_runs_render_as_each_text_drawn_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    joined = _build(tmp_path / "joined")
    _separately(monkeypatch)
    alone = _build(tmp_path / "alone")
    assert joined.read_bytes() != alone.read_bytes()  # the runs did change the operators
    for page in range(2):
        a, b = (pdfium.PdfDocument(io.BytesIO(p.read_bytes()))[page] for p in (joined, alone))
        pictures = [d.render(scale=150 / 72).to_pil().convert("RGB") for d in (a, b)]
        assert ImageChops.difference(*pictures).getbbox() is None, f"page {page + 1}"


def test_a_deck_drawn_without_its_measure_writes_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    measured = _build(tmp_path / "measured")
    monkeypatch.setattr(deck_layout, "measured", lambda kit, derived, component_id: None)
    afresh = _build(tmp_path / "afresh")
    assert afresh.read_bytes() == measured.read_bytes()
