"""The measuring canvas (draw/sketch.py) paints no shapes, yet measures every string exactly
where a real canvas puts it: the safe-area probe records the same texts at the same boxes on
both, for every card of a deck whose frames carry textures and for every tile of a tile set."""

from __future__ import annotations

import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit.components.deck.painter import CardPainter
from printkit.components.tiles import draw as tiles
from printkit.components.tiles.draw import TilePainter
from printkit.draw import pictograms
from printkit.draw.sketch import SketchCanvas, paints_shapes
from printkit.kit import load_kit
from printkit.layout.geometry import Rect
from printkit.layout.units import mm
from printkit.render import safearea

SHAPES = ("beginPath", "drawPath", "clipPath", "rect", "roundRect", "ellipse", "circle")
SHAPES += ("wedge", "arc", "bezier", "line", "lines")


class PaintingProbe(safearea.ProbeCanvas):
    """The safe-area probe on a canvas that paints every shape, as a build's canvas does."""


for _name in SHAPES:
    setattr(PaintingProbe, _name, getattr(Canvas, _name))


def _texts(monkeypatch, probe_class, draw) -> list:
    probe = probe_class()
    painting = probe_class is PaintingProbe
    for module in (pictograms, tiles):
        monkeypatch.setattr(module, "paints_shapes", lambda c: painting)
    draw(probe)
    return probe.texts


def test_a_sketch_paints_nothing_but_text():
    sketch = SketchCanvas(None, invariant=1)
    sketch.setFont("Helvetica", 10)
    before = sketch.getpdfdata()
    sketch = SketchCanvas(None, invariant=1)
    sketch.setFont("Helvetica", 10)
    sketch.circle(10, 10, 5, fill=1)
    path = sketch.beginPath()
    path.moveTo(0, 0)
    path.lineTo(10, 10)
    sketch.drawPath(path)
    sketch.rect(0, 0, 5, 5)
    assert sketch.getpdfdata() == before
    assert not paints_shapes(sketch) and paints_shapes(Canvas(None))


@pytest.mark.parametrize("side", ["front", "back"])
def test_card_texts_measure_the_same_on_a_sketch(monkeypatch, side):
    kit = load_kit("chariot-race")
    deck = kit.model("cards")
    trim = Rect(mm(20), mm(20), deck.size.width, deck.size.height)

    def draw(probe) -> None:
        painter = CardPainter(probe, deck, 0.0)
        for card in deck.cards[:24]:
            if side == "front":
                painter.place_front(card, trim)
            else:
                painter.place_back(trim, card.kind)

    painted = _texts(monkeypatch, PaintingProbe, draw)
    sketched = _texts(monkeypatch, safearea.ProbeCanvas, draw)
    assert len(painted) > 24 and sketched == painted


def test_tile_texts_measure_the_same_on_a_sketch(monkeypatch):
    kit = load_kit("chartae")
    tile_set = kit.model("tiles")
    trim = Rect(mm(20), mm(20), tile_set.tile_size, tile_set.tile_size)

    def draw(probe) -> None:
        painter = TilePainter(probe, tile_set, 0.0)
        for tile in tile_set.tiles:
            painter.place_front(tile, trim)

    painted = _texts(monkeypatch, PaintingProbe, draw)
    sketched = _texts(monkeypatch, safearea.ProbeCanvas, draw)
    assert len(painted) >= len(tile_set.tiles) and sketched == painted
