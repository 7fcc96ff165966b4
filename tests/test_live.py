"""The design loop without a browser: LiveKit snapshots and `printkit build --watch`."""

from __future__ import annotations

import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PIL import Image

from printkit.layout.units import to_mm
from printkit.live.loop import LiveKit
from printkit.live.pictures import CARD_DPI


@pytest.mark.slow
def test_a_live_session_thumbnails_pages_then_redraws_only_an_edited_card_then_keeps_them(
    kit_copy, tmp_path
):
    """One LiveKit through three saves (drawing every card of a fresh one is each step's
    whole cost): its first round, a one-card edit, a broken edit."""
    kit, out = kit_copy("chariot-race"), tmp_path / "out"
    before = {p: p.stat().st_mtime_ns for p in Path(kit).rglob("*")}
    live = LiveKit(str(kit), out)
    first = live.refresh(build_pdfs=True)
    _component_pages_are_thumbnailed_and_nothing_is_written_outside_out(first, kit, out, before)
    second = _a_one_card_edit_redraws_that_card_only(live, kit, first)
    _a_broken_edit_keeps_the_last_good_cards_and_names_the_place(live, kit, second)


def _component_pages_are_thumbnailed_and_nothing_is_written_outside_out(
    snap, kit: Path, out: Path, before: dict[Path, int]
) -> None:
    pages = {p["component"]: p["pages"] for p in snap.pages}
    assert {"cards", "templates", "bases"} <= set(pages)
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(out / "chariot-race" / "templates.pdf"))
    assert len(pages["templates"]) == len(pdf)
    page_w = to_mm(pdf[0].get_size()[0])
    pdf.close()
    with Image.open(out / "chariot-race" / "live" / pages["templates"][0]) as im:
        assert abs(im.width / 40 * 25.4 - page_w) < 2  # PAGE_DPI thumbnails of the real page
    assert {p: p.stat().st_mtime_ns for p in Path(kit).rglob("*")} == before


def _a_one_card_edit_redraws_that_card_only(live: LiveKit, kit: Path, first):
    """The round after `first`: its snapshot."""
    assert not first.error and len(first.cards) > 30
    fronts = {c.id: c.front for c in first.cards}
    folder = live.out / "chariot-race" / "live"
    card = next(c for c in first.cards if c.title)
    with Image.open(folder / card.front) as face:  # a card-sized picture at CARD_DPI
        deck = live.last
        assert deck is first
        width_mm = face.width / CARD_DPI * 25.4
    assert abs(width_mm - 63) < 1
    text = (kit / "cards.yaml").read_text()
    (kit / "cards.yaml").write_text(text.replace(f'"{card.title}"', '"A New Name"', 1))
    second = live.refresh(build_pdfs=False)
    changed = {c.id for c in second.cards if fronts[c.id] != c.front}
    assert changed == {card.id}
    assert all((folder / c.front).is_file() for c in second.cards)
    assert not (folder / card.front).exists()  # the old picture is gone
    return second


def _a_broken_edit_keeps_the_last_good_cards_and_names_the_place(
    live: LiveKit, kit: Path, good
) -> None:
    text = (kit / "cards.yaml").read_text()
    (kit / "cards.yaml").write_text(text.replace("speed: 4,", "speed: four,", 1))
    broken = live.refresh(build_pdfs=False)
    assert broken.cards == good.cards
    assert broken.error and re.search(r"cards\.yaml:\d+:\d+", str(broken.error[0].where))
    assert broken.error[0].card is not None  # placed on the card whose line it is


def test_findings_are_placed_on_the_cards_they_concern(kit_copy, tmp_path):
    kit = kit_copy("chariot-race")
    text = (kit / "cards.yaml").read_text()
    assert "speed: 20," in text
    (kit / "cards.yaml").write_text(text.replace("speed: 20,", "speed: 12,", 1))
    live = LiveKit(str(kit), tmp_path / "out")
    live.begin()  # the findings need the kit read and checked, not its cards drawn
    snap = live.check()
    assert snap.cards and not snap.error
    on_cards = [p for p in snap.problems if p.card]
    assert on_cards, snap.problems
    ids = {c.id for c in snap.cards}
    assert all(p.card in ids for p in on_cards)


class Lines:
    """A process's output lines, read in a thread so that waiting for one can time out."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.queue: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, args=(proc,), daemon=True).start()

    def _pump(self, proc: subprocess.Popen) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self.queue.put(line)

    def until(self, pattern: str, timeout: float = 30) -> str | None:
        """The output up to a line matching `pattern`, or None if none came within `timeout`."""
        deadline = time.monotonic() + timeout
        start = len(self.seen)
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.queue.get(timeout=left)
            except queue.Empty:
                break
            self.seen.append(line)
            if re.search(pattern, line):
                return "".join(self.seen[start:])
        return None


def _save_until(lines: Lines, path: Path, text: str, pattern: str) -> str:
    """Save `text` to `path`, then wait for the watcher's answer matching `pattern`."""
    path.write_text(text)
    found = lines.until(pattern, timeout=30)
    assert found is not None, f"no line matching {pattern!r} in:\n{''.join(lines.seen)}"
    return found


@pytest.mark.slow
def test_build_watch_prints_one_line_per_rebuild(tmp_path):
    kit = tmp_path / "mini"
    shutil.copytree(Path(__file__).parent / "fixtures" / "mini", kit)
    out = tmp_path / "out"
    build = ["build", str(kit), "--out", str(out), "--watch", "-j", "1"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "printkit", *build],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        lines = Lines(proc)
        assert lines.until(r"^watching ", timeout=60) is not None, "".join(lines.seen)
        # "watching" is said once the watcher listens: the first save is never missed
        cards = kit / "cards.yaml"
        edited = cards.read_text().replace("title: Wheel", "title: Axle")
        done = _save_until(lines, cards, edited, r"rebuilt .*cards\.pdf.* in \d+\.\d\d s; 0 errors")
        assert "cards.pdf" in done.splitlines()[-1]
        broken = edited.replace("power: 3,", "power: three,", 1)
        said = _save_until(lines, cards, broken, r"1 input error; the previous PDFs")
        assert re.search(r"cards\.yaml:27:\d+: error: power must be", said)
        assert (out / "mini" / "cards.pdf").is_file()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
