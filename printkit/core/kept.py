"""A table of compiled things kept between runs in one file of the user cache folder.

The compiled methods of dataclasses (`core/dataclass_code.py`) and the compiled regular
expressions (`core/regex_code.py`) are each a table from what was compiled (a source text, a
pattern) to its compiled form. The file is named by the table and the interpreter's bytecode
tag and exact version, and starts with a header that repeats them with the optimisation level
and a CRC-32 of the rest, then `marshal` data: a dict of each key to its value's own `marshal`
bytes, so a process unpacks only what it uses. A file for another Python, a damaged or
truncated file, or one that cannot be read is ignored, and rewritten by the next `save`.

What is kept is compiled code, like Python's own bytecode cache: it is read always and written
unless Python is told not to write bytecode (`-B`, `PYTHONDONTWRITEBYTECODE`). `save` writes
only when something was added, through a temporary file and a rename, so a
concurrent reader sees the old file or the new one, never half of either; of two concurrent
writers the last wins, and what the other added is added again by a later run. A folder that
cannot be written means no cache. Values are what `marshal` writes: numbers, strings, bytes,
tuples, lists, dicts, sets and code objects, never pickled objects.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from printkit.core.cachedir import cache_dir

FORMAT = 1  # bump when the layout of the file changes
MAX_ENTRIES = 2048  # beyond this, a save keeps only what this process used (old entries go)
# the bytecode and the compiled patterns change only from one release (alphas and betas
# included) to another
TAG = f"{sys.implementation.cache_tag}-{sys.hexversion:08x}"
Key = Any  # anything hashable that marshal writes: a string, or a tuple of numbers and strings


class KeptTable:
    """The table `name`, kept in `path` (by default in the user cache folder) and read when
    first looked up."""

    def __init__(self, name: str, path: Path | None = None) -> None:
        self.name = name
        # found now, not at the first lookup: finding it imports platformdirs, which compiles
        # a pattern, which would look the table up while its file is being found
        self.path = path or cache_dir("code") / f"{name}-{TAG}.marshal"
        self._kept: dict[Key, Any] | None = None  # the file's: each value's marshal bytes
        self.used: set[Key] = set()  # the keys found in the file
        self.added: dict[Key, Any] = {}  # what this process added

    def get(self, key: Key) -> Any | None:
        """The value kept for `key`, or None."""
        blob = self._table().get(key)
        if type(blob) is not bytes:
            return self.added.get(key)
        try:
            value = marshal.loads(blob)
        except (EOFError, ValueError, TypeError):
            return None
        self.used.add(key)
        return value

    def add(self, key: Key, value: Any) -> None:
        """Keep `value` for `key` (written by the next `save`)."""
        self.added[key] = value

    def save(self) -> None:
        """Write the table with what was added, if anything was (best effort), unless Python
        is told not to write bytecode (`-B`, `PYTHONDONTWRITEBYTECODE`)."""
        if not self.added or sys.dont_write_bytecode:
            return
        try:
            table = {**self._table(), **_marshalled(self.added)}
            if len(table) > MAX_ENTRIES:
                table = {key: table[key] for key in self.used | self.added.keys()}
            _write(self.path, self._header(), table)
        except (OSError, ValueError):
            return  # no cache this time: everything was compiled as usual
        self._kept, self.added = table, {}

    def _table(self) -> Mapping[Key, Any]:
        if self._kept is None:
            self._kept = _read(self.path, self._header())
        return self._kept

    def _header(self) -> bytes:
        return f"printkit {self.name} {FORMAT} {TAG} O{sys.flags.optimize}\n".encode()


def _marshalled(added: dict[Key, Any]) -> dict[Key, bytes]:
    """Each value's marshal bytes, leaving out what marshal cannot write (kept nowhere)."""
    out = {}
    for key, value in added.items():
        try:
            marshal.dumps(key)
            out[key] = marshal.dumps(value)
        except ValueError:
            continue
    return out


def _read(path: Path, header: bytes) -> dict[Key, Any]:
    """The table in `path`, or an empty one for a missing, foreign or damaged file."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    start = len(header) + 4
    if not data.startswith(header) or len(data) < start:
        return {}
    body = memoryview(data)[start:]
    if int.from_bytes(data[len(header) : start], "big") != zlib.crc32(body):
        return {}
    try:
        table = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return {}
    return table if isinstance(table, dict) else {}


def _write(path: Path, header: bytes, table: dict[Key, bytes]) -> None:
    # imported here, only when something new is kept
    import tempfile

    blob = marshal.dumps(table)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".kept-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(header + zlib.crc32(blob).to_bytes(4, "big") + blob)
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise
