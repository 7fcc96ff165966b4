"""Reading a file printkit wrote for itself (a memo of plain data) only when it is safe to.

A memo is a convenience: printkit is right without it, only slower. So a memo is read only
when it is a regular file of the user's own, no larger than its cap, in a folder no one else
may write; anything else (a link, a FIFO, a device, another user's file, a file that grew past
its cap) reads as no memo. The file is opened without following a link and without waiting
on a FIFO, and checked on the open handle (`fstat`), so what is checked is what is read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)  # not on Windows, where links need rights to make
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _own(info: os.stat_result) -> bool:
    """Whether the user running printkit owns what `info` describes."""
    uid = getattr(os, "geteuid", None)  # POSIX only; Windows has no such owners
    return uid is None or info.st_uid == uid()


def private_folder(folder: Path) -> bool:
    """Whether `folder` is a folder of the user's own that no one else may write."""
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    group_or_others = stat.S_IWGRP | stat.S_IWOTH
    return stat.S_ISDIR(info.st_mode) and _own(info) and not info.st_mode & group_or_others


def read_private(path: Path, cap: int) -> bytes | None:
    """The bytes of `path`, or None unless it is a regular file of the user's own of at most
    `cap` bytes in a private folder (`private_folder`)."""
    if not private_folder(path.parent):
        return None
    try:
        handle = os.open(path, _OPEN_FLAGS)
    except OSError:  # missing, a link (ELOOP), unreadable
        return None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or not _own(info) or info.st_size > cap:
            return None
        data = os.read(handle, cap + 1)
    except OSError:
        return None
    finally:
        os.close(handle)
    return data if len(data) <= cap else None
