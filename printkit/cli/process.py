"""The `printkit` process: run the command line, then leave without tearing Python down.

A build leaves hundreds of thousands of objects alive (records, layouts, reportlab's pages and
fonts, every imported module). Python's orderly shutdown frees them one by one and collects
garbage once more, which costs about 45 ms of CPU whatever the kit's size: a tenth of a
540-card build, a third of a no-op rebuild (docs/performance.md). Once the command has finished,
its files are committed and closed, and its output flushed, nothing of that teardown is needed,
so the process ends with `os._exit`, the way a forked child does.

The orderly exit is kept whenever something could still need it: a thread other than the main
one still running (the live preview's server and watcher), child processes of a pool, or
logging handlers to flush. `main` itself never exits this way, so tests and programs that call
it in-process keep their interpreter.
"""

from __future__ import annotations

import gc
import os
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
    if not teardown_needed():
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (BrokenPipeError, ValueError):
            pass  # the reader is gone, or a stream is closed: what Python's exit would find too
        else:
            os._exit(code)
    sys.exit(code)


def exit_status(code: object) -> int:
    """The status `sys.exit(code)` would give the process (a text is printed, and gives 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def teardown_needed() -> bool:
    """Whether anything still running could need Python's orderly shutdown."""
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return True
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is not None and multiprocessing.active_children():
        return True
    return "logging" in sys.modules and bool(sys.modules["logging"].root.handlers)
