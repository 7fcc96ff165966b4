"""The compiled code of the methods `dataclasses` generates, kept between runs.

`@dataclass` writes the source of each class's `__init__`, `__repr__`, `__eq__` (and, frozen,
`__setattr__`, `__delattr__`, `__hash__`) and compiles it with `exec`: Python 3.11 and 3.12
once per method, 3.13 once per class. A deck build creates about 70 dataclasses as it
imports printkit, and compiling their 290 methods is about 18 ms of every process
(docs/performance.md). The source depends only on the class's definition, so its compiled
code can be kept: `install` puts a stand-in for `exec` in the `dataclasses` module's globals
(where the name is looked up before the builtin) that compiles a source text only the first
time it is met and replays the kept code object afterwards.

What the stand-in runs is what `exec` would have run: the code is compiled with the file name
`exec` gives a string ("<string>"), the optimisation level of the interpreter and the
`__future__` flags of the caller (`dataclasses` itself, none; never this module's), then
executed in the globals and locals the caller passes (or its own, as `exec` does), so every
method, signature, `__doc__`, `__qualname__` and behaviour is the same. A source not yet kept is
simply compiled: the key is the whole text with those flags, so a changed class never meets an
old entry. Anything but a string is passed to `exec` unchanged.

The kept code is one file in the user cache folder (`core/cachedir.py`), named by the
interpreter's bytecode tag and exact version and starting with a header that repeats them, the
optimisation level and a CRC-32 of the rest, then `marshal` data (a dict of each key to its
code's own `marshal` bytes, so a process unpacks only the code it runs): a file for another Python, a
damaged or truncated file, or one that cannot be read is ignored (and rewritten by the next
`save`). `save` writes only when something new was compiled, through a temporary file and a
rename, so a concurrent reader sees the old file or the new one, never half of either; of two
concurrent writers the last wins, and what the other compiled is compiled again once. A folder
that cannot be written means no cache. The `printkit` command installs it for its process
(`cli/process.py`) and saves at the end.
"""

from __future__ import annotations
import __future__

import builtins
import dataclasses
import marshal
import os
import sys
import zlib
from collections.abc import Mapping
from pathlib import Path
from types import CodeType
from typing import Any

from printkit.core.cachedir import cache_dir

FORMAT = 2  # bump when what the file holds changes
MAX_ENTRIES = 2048  # beyond this, a save keeps only what this process used (old classes go)
# the bytecode changes only from one release (alphas and betas included) to another
_TAG = f"{sys.implementation.cache_tag}-{sys.hexversion:08x}"
# what `exec` would inherit from its caller's `from __future__ import ...` (distinct bits)
_FUTURE_FLAGS = sum(
    {getattr(__future__, name).compiler_flag for name in __future__.all_feature_names}
)

Key = tuple[int, str]  # the caller's __future__ flags, the source text


def cache_file() -> Path:
    """The file of this interpreter's kept dataclass code."""
    return cache_dir("code") / f"dataclass-code-{_TAG}.marshal"


def _header() -> bytes:
    return f"printkit dataclass code {FORMAT} {_TAG} O{sys.flags.optimize}\n".encode()


class CodeCache:
    """The compiled code of source texts, read from `path` (by default `cache_file()`) when
    first needed."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._kept: dict[Key, Any] | None = None  # the file's: each code's marshal bytes
        self.used: set[Key] = set()
        self.compiled: dict[Key, CodeType] = {}  # what this process compiled afresh

    def code(self, source: str, flags: int) -> CodeType:
        """The code `exec(source)` compiles in a caller with these `__future__` flags."""
        key = (flags, source)
        code = _loaded(self._table().get(key))
        if code is not None:
            self.used.add(key)
            return code
        code = self.compiled.get(key)
        if code is None:
            code = compile(source, "<string>", "exec", flags=flags, dont_inherit=True)
            self.compiled[key] = code
        return code

    def _table(self) -> Mapping[Key, Any]:
        if self._kept is None:
            self._kept = _read(self.path)
        return self._kept

    @property
    def path(self) -> Path:
        if self._path is None:  # found when first needed: --help may compile nothing
            self._path = cache_file()
        return self._path

    def save(self) -> None:
        """Write the kept code and what was compiled since, if anything was (best effort)."""
        if not self.compiled:
            return
        table = {**self._table(), **{k: marshal.dumps(c) for k, c in self.compiled.items()}}
        if len(table) > MAX_ENTRIES:
            table = {key: table[key] for key in self.used | self.compiled.keys()}
        try:
            _write(self.path, table)
        except (OSError, ValueError):
            return  # no cache this time: everything was compiled as usual
        self._kept, self.compiled = table, {}


def _loaded(blob: object) -> CodeType | None:
    """The code object marshalled in `blob`, if it holds one."""
    if type(blob) is not bytes:
        return None
    try:
        code = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):
        return None
    return code if type(code) is CodeType else None


def _read(path: Path) -> dict[Key, Any]:
    """The table in `path`, or an empty one for a missing, foreign or damaged file."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    header = _header()
    if not data.startswith(header) or len(data) < len(header) + 4:
        return {}
    start = len(header) + 4
    body = memoryview(data)[start:]
    if int.from_bytes(data[len(header) : start], "big") != zlib.crc32(body):
        return {}
    try:
        table = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return {}
    return table if isinstance(table, dict) else {}


def _write(path: Path, table: dict[Key, bytes]) -> None:
    import tempfile  # only when something new is kept

    blob = marshal.dumps(table)
    header = _header() + zlib.crc32(blob).to_bytes(4, "big")
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".code-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(header + blob)
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise


def _caller_exec(cache: CodeCache) -> Any:
    """A function that does what `exec` does when `dataclasses` calls it, through `cache`."""

    def exec(  # noqa: A001 - it stands for the builtin in the dataclasses module
        source: Any,
        globals: dict[str, Any] | None = None,  # noqa: A002 - exec's own parameter names
        locals: Mapping[str, Any] | None = None,  # noqa: A002
        /,
        *,
        closure: tuple[Any, ...] | None = None,
    ) -> None:
        caller = sys._getframe(1)
        if globals is None:  # exec's defaults: the caller's namespaces, not this function's
            globals = caller.f_globals
            if locals is None:
                locals = caller.f_locals
        if isinstance(source, str):
            source = cache.code(source, caller.f_code.co_flags & _FUTURE_FLAGS)
        builtins.exec(source, globals, locals, closure=closure)

    return exec


_installed: CodeCache | None = None


def install(path: Path | None = None) -> CodeCache:
    """Route the `dataclasses` module's `exec` through a cache kept in `path` (by default
    `cache_file()`) for the rest of the process, or until `uninstall`; the cache in use if one
    already is."""
    global _installed
    if _installed is None:
        _installed = CodeCache(path)
        dataclasses.exec = _caller_exec(_installed)  # type: ignore[attr-defined]
    return _installed


def uninstall() -> None:
    """Give `dataclasses` the builtin `exec` back (what was compiled is not saved)."""
    global _installed
    if _installed is not None:
        del dataclasses.exec  # type: ignore[attr-defined]
        _installed = None


def save() -> None:
    """Keep what the installed cache compiled (nothing if none is installed)."""
    if _installed is not None:
        _installed.save()
