"""The watcher behind `build --watch` and `serve` follows a kit folder that is deleted and made
again (a checkout, an unzip, a sync tool): saves in the new folder are heard, not lost."""

from __future__ import annotations

import queue
import shutil
import threading
from pathlib import Path

from printkit.live.watcher import watch


def heard(bursts: queue.Queue, name: str, timeout: float = 15) -> bool:
    """Whether a burst naming `name` (or the folder itself) comes within `timeout` seconds."""
    try:
        while True:
            paths = bursts.get(timeout=timeout)
            if any(p.name == name for p in paths):
                return True
    except queue.Empty:
        return False


def test_saves_in_a_folder_made_again_are_heard(tmp_path):
    kit = tmp_path / "kit"
    kit.mkdir()
    bursts: queue.Queue[list[Path]] = queue.Queue()
    listening, stop = threading.Event(), threading.Event()
    thread = threading.Thread(
        target=watch, args=(lambda: [kit], bursts.put, stop, listening.set), daemon=True
    )
    thread.start()
    try:
        assert listening.wait(15)
        (kit / "cards.yaml").write_text("one\n")
        assert heard(bursts, "cards.yaml")
        shutil.rmtree(kit)
        kit.mkdir()
        (kit / "cards.yaml").write_text("two\n")
        assert heard(bursts, "kit"), "the folder made again is reported"
        (kit / "tokens.yaml").write_text("three\n")
        assert heard(bursts, "tokens.yaml"), "a save in the new folder is heard"
    finally:
        stop.set()
        thread.join(10)
    assert not thread.is_alive()
