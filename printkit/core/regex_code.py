"""The compiled form of regular expressions, kept between runs.

`re` keeps compiled patterns for the process only, so every start parses and compiles every
pattern its modules compile at import: about 8 ms of a deck build's start, 3.4 ms of it for one
pattern of pyyaml's reader (a class of printable characters over all of Unicode, which `re`
turns into a table of 65,536 entries in pure Python). What `re` hands to its C engine is
plain data: the final flags, a list of opcodes, the group count and the group names. `install`
routes `re`'s compiler through a table of `core/kept.py` that keeps that data under the
pattern and its flags, and gives the engine the kept data instead of parsing again.

The pattern made is the pattern `re` makes: the same call of `_sre.compile` with the same
arguments (the engine validates the opcodes either way), so `Pattern.__eq__`, which compares
the flags and the compiled code, holds them equal (tests/test_kept_code.py). It works on the
private `re._compiler.compile` of CPython 3.11 to 3.13, whose body this mirrors; on any other
interpreter `install` does nothing. A pattern compiled with `re.DEBUG` (which prints as it
compiles), or handed over already parsed, goes to `re` unchanged.

Only a pattern written as a literal in the code that compiles it is kept (`re.compile("...")`
in a module, a class or a function: most of them, and pyyaml's): one made at run time is
compiled by `re` as usual, so the table holds no more than the code's own patterns. A pattern
made from data (a name in a rule, `fnmatch`'s translations) would otherwise add to the table
in every run with other data, and one joined from a set (reportlab's `rl_safe_eval` joins
names in the set's order, which changes with each process's string hashing) in every run. The `printkit` command
installs it for its process (`cli/process.py`) and saves it at the end.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import sys
from collections.abc import Callable
from pathlib import Path
from re import _compiler, _parser  # type: ignore[attr-defined]
from types import FrameType
from typing import Any

from printkit.core.kept import KeptTable

SUPPORTED = sys.implementation.name == "cpython" and (3, 11) <= sys.version_info[:2] <= (3, 13)

_RE_MODULES = frozenset({"re", "re._compiler", "re._parser"})

# what `_sre.compile` takes after the pattern: flags, code, groups - 1, groupindex, indexgroup
Compiled = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


def compiled(pattern: str | bytes, flags: int) -> Compiled:
    """What `re._compiler.compile(pattern, flags)` hands to the engine."""
    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    groupindex = parsed.state.groupdict
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (
        int(flags | parsed.state.flags),
        [int(op) for op in code],  # the opcodes are named ints, which marshal cannot write
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )


def written_by_caller(pattern: str | bytes, frame: FrameType | None) -> bool:
    """Whether `pattern` is a literal of the code that asked `re` for it (`frame`, or the first
    frame above it outside `re`)."""
    while frame is not None and frame.f_globals.get("__name__") in _RE_MODULES:
        frame = frame.f_back
    return frame is not None and pattern in frame.f_code.co_consts


def _kept_compile(table: KeptTable, original: Callable[..., Any]) -> Callable[..., Any]:
    def compile(p: Any, flags: int = 0) -> Any:
        if not isinstance(p, (str, bytes)) or flags & _compiler.SRE_FLAG_DEBUG:
            return original(p, flags)
        if not written_by_caller(p, sys._getframe(1)):
            return original(p, flags)  # made at run time: from data, or in a random order
        key = (p, int(flags))  # a RegexFlag is an int that marshal cannot write
        kept = table.get(key)
        if kept is not None:
            try:
                return _sre.compile(p, *kept)
            except (TypeError, ValueError, RuntimeError):
                pass  # not what this engine takes: compile it afresh
        args = compiled(p, flags)
        table.add(key, args)
        return _sre.compile(p, *args)

    return compile


_installed: tuple[KeptTable, Callable[..., Any]] | None = None


def install(path: Path | None = None) -> KeptTable | None:
    """Route `re`'s compiler through a table kept in `path` (by default in the user cache
    folder) for the rest of the process, or until `uninstall`; None where not supported."""
    global _installed
    if not SUPPORTED:
        return None
    if _installed is None:
        table = KeptTable("regex-code", path)
        _installed = (table, _compiler.compile)
        _compiler.compile = _kept_compile(table, _compiler.compile)
    return _installed[0]


def uninstall() -> None:
    """Give `re` its own compiler back (what was compiled is not saved)."""
    global _installed
    if _installed is not None:
        _compiler.compile = _installed[1]
        _installed = None


def save() -> None:
    """Keep what the installed table compiled (nothing if none is installed)."""
    if _installed is not None:
        _installed[0].save()
