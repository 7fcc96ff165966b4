"""Speed and memory levers that must not change a single byte of output."""

from __future__ import annotations

import gc

import pytest
from pypdf import PdfReader

from bench.synthetic import write_deck_kit
from printkit import output
from printkit.build import build_kits
from printkit.kit import load_kit
from printkit.model.options import Options
from printkit.perf import gc_paused


@pytest.mark.parametrize("profile", ["home", "shop"])
def test_compressing_pages_early_writes_the_same_bytes_as_reportlab(tmp_path, monkeypatch, profile):
    kits = [load_kit("chariot-race", Options(profile=profile))]
    build_kits(kits, tmp_path / "early", force=True)
    monkeypatch.setattr(output, "compress_pages_when_finished", lambda c: None)
    kits = [load_kit("chariot-race", Options(profile=profile))]
    build_kits(kits, tmp_path / "at-save", force=True)
    early = (tmp_path / "early" / "chariot-race" / "cards.pdf").read_bytes()
    at_save = (tmp_path / "at-save" / "chariot-race" / "cards.pdf").read_bytes()
    assert early == at_save
    assert b"/FlateDecode" in early


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
