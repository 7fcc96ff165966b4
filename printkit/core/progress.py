"""Progress of long work, for whoever shows it: loops tick, and a command may listen.

Simulations, exports and builds go through `ticking(items)`; the command line listens while a
command runs (`listening`) and draws a progress bar on a terminal. Without a listener a tick costs
one lookup, and nothing is printed: the work itself never writes to the terminal.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sized
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")
Listener = Callable[[str, int, int], None]  # (what, done, total)

_listener: ContextVar[Listener | None] = ContextVar("printkit_progress", default=None)


@contextlib.contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """While within, every `ticking` loop tells `listener` how far it has come."""
    token = _listener.set(listener)
    try:
        yield
    finally:
        _listener.reset(token)


def tell(what: str, done: int, total: int) -> None:
    """Tell the listener (if any) how far a job that is no loop of items has come."""
    listener = _listener.get()
    if listener is not None:
        listener(what, done, total)


def ticking(items: Iterable[T], what: str, total: int | None = None) -> Iterator[T]:
    """The items, telling the listener (if any) after each one: (what, done, total)."""
    listener = _listener.get()
    if listener is None:
        yield from items
        return
    count = total if total is not None else (len(items) if isinstance(items, Sized) else 0)
    for done, item in enumerate(items, start=1):
        yield item
        listener(what, done, count)
