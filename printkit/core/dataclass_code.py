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

The kept code is a table of `core/kept.py` (one file in the user cache folder, robust against
a damaged, foreign, concurrently written or unwritable file). The `printkit` command installs
the cache for its process (`cli/process.py`) and saves it at the end.
"""

from __future__ import annotations
import __future__

import builtins
import dataclasses
import sys
from collections.abc import Mapping
from pathlib import Path
from types import CodeType
from typing import Any

from printkit.core.kept import KeptTable

# what `exec` inherits from its caller's `from __future__ import ...` (distinct bits; not
# nested_scopes', which is CO_NESTED, a flag of every nested function that exec does not pass on)
_FUTURE_FLAGS = sum(
    {
        getattr(__future__, name).compiler_flag
        for name in __future__.all_feature_names
        if name != "nested_scopes"
    }
)


class CodeCache:
    """The compiled code of source texts, kept in the table "dataclass-code" (`path`, by
    default in the user cache folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.table = KeptTable("dataclass-code", path)

    def code(self, source: str, flags: int) -> CodeType:
        """The code `exec(source)` compiles in a caller with these `__future__` flags."""
        key = (flags, source)
        code = self.table.get(key)
        if type(code) is not CodeType:
            code = compile(source, "<string>", "exec", flags=flags, dont_inherit=True)
            self.table.add(key, code)
        return code

    def save(self) -> None:
        """Keep what was compiled afresh (best effort)."""
        self.table.save()


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
    """Route the `dataclasses` module's `exec` through a cache kept in `path` (by default in
    the user cache folder) for the rest of the process, or until `uninstall`; the cache in use
    if one already is."""
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
