"""Process-level speed switches that do not change any output.

(Compressing each page's stream as soon as it was finished saved 2 MB on a 5,400-card deck but
needed reportlab's private page list; it was removed: see docs/performance.md.)

Loading a large deck allocates hundreds of thousands of small containers (YAML nodes, marks,
records) that all stay alive until the build ends. Python's cyclic garbage collector runs every
few hundred allocations and each of its passes walks more of them, so loading grows faster than
the deck: 5,400 cards parsed and validated in 0.52 s with it and 0.31 s without (see
docs/performance.md). Reading data makes no garbage cycles worth collecting early, so the
collector is paused while kits load and resumes afterwards.

A build keeps what it imports, loads, validates and lays out until it ends, and the collector's
passes during the render would walk all of it again and again: the build pauses the collector
until its render starts, then freezes what exists (`gc.freeze`: the render's passes walk only
what the render makes) and gives it back when the build ends (docs/performance.md).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused(promote: bool = False, freeze: bool = False) -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (no-op if it is already off).

    With `promote`, what the block made is moved to the oldest generation when it ends, as
    if it had survived the collections it skipped, without the pass over all of it that the
    first collection afterwards would make (gc.freeze, then gc.unfreeze): for a block whose
    objects are kept, such as `check`'s models and measured designs.

    With `freeze`, every object alive when the block ends (without an exception: a failed
    block keeps nothing) is left out of the collector's passes (gc.freeze) until `gc_thawed`
    gives them back: for what a build keeps until it ends, which the passes of its render
    would otherwise walk again and again.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
        if freeze:
            gc.freeze()  # before the collector resumes, or its first pass walks them all
    finally:
        if promote:
            gc.freeze()
            gc.unfreeze()
        if was_enabled:
            gc.enable()


@contextlib.contextmanager
def gc_thawed() -> Iterator[None]:
    """At the end of the block, give every frozen object back to the collector (`gc.unfreeze`),
    so that nothing is kept from it beyond the block (`--watch` and `serve` build again)."""
    try:
        yield
    finally:
        gc.unfreeze()
