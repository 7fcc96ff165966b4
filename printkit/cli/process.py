"""The `printkit` process: run the command line, then end the ordinary way.

Python's orderly exit runs what plug-ins registered with `atexit`, flushes and closes every
stream and file, and lets threads and child processes finish. Its one cost here is its last
garbage collection, which would walk everything a build leaves alive (records, layouts,
reportlab's pages and fonts, every imported module): the objects the command made are moved out
of the collector's reach first (`gc.freeze`), as the command line's modules are at import, which
makes the orderly exit cost about what ending without it did (docs/performance.md, "Ending the
process"). `main` itself never exits, so tests and programs that call it in-process keep their
interpreter.
"""

from __future__ import annotations

import gc
import sys
from typing import NoReturn

from printkit.cli.streams import make_output_safe

# the command line's modules live as long as the process: imported with the collector paused,
# then left out of its passes (gc.freeze), which would walk them again and again otherwise
gc.disable()
try:
    from printkit.cli.app import main  # noqa: E402
finally:
    gc.freeze()
    gc.enable()


def run() -> NoReturn:
    """The `printkit` command and `python -m printkit`."""
    make_output_safe()
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exit_status(exc.code)
    gc.freeze()  # what the command made lives to the end: the exit's collection skips it
    sys.exit(code)


def exit_status(code: object) -> int:
    """The status `sys.exit(code)` would give the process (a text is printed, and gives 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1
