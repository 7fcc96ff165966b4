"""What a kit's canvas appends as literal operators is byte for byte what reportlab's own calls
write (draw/fonts.py KitCanvas): a form placed (a card's back, a card printed more than once, a
tile), as saveState, translate, doForm and restoreState write it, without saving the canvas's
state in Python (the measuring probe still moves the form's texts to where it is placed); and
a card's clip to its rectangle, as clipPath writes it, without making a path."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import KitCanvas, clip_rect, place_form, shipped_font
from printkit.render.safearea import ProbeCanvas

PLACES = ((0, 0), (29.76378, 545.6693), (208.3465, 46.77165), (-3.5, 12.25))


def _pdf(c: Canvas) -> bytes:
    c.beginForm("back", 0, 0, 60, 80)
    c.drawString(5, 10, "back")
    c.endForm()
    for page in range(2):
        c.setFillColorRGB(0.2, 0.3, 0.4)
        c.translate(1.5, 2.5)  # a transformation before the first place (reportlab joins cm)
        for x, y in PLACES:
            place_form(c, "back", x + page, y)
            c.saveState()
            clip_rect(c, -x, y - 3, 178.5827 + page, 249.4488)
            c.restoreState()
        c.rect(10, 10, 20, 20, fill=1)
        c.showPage()
    return c.getpdfdata()


def test_forms_placed_and_clips_write_the_bytes_reportlab_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    font = shipped_font("body")
    plain = _pdf(Canvas(io.BytesIO(), invariant=1, initialFontName=font))

    def no_path(self: KitCanvas) -> None:
        raise AssertionError("clipping to a rectangle made a path")

    states: list[int] = []
    save = KitCanvas.saveState
    monkeypatch.setattr(KitCanvas, "beginPath", no_path)
    monkeypatch.setattr(KitCanvas, "saveState", lambda self: (states.append(1), save(self)))
    assert _pdf(KitCanvas(io.BytesIO(), invariant=1, initialFontName=font)) == plain
    assert len(states) == 2 * len(PLACES)  # the clips' own states only: placing saved none


def test_the_probe_moves_a_placed_forms_texts() -> None:
    probe = ProbeCanvas()
    probe.beginForm("back", 0, 0, 60, 80)
    probe.setFont(shipped_font("body"), 10)
    probe.drawString(5, 10, "back")
    probe.endForm()
    place_form(probe, "back", 100, 200)
    place_form(probe, "back", 300, 20)
    (_, first), (_, second) = probe.texts
    assert first[0] == pytest.approx(105) and second[0] == pytest.approx(305)
    assert second[1] - first[1] == pytest.approx(20 - 200)


def test_a_star_written_at_once_is_what_its_path_calls_write() -> None:
    """On a KitCanvas a star's path is written as one piece of code (a deck's frame texture
    has thousands): byte for byte what the path calls write, filled or also stroked, under
    either fill rule."""
    from printkit.draw import pictograms

    class Drawn(KitCanvas):
        """A KitCanvas whose stars are drawn by the path calls."""

    for fill_mode in (0, 1):
        written = []
        for cls in (KitCanvas, Drawn):
            c = cls(io.BytesIO())
            c._fillMode = fill_mode
            start = len(c._code)
            pictograms.star(c, 12.345678, 98.7654321, 0.9)
            pictograms.star(c, -3.2, 0.0001, 2.5, stroke=True)
            written.append("\n".join(c._code[start:]))
        assert written[0] == written[1] and written[0].count(" m ") == 2
