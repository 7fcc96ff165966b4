"""Speed and memory levers that must not change a single byte of output."""

from __future__ import annotations

import gc

from pypdf import PdfReader

from bench.synthetic import write_deck_kit
from printkit.build.pipeline import build_kits
from printkit.core.perf import gc_paused
from printkit.kit import load_kit


def test_a_deck_printed_once_per_design_reads_back(tmp_path):
    """Designs printed once are drawn in place, clipped to the card: text and boxes intact."""
    kit = write_deck_kit(tmp_path / "kit", 10)
    build_kits([load_kit(str(kit))], tmp_path / "out")
    reader = PdfReader(tmp_path / "out" / "bench-deck" / "deck1.pdf")
    assert len(reader.pages) == 4  # 10 cards: 2 sheets, fronts and backs
    text = reader.pages[0].extract_text() + reader.pages[2].extract_text()
    assert all(f"Card {i}" in text for i in range(10))
    assert "/TrimBox" in reader.pages[0]


def test_gc_paused_restores_the_collector():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # it was off before: it stays off
    finally:
        gc.enable()
