"""The measuring probe notes a plain text's lines (`ProbeCanvas.note_lines`) where drawing them
puts them: the same strings and boxes, in the same order, for every alignment, wrapped or
not, in a form or moved by the transformation, and the canvas's font is left as it was."""

from __future__ import annotations

import pytest

from printkit.draw.fonts import shipped_font
from printkit.draw.text import draw_laid_out, fit_text, text_layout
from printkit.render.safearea import ProbeCanvas

TEXT = "Move 4, turn 30 and drift 1. Crash: lose a wheel and the race"


@pytest.mark.parametrize("align", ["left", "centre", "right"])
@pytest.mark.parametrize("valign", ["top", "middle", "bottom"])
@pytest.mark.parametrize("lines", [1, 3])
def test_noted_lines_are_the_drawn_lines(align, valign, lines):
    face = shipped_font("body")
    box = (10.5, 20.25, 150.0 if lines == 1 else 60.0, 40.0)
    fitted = fit_text(TEXT, face, box[2], box[3], 9.0, 3.0, lines)
    layout = text_layout(align, valign, lines)
    drawn, noted = ProbeCanvas(), ProbeCanvas()
    for probe in (drawn, noted):
        probe.translate(7.0, -3.0)
        probe.scale(1.5, 0.5)
    drawn.saveState()
    draw_laid_out(drawn, fitted, box, layout)
    drawn.restoreState()
    before = (noted._fontname, noted._fontsize)
    noted.note_lines(fitted, box, layout)
    assert len(fitted.lines) == (1 if lines == 1 else 3)
    assert noted.texts == drawn.texts  # exactly: the same floats
    assert (noted._fontname, noted._fontsize) == before
