"""The work a build does, counted, not timed: each card design is laid out (its texts fitted)
once per build and drawn once into the PDF, and `printkit check` lays each out once and draws
none. The drawing checks (text that cannot fit, characters a font lacks, the safe area) and the
render all read that one layout (components/deck_layout.py). A counter that changes when a
second pass comes back fails here, whatever the machine's speed (bench/ measures the seconds).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from printkit.build.drawchecks import lay_out_kit
from printkit.build.pipeline import build_kits
from printkit.checks.gate import RulesGate
from printkit.components import deck_layout
from printkit.components.safearea import ProbeCanvas
from printkit.draw import text
from printkit.draw.card import CardPainter
from printkit.kit import load_kit
from printkit.model.options import Options

CARDS = 12  # and one card printed 3 times, drawn once as a form

KIT = """\
name: budget
title: Work budget
components:
  cards: {type: deck, file: cards.yaml, title: Cards}
"""


def _deck() -> str:
    rows = "".join(
        f'  - {{id: c{i}, kind: {"plain" if i % 2 else "fancy"}, title: "Card {i}", '
        f'text: "Move {i}, then turn {i * 10} degrees."}}\n'
        for i in range(CARDS)
    )
    return f"""\
card_size: poker
kinds:
  plain:
    label: PLAIN
    colour: "#204060"
    face:
      - {{element: title, box: [5, 6, 53, 10], text: "{{title}}", size: 14pt, max_lines: 1}}
      - {{element: text, box: [6, 36, 51, 20], text: "{{text}}", size: 8pt}}
  fancy:
    colour: "#8b1a1a"
    label: FANCY
    face:
      - {{element: header, box: [4, 4, 55, 8]}}
      - {{element: title, box: [5, 14, 53, 10], text: "{{title}}", size: 14pt, max_lines: 1}}
      - {{element: text, box: [6, 36, 51, 20], text: "{{text}}", size: 9pt}}
    back:
      colour: "#8b1a1a"
      title: FANCY
back:
  title: BUDGET
  subtitle: ONE LAYOUT A DESIGN
cards:
{rows}  - {{id: triple, kind: plain, count: 3, title: "Thrice", text: "Printed three times."}}
"""


@pytest.fixture
def budget_kit(tmp_path: Path) -> Path:
    kit = tmp_path / "budget"
    kit.mkdir()
    (kit / "kit.yaml").write_text(KIT, encoding="utf-8")
    (kit / "cards.yaml").write_text(_deck(), encoding="utf-8")
    return kit


class Work:
    """Counts, per design (a card's id, or `back:<kind>`), the layouts measured, the drawings
    into a PDF, and the text fits computed while the PDF is drawn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.layouts: Counter[str] = Counter()
        self.drawn: Counter[str] = Counter()
        self.decks_laid_out = 0
        self.fits_measuring = 0
        self.fits_drawing = 0
        self._drawing = False
        measure, lay_out, fit = deck_layout._measure, deck_layout.lay_out, text.fit_text
        draw_front, draw_back = CardPainter.draw_front, CardPainter.draw_back

        def counted_measure(painter, probe, design) -> None:
            self.layouts[design.card.id if design.card else f"back:{design.kind}"] += 1
            measure(painter, probe, design)

        def counted_lay_out(deck):
            self.decks_laid_out += 1
            return lay_out(deck)

        def counted_fit(*args):
            if self._drawing:
                self.fits_drawing += 1
            else:
                self.fits_measuring += 1
            return fit(*args)

        def front(painter, card, frame=None) -> None:
            self._count(painter, card.id, draw_front, painter, card, frame)

        def back(painter, design, kind="") -> None:
            own = bool(kind) and painter.deck.kinds[kind].back is not None
            self._count(painter, f"back:{kind if own else None}", draw_back, painter, design, kind)

        monkeypatch.setattr(deck_layout, "_measure", counted_measure)
        monkeypatch.setattr(deck_layout, "lay_out", counted_lay_out)
        monkeypatch.setattr(text, "fit_text", counted_fit)
        monkeypatch.setattr(CardPainter, "draw_front", front)
        monkeypatch.setattr(CardPainter, "draw_back", back)

    def _count(self, painter, design: str, draw, *args) -> None:
        if isinstance(painter.canvas, ProbeCanvas):  # measuring: counted as a layout
            draw(*args)
            return
        self.drawn[design] += 1
        self._drawing = True
        try:
            draw(*args)
        finally:
            self._drawing = False


DESIGNS = {f"c{i}" for i in range(CARDS)} | {"triple", "back:None", "back:fancy"}


def test_a_build_lays_out_each_design_once_and_draws_it_once(budget_kit, tmp_path, monkeypatch):
    work = Work(monkeypatch)
    kit = load_kit(str(budget_kit), Options(profile="home", duplex="long"))
    written = build_kits([kit], tmp_path / "out", force=True, jobs=1, rules=RulesGate())
    assert [p.name for p in written if p.suffix == ".pdf"] == ["cards.pdf"]
    assert work.decks_laid_out == 1
    assert set(work.layouts) == DESIGNS and set(work.layouts.values()) == {1}
    assert set(work.drawn) == DESIGNS and set(work.drawn.values()) == {1}
    # every text is fitted while measuring (a header draws its label, others a title and a
    # text); the render draws from those fits and fits nothing again
    assert work.fits_measuring >= 2 * CARDS and work.fits_drawing == 0


def test_a_shop_build_of_one_page_per_design_keeps_the_budget(budget_kit, tmp_path, monkeypatch):
    work = Work(monkeypatch)
    options = Options(profile="shop", card_pages="designs")
    kit = load_kit(str(budget_kit), options)
    build_kits([kit], tmp_path / "out", force=True, jobs=1, rules=RulesGate())
    assert set(work.layouts.values()) == {1} and set(work.layouts) == DESIGNS
    assert set(work.drawn.values()) == {1} and work.fits_drawing == 0


def test_check_lays_out_each_design_once_and_draws_none(budget_kit, monkeypatch):
    work = Work(monkeypatch)
    kit = load_kit(str(budget_kit))
    assert lay_out_kit(kit) == []
    assert lay_out_kit(kit) == []  # asked again of the same kit: the layout is kept
    assert work.decks_laid_out == 1
    assert set(work.layouts) == DESIGNS and set(work.layouts.values()) == {1}
    assert work.drawn == Counter()


def test_the_counters_see_a_second_layout(budget_kit, monkeypatch):
    """The guard can fail: a render that lays its deck out again is counted."""
    work = Work(monkeypatch)
    kit = load_kit(str(budget_kit))
    with kit.drawing():
        deck_layout.laid_out(kit, "cards")
        deck_layout.lay_out(kit.model("cards"))
    assert work.decks_laid_out == 2 and set(work.layouts.values()) == {2}
