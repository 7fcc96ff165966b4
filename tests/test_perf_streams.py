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


def test_gc_paused_with_promote_moves_what_it_made_to_the_oldest_generation_unscanned():
    """`check` keeps its models and layouts: with `promote` they leave the pause in the oldest
    generation, without the pass the next young collection would make over all of them, and
    nothing stays frozen (later full collections still see them)."""
    passes: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start":
            passes.append(info["generation"])

    gc.collect(1)  # the young generations empty (a full pass of a test worker's heap: 0.4 s)
    gc.callbacks.append(count)
    try:
        with gc_paused(promote=True):
            kept = [[i] for i in range(50_000)]  # far past the young generation's threshold
        assert passes == []  # no pass over them when the pause ends
        assert gc.isenabled() and gc.get_freeze_count() == 0 and gc.get_count()[0] < 10
        [[i] for i in range(1_000)]  # the next young collection scans only what is new
        assert passes and 2 not in passes
    finally:
        gc.callbacks.remove(count)
    assert gc.is_tracked(kept[-1]) and len(kept) == 50_000
