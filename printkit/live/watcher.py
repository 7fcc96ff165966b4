"""Saves under a kit's folders, as bursts of changed paths, for `build --watch` and `serve`.

The operating system's watch is tied to the folder it was given: when a kit folder is deleted
and made again (a `git checkout`, an unzip, a sync tool replacing it), the old watch hears nothing
more. So the watcher notices a watched folder's own removal (and a change of its device and inode),
waits for the folder to be there again, watches the new folder and, once it listens, reports it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from watchfiles import watch as watch_files

from printkit.load import remote

POLL_SECONDS = 0.2  # how often a missing folder is looked for, and the watcher's timeout
LINK_POLL_SECONDS = 60.0  # how often a published card list (load/remote.py) is fetched again


def watch(
    roots: Callable[[], list[Path]],
    on_change: Callable[[list[Path]], None],
    stop: Any = None,
    ready: Callable[[], None] | None = None,
) -> None:
    """Call `on_change(paths)` after each burst of saves under the kit folders (until `stop`).
    `ready()` is called once the watcher listens: a save made after it is never missed."""
    stop = stop if stop is not None else threading.Event()
    listening = ready or (lambda: None)
    poller = threading.Thread(
        target=poll_links, args=(on_change, stop), daemon=True, name="printkit-links"
    )
    poller.start()
    while not stop.is_set():
        folders = [folder for folder in roots() if folder.is_dir()]
        if not folders:
            stop.wait(POLL_SECONDS)
            continue
        if not _watch_while_present(folders, on_change, stop, listening):
            return
        _wait_for(folders, stop)

        def listening(back: list[Path] = folders) -> None:
            on_change(back)  # the folder is back, and may hold anything: said once it is heard


def poll_links(on_change: Callable[[list[Path]], None], stop: Any) -> None:
    """Every LINK_POLL_SECONDS until `stop`: fetch each published card list read so far again,
    and report the copy of each that changed as a save (the rebuild reads the new cards)."""
    while not stop.wait(LINK_POLL_SECONDS):
        changed = [remote.cached_copy(url) for url in remote.links_read() if remote.refresh(url)]
        if changed:
            on_change(changed)


def _watch_while_present(
    folders: list[Path],
    on_change: Callable[[list[Path]], None],
    stop: threading.Event,
    ready: Callable[[], None] | None,
) -> bool:
    """Report bursts until `stop` (False) or until a folder is removed or replaced (True);
    `ready()` once the watch listens."""
    identities = {folder: _identity(folder) for folder in folders}
    watched = {folder.resolve() for folder in folders} | set(folders)
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
        paths = [Path(p) for _, p in changes]
        if set(paths) & watched or any(_identity(f) != known for f, known in identities.items()):
            return True  # a folder was removed (its inode may well be reused by the new one)
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


def _ignored(path: Path) -> bool:
    """Editor temporaries and our own outputs do not trigger a rebuild."""
    name = path.name
    return name.startswith((".", "#", "~")) or name.endswith(("~", ".swp", ".tmp"))
