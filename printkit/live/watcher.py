"""Saves under a kit's folders, as bursts of changed paths, for `build --watch` and `serve`.

The operating system's watch is tied to the folder it was given: when a kit folder is deleted
and made again (a `git checkout`, an unzip, a sync tool replacing it), the old watch hears nothing
more. So each folder is watched together with its identity (device and inode); once it is gone or
is another folder, the watcher waits for it to be there again, reports the change, and watches
the new folder.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from watchfiles import watch as watch_files

POLL_SECONDS = 0.2  # how often a missing folder is looked for, and the watcher's timeout


def watch(
    roots: Callable[[], list[Path]],
    on_change: Callable[[list[Path]], None],
    stop: Any = None,
    ready: Callable[[], None] | None = None,
) -> None:
    """Call `on_change(paths)` after each burst of saves under the kit folders (until `stop`).
    `ready()` is called once the watcher listens: a save made after it is never missed."""
    stop = stop if stop is not None else threading.Event()
    while not stop.is_set():
        folders = [folder for folder in roots() if folder.is_dir()]
        if not folders:
            stop.wait(POLL_SECONDS)
            continue
        replaced = _watch_while_present(folders, on_change, stop, ready)
        ready = None
        if replaced:
            _wait_for(folders, stop)
            if not stop.is_set():
                on_change(folders)  # the folder is back, and may hold anything


def _watch_while_present(
    folders: list[Path],
    on_change: Callable[[list[Path]], None],
    stop: threading.Event,
    ready: Callable[[], None] | None,
) -> bool:
    """Report bursts until `stop` (False) or until a folder is removed or replaced (True)."""
    identities = {folder: _identity(folder) for folder in folders}
    timeout_ms = int(POLL_SECONDS * 1000)
    answers = watch_files(
        *folders,
        stop_event=stop,
        debounce=50,
        step=20,
        rust_timeout=timeout_ms,
        yield_on_timeout=True,
    )
    for changes in answers:
        if ready is not None:
            ready()
            ready = None
        if any(_identity(folder) != known for folder, known in identities.items()):
            return True
        paths = [Path(p) for _, p in changes]
        if any(not _ignored(p) for p in paths):
            on_change(paths)
    return False


def _identity(folder: Path) -> tuple[int, int] | None:
    try:
        info = folder.stat()
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


def _wait_for(folders: list[Path], stop: threading.Event) -> None:
    while not stop.is_set() and not all(folder.is_dir() for folder in folders):
        stop.wait(POLL_SECONDS)
    time.sleep(POLL_SECONDS)  # let whatever makes the folder again finish writing into it


def _ignored(path: Path) -> bool:
    """Editor temporaries and our own outputs do not trigger a rebuild."""
    name = path.name
    return name.startswith((".", "#", "~")) or name.endswith(("~", ".swp", ".tmp"))
