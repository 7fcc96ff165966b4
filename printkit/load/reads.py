"""The bytes each file gave when a kit read it, kept as content hashes for the build record.

Every reader of a kit's files (YAML, spreadsheets, images, icons, fonts) notes the SHA-256 of the
exact bytes it read in the kit's `ReadLog`. The build record keeps those digests, never a hash
taken after the build: a file saved again while a build runs differs from its digest, so the next
build rebuilds what read it. A file read twice with different bytes is recorded as `CHANGED`,
which no file's hash equals.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

CHANGED = "changed while it was read"  # never a SHA-256: the next build rebuilds


class ReadLog:
    """File (absolute, normalised) -> SHA-256 of the bytes it gave when first read."""

    __slots__ = ("digests",)

    def __init__(self, digests: dict[str, str] | None = None) -> None:
        self.digests: dict[str, str] = {} if digests is None else digests

    def __repr__(self) -> str:
        return f"ReadLog(digests={self.digests!r})"

    def note(self, path: Path, data: bytes) -> bytes:
        """Remember the digest of `data`, just read from `path`; returns `data`."""
        key, digest = _key(path), hashlib.sha256(data).hexdigest()
        if self.digests.setdefault(key, digest) != digest:
            self.digests[key] = CHANGED
        return data

    def digest(self, path: Path) -> str | None:
        """The digest of what `path` gave when it was read; None if it was not read."""
        return self.digests.get(_key(path))


def note(log: ReadLog | None, path: Path, data: bytes) -> bytes:
    """`data`, read from `path`, noted in `log` when there is one."""
    return log.note(path, data) if log is not None else data


def _key(path: Path) -> str:
    return os.path.normpath(os.path.abspath(path))
