"""The suite's own speed measures work as they say (docs/performance.md, "The test suite"):
full collections are rarer in test processes, a test module's memos are let go when it ends,
and the text reader parses a form once."""

from __future__ import annotations

import functools
import gc
import types
from pathlib import Path

import pikepdf
from conftest import FULL_PASS_THRESHOLD, let_go_of_memos
from pdfcheck import pdf_chars
from reportlab.pdfgen.canvas import Canvas


def test_full_collections_are_ten_times_rarer_in_test_processes():
    assert gc.get_threshold()[2] == FULL_PASS_THRESHOLD == 10 * 10  # Python's 10, ten times


def test_a_modules_own_memos_are_let_go_and_printkits_kept():
    from printkit.draw.fonts import FONTS, shipped_font  # a memo of printkit's own

    shipped_font(next(iter(FONTS)))

    module = types.ModuleType("tests.test_example")

    @functools.cache
    def parsed(name: str) -> list[str]:
        return [name]

    parsed.__module__ = module.__name__
    module.parsed, module.shipped_font = parsed, shipped_font
    parsed("a")
    kept = shipped_font.cache_info().currsize
    assert kept > 0
    let_go_of_memos(module)
    assert parsed.cache_info().currsize == 0
    assert shipped_font.cache_info().currsize == kept


def _form_on_pages(path: Path, pages: int) -> Path:
    c = Canvas(str(path), pagesize=(200, 200))
    c.beginForm("back")
    c.setFont("Helvetica", 12)
    c.drawString(20, 20, "Back")
    c.endForm()
    for n in range(pages):
        c.doForm("back")
        c.drawString(20, 100, f"page {n + 1}")
        c.showPage()
    c.save()
    return path


def test_pdf_chars_parses_a_form_drawn_on_every_page_once(tmp_path, monkeypatch):
    pdf = _form_on_pages(tmp_path / "backs.pdf", 3)
    parsed = []
    real = pikepdf.parse_content_stream

    def counted(owner, *args, **kwargs):
        parsed.append(owner)
        return real(owner, *args, **kwargs)

    monkeypatch.setattr(pikepdf, "parse_content_stream", counted)
    pages = pdf_chars(pdf)
    texts = ["".join(c["text"] for c in chars) for chars in pages]
    assert texts == ["Backpage 1", "Backpage 2", "Backpage 3"]
    assert len(parsed) == 3 + 1  # each page, and the form once
    backs = [[c for c in chars if c["text"] in "Back"][:4] for chars in pages]
    assert backs[0] == backs[1] == backs[2]  # the same characters at the same places
