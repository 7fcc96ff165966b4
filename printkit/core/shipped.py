"""The bytes of a file printkit ships (a font), read and summed once a process.

Two things in a build need a shipped font's bytes: the code fingerprint, which keys every build
record by the content of the whole package (build/incremental.py), and the check that a font's
shipped metrics entry was made from these very bytes before reportlab embeds them
(draw/fontmetrics.py). Both take the bytes and their CRC-32 from here, so each font a build
uses is read and summed once, and the fingerprint is of the bytes the build embeds. Only files
of printkit's own package are read once (they do not change while printkit runs); any other
file is read afresh at every call. Nothing outlives the process: this is a memo of one run,
never a file.
"""

from __future__ import annotations

import os
import zlib
from functools import cache
from pathlib import Path

_PACKAGE = f"{Path(__file__).resolve().parents[1]}{os.sep}"


def file_and_crc(path: str) -> tuple[bytes, int]:
    """The bytes of the file at `path` and their CRC-32 (zlib's); read once a process when the
    file is printkit's own (`path` absolute, as the package's resolved folder spells it)."""
    return _shipped(path) if path.startswith(_PACKAGE) else _read(path)


@cache
def _shipped(path: str) -> tuple[bytes, int]:
    return _read(path)


def _read(path: str) -> tuple[bytes, int]:
    with open(path, "rb", buffering=0) as source:
        data = source.read()
    return data, zlib.crc32(data)
