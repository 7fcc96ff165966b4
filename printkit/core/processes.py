"""Process lifetime for builds: a SIGTERM or SIGHUP to printkit ends the build the way Ctrl-C
does (temporaries removed, nothing written), and parallel workers end with their parent.

Linux asks the kernel to kill a worker when its parent dies (prctl PR_SET_PDEATHSIG), which
also covers a SIGKILL of the parent; elsewhere a thread in each worker watches the parent's
pid and ends the worker once it has gone.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

TERMINATING_SIGNALS: tuple[signal.Signals, ...] = tuple(
    s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s
)
PR_SET_PDEATHSIG = 1
PARENT_POLL_S = 0.5


class Terminated(BaseException):
    """Raised in the main thread when printkit receives SIGTERM or SIGHUP during a build."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


# The signal received, kept as well as raised: a signal that arrives while Python runs a
# callback whose exceptions are ignored (a fork handler, a finaliser) would otherwise be lost.
_received: list[int] = []


_owner: list[int] = []  # the process whose command unwinds on the signal


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    if _owner and os.getpid() != _owner[-1]:
        # a worker forked before it could set its own handlers: it ends at once and quietly
        # (its parent unwinds and reports), instead of printing a traceback of its start-up
        os._exit(128 + signum)
    _received.append(signum)
    raise Terminated(signum)


def check_terminated() -> None:
    """Raise Terminated if a SIGTERM or SIGHUP arrived (for code that waits in a loop)."""
    if _received:
        raise Terminated(_received[-1])


@contextlib.contextmanager
def terminate_as_exception() -> Iterator[None]:
    """Within: SIGTERM and SIGHUP raise Terminated, so the build unwinds and cleans up.
    Only the main thread can handle signals; elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _received.clear()
    _owner.append(os.getpid())
    previous = {s: signal.getsignal(s) for s in TERMINATING_SIGNALS}
    previous_hook = sys.unraisablehook
    for s, handler in previous.items():
        if handler is not signal.SIG_IGN:  # `nohup printkit build`: SIGHUP stays ignored
            signal.signal(s, _raise_terminated)
    sys.unraisablehook = _quiet_about_terminated(previous_hook)
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        sys.unraisablehook = previous_hook
        _owner.pop()


def _quiet_about_terminated(hook: Callable[[Any], object]) -> Callable[[Any], None]:
    """An unraisable-exception hook that says nothing of a swallowed Terminated (it was
    recorded, and check_terminated acts on it) and passes everything else on."""

    def quiet(unraisable: Any) -> None:
        if not isinstance(unraisable.exc_value, Terminated):
            hook(unraisable)

    return quiet


def die_with_parent(parent: int) -> None:
    """In a worker process: end this process when `parent` (the pid that started it) ends."""
    if sys.platform.startswith("linux") and _set_parent_death_signal():
        if os.getppid() != parent:  # the parent died before the request took effect
            os._exit(1)
        return
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _set_parent_death_signal() -> bool:
    # imported here, only when a worker process starts (ctypes: start-up of every command)
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_S)
    os._exit(1)
